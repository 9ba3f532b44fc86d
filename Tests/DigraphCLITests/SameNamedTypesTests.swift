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
        let result = try withApp(Self.app(feed: "        let feedUseCase: FeedUseCase")) { folder in
            try CLIRunner.run(["check", "App.swift"], directory: folder)
        }
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:35:68: error: nothing provides 'FeedUseCase', needed by app code (resolved directly) [missing-binding]
                digraph: checked 3 registrations: 1 error, 0 warnings, 0 infos

                """, "\(result.stdout)")
        #expect(result.stderr == "digraph: read 1 Swift file: 3 registrations, 4 resolves, 0 calls not understood\n", "\(result.stderr)")
    }

    @Test func theEnclosingTypeDecidesWhereTheLabelsFitSeveral() throws {
        // Login's and Feed's `Dependencies` both take `feedUseCase:` now; each call is written
        // inside its own feature, whose nested type Swift picks: Login's resolve is a LoginUseCase.
        let app = Self.app(feed: "        let feedUseCase: FeedUseCase").replacingOccurrences(
            of: "        let loginUseCase: LoginUseCase\n        let analytics: Analytics",
            with: "        let feedUseCase: LoginUseCase"
        ).replacingOccurrences(
            of: "Dependencies(loginUseCase: Locator.resolve(), analytics: Locator.resolve())", with: "Dependencies(feedUseCase: Locator.resolve())")
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:34:68: error: nothing provides 'FeedUseCase', needed by app code (resolved directly) [missing-binding]
                App.swift:41:9: info: nothing reachable from a root uses 'Analytics'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                digraph: checked 3 registrations: 1 error, 0 warnings, 1 info

                """, "\(result.stdout)")
    }

    /// Two SwiftPM targets each declare a top-level `Dependencies` taking `useCase:`. Which one a
    /// call means is the one its file sees: its own module's (Feed), else the one module it imports
    /// (App imports Login). A file importing both cannot name `Dependencies` without a module, and
    /// digraph does not guess: its resolve is left out with a warning.
    @Test func aSameNamedTypeIsTheOneTheFilesModuleAndImportsSee() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-modules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"App\")\n",
            "Sources/Login/Login.swift": """
            public protocol LoginUseCase {}
            public struct Dependencies { let useCase: LoginUseCase }
            """,
            "Sources/Feed/Feed.swift": """
            import Swinject
            public protocol FeedUseCase {}
            public struct Dependencies { let useCase: FeedUseCase }
            func makeFeed(_ resolver: Resolver) -> Dependencies { Dependencies(useCase: resolver.resolve()!) }
            """,
            "Sources/App/App.swift": """
            import Swinject
            import Login
            func makeLogin(_ resolver: Resolver) -> Dependencies { Dependencies(useCase: resolver.resolve()!) }
            """,
            "Sources/Both/Both.swift": """
            import Swinject
            import Login
            import Feed
            func makeEither(_ resolver: Resolver) -> Any { Dependencies(useCase: resolver.resolve()!) }
            """,
        ]
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let result = try CLIRunner.run(["import", "."], directory: folder)
        #expect(result.status == 0)
        #expect(
            result.stdout.hasSuffix(
                """
                resolves:
                  # Sources/App/App.swift:3
                  - LoginUseCase
                  # Sources/Feed/Feed.swift:4
                  - FeedUseCase

                """), "\(result.stdout)")
        #expect(
            result.stderr.hasPrefix(
                "Sources/Both/Both.swift:4:70: warning: this resolve names no type (`resolver.resolve()`) and digraph cannot tell the type Swift infers here"
            ), "\(result.stderr)")
    }
}
