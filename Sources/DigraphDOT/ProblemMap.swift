import DigraphCore

/// One drawn edge: the registration and the edge's position among its outgoing edges.
struct EdgeID: Hashable {
    var from: Int
    var position: Int
}

/// Which nodes and edges a finding is about, found by location: every diagnostic is located at a
/// registration, a key it provides, its module, or a dependency edge; a cycle's notes are its edges.
struct ProblemMap {
    private(set) var nodes: [Int: Severity] = [:]
    private(set) var edges: [EdgeID: Severity] = [:]

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
                        mark(edge: id, diagnostic.severity)
                        mark(node: id.from, diagnostic.severity)
                    }
                }
            } else if let ids = edgesAt[diagnostic.location] {
                for id in ids { mark(edge: id, diagnostic.severity) }
            } else if let node = nodeAt[diagnostic.location] {
                mark(node: node, diagnostic.severity)
            }
        }
    }

    private mutating func mark(node: Int, _ severity: Severity) {
        nodes[node] = min(nodes[node] ?? severity, severity)
    }

    private mutating func mark(edge: EdgeID, _ severity: Severity) {
        edges[edge] = min(edges[edge] ?? severity, severity)
    }
}
