import DigraphCore
import DigraphLoader
import DigraphRules
import Testing

/// The contract's additions of 2026-11-23: eager edges, registration order and captives through
/// eager edges. Each with the exact report, triggering and not.
struct EagerEdgeTests {
    func report(_ sources: [(String, String)]) -> [String] {
        let loaded = ManifestLoader.load(sources: sources.map { ($0.0, Array($0.1.utf8)) })
        guard let graph = loaded.graph else { return loaded.diagnostics.map { "\($0.location.file):" + RuleExample.render($0) } }
        return RuleCatalog.check(graph).map { "\($0.location.file):" + RuleExample.render($0) }
    }

    func report(_ manifest: String) -> [String] { report([("m.yaml", manifest)]) }

    @Test func eagerIsSingletonAndNeverLazyAliasOrSupplied() {
        #expect(
            report(
                """
                version: 1
                registrations:
                  - provides: A
                    eager: true
                    lifetime: transient
                  - provides: B
                    aliasOf: A
                    eager: true
                  - provides: C
                    dependencies:
                      a: { type: A, lazy: true, eager: true }
                """) == [
                    "m.yaml:5:15: error: an 'eager' registration is built once, when it is registered, and lives as long as the container: its lifetime can only be singleton (or container), not 'transient'; remove 'lifetime' or 'eager' [schema]",
                    "m.yaml:8:12: error: an 'aliasOf' registration builds nothing, so it cannot be 'eager' [schema]",
                    "m.yaml:11:40: error: dependency 'a' cannot be both 'lazy' (resolved when it is first used) and 'eager' (resolved when its holder is registered) [schema]",
                ])
        // Stated singleton is the same thing, and the loaded registration is a singleton either way.
        let loaded = ManifestLoader.load(
            text: "version: 1\nregistrations:\n  - provides: A\n    eager: true\n  - provides: B\n    eager: true\n    lifetime: container\n")
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.graph?.registrations.map(\.lifetime) == [.singleton, .singleton])
        #expect(loaded.graph?.registrations.map(\.isEager) == [true, true])
    }

    @Test func orderFollowsTheFilesAsGiven() {
        let data = "version: 1\nregistrations:\n  - provides: Network\n    eager: true\n"
        let screens = "version: 1\nregistrations:\n  - provides: Feed\n    dependencies:\n      network: { type: Network, eager: true }\n"
        #expect(report([("data.yaml", data), ("screens.yaml", screens)]) == [])
        #expect(
            report([("screens.yaml", screens), ("data.yaml", data)]) == [
                """
                screens.yaml:5:7: error: 'Feed' resolves 'Network' when it is registered (parameter 'network'), but 'Network' is registered only after it: at launch the resolve finds nothing and the app stops there, or, behind a `guard let … else { return }`, every registration after it is skipped without a word; register 'Network' first, or resolve it inside the factory [registration-order]
                  3:5: note: 'Network' is registered here
                """
            ])
    }

    @Test func anOptionalEagerEdgeGetsNilAndAMissingOneStaysMissing() {
        #expect(
            report(
                """
                version: 1
                registrations:
                  - provides: Feed
                    dependencies:
                      analytics: { type: Analytics?, eager: true }
                      clock: { type: Clock, eager: true }
                  - provides: Analytics
                    eager: true
                """) == [
                    "m.yaml:5:7: error: 'Feed' resolves 'Analytics' when it is registered (parameter 'analytics'), but 'Analytics' is registered only after it: at launch the resolve finds nothing, so the value is nil; register 'Analytics' first, or resolve it inside the factory [registration-order]\n  7:5: note: 'Analytics' is registered here",
                    "m.yaml:6:7: error: nothing provides 'Clock', needed by 'Feed' (parameter 'clock') [missing-binding]",
                ])
    }

    @Test func aLazyOrPlainEdgeToALaterKeyIsFine() {
        #expect(
            report(
                """
                version: 1
                registrations:
                  - provides: Feed
                    dependencies:
                      network: Network
                      router: { type: Router, lazy: true }
                  - provides: Network
                    lifetime: singleton
                  - provides: Router
                    lifetime: singleton
                """) == [])
    }

    @Test func anEagerEdgeToASingletonCapturesNothing() {
        #expect(
            report(
                """
                version: 1
                registrations:
                  - provides: Clock
                    lifetime: singleton
                  - provides: Formatter
                    lifetime: graph
                  - provides: Feed
                    dependencies:
                      clock: { type: Clock, eager: true }
                      formatter: { type: Formatter, eager: true }
                """) == [
                    "m.yaml:10:7: warning: transient 'Feed' captures graph 'Formatter' when it is registered (parameter 'formatter'): every value its factory makes shares that one value; resolve 'Formatter' inside the factory if each needs a fresh one, or make it a singleton if one shared value is right [captive-dependency]\n  5:5: note: 'Formatter' is registered graph here"
                ])
    }
}
