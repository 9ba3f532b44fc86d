import DigraphCore

/// Registrations that need each other through non-lazy edges: resolving any of them recurses until
/// the container gives up (Swinject: "Infinite recursive call" at depth 200, with no path).
public struct CycleRule: Rule {
    public static let description = RuleDescription(
        code: .cycle, severity: .error,
        summary: "A cycle of non-lazy dependencies.",
        rationale:
            "Resolving any registration on the cycle recurses forever. Reported once per strongly connected component with one shortest concrete cycle and the location of every edge; a `lazy: true` edge breaks a cycle.",
        triggering: [
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: LoginUseCase
                    dependencies:
                      tokens: TokenRepository
                  - provides: TokenRepository
                    dependencies:
                      login: LoginUseCase
                """,
                expect: [
                    """
                    3:5: error: dependency cycle: LoginUseCase -> TokenRepository -> LoginUseCase; make one edge `lazy: true` or remove it [cycle]
                      5:7: note: 'LoginUseCase' depends on 'TokenRepository' (parameter 'tokens')
                      8:7: note: 'TokenRepository' depends on 'LoginUseCase' (parameter 'login')
                    """
                ]),
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: Coordinator
                    dependencies:
                      _: Coordinator
                """,
                expect: [
                    """
                    3:5: error: dependency cycle: Coordinator -> Coordinator; make one edge `lazy: true` or remove it [cycle]
                      5:7: note: 'Coordinator' depends on 'Coordinator' (parameter '_')
                    """
                ]),
        ],
        nonTriggering: [
            """
            version: 1
            registrations:
              - provides: AppCoordinator
                dependencies:
                  router: Router
              - provides: Router
                dependencies:
                  coordinator: { type: AppCoordinator, lazy: true }
            """
        ],
        inSwift: [
            (
                "make one edge `lazy: true` or remove it",
                "resolve one of these edges lazily (inside a closure, or through Swinject's `Provider` or `Lazy`), set it after construction (Swinject's `initCompleted`), or remove it"
            )
        ]
    )

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        let successors: (Int) -> [Int] = { index in
            graph.edges[index].compactMap { $0.closesCycles ? $0.target : nil }
        }
        let components = GraphAlgorithms.stronglyConnectedComponents(count: graph.registrations.count, successors: successors)
        return components.compactMap { component in
            let start = component[0]
            let isCycle = component.count > 1 || successors(start).contains(start)
            guard isCycle, let path = GraphAlgorithms.shortestCycle(through: start, within: Set(component), successors: successors) else {
                return nil
            }
            let edges = zip(path, path.dropFirst()).map { from, to in graph.edges[from].first { $0.closesCycles && $0.target == to }! }
            let trail = path.map { graph.registrations[$0].displayName }.joined(separator: " -> ")
            return Diagnostic(
                .cycle, .error, "dependency cycle: \(trail); make one edge `lazy: true` or remove it",
                at: graph.registrations[start].location, notes: edges.map { Note(graph.describe($0), at: $0.location) },
                subject: Subject(.cycle(Set(path.map(graph.binding(of:))).sorted()), at: .cycle(edges.map(\.id))))
        }
    }
}
