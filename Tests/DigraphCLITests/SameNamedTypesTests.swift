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

    /// A scratch folder holding `files` (path: text), the folders on the way made; the caller removes it.
    static func package(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-modules-\(UUID().uuidString)")
        do {
            for (path, text) in files {
                let file = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        return folder
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
        let folder = try Self.package(files)
        defer { try? FileManager.default.removeItem(at: folder) }
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
    /// adrianod1as/TheFeels and udtm: Xcode apps split into framework projects, where Domain declares
    /// `protocol UserRepository` and AppData the `class UserRepository` registered for it. The
    /// assemblies key it `Domain.UserRepository`; a parameter written bare is the one its own module
    /// sees, and a module is kept in a key only where the name needs it (`Domain.Clock` is `Clock`).
    /// Each project's targets say which module compiles a file (`PRODUCT_MODULE_NAME`, else the
    /// target's name). It was 10 false `missing-binding` errors in the two apps. The fixture is
    /// compiled and run against Swinject 2.10.0 (SwinjectAssemblyBehaviourTests, `ModularShop`).
    @Test func aNameTwoModulesDeclareIsTheOneItsFilesModuleSees() throws {
        let result = try CLIRunner.run(["check", "fixtures/import/modules"])
        #expect(result.status == 0)
        #expect(result.stdout == "digraph: checked 5 registrations: 0 errors, 0 warnings, 0 infos\n", "\(result.stdout)")
        #expect(result.stderr == "digraph: read 6 Swift files: 5 registrations, 5 resolves, 0 calls not understood\n", "\(result.stderr)")
    }

    /// The same in a package, where `Sources/<Target>` names the module: `Store` is declared in two
    /// modules and keeps its module, `Clock` in one and does not.
    @Test func aPackagesModulesSpellKeysTheSameWay() throws {
        let files = [
            "Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"App\")\n",
            "Sources/Domain/Domain.swift": """
            public protocol Clock {}
            public protocol Store {}
            public final class Feed { public init(store: Store, clock: Clock) {} }
            """,
            "Sources/Data/Data.swift": """
            import Domain
            public final class Store: Domain.Store { public init() {} }
            public final class SystemClock: Clock { public init() {} }
            """,
            "Sources/App/App.swift": """
            import Swinject
            import Domain
            import Data
            func wire(_ container: Container) {
                container.register(Domain.Store.self) { _ in Data.Store() }
                container.register(Domain.Clock.self) { _ in SystemClock() }
                container.register(Feed.self) { r in Feed(store: r.resolve()!, clock: r.resolve()!) }
            }
            """,
        ]
        let folder = try Self.package(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLIRunner.run(["import", "."], directory: folder)
        #expect(result.status == 0)
        #expect(
            result.stdout.hasSuffix(
                """
                  # Sources/App/App.swift:7
                  - provides: Feed
                    lifetime: graph
                    module: Domain
                    dependencies:
                      store: Domain.Store
                      clock: Clock

                """), "\(result.stdout)")
    }
    /// swiyu-admin-ch/eidch-ios-wallet: two feature modules each declare `var cameraPermissionViewModel:
    /// ParameterFactory<…, CameraPermissionViewModel>` for their own view model. Factory keys by the
    /// type and the property, so these are two registrations, not one declared twice; each view's
    /// `Container.shared.viewModel()` is its own module's. Two types printed alike are no
    /// `key-collision` in Factory, which keys by type identity.
    @Test func twoModulesFactoriesOfTheirOwnSameNamedTypesAreTwoKeys() throws {
        func feature(_ name: String, scope: String) -> String {
            """
            import FactoryKit
            final class ViewModel {}
            extension Container {
                var viewModel: Factory<ViewModel> { self { ViewModel() }\(scope) }
            }
            public struct \(name)View {
                let model = Container.shared.viewModel()
                public init() {}
            }
            """
        }
        let files = [
            "Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"App\")\n",
            "Sources/Login/Login.swift": feature("Login", scope: ""),
            "Sources/Feed/Feed.swift": feature("Feed", scope: ".singleton"),
            "Sources/App/App.swift": "import Feed\nimport Login\n@main struct App {\n    static func main() { _ = (LoginView(), FeedView()) }\n}\n",
        ]
        let folder = try Self.package(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let checked = try CLIRunner.run(["check", "."], directory: folder)
        #expect(checked.status == 0)
        #expect(checked.stdout == "digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
        let imported = try CLIRunner.run(["import", "."], directory: folder)
        #expect(
            imported.stdout.hasSuffix(
                """
                registrations:
                  # Sources/Feed/Feed.swift:4
                  - provides: Feed.ViewModel
                    implementation: Feed.ViewModel
                    lifetime: singleton
                    name: viewModel
                    module: Feed
                  # Sources/Login/Login.swift:4
                  - provides: Login.ViewModel
                    implementation: Login.ViewModel
                    name: viewModel
                    module: Login

                resolves:
                  # Sources/Feed/Feed.swift:7
                  - { type: Feed.ViewModel, name: viewModel, launch: true }
                  # Sources/Login/Login.swift:7
                  - { type: Login.ViewModel, name: viewModel, launch: true }

                """), "\(imported.stdout)")
    }
    /// Pasik2032/CityDiscover: the Game and User packages each declare `enum Collection {}` and, in an
    /// extension of it, `typealias Module = (router: Router, input: Input)` registered by a nested
    /// assembly. The two keys are two types, one in each module: it was a false "registered again"
    /// warning. A module that declares a type of its own name (User declares `struct User`) cannot
    /// qualify a name in Swift, so that key stays as written. Each factory returns a tuple of the
    /// locals it built: read in full (an info), not "cannot read" (7 warnings in the app).
    @Test func aNestedAliasInTwoPackagesIsTwoKeysAndATupleOfLocalsIsRead() throws {
        func feature(_ module: String) -> String {
            """
            import Swinject
            enum Flow {}
            protocol FlowInput: AnyObject {}
            protocol Networking {}
            final class Network: Networking {}
            struct \(module) {}
            extension Flow {
                final class Router {}
                final class Logic: FlowInput {
                    init(networking: Networking) {}
                }
                typealias Screen = (router: Router, input: FlowInput)
                struct Assembly: Swinject.Assembly {
                    func assemble(container: Container) {
                        container.register(Networking.self) { _ in Network() }
                        container.register(Screen.self) { r in
                            let router = Router()
                            let logic = Logic(networking: r.resolve(Networking.self)!)
                            return (router, logic)
                        }
                    }
                }
            }
            public func show\(module)(_ r: Resolver) { _ = r.resolve(Flow.Screen.self)! }
            public func assemble\(module)(_ c: Container) { Flow.Assembly().assemble(container: c) }
            """
        }
        let package = "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"P\")\n"
        let files = [
            "Game/Package.swift": package,
            "Game/Sources/Game/Flow.swift": feature("Board"),
            "User/Package.swift": package,
            "User/Sources/User/Flow.swift": feature("User"),
            "App/Main.swift": """
            import Swinject
            import Game
            import User
            let container = Container()
            func launch() {
                assembleBoard(container)
                assembleUser(container)
                showBoard(container)
                showUser(container)
            }
            """,
        ]
        let folder = try Self.package(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLIRunner.run(["check", "."], directory: folder)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Game/Sources/Game/Flow.swift:19:24: info: 'Screen': it returns a tuple of values the factory builds (`(router, logic)`), what building them resolves read as its dependencies; a manifest cannot build a tuple, so it is imported with implementation FILL_IN, to fill in only if generated code must build it [swift-import]
                User/Sources/User/Flow.swift:19:24: info: 'Screen': it returns a tuple of values the factory builds (`(router, logic)`), what building them resolves read as its dependencies; a manifest cannot build a tuple, so it is imported with implementation FILL_IN, to fill in only if generated code must build it [swift-import]
                digraph: checked 4 registrations: 0 errors, 0 warnings, 2 infos

                """, "\(result.stdout)")
        let imported = try CLIRunner.run(["import", "."], directory: folder)
        for key in ["  - provides: Game.Flow.Screen\n", "  - provides: Flow.Screen\n", "  - provides: Game.Networking\n", "  - provides: Networking\n"] {
            #expect(imported.stdout.contains(key), "\(key) \(imported.stdout)")
        }
    }
}
