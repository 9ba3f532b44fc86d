/// Escaping for the two kinds of DOT strings digraph writes. Every manifest string that reaches
/// DOT goes through one of these, so no name can close a label or add an attribute.
public enum DOTText {
    /// Inside an HTML-like label (`<...>`): the XML entities (also right for HTML text and attributes).
    public static func html(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                if character.isNewline { result += " " } else { result.append(character) }
            }
        }
        return inertInLog(result)
    }

    /// `##[` anywhere in a line is the GitHub runner's legacy command form, and DOT written to
    /// standard output lands in a CI log: its `#` is written as the entity `&#35;`, which Graphviz
    /// (labels, SVG tooltips) and HTML show as `#`.
    static func inertInLog(_ text: String) -> String {
        text.contains("##[") ? text.replacing("##[", with: "#&#35;[") : text
    }

    /// Inside a double-quoted DOT string.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if character.isNewline { result += "\\n" } else { result.append(character) }
            }
        }
        return inertInLog(result) + "\""
    }
}
