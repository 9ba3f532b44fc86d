import Foundation
import Testing

/// Issue 38's adversarial shapes for the hand-rolled reader: what a container stores, caches and
/// returns is read from its declaration, and when registering code runs is read from where it
/// is written. Each case is one app file and exactly what `check` reports for it; each was
/// read wrongly before this suite (a false error, a missed one, or a registration dropped
/// without a word), except the bookkeeping counter, which is kept as the guard it was asked for.
struct HandRolledDataFlowTests {
    /// The container the later cases share: values and factories keyed by printed name, and a
    /// `callAsFunction` that registers.
    static let sharedContainer = """
        final class Container {
            static let shared = Container()
            private var values: [String: Any] = [:]
            private var factories: [String: () -> Any] = [:]
            func register<T>(_ type: T.Type, instance: T) { values[String(describing: type)] = instance }
            func register<T>(_ type: T.Type, factory: @escaping () -> T) { factories[String(describing: type)] = factory }
            func callAsFunction<T>(_ type: T.Type, _ factory: @escaping () -> T) { factories[String(describing: type)] = factory }
            func resolve<T>(_ type: T.Type) -> T {
                if let value = values[String(describing: type)] as? T { return value }
                guard let factory = factories[String(describing: type)] else { fatalError("No registration for \\(type)") }
                return factory() as! T
            }
        }

        """

    static let cases: [(name: String, swift: String, expected: String)] = [
        (
            "a closure wrapping the factory is called on every resolve, not when registering",
            """
            // a. a stored closure that wraps the factory: transient, not eager
            final class Container {
                private var makers: [String: () -> Any] = [:]
                func register<T>(_ type: T.Type, factory: @escaping () -> T) {
                    makers[String(describing: type)] = { factory() }
                }
                func resolve<T>(_ type: T.Type) -> T {
                    guard let make = makers[String(describing: type)] else { fatalError("No registration for \\(type)") }
                    return make() as! T
                }
            }
            @main final class AppDelegate {
                let container = Container()
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    container.register(Feed.self) { Feed(api: self.container.resolve(API.self)) }
                    container.register(API.self) { API() }
                    return true
                }
            }

            """,
            """
            digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos

            """
        ),
        (
            "a counter written in resolve is no cache",
            """
            // b. resolve writes a counter (bookkeeping), not a cache: still transient
            final class Container {
                private var factories: [ObjectIdentifier: () -> Any] = [:]
                private var resolveCounts: [ObjectIdentifier: Int] = [:]
                func register<T>(_ type: T.Type, factory: @escaping () -> T) { factories[ObjectIdentifier(type)] = factory }
                func registerSingleton<T>(_ type: T.Type, instance: T) { factories[ObjectIdentifier(type)] = { instance } }
                func resolve<T>(_ type: T.Type) -> T {
                    resolveCounts[ObjectIdentifier(type), default: 0] += 1
                    guard let factory = factories[ObjectIdentifier(type)] else { fatalError("missing \\(type)") }
                    return factory() as! T
                }
            }
            @main final class AppDelegate {
                let container = Container()
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    container.register(Clock.self) { Clock() }
                    container.registerSingleton(Cache.self, instance: Cache(clock: container.resolve(Clock.self)))
                    return true
                }
            }

            """,
            """
            App.swift:17:65: warning: singleton 'Cache' holds transient 'Clock' (parameter 'clock'): the value is made once and kept for the singleton's whole life; make 'Clock' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'Cache' shorter-lived [captive-dependency]
            App.swift:16:9: note: 'Clock' is registered transient here
            digraph: checked 2 registrations: 0 errors, 1 warning, 0 infos

            """
        ),
        (
            "caching on the else of a flag follows each call's flag",
            """
            // c. caching on the else of `if !entry.isSingleton`
            final class Container {
                struct Entry { let isSingleton: Bool; let make: () -> Any }
                private var entries: [String: Entry] = [:]
                private var cache: [String: Any] = [:]
                func register<T>(_ type: T.Type, singleton: Bool = false, factory: @escaping () -> T) {
                    entries[String(describing: type)] = Entry(isSingleton: singleton, make: factory)
                }
                func resolve<T>(_ type: T.Type) -> T {
                    let key = String(describing: type)
                    guard let entry = entries[key] else { fatalError("missing \\(key)") }
                    if !entry.isSingleton {
                        return entry.make() as! T
                    } else {
                        if let cached = cache[key] { return cached as! T }
                        let made = entry.make()
                        cache[key] = made
                        return made as! T
                    }
                }
            }
            @main final class AppDelegate {
                let container = Container()
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    container.register(Clock.self) { Clock() }
                    container.register(Cache.self, singleton: true) { Cache(clock: self.container.resolve(Clock.self)) }
                    return true
                }
            }

            """,
            """
            App.swift:26:65: warning: singleton 'Cache' holds transient 'Clock' (parameter 'clock'): the value is made once and kept for the singleton's whole life; make 'Clock' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'Cache' shorter-lived [captive-dependency]
            App.swift:25:9: note: 'Clock' is registered transient here
            digraph: checked 2 registrations: 0 errors, 1 warning, 0 infos

            """
        ),
        (
            "a discardable register returning its value is a registration",
            """
            // d. a @discardableResult register returning its value is a registration, not a resolve
            final class Container {
                private var values: [String: Any] = [:]
                @discardableResult
                func register<T>(_ type: T.Type, _ value: T) -> T { values[String(describing: type)] = value; return value }
                func resolve<T>(_ type: T.Type) -> T {
                    guard let value = values[String(describing: type)] as? T else { fatalError("missing \\(type)") }
                    return value
                }
            }
            @main final class AppDelegate {
                let container = Container()
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    container.register(API.self, API())
                    container.register(Feed.self, Feed(api: container.resolve(API.self)))
                    return true
                }
            }

            """,
            """
            digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos

            """
        ),
        (
            "two registrations in one branch are a duplicate, across branches alternatives",
            Self.sharedContainer + """
                // e. two registrations of one key inside one branch are a duplicate; across branches, alternatives
                @main final class AppDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        if UserDefaults.standard.bool(forKey: "beta") {
                            Container.shared.register(API.self, instance: BetaAPI())
                            Container.shared.register(API.self, instance: LiveAPI())
                        } else {
                            Container.shared.register(API.self, instance: LiveAPI())
                        }
                        return true
                    }
                }

                """,
            """
            App.swift:19:39: error: 'API' is registered again; this registration silently replaces the one at App.swift:18:39 [duplicate-registration]
            App.swift:18:39: note: first registered here
            App.swift:21:13: info: 'API' is registered here and at App.swift:18 in alternative branches, of which the app applies one: the graph keeps the first [swift-import]
            digraph: checked 2 registrations: 1 error, 0 warnings, 1 info

            """
        ),
        (
            "a registering method named like four others is still followed",
            Self.sharedContainer + """
                // f. a registering function named like methods of four other types is still followed
                final class A { func setUp() {} }
                final class B { func setUp() {} }
                final class C { func setUp() {} }
                final class D { func setUp() {} }
                final class Wiring {
                    func setUp() {
                        Container.shared.register(Feed.self, instance: Feed(api: Container.shared.resolve(API.self)))
                        Container.shared.register(API.self, instance: API())
                    }
                }
                @main final class AppDelegate {
                    let wiring = Wiring()
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        wiring.setUp()
                        return true
                    }
                }

                """,
            """
            App.swift:21:61: error: 'Feed' resolves 'API' when it is registered (parameter 'api'), but 'API' is registered only after it: at launch the resolve finds nothing and the app stops there; register 'API' first, or resolve it inside the factory [registration-order]
            App.swift:22:9: note: 'API' is registered here
            digraph: checked 2 registrations: 1 error, 0 warnings, 0 infos

            """
        ),
        (
            "defer and async blocks register after the code around them",
            Self.sharedContainer + """
                // g. `defer` and `DispatchQueue.main.async` run after the code around them
                @main final class AppDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        defer { Container.shared.register(API.self, instance: API()) }
                        DispatchQueue.main.async { Container.shared.register(Clock.self, instance: Clock()) }
                        Container.shared.register(Feed.self, instance: Feed(api: Container.shared.resolve(API.self), clock: Container.shared.resolve(Clock.self)))
                        return true
                    }
                }

                """,
            """
            App.swift:19:61: error: 'Feed' resolves 'API' when it is registered (parameter 'api'), but 'API' is registered only after it: at launch the resolve finds nothing and the app stops there; register 'API' first, or resolve it inside the factory [registration-order]
            App.swift:17:17: note: 'API' is registered here
            App.swift:19:102: error: 'Feed' resolves 'Clock' when it is registered (parameter 'clock'), but 'Clock' is registered only after it: at launch the resolve finds nothing and the app stops there; register 'Clock' first, or resolve it inside the factory [registration-order]
            App.swift:18:36: note: 'Clock' is registered here
            digraph: checked 3 registrations: 2 errors, 0 warnings, 0 infos

            """
        ),
        (
            "an app delegate callback registers, later",
            Self.sharedContainer + """
                // h. a registration in an app-delegate callback is read
                @main final class AppDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        Container.shared.register(API.self, instance: API())
                        return true
                    }
                    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken token: Data) {
                        Container.shared.register(PushToken.self, instance: PushToken(token))
                    }
                    func show() { _ = Container.shared.resolve(PushToken.self) }
                }

                """,
            """
            App.swift:17:9: info: nothing reachable from a root uses 'API'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
            App.swift:21:71: warning: 'PushToken': parameter '_value' is given `token`, a value from outside the container; it is left out: register that value in the container and resolve it there to model it [swift-import]
            digraph: checked 2 registrations: 0 errors, 1 warning, 1 info

            """
        ),
        (
            "callAsFunction registers",
            Self.sharedContainer + """
                // i. callAsFunction registrations are read
                @main final class AppDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        Container.shared(API.self) { API() }
                        Container.shared(Feed.self) { Feed(api: Container.shared.resolve(API.self)) }
                        _ = Container.shared.resolve(Feed.self)
                        return true
                    }
                }

                """,
            """
            digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos

            """
        ),
        (
            "an app function that runs its closure at once registers where it is called; an array of resolves gives eager edges",
            Self.sharedContainer + """
                // j. `registration` calls its closure before it returns: API is registered before Feed
                // resolves it. `later` hands it to `async`: Clock is not. Each resolve in `parts` is an edge.
                extension Container {
                    func registration(_ register: (Container) -> Void) { register(self) }
                    func later(_ register: @escaping (Container) -> Void) { DispatchQueue.main.async { register(self) } }
                }
                @main final class AppDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        Container.shared.registration { c in c.register(API.self, instance: API()) }
                        Container.shared.later { c in c.register(Clock.self, instance: Clock()) }
                        let parts: [Any] = [Container.shared.resolve(API.self), Container.shared.resolve(Clock.self)]
                        Container.shared.register(Feed.self, instance: Feed(parts: parts))
                        _ = Container.shared.resolve(Feed.self)
                        return true
                    }
                }

                """,
            """
            App.swift:24:65: error: 'Feed' resolves 'Clock' when it is registered (parameter 'FILL_IN_clock'), but 'Clock' is registered only after it: at launch the resolve finds nothing and the app stops there; register 'Clock' first, or resolve it inside the factory [registration-order]
            App.swift:23:39: note: 'Clock' is registered here
            App.swift:25:61: info: 'Feed': parameter 'parts' is given a collection of 2 resolves (`[Container.shared.resolve(API.self), Container.shared.resolv…`), which a manifest cannot pass as one parameter; each is read as a dependency of 'Feed' ('FILL_IN_api', 'FILL_IN_clock'); gen-swift asks how to build it [swift-import]
            digraph: checked 3 registrations: 1 error, 0 warnings, 1 info

            """
        ),
        (
            "a factory called into a local and handed to the container's store is built when registering (Modakbul-iOS)",
            """
            // A container that calls a closure factory into a local and forwards it to its own store
            final class Container {
                private var values: [String: Any] = [:]
                private func store<T>(for type: T.Type, _ item: Any) { values[String(describing: type)] = item }
                func register<T>(for type: T.Type, _ instance: T) { store(for: type, instance) }
                func register<T>(for type: T.Type, _ make: @escaping (Container) -> T) {
                    let instance = make(self)
                    store(for: type, instance)
                }
                func resolve<T>(_ type: T.Type) -> T {
                    guard let value = values[String(describing: type)] as? T else { fatalError("No registration for \\(type)") }
                    return value
                }
            }
            final class API {}
            final class Feed { init(api: API) {} }
            @main final class AppDelegate {
                let container = Container()
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    container.register(for: Feed.self) { resolver in Feed(api: resolver.resolve(API.self)) }
                    container.register(for: API.self, API())
                    return true
                }
            }

            """,
            """
            App.swift:20:63: error: 'Feed' resolves 'API' when it is registered (parameter 'api'), but 'API' is registered only after it: at launch the resolve finds nothing and the app stops there; register 'API' first, or resolve it inside the factory [registration-order]
            App.swift:21:9: note: 'API' is registered here
            digraph: checked 2 registrations: 1 error, 0 warnings, 0 infos

            """
        ),
        (
            "the assemblies the @main type's stored properties apply run first, in their order (Modakbul-iOS)",
            """
            // The stored properties of the `@main` type are built first: the assemblies they apply, in order
            protocol Assembly { func assemble(container: Container) }
            final class Container {
                private var values: [String: Any] = [:]
                func register<T>(_ type: T.Type, instance: T) { values[String(describing: type)] = instance }
                func resolve<T>(_ type: T.Type) -> T {
                    guard let value = values[String(describing: type)] as? T else { fatalError("No registration for \\(type)") }
                    return value
                }
            }
            final class Router: ObservableObject {
                let container = Container()
                init(by assemblies: Assembly...) { for assembly in assemblies { assembly.assemble(container: container) } }
            }
            final class API {}
            final class Feed { init(api: API) {} }
            struct DataAssembly: Assembly {
                func assemble(container: Container) { container.register(Feed.self, instance: Feed(api: container.resolve(API.self))) }
            }
            struct NetworkAssembly: Assembly {
                func assemble(container: Container) { container.register(API.self, instance: API()) }
            }
            @main struct ShopApp: App {
                @StateObject private var router = Router(by: NetworkAssembly(), DataAssembly())
                var body: some Scene { WindowGroup { Text("Shop") } }
            }

            """,
            """
            digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos

            """
        ),
        (
            "the same assemblies applied by the @main type's property in the other order are an error",
            """
            // The same assemblies applied in the other order: the resolve finds nothing
            protocol Assembly { func assemble(container: Container) }
            final class Container {
                private var values: [String: Any] = [:]
                func register<T>(_ type: T.Type, instance: T) { values[String(describing: type)] = instance }
                func resolve<T>(_ type: T.Type) -> T {
                    guard let value = values[String(describing: type)] as? T else { fatalError("No registration for \\(type)") }
                    return value
                }
            }
            final class Router: ObservableObject {
                let container = Container()
                init(by assemblies: Assembly...) { for assembly in assemblies { assembly.assemble(container: container) } }
            }
            final class API {}
            final class Feed { init(api: API) {} }
            struct DataAssembly: Assembly {
                func assemble(container: Container) { container.register(Feed.self, instance: Feed(api: container.resolve(API.self))) }
            }
            struct NetworkAssembly: Assembly {
                func assemble(container: Container) { container.register(API.self, instance: API()) }
            }
            @main struct ShopApp: App {
                @StateObject private var router = Router(by: DataAssembly(), NetworkAssembly())
                var body: some Scene { WindowGroup { Text("Shop") } }
            }

            """,
            """
            App.swift:18:88: error: 'Feed' resolves 'API' when it is registered (parameter 'api'), but 'API' is registered only after it: at launch the resolve finds nothing and the app stops there; register 'API' first, or resolve it inside the factory [registration-order]
            App.swift:21:43: note: 'API' is registered here
            digraph: checked 2 registrations: 1 error, 0 warnings, 0 infos

            """
        ),
        (
            "an order digraph only guessed from the files is a warning; within one function it is an error",
            """
            // No entry: two functions the app calls from code digraph is not given, in an order it cannot see
            final class Container {
                static let shared = Container()
                private var values: [String: Any] = [:]
                func register<T>(_ type: T.Type, instance: T) { values[String(describing: type)] = instance }
                func resolve<T>(_ type: T.Type) -> T {
                    guard let value = values[String(describing: type)] as? T else { fatalError("No registration for \\(type)") }
                    return value
                }
            }
            final class API {}
            final class Clock {}
            final class Feed { init(api: API, clock: Clock) {} }
            func registerFeatures(_ container: Container) {
                container.register(Feed.self, instance: Feed(api: container.resolve(API.self), clock: container.resolve(Clock.self)))
                container.register(Clock.self, instance: Clock())
            }
            func registerNetwork(_ container: Container) {
                container.register(API.self, instance: API())
            }

            """,
            """
            App.swift:15:50: warning: 'Feed' resolves 'API' when it is registered (parameter 'api'), but 'API' is registered only after it: at launch the resolve finds nothing and the app stops there; register 'API' first, or resolve it inside the factory (digraph did not follow the app's launch to both registrations: their order here is the order of the files, which the app may not keep) [registration-order]
            App.swift:19:5: note: 'API' is registered here
            App.swift:15:84: error: 'Feed' resolves 'Clock' when it is registered (parameter 'clock'), but 'Clock' is registered only after it: at launch the resolve finds nothing and the app stops there; register 'Clock' first, or resolve it inside the factory [registration-order]
            App.swift:16:5: note: 'Clock' is registered here
            digraph: checked 3 registrations: 1 error, 1 warning, 0 infos

            """
        ),
        (
            "a flag under which registering builds the value, a wrapper written as a type, a resolve typed by the property it is assigned to (KrazyManJ/Haby)",
            """
            // A flag under which the container builds the value as it registers it; its wrapper written as a type
            final class DIContainer {
                static let shared = DIContainer()
                private var makers: [String: () -> Any] = [:]
                private var cache: [String: Any] = [:]
                func register<T, R>(_ type: T.Type, cached: Bool = false, service: @escaping () -> R) {
                    let key = String(reflecting: type)
                    makers[key] = service
                    if cached { cache[key] = service() }
                }
                func resolve<T>() -> T {
                    let key = String(reflecting: T.self)
                    if let kept = cache[key] as? T { return kept }
                    guard let make = makers[key], let made = make() as? T else { fatalError("\\(key) has not been registered") }
                    return made
                }
            }

            @propertyWrapper
            struct Injected<T> {
                let wrappedValue: T
                init() { wrappedValue = DIContainer.shared.resolve() }
            }

            final class Clock {}
            final class Store { init(clock: Clock) {} }
            final class Feed { init(clock: Clock) {} }

            final class ListViewModel {
                var store: Injected<Store> = .init()
                private var clock: Clock
                init() { clock = DIContainer.shared.resolve() }
            }

            func registerAll() {
                let container = DIContainer.shared
                container.register(Store.self, cached: true) { Store(clock: container.resolve()) }
                container.register(Feed.self) { Feed(clock: container.resolve()) }
                container.register(Clock.self, cached: true) { Clock() }
            }

            """,
            """
            App.swift:37:58: error: 'Store' resolves 'Clock' when it is registered (parameter 'clock'), but 'Clock' is registered only after it: at launch the resolve finds nothing and the app stops there; register 'Clock' first, or resolve it inside the factory [registration-order]
            App.swift:39:5: note: 'Clock' is registered here
            App.swift:38:5: info: nothing reachable from a root uses 'Feed'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
            digraph: checked 3 registrations: 1 error, 0 warnings, 1 info

            """
        ),
    ]

    @Test(arguments: cases.map(\.name))
    func shape(_ name: String) throws {
        let shape = Self.cases.first { $0.name == name }!
        let result = try withApp(shape.swift) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.stdout == shape.expected, "\(name): \(result.stdout)")
    }
}
