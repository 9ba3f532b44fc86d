/// A hand-rolled container, as the write-ups describe it: a dictionary keyed by the type's name.
public final class Container {
    private var values: [String: Any] = [:]
    private var factories: [String: () -> Any] = [:]

    public init() {}

    public func register<T>(_ type: T.Type, instance: T) {
        values[String(describing: type)] = instance
    }

    public func register<T>(_ type: T.Type, factory: @escaping () -> T) {
        factories[String(describing: type)] = factory
    }

    public func resolve<T>(_ type: T.Type) -> T {
        let key = String(describing: type)
        if let value = values[key] as? T { return value }
        if let factory = factories[key], let made = factory() as? T { return made }
        fatalError("nothing registered for \(key)")
    }
}
