import DigraphCore

/// Protocol compositions as container keys: `A & B & C` is stored under that one string, so it
/// cannot be resolved as `C`. (`A & B` and `B & A` are one Swift type: registering both is a
/// duplicate registration.)
public struct CompositionKeyRule: Rule {
    public static let description = RuleDescription(
        code: .compositionKey, severity: .error,
        summary: "A dependency that only a registered protocol composition could serve.",
        rationale:
            "A container keyed by type (or its string) stores a composition under the composition's own key: a dependency on one member (`C`, or `A & C`) does not find a registration of `A & B & C`.",
        triggering: [
            RuleExample(
                """
                version: 1
                interfaces:
                  IssueServicing: { composes: [IssueReading, IssueWriting] }
                registrations:
                  - provides: IssueListViewModel
                    dependencies:
                      issues: IssueReading
                      cache: Caching?
                  - provides: IssueServicing
                    implementation: IssueService
                  - provides: Caching & Purging
                    implementation: Cache
                """,
                expect: [
                    """
                    7:7: error: 'IssueReading' is not registered on its own: only 'IssueServicing' contains it, and a container keyed by type cannot resolve 'IssueReading' from that registration; add 'IssueReading' to its provides [composition-key]
                      9:15: note: 'IssueServicing' is registered here
                    """,
                    """
                    8:7: error: 'Caching' is not registered on its own: only 'Caching & Purging' contains it, and a container keyed by type cannot resolve 'Caching' from that registration; add 'Caching' to its provides [composition-key]
                      11:15: note: 'Caching & Purging' is registered here
                    """,
                ])
        ],
        nonTriggering: [
            """
            version: 1
            registrations:
              - provides: [Reading & Writing, Reading]
                implementation: Store
              - provides: Consumer
                dependencies:
                  store: Writing & Reading
                  reader: Reading
            """
        ],
        inSwift: [
            (
                "; add '",
                "; register it under '"
            ),
            (
                "' to its provides",
                "' too (Swinject: `.implements(…)` on that registration)"
            ),
        ]
    )

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        membersOnlyInCompositions(graph)
    }

    private func membersOnlyInCompositions(_ graph: DependencyGraph) -> [Diagnostic] {
        var reported = Set<BindingKey>()
        var diagnostics: [Diagnostic] = []
        let unserved = graph.allEdges.filter { $0.target == nil && !graph.externalKeys.contains($0.binding.key) }
        for edge in unserved.sorted(by: { $0.location < $1.location }) where !reported.contains(edge.binding) {
            let holders = graph.compositionsContaining(edge.binding, type: edge.type.expression)
            guard let first = holders.first else { continue }
            reported.insert(edge.binding)
            let key = edge.binding.key
            diagnostics.append(
                Diagnostic(
                    .compositionKey, .error,
                    "'\(key)' is not registered on its own: only '\(first.key.writtenSpelling)' contains it, and a container keyed by type cannot resolve '\(key)' from that registration; add '\(key)' to its provides",
                    at: edge.location,
                    notes: holders.map { Note("'\($0.key.writtenSpelling)' is registered here", at: $0.key.location) },
                    subject: .missing(edge.binding, at: .dependency(edge.id))))
        }
        return diagnostics
    }
}
