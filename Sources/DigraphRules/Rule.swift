import DigraphCore
import Foundation

/// One check over the linked graph. Each rule lives in its own file and documents itself with
/// examples that are also its tests (see `DigraphRulesTests`).
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(_ graph: DependencyGraph) -> [Diagnostic]
}

/// What a rule (or the schema check) is, for `--help`, SARIF rule metadata and the docs.
public struct RuleDescription: Sendable {
    public var code: DiagnosticCode
    public var severity: Severity
    /// One line, used as SARIF's shortDescription.
    public var summary: String
    /// Why it matters, used as SARIF's fullDescription.
    public var rationale: String
    /// Manifests that must produce exactly the listed diagnostics, rendered by `RuleExample.render`.
    public var triggering: [RuleExample]
    /// Manifests that must produce no diagnostic of any rule.
    public var nonTriggering: [String]
    /// The fix in Swift's words for a finding read from Swift: each manifest phrase of the rule's
    /// message (`make one edge \`lazy: true\``) with what to change in Swift instead.
    public var inSwift: [(manifest: String, swift: String)]

    public init(
        code: DiagnosticCode, severity: Severity, summary: String, rationale: String,
        triggering: [RuleExample] = [], nonTriggering: [String] = [], inSwift: [(manifest: String, swift: String)] = []
    ) {
        self.code = code
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.inSwift = inSwift
    }
}

public struct RuleExample: Sendable {
    public var manifest: String
    public var expected: [String]

    public init(_ manifest: String, expect expected: [String]) {
        self.manifest = manifest
        self.expected = expected
    }

    /// The compact form examples are written in: `line:column: severity: message [code]`, then one
    /// indented `line:column: note: message` per note.
    public static func render(_ diagnostic: Diagnostic) -> String {
        var text = "\(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]"
        for note in diagnostic.notes {
            text += "\n  \(note.location.line):\(note.location.column): note: \(note.message)"
        }
        return text
    }
}

/// Every rule, in a fixed order, and the checker that runs them.
public enum RuleCatalog {
    public static let rules: [any Rule.Type] = [
        MissingBindingRule.self,
        CycleRule.self,
        DuplicateRegistrationRule.self,
        CompositionKeyRule.self,
        KeyCollisionRule.self,
        CaptiveDependencyRule.self,
        LayerViolationRule.self,
        UnknownModuleRule.self,
        ArgumentMismatchRule.self,
        UnusedRegistrationRule.self,
        RegistrationOrderRule.self,
        IsolationMismatchRule.self,
    ]

    /// The schema check is done by the loader, but it is a code users see and SARIF lists.
    public static let schema = RuleDescription(
        code: .schema, severity: .error,
        summary: "The file is not a valid manifest.",
        rationale:
            "A parse error, a wrong type, an unknown or missing field, an unsupported version or an invalid type expression. Nothing else is checked until every file is a valid manifest, and the exit code is 2."
    )

    /// Swift sources are read by the importer; what it cannot read is reported under this code.
    public static let swiftImport = RuleDescription(
        code: .swiftImport, severity: .warning,
        summary: "Part of the Swift sources could not be read into the manifest.",
        rationale:
            "`digraph import`, and `check`, `render` and `gen-swift` given Swift sources, read registrations and resolves from Swinject assemblies and hand-rolled containers. A factory built by a helper function, a resolve whose type is not a literal `X.self`, a parameter given a literal, or a file that does not parse is reported here with its location, and the registration is still imported with every resolve found. A path that cannot be read is an error (exit 2). See docs/import.md."
    )

    public static var descriptions: [RuleDescription] { [schema] + rules.map { $0.description } + [swiftImport] }

    public static func description(of code: DiagnosticCode) -> RuleDescription? {
        descriptions.first { $0.code == code }
    }

    /// A finding about Swift sources says what to change in Swift: its rule's manifest phrases
    /// replaced with their Swift wording (`RuleDescription.inSwift`). Other findings are kept.
    public static func inSwiftWords(_ finding: Diagnostic) -> Diagnostic {
        guard finding.location.file.hasSuffix(".swift"), let rule = description(of: finding.code), !rule.inSwift.isEmpty else { return finding }
        var worded = finding
        for (manifest, swift) in rule.inSwift {
            worded.message = worded.message.replacingOccurrences(of: manifest, with: swift)
            for index in worded.notes.indices { worded.notes[index].message = worded.notes[index].message.replacingOccurrences(of: manifest, with: swift) }
        }
        return worded
    }

    /// Runs every rule and returns the findings in report order. The rules only read the graph,
    /// so they run side by side.
    public static func check(_ graph: DependencyGraph) -> [Diagnostic] {
        Array(Parallel.map(count: rules.count) { rules[$0].init().check(graph) }.joined()).sortedForReport()
    }
}
