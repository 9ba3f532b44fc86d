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
        // A factory whose alternatives are one for tests or previews and one for the app builds the
        // app's (Team-Wable/WABLE-iOS: `switch env { case .mock: … case .production: … }`); any
        // other `switch` is alternatives digraph does not choose between, and says so.
        DialectExample(
            """
            final class Container {
                private var factories: [String: (Environment) -> Any] = [:]
                func register<T>(_ type: T.Type, _ make: @escaping (Environment) -> T) { factories[String(describing: type)] = make }
                func resolve<T>(_ type: T.Type, env: Environment = .production) -> T { factories[String(describing: type)]!(env) as! T }
            }
            func wire(_ container: Container) {
                container.register(Feed.self) { env in
                    switch env {
                    case .mock, .uiTesting: MockFeed()
                    case .production: LiveFeed(api: container.resolve(API.self))
                    }
                }
                container.register(API.self) { env in
                    if ProcessInfo.processInfo.arguments.contains("-uiTesting") { return StubAPI() } else { return LiveAPI() }
                }
                container.register(Clock.self) { env in
                    switch env {
                    case .production: SystemClock()
                    case .latest: LatestClock()
                    }
                }
            }
            """,
            expect: """
                registrations:
                  # App.swift:7
                  # the factory's `case .mock, .uiTesting` is what tests or previews build; the app's `case .production` is read
                  # register(_:_:) stores a factory the container calls on every resolve (App.swift:3)
                  - provides: Feed
                    implementation: LiveFeed
                    dependencies:
                      api: API
                  # App.swift:13
                  # the factory's `if ProcessInfo.processInfo.arguments.contains("-uiTesting")` is what tests or previews build; the app's branch is read
                  # register(_:_:) stores a factory the container calls on every resolve (App.swift:3)
                  - provides: API
                    implementation: LiveAPI
                  # App.swift:16
                  # register(_:_:) stores a factory the container calls on every resolve (App.swift:3)
                  - provides: Clock
                    implementation: FILL_IN
                17:9: warning: 'Clock': it is built by `switch env { case .production: SystemClock() case .latest: LatestClock() }`, which digraph cannot read (a helper function or an expression); fill in its implementation and dependencies
                """),
    ]
}
