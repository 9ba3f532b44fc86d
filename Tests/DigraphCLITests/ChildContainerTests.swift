import Foundation
import Testing

/// Issue 38: Swinject's child containers are values. What is registered on a `Container(parent:)`
/// is that child's: it resolves its own keys, then its parent's. The same key in two children, or
/// in a child and its parent, is two keys; twice in one child is a duplicate. Compiled and run
/// against Swinject 2.10.0 by SwinjectAssemblyBehaviourTests ("Children").
struct ChildContainerTests {
    @Test func eachChildIsCheckedWithItsParentsAndOnlyItsOwnFaultsAreReported() throws {
        let result = try CLIRunner.run(["check", "fixtures/import/children"])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                fixtures/import/children/App.swift:67:97: error: nothing provides 'Clock', needed by 'SettingsScreen' (parameter 'clock') (in the child container 'SettingsFeature.container' (App.swift:64)) [missing-binding]
                fixtures/import/children/App.swift:69:28: error: 'Routing' is registered again; this registration silently replaces the one at fixtures/import/children/App.swift:65:28 (in the child container 'SettingsFeature.container' (App.swift:64)) [duplicate-registration]
                fixtures/import/children/App.swift:65:28: note: first registered here
                fixtures/import/children/App.swift:80:69: warning: nothing provides 'Clock', needed by 'ProfileScreen' (parameter 'clock') (in the child container 'ProfileFeature.container' (App.swift:79), if the app makes it) [missing-binding]
                digraph: checked 9 registrations: 2 errors, 1 warning, 0 infos

                """, "\(result.stdout)")
        #expect(result.stderr == "digraph: read 1 Swift file: 9 registrations, 7 resolves, 0 calls not understood\n")
    }

    /// The same shapes without the faults: three `Routing`s and two `Analytics` in three
    /// containers, each nested `Screen` alias its own type, a local child made by a function, the
    /// app resolving from a child it builds in place. Nothing is reported.
    @Test func keysAChildSharesWithItsParentOrASiblingAreNoDuplicates() throws {
        let app = """
            import Swinject

            protocol Routing: AnyObject {}
            final class HomeRouter: Routing {}
            final class SettingsRouter: Routing {}
            final class Analytics {}
            final class HomeScreen { init(router: Routing, analytics: Analytics) {} }
            final class SettingsScreen { init(router: Routing, analytics: Analytics) {} }

            final class HomeFeature {
                typealias Screen = HomeScreen
                let container: Container
                init(parent: Container) {
                    container = Container(parent: parent)
                    container.register(Routing.self) { _ in HomeRouter() }
                    container.register(Analytics.self) { _ in Analytics() }
                    container.register(Screen.self) { r in HomeScreen(router: r.resolve(Routing.self)!, analytics: r.resolve(Analytics.self)!) }
                }
            }

            enum SettingsContainer {
                typealias Screen = SettingsScreen
                static func make(parent: Container) -> Container {
                    let container = Container(parent: parent)
                    container.register(Routing.self) { _ in SettingsRouter() }
                    screen(container)
                    return container
                }
                private static func screen(_ container: Container) {
                    container.register(Screen.self) { r in SettingsScreen(router: r.resolve(Routing.self)!, analytics: r.resolve(Analytics.self)!) }
                }
            }

            final class AppDelegate {
                let container = Container()
                func application(_ application: Any?, didFinishLaunchingWithOptions options: [String: Any]?) -> Bool {
                    container.register(Routing.self) { _ in HomeRouter() }
                    container.register(Analytics.self) { _ in Analytics() }.inObjectScope(.container)
                    _ = HomeFeature(parent: container).container.resolve(HomeFeature.Screen.self)!
                    _ = SettingsContainer.make(parent: container).resolve(SettingsScreen.self)!
                    _ = container.resolve(Routing.self)!
                    return true
                }
            }

            """
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(result.stdout == "digraph: checked 7 registrations: 0 errors, 0 warnings, 0 infos\n", "\(result.stdout)")
    }

    /// Each child's graph holds its parents' registrations: at most 64 children are checked that
    /// way, and the rest are said, never skipped in silence (`scripts/synth-shapes.py children 66`).
    @Test func childrenPastTheLimitAreSaidOnce() throws {
        let made = try CLIRunner.runProgram("/usr/bin/env", ["python3", "scripts/synth-shapes.py", "children", "66"])
        let result = try withApp(made.stdout) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:656:21: info: 2 more child containers are not checked as graphs of their own (the first 64 are): what is registered on them is checked nowhere [swift-import]
                digraph: checked 198 registrations: 0 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
    }
}
