import Foundation
import Testing

/// Issue 38, "containers are values": assemblies the code applies only to a container other than
/// the app's (a preview's or a test's, built from `DIContainer(assemblies: [PreviewAssembly()])`)
/// are not merged into the app's graph; one applied where digraph cannot place it still is.
struct ContainerGroupsTests {
    static let app = """
        import Swinject

        public final class DIContainer {
            public static let shared = DIContainer()
            private let assembler: Assembler
            private init() {
                self.assembler = Assembler([
                    DataAssembly(),
                    DomainAssembly()
                ])
            }
            public init(assemblies: [Assembly]) {
                self.assembler = Assembler(assemblies)
            }
            public func override(_ store: Store) {
                assembler.apply(assembly: OverrideAssembly(store: store))
            }
        }

        public extension DIContainer {
            static let preview: DIContainer = {
                DIContainer(assemblies: [PreviewAssembly()])
            }()
            static func testing(with more: [Assembly]) -> DIContainer {
                let all = [TestingAssembly()] + more
                return DIContainer(assemblies: all)
            }
        }

        final class DataAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Store.self) { _ in DiskStore() }
            }
        }
        final class DomainAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Feed.self) { r in Feed(store: r.resolve(Store.self)!, clock: r.resolve(Clock.self)!) }
            }
        }
        final class PreviewAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Store.self) { _ in MemoryStore() }
                container.register(Feed.self) { r in Feed(store: r.resolve(Store.self)!) }
            }
        }
        final class TestingAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Feed.self) { _ in StubFeed() }
            }
        }
        final class OverrideAssembly: Assembly {
            let store: Store
            init(store: Store) { self.store = store }
            func assemble(container: Container) {
                container.register(Store.self) { _ in self.store }
            }
        }

        """

    @Test func assembliesOfOtherContainersStayOutAndTheAppsFaultsRemain() throws {
        let result = try withApp(Self.app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:37:82: error: nothing provides 'Clock', needed by 'Feed' (parameter 'clock') [missing-binding]
                App.swift:40:13: info: 'PreviewAssembly' is applied only to the container built at App.swift:22, not to the app's (built at App.swift:7, taken to be the app's as the largest): its 2 registrations are left out of the app's graph [swift-import]
                App.swift:46:13: info: 'TestingAssembly' is applied only to the container built at App.swift:26, not to the app's (built at App.swift:7, taken to be the app's as the largest): its registration is left out of the app's graph [swift-import]
                App.swift:55:28: error: 'Store' is registered again; this registration silently replaces the one at App.swift:32:28 [duplicate-registration]
                App.swift:32:28: note: first registered here
                digraph: checked 3 registrations: 2 errors, 0 warnings, 2 infos

                """, "\(result.stdout)")
    }

    /// When the preview's assembly is also applied to the app's assembler, the code no longer proves
    /// the containers apart: the copies are duplicates again.
    @Test func anAssemblyAlsoAppliedToTheAppsContainerIsMerged() throws {
        let merged = Self.app.replacingOccurrences(of: "            DomainAssembly()\n", with: "            DomainAssembly(),\n            PreviewAssembly()\n")
        let result = try withApp(merged) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 1)
        #expect(!result.stdout.contains("'PreviewAssembly' is applied only"), "\(result.stdout)")
        #expect(result.stdout.contains("error: 'Feed' is registered again"), "\(result.stdout)")
    }
    /// tomdwipo/DI-Swinject 154ed0e: a feature package's `SetupGo` builds `Assembler([LoginAssembly(),
    /// MockWireframeAssembly(), GoAssembly()], container:)` for its tests, the app `Assembler([Main…,
    /// LoginAssembly(), GoAssembly(), WireframeAssembly()])`. Sharing two assemblies joined them into
    /// one graph: a false `duplicate-registration` error for the router. The walk from the scene
    /// reaches what only the app's applies (through `static let firstScreen = assembler.resolver…`,
    /// a bare name of another static property, which it did not follow before), so the feature's
    /// container is its own: what only it applies is left out of the app's graph, with an info.
    @Test func groupsJoinedOnlyByAssembliesTheyShareAreTwoContainers() throws {
        let app = """
            import Swinject
            import UIKit

            protocol Routing {}
            final class AppRouter: Routing {}
            final class MockRouter: Routing {}
            final class LoginService {}
            final class GoScreen {
                init(router: Routing, login: LoginService) {}
            }

            final class LoginAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(LoginService.self) { _ in LoginService() }
                }
            }
            final class GoAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(GoScreen.self) { r in GoScreen(router: r.resolve(Routing.self)!, login: r.resolve(LoginService.self)!) }
                }
            }
            final class RouterAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Routing.self) { _ in AppRouter() }
                }
            }
            final class MockRouterAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Routing.self) { _ in MockRouter() }
                }
            }

            // The app's container, reached from the scene through two static properties.
            enum AppAssembler {
                static let assembler = Assembler([LoginAssembly(), GoAssembly(), RouterAssembly()])
                static let firstScreen = assembler.resolver.resolve(GoScreen.self)!
            }

            // A feature's own container for its tests: it shares two assemblies with the app's.
            enum GoFeatureSetup {
                static let container = Container()
                static let assembler = Assembler([LoginAssembly(), MockRouterAssembly(), GoAssembly()], container: container)
            }

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    _ = AppAssembler.firstScreen
                }
            }

            """
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:27:13: info: 'MockRouterAssembly' is applied only to the container built at App.swift:42, not to the app's (built at App.swift:35, which the app's entry reaches; the two share other assemblies): its registration is left out of the app's graph [swift-import]
                digraph: checked 3 registrations: 0 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
    }

    /// Windscribe/iOS-App (fe83b57a): the app applies its assemblies to `Assembler.container`
    /// (reached from the app delegate's `lazy var`s through `Assembler.resolve`), its App Intents
    /// resolve from `ContainerResolver`'s own lazy `Container()`, its tunnel from
    /// `Container(isExt:)`; all three call the helper `injectCore()`. Read as one graph: false
    /// `duplicate-registration` errors, and (the walk did not read the delegate's lazy properties,
    /// so the helper declared last kept source order) a false `registration-order` error for what
    /// `RepositoryAssembly` resolves as it assembles.
    @Test func aContainerATypeMakesForItselfIsCheckedOnItsOwn() throws {
        let app = """
            import Swinject
            import UIKit

            protocol Logger {}
            final class FileLogger: Logger {}
            protocol APIUtil {}
            final class APIUtilImpl: APIUtil {}
            final class Credentials { init(logger: Logger) {} }
            final class Repository { init(logger: Logger) {} }
            final class Settings {}

            final class NetworkAssembly: Assembly {
                func assemble(container: Swinject.Container) {
                    container.injectCore()
                    container.register(APIUtil.self) { _ in APIUtilImpl() }
                    container.register(Credentials.self) { r in Credentials(logger: r.resolve(Logger.self)!) }
                }
            }
            final class RepositoryAssembly: Assembly {
                func assemble(container: Container) {
                    let logger = container.resolve(Logger.self)!
                    container.register(Repository.self) { _ in Repository(logger: logger) }
                }
            }

            extension Assembler {
                static let container = Container()
                static let assembler: Assembler = .init([NetworkAssembly(), RepositoryAssembly()], container: container)
                static func resolve<Service>(_ type: Service.Type) -> Service { assembler.resolver.resolve(type)! }
            }

            @UIApplicationMain
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                private lazy var repository: Repository = Assembler.resolve(Repository.self)
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    print(repository, Assembler.resolve(APIUtil.self), Assembler.resolve(Credentials.self))
                    return true
                }
            }

            final class ContainerResolver {
                private lazy var container: Container = {
                    self.container = Container()
                    container.injectCore()
                    container.register(APIUtil.self) { _ in APIUtilImpl() }.inObjectScope(.container)
                    return container
                }()
                func apiUtil() -> APIUtil { container.resolve(APIUtil.self)! }
                func settings() -> Settings { container.resolve(Settings.self)! }
            }

            struct ConnectIntent {
                func perform() { print(ContainerResolver().apiUtil(), ContainerResolver().settings()) }
            }

            final class TunnelProvider {
                let container = Container(isExtension: true)
                func start() { print(container.resolve(Credentials.self)!) }
            }

            extension Container {
                func injectCore() {
                    register(Logger.self) { _ in FileLogger() }.inObjectScope(.container)
                }
                convenience init(isExtension: Bool) {
                    self.init()
                    injectCore()
                    register(Credentials.self) { r in Credentials(logger: r.resolve(Logger.self)!) }
                    register(APIUtil.self) { _ in APIUtilImpl() }
                }
            }

            """
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:43:26: info: 'ContainerResolver.container' is a container of its own, made here, not the app's: its registration is left out of the app's graph; it is checked on its own, with what `injectCore()` registers on it [swift-import]
                App.swift:49:35: warning: nothing provides 'Settings', needed by app code (resolved directly) (in the container 'ContainerResolver.container' (App.swift:43), checked on its own) [missing-binding]
                App.swift:65:17: info: 'Container.init(isExtension:)' is a container of its own, made here, not the app's: its 2 registrations are left out of the app's graph; it is checked on its own, with what `injectCore()` registers on it [swift-import]
                digraph: checked 4 registrations: 0 errors, 1 warning, 2 infos

                """, "\(result.stdout)")
    }

    /// A type's container handed to the `Assembler` is the one the assemblies register on: what it
    /// registers itself meets theirs (the duplicate is real).
    @Test func aTypesContainerHandedToTheAssemblerIsTheApps() throws {
        let app = """
            import Swinject

            protocol Clock {}
            final class SystemClock: Clock {}
            final class FrozenClock: Clock {}

            final class ClockAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Clock.self) { _ in SystemClock() }
                }
            }

            final class AppContainer {
                static let shared = AppContainer()
                let container = Container()
                private(set) lazy var assembler = Assembler([ClockAssembly()], container: container)
                func start() {
                    container.register(Clock.self) { _ in FrozenClock() }
                    _ = assembler
                }
            }

            """
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 1)
        #expect(result.stdout.contains("App.swift:18:28: error: 'Clock' is registered again"), "\(result.stdout)")
        #expect(!result.stdout.contains("container of its own"), "\(result.stdout)")
    }
}
