import DigraphPictures
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
        rows += diff.changed.map {
            "| changed | \(Self.cell($0.registration.key)) | \(Self.cell($0.registration.name ?? "")) | \($0.field): \(Self.cell($0.old ?? "(none)")) → \(Self.cell($0.new ?? "(none)")) |"
        }
        if !rows.isEmpty { tables.append("#### Registrations\n\n|  | key | name | change |\n|---|---|---|---|\n" + rows.joined(separator: "\n") + "\n") }
        rows =
            diff.addedEdges.map { "| added | \(Self.cell($0.from)) | \(Self.cell($0.label)) | \(Self.cell($0.to)) |" }
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
            sections[1] =
                "_The picture is left out: with it this summary is longer than a GitHub comment may be (\(Self.commentMaximumCharacters) characters)._\n"
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
        var changedIDs = Set(
            diff.addedRegistrations.map(\.description) + diff.removedRegistrations.map(\.description)
                + diff.changed.map(\.registration.description))
        for edge in diff.addedEdges + diff.removedEdges { changedIDs.insert(edge.from); changedIDs.insert(edge.to) }
        var included = changedIDs
        let allEdges = GraphDiff.edges(of: base, matching: diff.matching).union(GraphDiff.edges(of: head, matching: diff.matching))
        for edge in allEdges where changedIDs.contains(edge.from) || changedIDs.contains(edge.to) {
            included.insert(edge.from)
            included.insert(edge.to)
        }
        let edges = allEdges.filter { included.contains($0.from) && included.contains($0.to) }.sorted()
        guard edges.count <= Self.mermaidMaximumEdges else {
            return (
                nil,
                "The picture is left out: the changed neighbourhood has \(edges.count) edges, more than Mermaid draws (\(Self.mermaidMaximumEdges)). `digraph render --focus KEY` draws part of it."
            )
        }
        let diagram = MermaidFlowchart(direction: "LR")
        diagram.defineClass("added", style: "fill:#dafbe1,stroke:#1a7f37")
        diagram.defineClass("removed", style: "fill:#ffebe9,stroke:#cf222e,stroke-dasharray:5 5")
        diagram.defineClass("changed", style: "fill:#fff8c5,stroke:#9a6700")
        let added = Set(diff.addedRegistrations.map(\.description)), removed = Set(diff.removedRegistrations.map(\.description))
        let changed = Set(diff.changed.map(\.registration.description))
        for node in included.sorted() {
            let style = added.contains(node) ? "added" : removed.contains(node) ? "removed" : changed.contains(node) ? "changed" : nil
            diagram.node(diagram.id(for: node), lines: [node], classes: style.map { [$0] } ?? [])
        }
        let addedEdges = Set(diff.addedEdges), removedEdges = Set(diff.removedEdges)
        for edge in edges {
            let isRemoved = removedEdges.contains(edge)
            diagram.edge(
                from: diagram.id(for: edge.from), to: diagram.id(for: edge.to), label: edge.label, dashed: isRemoved,
                style: addedEdges.contains(edge) ? "stroke:#1a7f37,stroke-width:2px" : isRemoved ? "stroke:#cf222e,stroke-width:2px,stroke-dasharray:5 5" : nil)
        }
        let text = "```mermaid\n" + diagram.text() + "```\n"
        guard text.count <= Self.mermaidMaximumCharacters else {
            return (
                nil,
                "The picture is left out: its Mermaid text would have \(text.count) characters, more than Mermaid reads (\(Self.mermaidMaximumCharacters)). `digraph render --focus KEY` draws part of it."
            )
        }
        return (text, nil)
    }
}
