import DigraphCore

/// A parsed JSON or YAML document with a location on every node: the one tree both readers produce,
/// so that the manifest decoder (and its error messages) is the same for both formats.
public struct DocumentNode: Sendable {
    public enum Scalar: Equatable, Sendable {
        case string(String)
        /// A number, kept as written (JSON and YAML integers may exceed `Int`).
        case number(String)
        case bool(Bool)
        case null
    }

    public struct Entry: Sendable {
        public var key: Located<String>
        public var value: DocumentNode
    }

    public enum Kind: Sendable {
        case scalar(Scalar)
        /// Entries in document order: key order is significant (it is the initializer's parameter order).
        case mapping([Entry])
        case sequence([DocumentNode])
    }

    public var kind: Kind
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// How the node is named in "expected X, found Y" messages.
    public var kindDescription: String {
        switch kind {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar(.string): "a string"
        case .scalar(.number): "a number"
        case .scalar(.bool): "a boolean"
        case .scalar(.null): "null"
        }
    }
}

/// A document that could not be read at all, located where the reader gave up.
public struct DocumentError: Error, Equatable, Sendable {
    public var message: String
    public var location: SourceLocation
    public var notes: [Note]

    public init(_ message: String, at location: SourceLocation, notes: [Note] = []) {
        self.message = message
        self.location = location
        self.notes = notes
    }
}

/// Limits shared by both readers: a manifest is a few levels deep, so anything deeper is hostile.
enum DocumentLimits {
    static let maximumDepth = 64
    /// Values (scalars, lists, mappings) in one document: a 100,000-registration manifest has about
    /// a million; each costs about 100 bytes held, so this bounds a document at a few hundred MB.
    static let maximumValues = 4_000_000

    static func tooMany(at location: SourceLocation) -> DocumentError {
        DocumentError(
            "the document holds more than \(maximumValues) values, far more than a manifest needs (100,000 registrations have about a million); split it into several files",
            at: location)
    }
}

enum UTF8Validation {
    /// The byte offset of the first byte that is not part of well-formed UTF-8, or nil.
    static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var minimum: UInt32
            var value: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(lead & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(lead & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(lead & 0x07)
            default: return index
            }
            guard index + length <= count else { return index }
            for offset in 1..<length {
                let next = bytes[index + offset]
                guard next & 0xC0 == 0x80 else { return index }
                value = value << 6 | UInt32(next & 0x3F)
            }
            if value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return index }
            index += length
        }
        return nil
    }

    /// Line and column (in Unicode scalars, as libyaml counts) of a byte offset.
    static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for index in 0..<min(offset, bytes.count) {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}

/// Upper-case hexadecimal, zero-padded: `hex(0x1F, width: 4)` is "001F".
func hex(_ value: some BinaryInteger, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
