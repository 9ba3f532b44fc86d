import DigraphCore

/// A long-lived value holding a short-lived one: the transient is built once and then lives as long
/// as the singleton, which is rarely what "transient" was meant to say.
public struct CaptiveDependencyRule: Rule {
    public static let description = RuleDescription(
        code: .captiveDependency, severity: .warning,
        summary: "A singleton or weak registration holds a transient or graph one, or any registration captures one when it is registered.",
        rationale:
            "The short-lived value is created once and kept for the holder's whole life: state meant to be fresh per use is shared. Followed through aliasOf to the registration that really builds the value; lazy edges and supplied values are exempt. An eager edge (resolved when its holder is registered) captures one value for the holder's whole life, so a transient holder of one is reported too.",
        triggering: [
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: SessionStore
                    lifetime: singleton
                    dependencies:
                      formatter: Formatting
                  - provides: Formatting
                    aliasOf: DateFormatterBox
                  - provides: DateFormatterBox
                    lifetime: graph
                """,
                expect: [
                    """
                    6:7: warning: singleton 'SessionStore' holds graph 'DateFormatterBox' (parameter 'formatter'): the value is made once and kept for the singleton's whole life; make 'DateFormatterBox' a singleton if one shared value is right, make this edge `lazy: true` if each use needs a fresh one, or make 'SessionStore' shorter-lived [captive-dependency]
                      8:14: note: 'Formatting' is an alias of 'DateFormatterBox'
                      9:5: note: 'DateFormatterBox' is registered graph here
                    """
                ]),
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: Clock
                  - provides: ReportViewModel
                    dependencies:
                      clock: { type: Clock, eager: true }
                """,
                expect: [
                    """
                    6:7: warning: transient 'ReportViewModel' captures transient 'Clock' when it is registered (parameter 'clock'): every value its factory makes shares that one value; resolve 'Clock' inside the factory if each needs a fresh one, or make it a singleton if one shared value is right [captive-dependency]
                      3:5: note: 'Clock' is registered transient here
                    """
                ]),
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: Tracking
                    aliasOf: Tracker
                    lifetime: weak
                  - provides: Tracker
                """,
                expect: [
                    """
                    4:14: warning: weak 'Tracking' holds transient 'Tracker' (its aliasOf): the value is made once and kept for the weak's whole life; give the alias 'Tracking' the lifetime of 'Tracker', or make 'Tracker' a singleton if one shared value is right [captive-dependency]
                      6:5: note: 'Tracker' is registered transient here
                    """
                ]),
        ],
        nonTriggering: [
            // A graph forwarder of a singleton hands out the singleton on every resolve.
            """
            version: 1
            registrations:
              - provides: SystemClock
                lifetime: singleton
              - provides: ClockProviding
                lifetime: graph
                aliasOf: SystemClock
              - provides: Ticker
                lifetime: singleton
                dependencies:
                  clock: ClockProviding
            """,
            """
            version: 1
            registrations:
              - provides: SessionStore
                lifetime: singleton
                dependencies:
                  window: UIWindow
                  factory: { type: ViewModel, lazy: true }
              - provides: UIWindow
                supplied: true
              - provides: ViewModel
            """,
        ],
        inSwift: [
            (
                "make this edge `lazy: true` if each use needs a fresh one",
                "resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one"
            ),
            (
                " a singleton if one shared value is right",
                " a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right"
            ),
        ]
    )

    public init() {}

    /// How many alias hops a finding lists before it summarizes the rest: N holders of an N-hop
    /// chain must not print N² notes.
    static let shownAliasHops = 5

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var remainingHops: [Int: Int] = [:]
        for (index, holder) in graph.registrations.enumerated() {
            // A short-lived holder captures too, through an edge resolved when it is registered.
            for edge in graph.edges[index] where edge.isImmediate && (holder.lifetime.outlivesResolve || edge.isEager) {
                guard let target = edge.target else { continue }
                let builder = graph.builder(of: target)
                let held = graph.registrations[builder]
                guard !held.isSupplied, !held.lifetime.outlivesResolve else { continue }
                let via = edge.role
                var notes: [Note] = []
                var hop = target
                while hop != builder, notes.count < Self.shownAliasHops {
                    let alias = graph.edges[hop].first { $0.kind == .alias }!
                    notes.append(Note(graph.describe(alias), at: alias.location))
                    hop = alias.target!
                }
                let hops = notes.count + hopsToBuilder(from: hop, builder: builder, in: graph, memo: &remainingHops)
                if hops > Self.shownAliasHops {
                    notes.append(Note("… and \(hops - Self.shownAliasHops) more aliases on the way to \(graph.named(builder))", at: notes.last!.location))
                }
                notes.append(Note("\(graph.named(builder)) is registered \(held.lifetime.rawValue) here", at: held.location))
                if !holder.lifetime.outlivesResolve {
                    diagnostics.append(
                        Diagnostic(
                            .captiveDependency, .warning,
                            "\(holder.lifetime.rawValue) \(graph.named(index)) captures \(held.lifetime.rawValue) \(graph.named(builder)) when it is registered (\(via)): every value its factory makes shares that one value; "
                                + "resolve \(graph.named(builder)) inside the factory if each needs a fresh one, or make it a singleton if one shared value is right",
                            at: edge.location, notes: notes, subject: graph.subject(of: edge)))
                    continue
                }
                diagnostics.append(
                    Diagnostic(
                        .captiveDependency, .warning,
                        "\(holder.lifetime.rawValue) \(graph.named(index)) holds \(held.lifetime.rawValue) \(graph.named(builder)) (\(via)): the value is made once and kept for the \(holder.lifetime.rawValue)'s whole life; "
                            + remedy(holder: graph.named(index), held: graph.named(builder), edge: edge),
                        at: edge.location, notes: notes, subject: graph.subject(of: edge)))
            }
        }
        return diagnostics
    }

    /// How many alias hops lie between `start` and its builder, each chain walked once in all.
    private func hopsToBuilder(from start: Int, builder: Int, in graph: DependencyGraph, memo: inout [Int: Int]) -> Int {
        var path: [Int] = []
        var current = start
        while current != builder, memo[current] == nil {
            path.append(current)
            current = graph.edges[current].first { $0.kind == .alias }!.target!
        }
        var count = current == builder ? 0 : memo[current]!
        for node in path.reversed() {
            count += 1
            memo[node] = count
        }
        return memo[start] ?? 0
    }

    /// What to change: share the held value if sharing is right, ask for it lazily if each use needs
    /// a fresh one (not possible on an alias), or let the holder live shorter.
    private func remedy(holder: String, held: String, edge: Edge) -> String {
        edge.kind == .alias
            ? "give the alias \(holder) the lifetime of \(held), or make \(held) a singleton if one shared value is right"
            : "make \(held) a singleton if one shared value is right, make this edge `lazy: true` if each use needs a fresh one, or make \(holder) shorter-lived"
    }
}
