/// What the hand-rolled dialect reads, as its tests run it (`DialectExamplesTests`): a container whose
/// declaration says what `register` does, and one read by its shape, with the warning that says so.
extension HandRolledDialect {
    static let examples: [DialectExample] = [
        DialectExample(
            """
            final class Container {
                private var factories: [ObjectIdentifier: () -> Any] = [:]

                func register<T>(_ type: T.Type, factory: @escaping () -> T) {
                    factories[ObjectIdentifier(type)] = factory
                }

                func resolve<T>(_ type: T.Type) -> T {
                    factories[ObjectIdentifier(type)]!() as! T
                }
            }

            func wire(_ container: Container) {
                container.register(API.self) { API() }
                container.register(Feed.self) { FeedImpl(api: container.resolve(API.self)) }
            }
            """,
            expect: """
                registrations:
                  # App.swift:14
                  # register(_:factory:) stores a factory the container calls on every resolve (App.swift:4)
                  - provides: API
                  # App.swift:15
                  # register(_:factory:) stores a factory the container calls on every resolve (App.swift:4)
                  - provides: Feed
                    implementation: FeedImpl
                    dependencies:
                      api: API
                """),
        DialectExample(
            """
            func wire(_ locator: ServiceLocator) {
                locator.register(Store.self) { Store() }
                locator.register(Cache.self, instance: Cache())
            }
            """,
            expect: """
                registrations:
                  # App.swift:2
                  - provides: Store
                  # App.swift:3
                  - provides: Cache
                    eager: true
                2:5: warning: the declaration of `register(_:_:)` is not in the given paths, so digraph reads its calls by their shape: a factory called on every resolve (transient). Give the file that declares the container, or state the method's meaning under `import: containers:` in .digraph.yml
                3:5: warning: the declaration of `register(_:instance:)` is not in the given paths, so digraph reads its calls by their shape: stores the value it is given (eager, one value for the container's life). Give the file that declares the container, or state the method's meaning under `import: containers:` in .digraph.yml
                """),
    ]
}
