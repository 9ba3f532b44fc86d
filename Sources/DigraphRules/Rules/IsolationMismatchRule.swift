import DigraphCore

/// A factory isolated to one global actor asked for from code isolated to another: the factory
/// runs where it must not (Factory traps; Swinject's `MainActor.assumeIsolated` traps).
public struct IsolationMismatchRule: Rule {
    public static let description = RuleDescription(
        code: .isolationMismatch, severity: .warning,
        summary: "A registration isolated to one global actor is resolved from code isolated to another.",
        rationale:
            "Resolving is synchronous: the factory runs on whatever isolation asks for it. A factory isolated to `@MainActor` (or another global actor) asked for by a registration or app code isolated to a different global actor runs off its actor; Factory traps there at run time (its issue #370), and so does a Swinject factory wrapped in `MainActor.assumeIsolated`. Lazy edges count too, since an isolated holder calls its closures from its own isolation. A holder with no isolation is not reported: where it runs is not known. Resolve the value on its own actor, or isolate the two alike.",
        triggering: [
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: SyncEngine
                    isolation: DatabaseActor
                    dependencies:
                      feed: FeedViewModel
                      router: { type: Router, lazy: true }
                  - provides: FeedViewModel
                    isolation: MainActor
                  - provides: Router
                    isolation: MainActor
                resolves:
                  - { type: SyncEngine, isolation: MainActor }
                """,
                expect: [
                    """
                    6:7: warning: 'SyncEngine' runs on DatabaseActor and resolves 'FeedViewModel' (parameter 'feed'), whose factory is isolated to MainActor: it runs off its actor there (Factory traps at run time); resolve it on MainActor, or isolate both alike [isolation-mismatch]
                      8:5: note: 'FeedViewModel' is registered here, isolated to MainActor
                    """,
                    """
                    7:7: warning: 'SyncEngine' runs on DatabaseActor and resolves 'Router' (parameter 'router'), whose factory is isolated to MainActor: it runs off its actor there (Factory traps at run time); resolve it on MainActor, or isolate both alike [isolation-mismatch]
                      10:5: note: 'Router' is registered here, isolated to MainActor
                    """,
                    """
                    13:13: warning: app code on MainActor resolves 'SyncEngine', whose factory is isolated to DatabaseActor: it runs off its actor there (Factory traps at run time); resolve it on DatabaseActor, or isolate both alike [isolation-mismatch]
                      3:5: note: 'SyncEngine' is registered here, isolated to DatabaseActor
                    """,
                ])
        ],
        nonTriggering: [
            """
            version: 1
            registrations:
              - provides: ContentViewModel
                isolation: MainActor
                dependencies:
                  router: Router
                  api: APIClient
              - provides: Router
                isolation: MainActor
              - provides: APIClient
              - provides: Uploader
                dependencies:
                  viewModel: ContentViewModel
            resolves:
              - { type: ContentViewModel, isolation: MainActor }
              - APIClient
              - Uploader
            """
        ])

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for edges in graph.edges {
            for edge in edges {
                guard let holder = graph.registrations[edge.from].isolation, let target = edge.target,
                    let (builder, actor) = isolation(servedBy: target, in: graph), actor.key != holder.key
                else { continue }
                diagnostics.append(
                    Diagnostic(
                        .isolationMismatch, .warning,
                        "\(graph.named(edge.from)) runs on \(holder.key) and resolves '\(edge.binding)' (\(edge.role)), " + consequence(actor),
                        at: edge.location, notes: [note(builder, actor, graph)], subject: graph.subject(of: edge)))
            }
        }
        for (index, resolve) in graph.resolves.enumerated() {
            guard let caller = resolve.use.isolation, let target = resolve.target,
                let (builder, actor) = isolation(servedBy: target, in: graph), actor.key != caller.key
            else { continue }
            diagnostics.append(
                Diagnostic(
                    .isolationMismatch, .warning,
                    "app code on \(caller.key) resolves '\(resolve.binding)', " + consequence(actor),
                    at: resolve.use.location, notes: [note(builder, actor, graph)],
                    subject: graph.subject(ofResolve: index)))
        }
        return diagnostics
    }

    /// The actor of the factory that really builds the value (an alias forwards to it), if isolated.
    private func isolation(servedBy target: Int, in graph: DependencyGraph) -> (Int, TypeReference)? {
        if let own = graph.registrations[target].isolation { return (target, own) }
        let builder = graph.forwardingTarget(of: target)
        return graph.registrations[builder].isolation.map { (builder, $0) }
    }

    private func consequence(_ actor: TypeReference) -> String {
        "whose factory is isolated to \(actor.key): it runs off its actor there (Factory traps at run time); resolve it on \(actor.key), or isolate both alike"
    }

    private func note(_ builder: Int, _ actor: TypeReference, _ graph: DependencyGraph) -> Note {
        Note("\(graph.named(builder)) is registered here, isolated to \(actor.key)", at: graph.registrations[builder].location)
    }
}
