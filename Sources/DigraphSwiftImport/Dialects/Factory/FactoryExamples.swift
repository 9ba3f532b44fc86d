/// What the Factory reader reads, as its tests run it (`DialectExamplesTests`): container properties,
/// a scope, a factory calling another, extensions and imports inside `#if`.
extension FactoryContainerReader {
    static let examples: [DialectExample] = [
        DialectExample(
            """
            import FactoryKit

            extension Container {
                var api: Factory<API> { self { API() }.singleton }
                var feed: Factory<Feed> { self { FeedImpl(api: self.api()) } }
            }
            """,
            expect: """
                registrations:
                  # App.swift:4
                  - provides: API
                    lifetime: singleton
                    name: api
                  # App.swift:5
                  - provides: Feed
                    implementation: FeedImpl
                    name: feed
                    dependencies:
                      api: { type: API, name: api }
                """),
        // A container extension wrapped in `#if DEBUG` is read in the debug build (the examples' build).
        DialectExample(
            """
            #if canImport(FactoryKit)
            import FactoryKit
            #endif

            #if DEBUG
            extension Container {
                var logger: Factory<Logger> { self { ConsoleLogger() } }
            }
            #else
            extension Container {
                var logger: Factory<Logger> { self { SilentLogger() } }
            }
            #endif
            """,
            expect: """
                registrations:
                  # App.swift:7
                  - provides: Logger
                    implementation: ConsoleLogger
                    name: logger
                """),
        // A container helper the factory calls is read as the factory's body (issue 39); a key may
        // be a function type with parameter names, or a labelled tuple written over several lines.
        DialectExample(
            """
            import FactoryKit

            extension Container {
                var database: Factory<Database> { self { Database() }.singleton }
                func makeStore() -> Store { Store(database: self.database()) }
                var store: Factory<any Storing> { Factory(self) { self.makeStore() }.cached }
                var loader: Factory<@Sendable (_ url: URL) async throws -> Asset> { self { AssetLoader.load } }
                var commands: Factory<(
                    stream: AsyncStream<Command>,
                    continuation: AsyncStream<Command>.Continuation
                )> { self { AsyncStream.makeStream(of: Command.self) } }
            }
            """,
            expect: """
                registrations:
                  # App.swift:4
                  - provides: Database
                    lifetime: singleton
                    name: database
                  # App.swift:6
                  - provides: Storing
                    implementation: Store
                    lifetime: singleton
                    name: store
                    dependencies:
                      database: { type: Database, name: database }
                  # App.swift:7
                  - provides: "@Sendable (URL) async throws -> Asset"
                    implementation: AssetLoader
                    name: loader
                    factory: load
                  # App.swift:8
                  - provides: "(stream: AsyncStream<Command>, continuation: AsyncStream<Command>.Continuation)"
                    implementation: AsyncStream
                    name: commands
                    factory: makeStream
                11:40: info: '( stream: AsyncStream<Command>, continuation: AsyncStream<Command>.Continuation ) (name: commands)': parameter 'of' is given `Command.self`, a value the manifest does not record; it is left out (generated code relies on a default value, if the initializer has one)
                """),
        // A built type calling a static helper that resolves (PodHaven's `Function.neverCalled()`)
        // reaches what the helper resolves, lazily; one edge per key however many helpers reach it.
        DialectExample(
            """
            import FactoryKit

            extension Container {
                var flags: Factory<Flags> { self { Flags() }.cached }
                var player: Factory<Player> { self { Player() }.cached }
            }
            enum Once {
                static func firstTime(_ id: String) -> Bool { Container.shared.flags().first(id) }
                static func again(_ id: String) -> Bool { !Once.firstTime(id) && Container.shared.flags().seen(id) }
            }
            final class Player {
                func play() { if Once.again("play") { start() } }
            }
            """,
            expect: """
                registrations:
                  # App.swift:4
                  - provides: Flags
                    lifetime: singleton
                    name: flags
                  # App.swift:5
                  - provides: Player
                    lifetime: singleton
                    name: player
                    dependencies:
                      flags: { type: Flags, name: flags, lazy: true }

                resolves:
                  # App.swift:8
                  - { type: Flags, name: flags }
                  # App.swift:9
                  - { type: Flags, name: flags }
                """),
        // Members a built type inherits resolve for it (issue 39): a protocol extension's computed
        // property it uses (lazy; one it never uses, and nothing calls on it, is no dependency) and
        // a superclass's `@Injected` (while the value is built). The uses stay the app's resolves
        // too: other types may inherit them.
        DialectExample(
            """
            import FactoryKit

            extension Container {
                var monitor: Factory<Monitor> { self { Monitor() }.cached }
                var logger: Factory<Logger> { self { Logger() }.cached }
                var users: Factory<UserRepository> { self { UserRepository() }.cached }
            }
            protocol NetworkRepository {}
            extension NetworkRepository {
                var monitor: Monitor { Container.shared.monitor() }
            }
            class LoggingRepository {
                @Injected(\\.logger) var logger
            }
            final class UserRepository: LoggingRepository, NetworkRepository {
                func load() { print(monitor) }
            }
            """,
            expect: """
                registrations:
                  # App.swift:4
                  - provides: Monitor
                    lifetime: singleton
                    name: monitor
                  # App.swift:5
                  - provides: Logger
                    lifetime: singleton
                    name: logger
                  # App.swift:6
                  - provides: UserRepository
                    lifetime: singleton
                    name: users
                    dependencies:
                      monitor: { type: Monitor, name: monitor, lazy: true }
                      logger: { type: Logger, name: logger }

                resolves:
                  # App.swift:10
                  - { type: Monitor, name: monitor }
                  # App.swift:13
                  - { type: Logger, name: logger }
                """),
        // A built type that reads a shared instance (`TokenManager.shared`, KNUTICE's FCM token
        // manager) reaches what building that instance resolves: lazily, once per key. A type
        // nothing builds and reads no shared instance adds nothing.
        DialectExample(
            """
            import FactoryKit

            extension Container {
                var api: Factory<API> { self { API() } }
                var register: Factory<RegisterToken> { self { RegisterToken() } }
            }
            final class TokenManager {
                static let shared = TokenManager()
                @Injected(\\.api) private var api
                private init() {}
            }
            final class RegisterToken {
                func callAsFunction() async { await TokenManager.shared.send() }
            }
            enum Palette { static let main = Palette.dark; case dark }
            """,
            expect: """
                registrations:
                  # App.swift:4
                  - provides: API
                    name: api
                  # App.swift:5
                  - provides: RegisterToken
                    name: register
                    dependencies:
                      api: { type: API, name: api, lazy: true }

                resolves:
                  # App.swift:9
                  - { type: API, name: api }
                """),
    ]
}
