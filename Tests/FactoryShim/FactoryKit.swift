// A minimal stand-in for hmlongco/Factory (FactoryKit 2.x/3.x), written from its documentation
// (Containers, Registrations, Scopes, Contexts, Modifiers), so that the Factory fixture and the code
// `gen-swift --target factory` writes compile and run here: this machine's package cache has no
// Factory release. Only the API those use, with the behaviour they check: one value per
// `cached`/`singleton` (singletons keyed by type and property, across containers), a fresh one per
// `unique`, `shared` held weakly, the container's `defaultScope`, registrations and contexts
// replacing the factory, `promised()` stopping when nothing registered it.
import Foundation

public protocol ManagedContainer: AnyObject {
    var manager: ContainerManager { get }
}

public protocol SharedContainer: ManagedContainer {
    static var shared: Self { get }
}

public protocol AutoRegistering {
    func autoRegister()
}

public final class ContainerManager: @unchecked Sendable {
    public var defaultScope: Scope?
    var registrations: [String: Any] = [:]
    var contexts: [String: [String: Any]] = [:]
    var cache: [String: Any] = [:]
    var weakCache: [String: WeakBox] = [:]
    var autoRegistered = false
    public init() {}
}

final class WeakBox {
    weak var value: AnyObject?
    init(_ value: AnyObject) { self.value = value }
}

public final class Container: SharedContainer, @unchecked Sendable {
    public static let shared = Container()
    public let manager = ContainerManager()
    public init() {}
}

/// The context a run is in; the fixture's tests set it, as Factory's detection of XCTest would.
public enum FactoryContext {
    nonisolated(unsafe) public static var current: Set<String> = []
}

public class Scope: @unchecked Sendable {
    let name: String
    init(_ name: String) { self.name = name }
    public static let cached = Cached()
    public static let singleton = Scope("singleton")
    public static let shared = Scope("shared")
    public static let graph = Scope("graph")
    public static let unique = Scope("unique")
    public final class Cached: Scope, @unchecked Sendable {
        public init() { super.init("cached") }
    }
}

nonisolated(unsafe) private var singletons: [String: Any] = [:]
/// The `graph` scope: one value per key within one top-level resolve.
nonisolated(unsafe) private var graphDepth = 0
nonisolated(unsafe) private var graphCache: [String: Any] = [:]

public enum FactoryContextType {
    case test, preview, debug, simulator, device
    case arg(String)
    var key: String {
        switch self {
        case .test: "test"
        case .preview: "preview"
        case .debug: "debug"
        case .simulator: "simulator"
        case .device: "device"
        case .arg(let name): "arg:" + name
        }
    }
}

/// What both kinds of factory share: a key, a container, a scope and the modifiers.
public struct FactoryRegistration<P, T> {
    let key: String
    let container: ManagedContainer
    let factory: (P) -> T
    var scope: Scope?
    var contexts: [String: (P) -> T] = [:]

    func resolve(_ parameter: P) -> T {
        let manager = container.manager
        if !manager.autoRegistered, let auto = container as? AutoRegistering {
            manager.autoRegistered = true
            auto.autoRegister()
        }
        var make = (manager.registrations[key] as? (P) -> T) ?? factory
        for context in FactoryContext.current.sorted() {
            if let given = (manager.contexts[key]?[context] as? (P) -> T) ?? contexts[context] { make = given }
        }
        let cacheKey = "\(key)<\(T.self)>"
        graphDepth += 1
        defer {
            graphDepth -= 1
            if graphDepth == 0 { graphCache.removeAll() }
        }
        switch (scope ?? manager.defaultScope)?.name {
        case "graph"?:
            if let value = graphCache[cacheKey] as? T { return value }
            let value = make(parameter)
            graphCache[cacheKey] = value
            return value
        case "cached"?:
            if let value = manager.cache[cacheKey] as? T { return value }
            let value = make(parameter)
            manager.cache[cacheKey] = value
            return value
        case "singleton"?:
            // One cache for every container, keyed by type and property (Factory issue #99).
            if let value = singletons[cacheKey] as? T { return value }
            let value = make(parameter)
            singletons[cacheKey] = value
            return value
        case "shared"?:
            if let value = manager.weakCache[cacheKey]?.value as? T { return value }
            let value = make(parameter)
            if let object = value as AnyObject? { manager.weakCache[cacheKey] = WeakBox(object) }
            return value
        default:
            return make(parameter)
        }
    }
}

public struct Factory<T> {
    var registration: FactoryRegistration<Void, T>

    public init(_ container: ManagedContainer, key: StaticString = #function, _ factory: @escaping () -> T) {
        registration = FactoryRegistration(key: "\(key)", container: container, factory: { _ in factory() })
    }

    public func callAsFunction() -> T { registration.resolve(()) }
    public func resolve() -> T { registration.resolve(()) }

    @discardableResult
    public func register(factory: @escaping () -> T) -> Self {
        registration.container.manager.registrations[registration.key] = { (_: Void) in factory() }
        registration.container.manager.cache[registration.key + "<\(T.self)>"] = nil
        return self
    }

    public func scope(_ scope: Scope) -> Self { var copy = self; copy.registration.scope = scope; return copy }
    public var cached: Self { scope(.cached) }
    public var singleton: Self { scope(.singleton) }
    public var shared: Self { scope(.shared) }
    public var graph: Self { scope(.graph) }
    public var unique: Self { scope(.unique) }
    public func timeToLive(_ seconds: TimeInterval) -> Self { self }
    public func decorator(_ decorator: @escaping (T) -> Void) -> Self { self }

    @discardableResult
    public func context(_ contexts: FactoryContextType..., factory: @escaping () -> T) -> Self {
        var copy = self
        for context in contexts { copy.registration.contexts[context.key] = { (_: Void) in factory() } }
        for context in contexts { registration.container.manager.contexts[registration.key, default: [:]][context.key] = { (_: Void) in factory() } }
        return copy
    }
    @discardableResult public func onTest(factory: @escaping () -> T) -> Self { context(.test, factory: factory) }
    @discardableResult public func onPreview(factory: @escaping () -> T) -> Self { context(.preview, factory: factory) }
    @discardableResult public func onDebug(factory: @escaping () -> T) -> Self { context(.debug, factory: factory) }
}

public struct ParameterFactory<P, T> {
    var registration: FactoryRegistration<P, T>

    public init(_ container: ManagedContainer, key: StaticString = #function, _ factory: @escaping (P) -> T) {
        registration = FactoryRegistration(key: "\(key)", container: container, factory: factory)
    }

    public func callAsFunction(_ parameter: P) -> T { registration.resolve(parameter) }
    public func resolve(_ parameter: P) -> T { registration.resolve(parameter) }

    public func scope(_ scope: Scope) -> Self { var copy = self; copy.registration.scope = scope; return copy }
    public var cached: Self { scope(.cached) }
    public var singleton: Self { scope(.singleton) }
    public var shared: Self { scope(.shared) }
    public var graph: Self { scope(.graph) }
    public var unique: Self { scope(.unique) }
}

extension ManagedContainer {
    public func callAsFunction<T>(key: StaticString = #function, _ factory: @escaping () -> T) -> Factory<T> {
        Factory(self, key: key, factory)
    }

    public func callAsFunction<P, T>(key: StaticString = #function, _ factory: @escaping (P) -> T) -> ParameterFactory<P, T> {
        ParameterFactory(self, key: key, factory)
    }

    /// Resolving a promise nobody kept stops the app (Factory does so in DEBUG builds).
    public func promised<T>(key: StaticString = #function) -> Factory<T?> {
        Factory<T?>(self, key: key) { fatalError("\(T.self) was not registered") }
    }
}

@propertyWrapper public struct Injected<T> {
    private var dependency: T
    public init(_ keyPath: KeyPath<Container, Factory<T>>) { dependency = Container.shared[keyPath: keyPath]() }
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) { dependency = C.shared[keyPath: keyPath]() }
    public var wrappedValue: T {
        get { dependency }
        mutating set { dependency = newValue }
    }
}

@propertyWrapper public struct LazyInjected<T> {
    private let thunk: () -> T
    private var dependency: T?
    public init(_ keyPath: KeyPath<Container, Factory<T>>) { thunk = { Container.shared[keyPath: keyPath]() } }
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) { thunk = { C.shared[keyPath: keyPath]() } }
    public var wrappedValue: T {
        mutating get {
            if let dependency { return dependency }
            let value = thunk()
            dependency = value
            return value
        }
        mutating set { dependency = newValue }
    }
}
