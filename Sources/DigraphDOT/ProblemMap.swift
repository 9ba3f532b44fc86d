import DigraphCore

/// One drawn edge: the registration and the edge's position among its outgoing edges.
public struct EdgeID: Hashable, Sendable {
    public var from: Int
    public var position: Int
}

/// Which nodes and edges a finding is about, found by location: every diagnostic is located at a
/// registration, a key it provides, its module, or a dependency edge; a cycle's notes are its edges.
/// Each element keeps its findings (in report order), so a picture can style them by code and
/// show their messages.
struct ProblemMap {
    private(set) var nodes: [Int: [Diagnostic]] = [:]
    private(set) var edges: [EdgeID: [Diagnostic]] = [:]

    init(graph: DependencyGraph, diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        var nodeAt: [SourceLocation: Int] = [:]
        var edgesAt: [SourceLocation: [EdgeID]] = [:]
        for (index, registration) in graph.registrations.enumerated() {
            nodeAt[registration.location] = index
            for provided in registration.provides { nodeAt[provided.location] = index }
            if let module = registration.module { nodeAt[module.location] = index }
        }
        for (index, edges) in graph.edges.enumerated() {
            for (position, edge) in edges.enumerated() { edgesAt[edge.location, default: []].append(EdgeID(from: index, position: position)) }
        }
        for diagnostic in diagnostics {
            if diagnostic.code == .cycle {
                for note in diagnostic.notes {
                    for id in edgesAt[note.location] ?? [] {
                        add(diagnostic, toEdge: id)
                        add(diagnostic, toNode: id.from)
                    }
                }
            } else if let ids = edgesAt[diagnostic.location] {
                for id in ids { add(diagnostic, toEdge: id) }
            } else if let node = nodeAt[diagnostic.location] {
                add(diagnostic, toNode: node)
            }
        }
    }

    private mutating func add(_ diagnostic: Diagnostic, toNode node: Int) {
        if nodes[node]?.last != diagnostic { nodes[node, default: []].append(diagnostic) }
    }

    private mutating func add(_ diagnostic: Diagnostic, toEdge edge: EdgeID) {
        if edges[edge]?.last != diagnostic { edges[edge, default: []].append(diagnostic) }
    }

    /// The worst severity among a node's or an edge's findings.
    func severity(ofNode node: Int) -> Severity? { nodes[node]?.map(\.severity).min() }
    func severity(ofEdge edge: EdgeID) -> Severity? { edges[edge]?.map(\.severity).min() }

    /// The finding that decides how an element is drawn: the worst, then the first reported.
    static func leading(_ findings: [Diagnostic]?) -> Diagnostic? {
        findings?.min { $0.severity < $1.severity }
    }
}
