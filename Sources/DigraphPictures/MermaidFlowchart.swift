/// Writes a Mermaid `flowchart`. Ids come from the caller and are generated (`r12`, `n3`), never
/// taken from a manifest; every label is quoted and entity-escaped, so no key can end a label or
/// start a directive.
public final class MermaidFlowchart {
    public enum Shape: Sendable {
        /// `["…"]`
        case box
        /// `("…")`
        case rounded
        /// `[["…"]]`: a double border (roots)
        case subroutine
        /// `[/"…"/]`: a value handed in (supplied)
        case parallelogram
    }

    private let direction: String
    private var lines: [String] = []
    private var indent = "  "
    private var classDefinitions: [(name: String, style: String)] = []
    private var classMembers: [String: [String]] = [:]
    private var linkStyles: [(style: String, indices: [Int])] = []
    private var namedIDs: [String: String] = [:]
    /// Edges written so far; Mermaid numbers them in this order for `linkStyle`.
    public private(set) var edgeCount = 0

    /// `direction`: TB or LR.
    public init(direction: String) {
        self.direction = direction
    }

    /// A style class (`classDef`), written only if some node uses it; `default` applies to every node.
    public func defineClass(_ name: String, style: String) {
        classDefinitions.append((name, style))
    }

    private var subgraphStyles: [(id: String, style: String)] = []

    /// A generated id for a name (`n0`, `n1`…), the same each time the name is asked for.
    public func id(for name: String) -> String {
        if let id = namedIDs[name] { return id }
        let id = "n\(namedIDs.count)"
        namedIDs[name] = id
        return id
    }

    /// A node whose label is `lines`, one per line.
    public func node(_ id: String, lines labelLines: [String], shape: Shape = .box, classes: [String] = []) {
        let label = "\"" + labelLines.map(Self.label).joined(separator: "<br/>") + "\""
        let drawn =
            switch shape {
            case .box: "[\(label)]"
            case .rounded: "(\(label))"
            case .subroutine: "[[\(label)]]"
            case .parallelogram: "[/\(label)/]"
            }
        lines.append(indent + id + drawn)
        for name in classes { classMembers[name, default: []].append(id) }
    }

    /// A cluster holding the nodes written by `body`.
    public func subgraph(_ id: String, title: String, style: String? = nil, body: () -> Void) {
        if let style { subgraphStyles.append((id, style)) }
        lines.append(indent + "subgraph \(id)[\"\(Self.label(title))\"]")
        let outer = indent
        indent += "  "
        body()
        indent = outer
        lines.append(indent + "end")
    }

    /// An edge, dashed or solid; `style` (CSS for the line, e.g. `stroke:#d62728`) groups it in a `linkStyle`.
    public func edge(from: String, to: String, label: String?, dashed: Bool = false, style: String? = nil) {
        let arrow = dashed ? "-.->" : "-->"
        let text = label.flatMap { $0.isEmpty ? nil : "|\"\(Self.label($0))\"|" } ?? ""
        lines.append(indent + "\(from) \(arrow)\(text) \(to)")
        if let style {
            if let group = linkStyles.firstIndex(where: { $0.style == style }) {
                linkStyles[group].indices.append(edgeCount)
            } else {
                linkStyles.append((style, [edgeCount]))
            }
        }
        edgeCount += 1
    }

    public func text() -> String {
        var out = "flowchart \(direction)\n" + lines.map { $0 + "\n" }.joined()
        for (name, style) in classDefinitions where classMembers[name] != nil || name == "default" {
            out += "  classDef \(name) \(style)\n"
        }
        for (name, _) in classDefinitions {
            if let members = classMembers[name] { out += "  class \(members.joined(separator: ",")) \(name)\n" }
        }
        for (id, style) in subgraphStyles { out += "  style \(id) \(style)\n" }
        for (style, indices) in linkStyles {
            out += "  linkStyle \(indices.map(String.init).joined(separator: ",")) \(style)\n"
        }
        return out
    }

    /// Inside quotes Mermaid reads entities: `#quot;` for a quote, `#lt;`/`#gt;` for angle
    /// brackets, `#35;` for `#`; everything else that is not plain printable ASCII as `#NNN;`.
    static func label(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "#": out += "#35;"
            case "&": out += "#amp;"
            case _ where scalar.value >= 0x20 && scalar.value < 0x7F: out.unicodeScalars.append(scalar)
            default: out += "#\(scalar.value);"
            }
        }
        return out
    }
}
