import Foundation
import Testing

/// Issue 38: `if isRunningTests { stub } else { real }` — the branch tests or previews take is not
/// the app's; other `if`/`else` alternatives keep the first and say so.
struct AppBranchTests {
    static let conditions = """
        import Swinject
        enum Environment {
            static var isRunningTests: Bool { ProcessInfo.processInfo.environment["XCTestConfigurationFilePath"] != nil }
        }
        func assemble(container: Container) {
            if Environment.isRunningTests {
                container.register(API.self) { _ in StubAPI() }
            } else {
                container.register(API.self) { r in LiveAPI(session: r.resolve(Session.self)!) }
            }
            if !ProcessInfo.processInfo.arguments.contains("-UITesting") {
                container.register(Analytics.self) { _ in Analytics() }
            } else {
                container.register(Analytics.self) { _ in NoAnalytics() }
            }
            if FeatureFlags.newFeed {
                container.register(Feed.self) { _ in NewFeed() }
            } else {
                container.register(Feed.self) { _ in OldFeed() }
            }
        }
        func run(container: Container) {
            _ = container.resolve(API.self)
            _ = container.resolve(Analytics.self)
            _ = container.resolve(Feed.self)
        }
        """

    @Test func theBranchTestsTakeIsLeftOutAndTheAppsBranchIsChecked() throws {
        let result = try withApp(Self.conditions) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:7:9: info: 'API' is registered only when tests or previews run (`if Environment.isRunningTests`): left out of the app's graph [swift-import]
                App.swift:9:53: error: nothing provides 'Session', needed by 'API' (parameter 'session') [missing-binding]
                App.swift:14:9: info: 'Analytics' is registered only when tests or previews run (the `else` of `if !ProcessInfo.processInfo.arguments.contains("-UITesting")`): left out of the app's graph [swift-import]
                App.swift:19:9: info: 'Feed' is registered here and at App.swift:17 in alternative branches, of which the app applies one: the graph keeps the first [swift-import]
                digraph: checked 3 registrations: 1 error, 0 warnings, 3 infos

                """, "\(result.stdout)")
    }

    static let launch = """
        import UIKit
        import Swinject

        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            let container = Container()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                if ProcessInfo.processInfo.environment["XCTestConfigurationFilePath"] != nil {
                    registerStubs(in: container)
                } else {
                    registerLive(in: container)
                }
                _ = container.resolve(Store.self)!
                return true
            }
        }

        func registerStubs(in container: Container) {
            container.register(Store.self) { _ in InMemoryStore() }
        }

        func registerLive(in container: Container) {
            container.register(Store.self) { r in DiskStore(files: r.resolve(FileManaging.self)!) }
        }
        """

    /// The entry calls one registering function for tests and another for the app: the app's one is
    /// the graph, and its real launch crash is found (the stub used to hide it).
    @Test func aStubRegisteredThroughAFunctionForTestsHidesNoLaunchCrash() throws {
        let result = try withApp(Self.launch) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:19:5: info: 'Store' is registered only when tests or previews run (`if ProcessInfo.processInfo.environment["XCTestConfigurationFilePath"] != nil`): left out of the app's graph [swift-import]
                App.swift:23:53: error: nothing provides 'FileManaging', needed by 'Store' (parameter 'files') [missing-binding]
                digraph: checked 1 registration: 1 error, 0 warnings, 1 info

                """, "\(result.stdout)")
    }
}
