import DigraphPictures
import DigraphReporters

/// `digraph diff`'s three formats: JSON for tools, Markdown (tables and a Mermaid picture of the
/// changed neighbourhood) for a pull request, and text for a terminal.
public struct DiffReport: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case text, json, markdown
    }

    public var diff: GraphDiff
    /// The graphs compared, for the picture's neighbourhood.
    public var base: DependencyGraph
    public var head: DependencyGraph

    /// Mermaid's limits (`MermaidEncoder`), and GitHub refuses a comment above 65,536 characters.
    public static let mermaidMaximumEdges = MermaidEncoder.maximumEdges
    public static let mermaidMaximumCharacters = MermaidEncoder.maximumCharacters
    public static let commentMaximumCharacters = 65_536

    public init(diff: GraphDiff, base: DependencyGraph, head: DependencyGraph) {
        self.diff = diff
        self.base = base
        self.head = head
    }

    public func rendered(as format: Format) -> String {
        switch format {
        case .json: json()
        case .text: text()
        case .markdown: markdown()
        }
    }

    // MARK: headline

    /// One line: counts of every kind of change, or that there is none.
    public var headline: String {
        guard !diff.isEmpty else { return "no change in the dependency graph" }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        /// `2 registrations added, 1 removed`: the noun once, with the first non-zero count.
        func counts(of noun: String, _ items: [(Int, String)]) -> String? {
            let present = items.filter { $0.0 > 0 }
            guard let first = present.first else { return nil }
            return ([count(first.0, noun) + " " + first.1] + present.dropFirst().map { "\($0.0) \($0.1)" }).joined(separator: ", ")
        }
        var parts = [
            counts(
                of: "registration",
                [
                    (diff.addedRegistrations.count, "added"), (diff.removedRegistrations.count, "removed"),
                    (Set(diff.changed.map(\.registration)).count, "changed"),
                ]),
            counts(of: "edge", [(diff.addedEdges.count, "added"), (diff.removedEdges.count, "removed")]),
        ].compactMap { $0 }
        if !diff.newFindings.isEmpty {
            let errors = diff.newFindings.filter { $0.severity == .error }.count
            parts.append("\(count(diff.newFindings.count, "new finding"))" + (errors > 0 ? " (\(count(errors, "error")))" : ""))
        }
        if !diff.fixedFindings.isEmpty { parts.append("\(count(diff.fixedFindings.count, "finding")) fixed") }
        return parts.joined(separator: "; ")
    }

    // MARK: JSON

    public func json() -> String {
        func registration(_ id: GraphDiff.RegistrationID) -> JSONValue {
            .object([("key", .string(id.key))] + (id.name.map { [("name", .string($0))] } ?? []))
        }
        func edge(_ id: GraphDiff.EdgeID) -> JSONValue {
            .object([("from", .string(id.from)), ("to", .string(id.to)), ("label", .string(id.label))])
        }
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return JSONValue.object([
            (
                "registrations",
                .object([
                    ("added", .array(diff.addedRegistrations.map(registration))),
                    ("removed", .array(diff.removedRegistrations.map(registration))),
                    (
                        "changed",
                        .array(
                            diff.changed.map { change in
                                .object(
                                    [("key", .string(change.registration.key))]
                                        + (change.registration.name.map { [("name", .string($0))] } ?? [])
                                        + [("field", .string(change.field)), ("old", optional(change.old)), ("new", optional(change.new))])
                            })
                    ),
                ])
            ),
            (
                "edges",
                .object([
                    ("added", .array(diff.addedEdges.map(edge))),
                    ("removed", .array(diff.removedEdges.map(edge))),
                ])
            ),
            (
                "findings",
                .object([
                    ("new", .array(Self.sorted(diff.newFindings).map(JSONReporter.diagnostic))),
                    ("fixed", .array(Self.sorted(diff.fixedFindings).map(JSONReporter.diagnostic))),
                ])
            ),
        ]).serialized()
    }

    /// Findings in a stable order: fingerprint, then where they are.
    static func sorted(_ findings: [Diagnostic]) -> [Diagnostic] {
        findings.sorted {
            ($0.fingerprint, $0.location.file, $0.location.line, $0.location.column)
                < ($1.fingerprint, $1.location.file, $1.location.line, $1.location.column)
        }
    }

    // MARK: text

    public func text() -> String {
        var lines = ["digraph diff: " + headline]
        lines += diff.addedRegistrations.map { "+ registration \(PrintableText.escape($0.description))" }
        lines += diff.removedRegistrations.map { "- registration \(PrintableText.escape($0.description))" }
        lines += diff.changed.map { "~ \(PrintableText.escape($0.registration.description)) \($0.field): \(Self.shown($0.old)) -> \(Self.shown($0.new))" }
        lines += diff.addedEdges.map { "+ edge \(Self.shown($0))" }
        lines += diff.removedEdges.map { "- edge \(Self.shown($0))" }
        let reporter = TextReporter()
        lines += Self.sorted(diff.newFindings).map { "new:   " + reporter.line(for: $0) }
        lines += Self.sorted(diff.fixedFindings).map { "fixed: " + reporter.line(for: $0) }
        return lines.joined(separator: "\n") + "\n"
    }

    static func shown(_ value: String?) -> String { value.map { PrintableText.escape($0) } ?? "(none)" }
    static func shown(_ edge: GraphDiff.EdgeID) -> String {
        PrintableText.escape("\(edge.from) -[\(edge.label)]-> \(edge.to)")
    }
}
