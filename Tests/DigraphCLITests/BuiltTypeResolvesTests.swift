import Foundation
import Testing

/// Issue 39: what building a type resolves by itself, for Swinject and hand-rolled containers: a
/// resolve in its initializer or a stored property's initial value, in its superclass's, or in a
/// `.shared` instance's private initializer that it reads there, is a dependency of the
/// registrations that build it. The resolves stay the app's own too.
struct BuiltTypeResolvesTests {
    static let sharedSession =
        dictionaryContainer + """

            protocol Network {}
            final class URLSessionNetwork: Network {}
            protocol Tokens {}
            final class KeychainTokens: Tokens {}

            final class Session {
                static let shared = Session()
                let network: Network
                let tokens: Tokens
                private init() {
                    network = DIContainer.shared.resolve(Network.self)
                    tokens = DIContainer.shared.resolve(Tokens.self)
                }
            }

            final class FeedRepository {
                let session = Session.shared
            }

            final class AppDelegate {
                func application(_ application: Any?, didFinishLaunchingWithOptions options: [String: Any]?) -> Bool {
                    DIContainer.shared.register(Network.self, instance: URLSessionNetwork())
                    DIContainer.shared.register(FeedRepository.self, instance: FeedRepository())
                    return true
                }
            }

            """

    /// `FeedRepository()` is built as it is registered; it reads `Session.shared`, whose private
    /// `init` resolves `Network` and `Tokens`. Nothing registers `Tokens`: one missing key, needed
    /// by the repository and by the session's code.
    @Test func aSharedInstancesInitializerIsPartOfBuildingTheTypeThatReadsIt() throws {
        let result = try withApp(Self.sharedSession) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:22:18: error: nothing provides 'Tokens', needed by 'FeedRepository' (parameter 'tokens') [missing-binding]
                App.swift:22:18: note: also needed by app code (resolved directly)
                App.swift:33:9: info: nothing reachable from a root uses 'FeedRepository'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                digraph: checked 2 registrations: 1 error, 0 warnings, 1 info

                """, "\(result.stdout)")
    }

    /// The repository registered before `Network`: building it at registration resolves `Network`
    /// through the session before anything registers it, a launch crash.
    @Test func resolvingThroughASharedInstanceBeforeTheKeyIsRegisteredStopsTheLaunch() throws {
        let swapped = Self.sharedSession
            .replacingOccurrences(of: "let tokens: Tokens", with: "let tokens: Tokens?")
            .replacingOccurrences(of: "tokens = DIContainer.shared.resolve(Tokens.self)", with: "tokens = nil")
            .replacingOccurrences(
                of:
                    "        DIContainer.shared.register(Network.self, instance: URLSessionNetwork())\n        DIContainer.shared.register(FeedRepository.self, instance: FeedRepository())",
                with:
                    "        DIContainer.shared.register(FeedRepository.self, instance: FeedRepository())\n        DIContainer.shared.register(Network.self, instance: URLSessionNetwork())"
            )
        let result = try withApp(swapped) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "App.swift:21:19: error: 'FeedRepository' resolves 'Network' when it is registered (parameter 'network'), but 'Network' is registered only after it"
            ), "\(result.stdout)")
        let imported = try withApp(swapped) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  # 'network' is resolved while FeedRepository is built (App.swift:21)
                  - provides: FeedRepository
                    eager: true
                    dependencies:
                      network: Network
                """), "\(imported.stdout)")
    }

    /// A view model whose superclass resolves in its `init`: the singleton view model keeps the
    /// graph-scoped analytics it inherits, a captive Swinject builds.
    @Test func aSuperclassInitializersResolveIsTheSubclasssDependency() throws {
        let app = """
            import Swinject

            enum Locator {
                static let container = Container()
            }

            protocol Analytics {}
            final class Tracker: Analytics {}

            class BaseViewModel {
                let analytics: Analytics
                init() {
                    analytics = Locator.container.resolve(Analytics.self)!
                }
            }

            final class FeedViewModel: BaseViewModel {}

            final class AppDelegate {
                func application(_ application: Any?, didFinishLaunchingWithOptions options: [String: Any]?) -> Bool {
                    Locator.container.register(Analytics.self) { _ in Tracker() }
                    Locator.container.register(FeedViewModel.self) { _ in FeedViewModel() }.inObjectScope(.container)
                    _ = Locator.container.resolve(FeedViewModel.self)!
                    return true
                }
            }

            """
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout.hasPrefix(
                "App.swift:13:21: warning: singleton 'FeedViewModel' holds graph 'Analytics' (parameter 'analytics')"
            ), "\(result.stdout)")
        // Resolved in a method, it is not part of building the value: no captive.
        let later = app.replacingOccurrences(
            of: "    let analytics: Analytics\n    init() {\n        analytics = Locator.container.resolve(Analytics.self)!\n    }",
            with: "    func track() { _ = Locator.container.resolve(Analytics.self)! }")
        let plain = try withApp(later) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(plain.stdout == "digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos\n", "\(plain.stdout)")
    }

    /// A type built inline in the factory (`Screen(model: Model())`) resolves for it as the factory
    /// runs: the singleton screen keeps the graph-scoped analytics its model resolves. Built inside a
    /// closure the factory hands on (`Screen(make: { Model() })`), it resolves when that closure is
    /// called: a lazy edge, no captive.
    @Test func aTypeBuiltInlineResolvesForTheFactory() throws {
        let app = """
            import Swinject

            enum Locator {
                static let container = Container()
            }

            protocol Analytics {}
            final class Tracker: Analytics {}

            final class Model {
                let analytics: Analytics
                init() { analytics = Locator.container.resolve(Analytics.self)! }
            }

            final class Screen {
                init(model: Model) {}
                init(make: @escaping () -> Model) {}
            }

            final class AppDelegate {
                func application(_ application: Any?, didFinishLaunchingWithOptions options: [String: Any]?) -> Bool {
                    Locator.container.register(Analytics.self) { _ in Tracker() }
                    Locator.container.register(Screen.self) { _ in Screen(model: Model()) }.inObjectScope(.container)
                    _ = Locator.container.resolve(Screen.self)!
                    return true
                }
            }

            """
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout.hasPrefix(
                "App.swift:12:26: warning: singleton 'Screen' holds graph 'Analytics' (parameter 'analytics')"
            ), "\(result.stdout)")
        let later = app.replacingOccurrences(of: "Screen(model: Model())", with: "Screen(make: { Model() })")
        let lazy = try withApp(later) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(lazy.stdout.contains("      analytics: { type: Analytics, lazy: true }\n"), "\(lazy.stdout)")
        let plain = try withApp(later) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(plain.status == 0)
        #expect(!plain.stdout.contains("captive-dependency"), "\(plain.stdout)")
    }

    /// apeun-gidaechi/seugi-ios: the shared instance is declared in an extension (`extension
    /// ApeunStompService { static let shared = ApeunStompService() }`), and a registered service reads
    /// it in a stored property. Its `@Inject` property resolves while the service is built: a
    /// dependency of the service (it was a root resolve only).
    @Test func aSharedInstanceDeclaredInAnExtensionIsReadToo() throws {
        let app = """
            import Swinject

            let container = Container()

            @propertyWrapper
            struct Inject<T> {
                let wrappedValue: T
                init() { wrappedValue = container.resolve(T.self)! }
            }

            protocol KeyValueRepo {}
            final class Conn {}

            final class Socket {
                @Inject private var keyValueRepo: KeyValueRepo
                private init() {}
                private(set) lazy var conn = Conn()
            }
            extension Socket {
                static let shared = Socket()
            }

            final class ChatService {
                private let conn = Socket.shared.conn
            }

            @main struct App {
                static func main() {
                    container.register(ChatService.self) { _ in ChatService() }.inObjectScope(.container)
                    _ = container.resolve(ChatService.self)!
                }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 1)
        #expect(
            checked.stdout.hasPrefix(
                "App.swift:15:5: error: nothing provides 'KeyValueRepo', needed by 'ChatService' (parameter 'keyValueRepo') [missing-binding]\n"),
            "\(checked.stdout)")
    }

    /// jason-vance/Carnivore-Diet-Guide's shape: a factory returns a static member of the app's
    /// (`{ Favoriter.forProd }`), or builds a value with one (`Screen(favoriter: Favoriter.make())`),
    /// whose body resolves through the app's container. What running it resolves is the
    /// registration's dependency, lazy where the member resolves inside a closure of its own; the
    /// resolves stay the app's too. Before, both registrations had no dependency at all.
    @Test func aStaticMemberTheFactoryRunsResolvesForIt() throws {
        let app = """
            import Swinject
            import SwinjectAutoregistration

            let iocContainer = Container()

            protocol UserIdProvider { var id: String { get } }
            final class DefaultUserIdProvider: UserIdProvider { var id: String { "x" } }
            protocol Clock {}
            final class SystemClock: Clock {}

            struct Favoriter {
                let mark: (String) -> Void
            }

            extension Favoriter {
                static var forProd: Favoriter {
                    let provider = iocContainer ~> UserIdProvider.self
                    return .init(mark: { _ in _ = iocContainer ~> Clock.self; print(provider.id) })
                }
                static func make() -> Favoriter {
                    .init(mark: { print((iocContainer ~> UserIdProvider.self).id, $0) })
                }
            }

            final class Screen {
                init(favoriter: Favoriter) {}
            }

            func setUpDependencies() {
                iocContainer.autoregister(UserIdProvider.self, initializer: DefaultUserIdProvider.init)
                iocContainer.autoregister(Favoriter.self, initializer: { Favoriter.forProd })
                iocContainer.register(Screen.self) { _ in Screen(favoriter: Favoriter.make()) }
                iocContainer.register(Clock.self) { _ in SystemClock() }
            }

            @main
            struct Main {
                static func main() {
                    setUpDependencies()
                    _ = iocContainer ~> Screen.self
                    _ = iocContainer ~> Favoriter.self
                }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(imported.status == 0)
        #expect(
            imported.stdout.contains(
                """
                  # App.swift:31
                  # 'userIdProvider' is resolved by Favoriter.forProd (App.swift:17)
                  # 'clock' is resolved by Favoriter.forProd (App.swift:18)
                  - provides: Favoriter
                    lifetime: graph
                    factory: forProd
                    dependencies:
                      userIdProvider: UserIdProvider
                      clock: { type: Clock, lazy: true }
                  # App.swift:32
                  # 'userIdProvider' is resolved by Favoriter.make (App.swift:21)
                  - provides: Screen
                    lifetime: graph
                    dependencies:
                      userIdProvider: { type: UserIdProvider, lazy: true }

                """), "\(imported.stdout)")
        // `Favoriter.forProd` resolves `UserIdProvider` as the factory runs: the launch resolve of
        // `Favoriter` stops the app once nothing registers it.
        let unregistered = app.replacingOccurrences(
            of: "    iocContainer.autoregister(UserIdProvider.self, initializer: DefaultUserIdProvider.init)\n", with: "")
        let checked = try withApp(unregistered) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 1)
        #expect(
            checked.stdout.hasPrefix(
                "App.swift:17:24: error: nothing provides 'UserIdProvider', needed by 'Favoriter' (parameter 'userIdProvider')"
            ), "\(checked.stdout)")
    }

    /// canopas/splito's shape: an `@Inject` wrapper whose `init` calls the app's resolve helper
    /// (declared in another file, read after the wrapper) with `Component.self`. Each wrapped
    /// property of a registered type is a dependency of its registration, resolved as it is built;
    /// a wrapper calling a generic function that resolves nothing (`@Defaulted`), or one that
    /// resolves `T?` and falls back on a miss (`maybeResolve(Value.self) ?? wrappedValue`), is no
    /// resolve.
    @Test func aWrapperResolvingThroughAHelperGivesTheBuiltTypeItsDependencies() throws {
        let wrappers = """
            @propertyWrapper
            struct Inject<Component> {
                private var component: Component
                init() { component = appResolve(serviceType: Component.self) }
                var wrappedValue: Component {
                    get { component }
                    set { component = newValue }
                }
            }

            @propertyWrapper
            struct Defaulted<Value> {
                var wrappedValue: Value
                init() { wrappedValue = fallback(Value.self) }
            }

            @propertyWrapper
            struct Preferred<Value> {
                var wrappedValue: Value
                init(wrappedValue: Value) { self.wrappedValue = maybeResolve(Value.self) ?? wrappedValue }
            }

            """
        let helpers = """
            import Swinject

            final class Injector {
                static let shared = Injector()
                var assembler: Assembler!
                func start() { assembler = Assembler([AppAssembly()]) }
            }

            func appResolve<S>(serviceType: S.Type) -> S {
                Injector.shared.assembler.resolver.resolve(serviceType)!
            }

            func fallback<V>(_ type: V.Type) -> V { fatalError("no default for \\(type)") }

            func maybeResolve<S>(_ type: S.Type) -> S? { Injector.shared.assembler.resolver.resolve(type) }

            """
        let app = """
            import Swinject

            final class Database {}
            protocol Clock {}
            final class Store {
                @Inject private var database: Database
            }
            final class Repository {
                @Inject var store: Store
                @Inject var clock: Clock
                @Defaulted var retries: Int
                @Preferred var theme: Theme = PlainTheme()
            }
            protocol Theme {}
            struct PlainTheme: Theme {}

            final class AppAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Database.self) { _ in Database() }.inObjectScope(.container)
                    container.register(Store.self) { _ in Store() }.inObjectScope(.container)
                    container.register(Repository.self) { _ in Repository() }.inObjectScope(.container)
                }
            }

            final class ViewModel {
                @Inject var repository: Repository
            }

            """
        func run(_ command: String) throws -> CLIRunner.Result {
            try withApp(app) { folder in
                try wrappers.write(to: folder.appendingPathComponent("Inject.swift"), atomically: true, encoding: .utf8)
                try helpers.write(to: folder.appendingPathComponent("Resolving.swift"), atomically: true, encoding: .utf8)
                return try CLIRunner.run([command, "."], directory: folder)
            }
        }
        let checked = try run("check")
        #expect(checked.status == 1)
        #expect(
            checked.stdout == """
                App.swift:10:5: error: nothing provides 'Clock', needed by 'Repository' (parameter 'clock') [missing-binding]
                App.swift:10:5: note: also needed by app code (resolved directly)
                digraph: checked 3 registrations: 1 error, 0 warnings, 0 infos

                """, "\(checked.stdout)")
        let imported = try run("import")
        #expect(
            imported.stdout.contains(
                """
                  # App.swift:20
                  # 'database' is resolved while Store is built (App.swift:6)
                  - provides: Store
                    lifetime: singleton
                    dependencies:
                      database: Database
                  # App.swift:21
                  # 'store' is resolved while Repository is built (App.swift:9)
                  # 'clock' is resolved while Repository is built (App.swift:10)
                  - provides: Repository
                    lifetime: singleton
                    dependencies:
                      store: Store
                      clock: Clock

                resolves:
                  # App.swift:6
                  - Database
                  # App.swift:9
                  - Store
                  # App.swift:10
                  - Clock
                  # App.swift:26
                  - Repository

                """), "\(imported.stdout)")
    }

    /// boulomiel/PokedexIOS's shape: a hand-rolled container whose `resolve<T>() -> T` names no
    /// type, and a wrapper whose value is that resolve, Swift inferring `T` from the getter it is
    /// returned from. Each wrapped property resolves its declared type (a miss is an error at the
    /// property); the wrapper's own resolve is typed at each use, never an app resolve of `T` (it
    /// was: a false "nothing provides 'T'"). A concrete generic key built with `.init()` builds
    /// itself (`GeneralApi<Machine>`), as a plain one does.
    @Test func aWrapperReturningAnInferredResolveInjectsItsDeclaredType() throws {
        let app = """
            final class Container {
                private var store: [String: Any] = [:]
                func register<T>(_ type: T.Type, object: T) { store[String(describing: T.self)] = object }
                func resolve<T>() -> T {
                    guard let resolved = store[String(describing: T.self)] as? T else { fatalError("\\(T.self) has not been registered yet") }
                    return resolved
                }
                static let shared = Container()
                init() {
                    register(PokemonApi.self, object: .init())
                    register(GeneralApi<Machine>.self, object: .init())
                }
            }

            @propertyWrapper
            struct Injected<T> {
                let container = Container.shared
                var wrappedValue: T { value }
                var value: T { container.resolve() }
            }

            struct Machine {}
            final class PokemonApi {}
            final class GeneralApi<Item> {}
            final class MoveApi {}

            struct MoveScreen {
                @Injected var pokemonApi: PokemonApi
                @Injected var machineApi: GeneralApi<Machine>
                @Injected var moveApi: MoveApi
                func load() { _ = (pokemonApi, machineApi, moveApi) }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 1)
        #expect(
            checked.stdout == """
                App.swift:30:5: error: nothing provides 'MoveApi', needed by app code (resolved directly) [missing-binding]
                digraph: checked 2 registrations: 1 error, 0 warnings, 0 infos

                """, "\(checked.stdout)")
        #expect(checked.stderr == "digraph: read 1 Swift file: 2 registrations, 3 resolves, 0 calls not understood\n", "\(checked.stderr)")
    }

    /// curzel-it/bit-therapy's shape: a wrapper resolving when the property is first read
    /// (`storage ?? resolve`), on properties no code reads. Such a resolve never runs as the app is
    /// written: a key nothing provides is a warning there, saying so; read anywhere (`model.names`
    /// from another type, `clock` in a method), it is the error it was. (What such a wrapper
    /// resolves is the app's own resolve, and an optional lazy edge of a registration building the type.)
    @Test func aLazilyInjectedPropertyNoCodeReadsIsAWarningNotAnError() throws {
        let app = #"""
            import Swinject

            @propertyWrapper
            final class Inject<Value> {
                private var storage: Value?
                init() {}
                var wrappedValue: Value {
                    storage ?? {
                        guard let value = Dependencies.main?.resolve(Value.self) else { fatalError("\(Value.self) is not registered") }
                        storage = value
                        return value
                    }()
                }
            }

            enum Dependencies {
                static var main: Resolver?
                static func setup() {
                    let container = Container()
                    container.register(Repository.self) { _ in Repository() }.inObjectScope(.container)
                    main = container
                }
            }

            protocol Clock {}
            protocol Formatter {}
            protocol HeaderBuilder {}
            protocol Names {}

            final class Repository {
                @Inject private var clock: Clock
                @Inject private var formatter: Formatter
                func now() -> Clock { clock }
            }

            final class DetailsModel {
                @Inject private var headerBuilder: HeaderBuilder
                @Inject var names: Names
                @Inject private var repository: Repository
                func load() { _ = repository.now() }
            }

            @main
            struct DetailsApp {
                static func main() {
                    Dependencies.setup()
                    let model = DetailsModel()
                    model.load()
                    print(model.names)
                }
            }

            """#
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 1)
        #expect(
            checked.stdout == """
                App.swift:31:5: error: nothing provides 'Clock', needed by app code (resolved directly) [missing-binding]
                App.swift:32:5: warning: nothing provides 'Formatter', needed by app code (resolved directly) (it is resolved only when 'formatter' is first read (App.swift:32), and no code digraph read reads it: an error once some code does) [missing-binding]
                App.swift:37:5: warning: nothing provides 'HeaderBuilder', needed by app code (resolved directly) (it is resolved only when 'headerBuilder' is first read (App.swift:37), and no code digraph read reads it: an error once some code does) [missing-binding]
                App.swift:38:5: error: nothing provides 'Names', needed by app code (resolved directly) [missing-binding]
                digraph: checked 1 registration: 2 errors, 2 warnings, 0 infos

                """, "\(checked.stdout)")
    }
}
