import DigraphCore

/// An RFC 8259 JSON reader that keeps key order and the location of every value.
///
/// Written by hand because the parsers at hand either lose key order (Foundation) or, read through
/// libyaml, reject valid JSON (surrogate-pair escapes, keys over 1,024 characters).
public struct JSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var position = 0
    private var line = 1
    private var column = 1

    /// Reads one JSON document. The bytes must already be valid UTF-8 (see `ManifestLoader`).
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(DocumentError) -> DocumentNode {
        var reader = JSONReader(bytes: bytes, file: file)
        reader.skipByteOrderMark()
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else {
            throw reader.error("unexpected \(reader.describeCurrent()) after the end of the JSON document")
        }
        return value
    }

    private var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    private func error(_ message: String) -> DocumentError {
        DocumentError("invalid JSON: " + message, at: location)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return "byte 0x" + hex(byte, width: 2)
    }

    private mutating func advance() {
        let byte = bytes[position]
        position += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    private var values = 0

    private mutating func readValue(depth: Int) throws(DocumentError) -> DocumentNode {
        guard depth < DocumentLimits.maximumDepth else {
            throw DocumentError("the document nests deeper than \(DocumentLimits.maximumDepth) levels; a manifest needs only a few", at: location)
        }
        values += 1
        guard values <= DocumentLimits.maximumValues else { throw DocumentLimits.tooMany(at: location) }
        let start = location
        switch current {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return DocumentNode(.scalar(.string(try readString())), at: start)
        case UInt8(ascii: "t"): try readLiteral("true"); return DocumentNode(.scalar(.bool(true)), at: start)
        case UInt8(ascii: "f"): try readLiteral("false"); return DocumentNode(.scalar(.bool(false)), at: start)
        case UInt8(ascii: "n"): try readLiteral("null"); return DocumentNode(.scalar(.null), at: start)
        case UInt8(ascii: "-"), .some(UInt8(ascii: "0")...UInt8(ascii: "9")): return DocumentNode(.scalar(.number(try readNumber())), at: start)
        case nil: throw error("unexpected end of file; expected a value")
        default: throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func readObject(depth: Int) throws(DocumentError) -> DocumentNode {
        let start = location
        advance()
        var entries: [DocumentNode.Entry] = []
        // Duplicate keys: a manifest's objects have a handful of keys, so a scan of those read so far
        // beats a dictionary per object; an object with many keys gets one.
        var keyIndex: [String: Int] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            return DocumentNode(.mapping(entries), at: start)
        }
        var comma: SourceLocation?
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "}"), let comma { throw trailingComma(at: comma, before: "}") }
            guard current == UInt8(ascii: "\"") else { throw error("unexpected \(describeCurrent()); expected a key in double quotes") }
            let keyLocation = location
            let key = try readString()
            let earlier: Int?
            if entries.count < 16 {
                earlier = entries.firstIndex { $0.key.value == key }
            } else {
                if keyIndex.isEmpty { for (index, entry) in entries.enumerated() { keyIndex[entry.key.value] = index } }
                earlier = keyIndex[key]
                keyIndex[key] = entries.count
            }
            if let earlier {
                throw DocumentError(
                    "duplicate key \(quoted(key)) in the same object", at: keyLocation,
                    notes: [Note("\(quoted(key)) first appears here", at: entries[earlier].key.location)])
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("unexpected \(describeCurrent()); expected ':' after the key") }
            advance()
            skipWhitespace()
            let value = try readValue(depth: depth + 1)
            entries.append(.init(key: Located(key, at: keyLocation), value: value))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): comma = location; advance()
            case UInt8(ascii: "}"): advance(); return DocumentNode(.mapping(entries), at: start)
            default: throw error("unexpected \(describeCurrent()); expected ',' or '}'")
            }
        }
    }

    private mutating func readArray(depth: Int) throws(DocumentError) -> DocumentNode {
        let start = location
        advance()
        if depth <= 1, bytes.count - position > Self.sliceThreshold, let list = readListInSlices(depth: depth, start: start) { return list }
        var elements: [DocumentNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            return DocumentNode(.sequence(elements), at: start)
        }
        var comma: SourceLocation?
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]"), let comma { throw trailingComma(at: comma, before: "]") }
            elements.append(try readValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): comma = location; advance()
            case UInt8(ascii: "]"): advance(); return DocumentNode(.sequence(elements), at: start)
            default: throw error("unexpected \(describeCurrent()); expected ',' or ']'")
            }
        }
    }

    /// Lists of more than this many bytes at the top of a document are read in slices.
    static let sliceThreshold = 1 << 20

    /// A big list (a manifest's registrations) is read in slices side by side. One pass over its
    /// bytes finds where its elements start (outside strings, at the list's own level), counting
    /// lines and columns as `advance` does; a reader of its own reads each slice of elements from
    /// there. The result is the node the one-piece reader makes. Anything unusual (a problem in a
    /// slice, an empty element, a trailing comma, too many values) returns nil, and the list is read
    /// again in one piece, so every problem is reported exactly as that reader reports it.
    private mutating func readListInSlices(depth: Int, start: SourceLocation) -> DocumentNode? {
        typealias Mark = (position: Int, line: Int, column: Int)
        var starts: [Mark] = []
        var end: Mark?
        var scan: Mark = (position, line, column)
        var level = 0, inString = false, escaped = false, expectingElement = true
        scanning: while scan.position < bytes.count {
            let byte = bytes[scan.position]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else {
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D: break
                case UInt8(ascii: ","):
                    if level == 0 {
                        guard !expectingElement else { return nil }
                        expectingElement = true
                    }
                case UInt8(ascii: "]") where level == 0:
                    guard !expectingElement else { return nil }
                    end = scan
                    break scanning
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    guard level > 0 else { return nil }
                    level -= 1
                default:
                    if level == 0 {
                        // Each element is at least one value: past the limit, the one-piece reader says where.
                        guard expectingElement, values + starts.count < DocumentLimits.maximumValues else { return nil }
                        starts.append(scan)
                        expectingElement = false
                    }
                    if byte == UInt8(ascii: "\"") { inString = true }
                    if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { level += 1 }
                }
            }
            scan.position += 1
            if byte == 0x0A {
                scan.line += 1
                scan.column = 1
            } else if byte & 0xC0 != 0x80 {
                scan.column += 1
            }
        }
        guard let end, starts.count > 1 else { return nil }
        let perSlice = 4096
        let shared = SharedBytes(bytes: bytes)
        let file = file, marks = starts
        let slices = Parallel.map(slicesOf: marks.count, size: perSlice) { range -> (elements: [DocumentNode], values: Int)? in
            var reader = JSONReader(bytes: shared.bytes, file: file)
            var elements: [DocumentNode] = []
            elements.reserveCapacity(range.count)
            for index in range {
                (reader.position, reader.line, reader.column) = marks[index]
                guard let element = try? reader.readValue(depth: depth + 1) else { return nil }
                elements.append(element)
                reader.skipWhitespace()
                // What follows must be the comma the scan saw, or the list's end after the last element.
                let next = index + 1 < marks.count ? UInt8(ascii: ",") : UInt8(ascii: "]")
                guard reader.current == next, index + 1 < marks.count || reader.position == end.position else { return nil }
            }
            return (elements, reader.values)
        }
        var elements: [DocumentNode] = []
        elements.reserveCapacity(starts.count)
        var values = self.values
        for slice in slices {
            guard let slice else { return nil }
            elements += slice.elements
            values += slice.values
        }
        guard values <= DocumentLimits.maximumValues else { return nil }
        self.values = values
        (position, line, column) = end
        advance()
        return DocumentNode(.sequence(elements), at: start)
    }

    /// The document's bytes, handed to the threads reading its slices while the caller keeps them alive.
    private struct SharedBytes: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
    }

    /// JSON allows no comma after the last element (JavaScript and Swift do, which is why it is common).
    private func trailingComma(at comma: SourceLocation, before closing: String) -> DocumentError {
        DocumentError("invalid JSON: a trailing comma before '\(closing)'; JSON allows none after the last element: remove this ','", at: comma)
    }

    private mutating func readLiteral(_ word: String) throws(DocumentError) {
        let start = location
        for expected in word.utf8 {
            guard current == expected else {
                throw DocumentError("invalid JSON: unexpected \(describeCurrent()); expected '\(word)'", at: start)
            }
            advance()
        }
    }

    private mutating func readNumber() throws(DocumentError) -> String {
        let startPosition = position
        func digits(_ reader: inout JSONReader) -> Int {
            var count = 0
            while let byte = reader.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { reader.advance(); count += 1 }
            return count
        }
        if current == UInt8(ascii: "-") { advance() }
        if current == UInt8(ascii: "0") {
            advance()
            if let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { throw error("a number may not have a leading zero") }
        } else if digits(&self) == 0 {
            throw error("unexpected \(describeCurrent()); expected a digit")
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard digits(&self) > 0 else { throw error("unexpected \(describeCurrent()); expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard digits(&self) > 0 else { throw error("unexpected \(describeCurrent()); expected a digit in the exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[startPosition..<position]), as: UTF8.self)
    }

    private mutating func readString() throws(DocumentError) -> String {
        advance()  // opening quote
        // Most strings have no escape: scan to the closing quote and make the string in one step.
        // A string holds no newline (control characters must be escaped), so only the column moves.
        var end = position
        var scalarsSeen = 0
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
                position = end + 1
                column += scalarsSeen + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            if byte & 0xC0 != 0x80 { scalarsSeen += 1 }
            end += 1
        }
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flushRun(_ reader: JSONReader, into scalars: inout String.UnicodeScalarView) {
            if runStart < reader.position {
                scalars.append(
                    contentsOf: String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[runStart..<reader.position]), as: UTF8.self).unicodeScalars)
            }
        }
        while true {
            guard let byte = current else { throw error("unterminated string; expected a closing '\"'") }
            switch byte {
            case UInt8(ascii: "\""):
                flushRun(self, into: &scalars)
                advance()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flushRun(self, into: &scalars)
                scalars.append(try readEscape())
                runStart = position
            case 0x00..<0x20:
                throw error("a control character (U+\(hex(byte, width: 4))) must be escaped inside a string")
            default:
                advance()
            }
        }
    }

    private mutating func readEscape() throws(DocumentError) -> Unicode.Scalar {
        let escapeLocation = location
        advance()  // backslash
        guard let byte = current else { throw error("unterminated escape sequence") }
        advance()
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try readHex4()
            if (0xD800...0xDBFF).contains(first) {
                // A high surrogate must be followed by an escaped low surrogate (RFC 8259, section 7).
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw DocumentError("invalid JSON: unpaired surrogate \\u\(hex(first, width: 4)) in a string", at: escapeLocation)
                }
                advance(); advance()
                let second = try readHex4()
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw DocumentError("invalid JSON: unpaired surrogate \\u\(hex(first, width: 4)) in a string", at: escapeLocation)
                }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(first) else {
                throw DocumentError("invalid JSON: unpaired surrogate \\u\(hex(first, width: 4)) in a string", at: escapeLocation)
            }
            return scalar
        default:
            throw DocumentError("invalid JSON: unknown escape sequence '\\\(Character(UnicodeScalar(byte)))'", at: escapeLocation)
        }
    }

    private mutating func readHex4() throws(DocumentError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error("unterminated \\u escape") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("\\u must be followed by four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            advance()
        }
        return value
    }
}
