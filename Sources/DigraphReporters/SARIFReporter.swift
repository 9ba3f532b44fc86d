import DigraphCore
import DigraphRules

/// SARIF 2.1.0, for code-scanning dashboards: one run, every rule described with a stable id,
/// results with physical locations and notes as related locations.
public struct SARIFReporter: Reporter {
    public init() {}

    public func render(_ report: Report) -> String {
        let rules = RuleCatalog.descriptions
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.code, $0.offset) })
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("digraph")),
                    ("rules", .array(rules.map { rule in
                        .object([
                            ("id", .string(rule.code.rawValue)),
                            ("shortDescription", .object([("text", .string(rule.summary))])),
                            ("fullDescription", .object([("text", .string(rule.rationale))])),
                            ("defaultConfiguration", .object([("level", .string(Self.level(rule.severity)))])),
                        ])
                    })),
                ]))])),
                ("results", .array(report.diagnostics.map { diagnostic in
                    var result: [(String, JSONValue)] = [
                        ("ruleId", .string(diagnostic.code.rawValue)),
                        ("ruleIndex", .int(ruleIndex[diagnostic.code] ?? 0)),
                        ("level", .string(Self.level(diagnostic.severity))),
                        ("message", .object([("text", .string(diagnostic.message))])),
                        ("locations", .array([Self.location(diagnostic.location, message: nil, id: nil)])),
                    ]
                    if !diagnostic.notes.isEmpty {
                        result.append(("relatedLocations", .array(diagnostic.notes.enumerated().map {
                            Self.location($0.element.location, message: $0.element.message, id: $0.offset)
                        })))
                    }
                    return .object(result)
                })),
            ])])),
        ]).serialized()
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    static func location(_ location: SourceLocation, message: String?, id: Int?) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let id { members.append(("id", .int(id))) }
        members.append(("physicalLocation", .object([
            ("artifactLocation", .object([("uri", .string(uri(location.file)))])),
            ("region", .object([("startLine", .int(location.line)), ("startColumn", .int(location.column))])),
        ])))
        if let message { members.append(("message", .object([("text", .string(message))]))) }
        return .object(members)
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
