import Foundation
import Testing

/// Issue 38: a container a SwiftUI preview builds is the preview's, never merged into the app's
/// graph, so its copies of the app's registrations are no duplicates and replace nothing.
struct PreviewContainerTests {
    static let app = """
        import Swinject
        import SwiftUI

        @main
        struct ShopApp: App {
            let container = Container()
            init() {
                AppAssembly().assemble(container: container)
                _ = container.resolve(Feed.self)!
            }
            var body: some Scene { WindowGroup { Text("") } }
        }

        final class AppAssembly: Assembly {
            func assemble(container: Container) {
                container.register(API.self) { _ in LiveAPI() }.inObjectScope(.container)
                container.register(Feed.self) { r in Feed(api: r.resolve(API.self)!) }
            }
        }

        enum PreviewResolver {
            static func make() -> Container {
                let container = Container()
                container.register(API.self) { _ in FakeAPI() }
                container.register(Feed.self) { r in Feed(api: r.resolve(API.self)!) }
                return container
            }
        }

        #Preview {
            FeedView(feed: PreviewResolver.make().resolve(Feed.self)!)
        }

        struct FeedView_Previews: PreviewProvider {
            static var previews: some View {
                let container = Container()
                container.register(Clock.self) { _ in Clock() }
                return FeedView(feed: container.resolve(Feed.self)!, clock: container.resolve(Clock.self)!)
            }
        }

        """

    @Test func whatPreviewsRegisterAndResolveStaysOutOfTheAppsGraph() throws {
        let result = try withApp(Self.app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:30:1: info: '#Preview' builds a container of its own: the 2 registrations it makes or applies are a preview's, left out of the app's graph [swift-import]
                App.swift:34:8: info: 'FeedView_Previews' builds a container of its own: the registration it makes or applies is a preview's, left out of the app's graph [swift-import]
                digraph: checked 2 registrations: 0 errors, 0 warnings, 2 infos

                """, "\(result.stdout)")
    }

    /// The same preview code with a real fault seeded into the app's own assembly: still found.
    @Test func aFaultInTheAppsOwnGraphIsStillAnError() throws {
        let seeded = Self.app.replacingOccurrences(of: "container.register(API.self) { _ in LiveAPI() }.inObjectScope(.container)\n", with: "")
        let result = try withApp(seeded) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "App.swift:16:59: error: nothing provides 'API', needed by 'Feed' (parameter 'api') [missing-binding]\n"), "\(result.stdout)")
    }

    /// A preview's container is checked on its own: what would fail there is a warning naming it,
    /// never an error of the app's.
    @Test func aPreviewsOwnContainerIsCheckedOnItsOwn() throws {
        let seeded = Self.app.replacingOccurrences(of: "        container.register(API.self) { _ in FakeAPI() }\n", with: "")
        let result = try withApp(seeded) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:24:51: warning: nothing provides 'API', needed by 'Feed' (parameter 'api') (in the container of '#Preview' at App.swift:29, checked on its own) [missing-binding]
                App.swift:29:1: info: '#Preview' builds a container of its own: the registration it makes or applies is a preview's, left out of the app's graph [swift-import]
                App.swift:33:8: info: 'FeedView_Previews' builds a container of its own: the registration it makes or applies is a preview's, left out of the app's graph [swift-import]
                digraph: checked 2 registrations: 0 errors, 1 warning, 2 infos

                """, "\(result.stdout)")
    }

    /// Without an app entry in the paths, code that only previews refer to is still theirs.
    @Test func withoutAnEntryWhatOnlyPreviewsReferToIsStillTheirs() throws {
        let noEntry = Self.app.replacingOccurrences(of: "@main\n", with: "")
        let result = try withApp(noEntry) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:29:1: info: '#Preview' builds a container of its own: the 2 registrations it makes or applies are a preview's, left out of the app's graph [swift-import]
                App.swift:33:8: info: 'FeedView_Previews' builds a container of its own: the registration it makes or applies is a preview's, left out of the app's graph [swift-import]
                digraph: checked 2 registrations: 0 errors, 0 warnings, 2 infos

                """, "\(result.stdout)")
    }

    /// WeatherXM/wxm-ios: a mock container in the test target registers the app's keys again.
    /// Test code (a `…Tests` folder, or a file importing XCTest or Testing) is never the app's: its
    /// registrations are a container checked on its own (a warning names it), not duplicates. What
    /// a test resolves (from its own container, or from the app's to test it) is no app root: it
    /// was a false `missing-binding` error "needed by app code" for a test's own mock, and
    /// jubishop/podhaven's tests made 19 false `isolation-mismatch` warnings.
    @Test func aTestTargetsMockContainerIsNotTheApps() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "App/App.swift": """
            import Swinject
            final class DependencyHelper {
                static let shared = DependencyHelper()
                let container: Container = {
                    let container = Container()
                    container.register(API.self) { _ in LiveAPI() }
                    container.register(Feed.self) { r in Feed(api: r.resolve(API.self)!) }
                    return container
                }()
            }
            func show() { _ = DependencyHelper.shared.container.resolve(Feed.self)! }

            """,
            "AppTests/MockDependencies.swift": """
            import Swinject
            final class MockDependencies {
                let container: Container = {
                    let container = Container()
                    container.register(API.self) { _ in MockAPI() }
                    container.register(Feed.self) { r in Feed(api: r.resolve(Clock.self)!) }
                    return container
                }()
            }

            """,
            "AppTests/FeedTests.swift": """
            import XCTest
            import Swinject
            final class FeedTests: XCTestCase {
                func testClock() {
                    let container = Container()
                    container.register(MockClock.self) { _ in MockClock() }
                    XCTAssertNotNil(container.resolve(MockClock.self))
                    XCTAssertNotNil(DependencyHelper.shared.container.resolve(API.self))
                }
            }

            """,
        ]
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let result = try CLIRunner.run(["check", "."], directory: folder)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                AppTests/FeedTests.swift:3:13: info: 'FeedTests' is test code (AppTests/FeedTests.swift): its registration is a test's container, left out of the app's graph and checked on its own [swift-import]
                AppTests/FeedTests.swift:7:25: info: 2 resolves in test code (1 file in a `…Tests` or `…Specs` folder or importing XCTest, Testing, Quick or Nimble; the first here) are the tests' own, left out of the app's roots [swift-import]
                AppTests/MockDependencies.swift:2:13: info: 'MockDependencies' is test code (AppTests/MockDependencies.swift): its 2 registrations are a test's container, left out of the app's graph and checked on its own [swift-import]
                AppTests/MockDependencies.swift:6:51: warning: nothing provides 'Clock', needed by 'Feed' (parameter 'api') (in the test code's container in 'MockDependencies' (AppTests/MockDependencies.swift), checked on its own) [missing-binding]
                digraph: checked 2 registrations: 0 errors, 1 warning, 3 infos

                """, "\(result.stdout)")
    }

    /// samchen7910/CoolBlueAssignment: each test builds its own container in a local and registers
    /// the same two keys on it. Each test's container is its own, not one container per test type
    /// registering each key four times (6 false "registered again" warnings).
    @Test func eachTestFunctionsLocalContainerIsItsOwn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "App/App.swift": """
            final class Clock {}
            final class Registry {
                private var values: [String: Any] = [:]
                func register<T>(_ type: T.Type, value: T) { values["\\(type)"] = value }
                func resolve<T>(_ type: T.Type) -> T { values["\\(type)"] as! T }
            }
            @main
            struct App {
                static func main() {
                    let registry = Registry()
                    registry.register(Clock.self, value: Clock())
                    _ = registry.resolve(Clock.self)
                }
            }

            """,
            "AppTests/ClockTests.swift": """
            import Testing
            struct ClockTests {
                @Test func first() {
                    let registry = Registry()
                    registry.register(Clock.self, value: Clock())
                    #expect(registry.resolve(Clock.self) !== nil)
                }
                @Test func second() {
                    let registry = Registry()
                    registry.register(Clock.self, value: Clock())
                    #expect(registry.resolve(Clock.self) !== nil)
                }
            }

            """,
        ]
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let result = try CLIRunner.run(["check", "."], directory: folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains("registered again"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "AppTests/ClockTests.swift:2:8: info: 'ClockTests' is test code (AppTests/ClockTests.swift): its 2 registrations are in 2 test containers (a test function building its own is one), left out of the app's graph and each checked on its own [swift-import]\n"
            ), "\(result.stdout)")
    }
}
