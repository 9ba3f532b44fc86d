import DigraphCore
import DigraphRules

/// SARIF 2.1.0, for code-scanning dashboards: one run, every rule described with a stable id,
/// results with physical locations and notes as related locations.
public struct SARIFReporter: Reporter {
    let workingDirectory: String?

    /// URIs are relative to `workingDirectory` (absolute) when the file is inside it, else
    /// absolute `file://` URIs; with nil, paths are encoded as given.
    public init(workingDirectory: String? = nil) {
        self.workingDirectory = workingDirectory
    }

    public func render(_ report: Report) -> String {
        let rules = RuleCatalog.descriptions
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.code, $0.offset) })
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
                        (
                            "tool",
                            .object([
                                (
                                    "driver",
                                    .object([
                                        ("name", .string("digraph")),
                                        ("version", .string(DigraphProject.version)),
                                        ("informationUri", .string(DigraphProject.homepage)),
                                        (
                                            "rules",
                                            .array(
                                                rules.map { rule in
                                                    .object([
                                                        ("id", .string(rule.code.rawValue)),
                                                        ("shortDescription", .object([("text", .string(rule.summary))])),
                                                        ("fullDescription", .object([("text", .string(rule.rationale))])),
                                                        ("helpUri", .string(DigraphProject.helpURI(for: rule.code))),
                                                        ("help", .object([("text", .string(Self.help(rule)))])),
                                                        ("defaultConfiguration", .object([("level", .string(Self.level(rule.severity)))])),
                                                    ])
                                                })
                                        ),
                                    ])
                                )
                            ])
                        ),
                        (
                            "results",
                            .array(
                                report.diagnostics.map { diagnostic in
                                    var result: [(String, JSONValue)] = [
                                        ("ruleId", .string(diagnostic.code.rawValue)),
                                        ("ruleIndex", .int(ruleIndex[diagnostic.code] ?? 0)),
                                        ("level", .string(Self.level(diagnostic.severity))),
                                        ("message", .object([("text", .string(diagnostic.message))])),
                                        ("locations", .array([location(diagnostic.location, message: nil, id: nil)])),
                                    ]
                                    if !diagnostic.notes.isEmpty {
                                        result.append(
                                            (
                                                "relatedLocations",
                                                .array(
                                                    diagnostic.notes.enumerated().map {
                                                        location($0.element.location, message: $0.element.message, id: $0.offset)
                                                    })
                                            ))
                                    }
                                    return .object(result)
                                })
                        ),
                    ])
                ])
            ),
        ]).serialized()
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// What a code scanning page shows under "help": why the rule exists and how to silence one
    /// finding on purpose.
    static func help(_ rule: RuleDescription) -> String {
        rule.rationale
            + (rule.code == .schema
                ? ""
                : " To accept one finding, add `suppress: [\(rule.code.rawValue)]` (with a reason) to its registration or dependency in the manifest; to adopt the check on an existing app, write a baseline with `digraph check --write-baseline`.")
    }

    func location(_ location: SourceLocation, message: String?, id: Int?) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let id { members.append(("id", .int(id))) }
        members.append(
            (
                "physicalLocation",
                .object([
                    ("artifactLocation", .object([("uri", .string(artifactURI(location.file)))])),
                    ("region", .object([("startLine", .int(location.line)), ("startColumn", .int(location.column))])),
                ])
            ))
        if let message { members.append(("message", .object([("text", .string(message))]))) }
        return .object(members)
    }

    /// Relative to the working directory when the file is inside it (what code scanning expects
    /// from a checkout), else an absolute `file://` URI: never a bare absolute path.
    func artifactURI(_ path: String) -> String {
        guard let workingDirectory else { return Self.uri(path) }
        let absolute = PathSpelling.absolute(path, from: workingDirectory)
        let root = PathSpelling.absolute(workingDirectory, from: "/")
        if absolute.hasPrefix(root + "/") { return Self.uri(PathSpelling.relative(absolute, to: root)) }
        return "file://" + Self.uri(absolute)
    }

    /// A relative URI reference for the path: percent-encode what a URI cannot hold.
    static func uri(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let character = Character(UnicodeScalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || "-._~/".contains(character) {
                result.append(character)
            } else {
                let digits = String(byte, radix: 16, uppercase: true)
                result += "%" + (digits.count == 1 ? "0" : "") + digits
            }
        }
        return result
    }
}
