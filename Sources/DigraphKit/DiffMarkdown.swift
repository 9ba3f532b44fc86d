import DigraphReporters

extension DiffReport {
    /// For `$GITHUB_STEP_SUMMARY` or a pull-request comment: the headline, a Mermaid picture of
    /// the changed neighbourhood (within Mermaid's limits, else a sentence saying why it is left
    /// out), and tables of the changes and findings; kept under GitHub's comment limit.
    public func markdown() -> String {
        var sections = ["### digraph diff\n\n" + Self.cell(headline.prefix(1).uppercased() + headline.dropFirst()) + ".\n"]
        guard !diff.isEmpty else { return sections[0] }
        let picture = mermaidNeighbourhood()
        sections.append(picture.text ?? "_\(picture.omission ?? "")_\n")
        var tables: [String] = []
        var rows: [String] = []
        rows += diff.addedRegistrations.map { "| added | \(Self.cell($0.key)) | \(Self.cell($0.name ?? "")) | |" }
        rows += diff.removedRegistrations.map { "| removed | \(Self.cell($0.key)) | \(Self.cell($0.name ?? "")) | |" }
        rows += diff.changed.map { "| changed | \(Self.cell($0.registration.key)) | \(Self.cell($0.registration.name ?? "")) | \($0.field): \(Self.cell($0.old ?? "(none)")) → \(Self.cell($0.new ?? "(none)")) |" }
        if !rows.isEmpty { tables.append("#### Registrations\n\n|  | key | name | change |\n|---|---|---|---|\n" + rows.joined(separator: "\n") + "\n") }
        rows = diff.addedEdges.map { "| added | \(Self.cell($0.from)) | \(Self.cell($0.label)) | \(Self.cell($0.to)) |" }
            + diff.removedEdges.map { "| removed | \(Self.cell($0.from)) | \(Self.cell($0.label)) | \(Self.cell($0.to)) |" }
        if !rows.isEmpty { tables.append("#### Edges\n\n|  | from | label | to |\n|---|---|---|---|\n" + rows.joined(separator: "\n") + "\n") }
        for (title, findings) in [("New findings", diff.newFindings), ("Fixed findings", diff.fixedFindings)] where !findings.isEmpty {
            let rows = Self.sorted(findings).map { finding in
                "| \(finding.severity.rawValue) | \(Self.cell(finding.code.rawValue)) | \(Self.cell("\(finding.location.file):\(finding.location.line):\(finding.location.column)")) | \(Self.cell(finding.message)) |"
            }
            tables.append("#### \(title)\n\n| severity | code | where | message |\n|---|---|---|---|\n" + rows.joined(separator: "\n") + "\n")
        }
        var text = (sections + tables).joined(separator: "\n")
        if text.count > Self.commentMaximumCharacters, picture.text != nil {
            sections[1] = "_The picture is left out: with it this summary is longer than a GitHub comment may be (\(Self.commentMaximumCharacters) characters)._\n"
            text = (sections + tables).joined(separator: "\n")
        }
        if text.count > Self.commentMaximumCharacters {
            let note = "\n_… cut at GitHub's comment limit (\(Self.commentMaximumCharacters) characters): `digraph diff --format text` lists every change._\n"
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var length = text.count
            while length + note.count > Self.commentMaximumCharacters, let last = lines.popLast() { length -= last.count + 1 }
            text = lines.joined(separator: "\n") + note
        }
        return text
    }

    /// A table cell or a sentence: Markdown and HTML characters escaped, one line.
    static func cell<S: StringProtocol>(_ text: S) -> String {
        var escaped = ""
        for character in PrintableText.escape(String(text)) {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "|", "\\", "`", "*", "_", "[", "]", "#", "~": escaped += "\\" + String(character)
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// The changed nodes and one hop around them, in both graphs: added in green, removed in red
    /// and dashed, changed in amber; edges likewise. nil text with the reason when over Mermaid's limits.
    func mermaidNeighbourhood() -> (text: String?, omission: String?) {
        var changedIDs = Set(diff.addedRegistrations.map(\.description) + diff.removedRegistrations.map(\.description)
            + diff.changed.map(\.registration.description))
        for edge in diff.addedEdges + diff.removedEdges { changedIDs.insert(edge.from); changedIDs.insert(edge.to) }
        var included = changedIDs
        let allEdges = GraphDiff.edges(of: base).union(GraphDiff.edges(of: head))
        for edge in allEdges where changedIDs.contains(edge.from) || changedIDs.contains(edge.to) {
            included.insert(edge.from)
            included.insert(edge.to)
        }
        let edges = allEdges.filter { included.contains($0.from) && included.contains($0.to) }.sorted()
        guard edges.count <= Self.mermaidMaximumEdges else {
            return (nil, "The picture is left out: the changed neighbourhood has \(edges.count) edges, more than Mermaid draws (\(Self.mermaidMaximumEdges)). `digraph render --focus KEY` draws part of it.")
        }
        let diagram = MermaidFlowchart(direction: "LR")
        let added = Set(diff.addedRegistrations.map(\.description)), removed = Set(diff.removedRegistrations.map(\.description))
        let changed = Set(diff.changed.map(\.registration.description))
        for node in included.sorted() {
            diagram.node(node, style: added.contains(node) ? .added : removed.contains(node) ? .removed : changed.contains(node) ? .changed : nil)
        }
        let addedEdges = Set(diff.addedEdges), removedEdges = Set(diff.removedEdges)
        for edge in edges {
            diagram.edge(from: edge.from, to: edge.to, label: edge.label,
                         style: addedEdges.contains(edge) ? .added : removedEdges.contains(edge) ? .removed : nil)
        }
        let text = "```mermaid\n" + diagram.text() + "```\n"
        guard text.count <= Self.mermaidMaximumCharacters else {
            return (nil, "The picture is left out: its Mermaid text would have \(text.count) characters, more than Mermaid reads (\(Self.mermaidMaximumCharacters)). `digraph render --focus KEY` draws part of it.")
        }
        return (text, nil)
    }
}

/// A Mermaid `flowchart` with safe ids (`n0`, `n1`…) and quoted, entity-escaped labels, so no key
/// can end a label or start a directive.
final class MermaidFlowchart {
    enum Style: String {
        case added, removed, changed
    }

    private let direction: String
    private var ids: [String: String] = [:]
    private var lines: [String] = []
    private var classes: [Style: [String]] = [:]
    private var linkStyles: [Style: [Int]] = [:]
    private var edgeCount = 0

    init(direction: String) {
        self.direction = direction
    }

    func node(_ name: String, style: Style?) {
        let id = identifier(name)
        lines.append("  \(id)[\"\(Self.label(name))\"]")
        if let style { classes[style, default: []].append(id) }
    }

    func edge(from: String, to: String, label: String, style: Style?) {
        let arrow = style == .removed ? "-.->" : "-->"
        lines.append("  \(identifier(from)) \(arrow)|\"\(Self.label(label))\"| \(identifier(to))")
        if let style { linkStyles[style, default: []].append(edgeCount) }
        edgeCount += 1
    }

    private func identifier(_ name: String) -> String {
        if let id = ids[name] { return id }
        let id = "n\(ids.count)"
        ids[name] = id
        return id
    }

    func text() -> String {
        var out = "flowchart \(direction)\n" + lines.map { $0 + "\n" }.joined()
        let fills: [(Style, String)] = [(.added, "fill:#dafbe1,stroke:#1a7f37"), (.removed, "fill:#ffebe9,stroke:#cf222e,stroke-dasharray:5 5"),
                                        (.changed, "fill:#fff8c5,stroke:#9a6700")]
        for (style, fill) in fills where classes[style] != nil || linkStyles[style] != nil {
            out += "  classDef \(style.rawValue) \(fill)\n"
        }
        for (style, _) in fills {
            if let members = classes[style] { out += "  class \(members.joined(separator: ",")) \(style.rawValue)\n" }
        }
        let strokes: [Style: String] = [.added: "stroke:#1a7f37,stroke-width:2px", .removed: "stroke:#cf222e,stroke-width:2px,stroke-dasharray:5 5"]
        for style in [Style.added, .removed] {
            if let indices = linkStyles[style] { out += "  linkStyle \(indices.map(String.init).joined(separator: ",")) \(strokes[style]!)\n" }
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
