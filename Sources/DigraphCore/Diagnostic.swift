public enum Severity: String, Sendable, Comparable, CaseIterable {
    case error, warning, info

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .info: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// The stable identifier of a kind of problem. These strings are part of the public contract:
/// CI configurations ignore them by name and SARIF uses them as rule ids.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let schema = DiagnosticCode(rawValue: "schema")
    public static let missingBinding = DiagnosticCode(rawValue: "missing-binding")
    public static let cycle = DiagnosticCode(rawValue: "cycle")
    public static let duplicateRegistration = DiagnosticCode(rawValue: "duplicate-registration")
    public static let compositionKey = DiagnosticCode(rawValue: "composition-key")
    public static let keyCollision = DiagnosticCode(rawValue: "key-collision")
    public static let captiveDependency = DiagnosticCode(rawValue: "captive-dependency")
    public static let layerViolation = DiagnosticCode(rawValue: "layer-violation")
    public static let unknownModule = DiagnosticCode(rawValue: "unknown-module")
    public static let argumentMismatch = DiagnosticCode(rawValue: "argument-mismatch")
    public static let unusedRegistration = DiagnosticCode(rawValue: "unused-registration")
    public static let registrationOrder = DiagnosticCode(rawValue: "registration-order")
    public static let isolationMismatch = DiagnosticCode(rawValue: "isolation-mismatch")
    /// Swift sources the importer could not fully read (a factory built by a helper, a file that does not parse).
    public static let swiftImport = DiagnosticCode(rawValue: "swift-import")

    public var description: String { rawValue }

    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Every code, in the contract's order.
    public static let all: [DiagnosticCode] = [
        .schema, .missingBinding, .cycle, .duplicateRegistration, .compositionKey, .keyCollision,
        .captiveDependency, .layerViolation, .unknownModule, .argumentMismatch, .unusedRegistration, .registrationOrder,
        .isolationMismatch, .swiftImport,
    ]
}

/// `suppress:` on a registration or a dependency: findings of `code` there are not reported.
public struct Suppression: Hashable, Sendable {
    public var code: Located<DiagnosticCode>
    public var reason: String?
    /// Made by the importer from what the compiler already checks (a Factory parameter), not
    /// written by anyone: an unused one is nobody's to remove, so it is never reported.
    public var isImplied: Bool

    public init(code: Located<DiagnosticCode>, reason: String? = nil, isImplied: Bool = false) {
        self.code = code
        self.reason = reason
        self.isImplied = isImplied
    }
}

/// A secondary location that explains a diagnostic (another use, an edge of a cycle, an earlier declaration).
public struct Note: Hashable, Sendable {
    public var message: String
    public var location: SourceLocation

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }
}

/// One finding. Diagnostics are values collected by each stage, never thrown.
public struct Diagnostic: Hashable, Sendable, Error {
    public var code: DiagnosticCode
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    public var notes: [Note]
    /// What the finding is about (see `Subject`); nil for schema problems.
    public var subject: Subject?

    public init(
        _ code: DiagnosticCode, _ severity: Severity, _ message: String,
        at location: SourceLocation, notes: [Note] = [], subject: Subject? = nil
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
        self.subject = subject
    }

    public static func schema(_ message: String, at location: SourceLocation, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.schema, .error, message, at: location, notes: notes)
    }
}

extension Diagnostic {
    /// The report order of the contract: file, line, column, code (then message, for a total order).
    public static func reportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        return lhs.message < rhs.message
    }
}

extension Array where Element == Diagnostic {
    public func sortedForReport() -> [Diagnostic] { sorted(by: Diagnostic.reportOrder) }

    public func count(of severity: Severity) -> Int { lazy.filter { $0.severity == severity }.count }
}
