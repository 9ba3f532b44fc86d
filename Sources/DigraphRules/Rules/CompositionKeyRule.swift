import DigraphCore

/// Protocol compositions as container keys: `A & B & C` is stored under that one string, so it
/// cannot be resolved as `C`, and `B & A` is stored apart from `A & B`.
public struct CompositionKeyRule: Rule {
    public static let description = RuleDescription(
        code: .compositionKey, severity: .error,
        summary: "A dependency only a registered composition could serve, or one composition registered under two spellings.",
        rationale: "A container keyed by type (or its string) stores a composition under the composition's own key: a dependency on one member does not find it, and `A & B` and `B & A` are kept as two registrations.",
        triggering: [
            RuleExample("""
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
            """, expect: [
                """
                7:7: error: 'IssueReading' is not registered on its own: only 'IssueServicing' contains it, and a container keyed by type cannot resolve 'IssueReading' from that registration; add 'IssueReading' to its provides [composition-key]
                  9:15: note: 'IssueServicing' is registered here
                """,
                """
                8:7: error: 'Caching' is not registered on its own: only 'Caching & Purging' contains it, and a container keyed by type cannot resolve 'Caching' from that registration; add 'Caching' to its provides [composition-key]
                  11:15: note: 'Caching & Purging' is registered here
                """,
            ]),
            RuleExample("""
            version: 1
            registrations:
              - provides: Reading & Writing
                implementation: Store
              - provides: Writing & Reading
                implementation: OtherStore
            """, expect: [
                """
                5:15: error: 'Writing & Reading' is the type 'Reading & Writing' registered under another spelling: a string-keyed container keeps both and resolves whichever spelling is asked for; register it once [composition-key]
                  3:15: note: 'Reading & Writing' is registered here
                """,
            ]),
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
            """,
        ])

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        respelledCompositions(graph) + membersOnlyInCompositions(graph)
    }

    private func respelledCompositions(_ graph: DependencyGraph) -> [Diagnostic] {
        var earlier: [BindingKey: [TypeReference]] = [:]
        var diagnostics: [Diagnostic] = []
        for registration in graph.registrations {
            for provided in registration.provides {
                let binding = BindingKey(key: provided.key, name: registration.name?.value)
                let spellings = earlier[binding] ?? []
                if !spellings.contains(where: { $0.writtenSpelling == provided.writtenSpelling }), let first = spellings.first {
                    diagnostics.append(Diagnostic(
                        .compositionKey, .error,
                        "'\(provided.writtenSpelling)' is the type '\(first.writtenSpelling)' registered under another spelling: a string-keyed container keeps both and resolves whichever spelling is asked for; register it once",
                        at: provided.location, notes: [Note("'\(first.writtenSpelling)' is registered here", at: first.location)]))
                }
                earlier[binding, default: []].append(provided)
            }
        }
        return diagnostics
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
            diagnostics.append(Diagnostic(
                .compositionKey, .error,
                "'\(key)' is not registered on its own: only '\(first.key.writtenSpelling)' contains it, and a container keyed by type cannot resolve '\(key)' from that registration; add '\(key)' to its provides",
                at: edge.location,
                notes: holders.map { Note("'\($0.key.writtenSpelling)' is registered here", at: $0.key.location) }))
        }
        return diagnostics
    }
}
