import Foundation
import Testing

/// `#if` read per build (issue 38): a debug and a release build, plus the flags a team names; a
/// condition digraph cannot decide keeps every clause, as alternatives.
struct BuildConfigurationTests {
    func check(_ swift: String, arguments: [String] = []) throws -> CLIRunner.Result {
        try withApp(swift) { folder in try CLIRunner.run(["check", "App.swift"] + arguments, directory: folder) }
    }

    static let app = """
        import Swinject
        func assemble(container: Container) {
            #if DEBUG
            container.register(Logger.self) { _ in ConsoleLogger() }
            #else
            container.register(Logger.self) { _ in FileLogger() }
            #endif
            #if DEBUG
            container.register(Analytics.self) { _ in Analytics() }
            #endif
            #if false
            container.register(Store.self) { _ in Store() }
            #endif
            container.register(Feed.self) { r in
                Feed(logger: r.resolve(Logger.self)!, analytics: r.resolve(Analytics.self)!, store: r.resolve(Store.self)!)
            }
        }
        func run(container: Container) { _ = container.resolve(Feed.self) }

        """

    @Test func eachBuildIsCheckedAndAFindingOfOneBuildSaysWhich() throws {
        let result = try check(Self.app)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:15:47: error: nothing provides 'Analytics', needed by 'Feed' (parameter 'analytics') (only in a release build) [missing-binding]
                App.swift:15:86: error: nothing provides 'Store', needed by 'Feed' (parameter 'store') [missing-binding]
                digraph: checked 3 registrations: 2 errors, 0 warnings, 0 infos

                """, "\(result.stdout)")
        #expect(
            result.stderr
                == "digraph: read 1 Swift file: 3 registrations, 4 resolves, 0 calls not understood; checked as a debug and a release build (their `#if`s differ)\n",
            "\(result.stderr)")
    }

    @Test func aFlagTheTeamNamesDecidesItsClauses() throws {
        let swift = """
            import Swinject
            func assemble(container: Container) {
                #if STAGING
                container.register(API.self) { _ in StagingAPI() }
                #else
                container.register(API.self) { _ in ProductionAPI() }
                #endif
            }
            func run(container: Container) { _ = container.resolve(API.self) }

            """
        let undecided = try check(swift)
        #expect(undecided.status == 0)
        #expect(
            undecided.stdout == """
                App.swift:6:5: info: 'API' is registered here and at App.swift:4 in alternative branches, of which the app applies one: the graph keeps the first [swift-import]
                digraph: checked 1 registration: 0 errors, 0 warnings, 1 info

                """, "\(undecided.stdout)")
        let defined = try check(swift, arguments: ["--define", "STAGING"])
        #expect(defined.status == 0)
        #expect(defined.stdout == "digraph: checked 1 registration: 0 errors, 0 warnings, 0 infos\n", "\(defined.stdout)")
        let imported = try withApp(swift) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-", "--define", "STAGING"], directory: folder) }
        #expect(imported.stdout.contains("provides: API\n    implementation: StagingAPI\n"), "\(imported.stdout)")
        let refused = try check(swift, arguments: ["--define", "1x"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--define 1x: write a compilation condition's name, an identifier such as STAGING"), "\(refused.stderr)")
    }

    /// Windscribe/iOS-App (fe83b57a): code its iOS and tvOS apps both compile resolves
    /// `WelcomeViewController` under `#elseif os(tvOS)`, which only the tvOS app registers. digraph
    /// does not decide `os(…)`: a key resolved only under such a clause is missing only in the builds
    /// that compile it, a warning; one also resolved outside (`Settings`), or under a condition digraph
    /// decides (`#if DEBUG`), stays an error.
    @Test func aKeyResolvedOnlyUnderAnUndecidedConditionIsAWarning() throws {
        let app = """
            import Swinject

            final class PhoneWelcome {}
            final class TVWelcome {}
            final class DebugMenu {}
            final class Settings {}

            enum Root {
                static let container: Container = {
                    let container = Container()
                    container.register(PhoneWelcome.self) { _ in PhoneWelcome() }
                    return container
                }()
            }

            final class SessionManager {
                func logout() {
                    #if os(iOS)
                        _ = Root.container.resolve(PhoneWelcome.self)!
                    #elseif os(tvOS)
                        _ = Root.container.resolve(TVWelcome.self)!
                    #endif
                    #if DEBUG
                        _ = Root.container.resolve(DebugMenu.self)!
                    #endif
                    #if os(macOS)
                        _ = Root.container.resolve(Settings.self)!
                    #endif
                }
                func openSettings() {
                    _ = Root.container.resolve(Settings.self)!
                }
            }

            """
        let result = try check(app)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:21:17: warning: nothing provides 'TVWelcome', needed by app code (resolved directly) (it is resolved only under `#elseif os(tvOS)` (App.swift:21), which digraph does not decide: an error only in the builds that compile that code) [missing-binding]
                App.swift:24:17: error: nothing provides 'DebugMenu', needed by app code (resolved directly) (only in a debug build) [missing-binding]
                App.swift:27:17: error: nothing provides 'Settings', needed by app code (resolved directly) [missing-binding]
                App.swift:31:13: note: also needed by app code (resolved directly)
                digraph: checked 1 registration: 2 errors, 1 warning, 0 infos

                """, "\(result.stdout)")
    }
}
