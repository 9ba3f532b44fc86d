import Foundation
import Testing

/// Issue 38: an `if`/`switch` whose branches both register a key is a run-time choice digraph
/// cannot make. The graph keeps the first branch; each other branch's graph is checked too. A
/// finding every branch has is an error as before; one only some branches have is a warning
/// naming the condition.
struct AlternativeBranchesTests {
    static func app(mock: String, live: String) -> String {
        """
        import Swinject

        protocol API {}
        final class Stub {}
        final class Session {}
        final class MockAPI: API { init(stub: Stub) {} }
        final class LiveAPI: API { init(session: Session) {} }
        final class Clock {}
        final class Feed { init(api: API, clock: Clock) {} }

        final class AppDelegate {
            let container = Container()
            var useMocks = false

            func application(_ application: Any?, didFinishLaunchingWithOptions options: [String: Any]?) -> Bool {
                \(live.isEmpty ? "" : "container.register(Session.self) { _ in Session() }; container.register(Clock.self) { _ in Clock() }")
                if useMocks {
                    container.register(API.self) { r in MockAPI(stub: r.resolve(Stub.self)!) }
                } else {
                    container.register(API.self) { r in LiveAPI(session: r.resolve(Session.self)!) }
                }
                \(mock.isEmpty ? "" : "container.register(Stub.self) { _ in Stub() }")
                container.register(Feed.self) { r in Feed(api: r.resolve(API.self)!, clock: r.resolve(Clock.self)!) }
                _ = container.resolve(Feed.self)!
                return true
            }
        }

        """
    }

    @Test func aFindingOnlySomeBranchesHaveIsAWarningNamingTheCondition() throws {
        let result = try withApp(Self.app(mock: "", live: "")) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:18:57: warning: nothing provides 'Stub', needed by 'API' (parameter 'stub') (only when `if useMocks` takes the branch the graph keeps; with the registration at App.swift:20 instead, it does not hold) [missing-binding]
                App.swift:20:13: info: 'API' is registered here and at App.swift:18 in alternative branches, of which the app applies one: the graph keeps the first [swift-import]
                App.swift:20:57: warning: nothing provides 'Session', needed by 'API' (parameter 'session') (only when `if useMocks` takes the other branch, whose registration at App.swift:20 the graph does not keep) [missing-binding]
                App.swift:23:78: error: nothing provides 'Clock', needed by 'Feed' (parameter 'clock') [missing-binding]
                digraph: checked 2 registrations: 1 error, 2 warnings, 1 info

                """, "\(result.stdout)")
    }

    @Test func branchesThatAreEachWholeSayOnlyThatTheyAreAlternatives() throws {
        let app = Self.app(mock: "stub", live: "session")
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:20:13: info: 'API' is registered here and at App.swift:18 in alternative branches, of which the app applies one: the graph keeps the first [swift-import]
                digraph: checked 5 registrations: 0 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
    }
}
