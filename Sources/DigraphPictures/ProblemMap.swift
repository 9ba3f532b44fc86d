import DigraphCore

/// Which nodes and edges a finding is about, by the place its subject names: a registration, one of
/// its dependencies (drawn when it asks for a service), or a cycle (its edges and their holders).
/// Runtime arguments and the app's own resolves are not drawn. Each element keeps its findings (in
/// report order), so a picture can style them by code and show their messages.
struct ProblemMap {
    private(set) var nodes: [Int: [Diagnostic]] = [:]
    private(set) var edges: [Edge.ID: [Diagnostic]] = [:]

    init(diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            switch diagnostic.subject?.place {
            case .registration(let index): add(diagnostic, toNode: index)
            case .dependency(let id): add(diagnostic, toEdge: id)
            case .cycle(let ids):
                for id in ids {
                    add(diagnostic, toEdge: id)
                    add(diagnostic, toNode: id.from)
                }
            case .argument, .resolve, nil: break
            }
        }
    }

    private mutating func add(_ diagnostic: Diagnostic, toNode node: Int) {
        if nodes[node]?.last != diagnostic { nodes[node, default: []].append(diagnostic) }
    }

    private mutating func add(_ diagnostic: Diagnostic, toEdge edge: Edge.ID) {
        if edges[edge]?.last != diagnostic { edges[edge, default: []].append(diagnostic) }
    }

    /// The worst severity among a node's or an edge's findings.
    func severity(ofNode node: Int) -> Severity? { nodes[node]?.map(\.severity).min() }
    func severity(ofEdge edge: Edge.ID) -> Severity? { edges[edge]?.map(\.severity).min() }

    /// The finding that decides how an element is drawn: the worst, then the first reported.
    static func leading(_ findings: [Diagnostic]?) -> Diagnostic? {
        findings?.min { $0.severity < $1.severity }
    }
}
