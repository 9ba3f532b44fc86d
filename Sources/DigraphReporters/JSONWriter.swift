import DigraphCore

/// A JSON value with ordered objects, printed deterministically (two-space indent, keys in the
/// order given), so that reports can be compared byte for byte.
public indirect enum JSONValue: Equatable, Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }

    public func serialized() -> String {
        var output = ""
        write(to: &output, indent: "")
        return output + "\n"
    }

    private func write(to output: inout String, indent: String) {
        switch self {
        case .string(let text): output += JSONValue.quote(text)
        case .int(let value): output += String(value)
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += indent + "  "
                element.write(to: &output, indent: indent + "  ")
                output += index < elements.count - 1 ? ",\n" : "\n"
            }
            output += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += indent + "  " + JSONValue.quote(key) + ": "
                value.write(to: &output, indent: indent + "  ")
                output += index < members.count - 1 ? ",\n" : "\n"
            }
            output += indent + "}"
        }
    }

    static func quote(_ text: String) -> String { jsonString(text) }
}
