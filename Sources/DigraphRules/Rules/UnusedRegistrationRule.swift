import DigraphCore

/// Registrations no entry point reaches: dead wiring, or a root someone forgot to mark.
public struct UnusedRegistrationRule: Rule {
    public static let description = RuleDescription(
        code: .unusedRegistration, severity: .info,
        summary: "Nothing reachable from a root uses the registration (only when some registration is `root: true` or the manifest lists `resolves`).",
        rationale:
            "Dead wiring: the registration is built by nothing the app resolves directly. Reachability follows every edge, lazy ones and aliasOf included.",
        triggering: [
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: LoginViewController
                    root: true
                    dependencies:
                      viewModel: { type: LoginViewModel, lazy: true }
                  - provides: LoginViewModel
                  - provides: LegacyAnalytics
                """,
                expect: [
                    "8:5: info: nothing reachable from a root uses 'LegacyAnalytics'; remove it or mark what resolves it `root: true` [unused-registration]"
                ]),
            // A registration a later one of its key replaces is the `duplicate-registration` error's
            // to report: "nothing uses 'Store'" would be false of the key (Pmanchu-iOS-V2).
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: Repository
                    root: true
                    dependencies:
                      store: Store
                  - provides: Store
                  - provides: Store
                    implementation: CachedStore
                  - provides: LegacyAnalytics
                """,
                expect: [
                    "8:15: error: 'Store' is registered again; this registration silently replaces the one at manifest.yaml:7:15 [duplicate-registration]\n  7:15: note: first registered here",
                    "10:5: info: nothing reachable from a root uses 'LegacyAnalytics'; remove it or mark what resolves it `root: true` [unused-registration]",
                ]),
        ],
        nonTriggering: [
            """
            version: 1
            registrations:
              - provides: LegacyAnalytics
            """
        ],
        inSwift: [
            (
                "remove it or mark what resolves it `root: true`",
                "remove its registration, or give digraph the paths of the code that resolves it"
            )
        ]
    )

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        let roots = graph.registrations.indices.filter { graph.registrations[$0].isRoot } + graph.resolves.compactMap(\.target)
        guard !roots.isEmpty else { return [] }
        let reached = GraphAlgorithms.reachable(from: roots, count: graph.registrations.count) { index in
            graph.edges[index].compactMap(\.target)
        }
        // Replaced by a later registration of each of its keys (one Swinject keeps apart by its
        // arguments' types is not): `duplicate-registration` reports it.
        var replaced = Set<Int>()
        for index in graph.registrations.indices where !reached[index] {
            let registration = graph.registrations[index]
            let keys = registration.provides.map { BindingKey(key: $0.key, name: registration.name?.value) }
            if keys.allSatisfy({ key in
                (graph.providers[key] ?? []).contains { $0 > index && registration.isKeptApart(from: graph.registrations[$0]) == false }
            }) {
                replaced.insert(index)
            }
        }
        return graph.registrations.indices.filter { !reached[$0] && !replaced.contains($0) }.map { index in
            Diagnostic(
                .unusedRegistration, .info,
                "nothing reachable from a root uses \(graph.named(index)); remove it or mark what resolves it `root: true`",
                at: graph.registrations[index].location, subject: graph.subject(of: index))
        }
    }
}
