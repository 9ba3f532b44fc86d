import Foundation
import Testing

/// Issue 39: a type name several modules (or outer types) declare. `Dependencies(profileUseCase:
/// Locator.resolve())`, where three features each declare a `struct Dependencies`, types its
/// resolve by the one declaration whose initializer those labels fit; when more than one fits,
/// nothing is guessed.
struct SameNamedTypesTests {
    static func app(feed: String) -> String {
        """
        import Swinject

        enum Locator {
            static let container = Container()
            static func resolve<T>() -> T { container.resolve(T.self)! }
        }

        protocol LoginUseCase {}
        protocol ProfileUseCase {}
        protocol FeedUseCase {}
        protocol Analytics {}
        final class Login: LoginUseCase {}
        final class Profile: ProfileUseCase {}
        final class Tracker: Analytics {}

        enum LoginModule {
            struct Dependencies {
                let loginUseCase: LoginUseCase
                let analytics: Analytics
            }
            static func make() -> Dependencies { Dependencies(loginUseCase: Locator.resolve(), analytics: Locator.resolve()) }
        }

        enum ProfileModule {
            struct Dependencies {
                let profileUseCase: ProfileUseCase
            }
            static func make() -> Dependencies { Dependencies(profileUseCase: Locator.resolve()) }
        }

        enum FeedModule {
            struct Dependencies {
        \(feed)
            }
            static func make() -> Dependencies { Dependencies(feedUseCase: Locator.resolve()) }
        }

        final class AppDelegate {
            func application(_ application: Any?, didFinishLaunchingWithOptions options: [String: Any]?) -> Bool {
                Locator.container.register(LoginUseCase.self) { _ in Login() }
                Locator.container.register(ProfileUseCase.self) { _ in Profile() }
                Locator.container.register(Analytics.self) { _ in Tracker() }
                return true
            }
        }

        """
    }

    @Test func eachResolveIsTypedByTheDeclarationItsLabelsFit() throws {
        // FeedModule's `FeedUseCase` is registered nowhere: found because its resolve is typed.
        let result = try withApp(Self.app(feed: "        let feedUseCase: FeedUseCase")) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:35:68: error: nothing provides 'FeedUseCase', needed by app code (resolved directly) [missing-binding]
                digraph: checked 3 registrations: 1 error, 0 warnings, 0 infos

                """, "\(result.stdout)")
        #expect(result.stderr == "digraph: read 1 Swift file: 3 registrations, 4 resolves, 0 calls not understood\n", "\(result.stderr)")
    }

    @Test func twoDeclarationsTheLabelsFitAreNotGuessedBetween() throws {
        // Login's and Feed's `Dependencies` both take `feedUseCase:` now: which one Swift picks
        // depends on the module, so the resolve is left out, with a warning, not typed at random.
        let app = Self.app(feed: "        let feedUseCase: FeedUseCase").replacingOccurrences(
            of: "        let loginUseCase: LoginUseCase\n        let analytics: Analytics",
            with: "        let feedUseCase: LoginUseCase"
        ).replacingOccurrences(of: "Dependencies(loginUseCase: Locator.resolve(), analytics: Locator.resolve())", with: "Dependencies(feedUseCase: Locator.resolve())")
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:20:68: warning: this resolve names no type (`Locator.resolve()`) and digraph cannot tell the type Swift infers here (it reads an initializer's parameter, `as X`, `let x: X =` and a function's return type); it is left out [swift-import]
                App.swift:34:68: warning: this resolve names no type (`Locator.resolve()`) and digraph cannot tell the type Swift infers here (it reads an initializer's parameter, `as X`, `let x: X =` and a function's return type); it is left out [swift-import]
                App.swift:39:9: info: nothing reachable from a root uses 'LoginUseCase'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                App.swift:41:9: info: nothing reachable from a root uses 'Analytics'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                digraph: checked 3 registrations: 0 errors, 2 warnings, 2 infos

                """, "\(result.stdout)")
    }
}
