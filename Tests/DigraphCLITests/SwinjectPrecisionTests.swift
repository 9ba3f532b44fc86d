import Foundation
import Testing

/// What a real Swinject app writes around the library: its own register wrappers, names given by
/// constants, types Swift infers, runtime arguments at the call, and suppressions in the source.
struct SwinjectPrecisionTests {
    func check(_ swift: String, arguments: [String] = []) throws -> CLIRunner.Result {
        try withApp(swift) { folder in try CLIRunner.run(["check", "App.swift"] + arguments, directory: folder) }
    }

    func imported(_ swift: String) throws -> CLIRunner.Result {
        try withApp(swift) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
    }

    static let wrapper = """
        import Swinject
        extension Container {
            @discardableResult
            func register<Service>(_ type: Service.Type, name: String? = nil, mainActorFactory: @escaping @MainActor (Resolver) -> Service) -> ServiceEntry<Service> {
                register(type, name: name) { r in MainActor.assumeIsolated { mainActorFactory(r) } }
            }
        }

        """

    @Test func aRegisterWrapperIsFollowedWithItsIsolation() throws {
        let result = try imported(
            Self.wrapper + """
                func assemble(container: Container) {
                    container.register(SearchViewModel.self, mainActorFactory: { r in SearchViewModel(api: r.resolve(API.self)!) }).inObjectScope(.container)
                    container.register(API.self) { _ in API() }
                }

                """)
        #expect(result.status == 0)
        #expect(
            result.stdout.hasSuffix(
                """
                registrations:
                  # App.swift:9
                  # registered through register (App.swift:4)
                  - provides: SearchViewModel
                    lifetime: singleton
                    isolation: MainActor
                    dependencies:
                      api: API
                  # App.swift:10
                  - provides: API
                    lifetime: graph

                """), "\(result.stdout)")
        #expect(result.stderr == "digraph: read 1 Swift file: 2 registrations, 1 resolve, 0 calls not understood\n")
    }

    @Test func namesGivenByConstantsAreTheirStrings() throws {
        let result = try check(
            """
            import Swinject
            enum RouterName: String { case root; case detail = "details" }
            enum Names { static let primary = "primary" }
            let kCache = "cache"
            func assemble(container: Container) {
                container.register(Router.self, name: RouterName.root.rawValue) { _ in Router() }
                container.register(Router.self, name: RouterName.detail.rawValue) { _ in Router() }
                container.register(DB.self, name: Names.primary) { _ in DB() }
                container.register(Cache.self, name: kCache) { _ in Cache() }
                container.register(Screen.self) { r in
                    Screen(root: r.resolve(Router.self, name: RouterName.root.rawValue)!, details: r.resolve(Router.self, name: "details")!,
                           db: r.resolve(DB.self, name: Names.primary)!, cache: r.resolve(Cache.self, name: kCache)!)
                }
            }

            """)
        #expect(result.status == 0)
        #expect(result.stdout == "digraph: checked 5 registrations: 0 errors, 0 warnings, 0 infos\n", "\(result.stdout)")
    }

    @Test func aResolveSwiftTypesFromItsContextHasThatKey() throws {
        let result = try imported(
            """
            import Swinject
            enum Composition {
                static let container = Container()
                static func resolve<T>() -> T { container.resolve(T.self)! }
            }
            final class API { init() {} }
            final class Store { init(api: API, cache: Cache?) {} }
            func assemble(container: Container) {
                container.register(Store.self) { _ in Store(api: Composition.resolve(), cache: Composition.resolve()) }
            }
            final class Screen {
                func makeStore() -> Store { Composition.resolve() }
                let api: API = Composition.resolve()
                func unknown() { use(Composition.resolve()) }
            }

            """)
        #expect(
            result.stdout.hasSuffix(
                """
                  - provides: Store
                    lifetime: graph
                    dependencies:
                      api: API
                      cache: "Cache?"

                resolves:
                  # App.swift:12
                  - Store
                  # App.swift:13
                  - API

                """), "\(result.stdout)")
        #expect(
            result.stderr.hasPrefix(
                "App.swift:14:26: warning: this resolve names no type (`Composition.resolve()`) and digraph cannot tell the type Swift infers here"),
            "\(result.stderr)")
    }

    /// Issue 39: a call may leave out parameters with a default value (a memberwise initializer's
    /// optional or valued `var`s too); the initializer it uses is still found (and types its
    /// resolves) unless two fit that way.
    @Test func aCallThatLeavesOutDefaultedParametersStillTypesItsResolves() throws {
        let result = try imported(
            """
            import Swinject
            enum Composition {
                static let container = Container()
                static func resolve<T>() -> T { container.resolve(T.self)! }
            }
            final class Screen { init(model: FeedModel, style: Style = .plain, analytics: Analytics? = nil) {} }
            final class Sheet {
                init(model: FeedModel, style: Style = .plain) {}
                init(model: FeedModel, theme: Theme = .dark) {}
            }
            func assemble(container: Container) {
                container.register(Screen.self) { _ in Screen(model: Composition.resolve(), analytics: Composition.resolve()) }
            }
            func show() { _ = Sheet(model: Composition.resolve()) }
            struct FormView {
                @StateObject var viewModel: FormModel
                @State private var note: String?
                var tint: Color = .blue
            }
            func form() { _ = FormView(viewModel: Composition.resolve()) }

            """)
        #expect(
            result.stdout.hasSuffix(
                """
                  - provides: Screen
                    lifetime: graph
                    dependencies:
                      model: FeedModel
                      analytics: "Analytics?"

                resolves:
                  # App.swift:20
                  - FormModel

                """), "\(result.stdout)")
        #expect(
            result.stderr.hasPrefix(
                "App.swift:14:32: warning: this resolve names no type (`Composition.resolve()`) and digraph cannot tell the type Swift infers here"),
            "\(result.stderr)")
    }

    /// Inside a factory: an annotated local, a cast, a helper whose result a parameter takes
    /// (optional only when the parameter is), a closure returning it given to a parameter of
    /// function type (hk14004/Swedbank-Clone's `credentialsPlugin: { Composition.resolve() }`); at
    /// the app: an initializer's parameter, one element of a returned tuple. A value with nothing
    /// of the container in it is an info, not a warning.
    @Test func aResolveTakesItsTypeFromEveryPlaceSwiftDoes() throws {
        let result = try imported(
            """
            import Swinject
            extension Resolver {
                func resolve<Service>() -> Service { resolve(Service.self)! }
            }
            final class Feed { init(api: API, clock: Clock?, settings: Settings, limit: Int, plugin: @escaping () -> Plugin) {} }
            final class Screen { init(feed: Feed) {} }
            func assemble(container: Container) {
                container.register(Feed.self) { r in
                    let api: API = r.resolve()
                    return Feed(api: api, clock: r.resolve(), settings: r.resolve() as Settings, limit: Limits.page, plugin: { r.resolve() })
                }
            }
            enum Limits { static let page = 20 }
            func start(_ r: Resolver) -> (Screen, Feed) {
                _ = Screen(feed: r.resolve())
                return (r.resolve(), r.resolve())
            }

            """)
        #expect(
            result.stdout.hasSuffix(
                """
                  - provides: Feed
                    lifetime: graph
                    dependencies:
                      api: API
                      clock: "Clock?"
                      settings: Settings
                      plugin: { type: Plugin, lazy: true }

                resolves:
                  # App.swift:15
                  - Feed
                  # App.swift:16
                  - Screen
                  # App.swift:16
                  - Feed

                """), "\(result.stdout)")
        #expect(
            result.stderr == """
                App.swift:10:86: info: 'Feed': parameter 'limit' is given `Limits.page`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                digraph: imported 1 registration: 0 errors, 0 warnings, 1 info
                digraph: read 1 Swift file: 1 registration, 7 resolves, 0 calls not understood

                """, "\(result.stderr)")
    }

    /// Shapes of an app read by hand (WordChecker, docs/import.md): `.init(…)` alone builds the
    /// registered type, so its initializer types the resolves passed to it; `X().then { $0.p = … }`
    /// (the Then library) builds `X` and sets its properties at once, a resolve naming no type taking
    /// the property's declared type (ReactorKit's `reactor`: the one `bind(reactor:)` names); a resolve into a local passes
    /// its runtime argument on, which `check` once dropped (a false `argument-mismatch` error).
    @Test func theRegisteredTypesInitializerAndThenClosuresAreRead() throws {
        let source = """
            import Swinject
            import Foundation
            extension Resolver {
                func resolve<Service>() -> Service { resolve(Service.self)! }
                func resolve<Service, Argument>(argument: Argument) -> Service { resolve(Service.self, argument: argument)! }
            }
            protocol Then {}
            extension Then { func then(_ configure: (Self) -> Void) -> Self { configure(self); return self } }
            final class Words {}
            final class SettingsReactor { init(words: Words, limit: Int = 3) {} }
            final class DetailReactor { init(id: UUID, words: Words) {} }
            final class DetailController: Then { var reactor: DetailReactor?; var settings: SettingsReactor? }
            protocol ReactorView: AnyObject {}
            extension ReactorView { var reactor: Any? { get { nil } set {} } }
            final class SettingsController: ReactorView, Then { func bind(reactor: SettingsReactor) {} }
            func assemble(container: Container) {
                container.register(Words.self) { _ in Words() }.inObjectScope(.container)
                container.register(SettingsReactor.self) { resolver in
                    return .init(words: resolver.resolve())
                }
                container.register(DetailReactor.self) { resolver, id in
                    DetailReactor(id: id, words: resolver.resolve())
                }
                container.register(DetailController.self) { (resolver, id: UUID) in
                    let reactor: DetailReactor = resolver.resolve(argument: id)
                    return DetailController().then { controller in
                        controller.reactor = reactor
                        controller.settings = resolver.resolve(SettingsReactor.self)
                    }
                }
                container.register(SettingsController.self) { resolver in
                    SettingsController().then { $0.reactor = resolver.resolve() }
                }
            }

            """
        let result = try imported(source)
        #expect(
            result.stdout.hasSuffix(
                """
                  - provides: SettingsReactor
                    lifetime: graph
                    dependencies:
                      words: Words
                  # App.swift:21
                  - provides: DetailReactor
                    lifetime: graph
                    dependencies:
                      id: { argument: id }
                      words: Words
                    arguments:
                      id: UUID
                  # App.swift:24
                  - provides: DetailController
                    lifetime: graph
                    properties:
                      reactor: { type: DetailReactor, arguments: [id] }
                      settings: "SettingsReactor?"
                    arguments:
                      id: UUID
                  # App.swift:31
                  - provides: SettingsController
                    lifetime: graph
                    properties:
                      reactor: "SettingsReactor?"

                """), "\(result.stdout)")
        #expect(
            result.stderr == """
                digraph: read 1 Swift file: 5 registrations, 5 resolves, 0 calls not understood

                """, "\(result.stderr)")
        let checked = try check(source)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(!checked.stdout.contains("argument-mismatch"), "\(checked.stdout)")
    }

    /// A value built in place (a local the product is then given) passes its resolves and the
    /// registration's runtime argument to a declared initializer: the resolve takes that parameter's
    /// type and the argument that parameter's type, as Swift infers them. Which parameter of the
    /// product takes the value is not known: a placeholder label and a warning, never a guess.
    @Test func valuesBuiltInPlaceTypeTheirResolvesAndArguments() throws {
        let result = try imported(
            """
            import Swinject
            extension Resolver {
                func resolve<Service>() -> Service { resolve(Service.self)! }
            }
            enum Direction { case up, down }
            final class Settings {}
            final class Clock {}
            final class LanguageReactor { init(direction: Direction, settings: Settings, clock: Clock?) {} }
            final class LanguageController { init() {} }
            func assemble(container: Container) {
                container.register(LanguageController.self) { resolver, direction in
                    let reactor: LanguageReactor = .init(direction: direction, settings: resolver.resolve(), clock: resolver.resolve())
                    let controller = LanguageController()
                    use(reactor, in: controller)
                    return controller
                }
            }

            """)
        #expect(
            result.stdout.hasSuffix(
                """
                  - provides: LanguageController
                    lifetime: graph
                    dependencies:
                      FILL_IN_settings: Settings
                      FILL_IN_clock: "Clock?"
                    arguments:
                      direction: Direction

                """), "\(result.stdout)")
        #expect(
            result.stderr == """
                App.swift:12:78: warning: 'LanguageController': it resolves 'Settings' where digraph cannot tell which parameter it feeds; it is listed as 'FILL_IN_settings': rename it to the initializer's label (gen-swift refuses it until then) [swift-import]
                App.swift:12:105: warning: 'LanguageController': it resolves 'Clock' where digraph cannot tell which parameter it feeds; it is listed as 'FILL_IN_clock': rename it to the initializer's label (gen-swift refuses it until then) [swift-import]
                digraph: imported 1 registration: 0 errors, 2 warnings, 0 infos
                digraph: read 1 Swift file: 1 registration, 2 resolves, 2 calls not understood

                """, "\(result.stderr)")
    }

    /// The app's own property wrapper that resolves its generic parameter (seugi-ios: 44 uses once
    /// read as nothing, without a word): each property it wraps resolves its declared type, checked
    /// like any resolve of the app. A wrapper that resolves nothing (`@Stored`), whose value is
    /// optional so that a miss gives nil (`@Maybe`), or that goes on with a fallback on a miss
    /// (`?? wrappedValue`, a `guard let` that does not stop the app), is no resolve that can stop it.
    @Test func aPropertyWrapperThatResolvesMakesEachUseAResolve() throws {
        let source = """
            import Swinject
            final class Provider { static let shared = Provider(); let container = Container() }
            @propertyWrapper
            struct Inject<T> {
                let wrappedValue: T = {
                    guard let value = Provider.shared.container.resolve(T.self) else { fatalError("\\(T.self)") }
                    return value
                }()
            }
            @propertyWrapper
            struct Stored<T> { var wrappedValue: T }
            @propertyWrapper
            struct Maybe<T> { var wrappedValue: T? { Provider.shared.container.resolve(T.self) } }
            protocol Meals {}
            protocol Keys {}
            final class MealsService: Meals {}
            func assemble(container: Container) {
                container.register(Meals.self) { _ in MealsService() }.inObjectScope(.container)
            }
            final class MealProvider {
                @Inject private var meals: Meals
                @Inject var keys: Keys
                @Stored var count: Int = 0
                @Maybe var clock: Clock?
            }
            @propertyWrapper
            struct Lenient<T> {
                var wrappedValue: T
                init(wrappedValue: T) { self.wrappedValue = Provider.shared.container.resolve(T.self) ?? wrappedValue }
            }
            @propertyWrapper
            struct Soft<T> {
                let wrappedValue: T
                init(_ fallback: T) {
                    guard let value = Provider.shared.container.resolve(T.self) else {
                        wrappedValue = fallback
                        return
                    }
                    wrappedValue = value
                }
            }
            protocol Theme {}
            struct PlainTheme: Theme {}
            final class Settings {
                @Lenient var theme: Theme = PlainTheme()
                @Soft(PlainTheme()) var fallbackTheme: Theme
            }

            """
        let result = try check(source)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stdout == """
                App.swift:22:5: error: nothing provides 'Keys', needed by app code (resolved directly) [missing-binding]
                digraph: checked 1 registration: 1 error, 0 warnings, 0 infos

                """, "\(result.stdout)")
    }

    /// Planus-iOS's injector: its own `resolve(_:injectable:)` overload hands the container its
    /// second parameter as the runtime argument. A call of it passes that argument (no false
    /// `argument-mismatch`); a call of the plain overload passes none, the crash it is.
    @Test func anAppsResolveOverloadThatPassesAnArgumentPassesIt() throws {
        let result = try check(
            """
            import Swinject

            protocol ViewModelable { associatedtype Injectable }
            final class SearchViewModel: ViewModelable {
                struct Injectable { let query: String }
                init(injectable: Injectable) {}
            }
            final class Injector {
                private let container: Container
                init(container: Container) { self.container = container }
                func resolve<T>(_ serviceType: T.Type) -> T { container.resolve(serviceType)! }
                func resolve<T: ViewModelable>(_ viewModelType: T.Type, injectable: T.Injectable) -> T {
                    container.resolve(viewModelType, argument: injectable)!
                }
            }
            final class SearchAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(SearchViewModel.self) { (_, injectable: SearchViewModel.Injectable) in SearchViewModel(injectable: injectable) }
                }
            }
            final class Coordinator {
                let injector: Injector
                init(injector: Injector) { self.injector = injector }
                func start() {
                    _ = injector.resolve(SearchViewModel.self, injectable: SearchViewModel.Injectable(query: "swift"))
                    _ = injector.resolve(SearchViewModel.self)
                }
            }

            """)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:26:13: error: 'SearchViewModel' takes runtime arguments (injectable: SearchViewModel.Injectable), but this resolve passes none: Swinject returns nil for it, and a `!` on it crashes; pass them with `argument:` or `arguments:` [argument-mismatch]
                App.swift:18:9: note: 'SearchViewModel' declares its arguments here
                digraph: checked 1 registration: 1 error, 0 warnings, 0 infos

                """, "\(result.stdout)")
    }

    /// EmerBV/figrclub's injector: two overloads of one resolve helper, `resolveOptional(_:)` and
    /// `resolveOptional(_:argument:)`, declared in that order. A call is read with the overload whose
    /// parameters it fits: the one-parameter calls are resolves (the second declaration once replaced
    /// the first, and 29 of them were read as nothing, without a word). What they resolve is used;
    /// what nothing resolves is still said.
    @Test func aResolveHelpersOverloadsAreEachRead() throws {
        let result = try check(
            """
            import Swinject

            protocol Tokens {}
            final class KeychainTokens: Tokens {}
            final class Clock {}
            final class Cache {}
            final class Injector {
                static let shared = Injector()
                let container = Container()
                func resolve<T>(_ type: T.Type) -> T { container.resolve(T.self)! }
            }
            extension Injector {
                func resolveOptional<T>(_ type: T.Type) -> T? { container.resolve(T.self) }
                func resolveOptional<T, Arg>(_ type: T.Type, argument: Arg) -> T? { container.resolve(T.self, argument: argument) }
            }
            final class AppAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Tokens.self) { _ in KeychainTokens() }.inObjectScope(.container)
                    container.register(Clock.self) { _ in Clock() }
                    container.register(Cache.self) { _ in Cache() }
                }
            }
            final class HealthCheck {
                func run() {
                    _ = Injector.shared.resolve(Clock.self)
                    if Injector.shared.resolveOptional(Tokens.self) == nil { print("missing") }
                }
            }

            """)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:20:9: info: nothing reachable from a root uses 'Cache'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                digraph: checked 3 registrations: 0 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
        #expect(result.stderr == "digraph: read 1 Swift file: 3 registrations, 2 resolves, 0 calls not understood\n", "\(result.stderr)")
    }

    /// nonzeronucleus/CrosscodeDataLibrary's `fileRespositories: [self.a(), self.b()]`, e-id-admin's
    /// `[String: String]` factory of resolves, boulomiel/PokedexIOS's `let launchers = [resolve(A.self),
    /// resolve(B.self)]` handed to a value registered as it is built: a manifest passes one key per
    /// parameter, so each resolve in a collection is a dependency of its own (eager when resolved
    /// before the `register` call), said once with an info; not "a value the manifest does not
    /// record" beside a warning per resolve.
    @Test func aCollectionOfResolvesIsEachADependency() throws {
        let source = """
            import Swinject

            protocol Interceptor {}
            final class AuthInterceptor: Interceptor {}
            final class LogInterceptor: Interceptor {}
            final class Client { init(interceptors: [Interceptor]) {} }
            final class Worker { init(workers: [Interceptor], name: String) {} }

            final class AppAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(AuthInterceptor.self) { _ in AuthInterceptor() }.inObjectScope(.container)
                    container.register(LogInterceptor.self) { _ in LogInterceptor() }.inObjectScope(.container)
                    container.register(Client.self) { r in Client(interceptors: [r.resolve(AuthInterceptor.self)!, r.resolve(LogInterceptor.self)!]) }
                    container.register([Interceptor].self) { r in [r.resolve(AuthInterceptor.self)!, LogInterceptor()] }
                    let workers = [container.resolve(AuthInterceptor.self)!, container.resolve(LogInterceptor.self)!]
                    container.register(Worker.self) { _ in Worker(workers: workers, name: "w") }
                }
            }
            func launch(_ resolver: Resolver) {
                _ = resolver.resolve(Client.self)
                _ = resolver.resolve([Interceptor].self)
                _ = resolver.resolve(Worker.self)
            }

            """
        let result = try check(source)
        #expect(
            result.stdout == """
                App.swift:13:55: info: 'Client': parameter 'interceptors' is given a collection of 2 resolves (`[r.resolve(AuthInterceptor.self)!, r.resolve(LogInterceptor.…`), which a manifest cannot pass as one parameter; each is read as a dependency of 'Client' ('FILL_IN_authInterceptor', 'FILL_IN_logInterceptor'); gen-swift asks how to build it [swift-import]
                App.swift:14:55: info: '[Interceptor]': it returns a collection of 1 resolve (`[r.resolve(AuthInterceptor.self)!, LogInterceptor()]`), each read as its dependency ('FILL_IN_authInterceptor'), its 1 other element is left out; a manifest cannot build a collection, so it is imported with implementation FILL_IN, to fill in only if generated code must build it [swift-import]
                App.swift:16:55: info: 'Worker': parameter 'workers' is given a collection of 2 resolves (`[container.resolve(AuthInterceptor.self)!, container.resolve…`), which a manifest cannot pass as one parameter; each is read as a dependency of 'Worker' ('FILL_IN_authInterceptor', 'FILL_IN_logInterceptor'); gen-swift asks how to build it [swift-import]
                App.swift:16:73: info: 'Worker': parameter 'name' is given `"w"`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                digraph: checked 5 registrations: 0 errors, 0 warnings, 4 infos

                """, "\(result.stdout)")
        let manifest = try imported(source).stdout
        #expect(
            manifest.contains(
                """
                  - provides: Worker
                    lifetime: graph
                    dependencies:
                      FILL_IN_authInterceptor: { type: AuthInterceptor, eager: true }
                      FILL_IN_logInterceptor: { type: LogInterceptor, eager: true }
                """), "\(manifest)")
        #expect(
            manifest.contains(
                """
                  - provides: "[Interceptor]"
                    implementation: FILL_IN
                    lifetime: graph
                    dependencies:
                      FILL_IN_authInterceptor: AuthInterceptor
                """), "\(manifest)")
    }

    /// hk14004/Swedbank-Clone: a screen factory's `make()` resolves through a global locator
    /// (`Composition.resolve()`), and a plugin inherits `routeToSplash()` from a protocol extension
    /// that resolves. What a built type's methods resolve, its protocols' default implementations
    /// and superclasses' included, are lazy dependencies of the registration building it: optional
    /// edges (a method may resolve from a container it keeps), each resolve staying the app's own
    /// and counted once. A protocol's default implementation counts for a conformer that uses it:
    /// here `launch()` calls `routeToSplash()` on the plugin (`MemberReferences`).
    @Test func whatABuiltTypesMethodsResolveAreItsLazyDependencies() throws {
        let source = """
            import Swinject

            enum Composition {
                static let container = Container()
                static func resolve<T>() -> T { container.resolve(T.self)! }
            }
            protocol Clock {}
            final class SystemClock: Clock {}
            final class Customers {}
            final class SplashViewModel { init(customers: Customers) {} }
            protocol SplashScreenFactory { func make() -> SplashViewModel }
            final class DefaultSplashScreenFactory: SplashScreenFactory {
                func make() -> SplashViewModel { SplashViewModel(customers: Composition.resolve()) }
            }
            protocol ToSplashRouting {}
            extension ToSplashRouting {
                func routeToSplash() { let clock: Clock = Composition.resolve(); print(clock) }
            }
            final class SessionPlugin {}
            extension SessionPlugin: ToSplashRouting {}
            final class AppAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Clock.self) { _ in SystemClock() }
                    container.register(Customers.self) { _ in Customers() }
                    container.register(SplashScreenFactory.self) { _ in DefaultSplashScreenFactory() }
                    container.register(SessionPlugin.self) { _ in SessionPlugin() }.inObjectScope(.container)
                }
            }
            func launch() {
                let splash: SplashScreenFactory = Composition.resolve()
                let plugin: SessionPlugin = Composition.resolve()
                plugin.routeToSplash(); print(splash)
            }

            """
        let result = try imported(source)
        #expect(
            result.stdout.contains(
                """
                  # App.swift:25
                  # 'customers' is resolved later by a method of DefaultSplashScreenFactory (App.swift:13)
                  - provides: SplashScreenFactory
                    implementation: DefaultSplashScreenFactory
                    lifetime: graph
                    dependencies:
                      customers: { type: "Customers?", lazy: true }
                  # App.swift:26
                  # 'clock' is resolved later by a method of SessionPlugin (App.swift:17)
                  - provides: SessionPlugin
                    lifetime: singleton
                    dependencies:
                      clock: { type: "Clock?", lazy: true }
                """), "\(result.stdout)")
        #expect(result.stderr == "digraph: read 1 Swift file: 4 registrations, 4 resolves, 0 calls not understood\n", "\(result.stderr)")
        let checked = try check(source)
        #expect(checked.stdout == "digraph: checked 4 registrations: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
    }

    /// fwrs/powerlyrics' coordinators and jwitcig/GrassChoppers' modules: a factory hands the object
    /// the resolver (`HomeCoordinator(resolver: r)`), which keeps it in a stored property and resolves
    /// through it later. What its methods resolve there are its lazy dependencies (said with an
    /// info); optional edges, as the object may keep another container (a child's) and each of those
    /// resolves stays the app's own. An object that does not keep it is still a warning.
    @Test func anObjectHandedTheResolverResolvesThroughIt() throws {
        let source = """
            import Swinject

            final class HomeScene {}
            final class DetailScene {}
            final class HomeCoordinator {
                private let resolver: Resolver
                init(resolver: Resolver) { self.resolver = resolver }
                func start() { _ = resolver.resolve(HomeScene.self)! }
                func showDetail() { _ = self.resolver.resolve(DetailScene.self) }
            }
            final class SettingsCoordinator {
                init(resolver: Resolver) { _ = resolver }
            }
            final class AppAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(HomeScene.self) { _ in HomeScene() }
                    container.register(DetailScene.self) { _ in DetailScene() }
                    container.register(HomeCoordinator.self) { r in HomeCoordinator(resolver: r) }
                    container.register(SettingsCoordinator.self) { r in SettingsCoordinator(resolver: r) }
                }
            }

            """
        let checked = try check(source)
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:18:9: info: nothing reachable from a root uses 'HomeCoordinator'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                App.swift:18:73: info: 'HomeCoordinator': parameter 'resolver' is given the resolver `r` itself, which a manifest does not pass; it is left out, and what 'HomeCoordinator' resolves through it is read as its lazy dependencies [swift-import]
                App.swift:19:9: info: nothing reachable from a root uses 'SettingsCoordinator'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                App.swift:19:81: warning: 'SettingsCoordinator': parameter 'resolver' is given the resolver `r` itself, so what the object resolves later is invisible to digraph; it is left out. Resolve its dependencies in the factory instead [swift-import]
                digraph: checked 4 registrations: 0 errors, 1 warning, 3 infos

                """, "\(checked.stdout)")
        let imported = try imported(source)
        #expect(
            imported.stdout.hasSuffix(
                """
                  # App.swift:18
                  - provides: HomeCoordinator
                    lifetime: graph
                    dependencies:
                      homeScene: { type: "HomeScene?", lazy: true }
                      detailScene: { type: "DetailScene?", lazy: true }
                  # App.swift:19
                  - provides: SettingsCoordinator
                    lifetime: graph

                resolves:
                  # App.swift:8
                  - HomeScene
                  # App.swift:9
                  - DetailScene

                """), "\(imported.stdout)")
    }

    /// A closure called where it is written runs now: `clock: { r.resolve(Clock.self)! }()` is an
    /// eager dependency read as its one value, and a resolve in a longer one (`formatter: { let clock
    /// = …; return Formatter(clock: clock) }()`) is eager too; so is one an initializer makes in such
    /// a closure (`formatter = { Assembly.shared.resolve(Formatter.self)! }()`). Before, each was
    /// read as lazy, and the initializer's was missed. A closure only stored stays lazy.
    @Test func aClosureCalledWhereItIsWrittenRunsNow() throws {
        let source = """
            import Swinject

            final class Clock {}
            final class Formatter { init(clock: Clock) {} }
            final class Feed { init(clock: Clock, formatter: Formatter) {} }
            final class Screen {
                let formatter: Formatter
                init() {
                    formatter = { Assembly.shared.resolve(Formatter.self)! }()
                }
                func refresh() { _ = { Assembly.shared.resolve(Clock.self)! } }
            }
            enum Assembly {
                static let shared: Container = {
                    let container = Container()
                    container.register(Clock.self) { _ in Clock() }
                    container.register(Formatter.self) { r in Formatter(clock: r.resolve(Clock.self)!) }
                    container.register(Feed.self) { r in
                        Feed(
                            clock: { r.resolve(Clock.self)! }(),
                            formatter: {
                                let clock = r.resolve(Clock.self)!
                                return Formatter(clock: clock)
                            }())
                    }
                    container.register(Screen.self) { _ in Screen() }
                    return container
                }()
            }

            """
        let result = try imported(source)
        #expect(
            result.stdout.hasSuffix(
                """
                  # App.swift:18
                  # FILL_IN_clock: resolved in the factory, but which parameter takes it is not known; rename it to the initializer's label
                  - provides: Feed
                    lifetime: graph
                    dependencies:
                      clock: Clock
                      FILL_IN_clock: Clock
                  # App.swift:26
                  # 'formatter' is resolved while Screen is built (App.swift:9)
                  # 'clock' is resolved later by a method of Screen (App.swift:11)
                  - provides: Screen
                    lifetime: graph
                    dependencies:
                      formatter: Formatter
                      clock: { type: "Clock?", lazy: true }

                resolves:
                  # App.swift:9
                  - Formatter
                  # App.swift:11
                  - Clock

                """), "\(result.stdout)")
        #expect(
            result.stderr == """
                App.swift:21:17: warning: 'Feed': parameter 'formatter' is given `{ let clock = r.resolve(Clock.self)! return Formatter(clock:…`, which digraph cannot read; it is left out [swift-import]
                App.swift:22:33: warning: 'Feed': it resolves 'Clock' where digraph cannot tell which parameter it feeds; it is listed as 'FILL_IN_clock': rename it to the initializer's label (gen-swift refuses it until then) [swift-import]
                digraph: imported 4 registrations: 0 errors, 2 warnings, 0 infos
                digraph: read 1 Swift file: 4 registrations, 5 resolves, 2 calls not understood

                """, "\(result.stderr)")
    }

    /// eu-digital-identity-wallet: `if #available(iOS 26.0, *) { return Impl() } else { return
    /// NoOp() }`. The newer systems' value is read, with a note; a resolve only an older system's
    /// branch makes stays an edge, with the usual warning. Before, the whole factory was "cannot read".
    @Test func anAvailabilityBranchReadsTheNewerSystemsValue() throws {
        let source = """
            import Swinject

            protocol Registrar {}
            final class Config {}
            final class Modern: Registrar { init(config: Config) {} }
            final class Legacy: Registrar {}
            final class Fallback: Registrar { init(config: Config) {} }
            let container = Container()
            func setUp() {
                container.register(Config.self) { _ in Config() }
                container.register(Registrar.self) { r in
                    if #available(iOS 26.0, *) {
                        return Modern(config: r.resolve(Config.self)!)
                    } else {
                        return Legacy()
                    }
                }
                .inObjectScope(.container)
                container.register(Registrar.self, name: "old") { r in
                    if #available(iOS 26.0, *) {
                        return Legacy()
                    } else {
                        return Fallback(config: r.resolve(Config.self)!)
                    }
                }
            }

            """
        let result = try imported(source)
        #expect(
            result.stdout.hasSuffix(
                """
                  # App.swift:11
                  # the factory builds another value on systems before `#available(iOS 26.0, *)`; the newer systems' is read
                  - provides: Registrar
                    implementation: Modern
                    lifetime: singleton
                    dependencies:
                      config: Config
                  # App.swift:19
                  # the factory builds another value on systems before `#available(iOS 26.0, *)`; the newer systems' is read
                  # FILL_IN_config: resolved in the factory, but which parameter takes it is not known; rename it to the initializer's label
                  - provides: Registrar
                    implementation: Legacy
                    lifetime: graph
                    name: old
                    dependencies:
                      FILL_IN_config: Config

                """), "\(result.stdout)")
        #expect(
            result.stderr == """
                App.swift:23:37: warning: 'Registrar (name: old)': it resolves 'Config' where digraph cannot tell which parameter it feeds; it is listed as 'FILL_IN_config': rename it to the initializer's label (gen-swift refuses it until then) [swift-import]
                digraph: imported 3 registrations: 0 errors, 1 warning, 0 infos
                digraph: read 1 Swift file: 3 registrations, 2 resolves, 1 call not understood

                """, "\(result.stderr)")
    }

    /// A method the initializer runs (`init() { start() }`, `start` resolving through a shared
    /// container) resolves as the value is built: an eager dependency, a captive in a singleton.
    /// Before, it was read as a later call of a method, lazy.
    @Test func aMethodTheInitializerRunsResolvesAsTheValueIsBuilt() throws {
        let source = """
            import Swinject

            final class Tracker {}
            final class Engine {
                private var tracker: Tracker?
                init() { start() }
                private func start() { tracker = Assembly.shared.resolve(Tracker.self) }
            }
            enum Assembly {
                static let shared: Container = {
                    let container = Container()
                    container.register(Tracker.self) { _ in Tracker() }
                    container.register(Engine.self) { _ in Engine() }.inObjectScope(.container)
                    return container
                }()
            }

            """
        let checked = try check(source)
        #expect(
            checked.stdout == """
                App.swift:7:38: warning: singleton 'Engine' holds graph 'Tracker' (parameter 'tracker'): the value is made once and kept for the singleton's whole life; make 'Tracker' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'Engine' shorter-lived [captive-dependency]
                App.swift:12:9: note: 'Tracker' is registered graph here
                App.swift:13:9: info: nothing reachable from a root uses 'Engine'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                digraph: checked 2 registrations: 0 errors, 1 warning, 1 info

                """, "\(checked.stdout)")
    }

    /// KhanhLee99/Base_iOS: `controller.bind(to: r.resolve(ListViewModel.self)!)`, method injection
    /// on the value the factory builds. The resolve is an eager dependency under a placeholder label
    /// with a note, said with one info. Before, a warning said digraph could not tell which
    /// parameter it feeds, as if it were not read.
    @Test func aResolvePassedToAMethodOfTheBuiltValueIsMethodInjection() throws {
        let source = """
            import Swinject

            final class ListViewModel {}
            final class ListViewController {
                private var viewModel: ListViewModel?
                func bind(to viewModel: ListViewModel) { self.viewModel = viewModel }
            }
            func assemble(container: Container) {
                container.register(ListViewModel.self) { _ in ListViewModel() }
                container.register(ListViewController.self) { r in
                    let controller = ListViewController()
                    controller.bind(to: r.resolve(ListViewModel.self)!)
                    return controller
                }
            }

            """
        let result = try imported(source)
        #expect(
            result.stdout.hasSuffix(
                """
                  # App.swift:10
                  # FILL_IN_listViewModel: passed to `controller.bind(to:)`, a method of the value built; say how generated code calls it
                  - provides: ListViewController
                    lifetime: graph
                    dependencies:
                      FILL_IN_listViewModel: ListViewModel

                """), "\(result.stdout)")
        #expect(
            result.stderr == """
                App.swift:12:25: info: 'ListViewController': it passes the resolved value to `controller.bind(to:)`, a method of the value it builds, which a manifest cannot call; the resolve is read as its dependency ('FILL_IN_listViewModel'); gen-swift asks how to build it [swift-import]
                digraph: imported 2 registrations: 0 errors, 0 warnings, 1 info
                digraph: read 1 Swift file: 2 registrations, 1 resolve, 0 calls not understood

                """, "\(result.stderr)")
    }

    /// eu-digital-identity-wallet: `DcApiHandler(serviceName: LogicIDPModule.getDocumentStorageServiceName())`.
    /// A value a static member of the app makes is a value when running the member resolves nothing
    /// (an info), and stays the "built in place" warning when it does (its resolves are this
    /// registration's). Before, both were the warning.
    @Test func aStaticMembersValueIsAValueWhenItResolvesNothing() throws {
        let source = """
            import Foundation
            import Swinject

            final class Logger {}
            final class Tracker { init(logger: Logger) {} }
            final class Handler { init(serviceName: String, tracker: Tracker) {} }
            enum Module {
                static func serviceName() -> String { Bundle.main.bundleIdentifier ?? "app" }
                static func tracker(_ container: Container) -> Tracker { Tracker(logger: container.resolve(Logger.self)!) }
            }
            let container = Container()
            func setUp() {
                container.register(Logger.self) { _ in Logger() }
                container.register(Handler.self) { _ in
                    Handler(serviceName: Module.serviceName(), tracker: Module.tracker(container))
                }
            }

            """
        let checked = try check(source)
        #expect(
            checked.stdout == """
                App.swift:14:5: info: nothing reachable from a root uses 'Handler'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                App.swift:15:17: info: 'Handler': parameter 'serviceName' is given `Module.serviceName()`, a value a static member of the app makes without resolving anything, which the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                App.swift:15:52: warning: 'Handler': parameter 'tracker' is built in place (`Module.tracker(container)`); digraph records the resolves inside it as dependencies of 'Handler', register that value separately to model it [swift-import]
                digraph: checked 2 registrations: 0 errors, 1 warning, 2 infos

                """, "\(checked.stdout)")
    }

    /// KazaKago/blueprint_ios passes an initializer's parameter (`init(userName: GithubOrgName) {
    /// … resolve(GithubReposViewModel.self, argument: userName)! }`): its declared type is the
    /// argument's, as a function's parameter's was. So are a stored property's (bare or through
    /// `self.`) and a closure's typed parameter's. Before, each was `_`, and a wrong type (a
    /// `String` where the registration takes `OrgName`: nil, and a crash) went unsaid. A name an
    /// `if let` or a `guard let` binds is not the optional property it shadows (a false error in
    /// links on the first try).
    @Test func aParameterOrPropertyPassedAsARuntimeArgumentHasItsDeclaredType() throws {
        let source = """
            import Swinject

            struct OrgName: Hashable { let raw: String }
            final class ReposModel { init(org: OrgName) {} }
            let container: Container = {
                let c = Container()
                c.register(ReposModel.self) { _, org in ReposModel(org: org) }
                return c
            }()
            struct ReposScreen {
                let model: ReposModel
                init(name: String) {
                    model = container.resolve(ReposModel.self, argument: name)!
                }
            }
            struct OrgScreen {
                let org: OrgName
                var model: ReposModel { container.resolve(ReposModel.self, argument: org)! }
                var other: ReposModel { container.resolve(ReposModel.self, argument: self.org)! }
                func list(names: [String]) -> [ReposModel] {
                    names.map { (name: String) in container.resolve(ReposModel.self, argument: name)! }
                }
                // links' `guard let rootViewController = rootViewController`: the unwrapped value.
                let maybe: OrgName?
                func load() {
                    guard let maybe = maybe else { return }
                    _ = container.resolve(ReposModel.self, argument: maybe)!
                    if let maybe { _ = container.resolve(ReposModel.self, argument: maybe)! }
                }
            }

            """
        let checked = try check(source)
        #expect(checked.status == 1)
        #expect(
            checked.stdout == """
                App.swift:13:17: error: this resolve passes 'String' as runtime argument 1 of 'ReposModel', which takes 'org: OrgName': Swinject returns nil for it, and a `!` on it crashes [argument-mismatch]
                App.swift:7:5: note: 'ReposModel' declares its arguments here
                App.swift:21:39: error: this resolve passes 'String' as runtime argument 1 of 'ReposModel', which takes 'org: OrgName': Swinject returns nil for it, and a `!` on it crashes [argument-mismatch]
                App.swift:7:5: note: 'ReposModel' declares its arguments here
                digraph: checked 1 registration: 2 errors, 0 warnings, 0 infos

                """, "\(checked.stdout)")
        #expect(
            try imported(source).stdout.contains(
                """
                resolves:
                  # App.swift:13
                  - { type: ReposModel, arguments: [String] }
                  # App.swift:18
                  - { type: ReposModel, arguments: [OrgName] }
                  # App.swift:19
                  - { type: ReposModel, arguments: [OrgName] }
                  # App.swift:21
                  - { type: ReposModel, arguments: [String] }
                """))
    }

    /// klmyoungyun/ContactsClone writes `resolve(ViewModel.self, argument: self as Coordinating)`:
    /// Swinject keys the argument by its static type, and `self` in a coordinator's method is the
    /// coordinator class, not the protocol the registration takes, so the resolve finds nothing. The
    /// type of `self` (outside static code, generic types and protocol extensions) and of an `as` cast
    /// are now known: the mistake is the error it is, the cast is fine. Before, both were `_`.
    @Test func selfPassedAsARuntimeArgumentHasItsTypesType() throws {
        let source = """
            import Swinject

            protocol Coordinating: AnyObject {}
            final class ListViewModel { init(coordinator: Coordinating) {} }
            final class ListCoordinator: Coordinating {
                let resolver: Resolver
                init(resolver: Resolver) { self.resolver = resolver }
                func start() {
                    _ = resolver.resolve(ListViewModel.self, argument: self as Coordinating)!
                }
                func restart() {
                    _ = resolver.resolve(ListViewModel.self, argument: self)!
                }
            }
            let assembler = Assembler([])
            func assemble(container: Container) {
                container.register(ListViewModel.self) { (_, coordinator: Coordinating) in ListViewModel(coordinator: coordinator) }
                container.register(ListCoordinator.self) { r in ListCoordinator(resolver: r) }
            }

            """
        let checked = try check(source)
        #expect(checked.status == 1)
        #expect(
            checked.stdout == """
                App.swift:12:13: error: this resolve passes 'ListCoordinator' as runtime argument 1 of 'ListViewModel', which takes 'coordinator: Coordinating': Swinject returns nil for it, and a `!` on it crashes [argument-mismatch]
                App.swift:17:5: note: 'ListViewModel' declares its arguments here
                App.swift:18:5: info: nothing reachable from a root uses 'ListCoordinator'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                App.swift:18:69: info: 'ListCoordinator': parameter 'resolver' is given the resolver `r` itself, which a manifest does not pass; it is left out, and what 'ListCoordinator' resolves through it is read as its lazy dependencies [swift-import]
                digraph: checked 2 registrations: 1 error, 0 warnings, 2 infos

                """, "\(checked.stdout)")
    }

    /// jtabraham123/FetchCodingChallenge: the object keeps the resolver and resolves through the app's
    /// own helper (`self.resolver.resolved(Detail.self)`, `fatalError` on a miss). Those are read as
    /// its lazy dependencies, as `resolve` is, and said with an info: before, the warning said they
    /// were invisible while the same resolves were read another way.
    @Test func anObjectHandedTheResolverResolvesThroughTheAppsHelper() throws {
        let source = """
            import Swinject

            extension Resolver {
                func resolved<Service>(_ type: Service.Type) -> Service {
                    guard let service = resolve(type) else { fatalError("register \\(type)") }
                    return service
                }
            }
            final class Detail {}
            final class ListCoordinator {
                private let resolver: Resolver
                init(resolver: Resolver) { self.resolver = resolver }
                func showDetail() -> Detail { resolver.resolved(Detail.self) }
            }
            final class AppAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Detail.self) { _ in Detail() }
                    container.register(ListCoordinator.self) { r in ListCoordinator(resolver: r) }.inObjectScope(.container)
                }
            }
            let coordinator = Assembler([AppAssembly()]).resolver.resolved(ListCoordinator.self)

            """
        let checked = try check(source)
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:18:73: info: 'ListCoordinator': parameter 'resolver' is given the resolver `r` itself, which a manifest does not pass; it is left out, and what 'ListCoordinator' resolves through it is read as its lazy dependencies [swift-import]
                digraph: checked 2 registrations: 0 errors, 0 warnings, 1 info

                """, "\(checked.stdout)")
        let imported = try imported(source)
        #expect(
            imported.stdout.hasSuffix(
                """
                  # App.swift:18
                  - provides: ListCoordinator
                    lifetime: singleton
                    dependencies:
                      detail: { type: "Detail?", lazy: true }

                resolves:
                  # App.swift:13
                  - Detail
                  # App.swift:21
                  - ListCoordinator

                """), "\(imported.stdout)")
    }

    /// Where a resolve's type is inferred, the place it goes decides whether it is optional, however
    /// the place spells it: `T?`, `T!`, `Optional<T>`, `Swift.Optional<T>`, `(any P)?`. A place
    /// that only ends in `?` text inside (`[T?]`) is not optional.
    @Test func anOptionalPlaceIsOptionalHoweverItIsSpelled() throws {
        let result = try imported(
            """
            import Swinject
            extension Resolver {
                func resolve<Service>() -> Service { resolve(Service.self)! }
            }
            final class Feed { init(api: Optional<API>, clock: Clock!, cache: (any Cache)?, tags: [Tag?], log: Log) {} }
            func assemble(container: Container) {
                container.register(Feed.self) { r in
                    let log: Swift.Optional<Log> = r.resolve()
                    return Feed(api: r.resolve(), clock: r.resolve(), cache: r.resolve(), tags: r.resolve(), log: log!)
                }
                container.register(Screen.self) { r in Screen(model: r.resolve() as Model!) }
            }

            """)
        #expect(
            result.stdout.hasSuffix(
                """
                  - provides: Feed
                    lifetime: graph
                    dependencies:
                      api: "API?"
                      clock: "Clock?"
                      cache: "Cache?"
                      tags: "[Tag?]"
                      log: Log
                  # App.swift:11
                  - provides: Screen
                    lifetime: graph
                    dependencies:
                      model: "Model?"

                """), "\(result.stdout)")
    }

    /// An annotation types a resolve only when the resolve is that variable's value (its initializer,
    /// its getter): a resolve passed to a call inside `var body: some View { … }` is not a `some View`
    /// (seen in generic19/Shopped-In: five false missing-binding errors on 'FILL_IN').
    @Test func anAnnotationTypesOnlyTheResolveThatIsItsValue() throws {
        let result = try imported(
            """
            import Swinject
            final class DI {
                static let shared = DI()
                private let container = Container()
                func resolve<Resolved>() -> Resolved { container.resolve(Resolved.self)! }
            }
            struct Screen: View {
                @StateObject var model: FormModel = DI.shared.resolve()
                var clock: Clock { DI.shared.resolve() }
                var log: Log { return DI.shared.resolve() }
                var body: some View {
                    List {}.sheet(isPresented: true, content: { Form(viewModel: DI.shared.resolve()) })
                }
            }

            """)
        #expect(
            result.stdout.hasSuffix(
                """
                resolves:
                  # App.swift:8
                  - FormModel
                  # App.swift:9
                  - Clock
                  # App.swift:10
                  - Log

                """), "\(result.stdout)")
        #expect(
            result.stderr.hasPrefix(
                "App.swift:12:69: warning: this resolve names no type (`DI.shared.resolve()`) and digraph cannot tell the type Swift infers here"),
            "\(result.stderr)")
    }

    /// `{ Impl($0.resolve()) }` is Swinject's graph scope (not a hand-rolled transient); a
    /// container's `defaultObjectScope` is the default of what is registered on it; a helper that
    /// writes its own factory is read per call, and a callback that resolves is said, not read.
    @Test func shorthandClosuresDefaultScopesAndHelpersThatWriteTheFactory() throws {
        let result = try imported(
            """
            import Swinject
            class Screen<Model> { required init(model: Model) {} }
            final class Feed: Screen<FeedModel> {}
            final class FeedModel { init(api: API) {} }
            let shared: Container = {
                let container = Container(defaultObjectScope: .container)
                container.register(API.self) { _ in API() }
                return container
            }()
            func assemble(container: Container) {
                container.register(FeedModel.self) { FeedModel(api: $0.resolve(API.self)!) }
                screen(container, Feed.self) { feed, r in _ = r.resolve(Clock.self) }
            }
            func screen<S: Screen<M>, M>(_ container: Container, _ type: S.Type, configure: @escaping (S, Resolver) -> Void) {
                container.register(type) { r in
                    let screen = S(model: r.resolve(M.self)!)
                    configure(screen, r)
                    return screen
                }.inObjectScope(.transient)
            }

            """)
        #expect(
            result.stdout.hasSuffix(
                """
                registrations:
                  # App.swift:7
                  - provides: API
                    lifetime: singleton
                  # App.swift:11
                  - provides: FeedModel
                    lifetime: graph
                    dependencies:
                      api: API
                  # App.swift:12
                  # registered through screen (App.swift:14)
                  - provides: Feed
                    dependencies:
                      model: FeedModel

                """), "\(result.stdout)")
        #expect(
            result.stderr.hasPrefix(
                "App.swift:12:51: warning: 'Feed': this closure, passed to `screen`, resolves here; digraph reads the factory `screen` writes (App.swift:14), not this closure: add what it resolves to the manifest by hand [swift-import]\n"
            ), "\(result.stderr)")
    }

    /// A module's own container class wraps Swinject; files that call it do not import Swinject.
    /// `DIContainer.shared.register` is the wrapper; `DIContainer.shared.container.register` is
    /// Swinject's own, reached through the property.
    @Test func aContainerClassWrappingSwinjectIsReadFromFilesThatDoNotImportIt() throws {
        try withApp(
            """
            import Swinject
            public enum NWScope {
                case graph, container
                var swinjectScope: ObjectScope { self == .graph ? .graph : .container }
            }
            public final class DIContainer {
                public static let shared = DIContainer()
                public let container = Container()
                public func register<T>(_ serviceType: T.Type, scope: NWScope = .graph, factory: @escaping (DIResolver) -> T) {
                    container.register(serviceType) { resolver in factory(DIResolver(resolver: resolver)) }.inObjectScope(scope.swinjectScope)
                }
            }
            public struct DIResolver {
                let resolver: Resolver
                public func resolve<T>(_ type: T.Type) -> T { resolver.resolve(type)! }
            }

            """
        ) { folder in
            try """
            import DIContainerModule
            func configure() {
                DIContainer.shared.register(Tokens.self, scope: .container) { _ in Tokens() }
                DIContainer.shared.register(Clock.self) { _ in Clock() }
                DIContainer.shared.container.register(API.self) { r in API(tokens: r.resolve(Tokens.self)!) }
            }

            """.write(to: folder.appendingPathComponent("Configure.swift"), atomically: true, encoding: .utf8)
            let result = try CLIRunner.run(["import", ".", "-o", "-"], directory: folder)
            #expect(
                result.stdout.hasSuffix(
                    """
                    registrations:
                      # Configure.swift:3
                      # registered through register (App.swift:9)
                      - provides: Tokens
                        lifetime: singleton
                      # Configure.swift:4
                      # registered through register (App.swift:9)
                      - provides: Clock
                        lifetime: graph
                      # Configure.swift:5
                      - provides: API
                        lifetime: graph
                        dependencies:
                          tokens: Tokens

                    """), "\(result.stdout)")
            #expect(
                result.stderr.hasPrefix(
                    "Configure.swift:5:5: warning: the declaration of `register(_:_:)` is not in the given paths, so digraph reads its calls by their shape: Swinject's register"
                ), "\(result.stderr)")
        }
    }

    /// Generic helpers around `resolve`, whatever their name, are resolves: with the type they are
    /// given, or the one Swift infers.
    @Test func resolveHelpersAreFollowedWhateverTheirName() throws {
        let result = try imported(
            """
            import Swinject
            enum DI {
                static let container = Container()
                static func inject<T>() -> T { container.resolve(T.self)! }
                static func get<T>(_ type: T.Type, named name: String? = nil) -> T { container.resolve(type, name: name)! }
                static func maybe<T>(_ type: T.Type) -> T? { container.resolve(type) }
            }
            final class Store { init(api: API, clock: Clock?) {} }
            func assemble(container: Container) {
                container.register(Store.self) { _ in Store(api: DI.inject(), clock: DI.maybe(Clock.self)) }
                container.register(API.self, name: "main") { _ in API() }
            }
            final class Screen {
                let store: Store = DI.inject()
                let api = DI.get(API.self, named: "main")
            }

            """)
        #expect(
            result.stdout.hasSuffix(
                """
                  - provides: Store
                    lifetime: graph
                    dependencies:
                      api: API
                      clock: "Clock?"
                  # App.swift:11
                  - provides: API
                    lifetime: graph
                    name: main

                resolves:
                  # App.swift:14
                  - Store
                  # App.swift:15
                  - { type: API, name: main }

                """), "\(result.stdout)")
    }

    /// `register(SearchViewModel.self) { SearchViewModel(store: …) }` through an initializer that
    /// fixes the generic parameter (`extension SearchViewModel where S == RunLoop`): the key is
    /// written out, and a resolve of `SearchViewModel<RunLoop>` finds it.
    @Test func anInitializerThatFixesTheGenericParameterWritesTheKeyOut() throws {
        let swift = """
            import Swinject
            import Foundation
            final class Store { init() {} }
            final class SearchViewModel<S> {
                init(scheduler: S, store: Store) {}
            }
            extension SearchViewModel where S == RunLoop {
                convenience init(store: Store) { self.init(scheduler: RunLoop.main, store: store) }
            }
            final class Screen { init(model: SearchViewModel<RunLoop>) {} }
            func assemble(container: Container) {
                container.register(Store.self) { _ in Store() }
                container.register(SearchViewModel.self) { r in SearchViewModel(store: r.resolve(Store.self)!) }
                container.register(Screen.self) { r in Screen(model: r.resolve(SearchViewModel<RunLoop>.self)!) }
            }

            """
        let result = try imported(swift)
        #expect(
            result.stdout.contains(
                """
                  # App.swift:13
                  - provides: "SearchViewModel<RunLoop>"
                    implementation: "SearchViewModel<RunLoop>"
                    lifetime: graph
                    dependencies:
                      store: Store

                """), "\(result.stdout)")
        #expect(!result.stdout.contains("generic arguments from the factory"), "no specialization comment: the key is exact")
    }

    /// darrarski/SharedShopping-iOS: SwinjectAutoregistration's `~>` given its arguments unlabeled
    /// (`r ~> (Presenter.self, nav)`, `r ~> (Row.self, (shopping, nav))`: Swift converts the tuple to
    /// the operator's labelled one) made eight false `argument-mismatch` errors ("passes none"); an
    /// argument cast to another type (`nav as UIViewController`) is checked by count only, with an
    /// info; `window = resolver ~> X.self` in the app delegate's `init` is the app's resolve, at
    /// launch (UIKit builds the `@UIApplicationMain` delegate as it starts); a closure
    /// resolving nothing given to a parameter is a value (an info), not code digraph cannot read.
    @Test func arrowResolvesWithUnlabeledArgumentsPassThem() throws {
        let source = """
            import Swinject
            import SwinjectAutoregistration
            import UIKit

            final class Presenter { init(parent: UIViewController) {} }
            final class Row { init(title: String, nav: UINavigationController) {} }
            final class Screen {
                init(presenter: Presenter, row: Row, alert: Presenter, onTap: @escaping () -> Void) {}
            }
            final class UIAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Presenter.self) { _, parent in Presenter(parent: parent) }
                    container.register(Row.self) { _, title, nav in Row(title: title, nav: nav) }
                    container.register(Screen.self) { (resolver: Resolver, nav: UINavigationController) in
                        Screen(
                            presenter: resolver ~> (Presenter.self, nav as UIViewController),
                            row: resolver ~> (Row.self, ("title", nav)),
                            alert: resolver ~> (Presenter.self, argument: nav as UIViewController),
                            onTap: { print("tap") })
                    }
                }
            }
            @UIApplicationMain
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let assembler = Assembler([UIAssembly()])
                var screen: Screen
                override init() {
                    screen = assembler.resolver ~> (Screen.self, UINavigationController())
                    super.init()
                }
            }

            """
        let result = try check(source)
        #expect(
            result.stdout == """
                App.swift:16:57: info: 'Screen': the resolve of 'Presenter' passes its runtime argument `nav` as 'UIViewController', a cast a manifest cannot write: the arguments' count is checked, their types are not [swift-import]
                App.swift:17:46: warning: 'Screen': the resolve of 'Row' passes `"title"`; a manifest passes on only the registration's own runtime arguments, so it is left out (the arguments' count is still checked, their types are not) [swift-import]
                App.swift:18:63: info: 'Screen': the resolve of 'Presenter' passes its runtime argument `nav` as 'UIViewController', a cast a manifest cannot write: the arguments' count is checked, their types are not [swift-import]
                App.swift:19:17: info: 'Screen': parameter 'onTap' is given `{ print("tap") }`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                digraph: checked 3 registrations: 0 errors, 1 warning, 3 infos

                """, "\(result.stdout)")
        #expect(result.stderr == "digraph: read 1 Swift file: 3 registrations, 4 resolves, 1 call not understood\n", "\(result.stderr)")
        // UIKit builds the `@UIApplicationMain` delegate as it starts: its `init` is launch code.
        let manifest = try imported(source).stdout
        #expect(manifest.hasSuffix("resolves:\n  # App.swift:28\n  - { type: Screen, arguments: [_], launch: true }\n"), "\(manifest)")
    }

    /// UIKit builds the `@UIApplicationMain` delegate before it calls it: a stored property's
    /// resolve runs at launch, as an `@main` type's does; a `lazy` one's only when launch code
    /// uses it, and a method's not at all.
    @Test func anApplicationMainDelegatesStoredPropertiesAreLaunchCode() throws {
        let manifest = try imported(
            """
            import Swinject
            import UIKit

            final class Store {}
            final class Cache {}
            final class Log {}
            final class StoreAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Store.self) { _ in Store() }.inObjectScope(.container)
                    container.register(Cache.self) { _ in Cache() }
                    container.register(Log.self) { _ in Log() }
                }
            }
            let assembler = Assembler([StoreAssembly()])
            @UIApplicationMain
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let store = assembler.resolver.resolve(Store.self)!
                lazy var cache = assembler.resolver.resolve(Cache.self)!
                func log() -> Log { assembler.resolver.resolve(Log.self)! }
            }

            """
        ).stdout
        #expect(
            manifest.hasSuffix(
                """
                resolves:
                  # App.swift:17
                  - { type: Store, launch: true }
                  # App.swift:18
                  - Cache
                  # App.swift:19
                  - Log

                """), "\(manifest)")
    }

    /// DSM-PICK/PiCK_iOS_V2's shape: 15 factories pass `self.keychain(resolver)`, a stored closure
    /// of the assembly resolving through the resolver it is handed; a method does the same. Each
    /// was a warning and no dependency, and the closure's resolve an app root (a false one).
    @Test func aHelperOfTheAssemblyHandedTheResolverIsItsResolve() throws {
        let app = """
            import Swinject

            protocol Keychain {}
            final class SystemKeychain: Keychain {}
            final class Session {}
            protocol AuthDataSource {}
            final class AuthDataSourceImpl: AuthDataSource {
                init(keychain: Keychain, session: Session) {}
            }
            public final class DataSourceAssembly: Assembly {
                private let keychain = { (resolver: Resolver) in
                    resolver.resolve(Keychain.self)!
                }

                private func session(_ resolver: Resolver) -> Session {
                    resolver.resolve(Session.self)!
                }

                public func assemble(container: Container) {
                    container.register(Keychain.self) { _ in SystemKeychain() }
                    container.register(Session.self) { _ in Session() }
                    container.register(AuthDataSource.self) { resolver in
                        AuthDataSourceImpl(keychain: self.keychain(resolver), session: self.session(resolver))
                    }
                }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(
            imported.stdout.hasSuffix(
                """
                  # App.swift:22
                  - provides: AuthDataSource
                    implementation: AuthDataSourceImpl
                    lifetime: graph
                    dependencies:
                      keychain: Keychain
                      session: Session

                """), "\(imported.stdout)")
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.stdout == "digraph: checked 3 registrations: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
    }

    /// nightscout/Trio's shape (and FreeAPS X's): `@Injected() var storage: FileStorage!` with a
    /// wrapper generic over the key and the value (`Injected<Resolve, Service>`), filled by the
    /// holder's `injectServices(resolver)` reflecting over its properties; `@Injected(as: X.self)`
    /// keys `X`. Trio's 26 registrations built this way had none of their 128 dependencies, each
    /// with a warning, and 20 false `unused-registration` infos. A test's Assembler building a
    /// test assembly with the app's is not checked alone (it would miss what the app's provide),
    /// and a signature Swift 5 accepts (`@MainActor([Int]) -> Void`) is no parse error.
    @Test func wrappersTheHolderFillsByReflectionAreItsDependencies() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-reflect-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "App/Injected.swift": """
            import Swinject

            protocol Injectable {
                func injectServices(_ resolver: Resolver)
            }

            @propertyWrapper final class Injected<Resolve, Service>: Resolvable {
                var wrappedValue: Service!

                init(as _: Resolve.Type) {}

                func resolve(_ resolver: Resolver) {
                    if wrappedValue == nil {
                        wrappedValue = (resolver.resolve(Resolve.self) as! Service)
                    }
                }
            }

            private protocol Resolvable {
                func resolve(_: Resolver)
            }

            extension Injected where Resolve == Service {
                convenience init() {
                    self.init(as: Service.self)
                }
            }

            extension Injectable {
                func injectServices(_ resolver: Resolver) {
                    Mirror(reflecting: self).children.forEach { ($0.value as? Resolvable)?.resolve(resolver) }
                }
            }

            """,
            "App/App.swift": """
            import Swinject

            protocol FileStorage {}
            final class BaseFileStorage: FileStorage {}
            protocol SourceInfoProvider {}
            final class Broadcaster: SourceInfoProvider {}
            protocol GlucoseStorage {}
            final class BaseGlucoseStorage: GlucoseStorage, Injectable {
                @Injected() private var storage: FileStorage!
                @Injected(as: Broadcaster.self) private var source: SourceInfoProvider!
                init(resolver: Resolver) {
                    injectServices(resolver)
                }
            }
            final class StorageAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(FileStorage.self) { _ in BaseFileStorage() }
                    container.register(Broadcaster.self) { _ in Broadcaster() }
                    container.register(GlucoseStorage.self) { r in BaseGlucoseStorage(resolver: r) }
                }
            }
            final class HomeStateModel: Injectable {
                @Injected() var glucose: GlucoseStorage!
                func subscribe(_ resolver: Resolver) {
                    injectServices(resolver)
                }
                func setup(update: @escaping @MainActor([Int]) -> Void) {}
            }
            enum TrioApp {
                static let assembler = Assembler([StorageAssembly()], parent: nil, defaultObjectScope: .container)
            }

            """,
            "AppTests/GlucoseTests.swift": """
            import Swinject
            import XCTest

            final class TestAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(GlucoseStorage.self) { r in BaseGlucoseStorage(resolver: r) }
                }
            }
            final class GlucoseTests: XCTestCase {
                func testStorage() {
                    let assembler = Assembler([StorageAssembly(), TestAssembly()])
                    XCTAssertNotNil(assembler.resolver.resolve(GlucoseStorage.self))
                }
            }

            """,
        ]
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let imported = try CLIRunner.run(["import", ".", "-o", "-"], directory: folder)
        #expect(
            imported.stdout.hasSuffix(
                """
                registrations:
                  # App/App.swift:17
                  - provides: FileStorage
                    implementation: BaseFileStorage
                    lifetime: singleton
                  # App/App.swift:18
                  - provides: Broadcaster
                    lifetime: singleton
                  # App/App.swift:19
                  # 'storage' is resolved while BaseGlucoseStorage is built (App.swift:9)
                  # 'source' is resolved while BaseGlucoseStorage is built (App.swift:10)
                  - provides: GlucoseStorage
                    implementation: BaseGlucoseStorage
                    lifetime: singleton
                    dependencies:
                      storage: FileStorage
                      source: Broadcaster

                resolves:
                  # App/App.swift:9
                  - FileStorage
                  # App/App.swift:10
                  - Broadcaster
                  # App/App.swift:23
                  - GlucoseStorage

                """), "\(imported.stdout)")
        let checked = try CLIRunner.run(["check", "."], directory: folder)
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App/App.swift:19:75: info: 'GlucoseStorage': parameter 'resolver' is given the resolver `r` itself, which a manifest does not pass; it is left out, and the properties its initializer fills through it are read as its dependencies [swift-import]
                AppTests/GlucoseTests.swift:4:13: info: 'TestAssembly' is test code (AppTests/GlucoseTests.swift): its registration is a test's, left out of the app's graph; a test builds it with the app's assemblies (GlucoseTests.swift:11), so it is not checked on its own [swift-import]
                AppTests/GlucoseTests.swift:12:25: info: 1 resolve in test code (1 file in a `…Tests` or `…Specs` folder or importing XCTest, Testing, Quick or Nimble; the first here) is the tests' own, left out of the app's roots [swift-import]
                digraph: checked 3 registrations: 0 errors, 0 warnings, 3 infos

                """, "\(checked.stdout)")
    }

    /// nightscout/Trio's shape: the app's one `Assembler` gives its assemblies `.container`, and
    /// seven test files build the same assemblies in a plain `Assembler` (`.graph`). The tests'
    /// Assemblers said nothing of the app: its 41 registrations were read `graph`, silently.
    @Test func theTestsAssemblersDoNotVoteOnTheAppsScope() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-scope-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let appsAssembler = """
                static let assembler = Assembler([StorageAssembly()], parent: nil, defaultObjectScope: .container)
                static func start() { _ = assembler.resolver.resolve(Storage.self)! }

            """
        let app = """
            import Swinject
            final class Storage {}
            final class StorageAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Storage.self) { _ in Storage() }
                }
            }
            enum App {
            \(appsAssembler)}

            """
        let tests = """
            import XCTest
            import Swinject
            final class StorageTests: XCTestCase {
                func testStorage() {
                    let assembler = Assembler([StorageAssembly()])
                    XCTAssertNotNil(assembler.resolver.resolve(Storage.self))
                }
            }

            """
        func imported(app: String) throws -> String {
            for (path, text) in ["App/App.swift": app, "AppTests/StorageTests.swift": tests] {
                let file = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            }
            let result = try CLIRunner.run(["import", ".", "-o", "-"], directory: folder)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        let withTheApps = try imported(app: app)
        #expect(withTheApps.contains("registrations:\n  # App/App.swift:5\n  - provides: Storage\n    lifetime: singleton\n\n"), "\(withTheApps)")
        // Applied by the tests' Assembler only, the assembly takes that one's scope (graph).
        let testsOnly = try imported(app: app.replacingOccurrences(of: appsAssembler, with: ""))
        #expect(testsOnly.contains("registrations:\n  # App/App.swift:5\n  - provides: Storage\n    lifetime: graph\n"), "\(testsOnly)")
    }

    /// lukaszspaczynski/showcase-ios-app: `Assembler(screens, parent: services, defaultObjectScope:
    /// .transient)` is a child of the services' assembler, so the app resolving from it sees both
    /// (its screens were read as another container's: a false `missing-binding` error); what an
    /// assembly registers without a scope takes its `Assembler`'s `defaultObjectScope`, in an
    /// extension of the assembly too; SwinjectAutoregistration's postfix `r~>` is typed where its
    /// value goes (a property of the storyboard screen `storyboardInitCompleted` names, a `lazy var`
    /// given the value of a closure called at once), and it force-unwraps: a required dependency
    /// whatever the property's type.
    @Test func aChildAssemblersScopesAndPostfixArrowsAreRead() throws {
        let source = """
            import Swinject
            import SwinjectAutoregistration
            import SwinjectStoryboard
            import UIKit

            protocol Style {}
            final class DarkStyle: Style { init() {} }
            final class Client { init() {} }
            final class Model { init(client: Client) {} }
            final class Screen: UIViewController {
                var model: Model!
                var style: Style?
            }
            final class ServiceAssembly: Assembly {
                func assemble(container: Container) {
                    container.autoregister(Client.self, initializer: Client.init)
                }
            }
            final class ScreenAssembly: Assembly {
                func assemble(container: Container) {
                    container.autoregister(Style.self, initializer: DarkStyle.init)
                    registerModels(container: container)
                }
            }
            extension ScreenAssembly {
                func registerModels(container: Container) {
                    container.autoregister(Model.self, initializer: Model.init)
                    container.register(Screen.self) { r in
                        let c = Screen()
                        c.model = r~>
                        return c
                    }
                    container.storyboardInitCompleted(Screen.self) { r, c in
                        c.model = r~>
                        c.style = r.resolve(Style.self)
                    }
                }
            }
            enum AppResolver {
                static let shared: Resolver = {
                    let services = Assembler([ServiceAssembly()], parent: nil, defaultObjectScope: .container)
                    let screens = Assembler([ScreenAssembly()], parent: services, defaultObjectScope: .transient)
                    return screens.resolver
                }()
            }
            final class Launcher {
                lazy var model: Model = { AppResolver.shared~> }()
            }

            """
        let result = try check(source)
        #expect(
            result.stdout == """
                App.swift:28:9: info: nothing reachable from a root uses 'Screen'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                digraph: checked 4 registrations: 0 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
        let manifest = try imported(source).stdout
        #expect(
            manifest.hasSuffix(
                """
                registrations:
                  # App.swift:16
                  - provides: Client
                    lifetime: singleton
                  # App.swift:21
                  - provides: Style
                    implementation: DarkStyle
                  # App.swift:27
                  - provides: Model
                    dependencies:
                      client: Client
                  # App.swift:28
                  - provides: Screen
                    properties:
                      model: Model

                resolves:
                  # App.swift:34
                  - Model
                  # App.swift:35
                  - Style
                  # App.swift:47
                  - Model

                """), "\(manifest)")
    }

    /// `autoregister(ClipboardView<Impl>.self, initializer: ClipboardView.init)`: the generic
    /// parameter of `ClipboardView<ViewModel>`'s initializer is the key's argument.
    @Test func anAutoregisteredGenericTakesItsArgumentsFromTheKey() throws {
        let result = try imported(
            """
            import Swinject
            import SwinjectAutoregistration
            struct ClipboardView<ViewModel> { init(viewModel: ViewModel, clock: Clock) {} }
            final class ClipboardViewModelImpl { init() {} }
            final class Clock { init() {} }
            func assemble(container: Container) {
                container.autoregister(ClipboardViewModelImpl.self, initializer: ClipboardViewModelImpl.init)
                container.autoregister(Clock.self, initializer: Clock.init)
                container.autoregister(ClipboardView<ClipboardViewModelImpl>.self, initializer: ClipboardView.init)
            }

            """)
        #expect(
            result.stdout.hasSuffix(
                """
                  - provides: "ClipboardView<ClipboardViewModelImpl>"
                    implementation: "ClipboardView<ClipboardViewModelImpl>"
                    lifetime: graph
                    dependencies:
                      viewModel: ClipboardViewModelImpl
                      clock: Clock

                """), "\(result.stdout)")
    }

    @Test func aResolveWithoutItsArgumentsOrWithTheWrongTypeIsAnError() throws {
        let result = try check(
            """
            import Swinject
            func assemble(container: Container) {
                container.register(ScanResult.self) { (_, code: String) in ScanResult(code: code) }
                container.register(Report.self) { (_, reason: Reason) in Report(reason: reason) }
            }
            final class Screen {
                func show(resolver: Resolver, id: Int, reason: Reason) {
                    _ = resolver.resolve(ScanResult.self)!
                    _ = resolver.resolve(Report.self, argument: 42)!
                    _ = resolver.resolve(ScanResult.self, argument: "abc")!
                    _ = resolver.resolve(Report.self, argument: id)!
                    _ = resolver.resolve(Report.self, argument: reason)!
                }
            }

            """)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:8:13: error: 'ScanResult' takes runtime arguments (code: String), but this resolve passes none: Swinject returns nil for it, and a `!` on it crashes; pass them with `argument:` or `arguments:` [argument-mismatch]
                App.swift:3:5: note: 'ScanResult' declares its arguments here
                App.swift:9:13: error: this resolve passes 'Int' as runtime argument 1 of 'Report', which takes 'reason: Reason': Swinject returns nil for it, and a `!` on it crashes [argument-mismatch]
                App.swift:4:5: note: 'Report' declares its arguments here
                App.swift:11:13: error: this resolve passes 'Int' as runtime argument 1 of 'Report', which takes 'reason: Reason': Swinject returns nil for it, and a `!` on it crashes [argument-mismatch]
                App.swift:4:5: note: 'Report' declares its arguments here
                digraph: checked 2 registrations: 3 errors, 0 warnings, 0 infos

                """, "\(result.stdout)")
    }

    /// Issue 38: an argument the importer left out, a module-qualified spelling and a type it could
    /// not read are guesses, not facts: no error from them; a count the source proves wrong still is.
    @Test func argumentChecksRaiseErrorsOnlyFromWhatWasRead() throws {
        let result = try check(
            """
            import Swinject
            func assemble(container: Container) {
                container.register(Report.self) { (_, a: Int, b: String, d: Date) in Report(a: a, b: b, d: d) }
                container.register(Screen.self) { (r, a: Int, b: String) in Screen(report: r.resolve(Report.self, arguments: a, b, Date())!) }
                container.register(Pane.self) { (r, a: Int) in Pane(report: r.resolve(Report.self, arguments: a, Date())!) }
                container.register(Viewer.self) { (_, p: Profile) in Viewer(profile: p) }
                container.register(Mystery.self) { (_, x) in Mystery(x: x) }
            }
            func use(resolver: Resolver, profile: Core.Profile, thing: Thing, count: Int) {
                _ = resolver.resolve(Screen.self, arguments: count, "b")
                _ = resolver.resolve(Pane.self, argument: count)
                _ = resolver.resolve(Viewer.self, argument: profile)
                _ = resolver.resolve(Viewer.self, argument: count)
                _ = resolver.resolve(Mystery.self, argument: thing)
            }

            """)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:4:120: warning: 'Screen': the resolve of 'Report' passes `Date()`; a manifest passes on only the registration's own runtime arguments, so it is left out (the arguments' count is still checked, their types are not) [swift-import]
                App.swift:5:57: error: 'Report' takes runtime arguments (a: Int, b: String, d: Date), but parameter 'report' of 'Pane' passes (a: Int) and 1 more digraph could not read [argument-mismatch]
                App.swift:3:5: note: 'Report' declares its arguments here
                App.swift:5:102: warning: 'Pane': the resolve of 'Report' passes `Date()`; a manifest passes on only the registration's own runtime arguments, so it is left out (the arguments' count is still checked, their types are not) [swift-import]
                App.swift:7:5: warning: 'Mystery': the type of runtime argument 'x' is not written in the closure and no declared initializer says it; write `x: Type` in the closure or fill in 'FILL_IN' [swift-import]
                App.swift:13:9: error: this resolve passes 'Int' as runtime argument 1 of 'Viewer', which takes 'p: Profile': Swinject returns nil for it, and a `!` on it crashes [argument-mismatch]
                App.swift:6:5: note: 'Viewer' declares its arguments here
                digraph: checked 5 registrations: 2 errors, 3 warnings, 0 infos

                """, "\(result.stdout)")
    }

    /// A value the manifest cannot hold (`argument: false`) is not written, so the imported manifest
    /// passes one argument fewer than the Swift: its check gave an `argument-mismatch` error that the
    /// check of the Swift does not. The edge now carries a suppression saying why, where the count
    /// read from the Swift is right; a count that is wrong stays an error in both.
    @Test func anImportedManifestChecksLikeTheSwiftWhenAnArgumentCannotBeWritten() throws {
        let app = """
            import Swinject
            func assemble(container: Container) {
                container.register(Keychain.self) { (_, synchronizable: Bool) in Keychain(synchronizable: synchronizable) }
                container.register(Report.self) { (_, a: Int, d: Date) in Report(a: a, d: d) }
                container.register(Store.self) { r in Store(keychain: r.resolve(Keychain.self, argument: false)!) }
                container.register(Pane.self) { (r, a: Int) in Pane(report: r.resolve(Report.self, arguments: a, Date(), 3)!) }
            }

            """
        let fromSwift = try check(app)
        #expect(fromSwift.status == 1)
        #expect(
            fromSwift.stdout == """
                App.swift:5:94: warning: 'Store': the resolve of 'Keychain' passes `false`; a manifest passes on only the registration's own runtime arguments, so it is left out (the arguments' count is still checked, their types are not) [swift-import]
                App.swift:6:57: error: 'Report' takes runtime arguments (a: Int, d: Date), but parameter 'report' of 'Pane' passes (a: Int) and 2 more digraph could not read [argument-mismatch]
                App.swift:4:5: note: 'Report' declares its arguments here
                App.swift:6:102: warning: 'Pane': the resolve of 'Report' passes `Date()`; a manifest passes on only the registration's own runtime arguments, so it is left out (the arguments' count is still checked, their types are not) [swift-import]
                App.swift:6:110: warning: 'Pane': the resolve of 'Report' passes `3`; a manifest passes on only the registration's own runtime arguments, so it is left out (the arguments' count is still checked, their types are not) [swift-import]
                digraph: checked 4 registrations: 1 error, 3 warnings, 0 infos

                """, "\(fromSwift.stdout)")
        let (written, fromManifest) = try withApp(app) { folder in
            _ = try CLIRunner.run(["import", "App.swift", "-o", "app.yaml"], directory: folder)
            return (
                try String(contentsOf: folder.appendingPathComponent("app.yaml"), encoding: .utf8),
                try CLIRunner.run(["check", "app.yaml"], directory: folder)
            )
        }
        #expect(
            written == """
                # Imported from Swift by `digraph import App.swift`; regenerate rather than edit,
                # or copy it once and maintain it by hand from then on.
                version: 1
                assembly: AppAssembly

                registrations:
                  # App.swift:3
                  - provides: Keychain
                    lifetime: graph
                    dependencies:
                      synchronizable: { argument: synchronizable }
                    arguments:
                      synchronizable: Bool
                  # App.swift:4
                  - provides: Report
                    lifetime: graph
                    dependencies:
                      a: { argument: a }
                      d: { argument: d }
                    arguments:
                      a: Int
                      d: Date
                  # App.swift:5
                  - provides: Store
                    lifetime: graph
                    dependencies:
                      keychain:
                        type: Keychain
                        suppress:
                          - { code: "argument-mismatch", reason: "it also passes 1 runtime argument a manifest cannot hold; digraph checked their count in the Swift" }
                  # App.swift:6
                  - provides: Pane
                    lifetime: graph
                    dependencies:
                      report: { type: Report, arguments: [a] }
                    arguments:
                      a: Int

                """, "\(written)")
        #expect(fromManifest.status == 1)
        #expect(
            fromManifest.stdout == """
                app.yaml:35:7: error: 'Report' takes runtime arguments (a: Int, d: Date), but parameter 'report' of 'Pane' passes (a: Int) [argument-mismatch]
                app.yaml:21:7: note: 'Report' declares its arguments here
                digraph: checked 4 registrations: 1 error, 0 warnings, 0 infos (1 suppressed not shown)

                """, "\(fromManifest.stdout)")
    }

    /// ruuvi/com.ruuvi.station.ios: a singleton made by a method of a graph-scoped factory object
    /// (`r.resolve(LocalFactory.self)!.makeSyncState()`) runs that method once, while it is built,
    /// and does not keep the factory: 8 false `captive-dependency` warnings. The edge carries a
    /// suppression saying so; a value the singleton's initializer takes is still a captive.
    @Test func aSingletonMadeByAFactoryObjectDoesNotHoldIt() throws {
        let app = """
            import Swinject

            protocol LocalFactory { func makeSyncState() -> SyncState }
            final class LocalFactoryImpl: LocalFactory { func makeSyncState() -> SyncState { SyncStateImpl() } }
            protocol SyncState {}
            final class SyncStateImpl: SyncState {}
            final class Settings {}
            final class Daemon {
                init(state: SyncState, settings: Settings) {}
            }
            func assemble(container: Container) {
                container.register(LocalFactory.self) { _ in LocalFactoryImpl() }
                container.register(Settings.self) { _ in Settings() }
                container.register(SyncState.self) { r in
                    let factory = r.resolve(LocalFactory.self)!
                    return factory.makeSyncState()
                }.inObjectScope(.container)
                container.register(Daemon.self) { r in
                    Daemon(state: r.resolve(SyncState.self)!, settings: r.resolve(Settings.self)!)
                }.inObjectScope(.container)
            }

            """
        let checked = try check(app)
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:19:51: warning: singleton 'Daemon' holds graph 'Settings' (parameter 'settings'): the value is made once and kept for the singleton's whole life; make 'Settings' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'Daemon' shorter-lived [captive-dependency]
                App.swift:13:5: note: 'Settings' is registered graph here
                digraph: checked 4 registrations: 0 errors, 1 warning, 0 infos

                """, "\(checked.stdout)")
        #expect(
            try imported(app).stdout.contains(
                """
                  - provides: SyncState
                    lifetime: singleton
                    dependencies:
                      _factory:
                        type: LocalFactory
                        suppress:
                          - { code: "captive-dependency", reason: "only its method runs, while the value is built" }

                """))
    }

    /// MateeDevs/devstack-native-app: `#warning("…")` alone on a line before a `switch`'s first
    /// case compiles, but swift-syntax refuses it: a false "does not parse" warning; so does ruuvi's
    /// `#selector` with its `(` on the next line. Such lines are patched, locations kept; a real
    /// syntax error next to one is still said, where it is.
    @Test func whatTheCompilerTakesIsNoParseError() throws {
        let directive = """
            import Swinject
            final class Pan: NSObject {
                func target() -> Selector { #selector
                    (Pan.handle) }
                @objc func handle() {}
            }
            enum Reason { case empty }
            func describe(_ reason: Reason) -> String {
                switch reason {
                #warning("say more")
                case .empty: return "empty"
                }
            }
            func assemble(container: Container) {
                container.register(Clock.self) { _ in Clock() }
            }

            """
        let clean = try check(directive)
        #expect(clean.status == 0)
        #expect(clean.stdout == "digraph: checked 1 registration: 0 errors, 0 warnings, 0 infos\n", "\(clean.stdout)")
        let broken = try check(directive.replacingOccurrences(of: "case .empty:", with: "case .empty return"))
        #expect(
            broken.stdout == """
                App.swift:11:17: warning: the file does not parse as Swift here; registrations around this point may be incomplete. Fix the syntax error (swiftc shows it) and import again [swift-import]
                digraph: checked 1 registration: 0 errors, 1 warning, 0 infos

                """, "\(broken.stdout)")
    }

    /// cergeyd/MosSport: an assembly hands its own `container` (the `assemble(container:)`
    /// parameter) to the objects that build screens, which resolve through it later: the container
    /// itself, as a factory's resolver is, not "a value from outside the container" (13 warnings).
    /// A generic class resolving from a metatype it keeps (`container?.resolve(self.serviceType, …)`)
    /// was left out without a word: an info now says so, where it is.
    @Test func theAssemblysContainerHandedOnIsTheContainerItself() throws {
        let app = """
            import Swinject

            protocol Service {}
            final class API: Service { init(pattern: String) {} }
            final class RequestFactory<S> {
                private let container: Container?
                private let serviceType: S.Type
                init(container: Container?, serviceType: S.Type) {
                    self.container = container
                    self.serviceType = serviceType
                }
                func make(pattern: String) -> S? {
                    container?.resolve(self.serviceType, argument: pattern)
                }
            }
            final class ListView {}
            final class ListFactory {
                private let container: Container
                init(container: Container) { self.container = container }
                func makeList() -> ListView { container.resolve(ListView.self)! }
            }
            final class NetworkAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Service.self) { (_, pattern: String) in API(pattern: pattern) }
                    container.register(ListView.self) { _ in ListView() }
                    container.register(ListFactory.self) { _ in ListFactory(container: container) }
                    container.register(RequestFactory<Service>.self) { _ in RequestFactory<Service>(container: container, serviceType: Service.self) }
                }
            }

            """
        let checked = try check(app)
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:13:9: info: this resolve is left out: the type it resolves, `self.serviceType`, is not a literal `X.self`, so which registration it reaches is known only when the app runs [swift-import]
                App.swift:24:9: info: nothing reachable from a root uses 'Service'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                App.swift:26:9: info: nothing reachable from a root uses 'ListFactory'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                App.swift:26:65: info: 'ListFactory': parameter 'container' is given the resolver `container` itself, which a manifest does not pass; it is left out, and what 'ListFactory' resolves through it is read as its lazy dependencies [swift-import]
                App.swift:27:9: info: nothing reachable from a root uses 'RequestFactory<Service>'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                App.swift:27:89: warning: 'RequestFactory<Service>': parameter 'container' is given the resolver `container` itself, so what the object resolves later is invisible to digraph; it is left out. Resolve its dependencies in the factory instead [swift-import]
                App.swift:27:111: info: 'RequestFactory<Service>': parameter 'serviceType' is given `Service.self`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                digraph: checked 4 registrations: 0 errors, 1 warning, 6 infos

                """, "\(checked.stdout)")
    }

    /// jason-vance/Carnivore-Diet-Guide: `autoregister(_:initializer:)` given a closure (`{
    /// Library.getInstance(fetcher: c ~> Fetcher.self) }`) or a static method (`Cache.getInstance`)
    /// instead of `Type.init`: a "not `Type.init`" warning each and their dependencies lost (7 of 61
    /// registrations short, 2 false `unused-registration` infos). A closure is read as a trailing
    /// one is, a static method as an initializer is; and `c ~> X.self` in a stored property of the
    /// type a factory returns (`FeedImpl.instance`) is what building it resolves.
    @Test func autoregisterGivenAClosureOrAStaticMethodIsRead() throws {
        let app = """
            import Swinject
            import SwinjectAutoregistration

            protocol Fetcher {}
            protocol Resetter {}
            protocol Feed {}
            final class FirebaseFetcher: Fetcher {}
            final class Library: Resetter {
                static func getInstance(fetcher: Fetcher) -> Library { Library() }
            }
            final class Cache {
                static func getInstance() -> Cache { Cache() }
            }
            final class FeedImpl: Feed {
                static let instance = FeedImpl()
                private let fetcher = iocContainer ~> Fetcher.self
            }

            let iocContainer = Container()

            func setup(iocContainer: Container) {
                iocContainer.autoregister(Fetcher.self, initializer: FirebaseFetcher.init)
                iocContainer.autoregister(Library.self, initializer: {
                    Library.getInstance(fetcher: iocContainer ~> Fetcher.self)
                })
                iocContainer.autoregister(Resetter.self, initializer: { iocContainer ~> Library.self })
                iocContainer.autoregister(Cache.self, initializer: Cache.getInstance)
                iocContainer.autoregister(Feed.self, initializer: { FeedImpl.instance })
            }

            struct Screen {
                let resetter = iocContainer ~> Resetter.self
                let cache = iocContainer ~> Cache.self
                let feed = iocContainer ~> Feed.self
            }

            """
        let checked = try check(app)
        #expect(checked.status == 0)
        #expect(checked.stdout == "digraph: checked 5 registrations: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
        #expect(
            try imported(app).stdout == """
                # Imported from Swift by `digraph import App.swift`; regenerate rather than edit,
                # or copy it once and maintain it by hand from then on.
                version: 1
                assembly: AppAssembly
                interfaces:
                  Feed: {}
                  Fetcher: {}
                  Resetter: {}

                registrations:
                  # App.swift:22
                  - provides: Fetcher
                    implementation: FirebaseFetcher
                    lifetime: graph
                  # App.swift:23
                  - provides: Library
                    lifetime: graph
                    factory: getInstance
                    dependencies:
                      fetcher: Fetcher
                  # App.swift:26
                  - provides: Resetter
                    lifetime: graph
                    aliasOf: Library
                  # App.swift:27
                  - provides: Cache
                    lifetime: graph
                    factory: getInstance
                  # App.swift:28
                  # 'fetcher' is resolved while FeedImpl is built (App.swift:16)
                  - provides: Feed
                    implementation: FeedImpl
                    lifetime: graph
                    factory: instance
                    dependencies:
                      fetcher: Fetcher

                resolves:
                  # App.swift:16
                  - Fetcher
                  # App.swift:32
                  - Resetter
                  # App.swift:33
                  - Cache
                  # App.swift:34
                  - Feed

                """)
    }

    /// Swinject keys a registration by its type, name and runtime arguments' types: one coordinator
    /// registered for a `UIViewController` source and for a `Router` source is two registrations
    /// (fwrs/powerlyrics), and a resolve reaches the one whose arguments it passes.
    @Test func registrationsToldApartByTheirArgumentTypesAreNotDuplicates() throws {
        let result = try check(
            """
            import Swinject
            func assemble(container: Container) {
                container.register(LyricsCoordinator.self) { (_, source: UIViewController, song: Song) in LyricsCoordinator(source: source, song: song) }
                container.register(LyricsCoordinator.self) { (_, source: Router, song: Song) in LyricsCoordinator(source: source, song: song) }
                container.register(Menu.self) { (r, router: Router, song: Song) in Menu(lyrics: r.resolve(LyricsCoordinator.self, arguments: router, song)!) }
                container.register(Clock.self) { (_, zone: Zone) in Clock(zone: zone) }
                container.register(Clock.self) { (_, other: Zone) in Clock(zone: other) }
            }
            func show(resolver: Resolver, controller: UIViewController, router: Router, song: Song, zone: Zone) {
                _ = resolver.resolve(LyricsCoordinator.self, arguments: controller, song)
                _ = resolver.resolve(Menu.self, arguments: router, song)
                _ = resolver.resolve(Clock.self, argument: zone)
            }

            """)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:7:24: error: 'Clock' is registered again; this registration silently replaces the one at App.swift:6:24 [duplicate-registration]
                App.swift:6:24: note: first registered here
                digraph: checked 5 registrations: 1 error, 0 warnings, 0 infos

                """, "\(result.stdout)")
    }

    /// A runtime argument the factory's own code uses where a manifest cannot say it (a property
    /// set from it, a `switch` on it: fwrs/powerlyrics, woin2ee/WordChecker) is used; one the code
    /// never names is still "never used".
    @Test func anArgumentTheFactoryCodeUsesIsNotNeverUsed() throws {
        let swift = """
            import Swinject
            func assemble(container: Container) {
                container.register(LyricsScene.self) { (r, song: Song, thumbnail: Image?) in
                    let controller = LyricsController(song: song)
                    controller.thumbnail = thumbnail
                    return controller
                }
                container.register(SongList.self) { (r, flow: Flow) in
                    switch flow {
                    case .album(let album): return AlbumList(album: album, api: r.resolve(API.self)!)
                    case .liked: return LikedList(api: r.resolve(API.self)!)
                    }
                }
                container.register(Player.self) { (r, song: Song, volume: Int) in Player(song: song) }
                container.register(API.self) { _ in API() }
            }

            """
        let result = try check(swift)
        #expect(result.status == 0)
        #expect(
            result.stdout.hasSuffix(
                """
                App.swift:14:5: warning: runtime argument 'volume' of 'Player' is never used: no parameter takes it and no dependency is passed it [argument-mismatch]
                digraph: checked 4 registrations: 0 errors, 2 warnings, 0 infos

                """), "\(result.stdout)")
        #expect(!result.stdout.contains("'thumbnail'") && !result.stdout.contains("'flow' of"), "\(result.stdout)")
        let manifest = try imported(swift).stdout
        #expect(manifest.contains("  # runtime argument 'thumbnail' is used by the factory's own code in a way this manifest does not record\n"), "\(manifest)")
    }

    /// Registrations written in a closure that runs later (a route builder's, `DispatchQueue.main
    /// .async`: CAKK-DEV/cakk-client) come after launch, at times digraph cannot order: a key
    /// registered again there is a replacement made at run time (an info), and an eager resolve
    /// between two of them a warning; at launch the order is known and stays an error. A factory's
    /// `#if STUB … #else … #endif` is read as the build's clause.
    @Test func registrationsInClosuresThatRunLaterAreNotOrderedAgainstLaunch() throws {
        let result = try check(
            """
            import Swinject
            let container = Container()
            func launch() {
                container.register(Navigator.self) { _ in RootNavigator() }
                container.register(API.self) { _ in
                    #if STUB
                    StubAPI()
                    #else
                    LiveAPI()
                    #endif
                }
                let clock = container.resolve(Clock.self)!
                container.register(Ticker.self) { _ in Ticker(clock: clock) }.inObjectScope(.container)
                container.register(Clock.self) { _ in Clock() }.inObjectScope(.container)
            }
            struct ProfileRoute {
                var build: (Navigator) -> Screen {
                    { navigator in
                        let user = container.resolve(User.self)!
                        container.register(ProfileViewModel.self) { r in ProfileViewModel(user: user, api: r.resolve(API.self)!) }
                        container.register(Navigator.self) { _ in navigator }
                        return Screen()
                    }
                }
            }
            final class LoginViewModel {
                func loggedIn(_ user: User) {
                    DispatchQueue.main.async { container.register(User.self) { _ in user } }
                }
            }

            """)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:12:17: error: 'Ticker' resolves 'Clock' when it is registered (parameter 'clock'), but 'Clock' is registered only after it: at launch the resolve finds nothing and the app stops there; register 'Clock' first, or resolve it inside the factory [registration-order]
                App.swift:14:5: note: 'Clock' is registered here
                App.swift:19:24: warning: 'ProfileViewModel' resolves 'User' when it is registered (parameter 'user'), in code that runs later, as does the registration of 'User'; digraph cannot tell which runs first: if this one does, the resolve finds nothing and the app stops there; register 'User' first, or resolve it inside the factory [registration-order]
                App.swift:28:36: note: 'User' is registered here
                App.swift:21:32: info: 'Navigator' is registered again in code that runs later than the code around it (a closure); when it runs, it replaces the registration at App.swift:4:24, so what a resolve finds depends on when it runs [duplicate-registration]
                App.swift:4:24: note: first registered here
                digraph: checked 7 registrations: 1 error, 1 warning, 1 info

                """, "\(result.stdout)")
        let manifest = try imported(
            """
            import Swinject
            func wire(_ container: Container) {
                Task { container.register(Clock.self) { _ in Clock() } }
                [1].forEach { _ in container.register(Timer.self) { _ in Timer() } }
            }

            """
        ).stdout
        #expect(manifest.contains("# registered in the closure given to `Task`, which runs later than the code around it"), "\(manifest)")
        #expect(!manifest.contains("forEach`, which runs later"), "\(manifest)")
    }

    /// ImKuz/links: a factory written as a local closure with its function type
    /// (`let factory: (Resolver, String, Int) -> Client = { … }`, `register(Client.self, factory:
    /// factory)`) is read as the factory, with its runtime arguments' types; a registration named in
    /// a loop (`name: kind.rawValue`) makes a named use of its key a warning, not a missing binding;
    /// a key registered under no name at all stays an error.
    @Test func localClosureFactoriesAndNamesDigraphCannotRead() throws {
        let swift =
            """
            import Swinject
            enum Kind: String, CaseIterable { case local, remote }
            struct ClientAssembly: Assembly {
                func assemble(container: Container) {
                    let factory: (Resolver, String, Int) -> Client = { resolver, host, port in
                        ClientImpl(database: resolver.resolve(Database.self)!, host: host, port: port)
                    }
                    container.register(Client.self, factory: factory).inObjectScope(.transient)
                    container.register(Database.self) { _ in Database() }.inObjectScope(.container)
                    for kind in Kind.allCases {
                        container.register(Catalog.self, name: kind.rawValue) { r in Catalog(client: r.resolve(Client.self, arguments: "h", 1)!) }
                    }
                }
            }
            func start(resolver: Resolver) {
                _ = resolver.resolve(Client.self, arguments: "example.com", 443)
                _ = resolver.resolve(Catalog.self, name: "local")
                _ = resolver.resolve(Store.self, name: "main")
            }

            """
        let result = try check(swift)
        #expect(result.status == 1)
        #expect(
            result.stdout.hasSuffix(
                """
                App.swift:17:9: warning: nothing digraph could read provides 'Catalog (name: local)', needed by app code (resolved directly); 'Catalog' is registered at App.swift:11:13 under a name digraph could not read, which may be 'local' [missing-binding]
                App.swift:11:32: note: did you mean 'Catalog'? It is registered here
                App.swift:18:9: error: nothing provides 'Store (name: main)', needed by app code (resolved directly) [missing-binding]
                digraph: checked 3 registrations: 1 error, 4 warnings, 1 info

                """), "\(result.stdout)")
        #expect(!result.stdout.contains("argument-mismatch"), "\(result.stdout)")
        let manifest = try imported(swift).stdout
        #expect(
            manifest.contains(
                """
                  - provides: Client
                    implementation: ClientImpl
                    dependencies:
                      database: Database
                      host: { argument: host }
                      port: { argument: port }
                    arguments:
                      host: String
                      port: Int
                """), "\(manifest)")
    }

    /// A wrapper named `register` that takes the value without a label
    /// (`func register<T>(_ type: T.Type, _ object: T) { container.register(type) { _ in object } }`,
    /// PhoChak's `DependencyInjector`) is read where Swinject is imported too: Swinject's own
    /// `register` never takes an unlabeled value. Two registrations once dropped without a word made
    /// two false missing-binding errors. A `register` digraph still cannot read is a warning.
    @Test func aRegisterWrapperTakingAnUnlabeledValueIsRead() throws {
        let result = try check(
            """
            import Swinject
            final class Injector {
                private let container = Container()
                func register<T>(_ serviceType: T.Type, _ object: T) { container.register(serviceType) { _ in object } }
                func resolve<T>(_ serviceType: T.Type) -> T { container.resolve(serviceType)! }
            }
            final class SceneDelegate {
                let injector = Injector()
                func start(coordinator: Coordinator) {
                    injector.register(Coordinator.self, coordinator)
                    tableView.register(Cell.self)
                    tableView.register(Cell.self, forCellReuseIdentifier: "cell")
                    _ = injector.resolve(Coordinator.self)
                }
            }

            """)
        #expect(result.status == 0)
        #expect(result.stdout == "digraph: checked 1 registration: 0 errors, 0 warnings, 0 infos\n", "\(result.stdout)")
        let unread = try check(
            """
            import Swinject
            func wire(_ container: Container) {
                container.register(Clock.self, SystemClock())
            }

            """)
        #expect(
            unread.stdout == """
                App.swift:3:5: warning: 'Clock': `container.register(Clock.self, SystemClock())` names the key but passes neither a factory closure nor a value digraph can read; it is not imported. Pass the factory as a closure, or state the method's meaning under `import: containers:` in .digraph.yml [swift-import]
                digraph: checked 0 registrations: 0 errors, 1 warning, 0 infos

                """, "\(unread.stdout)")
    }

    /// danielfernandez-pe/PianoReminder wraps Swinject in `registerService(type:scope:factory:)`,
    /// whose factory is `() -> Service` or `(Arg1) -> Service`: the wrapper's own closure takes the
    /// resolver and hands the caller's factory only the argument (`{ _, arg1 in factory(arg1) }`).
    /// Read as Swinject's, `{ questions in … }` took the resolver, the registration no argument, and
    /// the screen's `resolveService(_:arg1:)` was a false `argument-mismatch` error.
    @Test func aWrapperHandingItsFactoryOnlyTheArgumentIsRead() throws {
        let swift = """
            import Swinject
            final class Network {}
            final class Overview { init(questions: [Int], network: Network) {} }
            extension Container {
                func registerService<Service>(type: Service.Type, factory: @escaping () -> Service) {
                    self.register(type) { _ in factory() }.inObjectScope(.container)
                }
                func registerService<Service, Arg1>(type: Service.Type, factory: @escaping (Arg1) -> Service) {
                    self.register(type) { resolver, arg1 in factory(arg1) }
                }
                func resolveService<Service, Arg1>(_ type: Service.Type, arg1: Arg1) -> Service { resolve(type, argument: arg1)! }
            }
            func wire(_ container: Container) {
                container.registerService(type: Network.self) { Network() }
                container.registerService(type: Overview.self) { questions in
                    Overview(questions: questions, network: container.resolve(Network.self)!)
                }
            }
            func show(_ container: Container) {
                _ = container.resolveService(Overview.self, arg1: [1, 2])
            }

            """
        let checked = try check(swift)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(checked.stdout == "digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
        let imported = try withApp(swift) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  # registered through registerService (App.swift:8)
                  - provides: Overview
                    lifetime: graph
                    dependencies:
                      questions: { argument: questions }
                      network: Network
                    arguments:
                      questions: "[Int]"
                """), "\(imported.stdout)")
    }

    /// Swinject's `.weak` keeps no value type (`WeakStorage`: "Does not persist value types"): a
    /// struct or an enum registered `.weak` is made on every resolve. `.container` keeps one
    /// (`PermanentStorage` holds `Any`; run against Swinject 2.10.0, the factory of a `.container`
    /// struct runs once, and every copy holds the one `Clock` it was given): a singleton, whose
    /// graph `Clock` is as captive as an object's (adamant-iOS: 25 captive warnings were missing).
    @Test func aValueTypesScopeIsKeptOnlyWhereSwinjectKeepsValues() throws {
        let swift = """
            import Swinject

            final class Clock {}
            struct Formatter { let clock: Clock }
            final class Feed { init(formatter: Formatter, theme: Theme) {} }
            enum Theme { case light }
            func assemble(_ container: Container) {
                container.register(Clock.self) { _ in Clock() }
                container.register(Formatter.self) { r in Formatter(clock: r.resolve(Clock.self)!) }.inObjectScope(.container)
                container.register(Theme.self) { _ in Theme.light }.inObjectScope(.weak)
                container.register(Feed.self) { r in Feed(formatter: r.resolve(Formatter.self)!, theme: r.resolve(Theme.self)!) }
            }

            """
        let checked = try check(swift)
        #expect(
            checked.stdout == """
                App.swift:9:57: warning: singleton 'Formatter' holds graph 'Clock' (parameter 'clock'): the value is made once and kept for the singleton's whole life; make 'Clock' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'Formatter' shorter-lived [captive-dependency]
                App.swift:8:5: note: 'Clock' is registered graph here
                digraph: checked 4 registrations: 0 errors, 1 warning, 0 infos

                """, "\(checked.stdout)")
        let manifest = try imported(swift).stdout
        #expect(
            manifest.contains(
                """
                  # App.swift:10
                  # lifetime transient: it is registered weak, but 'Theme' is an enum, a value, and the container keeps no weak instance of a value: each resolve makes a new one
                  - provides: Theme
                """), "\(manifest)")
        #expect(manifest.contains("  - provides: Formatter\n    lifetime: singleton\n"), "\(manifest)")
    }

    /// adamant-iOS declares `final class AdamantVibroService` and, in another file, a `struct
    /// AdamantVibroService` nested in an enum of notification names. `AdamantVibroService()` written
    /// outside that enum builds the class; the nested struct, read first, lent it its kind, and the
    /// `.container` registrations building such classes were read as values made on every resolve:
    /// 26 false captive warnings in the app.
    @Test func aTopLevelTypeKeepsItsNameFromANestedOneOfTheSameName() throws {
        let swift = """
            import Swinject
            protocol VibroService {}
            final class AdamantVibroService: VibroService {}
            final class Dialogs { init(vibro: VibroService) {} }
            func assemble(_ container: Container) {
                container.register(VibroService.self) { _ in AdamantVibroService() }.inObjectScope(.container)
                container.register(Dialogs.self) { r in Dialogs(vibro: r.resolve(VibroService.self)!) }.inObjectScope(.container)
            }

            """
        let checked = try withApp(swift) { folder in
            try "enum Notifications { struct AdamantVibroService { static let tapped = 1 } }\n".write(
                to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
            return try CLIRunner.run(["check", "."], directory: folder)
        }
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(checked.stdout == "digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
    }

    @Test func digraphIgnoreInTheSourceSuppressesWhereTheCodeIs() throws {
        let swift = """
            import Swinject
            func assemble(container: Container) {
                container.register(Cache.self) { r in Cache(clock: r.resolve(Clock.self)!) }.inObjectScope(.container) // digraph:ignore captive-dependency one clock per app is fine
                container.register(Clock.self) { _ in Clock() }
                // digraph:ignore missing-binding, cycle the store comes from a module we do not read
                container.register(Feed.self) { r in Feed(store: r.resolve(Store.self)!) }
                container.register(Typo.self) { _ in Typo() } // digraph:ignore captiv-dependency
            }

            """
        let result = try check(swift)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:5:5: info: unused suppression: nothing on Feed reports 'cycle'; remove it from the `// digraph:ignore` comment [cycle]
                App.swift:7:51: warning: `// digraph:ignore` names 'captiv-dependency', which is no code digraph reports; the codes are: missing-binding, cycle, duplicate-registration, composition-key, key-collision, captive-dependency, layer-violation, unknown-module, argument-mismatch, unused-registration, registration-order, isolation-mismatch, swift-import [swift-import]
                digraph: checked 4 registrations: 0 errors, 1 warning, 1 info (2 suppressed not shown)

                """, "\(result.stdout)")
        // Without the comments both findings are reported.
        let plain = try check(swift.replacingOccurrences(of: "// digraph:ignore", with: "// note:"))
        #expect(plain.status == 1)
        #expect(plain.stdout.contains("App.swift:3:49: warning: singleton 'Cache' holds graph 'Clock' (parameter 'clock')"), "\(plain.stdout)")
        #expect(
            plain.stdout.contains("App.swift:6:47: error: nothing provides 'Store', needed by 'Feed' (parameter 'store') [missing-binding]"), "\(plain.stdout)")
    }

    /// One comment on a line with two dependencies is one suppression: used when either edge uses it,
    /// not reported unused for the edge that reports nothing.
    @Test func oneCommentOnALineOfTwoDependenciesIsOneSuppression() throws {
        let swift = """
            import Swinject
            func assemble(container: Container) {
                container.register(Clock.self) { _ in Clock() }
                container.register(Store.self) { _ in Store() }.inObjectScope(.container)
                container.register(Feed.self) { r in
                    Feed(clock: r.resolve(Clock.self)!, store: r.resolve(Store.self)!) // digraph:ignore captive-dependency fine
                }.inObjectScope(.container)
            }

            """
        let result = try check(swift)
        #expect(result.status == 0)
        #expect(result.stdout == "digraph: checked 3 registrations: 0 errors, 0 warnings, 0 infos (1 suppressed not shown)\n", "\(result.stdout)")
        let plain = try check(swift.replacingOccurrences(of: "// digraph:ignore", with: "// note:"))
        #expect(plain.stdout.hasPrefix("App.swift:6:14: warning: singleton 'Feed' holds graph 'Clock' (parameter 'clock')"), "\(plain.stdout)")
    }

    /// What the importer could not read of a registration is about that registration: a comment on
    /// the registration's line covers it, so does one on the line it is printed on (a line with a
    /// dependency too). A comment on a line where digraph read nothing is reported, never dropped.
    @Test func digraphIgnoreCoversWhatTheImporterCouldNotReadOfARegistration() throws {
        let swift = """
            import Swinject
            func assemble(container: Container) {
                container.register(Feed.self) { r in // digraph:ignore swift-import the limit has a default
                    Feed(api: r.resolve(API.self)!, limit: makeLimit())
                }
                container.register(API.self) { r in
                    API(session: makeSession()) // digraph:ignore swift-import made outside
                }
                container.register(Clock.self) { r in
                    Clock(api: r.resolve(API.self)!, tick: makeTick()) // digraph:ignore swift-import fixed tick
                }
                container.register(Store.self) { r in
                    Store(x: compute())
                }
                // digraph:ignore captive-dependency nothing here
                let unrelated = 1
            }

            """
        let result = try check(swift)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:13:15: warning: 'Store': parameter 'x' is given `compute()`, which digraph cannot read; it is left out [swift-import]
                App.swift:15:5: info: unused suppression: digraph read no registration, dependency or resolve on the line this comment applies to, and nothing it could not read there; put it on the line of what reports 'captive-dependency', or remove it [captive-dependency]
                digraph: checked 4 registrations: 0 errors, 1 warning, 1 info (3 suppressed not shown)

                """, "\(result.stdout)")
        // Without the comments the three warnings are reported.
        let plain = try check(swift.replacingOccurrences(of: "// digraph:ignore", with: "// note:"))
        #expect(
            plain.stdout.hasPrefix(
                """
                App.swift:4:41: warning: 'Feed': parameter 'limit' is given `makeLimit()`, which digraph cannot read; it is left out [swift-import]
                App.swift:7:13: warning: 'API': parameter 'session' is given `makeSession()`, which digraph cannot read; it is left out [swift-import]
                App.swift:10:42: warning: 'Clock': parameter 'tick' is given `makeTick()`, which digraph cannot read; it is left out [swift-import]
                """), "\(plain.stdout)")
    }

    /// `autoregister(…, initializer: Windows.init)` reads every parameter at one source location.
    /// The captive finding on `reset` colours that edge only: the picture used to colour every edge
    /// at the finding's location, so `navigation` (a singleton, not captive) was drawn orange too.
    @Test func aFindingColoursItsOwnEdgeWhereSeveralEdgesShareALocation() throws {
        let swift = """
            import Swinject
            import SwinjectAutoregistration

            final class Navigation { init() {} }
            final class Reset { init() {} }
            final class Windows { init(navigation: Navigation, reset: Reset) {} }

            struct WindowsAssembly: Assembly {
                func assemble(container: Container) {
                    container.autoregister(Windows.self, initializer: Windows.init)
                        .inObjectScope(.container)
                    container.autoregister(Navigation.self, initializer: Navigation.init)
                        .inObjectScope(.container)
                    container.autoregister(Reset.self, initializer: Reset.init)
                }
            }

            """
        let result = try withApp(swift) { folder in try CLIRunner.run(["render", "App.swift", "--dot", "-o", "-"], directory: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let edges = result.stdout.split(separator: "\n").filter { $0.contains(" -> ") }
        let finding =
            "warning [captive-dependency]: singleton 'Windows' holds graph 'Reset' (parameter 'reset'): the value is made once and kept for the singleton's whole life; make 'Reset' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'Windows' shorter-lived"
        #expect(edges.count == 2)
        #expect(edges.first == ##"  r0 -> r1 [label="navigation", id="e0_0", tooltip="Windows -[navigation]-> Navigation\nApp.swift:10:59"];"##)
        let captive =
            ##"  r0 -> r2 [label="reset", color="#e8820c", fontcolor="#e8820c", penwidth="2.5", id="e0_1", tooltip="Windows -[reset]-> Reset\nApp.swift:10:59\n"##
            + finding + ##""];"##
        #expect(edges.last.map(String.init) == captive)
    }

    /// jasin755/Homework: `init(assembler: Swinject.Assembler, …)` autoregistered, with
    /// `register(Assembler.self)` beside it: one type, written with and without its module. A
    /// library's module (imported, no type of the sources so named) is no part of the key: the
    /// false `missing-binding` error is gone. Two `User`s the sources declare in two modules stay
    /// two keys. And `getModule<T>(_ type: T.Type) -> T { resolver.resolveType(type) }`, a generic
    /// function handing its work to a resolve helper, is a resolve helper too: the app's
    /// `getModule(AppNavigator.self)` is a root.
    @Test func aLibrarysModuleIsNoPartOfTheKeyAndHelpersOfHelpersResolve() throws {
        let swift = """
            import Foundation
            import Swinject
            import SwinjectAutoregistration
            extension Resolver {
                func resolveType<Service>(_ serviceType: Service.Type) -> Service { resolve(serviceType)! }
            }
            enum Domain { struct User {} }
            enum Data { struct User {} }
            final class Navigator {}
            final class AccountList { init(assembler: Swinject.Assembler, session: Foundation.URLSession, user: Domain.User) {} }
            final class RootAssembly: Assembly {
                let root: Assembler
                init(root: Assembler) { self.root = root }
                func assemble(container: Container) {
                    container.register(Assembler.self) { _ in self.root }.inObjectScope(.container)
                    container.register(URLSession.self) { _ in URLSession.shared }
                    container.register(Data.User.self) { _ in Data.User() }
                    container.autoregister(Navigator.self, initializer: Navigator.init)
                    container.autoregister(AccountList.self, initializer: AccountList.init)
                }
            }
            final class RootModule {
                static let instance = RootModule(assembler: Assembler())
                private let assembler: Assembler
                init(assembler: Assembler) {
                    self.assembler = assembler
                    assembler.apply(assembly: RootAssembly(root: assembler))
                }
                func getModule<T>(_ type: T.Type) -> T { assembler.resolver.resolveType(type) }
            }
            @main struct App {
                static func main() {
                    _ = RootModule.instance.getModule(Navigator.self)
                    _ = RootModule.instance.getModule(AccountList.self)
                }
            }

            """
        let checked = try check(swift)
        #expect(checked.status == 1, "\(checked.stdout)")
        #expect(
            checked.stdout == """
                App.swift:17:9: info: nothing reachable from a root uses 'Data.User'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                App.swift:19:63: error: nothing provides 'Domain.User', needed by 'AccountList' (parameter 'user') [missing-binding]
                App.swift:17:28: note: did you mean 'Data.User'? It is registered here
                digraph: checked 5 registrations: 1 error, 0 warnings, 1 info

                """, "\(checked.stdout)")
    }

    /// SHcommit/BibleAsIs declares `protocol bibleReadingInterface` and resolves
    /// `bibleReadingInterface.self` in five coordinators: a type the sources declare is a key
    /// whatever its case; those resolves were dropped without a word, and four demo apps' missing
    /// registration of it went unsaid. `serviceType.self`, a value's metatype, stays plumbing.
    @Test func aLowerCaseTypeTheSourcesDeclareIsAKey() throws {
        let swift = """
            import Swinject
            protocol readingInterface {}
            final class Flow {
                let resolver: Resolver
                init(resolver: Resolver) { self.resolver = resolver }
                func open() { _ = resolver.resolve(readingInterface.self)! }
                func any<T>(_ serviceType: T.Type) -> T? { resolver.resolve(serviceType.self) }
            }
            func assemble(_ container: Container) {
                container.register(Flow.self) { r in Flow(resolver: r) }
            }
            func start(_ container: Container) { container.resolve(Flow.self)!.open() }

            """
        let checked = try check(swift)
        #expect(checked.status == 1, "\(checked.stdout)")
        #expect(
            checked.stdout == """
                App.swift:6:23: error: nothing provides 'readingInterface', needed by app code (resolved directly) [missing-binding]
                App.swift:10:47: info: 'Flow': parameter 'resolver' is given the resolver `r` itself, which a manifest does not pass; it is left out, and what 'Flow' resolves through it is read as its lazy dependencies [swift-import]
                digraph: checked 1 registration: 1 error, 0 warnings, 1 info

                """, "\(checked.stdout)")
    }

    /// Adamant-im/adamant-iOS: each screen's factory builds `Assembler([ScreenAssembly()], parent:
    /// parent)` from a parent it was handed. A container given a parent is a child: never taken for
    /// the app's (this one is larger than the app's and was), its missing keys may be its parent's
    /// (a warning that says so), and `child.resolver.resolve(…)` resolves from it, not from the
    /// app's: a false `missing-binding` error before (a helper session's snippets of the app).
    @Test func aChildAssemblerWithAParentDigraphCannotPlaceIsAChild() throws {
        let swift = """
            import Swinject

            protocol Store {}
            final class StoreImpl: Store {}
            final class ScreenService { init(store: Store) {} }
            final class ScreenViewModel { init(service: ScreenService) {} }

            struct AppAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Store.self) { _ in StoreImpl() }.inObjectScope(.container)
                }
            }
            private struct ScreenAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(ScreenService.self) { ScreenService(store: $0.resolve(Store.self)!) }.inObjectScope(.container)
                    container.register(ScreenViewModel.self) { ScreenViewModel(service: $0.resolve(ScreenService.self)!) }
                }
            }
            struct ScreenFactory {
                let parent: Assembler
                func make() -> ScreenViewModel {
                    let child = Assembler([ScreenAssembly()], parent: parent)   // new child per call
                    return child.resolver.resolve(ScreenViewModel.self)!
                }
            }
            let app = Assembler([AppAssembly()])
            let vm = ScreenFactory(parent: app).make()

            """
        let checked = try check(swift)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(
            checked.stdout == """
                App.swift:13:16: info: 'ScreenAssembly' is applied only to the container built at App.swift:22, not to the app's (built at App.swift:26, taken to be the app's as the largest given no parent): its 2 registrations are left out of the app's graph [swift-import]
                App.swift:15:64: warning: nothing provides 'Store', needed by 'ScreenService' (parameter 'store') (in the container built at App.swift:22 with a parent digraph cannot place (a key it lacks may be the parent's), checked on its own) [missing-binding]
                digraph: checked 1 registration: 0 errors, 1 warning, 1 info

                """, "\(checked.stdout)")
    }

    /// adrianswiatek/shopping-list registers `SwinjectTestContainer(self.container)`: the app's own
    /// Swinject container, a stored property, handed to an object that resolves from it later. It
    /// is the container itself, as a factory's resolver is, not "a value from outside the
    /// container" to register: the warning says what it is.
    @Test func aContainerAStoredPropertyHoldsIsTheContainerItself() throws {
        let swift = """
            import Swinject
            protocol Locator { func get<T>(_ t: T.Type) -> T }
            final class SwinjectLocator: Locator {
                private let inner: Swinject.Container
                init(_ inner: Swinject.Container) { self.inner = inner }
                func get<T>(_ t: T.Type) -> T { inner.resolve(t)! }
            }
            final class AppContainer {
                private let container = Swinject.Container()
                init() {
                    container.register(Locator.self) { _ in SwinjectLocator(self.container) }.inObjectScope(.container)
                }
                func locator() -> Locator { container.resolve(Locator.self)! }
            }

            """
        let checked = try check(swift)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(
            checked.stdout == """
                App.swift:11:65: warning: 'Locator': parameter '_inner' is given the resolver `self.container` itself, so what the object resolves later is invisible to digraph; it is left out. Resolve its dependencies in the factory instead [swift-import]
                digraph: checked 1 registration: 0 errors, 1 warning, 0 infos

                """, "\(checked.stdout)")
    }

    /// SHcommit/BibleAsIs: its assemblies are applied with a `BibleAssembly()` of a git submodule
    /// the checkout does not hold. What it registers is unknown: a key nothing read provides is a
    /// warning that says so, not an error (7 false `missing-binding` errors in the app).
    @Test func anAssemblyNoGivenPathDeclaresLeavesMissingKeysUncertain() throws {
        let swift = """
            import Swinject
            import Bible

            protocol BibleRepository {}
            final class DefaultBibleRepository: BibleRepository { init(dao: BibleDAO) {} }
            final class DataAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(BibleRepository.self) { r in DefaultBibleRepository(dao: r.resolve(BibleDAO.self)!) }
                }
            }
            final class AppDIContainer {
                let assembler = Assembler([DataAssembly()], container: Container())
                init() { assembler.apply(assemblies: [BibleAssembly(), DataAssembly()]) }
                func start() { _ = assembler.resolver.resolve(BibleRepository.self)! }
            }

            """
        let checked = try check(swift)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(
            checked.stdout == """
                App.swift:8:80: warning: nothing provides 'BibleDAO', needed by 'BibleRepository' (parameter 'dao') ('BibleAssembly', applied at App.swift:13, is not in the given paths and may register it) [missing-binding]
                App.swift:13:43: warning: 'BibleAssembly' is applied here, but no given path declares it (a package's, or a submodule not checked out?): what it registers is unknown, so a key nothing digraph read provides is a warning, not an error; give digraph its sources [swift-import]
                digraph: checked 1 registration: 0 errors, 2 warnings, 0 infos

                """, "\(checked.stdout)")
        // Every assembly declared: the missing key is the error it is.
        let declared = try check(swift + "final class BibleAssembly: Assembly { func assemble(container: Container) {} }\n")
        #expect(declared.status == 1, "\(declared.stdout)")
        #expect(
            declared.stdout == """
                App.swift:8:80: error: nothing provides 'BibleDAO', needed by 'BibleRepository' (parameter 'dao') [missing-binding]
                digraph: checked 1 registration: 1 error, 0 warnings, 0 infos

                """, "\(declared.stdout)")
    }

    /// SHcommit/BibleAsIs names each reactor and screen by its type: `name:
    /// BibleFeedReactor._identifier`, where `extension Reactor { static var _identifier: String {
    /// .init(describing: Self.self) } }`, and `String(describing: BibleHomeReactor.self)`. Read as
    /// unnamed, two reactors of a feature were a false `duplicate-registration` error (2 in the app).
    @Test func aNameSpellingATypeIsThatTypesName() throws {
        let swift = """
            import Swinject

            protocol Reactor {}
            extension Reactor { static var _identifier: String { .init(describing: Self.self) } }
            enum Feed { final class ListReactor: Reactor {} }
            final class SettingReactor: Reactor {}
            final class HomeReactor: Reactor {}
            func assemble(_ container: Container) {
                container.register((any Reactor).self, name: Feed.ListReactor._identifier) { _ in Feed.ListReactor() }
                container.register((any Reactor).self, name: SettingReactor._identifier) { _ in SettingReactor() }
                container.register((any Reactor).self, name: String(describing: HomeReactor.self)) { _ in HomeReactor() }
            }
            func show(_ container: Container) {
                _ = container.resolve((any Reactor).self, name: "ListReactor")!
                _ = container.resolve((any Reactor).self, name: SettingReactor._identifier)!
                _ = container.resolve((any Reactor).self, name: "HomeReactor")!
            }

            """
        let checked = try check(swift)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(checked.stdout == "digraph: checked 3 registrations: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
        // A name digraph cannot read may differ from the other's: a warning, not an error.
        let unreadNames = try check(
            """
            import Swinject
            protocol Reactor {}
            final class HomeReactor: Reactor {}
            final class FeedReactor: Reactor {}
            func assemble(_ container: Container, home: String, feed: String) {
                container.register((any Reactor).self, name: home) { _ in HomeReactor() }
                container.register((any Reactor).self, name: feed) { _ in FeedReactor() }
            }

            """)
        #expect(unreadNames.status == 0, "\(unreadNames.stdout)")
        #expect(
            unreadNames.stdout == """
                App.swift:6:44: warning: '(any Reactor)': its name `home` is not a string literal or a constant declared in the given paths; the registration is imported without a name [swift-import]
                App.swift:7:24: warning: 'Reactor' may be registered again: digraph could not read the name either of the two is registered under, so the two may differ in name; if they do not, this registration silently replaces the one at App.swift:6:24 [duplicate-registration]
                App.swift:6:24: note: first registered here
                App.swift:7:44: warning: '(any Reactor)': its name `feed` is not a string literal or a constant declared in the given paths; the registration is imported without a name [swift-import]
                digraph: checked 2 registrations: 0 errors, 3 warnings, 0 infos

                """, "\(unreadNames.stdout)")
    }

    /// cmarioRV/MLChallenge: the container hands itself to its coordinators (`factory: self` in an
    /// `extension Container`), typed as a protocol the container conforms to; what the coordinator
    /// resolves by calling it later is its lazy dependencies, not a value to register.
    @Test func aContainerHandingItselfOverIsTheResolverAndItsConformanceResolvesLater() throws {
        let swift = """
            import Swinject
            protocol RouterProtocol {}
            final class Router: RouterProtocol {}
            protocol CoordinatorFactoryProtocol { func makeMain() -> MainCoordinator }
            final class AppCoordinator {
                private let router: RouterProtocol
                private let factory: CoordinatorFactoryProtocol
                init(router: RouterProtocol, factory: CoordinatorFactoryProtocol) {
                    self.router = router
                    self.factory = factory
                }
                func start() { factory.makeMain().start() }
            }
            final class MainCoordinator {
                init(router: RouterProtocol) {}
                func start() {}
            }
            extension Container {
                func registerAll() {
                    register(RouterProtocol.self) { _ in Router() }.inObjectScope(.container)
                    register(AppCoordinator.self) { r in AppCoordinator(router: r.resolve(RouterProtocol.self)!, factory: self) }.inObjectScope(.container)
                    register(MainCoordinator.self) { r in MainCoordinator(router: r.resolve(RouterProtocol.self)!) }
                }
                func start() { resolve(AppCoordinator.self)!.start() }
            }
            extension Container: CoordinatorFactoryProtocol {
                func makeMain() -> MainCoordinator { resolve(MainCoordinator.self)! }
            }
            """
        let checked = try check(swift)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(
            checked.stdout == """
                App.swift:21:102: info: 'AppCoordinator': parameter 'factory' is given the resolver `self` itself, which a manifest does not pass; it is left out, and what 'AppCoordinator' resolves through it is read as its lazy dependencies [swift-import]
                digraph: checked 3 registrations: 0 errors, 0 warnings, 1 info

                """, "\(checked.stdout)")
        let result = try imported(swift)
        #expect(
            result.stdout.contains(
                """
                  - provides: AppCoordinator
                    lifetime: singleton
                    dependencies:
                      router: RouterProtocol
                      mainCoordinator: { type: "MainCoordinator?", lazy: true }

                """), "\(result.stdout)")
    }

    /// rkopaliani/orion-assignment: each screen nests `Model.Interface` and `ViewModel.Interface`
    /// and registers `Interface.self` inside `extension Root.ViewModel { struct Factory … }`. Swift
    /// finds the enclosing type's `Interface` first: three keys, not one registered three times
    /// (5 false errors: 2 `duplicate-registration`, 3 `missing-binding`), and `Model.Interface`
    /// under `private typealias Model = Root.Model` is `Root.Model.Interface`.
    @Test func aNestedTypeWrittenBareInsideItsEnclosingTypeIsThatTypes() throws {
        let swift = """
            import Swinject

            enum Root {}
            extension Root {
                enum Model {
                    class Interface {}
                }
                enum ViewModel {
                    class Interface {
                        init(model: Root.Model.Interface) {}
                    }
                }
            }
            enum Settings {
                enum ViewModel {
                    class Interface {}
                }
            }
            extension Root.Model {
                struct Factory {
                    static func register(with container: Container) {
                        container.register(Interface.self) { _ in Interface() }.inObjectScope(.container)
                    }
                }
            }
            extension Root.ViewModel {
                struct Factory {
                    static func register(with container: Container) {
                        container.register(Interface.self) { r in Impl(resolver: r) }.inObjectScope(.container)
                    }
                }
                private final class Impl: Interface {
                    private typealias Model = Root.Model
                    init(resolver: Resolver) { super.init(model: resolver.resolve(Model.Interface.self)!) }
                }
            }
            extension Settings.ViewModel {
                struct Factory {
                    static func register(with container: Container) {
                        container.register(Interface.self) { _ in Interface() }
                    }
                }
            }
            let container = Container()
            func start() {
                Root.Model.Factory.register(with: container)
                Root.ViewModel.Factory.register(with: container)
                Settings.ViewModel.Factory.register(with: container)
                _ = container.resolve(Root.ViewModel.Interface.self)!
                _ = container.resolve(Settings.ViewModel.Interface.self)!
            }

            """
        let checked = try check(swift)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(
            checked.stdout == """
                App.swift:29:60: info: 'Interface': parameter 'resolver' is given the resolver `r` itself, which a manifest does not pass; it is left out, and 'Impl' resolves nothing through it later (what its initializer resolves is read as its dependencies) [swift-import]
                digraph: checked 3 registrations: 0 errors, 0 warnings, 1 info

                """, "\(checked.stdout)")
        let result = try imported(swift)
        #expect(result.stdout.contains("typealiases:\n  Root.ViewModel.Impl.Model: Root.Model\n"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                """
                  - provides: Root.ViewModel.Interface
                    implementation: Impl
                    lifetime: singleton
                    dependencies:
                      interface: Root.ViewModel.Impl.Model.Interface
                  # App.swift:40
                  - provides: Settings.ViewModel.Interface

                """), "\(result.stdout)")
    }

    /// tribushevsky/playermaker keeps the resolver in a `ServiceDependencyResolver` that resolves
    /// nothing through it yet; orion-assignment hands each screen's `Impl` Swinject's thread-safe
    /// `container.synchronize()`, which its initializer resolves from. Nothing either resolves later
    /// is hidden: an info, not "invisible to digraph". A holder handing the resolver on stays a warning.
    @Test func aResolverKeptOnlyForResolvesDigraphReadsHidesNothing() throws {
        let swift = """
            import Swinject
            protocol Toolbox {}
            final class EmptyToolbox: Toolbox {
                private let resolver: Resolver
                init(resolver: Resolver) { self.resolver = resolver }
            }
            final class Clock {}
            final class Screen {
                let clock: Clock
                init(resolver: Resolver) { clock = resolver.resolve(Clock.self)! }
            }
            final class Courier {
                private let resolver: Resolver
                init(resolver: Resolver) { self.resolver = resolver }
                func deliver() -> Screen { Screen(resolver: resolver) }
            }
            func assemble(container: Container) {
                let threadSafe = container.synchronize()
                container.register(Clock.self) { _ in Clock() }.inObjectScope(.container)
                container.register(Toolbox.self) { r in EmptyToolbox(resolver: r) }
                container.register(Screen.self) { _ in Screen(resolver: threadSafe) }
                container.register(Courier.self) { r in Courier(resolver: r) }
            }
            func start(_ container: Container) {
                _ = container.resolve(Toolbox.self)!
                _ = container.resolve(Screen.self)!
                _ = container.resolve(Courier.self)!
            }

            """
        let checked = try check(swift)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(
            checked.stdout == """
                App.swift:20:58: info: 'Toolbox': parameter 'resolver' is given the resolver `r` itself, which a manifest does not pass; it is left out, and 'EmptyToolbox' resolves nothing through it later (what its initializer resolves is read as its dependencies) [swift-import]
                App.swift:21:51: info: 'Screen': parameter 'resolver' is given the resolver `container.synchronize()` itself, which a manifest does not pass; it is left out, and 'Screen' resolves nothing through it later (what its initializer resolves is read as its dependencies) [swift-import]
                App.swift:22:53: warning: 'Courier': parameter 'resolver' is given the resolver `r` itself, so what the object resolves later is invisible to digraph; it is left out. Resolve its dependencies in the factory instead [swift-import]
                digraph: checked 4 registrations: 0 errors, 1 warning, 2 infos

                """, "\(checked.stdout)")
    }

    /// vexl-ios declares `@Inject var logger: Logger` inside a method: the wrapper resolves when the
    /// method runs, a lazy dependency of the registration building the type, as a call there is.
    @Test func aWrappedLocalInAMethodIsALazyDependency() throws {
        let swift = """
            import Swinject

            @propertyWrapper
            struct Inject<T> {
                let wrappedValue: T
                init() { wrappedValue = DI.shared.resolver.resolve(T.self)! }
            }

            final class DI {
                static let shared = DI()
                let resolver: Resolver = {
                    let c = Container()
                    c.register(Logger.self) { _ in Logger() }
                    c.register(Uploader.self) { _ in Uploader() }
                    c.register(Screen.self) { _ in Screen() }
                    return c
                }()
            }

            final class Logger {}
            final class Screen {}
            final class Uploader {
                func retry() {
                    @Inject var logger: Logger
                    _ = logger
                }
            }

            @main
            struct App { static func main() { @Inject var screen: Screen; _ = screen } }

            """
        let result = try imported(swift)
        #expect(
            result.stdout.contains(
                """
                  # 'logger' is resolved later by a method of Uploader (App.swift:24)
                  - provides: Uploader
                    lifetime: graph
                    dependencies:
                      logger: { type: "Logger?", lazy: true }

                """), "\(result.stdout)")
    }

    /// clerk/clerk-ios calls a closure parameter named `resolve` (`guard let publication = try
    /// resolve()`): the function's own value, no container's method. It was a resolve of the type
    /// the function returns, a false `missing-binding` error where that is `String`.
    @Test func aClosureParameterNamedResolveIsNoResolve() throws {
        let swift = """
            import Swinject
            final class Publisher {
                func publish(resolve: () throws -> String?) rethrows -> String? { try resolve() }
                func each(_ items: [Int], resolve: (Int) -> Int?) -> [Int] { items.compactMap { resolve($0) } }
            }
            func assemble(container: Container) {
                container.register(Publisher.self) { _ in Publisher() }
            }
            func start(container: Container) { _ = container.resolve(Publisher.self)! }

            """
        let checked = try check(swift)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(checked.stdout == "digraph: checked 1 registration: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
        #expect(checked.stderr.contains("1 registration, 1 resolve, 0 calls not understood"), "\(checked.stderr)")
    }

    /// ranjan2807/RestImageRender picks a cache or a network client by a variable name
    /// (`resolve(ImageProcessStrategyProtocol.self, name: clientType)`): no resolve of the unnamed
    /// key (a false `missing-binding` error), but a warning, and each named registration of the
    /// type may be what it reaches. A member of a tuple runtime argument (`info.nav`) is an element
    /// of it, as a destructured one is, not "cannot read".
    @Test func aNameInAVariableAndATupleArgumentsMemberAreSaidForWhatTheyAre() throws {
        let swift = """
            import Swinject
            import UIKit
            protocol ImageSource {}
            struct CacheSource: ImageSource {}
            struct NetworkSource: ImageSource {}
            protocol Model {}
            final class DetailCoordinator {
                init(navigation: UINavigationController, model: Model) {}
            }
            enum AppResolver {
                static let container = Container()
                static func resolve<T>(_ type: T.Type, name: String) -> T? { container.resolve(type, name: name) }
            }
            func assemble(container: Container) {
                container.register(ImageSource.self, name: "cache") { _ in CacheSource() }
                container.register(ImageSource.self, name: "network") { _ in NetworkSource() }
                container.register(DetailCoordinator.self) { (_, info: (nav: UINavigationController, model: Model)) in
                    DetailCoordinator(navigation: info.nav, model: info.model)
                }
            }
            func source(cached: Bool) -> ImageSource {
                var kind: String
                if cached { kind = "cache" } else { kind = "network" }
                return AppResolver.container.resolve(ImageSource.self, name: kind)!
            }
            func detail(on nav: UINavigationController, model: Model) -> DetailCoordinator {
                AppResolver.container.resolve(DetailCoordinator.self, argument: (nav: nav, model: model))!
            }

            """
        let checked = try check(swift)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(
            checked.stdout == """
                App.swift:15:5: info: nothing reachable from a root uses 'ImageSource (name: cache)'; the resolve at App.swift:24 names 'ImageSource' by a name known only when the app runs, and it may be this one [unused-registration]
                App.swift:16:5: info: nothing reachable from a root uses 'ImageSource (name: network)'; the resolve at App.swift:24 names 'ImageSource' by a name known only when the app runs, and it may be this one [unused-registration]
                App.swift:18:27: info: 'DetailCoordinator': parameter 'navigation' is given `info.nav`, element 1 of the factory's parameter (a tuple), which a manifest can only pass whole; it is left out [swift-import]
                App.swift:18:49: info: 'DetailCoordinator': parameter 'model' is given `info.model`, element 2 of the factory's parameter (a tuple), which a manifest can only pass whole; it is left out [swift-import]
                App.swift:24:12: warning: this resolve of 'ImageSource' is left out: its name, `kind`, is not a string literal or a constant declared in the given paths, so which of its registrations it reaches is known only when the app runs [swift-import]
                digraph: checked 3 registrations: 0 errors, 1 warning, 4 infos

                """, "\(checked.stdout)")
        // A test's resolve by a variable name is the test's own, left out with the others there.
        let test = try check(
            """
            import Swinject
            import XCTest
            protocol Service {}
            final class ServiceTests: XCTestCase {
                func testNames() {
                    let container = Container()
                    for index in 0..<2 {
                        let name = "Test\\(index)"
                        _ = container.resolve(Service.self, name: name)
                    }
                }
            }

            """)
        #expect(!test.stdout.contains("its name, `name`"), "\(test.stdout)")
    }

    /// haihm1997/iOS_MVVM-C names registrations by an enum through its own wrappers:
    /// `register(_:serviceName:factory:)` calls Swinject's `_register(…, name: serviceName.named)`
    /// and `resolve(_:serviceName:)` calls `resolve(…, name: serviceName?.named)`, with `named`
    /// returning the case's `rawValue`. A label Swinject's `register` lacks makes the call the
    /// wrapper's, and `.movies` given there is the name `movies` on both sides (it was 2 false
    /// "registered again exactly" warnings, both sides read without a name).
    @Test func anEnumNameThroughTheAppsOwnWrappersIsItsRawValue() throws {
        let swift = """
            import Swinject
            public enum ServiceName: String {
                case movies
                case wars
                public var named: String { return self.rawValue }
            }
            extension Container {
                @discardableResult
                public func register<Service>(_ serviceType: Service.Type, serviceName: ServiceName, factory: @escaping (_ resolver: Resolver) -> Service) -> ServiceEntry<Service> {
                    return _register(serviceType, factory: factory, name: serviceName.named)
                }
            }
            extension Resolver {
                func resolve<T>(_ serviceType: T.Type, serviceName: ServiceName? = nil) -> T? {
                    return resolve(serviceType, name: serviceName?.named)
                }
            }
            final class Config { init(url: String) {} }
            final class Network { init(config: Config) {} }
            func assemble(container: Container) {
                container.register(Config.self, serviceName: .movies) { _ in Config(url: "https://movies") }
                container.register(Config.self, serviceName: .wars) { _ in Config(url: "https://wars") }
                container.register(Network.self, serviceName: .movies) { r in Network(config: r.resolve(Config.self, serviceName: .movies)!) }
                container.register(Network.self, serviceName: .wars) { (r: Resolver) in Network(config: r.resolve(Config.self, serviceName: .wars)!) }
            }
            func start(container: Container) {
                _ = container.resolve(Network.self, serviceName: .movies)!
                _ = container.resolve(Network.self, serviceName: .wars)!
            }

            """
        let checked = try check(swift)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(
            checked.stdout == """
                App.swift:21:73: info: 'Config (name: movies)': parameter 'url' is given `"https://movies"`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                App.swift:22:71: info: 'Config (name: wars)': parameter 'url' is given `"https://wars"`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                digraph: checked 4 registrations: 0 errors, 0 warnings, 2 infos

                """, "\(checked.stdout)")
    }
    /// arimunandar/VIP-Modularization-with-Swinject 3311567: a module resolves its screen with
    /// `arguments: appRouter, parameters as? DetailModuleParameter`, `parameters` being the
    /// protocol `IAppParameter?`. What Swift passes is the cast's optional, `DetailModuleParameter?`,
    /// the registration's own: it was a false `argument-mismatch` error. A cast to another type is
    /// still one.
    @Test func aConditionalCastPassesTheCastsOptional() throws {
        let app = """
            import Swinject

            protocol Parameter {}
            struct DetailParameter: Parameter {}
            struct ListParameter: Parameter {}
            protocol Router: AnyObject {}
            final class DetailScreen {
                init(router: Router, parameter: DetailParameter?) {}
            }

            let container = Container()

            func assemble() {
                container.register(DetailScreen.self) { (_, router: Router, parameter: DetailParameter?) in
                    DetailScreen(router: router, parameter: parameter)
                }
            }

            // A module hands on what it was given, cast to what the screen's registration takes.
            func show(router: Router, parameters: Parameter?) -> DetailScreen {
                container.resolve(DetailScreen.self, arguments: router, parameters as? DetailParameter)!
            }

            // Cast to another module's parameter: Swinject finds no registration taking a `ListParameter?`.
            func showList(router: Router, parameters: Parameter?) -> DetailScreen {
                container.resolve(DetailScreen.self, arguments: router, parameters as? ListParameter)!
            }

            """
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:26:5: error: this resolve passes 'ListParameter?' as runtime argument 2 of 'DetailScreen', which takes 'parameter: DetailParameter?': Swinject returns nil for it, and a `!` on it crashes [argument-mismatch]
                App.swift:14:5: note: 'DetailScreen' declares its arguments here
                digraph: checked 1 registration: 1 error, 0 warnings, 0 infos

                """, "\(result.stdout)")
    }
    /// dmytech/timer_vip_swinject c30d230: screens are registered `name: StopwatchView.className`,
    /// `class var className: String { String(describing: self) }` on `NSObject`, which spells the
    /// class's name; and a navigation's factory resolves the screen by its runtime argument `name`.
    /// The names are read now (23 warnings: "not a string literal"), and that factory's resolve is
    /// no resolve of the unnamed key (it became a false `missing-binding` error once the names were
    /// read): left out with a warning, and what it may reach, and what that depends on, is not
    /// called unused outright.
    @Test func aClassNamingMemberIsReadAndAFactorysResolveUnderAnArgumentNameIsLeftOut() throws {
        let app = """
            import Swinject
            import UIKit

            extension NSObject {
                class var className: String {
                    return String(describing: self)
                }
            }

            class Screen: UIViewController {}
            final class TimerScreen: Screen {
                init(presenter: TimerPresenter) { super.init(nibName: nil, bundle: nil) }
                required init?(coder: NSCoder) { nil }
            }
            final class TimerPresenter {}
            final class Navigation: UINavigationController {}

            let container = Container()

            func assemble() {
                container.register(TimerPresenter.self) { _ in TimerPresenter() }
                // The screen's name is its class's: `TimerScreen.className` is "TimerScreen".
                container.register(Screen.self, name: TimerScreen.className) { r in
                    TimerScreen(presenter: r.resolve(TimerPresenter.self)!)
                }
                // Which screen the navigation shows is its runtime argument.
                container.register(Navigation.self) { (r, name: String) in
                    Navigation(rootViewController: r.resolve(Screen.self, name: name)!)
                }
            }

            func start() -> Navigation {
                container.resolve(Navigation.self, argument: TimerScreen.className)!
            }

            """
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:21:5: info: nothing reachable from a root uses 'TimerPresenter'; 'Screen (name: TimerScreen)' depends on it, and the resolve at App.swift:28 names 'Screen' by a name known only when the app runs: it may be reached through that one [unused-registration]
                App.swift:23:5: info: nothing reachable from a root uses 'Screen (name: TimerScreen)'; the resolve at App.swift:28 names 'Screen' by a name known only when the app runs, and it may be this one [unused-registration]
                App.swift:28:40: warning: 'Navigation': the resolve of 'Screen' for 'rootViewController' is left out: its name, `name`, is not a string literal or a constant declared in the given paths, so which of its registrations it reaches is known only when the app runs [swift-import]
                digraph: checked 3 registrations: 0 errors, 1 warning, 2 infos

                """, "\(result.stdout)")
    }
    /// aShaforostov/mvvm-c-swinject 98c07ee: each coordinator assembly names its factory with
    /// `static var registrationName = "…"`, on both sides: a `var` nothing assigns is read as its
    /// literal (7 warnings and 3 infos -> 0). One the code assigns stays a name known only at run time.
    @Test func aStaticVariableNothingAssignsIsAConstantName() throws {
        let app = """
            import Swinject

            final class FeedCoordinator {}
            final class ProfileCoordinator {}

            struct FeedAssembly: Assembly {
                // A `var` nothing assigns is as constant as a `let`.
                static var registrationName = "FeedCoordinatorFactory"
                func assemble(container: Container) {
                    container.register(FeedCoordinator.self, name: FeedAssembly.registrationName) { _ in FeedCoordinator() }
                }
            }

            struct ProfileAssembly: Assembly {
                // This one the app changes at launch: its value is known only when the app runs.
                static var flavour = "ProfileCoordinatorFactory"
                func assemble(container: Container) {
                    container.register(ProfileCoordinator.self, name: ProfileAssembly.flavour) { _ in ProfileCoordinator() }
                }
            }

            func launch(beta: Bool) {
                if beta { ProfileAssembly.flavour = "BetaProfileCoordinatorFactory" }
                let assembler = Assembler([FeedAssembly(), ProfileAssembly()])
                _ = assembler.resolver.resolve(FeedCoordinator.self, name: FeedAssembly.registrationName)!
            }

            """
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:18:9: info: nothing reachable from a root uses 'ProfileCoordinator'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                App.swift:18:53: warning: 'ProfileCoordinator': its name `ProfileAssembly.flavour` is not a string literal or a constant declared in the given paths; the registration is imported without a name [swift-import]
                digraph: checked 2 registrations: 0 errors, 1 warning, 1 info

                """, "\(result.stdout)")
    }
    /// arimunandar/VIP-Swinject 84b2095: each screen's factory resolves its interactor with
    /// `argument: view as IViewController`. A manifest cannot write that value, and the imported
    /// manifest, checked on its own (committed and checked in CI), said the resolve passes too few:
    /// 10 false `argument-mismatch` errors. Such an edge carries a suppression saying why, but these
    /// resolves give optionals (`LoginInteracting?`), looked up as a key nothing registers; the key
    /// they unwrap is looked up now. Reading the Swift still counts the value.
    @Test func anImportedManifestChecksCleanWhereItCannotWriteAnArgument() throws {
        let app = """
            import Swinject
            import UIKit

            protocol LoginView: AnyObject {}
            protocol LoginRouting: AnyObject {}
            protocol AppRouter {}
            protocol LoginInteracting {}
            protocol LoginWireframe {}
            final class LoginInteractor: LoginInteracting { init(view: LoginView) {} }
            final class LoginNavigation: LoginWireframe { init(appRouter: AppRouter, routing: LoginRouting) {} }
            final class LoginScreen: UIViewController, LoginView, LoginRouting {
                var interactor: LoginInteracting?
                var wireframe: LoginWireframe?
            }

            final class LoginAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(LoginInteracting.self) { (_, view: LoginView) in LoginInteractor(view: view) }
                    container.register(LoginWireframe.self) { (_, appRouter: AppRouter, routing: LoginRouting) in
                        LoginNavigation(appRouter: appRouter, routing: routing)
                    }
                    // The screen hands itself, as each protocol, to what it resolves.
                    container.register(LoginScreen.self) { (r, appRouter: AppRouter) in
                        let screen = LoginScreen()
                        screen.interactor = r.resolve(LoginInteracting.self, argument: screen as LoginView)
                        screen.wireframe = r.resolve(LoginWireframe.self, arguments: appRouter, screen as LoginRouting)
                        return screen
                    }
                }
            }

            """
        let result = try withApp(app) { folder -> CLIRunner.Result in
            _ = try CLIRunner.run(["import", "App.swift", "-o", "manifest.yml"], directory: folder)
            return try CLIRunner.run(["check", "manifest.yml"], directory: folder)
        }
        #expect(result.status == 0)
        #expect(result.stdout == "digraph: checked 3 registrations: 0 errors, 0 warnings, 0 infos (2 suppressed not shown)\n", "\(result.stdout)")
    }

    /// Windscribe/iOS-App (fe83b57a) registers 46 services `.inObjectScope(.userScope)`, a scope it
    /// declares as `ObjectScope(storageFactory: PermanentStorage.init)`: Swinject keeps those as it
    /// keeps `.container` (until `resetObjectScope`). They were imported as graph, each with a
    /// "not one of Swinject's" warning, and singletons holding them were called captive.
    @Test func aScopeTheAppDeclaresTakesItsStoragesLifetime() throws {
        let app = """
            import Swinject

            extension ObjectScope {
                // Kept as `.container` keeps, until the app calls `resetObjectScope(.userScope)` at logout.
                static let userScope = ObjectScope(storageFactory: PermanentStorage.init, description: "userScope")
                static let fresh = ObjectScope(storageFactory: TransientStorage.init)
            }

            final class Session {}
            final class Draft {}
            final class Inbox {
                init(session: Session, draft: Draft) {}
            }

            final class MailAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Session.self) { _ in Session() }.inObjectScope(.userScope)
                    container.register(Draft.self) { _ in Draft() }.inObjectScope(.fresh)
                    container.register(Inbox.self) { r in Inbox(session: r.resolve(Session.self)!, draft: r.resolve(Draft.self)!) }.inObjectScope(.container)
                }
            }

            """
        let result = try check(app)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:19:88: warning: singleton 'Inbox' holds transient 'Draft' (parameter 'draft'): the value is made once and kept for the singleton's whole life; make 'Draft' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'Inbox' shorter-lived [captive-dependency]
                App.swift:18:9: note: 'Draft' is registered transient here
                digraph: checked 3 registrations: 0 errors, 1 warning, 0 infos

                """, "\(result.stdout)")
        #expect(result.stderr == "digraph: read 1 Swift file: 3 registrations, 2 resolves, 0 calls not understood\n", "\(result.stderr)")
        // The same storage written in place.
        let inPlace = try imported(
            """
            import Swinject
            final class Outbox {}
            func assemble(container: Container) {
                container.register(Outbox.self) { _ in Outbox() }.inObjectScope(ObjectScope(storageFactory: PermanentStorage.init))
            }

            """)
        #expect(inPlace.stdout.contains("  - provides: Outbox\n    lifetime: singleton\n"), "\(inPlace.stdout)")
        #expect(inPlace.stderr == "digraph: read 1 Swift file: 1 registration, 0 resolves, 0 calls not understood\n", "\(inPlace.stderr)")
    }

    /// RubenMaccabi/SwinjectImplemetation (d404cb6) registers every service through its own
    /// package's `AssemblyContainer(scope:type:) { r in … }`, whose generic `Assembled<T>` assembly
    /// calls `register(Assembled.self, …)`. That was read as one registration of a type named
    /// 'Assembled', and each of the app's 15 resolves as a missing-binding error. A key that is a
    /// generic parameter is none: said once, and a key nothing read provides is a warning.
    @Test func aRegistrationKeyedByAGenericParameterIsNoKey() throws {
        let app = """
            import Swinject

            final class Clock {}
            final class Feed {}

            // A package's helper: one generic assembly per registration, its key the type each use gives.
            struct Registering<Service>: Assembly {
                let make: (Resolver) -> Service
                func assemble(container: Container) {
                    container.register(Service.self, factory: make)
                }
            }

            final class FeedAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Feed.self) { _ in Feed() }
                }
            }

            let assembler = Assembler([FeedAssembly(), Registering(make: { _ in Clock() })])
            let clock = assembler.resolver.resolve(Clock.self)!
            let feed = assembler.resolver.resolve(Feed.self)!

            """
        let result = try check(app)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:10:9: warning: this registers 'Service', a generic parameter: each use of the code around it registers its own type, which digraph does not follow from here; a key nothing it read provides may be registered this way, so it is a warning, not an error [swift-import]
                App.swift:21:13: warning: nothing provides 'Clock', needed by app code (resolved directly) ('Service' is registered at App.swift:10 for whatever type each use gives, and may be it) [missing-binding]
                digraph: checked 1 registration: 0 errors, 2 warnings, 0 infos

                """, "\(result.stdout)")
        // GrassChoppers' `ListAssembly<Adapter, …>` registers its generic `Adapter` and resolves it for
        // its view: within the declaration the parameter is one key, registered and resolved.
        let selfContained = try check(
            """
            import Swinject

            final class Screen {
                init(adapter: Any) {}
            }

            // Registers its own generic parameter and resolves it for its screen: one key within it.
            final class ScreenAssembly<Adapter>: Assembly {
                private let makeAdapter: (Resolver) -> Adapter
                init(makeAdapter: @escaping (Resolver) -> Adapter) { self.makeAdapter = makeAdapter }
                func assemble(container: Container) {
                    container.register(Adapter.self, factory: makeAdapter)
                    container.register(Screen.self) { r in Screen(adapter: r.resolve(Adapter.self)!) }
                }
            }

            let assembler = Assembler([ScreenAssembly(makeAdapter: { _ in "list" })])
            let screen = assembler.resolver.resolve(Screen.self)!

            """)
        #expect(selfContained.stdout == "digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos\n", "\(selfContained.stdout)")
    }

    /// enes-sakut/viper-swinject-sample (d312171): a VIPER screen's factory resolves its interactor
    /// and presenter and wires them (`interactor.presenter = presenter`, `presenter.view = view`).
    /// The presenter feeds no parameter of the view's: "cannot tell which parameter it feeds ...
    /// rename it to the initializer's label" asked for a label that does not exist. Set on another
    /// value the factory resolves, it is read in full: an info. A resolve handed elsewhere
    /// (`track(tracker, view)`) is still a warning.
    @Test func aResolveSetOnAnotherResolvedValueIsReadInFull() throws {
        let app = """
            import Swinject

            protocol View: AnyObject {}
            protocol Interactor: AnyObject { var presenter: Presenter? { get set } }
            protocol Presenter: AnyObject { var view: View? { get set } }
            protocol Tracker {}
            final class ListView: View {
                var interactor: Interactor?
                init() {}
            }
            final class ListInteractor: Interactor { var presenter: Presenter? }
            final class ListPresenter: Presenter { weak var view: View? }
            final class AppTracker: Tracker {}

            func track(_ tracker: Tracker, _ view: View) {}

            final class ListAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(View.self) { r in
                        let view = ListView()
                        let interactor = r.resolve(Interactor.self)!
                        let presenter = r.resolve(Presenter.self)!
                        let tracker = r.resolve(Tracker.self)!
                        view.interactor = interactor
                        interactor.presenter = presenter
                        presenter.view = view
                        track(tracker, view)
                        return view
                    }
                    container.register(Interactor.self) { _ in ListInteractor() }
                    container.register(Presenter.self) { _ in ListPresenter() }
                    container.register(Tracker.self) { _ in AppTracker() }
                }
            }

            """
        let result = try check(app)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:22:29: info: 'View': it resolves 'Presenter' and sets it on `interactor.presenter`, a property of another value it resolves: read as its dependency 'FILL_IN_presenter'; gen-swift asks how to wire it [swift-import]
                App.swift:23:27: warning: 'View': it resolves 'Tracker' where digraph cannot tell which parameter it feeds; it is listed as 'FILL_IN_tracker': rename it to the initializer's label (gen-swift refuses it until then) [swift-import]
                digraph: checked 4 registrations: 0 errors, 1 warning, 1 info

                """, "\(result.stdout)")
    }

    /// enes-sakut/viper-swinject-sample (d312171): `ViewControllerFactoryImpl(assembler:
    /// self.assembler)`, the assembly's Swinject `Assembler` handed to an object that resolves screens
    /// through it later, was "a value from outside the container ... register that value", advice
    /// that cannot be followed. An initializer parameter typed `Assembler` or `Resolver` takes a
    /// container's handle: an info, and what the object resolves later is its lazy dependencies. A
    /// plain value from outside (`baseURL`) is still a warning.
    @Test func anAssemblerHandedToAnObjectIsAContainersHandle() throws {
        let app = """
            import Swinject

            protocol Detail {}
            final class DetailScreen: Detail {}
            final class Router {
                private let assembler: Assembler
                private let baseURL: String
                init(assembler: Assembler, baseURL: String) {
                    self.assembler = assembler
                    self.baseURL = baseURL
                }
                func detail() -> Detail { assembler.resolver.resolve(Detail.self)! }
            }

            final class NavigationAssembly: Assembly {
                private let assembler: Assembler
                private let baseURL: String
                init(assembler: Assembler, baseURL: String) {
                    self.assembler = assembler
                    self.baseURL = baseURL
                }
                func assemble(container: Container) {
                    container.register(Router.self) { _ in Router(assembler: self.assembler, baseURL: self.baseURL) }
                    container.register(Detail.self) { _ in DetailScreen() }
                }
            }

            """
        let result = try check(app)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:23:9: info: nothing reachable from a root uses 'Router'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                App.swift:23:55: info: 'Router': parameter 'assembler' is given `self.assembler`, a container's handle, which a manifest does not pass; it is left out, and what 'Router' resolves through it later is read as its lazy dependencies [swift-import]
                App.swift:23:82: warning: 'Router': parameter 'baseURL' is given `self.baseURL`, a value from outside the container; it is left out: register that value in the container and resolve it there to model it [swift-import]
                digraph: checked 2 registrations: 0 errors, 1 warning, 2 infos

                """, "\(result.stdout)")
        let manifest = try imported(app)
        #expect(manifest.stdout.contains("      detail: { type: \"Detail?\", lazy: true }\n"), "\(manifest.stdout)")
    }

    /// The same shape as Factory's (dreamzero-oxm/ios-dreamzero-blog): an initializer the
    /// registration's call does not run (`convenience init()` resolving from the app's shared
    /// assembler) adds no edge to it; the registration calling `PhotoListViewModel()` gets it.
    @Test func onlyTheInitializerTheRegistrationCallsResolves() throws {
        let app = """
            import Swinject

            protocol PhotoRepository {}
            final class RemotePhotoRepository: PhotoRepository {}

            enum Shared {
                static let assembler = Assembler([AppAssembly()])
            }

            final class PhotoListViewModel {
                private let repo: PhotoRepository
                init(repo: PhotoRepository) { self.repo = repo }
                // Run only by `PhotoListViewModel()`: what it resolves is that call's.
                convenience init() { self.init(repo: Shared.assembler.resolver.resolve(PhotoRepository.self)!) }
            }

            final class AppAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(PhotoRepository.self) { _ in RemotePhotoRepository() }.inObjectScope(.container)
                    container.register(PhotoListViewModel.self) { r in PhotoListViewModel(repo: r.resolve(PhotoRepository.self)!) }
                    container.register(PhotoListViewModel.self, name: "default") { _ in PhotoListViewModel() }
                }
            }
            """
        let result = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                # Imported from Swift by `digraph import App.swift`; regenerate rather than edit,
                # or copy it once and maintain it by hand from then on.
                version: 1
                assembly: AppAssembly
                interfaces:
                  PhotoRepository: {}

                registrations:
                  # App.swift:19
                  - provides: PhotoRepository
                    implementation: RemotePhotoRepository
                    lifetime: singleton
                  # App.swift:20
                  - provides: PhotoListViewModel
                    lifetime: graph
                    dependencies:
                      repo: PhotoRepository
                  # App.swift:21
                  # 'photoRepository' is resolved while PhotoListViewModel is built (App.swift:14)
                  - provides: PhotoListViewModel
                    lifetime: graph
                    name: default
                    dependencies:
                      photoRepository: PhotoRepository

                resolves:
                  # App.swift:14
                  - PhotoRepository

                """, "\(result.stdout)")
    }

    /// DamianW93/MovieApp (185e297): `autoregister(…, argument: Optional<MovieListDelegate>.self, …)`
    /// and `arguments: MovieModel.self, (() -> Void).self` name the parameters' types in another
    /// spelling (`MovieListDelegate?`, `@escaping () -> Void`): read as no parameter's, they were
    /// two false `argument-mismatch` errors and a false `missing-binding`. And `register(P.self,
    /// factory: Impl.init)` hands Swinject a function it calls with the resolver on every resolve:
    /// it was read as a value built once when registering (`eager`, its scope lost).
    @Test func autoregisteredArgumentTypesAndAnInitializerAsTheFactoryAreRead() throws {
        let app = """
            import Swinject
            import SwinjectAutoregistration

            protocol Movies {}
            final class RemoteMovies: Movies {}
            protocol ListDelegate: AnyObject {}
            struct Movie {}

            final class ListViewModel {
                init(movies: Movies, delegate: ListDelegate?) {}
            }

            final class DetailsViewModel {
                init(movie: Movie, onChange: @escaping () -> Void, movies: Movies) {}
            }

            class ScreenFactory {
                let resolver: Resolver
                init(resolver: Resolver) { self.resolver = resolver }
            }

            final class MovieScreens: ScreenFactory {
                func list(delegate: ListDelegate?) -> ListViewModel { resolver.resolve(ListViewModel.self, argument: delegate)! }
                func details(movie: Movie, onChange: @escaping () -> Void) -> DetailsViewModel {
                    resolver.resolve(DetailsViewModel.self, arguments: movie, onChange)!
                }
            }

            final class MovieAssembly: Assembly {
                func assemble(container: Container) {
                    container.autoregister(Movies.self, initializer: RemoteMovies.init).inObjectScope(.container)
                    // Spelled as the argument types' metatypes: `Optional<D>` is `D?`, `(() -> Void)` the closure's type.
                    container.autoregister(ListViewModel.self, argument: Optional<ListDelegate>.self, initializer: ListViewModel.init)
                    container.autoregister(DetailsViewModel.self, arguments: Movie.self, (() -> Void).self, initializer: DetailsViewModel.init)
                    // A function as the factory: Swinject calls the initializer with the resolver on every resolve.
                    container.register(MovieScreens.self, factory: MovieScreens.init).inObjectScope(.container)
                }
            }

            @main
            enum App {
                static func main() {
                    let assembler = Assembler([MovieAssembly()])
                    _ = assembler.resolver.resolve(MovieScreens.self)!
                }
            }
            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:36:56: info: 'MovieScreens': parameter 'resolver' is given the resolver Swinject hands `MovieScreens.init`, which a manifest does not pass; it is left out, and what 'MovieScreens' resolves through it is read as its lazy dependencies [swift-import]
                digraph: checked 4 registrations: 0 errors, 0 warnings, 1 info

                """, "\(checked.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(
            imported.stdout == """
                # Imported from Swift by `digraph import App.swift`; regenerate rather than edit,
                # or copy it once and maintain it by hand from then on.
                version: 1
                assembly: AppAssembly
                interfaces:
                  Movies: {}

                registrations:
                  # App.swift:31
                  - provides: Movies
                    implementation: RemoteMovies
                    lifetime: singleton
                  # App.swift:33
                  - provides: ListViewModel
                    lifetime: graph
                    dependencies:
                      movies: Movies
                      delegate: { argument: delegate }
                    arguments:
                      delegate: "ListDelegate?"
                  # App.swift:34
                  - provides: DetailsViewModel
                    lifetime: graph
                    dependencies:
                      movie: { argument: movie }
                      onChange: { argument: onChange }
                      movies: Movies
                    arguments:
                      movie: Movie
                      onChange: "@escaping () -> Void"
                  # App.swift:36
                  - provides: MovieScreens
                    lifetime: singleton
                    dependencies:
                      listViewModel: { type: "ListViewModel?", lazy: true }
                      detailsViewModel: { type: "DetailsViewModel?", lazy: true }

                resolves:
                  # App.swift:23
                  - { type: ListViewModel, arguments: ["ListDelegate?"] }
                  # App.swift:25
                  - { type: DetailsViewModel, arguments: [Movie, "@escaping () -> Void"] }
                  # App.swift:44
                  - { type: MovieScreens, launch: true }

                """, "\(imported.stdout)")
    }

    /// Connect-Crew/TeamOne-iOS's wrapper writes its factory's type in parentheses
    /// (`implement: @escaping ((Resolver) -> T)`): it is still a function, so the wrapper forwards
    /// to Swinject's `register`, and its 49 calls, with a trailing closure or `implement: { … }`,
    /// are registrations (none was read, and 48 keys were said to be missing).
    @Test func aWrappersFactoryTypeInParenthesesIsStillAFactory() throws {
        let app = """
            import Swinject

            public final class DIContainer {
                public static let shared = DIContainer()
                private let container = Container()

                public func register<T>(interface: T.Type, implement: @escaping ((Resolver) -> T)) {
                    container.register(interface, factory: implement)
                }

                public func resolve<T>(_ serviceType: T.Type) -> T {
                    container.resolve(serviceType)!
                }
            }

            protocol Keychain {}
            final class SystemKeychain: Keychain {}
            protocol AuthRepository {}
            final class LiveAuthRepository: AuthRepository {
                init(keychain: Keychain) {}
            }

            final class AppDelegate {
                func application(_ application: Any?, didFinishLaunchingWithOptions options: [String: Any]?) -> Bool {
                    DIContainer.shared.register(interface: Keychain.self, implement: { _ in SystemKeychain() })
                    DIContainer.shared.register(interface: AuthRepository.self) { resolver in
                        guard let keychain = resolver.resolve(Keychain.self) else { fatalError() }
                        return LiveAuthRepository(keychain: keychain)
                    }
                    _ = DIContainer.shared.resolve(AuthRepository.self)
                    return true
                }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                registrations:
                  # App.swift:25
                  # registered through register (App.swift:7)
                  - provides: Keychain
                    implementation: SystemKeychain
                    lifetime: graph
                  # App.swift:26
                  # registered through register (App.swift:7)
                  - provides: AuthRepository
                    implementation: LiveAuthRepository
                    lifetime: graph
                    dependencies:
                      keychain: Keychain

                """), "\(imported.stdout)")
        #expect(imported.stderr == "digraph: read 1 Swift file: 2 registrations, 2 resolves, 0 calls not understood\n", "\(imported.stderr)")
    }
}

/// `fixtures/import/precision`: one Swinject app with every form above, compiled against Swinject
/// 2.10.0 and round-tripped through gen-swift by SwinjectAssemblyBehaviourTests ("Precision").
struct PrecisionFixtureTests {
    static let findings = """
        fixtures/import/precision/AppDelegate.swift:18:9: error: 'ScanResult' takes runtime arguments (code: String), but this resolve passes none: Swinject returns nil for it, and a `!` on it crashes; pass them with `argument:` or `arguments:` [argument-mismatch]
        fixtures/import/precision/Assemblies.swift:40:9: note: 'ScanResult' declares its arguments here
        fixtures/import/precision/AppDelegate.swift:22:9: error: this resolve passes 'Int' as runtime argument 1 of 'Report', which takes 'reason: Reason': Swinject returns nil for it, and a `!` on it crashes [argument-mismatch]
        fixtures/import/precision/Assemblies.swift:41:9: note: 'Report' declares its arguments here
        fixtures/import/precision/Assemblies.swift:28:78: info: 'Router (name: root)': parameter 'name' is given `RouterName.root`, a value the manifest does not record; it is left out (generated code relies on the initializer's default, which may differ from it) [swift-import]
        fixtures/import/precision/Assemblies.swift:30:82: info: 'Router (name: find)': parameter 'name' is given `Tab.search.rawValue`, a value the manifest does not record; it is left out (generated code relies on the initializer's default, which may differ from it) [swift-import]
        fixtures/import/precision/Assemblies.swift:32:38: info: 'SearchViewModel': parameter 'loop' is given `RunLoop.main`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
        fixtures/import/precision/Assemblies.swift:43:9: info: unused suppression: nothing on Settings (name: shared) reports 'unused-registration'; remove it from the `// digraph:ignore` comment [unused-registration]
        digraph: checked 17 registrations: 2 errors, 0 warnings, 4 infos (1 suppressed not shown)

        """

    /// The two crashing resolves are the only errors: no false missing binding from the wrapper,
    /// the generic key, the inferred resolves or the constant names; the captive the app accepts
    /// is suppressed where it is written, and the suppression that outlived its reason is reported.
    @Test func checkReportsExactlyTheCrashes() throws {
        let result = try CLIRunner.run(["check", "fixtures/import/precision"])
        #expect(result.status == 1)
        #expect(result.stdout == Self.findings, "\(result.stdout)")
        #expect(result.stderr == "digraph: read 6 Swift files: 17 registrations, 23 resolves, 0 calls not understood\n")
        // Without the comments, the captive the app accepts is reported, and nothing is said of the unused one.
        try withApp("") { folder in
            let source = CLIRunner.packageRoot.appendingPathComponent("fixtures/import/precision")
            for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
                let text = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
                try text.replacingOccurrences(of: "// digraph:ignore", with: "// note:").write(
                    to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            let plain = try CLIRunner.run(["check", "."], directory: folder)
            #expect(plain.stdout.contains("Assemblies.swift:22:61: warning: singleton 'FeedCache' holds graph 'Clock' (parameter 'clock')"), "\(plain.stdout)")
            #expect(!plain.stdout.contains("unused suppression"))
        }
    }

    /// gen-swift refuses the whole app while those resolves crash, and writes nothing.
    /// woin2ee/movie-search: the app's container wrapper names its generic helper `resolve<T>() -> T`,
    /// as Swinject's own, and a property wrapper sets `self.wrappedValue = DIContainer.shared.resolve()`.
    /// Each `@DI var x: X` resolves `X` (a stored property's and a local's), so a key nothing
    /// registers is an error, and the wrapper's own body is no warning. fuxlud/Modularized_iOS_App:
    /// `AppDependencies.resolve()`, a plain static function of the app's that is named `resolve`,
    /// is no resolve (it was "names no type"); the resolves inside it are read as any others.
    @Test func aWrapperSettingWrappedValueFromAResolveNamedResolveInjects() throws {
        let app = """
            import Swinject

            final class Box {
                static let shared = Box()
                let container = Container()
                func resolve<T>() -> T { container.resolve(T.self)! }
            }

            @propertyWrapper
            final class DI<T> {
                let wrappedValue: T
                init() { self.wrappedValue = Box.shared.resolve() }
            }

            final class Engine {}
            final class Wheel {}
            final class Car {
                @DI var wheel: Wheel
            }

            struct Dependencies {
                let engine: Engine
                static func resolve() -> Dependencies { Dependencies(engine: Box.shared.container.resolve(Engine.self)!) }
            }

            @main struct App {
                static func main() {
                    Box.shared.container.register(Engine.self) { _ in Engine() }
                    Box.shared.container.register(Car.self) { _ in Car() }
                    _ = Dependencies.resolve()
                    @DI var car: Car
                    _ = car
                }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 1)
        #expect(
            checked.stdout == """
                App.swift:18:5: error: nothing provides 'Wheel', needed by 'Car' (parameter 'wheel') [missing-binding]
                App.swift:18:5: note: also needed by app code (resolved directly)
                digraph: checked 2 registrations: 1 error, 0 warnings, 0 infos

                """, "\(checked.stdout)")
        let registered = app.replacingOccurrences(
            of: "Box.shared.container.register(Car.self) { _ in Car() }",
            with: "Box.shared.container.register(Car.self) { _ in Car() }\n        Box.shared.container.register(Wheel.self) { _ in Wheel() }")
        let fixed = try withApp(registered) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(fixed.stdout == "digraph: checked 3 registrations: 0 errors, 0 warnings, 0 infos\n")
    }

    @Test func generationWaitsForTheCrashesToBeFixed() throws {
        try withApp("") { folder in
            let result = try CLIRunner.run(
                ["gen-swift", CLIRunner.packageRoot.appendingPathComponent("fixtures/import/precision").path, "-o", "Container.swift"], directory: folder)
            #expect(result.status == 1)
            #expect(result.stderr.hasSuffix("digraph: error: not generating code from a graph with errors\n"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Container.swift").path))
        }
    }
}

/// An import never invents a parameter label: a resolve whose parameter is not known keeps a
/// placeholder, and gen-swift asks for the real label instead of writing code that does not compile.
struct HonestImportTests {
    @Test func genSwiftRefusesAPlaceholderLabelWithItsLocation() throws {
        try withApp(
            """
            import Swinject
            func assemble(container: Container) {
                container.register(API.self) { r in
                    let config = r.resolve(ConfigProtocol.self)!
                    return API(session: config.session, baseURL: config.baseURL)
                }
                container.register(ConfigProtocol.self) { _ in Config() }
            }

            """
        ) { folder in
            let imported = try CLIRunner.run(["import", "App.swift", "-o", "api.yaml"], directory: folder)
            #expect(imported.status == 0)
            let manifest = try String(contentsOf: folder.appendingPathComponent("api.yaml"), encoding: .utf8)
            #expect(
                manifest.contains(
                    "  # FILL_IN_configProtocol: the factory passes a member of it (`config.session`), not the value itself; say how generated code builds that\n"
                ), "\(manifest)")
            #expect(manifest.contains("      FILL_IN_configProtocol: ConfigProtocol\n"))
            #expect(!manifest.contains("      configProtocol:"))
            // The manifest loads; gen-swift says what to fill in, where.
            #expect(try CLIRunner.run(["check", "api.yaml"], directory: folder).status == 0)
            let generated = try CLIRunner.run(["gen-swift", "api.yaml", "-o", "Container.swift"], directory: folder)
            #expect(generated.status != 0)
            #expect(
                generated.stderr.contains(
                    "api.yaml:12:7: error: API resolves 'ConfigProtocol' for a parameter digraph could not tell ('FILL_IN_configProtocol'): rename it to the initializer's label, remove it, or import again with the sources that declare the initializer"
                ), "\(generated.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Container.swift").path))
            // From the Swift itself, at the resolve.
            let direct = try CLIRunner.run(["gen-swift", "App.swift", "-o", "Container.swift"], directory: folder)
            #expect(direct.status != 0)
            #expect(
                direct.stderr.hasPrefix(
                    "digraph: read 1 Swift file: 2 registrations, 1 resolve, 0 calls not understood\nApp.swift:4:22: error: API resolves 'ConfigProtocol' for a parameter digraph could not tell"
                ), "\(direct.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Container.swift").path))
        }
    }
}

/// `register(SearchViewModel.self)` where Swift infers `SearchViewModel<RunLoop>` from the factory.
struct GenericKeyTests {
    @Test func aGenericKeyWrittenWithoutArgumentsAnswersItsSpecializations() throws {
        try withApp(
            """
            import Swinject
            final class SearchViewModel<S> { init() {} }
            final class Paging<T> { init() {} }
            final class Screen { init(search: SearchViewModel<RunLoop>, paging: Paging<Int>) {} }
            func assemble(container: Container) {
                container.register(SearchViewModel.self) { _ in SearchViewModel<RunLoop>() }
                container.register(Paging.self) { _ in Paging() }
                container.register(Screen.self) { r in Screen(search: r.resolve(SearchViewModel<RunLoop>.self)!, paging: r.resolve(Paging<Int>.self)!) }
            }
            final class Root { let screen = container.resolve(Screen.self)! }

            """
        ) { folder in
            // No false missing binding, no false unused registration.
            let checked = try CLIRunner.run(["check", "App.swift"], directory: folder)
            #expect(checked.status == 0)
            #expect(checked.stdout == "digraph: checked 3 registrations: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
            let imported = try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder)
            // The construction says the argument: written out. It does not: kept, with a comment.
            #expect(imported.stdout.contains("  - provides: \"SearchViewModel<RunLoop>\"\n"), "\(imported.stdout)")
            #expect(
                imported.stdout.contains(
                    "  # Swift infers Paging's generic arguments from the factory: checked from Swift, uses of its specializations find it; write them out here to keep that in this manifest\n  - provides: Paging\n"
                ))
        }
    }
}

/// The common hand-rolled container: values stored under their type's printed name, a miss stops the app.
let dictionaryContainer = """
    final class DIContainer {
        static let shared = DIContainer()
        private var services: [String: Any] = [:]
        func register<T>(_ type: T.Type, instance: T) { services[String(describing: type)] = instance }
        func resolve<T>(_ type: T.Type) -> T {
            guard let service = services[String(describing: type)] as? T else { fatalError("not registered") }
            return service
        }
    }

    """

/// Runs `body` in a scratch folder holding `swift` as App.swift, then removes the folder.
func withApp<T>(_ swift: String, _ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-app-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try swift.write(to: folder.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
    return try body(folder)

}
