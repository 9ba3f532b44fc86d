import Foundation
import Testing

/// hmlongco/Factory read from Swift: `fixtures/import/factory` holds every form of the library's
/// docs (compiled and run against a shim in DigraphSwiftGenTests' harness); here, what `check` says.
struct FactoryImportTests {
    static let findings = """
        fixtures/import/factory/Container+App.swift:24:36: warning: singleton 'ImageCache (name: imageCache)' holds transient 'Clock (name: clock)' (parameter 'clock'): the value is made once and kept for the singleton's whole life; make 'Clock (name: clock)' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'ImageCache (name: imageCache)' shorter-lived [captive-dependency]
        fixtures/import/factory/Container+App.swift:18:9: note: 'Clock (name: clock)' is registered transient here
        fixtures/import/factory/Container+App.swift:42:9: error: 'CrashReporting (name: crashReporter)' is promised() but nothing in the given paths registers it: in a DEBUG build resolving it stops the app, in a release build it is nil; register it (`Container.shared.crashReporter.register { … }`) where the app starts, or give digraph the paths that do [missing-binding]
        fixtures/import/factory/Container+App.swift:44:9: info: 'FeatureFlags (name: featureFlags)' gives nil until something registers it, and nothing in the given paths does; its uses are optional [swift-import]
        fixtures/import/factory/Container+App.swift:47:38: warning: 'FeedService (name: feedService)': custom scope `.session` is read as singleton (one value until the scope is reset); digraph cannot tell when the app resets it [swift-import]
        fixtures/import/factory/Container+App.swift:71:9: error: dependency cycle: AuthService (name: authService) -> TokenRefresher (name: tokenRefresher) -> AuthService (name: authService); resolve one of these edges lazily (inside a closure, or through Swinject's `Provider` or `Lazy`), set it after construction (Swinject's `initCompleted`), or remove it [cycle]
        fixtures/import/factory/Services.swift:99:15: note: 'AuthService (name: authService)' depends on 'TokenRefresher (name: tokenRefresher)' (parameter 'refresher')
        fixtures/import/factory/Services.swift:103:15: note: 'TokenRefresher (name: tokenRefresher)' depends on 'AuthService (name: authService)' (parameter 'auth')
        fixtures/import/factory/SyncContainer.swift:19:9: warning: 'Logger (name: SyncContainer.logger)' and 'Logger (name: logger)' are `.singleton` in two containers under one property name: Factory keeps singletons in one cache for every container, keyed by type and name, so both share one value; make one `.cached`, or rename it [key-collision]
        fixtures/import/factory/Container+App.swift:29:9: note: the other singleton is declared here
        fixtures/import/factory/SyncContainer.swift:19:9: info: nothing reachable from a root uses 'Logger (name: SyncContainer.logger)'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
        fixtures/import/factory/SyncContainer.swift:25:66: warning: singleton 'SyncEngine (name: SyncContainer.syncEngine)' holds transient 'FeedViewModel (name: feedViewModel)' (parameter 'feed'): the value is made once and kept for the singleton's whole life; make 'FeedViewModel (name: feedViewModel)' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'SyncEngine (name: SyncContainer.syncEngine)' shorter-lived [captive-dependency]
        fixtures/import/factory/Container+App.swift:50:9: note: 'FeedViewModel (name: feedViewModel)' is registered transient here
        fixtures/import/factory/SyncContainer.swift:25:66: warning: 'SyncEngine (name: SyncContainer.syncEngine)' runs on DatabaseActor and resolves 'FeedViewModel (name: feedViewModel)' (parameter 'feed'), whose factory is isolated to MainActor: it runs off its actor there (Factory traps at run time); resolve it on MainActor, or isolate both alike [isolation-mismatch]
        fixtures/import/factory/Container+App.swift:50:9: note: 'FeedViewModel (name: feedViewModel)' is registered here, isolated to MainActor
        digraph: checked 18 registrations: 2 errors, 5 warnings, 2 infos

        """

    @Test func checkReportsWhatTheFactoryAppGetsWrongAndOnlyThat() throws {
        let result = try CLIRunner.run(["check", "fixtures/import/factory"])
        #expect(result.status == 1)
        #expect(result.stdout == Self.findings)
        #expect(result.stderr == "digraph: read 4 Swift files: 18 registrations, 22 resolves, 1 call not understood\n")
    }

    /// A parameter factory resolved from a protocol extension a built type inherits: the edge is
    /// lazy, so nothing checks what it passes, and the suppression digraph made for it (the
    /// compiler checks the parameter) is unused. It is digraph's own, never written in a comment:
    /// nothing to report (eidch-ios-wallet had 13 "remove it from the comment" infos of this kind).
    @Test func aSuppressionDigraphMadeItselfIsNeverReportedUnused() throws {
        let app = """
            import FactoryKit
            final class Detail { init(id: Int) {} }
            protocol Routes {}
            extension Routes {
                func open() -> Detail { Container.shared.detail(7) }
            }
            final class Router: Routes {}
            extension Container {
                var detail: ParameterFactory<Int, Detail> { self { Detail(id: $0) } }
                var router: Factory<Router> { self { Router() } }
            }
            @main struct App {
                static func main() { _ = Container.shared.router().open() }
            }

            """
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(result.stdout == "digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos\n", "\(result.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(imported.stdout.contains("reason: \"Factory's ParameterFactory: the compiler checks the parameter passed\""), "\(imported.stdout)")
    }

    /// bo1ta/musculos-app's repositories: `extension BaseRepository` offers members that resolve,
    /// and each repository depends on what the members it uses resolve (its own code's, and those
    /// members' own uses, however deep), not on every member: `WorkoutRepository` only reads
    /// `isOnline` (which reads `monitor`), `GoalRepository` only calls `update()`. Every conformer
    /// got all of them: 4 lazy edges too many on that app. A member other code calls on a value
    /// counts for every conformer (`aRouterReachesWhatItsInheritedRoutesBuild`).
    @Test func aConformerDependsOnWhatTheExtensionMembersItUsesResolve() throws {
        let app = """
            import FactoryKit
            final class Monitor {}
            final class Worker { func run() {} }
            protocol BaseRepository {}
            extension BaseRepository {
                var monitor: Monitor { Container.shared.monitor() }
                var isOnline: Bool { _ = monitor; return true }
                func update() { Container.shared.worker().run() }
            }
            final class WorkoutRepository: BaseRepository {
                func load() -> Bool { isOnline }
            }
            final class GoalRepository: BaseRepository {
                func save() { update() }
            }
            extension Container {
                var monitor: Factory<Monitor> { self { Monitor() } }
                var worker: Factory<Worker> { self { Worker() } }
                var workouts: Factory<WorkoutRepository> { self { WorkoutRepository() } }
                var goals: Factory<GoalRepository> { self { GoalRepository() } }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  - provides: WorkoutRepository
                    name: workouts
                    dependencies:
                      monitor: { type: Monitor, name: monitor, lazy: true }
                  # App.swift:20
                  - provides: GoalRepository
                    name: goals
                    dependencies:
                      worker: { type: Worker, name: worker, lazy: true }

                """), "\(imported.stdout)")
    }

    /// bo1ta/musculos-app's launch: a custom `@main` launcher calls `ShopApp.main()` (to run another
    /// `App` under tests); SwiftUI builds `ShopApp` then, and its `@State var state = AppState()`
    /// builds an `AppState` whose `@Injected` resolves: at launch (digraph marked none of its 3).
    @Test func anAppStartedByACustomLauncherIsBuiltAtLaunch() throws {
        let app = """
            import FactoryKit
            import SwiftUI

            final class Store {}
            extension Container {
                var store: Factory<Store> { self { Store() }.singleton }
            }
            final class AppState {
                @Injected(\\.store) private var store
            }
            @main struct Launcher {
                static func main() { ShopApp.main() }
            }
            struct ShopApp: App {
                @State private var state = AppState()
                var body: some Scene { WindowGroup { Text("Shop") } }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(imported.stdout.hasSuffix("resolves:\n  # App.swift:9\n  - { type: Store, name: store, launch: true }\n"), "\(imported.stdout)")
    }

    /// EvanCooper9/Friendly-Competitions' shapes: a method registering a factory at run time
    /// (`session.register { Session(user:) }`) made the type it is written in depend, lazily, on
    /// what `Session` resolves (the auth manager on itself); services built in a closure an app
    /// function runs at once (`.build { [PushService()] }`) were lazy. A value built in a registered
    /// factory is that factory's; a closure run at once runs with the factory.
    @Test func aValueBuiltForAFactoryIsItsAndOneBuiltInAClosureRunAtOnceIsEager() throws {
        let app = """
            import Factory

            final class Database {}
            protocol AppService {}
            final class PushService: AppService {
                @Injected(\\.database) private var database
            }
            extension Array {
                static func build(_ make: () -> [Element]) -> [Element] { make() }
            }
            final class Session {
                @Injected(\\.database) var database
                @Injected(\\.auth) var auth
                init(user: String) {}
            }
            final class Auth {
                func handle(user: String?) {
                    if let user {
                        Container.shared.session.scope(.shared).register { Session(user: user) }
                    }
                }
            }
            extension Container {
                var database: Factory<Database> { self { Database() }.singleton }
                var services: Factory<[AppService]> { self { .build { [PushService()] } }.singleton }
                var session: Factory<Session> { self { fatalError("registered at sign-in") }.shared }
                var auth: Factory<Auth> { self { Auth() }.shared }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(
            imported.stdout.hasSuffix(
                """
                registrations:
                  # App.swift:24
                  - provides: Database
                    lifetime: singleton
                    name: database
                  # App.swift:25
                  - provides: "[AppService]"
                    implementation: FILL_IN
                    lifetime: singleton
                    name: services
                    dependencies:
                      database: { type: Database, name: database }
                  # App.swift:26
                  # registered at App.swift:19
                  - provides: Session
                    lifetime: weak
                    name: session
                    dependencies:
                      database: { type: Database, name: database }
                      auth: { type: Auth, name: auth }
                  # App.swift:27
                  - provides: Auth
                    lifetime: weak
                    name: auth

                """), "\(imported.stdout)")
    }

    /// LambdaDigamma/moers-ios: a package declares in-memory stand-ins (`self { Repository() }`)
    /// and the app registers the real factories at launch (`x.scope(.cached).register { … }`). The
    /// one `register` the app's own code runs whatever happens is the factory: its resolves are the
    /// registration's (they were the app's own resolves) and its scope holds. One under an `if`, in a
    /// preview, in the tests, in a function whose name says mocks (`setupMocks()`, called from the
    /// app or not), or giving a value made before it (`register { token }` at sign-in) stays an
    /// alternative. `.singleton.register` names the factory too; a `do { return try … } catch {
    /// fatalError(…) }` body gives what its `do` gives.
    @Test func theRegisterTheAppAlwaysRunsIsTheFactory() throws {
        let app = """
            import Factory
            import SwiftUI

            final class Database { init(path: String) throws {} }
            final class HTTPLoader {}
            final class Store { init(database: Database) {} }
            final class Repository {
                init(_ loader: HTTPLoader, store: Store) {}
                init() {}
            }
            final class Mock {}
            final class Token {}
            extension Container {
                var database: Factory<Database> {
                    self {
                        do { return try Database(path: "app.sqlite") } catch { fatalError("\\(error)") }
                    }.singleton
                }
                var loader: Factory<HTTPLoader> { self { fatalError("configure the loader at launch") } }
                var repository: Factory<Repository> { self { Repository() }.singleton }
                var mock: Factory<Mock> { self { Mock() } }
                var token: Factory<Token> { self { Token() }.cached }
                func setupMocks() {
                    repository.register { Repository() }
                }
            }
            final class Session {
                func signIn(token: Token) {
                    Container.shared.token.register { token }
                }
            }
            final class Launch {
                func run(uiTesting: Bool) {
                    Container.shared.loader.singleton.register { HTTPLoader() }
                    Container.shared.repository.scope(.cached).register {
                        Repository(Container.shared.loader(), store: Store(database: Container.shared.database()))
                    }
                    if uiTesting {
                        Container.shared.mock.register { Mock() }
                    }
                }
            }
            struct Screen: View {
                var body: some View { Text("") }
            }
            #Preview {
                Container.shared.mock.register { Mock() }
                return Screen()
            }
            @main struct App {
                static func main() {
                    Launch().run(uiTesting: false)
                    Container.shared.setupMocks()
                    Session().signIn(token: Token())
                    _ = Container.shared.repository()
                    _ = Container.shared.mock()
                }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(
            imported.stdout == """
                # Imported from Swift by `digraph import App.swift`; regenerate rather than edit,
                # or copy it once and maintain it by hand from then on.
                version: 1
                assembly: AppAssembly

                registrations:
                  # App.swift:14
                  - provides: Database
                    lifetime: singleton
                    name: database
                  # App.swift:19
                  # registered at App.swift:34
                  - provides: HTTPLoader
                    lifetime: singleton
                    name: loader
                  # App.swift:20
                  # FILL_IN_database: resolved in the factory, but which parameter takes it is not known; rename it to the initializer's label
                  # registered at App.swift:35, which the app's code runs whatever happens: it replaces the factory declared here
                  # register (an alternative, not read): App.swift:24
                  - provides: Repository
                    lifetime: singleton
                    name: repository
                    dependencies:
                      _httpLoader: { type: HTTPLoader, name: loader }
                      FILL_IN_database: { type: Database, name: database }
                  # App.swift:21
                  # register (an alternative, not read): App.swift:39
                  # register (an alternative, not read): App.swift:47
                  - provides: Mock
                    name: mock
                  # App.swift:22
                  # register (an alternative, not read): App.swift:29
                  - provides: Token
                    lifetime: singleton
                    name: token

                resolves:
                  # App.swift:55
                  - { type: Repository, name: repository, launch: true }
                  # App.swift:56
                  - { type: Mock, name: mock, launch: true }

                """, "\(imported.stdout)")
        #expect(
            imported.stderr == """
                App.swift:16:38: info: 'Database (name: database)': parameter 'path' is given `"app.sqlite"`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                App.swift:36:51: info: 'Repository (name: repository)': parameter 'store' is built in place (`Store(database: Container.shared.database())`); digraph records the resolves inside it as dependencies of 'Repository (name: repository)'; gen-swift asks how to build it, or register that value separately to model it [swift-import]
                digraph: imported 5 registrations: 0 errors, 0 warnings, 2 infos
                digraph: read 1 Swift file: 5 registrations, 4 resolves, 0 calls not understood

                """, "\(imported.stderr)")
    }

    /// johannes-schliephake/nextcloud-passwords-ios: `self { .init() }` builds the key's own type,
    /// whose `@LazyInjected` uses were the app's own resolves (3 registrations short of a
    /// dependency); and a key path handed to the app's function taking a Factory key path
    /// (`receive(on: \.mainScheduler)`, which resolves it) is a use of that factory: 2 false
    /// `unused-registration` infos and a missed dependency.
    @Test func anImplicitInitAndAKeyPathHandedToAHelperAreRead() throws {
        let app = """
            import Combine
            import Factory
            import Foundation

            final class Logger {}
            final class Scheduler {}
            final class EntriesController {
                @LazyInjected(\\.logger) private var logger
                init() {}
            }
            final class Store {
                @Injected(\\.logger) var logger
                init(path: String) {}
            }
            extension Publisher {
                func receive<S>(on key: KeyPath<Container, Factory<S>>) -> AnyPublisher<Output, Failure> {
                    receive(on: resolve(key) as! ImmediateScheduler).eraseToAnyPublisher()
                }
            }
            final class ViewModel {
                private var subscription: AnyCancellable?
                init() {
                    subscription = Just(1).receive(on: \\.mainScheduler).sink { _ in }
                }
            }
            extension Container {
                var logger: Factory<Logger> { self { Logger() }.cached }
                var mainScheduler: Factory<Scheduler> { self { Scheduler() }.cached }
                var entriesController: Factory<EntriesController> { self { .init() }.cached }
                var store: Factory<Store> { self { .init(path: "entries") } }
                var viewModel: Factory<ViewModel> { self { ViewModel() } }
            }
            @main struct App {
                static func main() {
                    _ = Container.shared.entriesController()
                    _ = Container.shared.store()
                    _ = Container.shared.viewModel()
                }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:30:46: info: 'Store (name: store)': parameter 'path' is given `"entries"`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                digraph: checked 5 registrations: 0 errors, 0 warnings, 1 info

                """, "\(checked.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(
            imported.stdout == """
                # Imported from Swift by `digraph import App.swift`; regenerate rather than edit,
                # or copy it once and maintain it by hand from then on.
                version: 1
                assembly: AppAssembly

                registrations:
                  # App.swift:27
                  - provides: Logger
                    lifetime: singleton
                    name: logger
                  # App.swift:28
                  - provides: Scheduler
                    lifetime: singleton
                    name: mainScheduler
                  # App.swift:29
                  - provides: EntriesController
                    lifetime: singleton
                    name: entriesController
                    dependencies:
                      logger: { type: Logger, name: logger, lazy: true }
                  # App.swift:30
                  - provides: Store
                    name: store
                    dependencies:
                      logger: { type: Logger, name: logger }
                  # App.swift:31
                  - provides: ViewModel
                    name: viewModel
                    dependencies:
                      mainScheduler: { type: Scheduler, name: mainScheduler }

                resolves:
                  # App.swift:35
                  - { type: EntriesController, name: entriesController, launch: true }
                  # App.swift:36
                  - { type: Store, name: store, launch: true }
                  # App.swift:37
                  - { type: ViewModel, name: viewModel, launch: true }

                """, "\(imported.stdout)")
    }

    /// nextcloud-passwords-ios: a test target's own `extension Container` (12 factories returning
    /// `.mock`) was read into the app's graph: 12 false `unused-registration` infos and a captive
    /// warning. A test's factories are the tests' own, said once; checked alone, they are read.
    @Test func theTestsOwnFactoriesAreLeftOutOfTheApp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-factory-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "App/Container+App.swift": """
            import Factory

            final class Logger {}
            final class Folder {
                static let mock = Folder()
            }
            extension Container {
                var logger: Factory<Logger> { self { Logger() }.cached }
            }
            @main struct App {
                static func main() { _ = Container.shared.logger() }
            }

            """,
            "Tests/Container+Mocks.swift": """
            import Factory
            import XCTest
            @testable import App

            extension Container {
                var folder: Factory<Folder> { self { .mock } }
                var folders: Factory<[Folder]> { self { [.mock] } }
            }
            final class FolderTests: XCTestCase {
                func testFolder() { _ = Container.shared.folder() }
            }

            """,
        ]
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let checked = try CLIRunner.run(["check", "."], directory: folder)
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                Tests/Container+Mocks.swift:6:9: info: 2 Factory registrations declared in test code (1 file in a `…Tests` or `…Specs` folder or importing XCTest, Testing, Quick or Nimble; the first here) are the tests' own, left out of the app's graph [swift-import]
                Tests/Container+Mocks.swift:10:29: info: 1 resolve in test code (1 file in a `…Tests` or `…Specs` folder or importing XCTest, Testing, Quick or Nimble; the first here) is the tests' own, left out of the app's roots [swift-import]
                digraph: checked 1 registration: 0 errors, 0 warnings, 2 infos

                """, "\(checked.stdout)")
        let alone = try CLIRunner.run(["check", "Tests"], directory: folder)
        #expect(alone.stdout.hasSuffix("digraph: checked 2 registrations: 0 errors, 0 warnings, 3 infos\n"), "\(alone.stdout)")
    }

    /// nextcloud-passwords-ios: a singleton reading a flag off a transient value where it resolves
    /// it (`resolve(\.configurationType).userDefaults.bool(…)` in a stored property's value) does
    /// not keep that value: 4 false captive warnings; nor does one whose local in `init` is only read
    /// (`let config = …; enabled = config.isDebug`). One it stores is still a captive.
    @Test func aValueUsedWhereItIsResolvedIsNotHeld() throws {
        let app = """
            import Factory

            final class Config {
                var isDebug = false
            }
            final class Settings {
                private let isDebug = Container.shared.config().isDebug
            }
            final class Logger {
                private let enabled: Bool
                init() {
                    let config = Container.shared.config()
                    enabled = config.isDebug
                }
            }
            final class Session {
                private let config = Container.shared.config()
            }
            extension Container {
                var config: Factory<Config> { self { Config() } }
                var settings: Factory<Settings> { self { Settings() }.singleton }
                var session: Factory<Session> { self { Session() }.singleton }
                var logger: Factory<Logger> { self { Logger() }.singleton }
            }
            @main struct App {
                static func main() {
                    _ = Container.shared.settings()
                    _ = Container.shared.session()
                    _ = Container.shared.logger()
                }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:17:26: warning: singleton 'Session (name: session)' holds transient 'Config (name: config)' (parameter 'config'): the value is made once and kept for the singleton's whole life; make 'Config (name: config)' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'Session (name: session)' shorter-lived [captive-dependency]
                App.swift:20:9: note: 'Config (name: config)' is registered transient here
                digraph: checked 4 registrations: 0 errors, 1 warning, 0 infos

                """, "\(checked.stdout)")
    }

    /// flexa-ios: a view model's stored property reads a static property of the app's
    /// (`FlexaIdentity.isSignedIn`) whose getter resolves (`Container.shared.authStore()`). Reading it
    /// runs that code, as calling a static method does: the view model depends on the key, lazily as
    /// every helper's use is. A static property nothing reads is no use, and a shared instance still
    /// reaches what building it resolves.
    @Test func aStaticPropertyReadRunsItsGetter() throws {
        let app = """
            import Factory

            final class AuthStore { var isSignedIn = false }
            final class Clock {}
            final class Network {}
            enum Identity {
                static var isSignedIn: Bool { Container.shared.authStore().isSignedIn }
                static var now: Clock { Container.shared.clock() }
            }
            final class Session {
                static let shared = Session(network: Container.shared.network())
                init(network: Network) {}
            }
            final class SpendModel {
                var isSignedIn = Identity.isSignedIn
                let session = Session.shared
            }
            extension Container {
                var authStore: Factory<AuthStore> { self { AuthStore() }.singleton }
                var clock: Factory<Clock> { self { Clock() } }
                var network: Factory<Network> { self { Network() } }
                var spendModel: Factory<SpendModel> { self { SpendModel() } }
            }
            @main struct App {
                static func main() { _ = Container.shared.spendModel() }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(imported.status == 0)
        #expect(
            imported.stdout.contains(
                """
                  - provides: SpendModel
                    name: spendModel
                    dependencies:
                      authStore: { type: AuthStore, name: authStore, lazy: true }
                      network: { type: Network, name: network, lazy: true }

                """), "\(imported.stdout)")
        #expect(!imported.stdout.contains("clock: { type: Clock"), "\(imported.stdout)")
    }

    /// vladblajovan/Ritualist: `var subscriptionService: Factory<S> { secureSubscriptionService }`
    /// returns the other property's Factory, so it is the same key and scope. It was left out with a
    /// warning, and its ten uses were a false `missing-binding` error; it is an alias now, and what
    /// holds it is judged by the registration it forwards to.
    @Test func aFactoryReturningAnotherIsItsAlias() throws {
        let app = """
            import Factory

            protocol Payments {}
            final class StorePayments: Payments {}
            final class Checkout { init(payments: Payments) {} }
            extension Container {
                var paymentsImpl: Factory<Payments> { self { StorePayments() }.singleton }
                var payments: Factory<Payments> { paymentsImpl }
                var checkout: Factory<Checkout> { self { Checkout(payments: self.payments()) }.singleton }
            }
            @main struct App {
                static func main() { _ = Container.shared.checkout() }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(imported.status == 0)
        #expect(
            imported.stdout.contains(
                """
                  # App.swift:8
                  # the same Factory as 'paymentsImpl': resolving it resolves that one, its scope included
                  - provides: Payments
                    name: payments
                    aliasOf: { type: Payments, name: paymentsImpl }

                """), "\(imported.stdout)")
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0)
        #expect(checked.stdout == "digraph: checked 3 registrations: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
        let transient = app.replacingOccurrences(of: "self { StorePayments() }.singleton", with: "self { StorePayments() }")
        let captive = try withApp(transient) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(
            captive.stdout.hasPrefix(
                """
                App.swift:9:55: warning: singleton 'Checkout (name: checkout)' holds transient 'Payments (name: paymentsImpl)' (parameter 'payments')
                """), "\(captive.stdout)")
    }

    /// vladblajovan/Ritualist: `HabitSource(modelContainer: self.store().container)`, a member of a
    /// resolved value, on a Factory property or on a resolved local. The resolve is the registration's
    /// dependency (eager, under a placeholder label gen-swift asks about), said once with an info;
    /// before, two warnings said the parameter could not be read and the resolve fed no parameter. A
    /// value with nothing of the app in it (`50 * 1024 * 1024`, `Bundle.main.url(…)`) is a value the
    /// manifest does not record, an info as a literal is, not "cannot read".
    @Test func aMemberOfAResolvedValueIsItsResolveAndAnOutsideValueIsAValue() throws {
        let app = """
            import Factory
            import Foundation

            final class Store {
                let container = "db"
                var context: String { container }
            }
            final class HabitSource {
                init(modelContainer: String, cacheSize: Int, modelURL: URL?) {}
            }
            final class LogSource {
                init(modelContainer: String) {}
            }
            extension Container {
                var store: Factory<Store> { self { Store() }.singleton }
                var habits: Factory<HabitSource> {
                    self {
                        HabitSource(
                            modelContainer: self.store().container, cacheSize: 50 * 1024 * 1024,
                            modelURL: Bundle.main.url(forResource: "Model", withExtension: "momd"))
                    }
                }
                var logs: Factory<LogSource> {
                    self {
                        let store = self.store()
                        return LogSource(modelContainer: store.container)
                    }
                }
                var context: Factory<String> { self { self.store().context } }
            }
            @main struct App {
                static func main() {
                    _ = Container.shared.habits()
                    _ = Container.shared.logs()
                    _ = Container.shared.context()
                }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:19:17: info: 'HabitSource (name: habits)': parameter 'modelContainer' is given `self.store().container`, a member of a resolved value, which a manifest cannot pass; the resolve is read as a dependency of 'HabitSource (name: habits)' ('FILL_IN_store'); gen-swift asks how to build it [swift-import]
                App.swift:19:57: info: 'HabitSource (name: habits)': parameter 'cacheSize' is given `50 * 1024 * 1024`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                App.swift:20:17: info: 'HabitSource (name: habits)': parameter 'modelURL' is given `Bundle.main.url(forResource: "Model", withExtension: "momd")`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                App.swift:26:30: info: 'LogSource (name: logs)': parameter 'modelContainer' is given `store.container`, a member of a resolved value, which a manifest cannot pass; the resolve is read as a dependency of 'LogSource (name: logs)' ('FILL_IN_store'); gen-swift asks how to build it [swift-import]
                App.swift:29:43: info: 'String (name: context)': it returns `self.store().context`, a member of a resolved value, whose resolve is read as its dependency ('FILL_IN_store'); a manifest cannot say a registration hands out part of another's value, so it is imported with implementation FILL_IN, to fill in only if generated code must build it [swift-import]
                digraph: checked 4 registrations: 0 errors, 0 warnings, 5 infos

                """, "\(checked.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  # App.swift:16
                  # FILL_IN_store: the factory passes a member of it (`self.store().container`), not the value itself; say how generated code builds that
                  - provides: HabitSource
                    name: habits
                    dependencies:
                      FILL_IN_store: { type: Store, name: store }
                  # App.swift:23
                  # FILL_IN_store: the factory passes a member of it (`store.container`), not the value itself; say how generated code builds that
                  - provides: LogSource
                    name: logs
                    dependencies:
                      FILL_IN_store: { type: Store, name: store }
                  # App.swift:29
                  - provides: String
                    implementation: FILL_IN
                    name: context
                    dependencies:
                      FILL_IN_store: { type: Store, name: store }

                """), "\(imported.stdout)")
        #expect(imported.stderr.hasSuffix("digraph: read 1 Swift file: 4 registrations, 6 resolves, 0 calls not understood\n"), "\(imported.stderr)")
    }

    /// `quotes = { Container.shared.quotes() }()` and `cards = [1, 2].map { _ in
    /// Container.shared.card() }` in an initializer run as the holder is built: eager uses, which a
    /// singleton holding a transient makes captives; a closure only stored (`_ = {
    /// Container.shared.clock() }`) stays lazy. Before, the first two were lazy and the captives hidden.
    @Test func aClosureCalledInAnInitializerRunsAsTheHolderIsBuilt() throws {
        let app = """
            import Factory

            final class Quotes {}
            final class Clock {}
            final class Card {}
            final class HomeModel {
                let quotes: Quotes
                let cards: [Card]
                init() {
                    quotes = { Container.shared.quotes() }()
                    cards = [1, 2].map { _ in Container.shared.card() }
                }
                func tick() { _ = { Container.shared.clock() } }
            }
            extension Container {
                var quotes: Factory<Quotes> { self { Quotes() } }
                var clock: Factory<Clock> { self { Clock() } }
                var card: Factory<Card> { self { Card() } }
                var home: Factory<HomeModel> { self { HomeModel() }.singleton }
            }
            @main struct App {
                static func main() { _ = Container.shared.home() }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(
            checked.stdout == """
                App.swift:10:20: warning: singleton 'HomeModel (name: home)' holds transient 'Quotes (name: quotes)' (parameter 'quotes'): the value is made once and kept for the singleton's whole life; make 'Quotes (name: quotes)' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'HomeModel (name: home)' shorter-lived [captive-dependency]
                App.swift:16:9: note: 'Quotes (name: quotes)' is registered transient here
                App.swift:11:35: warning: singleton 'HomeModel (name: home)' holds transient 'Card (name: card)' (parameter 'card'): the value is made once and kept for the singleton's whole life; make 'Card (name: card)' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'HomeModel (name: home)' shorter-lived [captive-dependency]
                App.swift:18:9: note: 'Card (name: card)' is registered transient here
                digraph: checked 4 registrations: 0 errors, 2 warnings, 0 infos

                """, "\(checked.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  - provides: HomeModel
                    lifetime: singleton
                    name: home
                    dependencies:
                      quotes: { type: Quotes, name: quotes }
                      card: { type: Card, name: card }
                      clock: { type: Clock, name: clock, lazy: true }

                """), "\(imported.stdout)")
    }

    /// ABTGarcia/w_heroes: a repository keeping the container calls `container.remote()` in
    /// several methods. That is one lazy edge per key, and a use made as the holder is built (its
    /// `init`) takes the place of the later ones. Before, each use was an edge of its own (`remote2`,
    /// `local2`, …), eight for two keys. Each use is still counted as read.
    @Test func aKeyUsedInSeveralPlacesIsOneEdge() throws {
        let app = """
            import FactoryKit

            final class Remote {}
            final class Local {}
            final class Repository {
                private let container: Container
                private let local: Local
                func load() { _ = container.remote(); _ = container.local() }
                init(container: Container = .shared) {
                    self.container = container
                    _ = container.remote()
                    local = container.local()
                }
                func save() { _ = container.remote() }
            }
            extension Container {
                var remote: Factory<Remote> { self { Remote() } }
                var local: Factory<Local> { self { Local() }.singleton }
                var repository: Factory<Repository> { self { Repository() } }
            }
            @main struct App {
                static func main() { _ = Container.shared.repository() }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  - provides: Repository
                    name: repository
                    dependencies:
                      remote: { type: Remote, name: remote }
                      local: { type: Local, name: local }

                resolves:
                """), "\(imported.stdout)")
        // Each use is still read, and counted: one edge stands for three.
        #expect(imported.stderr.hasSuffix("digraph: read 1 Swift file: 3 registrations, 6 resolves, 0 calls not understood\n"), "\(imported.stderr)")
    }

    /// protonpass/ios-pass keeps, in each container's file, a `private extension` of computed
    /// shortcuts to other containers (`var logManager: Logger { Tooling.shared.logManager() }`) and
    /// passes `self.logManager` to its factories: 329 "a value from outside the container" warnings
    /// where each is a resolve made as the factory runs. A shortcut is read in its own file only (the
    /// next file's `logManager` may be another), and only when it is one resolve.
    @Test func aComputedShortcutToAFactoryIsThatResolve() throws {
        let tooling = """
            import FactoryKit

            final class Logger {}
            final class Clock {}
            final class Tooling: SharedContainer {
                static let shared = Tooling()
                let manager = ContainerManager()
                var logManager: Factory<Logger> { self { Logger() }.singleton }
                var auditLogger: Factory<Logger> { self { Logger() } }
            }

            """
        let useCases = """
            import FactoryKit

            final class Sync {
                init(logger: Logger, clock: Clock, retries: Int) {}
            }
            final class UseCases: SharedContainer {
                static let shared = UseCases()
                let manager = ContainerManager()
                var sync: Factory<Sync> { self { Sync(logger: self.logManager, clock: clock, retries: self.retries) } }
            }
            private extension UseCases {
                var logManager: Logger { Tooling.shared.logManager() }
                var clock: Clock { Clock() }
                var retries: Int { 3 }
            }
            @main struct App {
                static func main() { _ = UseCases.shared.sync() }
            }

            """
        let repositories = """
            import FactoryKit

            final class Store {
                init(logger: Logger) {}
            }
            final class Repositories: SharedContainer {
                static let shared = Repositories()
                let manager = ContainerManager()
                var store: Factory<Store> { self { Store(logger: self.logManager) } }
            }
            private extension Repositories {
                var logManager: Logger { Tooling.shared.auditLogger() }
            }
            extension UseCases {
                var store: Factory<Store> { self { Store(logger: self.logManager) } }
            }

            """
        let imported = try withApp(useCases) { folder in
            try tooling.write(to: folder.appendingPathComponent("Tooling.swift"), atomically: true, encoding: .utf8)
            try repositories.write(to: folder.appendingPathComponent("Repositories.swift"), atomically: true, encoding: .utf8)
            return try CLIRunner.run(["import", "."], directory: folder)
        }
        #expect(
            imported.stdout.contains(
                """
                registrations:
                  # App.swift:9
                  - provides: Sync
                    name: UseCases.sync
                    dependencies:
                      logger: { type: Logger, name: Tooling.logManager }
                  # Repositories.swift:9
                  - provides: Store
                    name: Repositories.store
                    dependencies:
                      logger: { type: Logger, name: Tooling.auditLogger }
                  # Repositories.swift:15
                  - provides: Store
                    name: UseCases.store
                  # Tooling.swift:8

                """), "\(imported.stdout)")
        // A shortcut that builds its value, or one in another file (`UseCases.store` is written
        // where `Repositories`' shortcut is, not `UseCases`'), is still said.
        #expect(
            imported.stderr == """
                App.swift:9:68: warning: 'Sync (name: UseCases.sync)': parameter 'clock' is given `clock`, a value from outside the container; it is left out: register that value in the container and resolve it there to model it [swift-import]
                App.swift:9:82: warning: 'Sync (name: UseCases.sync)': parameter 'retries' is given `self.retries`, a value from outside the container; it is left out: register that value in the container and resolve it there to model it [swift-import]
                Repositories.swift:15:46: warning: 'Store (name: UseCases.store)': parameter 'logger' is given `self.logManager`, a value from outside the container; it is left out: register that value in the container and resolve it there to model it [swift-import]
                digraph: imported 5 registrations: 0 errors, 3 warnings, 0 infos
                digraph: read 3 Swift files: 5 registrations, 3 resolves, 3 calls not understood

                """, "\(imported.stderr)")
    }

    /// ios-pass' `preferencesManager` names another container once (`let cont =
    /// SharedRepositoryContainer.shared`) and resolves through the constant: three "cannot read"
    /// warnings where each is a resolve of that container's factory. A constant holding anything
    /// else stays unread.
    @Test func aConstantNamingAContainerResolvesThroughIt() throws {
        let app = """
            import FactoryKit

            final class Store {}
            final class Preferences { init(app: Store, shared: Store, other: Store) {} }
            final class Repositories: SharedContainer {
                static let shared = Repositories()
                let manager = ContainerManager()
                var appStore: Factory<Store> { self { Store() } }
                var sharedStore: Factory<Store> { self { Store() } }
            }
            extension Container {
                var preferences: Factory<Preferences> {
                    self {
                        let cont = Repositories.shared
                        let other = Helpers()
                        return Preferences(app: cont.appStore(), shared: cont.sharedStore(), other: other.appStore())
                    }
                }
            }
            @main struct App {
                static func main() { _ = Container.shared.preferences() }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  - provides: Preferences
                    name: preferences
                    dependencies:
                      app: { type: Store, name: Repositories.appStore }
                      shared: { type: Store, name: Repositories.sharedStore }

                """), "\(imported.stdout)")
        #expect(
            imported.stderr == """
                App.swift:16:82: warning: 'Preferences (name: preferences)': parameter 'other' is given `other.appStore()`, which digraph cannot read; it is left out [swift-import]
                digraph: imported 3 registrations: 0 errors, 1 warning, 0 infos
                digraph: read 1 Swift file: 3 registrations, 3 resolves, 1 call not understood

                """, "\(imported.stderr)")
    }

    /// ios-pass hands seven factories `kSharedUserDefaults`, a global `let` of
    /// `UserDefaults(suiteName: Constants.appGroup)!`: a value with nothing of the app inside, as
    /// `UserDefaults.standard` is, so an info, where it was a warning to register it. A global
    /// holding one of the app's own types stays a warning. Its `appVersion` factory returns
    /// `"ios-pass@\\(Bundle.main.fullAppVersionName)"`: an info too, no longer "cannot read".
    @Test func aGlobalConstantOfAnOutsideValueIsAValue() throws {
        let app = """
            import FactoryKit
            import Foundation
            enum Constants { static let appGroup = "group.x" }
            public let kShared = UserDefaults(suiteName: Constants.appGroup)!
            let kSession = Session()
            final class Session {}
            final class Store { init(defaults: UserDefaults, session: Session) {} }
            extension Container {
                var store: Factory<Store> { self { Store(defaults: kShared, session: kSession) } }
                var appVersion: Factory<String> { self { "app@\\(Bundle.main.versionName)" } }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stderr == """
                App.swift:9:46: info: 'Store (name: store)': parameter 'defaults' is given `kShared`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                App.swift:9:65: warning: 'Store (name: store)': parameter 'session' is given `kSession`, a value from outside the container; it is left out: register that value in the container and resolve it there to model it [swift-import]
                App.swift:10:46: info: 'String (name: appVersion)': it returns `"app@\\(Bundle.main.versionName)"`, a value made from types the app does not declare, which nothing in the container builds and a manifest cannot hold; it is imported with implementation FILL_IN, to fill in only if generated code must build it [swift-import]
                digraph: imported 2 registrations: 0 errors, 1 warning, 2 infos
                digraph: read 1 Swift file: 2 registrations, 0 resolves, 1 call not understood

                """, "\(imported.stderr)")
    }

    /// open-eid/RIA-DigiDoc-iOS: `DigiDocConf` keeps one process-wide initializer in `@MainActor
    /// static let sharedInitializer = DigiDocInitializer(configurationRepository:
    /// Container.shared.configurationRepository(), …)`. A static member runs where the app names it,
    /// never as a value of its type is built or used: its resolves are the app's own, not lazy
    /// dependencies of the registration building `DigiDocConf()` (2 wrong edges in the app).
    @Test func aStaticMembersResolvesAreTheAppsNotTheTypesValues() throws {
        let app = """
            import FactoryKit
            protocol Repo {}
            final class RealRepo: Repo {}
            final class Engine { init(repo: Repo) {} }
            struct Conf {
                @MainActor static let engine = Engine(repo: Container.shared.repo())
                static func start() { _ = Container.shared.repo() }
                func describe() -> Repo { Container.shared.repo() }
            }
            extension Container {
                var repo: Factory<Repo> { self { RealRepo() } }
                var conf: Factory<Conf> { self { Conf() } }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.hasSuffix(
                """
                  # App.swift:12
                  - provides: Conf
                    name: conf
                    dependencies:
                      repo: { type: Repo, name: repo, lazy: true }

                resolves:
                  # App.swift:6
                  - { type: Repo, name: repo, isolation: MainActor }
                  # App.swift:7
                  - { type: Repo, name: repo }

                """), "\(imported.stdout)")
    }

    /// RIA-DigiDoc-iOS passes `session: nil` where the initializer declares `session: Session? =
    /// nil`: generated code relying on that default gets the same, and the info says so rather than
    /// that the default "may differ"; a different value still says it may.
    @Test func aValueTheSameAsTheInitializersDefaultIsSaidToBe() throws {
        let app = """
            import FactoryKit
            final class Session {}
            actor Remote { init(agent: String = "x", session: Session? = nil) {} }
            extension Container {
                var remote: Factory<Remote> { self { Remote(agent: "y", session: nil) } }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stderr == """
                App.swift:5:49: info: 'Remote (name: remote)': parameter 'agent' is given `"y"`, a value the manifest does not record; it is left out (generated code relies on the initializer's default, which may differ from it) [swift-import]
                App.swift:5:61: info: 'Remote (name: remote)': parameter 'session' is given `nil`, a value the manifest does not record; it is left out, and generated code gets the same from the initializer's default (`nil`) [swift-import]
                digraph: imported 1 registration: 0 errors, 0 warnings, 2 infos
                digraph: read 1 Swift file: 1 registration, 0 resolves, 0 calls not understood

                """, "\(imported.stderr)")
    }

    /// RIA-DigiDoc-iOS: `self { isRunningTests ? Bundle.main : Bundle.module }`. Either value is one
    /// from outside the container and the condition calls nothing: an info, as one such value is,
    /// not "cannot read".
    @Test func aChoiceBetweenTwoOutsideValuesIsAValue() throws {
        let app = """
            import FactoryKit
            import Foundation
            let isTesting = ProcessInfo.processInfo.environment["XCTestConfigurationFilePath"] != nil
            extension Container {
                var bundle: Factory<Bundle> { self { isTesting ? Bundle.main : Bundle(identifier: "app.tests")! } }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stderr == """
                App.swift:5:42: info: 'Bundle (name: bundle)': it returns `isTesting ? Bundle.main : Bundle(identifier: "app.tests")!`, a value made from types the app does not declare, which nothing in the container builds and a manifest cannot hold; it is imported with implementation FILL_IN, to fill in only if generated code must build it [swift-import]
                digraph: imported 1 registration: 0 errors, 0 warnings, 1 info
                digraph: read 1 Swift file: 1 registration, 0 resolves, 0 calls not understood

                """, "\(imported.stderr)")
    }

    /// TahaMahmoud/iWorld registers structs `.shared`: Factory's shared scope keeps a weak reference,
    /// which a value cannot have (`Scope.Shared.box` boxes objects only), so each resolve makes a
    /// new one. Read as weak, the struct was a captive holder it cannot be; read as transient, the
    /// class that keeps a copy is. `.singleton` keeps a value like any other.
    @Test func aStructInTheSharedScopeIsMadeOnEveryResolve() throws {
        let app = """
            import FactoryKit

            final class Database {}
            struct LocalSource { @Injected(\\.database) var database }
            final class Repository { @Injected(\\.localSource) var source }
            struct Settings { @Injected(\\.database) var database }
            extension Container {
                var database: Factory<Database> { self { Database() } }
                var localSource: Factory<LocalSource> { self { LocalSource() }.shared }
                var repository: Factory<Repository> { self { Repository() }.shared }
                var settings: Factory<Settings> { self { Settings() }.singleton }
            }
            @main struct App {
                static func main() { _ = Container.shared.repository(); _ = Container.shared.settings() }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(
            checked.stdout == """
                App.swift:5:36: warning: weak 'Repository (name: repository)' holds transient 'LocalSource (name: localSource)' (parameter 'source'): the value is made once and kept for the weak's whole life; make 'LocalSource (name: localSource)' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'Repository (name: repository)' shorter-lived [captive-dependency]
                App.swift:9:9: note: 'LocalSource (name: localSource)' is registered transient here
                App.swift:6:29: warning: singleton 'Settings (name: settings)' holds transient 'Database (name: database)' (parameter 'database'): the value is made once and kept for the singleton's whole life; make 'Database (name: database)' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'Settings (name: settings)' shorter-lived [captive-dependency]
                App.swift:8:9: note: 'Database (name: database)' is registered transient here
                digraph: checked 4 registrations: 0 errors, 2 warnings, 0 infos

                """, "\(checked.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  # App.swift:9
                  # lifetime transient: it is registered weak, but 'LocalSource' is a struct, a value, and the container keeps no weak instance of a value: each resolve makes a new one
                  - provides: LocalSource
                    name: localSource
                """), "\(imported.stdout)")
    }

    /// protonpass/ios-authenticator's watch app declares `func autoRegister() { manager.defaultScope =
    /// .singleton }` on a container that does not conform to `AutoRegistering`: Factory calls it
    /// only through that protocol, so the default never applies and the seven factories are unique.
    /// They were read as singletons; now they keep their own scopes, with a warning at the function.
    /// A conformance an extension declares counts.
    @Test func autoRegisterWithoutTheConformanceSetsNothing() throws {
        let app = """
            import FactoryKit

            final class Clock {}
            final class Ticker { init(clock: Clock) {} }
            final class WristContainer: SharedContainer {
                static let shared = WristContainer()
                let manager = ContainerManager()
                func autoRegister() { manager.defaultScope = .singleton }
                var clock: Factory<Clock> { self { Clock() } }
                var ticker: Factory<Ticker> { self { Ticker(clock: self.clock()) } }
            }
            final class PhoneContainer: SharedContainer {
                static let shared = PhoneContainer()
                let manager = ContainerManager()
                var clock: Factory<Clock> { self { Clock() } }
            }
            extension PhoneContainer: AutoRegistering {
                func autoRegister() { manager.defaultScope = .cached }
            }
            @main struct App {
                static func main() { _ = WristContainer.shared.ticker(); _ = PhoneContainer.shared.clock() }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(
            checked.stdout == """
                App.swift:8:10: warning: 'WristContainer' sets `manager.defaultScope = .singleton` in `autoRegister()`, but does not conform to `AutoRegistering`, so Factory never calls it: its factories keep their own scopes (unique when none); add `AutoRegistering` to its conformances if the default is meant [swift-import]
                digraph: checked 3 registrations: 0 errors, 1 warning, 0 infos

                """, "\(checked.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  - provides: Ticker
                    name: WristContainer.ticker
                    dependencies:
                      clock: { type: Clock, name: WristContainer.clock }
                  # App.swift:15
                  - provides: Clock
                    lifetime: singleton
                    name: PhoneContainer.clock
                """), "\(imported.stdout)")
    }

    /// moofus/moofuslist: a `#Preview`'s `@Previewable @Injected(\.unused)` uses the app's container,
    /// but only Xcode's canvas runs it: no root of the app's, as a Swinject preview's resolve is not.
    /// Before, it hid that nothing in the app uses the registration. "Remove its registration" would
    /// break the preview, though: the info names the preview's use (twenty-first session); a
    /// registration nothing uses at all is told to go.
    @Test func aPreviewsUseIsNoRootOfTheApp() throws {
        let app = """
            import FactoryKit
            import SwiftUI

            final class Model {}
            final class Unused {}
            final class Ads {}
            extension Container {
                var model: Factory<Model> { self { Model() } }
                var unused: Factory<Unused> { self { Unused() } }
                var ads: Factory<Ads> { self { Ads() } }
            }
            struct ContentView: View {
                @Injected(\\.model) var model
                var body: some View { Text("x") }
            }
            #Preview {
                @Previewable @Injected(\\.unused) var unused: Unused
                ContentView()
            }
            @main struct MyApp: App {
                var body: some Scene { WindowGroup { ContentView() } }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(
            checked.stdout == """
                App.swift:9:9: info: nothing reachable from a root uses 'Unused (name: unused)'; only a preview resolves it (App.swift:17): keep it for the preview, or give the preview a registration of its own [unused-registration]
                App.swift:10:9: info: nothing reachable from a root uses 'Ads (name: ads)'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                digraph: checked 3 registrations: 0 errors, 0 warnings, 2 infos

                """, "\(checked.stdout)")
    }

    /// MateeDevs/MateeStarter: `init() { startKoin() }` where `startKoin` resolves. A method the
    /// initializer runs, and what that method runs on the type in turn, runs as the holder is built:
    /// its uses are eager, and a singleton holding a transient that way is a captive. Before, every
    /// use in a method was lazy. A later method's use of the same key is the same edge.
    @Test func aMethodTheInitializerRunsResolvesAsTheHolderIsBuilt() throws {
        let app = """
            import FactoryKit

            final class Analytics {}
            final class Bridge {
                private var analytics: Analytics?
                private var latest: Analytics?
                init() { boot() }
                private func boot() { connect() }
                private func connect() { analytics = Container.shared.analytics() }
                func refresh() { latest = Container.shared.analytics() }
            }
            extension Container {
                var analytics: Factory<Analytics> { self { Analytics() } }
                var bridge: Factory<Bridge> { self { Bridge() }.singleton }
            }
            @main struct App {
                static func main() { _ = Container.shared.bridge() }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(
            checked.stdout == """
                App.swift:9:42: warning: singleton 'Bridge (name: bridge)' holds transient 'Analytics (name: analytics)' (parameter 'analytics'): the value is made once and kept for the singleton's whole life; make 'Analytics (name: analytics)' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'Bridge (name: bridge)' shorter-lived [captive-dependency]
                App.swift:13:9: note: 'Analytics (name: analytics)' is registered transient here
                digraph: checked 2 registrations: 0 errors, 1 warning, 0 infos

                """, "\(checked.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  - provides: Bridge
                    lifetime: singleton
                    name: bridge
                    dependencies:
                      analytics: { type: Analytics, name: analytics }

                """), "\(imported.stdout)")
    }

    /// MateeDevs/MateeStarter: `self { self.bridge().get(SampleModel.self) }`, a value another
    /// registration's object makes. The constant handed to its method is no initializer's
    /// parameter and no generated code passes it: nothing to say. Before, an info spoke of a
    /// parameter `_value` and an initializer's default.
    @Test func aConstantHandedToTheMakersMethodIsNoParameter() throws {
        let app = """
            import FactoryKit

            final class Bridge {
                func get<T>(_ type: T.Type) -> T { fatalError("made elsewhere") }
            }
            final class SampleModel {}
            extension Container {
                private var bridge: Factory<Bridge> { self { Bridge() }.singleton }
                var sampleModel: Factory<SampleModel> { self { self.bridge().get(SampleModel.self) } }
            }
            @main struct App {
                static func main() { _ = Container.shared.sampleModel() }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.stdout == "digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  # built by a method of another registration's object; no implementation to name
                  - provides: SampleModel
                    name: sampleModel
                    dependencies:
                      _factory: { type: Bridge, name: bridge }

                """), "\(imported.stdout)")
    }

    /// A value a static member of the app makes, in a Factory factory: what running the member
    /// resolves is not worked out for Factory, so the "built in place" warning stays. A build of this
    /// session dropped it, silently, for every Factory registration.
    @Test func aStaticMembersValueInAFactoryIsStillSaid() throws {
        let app = """
            import FactoryKit

            final class Handler { init(serviceName: String) {} }
            enum Module {
                static func serviceName() -> String { "app" }
            }
            extension Container {
                var handler: Factory<Handler> { self { Handler(serviceName: Module.serviceName()) } }
            }
            @main struct App {
                static func main() { _ = Container.shared.handler() }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(
            checked.stdout == """
                App.swift:8:52: warning: 'Handler (name: handler)': parameter 'serviceName' is built in place (`Module.serviceName()`); digraph records the resolves inside it as dependencies of 'Handler (name: handler)', register that value separately to model it [swift-import]
                digraph: checked 1 registration: 0 errors, 1 warning, 0 infos

                """, "\(checked.stdout)")
    }

    /// vladblajovan/Ritualist: `OverviewViewModel` builds `let inspirationVM = InspirationCardViewModel()`
    /// as it is built, and that view model's `@Injected` properties resolve then: eager edges of the
    /// registration (they were all lazy, as what a helper reaches always was). One built in a method
    /// stays lazy.
    @Test func aTypeBuiltWhileTheHolderIsBuiltResolvesThen() throws {
        let app = """
            import Factory

            final class Quotes {}
            final class Clock {}
            final class CardModel {
                @Injected(\\.quotes) var quotes
            }
            final class ClockModel {
                @Injected(\\.clock) var clock
            }
            final class HomeModel {
                let card = CardModel()
                func tick() { _ = ClockModel() }
            }
            extension Container {
                var quotes: Factory<Quotes> { self { Quotes() } }
                var clock: Factory<Clock> { self { Clock() } }
                var home: Factory<HomeModel> { self { HomeModel() } }
            }
            @main struct App {
                static func main() { _ = Container.shared.home() }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  - provides: HomeModel
                    name: home
                    dependencies:
                      quotes: { type: Quotes, name: quotes }
                      clock: { type: Clock, name: clock, lazy: true }

                """), "\(imported.stdout)")
    }

    /// vladblajovan/Ritualist: the app calls a container's own method taking a value
    /// (`Container.shared.appLifecycleCoordinator(appStartTime:)`), which builds its result from the
    /// container's factories. Container methods were not read at all, so `iCloudSyncCoordinator` was
    /// "used by nothing" (2 false `unused-registration` infos). What such a method resolves is the
    /// caller's: the app's own resolves here, a lazy dependency of a registered caller. A method only
    /// the container's factories call is read with them, as before, and roots nothing.
    @Test func aContainerMethodTheAppCallsResolvesForIt() throws {
        let app = """
            import Factory
            import Foundation

            final class Sync {}
            final class Cleanup {}
            final class Store {}
            final class Lifecycle { init(sync: Sync, started: Date) {} }
            final class Settings {
                func reset() { _ = Container.shared.cleaner(force: true) }
            }
            extension Container {
                var sync: Factory<Sync> { self { Sync() }.singleton }
                var cleanup: Factory<Cleanup> { self { Cleanup() } }
                var store: Factory<Store> { self { self.makeStore(path: "db") } }
                var settings: Factory<Settings> { self { Settings() } }
                func lifecycle(started: Date) -> Lifecycle { Lifecycle(sync: sync(), started: started) }
                func cleaner(force: Bool) -> Cleanup { cleanup() }
                func makeStore(path: String) -> Store { Store() }
            }
            @main struct App {
                static func main() {
                    _ = Container.shared.lifecycle(started: Date())
                    _ = Container.shared.settings()
                }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:14:9: info: nothing reachable from a root uses 'Store (name: store)'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                digraph: checked 4 registrations: 0 errors, 0 warnings, 1 info

                """, "\(checked.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  - provides: Settings
                    name: settings
                    dependencies:
                      cleanup: { type: Cleanup, name: cleanup, lazy: true }

                """), "\(imported.stdout)")
    }

    /// nextcloud-passwords-ios: `self { Configuration.self }` returns a metatype, which nothing
    /// builds. It was read as a static factory member named `self` (`factory: self`), which the
    /// manifest refuses: the imported manifest did not load, and the factory had the type's
    /// instance dependencies. It is a constant now, as `self { 5 }` is; the type's own uses are the
    /// code's that builds it from the metatype.
    @Test func aMetatypeFactoryIsAConstant() throws {
        let app = """
            import Factory
            protocol Configurating { static var isDebug: Bool { get } }
            final class Logger {}
            enum Configuration: Configurating {
                static var isDebug: Bool { false }
            }
            final class Model { @Injected(\\.logger) var logger }
            extension Container {
                var logger: Factory<Logger> { self { Logger() }.singleton }
                var configurationType: Factory<Configurating.Type> { self { Configuration.self } }
                var modelType: Factory<Model.Type> { self { Model.self } }
            }

            """
        let (written, checked) = try withApp(app) { folder in
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
                  # App.swift:9
                  - provides: Logger
                    lifetime: singleton
                    name: logger
                  # App.swift:10
                  - provides: Configurating.Type
                    implementation: FILL_IN
                    name: configurationType
                  # App.swift:11
                  - provides: Model.Type
                    implementation: FILL_IN
                    name: modelType

                resolves:
                  # App.swift:7
                  - { type: Logger, name: logger }

                """, "\(written)")
        #expect(checked.status == 0, "\(checked.stdout)")
    }

    /// EvanCooper9/Friendly-Competitions: a preview declares its own `private struct Container:
    /// View`. The walk of Factory uses skipped a type named like a container without keeping it,
    /// then let it go on the way out: `import` and `check` trapped on an empty type stack.
    @Test func aNestedTypeNamedContainerIsNoTrap() throws {
        let app = """
            import Factory
            import SwiftUI

            final class API {}
            extension Container {
                var api: Factory<API> { self { API() }.singleton }
            }
            struct HUD_Previews: PreviewProvider {
                private struct Container: View {
                    var body: some View { Text("HUD") }
                }
                static var previews: some View { Container() }
            }
            struct Screen {
                @Injected(\\.api) private var api
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout == "digraph: checked 1 registration: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
        #expect(checked.stderr == "digraph: read 1 Swift file: 1 registration, 1 resolve, 0 calls not understood\n", "\(checked.stderr)")
    }

    /// flexa/flexa-ios' shape: singletons returning what a `ParameterFactory` sibling makes from
    /// a literal (`self { self.keychain(false) }.singleton`). Each was an `aliasOf` the keychain,
    /// which passes no arguments: two false `argument-mismatch` errors where `@Injected` used them.
    /// Now the resolve is the registration's dependency, passing its argument.
    @Test func aFactoryReturningWhatAParameterFactoryMakesPassesItsArgument() throws {
        let app = """
            import Factory

            final class Keychain {
                init(service: String, synchronizable: Bool) {}
            }
            final class KeychainHelper {
                @Injected(\\.deviceKeychain) private var device
            }
            extension Container {
                var deviceKeychain: Factory<Keychain> {
                    self { self.keychain(false) }.singleton
                }
                var keychain: ParameterFactory<Bool, Keychain> {
                    self { Keychain(service: "app", synchronizable: $0) }
                }
                var keychainHelper: Factory<KeychainHelper> {
                    self { KeychainHelper() }.singleton
                }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift", "--ignore", "captive-dependency"], directory: folder) }
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(
            checked.stdout == """
                App.swift:11:16: info: 'Keychain (name: deviceKeychain)': it returns the value 'Keychain' makes from the runtime arguments it passes (`self.keychain(false)`), read as its dependency ('FILL_IN_keychain'); a manifest cannot say a registration returns another's value made from arguments, so it is imported with implementation FILL_IN, to fill in only if generated code must build it [swift-import]
                App.swift:14:25: info: 'Keychain (name: keychain)': parameter 'service' is given `"app"`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                digraph: checked 3 registrations: 0 errors, 0 warnings, 2 infos

                """, "\(checked.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  # App.swift:10
                  - provides: Keychain
                    implementation: FILL_IN
                    lifetime: singleton
                    name: deviceKeychain
                    dependencies:
                      FILL_IN_keychain:
                        type: Keychain
                        name: keychain
                        suppress:
                          - { code: "argument-mismatch", reason: "Factory's ParameterFactory: the compiler checks the parameter passed (`false`)" }
                  # App.swift:13

                """), "\(imported.stdout)")
    }

    /// flexa/flexa-ios' shape: 17 view models declared as `extension Screen { class ViewModel }` in
    /// three modules. Their uses were filed under `ViewModel`, so each registration building one
    /// had the dependencies of all 17. Nested types sharing a name are filed under their path.
    @Test func nestedTypesSharingANameKeepTheirOwnDependencies() throws {
        let app = """
            import Factory

            final class AuthStore {}
            final class Scanner {}
            final class Sessions {}
            struct AuthView {}
            struct ScanView {}
            struct SessionView {}
            extension AuthView {
                final class ViewModel {
                    @Injected(\\.authStore) private var store
                    let session = SessionView.ViewModel()
                }
            }
            extension ScanView {
                final class ViewModel {
                    private let scanner = Container.shared.scanner()
                }
            }
            extension SessionView {
                final class ViewModel {
                    @Injected(\\.sessions) private var sessions
                }
            }
            extension Container {
                var authStore: Factory<AuthStore> { self { AuthStore() }.singleton }
                var scanner: Factory<Scanner> { self { Scanner() }.singleton }
                var sessions: Factory<Sessions> { self { Sessions() }.singleton }
                var authViewModel: Factory<AuthView.ViewModel> { self { AuthView.ViewModel() } }
                var scanViewModel: Factory<ScanView.ViewModel> { self { ScanView.ViewModel() } }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(
            imported.stdout.hasSuffix(
                """
                  # App.swift:29
                  - provides: AuthView.ViewModel
                    implementation: AuthView.ViewModel
                    name: authViewModel
                    dependencies:
                      store: { type: AuthStore, name: authStore }
                      sessions: { type: Sessions, name: sessions }
                  # App.swift:30
                  - provides: ScanView.ViewModel
                    implementation: ScanView.ViewModel
                    name: scanViewModel
                    dependencies:
                      scanner: { type: Scanner, name: scanner }

                resolves:
                  # App.swift:22
                  - { type: Sessions, name: sessions }

                """), "\(imported.stdout)")
    }

    /// matvei-khlestov/VemoraStore's shape: the container hands itself to the objects that build
    /// screens (`ViewModelFactory(container: self)`), which keep it in a stored property and resolve
    /// through it later: lazy dependencies of that registration, said as an info. The app's start
    /// builds one of them too (`CoordinatorFactory(container: Container.shared)`), outside any
    /// factory: what it resolves is then the app's own, so nothing it reaches is "unused". A
    /// preview building one, or a `register { … }` replacing a factory, is not the app's start.
    @Test func anObjectHandedTheContainerResolvesThroughIt() throws {
        let app = """
            import FactoryKit
            final class LoginViewModel {}
            final class ProfileViewModel {}
            final class ViewModelFactory {
                private let container: Container
                init(container: Container) { self.container = container }
                func makeLogin() -> LoginViewModel { container.loginViewModel() }
            }
            final class CoordinatorFactory {
                private let di: Container
                init(container: Container) { di = container }
                func makeApp() -> AppCoordinator { di.appCoordinator() }
            }
            final class AppCoordinator {
                let viewModels: ViewModelFactory
                init(viewModels: ViewModelFactory) { self.viewModels = viewModels }
            }
            final class Settings {
                private let container: Container
                init(container: Container) { self.container = container }
                func makeProfile() -> ProfileViewModel { container.profileViewModel() }
            }
            extension Container {
                var loginViewModel: Factory<LoginViewModel> { self { LoginViewModel() } }
                var profileViewModel: Factory<ProfileViewModel> { self { ProfileViewModel() } }
                var viewModelFactory: Factory<ViewModelFactory> { self { ViewModelFactory(container: self) }.singleton }
                var coordinatorFactory: Factory<CoordinatorFactory> { self { CoordinatorFactory(container: self) }.singleton }
                var appCoordinator: Factory<AppCoordinator> { self { AppCoordinator(viewModels: self.viewModelFactory()) } }
                var settings: Factory<Settings> { self { Settings(container: self) } }
            }
            enum CompositionRoot {
                static func makeCoordinatorFactory() -> CoordinatorFactory { CoordinatorFactory(container: Container.shared) }
            }
            func preview() { Container.shared.settings.register { Settings(container: .shared) } }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:25:9: info: nothing reachable from a root uses 'ProfileViewModel (name: profileViewModel)'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                App.swift:26:79: info: 'ViewModelFactory (name: viewModelFactory)': parameter 'container' is given the container itself (`self`), which a manifest does not pass; it is left out, and what 'ViewModelFactory' resolves through it is read as its lazy dependencies [swift-import]
                App.swift:27:9: info: nothing reachable from a root uses 'CoordinatorFactory (name: coordinatorFactory)'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                App.swift:27:85: info: 'CoordinatorFactory (name: coordinatorFactory)': parameter 'container' is given the container itself (`self`), which a manifest does not pass; it is left out, and what 'CoordinatorFactory' resolves through it is read as its lazy dependencies [swift-import]
                App.swift:29:9: info: nothing reachable from a root uses 'Settings (name: settings)'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                App.swift:29:55: info: 'Settings (name: settings)': parameter 'container' is given the container itself (`self`), which a manifest does not pass; it is left out, and what 'Settings' resolves through it is read as its lazy dependencies [swift-import]
                digraph: checked 6 registrations: 0 errors, 0 warnings, 6 infos

                """, "\(checked.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.hasSuffix(
                """
                  # App.swift:26
                  - provides: ViewModelFactory
                    lifetime: singleton
                    name: viewModelFactory
                    dependencies:
                      loginViewModel: { type: LoginViewModel, name: loginViewModel, lazy: true }
                  # App.swift:27
                  - provides: CoordinatorFactory
                    lifetime: singleton
                    name: coordinatorFactory
                    dependencies:
                      appCoordinator: { type: AppCoordinator, name: appCoordinator, lazy: true }
                  # App.swift:28
                  - provides: AppCoordinator
                    name: appCoordinator
                    dependencies:
                      viewModels: { type: ViewModelFactory, name: viewModelFactory }
                  # App.swift:29
                  # register (an alternative, not read): App.swift:34
                  - provides: Settings
                    name: settings
                    dependencies:
                      profileViewModel: { type: ProfileViewModel, name: profileViewModel, lazy: true }

                resolves:
                  # App.swift:12
                  - { type: AppCoordinator, name: appCoordinator }

                """), "\(imported.stdout)")
    }

    /// alphagov/govuk-mobile-ios-app: `typealias Inject = Injected` and `@Inject(\.x)` in app code
    /// (every use was missed: three false unused infos), and a factory handing its work to the
    /// container's own method taking a value (`self.newSearchAPIClient(url: …)`, whose body resolves
    /// `self.urlSession()`): read as the factory's own code, the value said where the helper uses it.
    /// `bindMemory(to:capacity:)` in `main.swift` is the standard library's, not a registration.
    @Test func anAliasedWrapperAndTheContainersOwnHelpersAreRead() throws {
        let app = """
            import FactoryKit
            import UIKit
            typealias Inject = Injected
            protocol APIClient {}
            final class HTTPClient: APIClient { init(baseURL: URL, session: URLSession) {} }
            final class Lottie {}
            enum Constants { static let searchURL = URL(string: "https://example.org")! }
            extension Container {
                var urlSession: Factory<URLSession> { self { URLSession(configuration: .default) }.singleton }
                var searchClient: Factory<APIClient> { self { self.newClient(url: Constants.searchURL) } }
                var lottie: Factory<Lottie> { self { Lottie() } }
                private func newClient(url: URL) -> HTTPClient {
                    HTTPClient(baseURL: url, session: self.urlSession())
                }
            }
            final class SearchViewController: UIViewController {
                @Inject(\\.searchClient) var client: APIClient
                @Inject(\\.lottie) var lottie: Lottie
            }
            let argv = UnsafeMutableRawPointer(CommandLine.unsafeArgv).bindMemory(to: UnsafeMutablePointer<Int8>.self, capacity: Int(CommandLine.argc))

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:9:61: info: 'URLSession (name: urlSession)': parameter 'configuration' is given `.default`, a value the manifest does not record; it is left out (generated code relies on a default value, if the initializer has one) [swift-import]
                App.swift:13:20: info: 'APIClient (name: searchClient)': parameter 'baseURL' is given `Constants.searchURL`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                digraph: checked 3 registrations: 0 errors, 0 warnings, 2 infos

                """, "\(checked.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  - provides: APIClient
                    implementation: HTTPClient
                    name: searchClient
                    dependencies:
                      session: { type: URLSession, name: urlSession }
                """), "\(imported.stdout)")
        #expect(imported.stderr.hasSuffix("digraph: read 1 Swift file: 3 registrations, 3 resolves, 0 calls not understood\n"), "\(imported.stderr)")
    }

    @Test func aContextReadsItsOwnFactories() throws {
        let plain = try CLIRunner.run(["import", "fixtures/import/factory"])
        let test = try CLIRunner.run(["import", "fixtures/import/factory", "--context", "test"])
        let preview = try CLIRunner.run(["import", "fixtures/import/factory", "--context", "preview"])
        #expect(plain.stdout.contains("implementation: FirebaseAnalytics"))
        #expect(
            test.stdout.contains(
                """
                  # --context test: the factory at fixtures/import/factory/Container+App.swift:36
                  # context preview (an alternative, not read): fixtures/import/factory/Container+App.swift:37
                  # context debug (an alternative, not read): fixtures/import/factory/Container+App.swift:83
                  - provides: Analytics
                    implementation: MockAnalytics
                """))
        #expect(preview.stdout.contains("implementation: PreviewAnalytics"))
        // Nothing else changes.
        let others = { (text: String) in text.split(separator: "\n").filter { !$0.contains("Analytics") && !$0.contains("context") } }
        #expect(others(plain.stdout) == others(test.stdout))
        let wrong = try CLIRunner.run(["check", "fixtures/import/factory", "--context", "release"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("The value 'release' is invalid for '--context <context>'"))
    }

    /// Moroverse/VetNet (5bbf592): `PatientListViewModel.init()` declares `@Injected(\.patientLoaderAdapter)
    /// var loader` as a local, and a private method it calls another: Factory resolves a wrapper
    /// where it is declared, so both are resolved as the view model is built, yet both were lazy
    /// edges (which the cycle and captive rules pass over). A local in a method the initializer
    /// does not call stays lazy.
    @Test func aLocalWrapperInAnInitializerResolvesAsTheValueIsBuilt() throws {
        let app = #"""
            import FactoryKit

            final class Loader {}
            final class Broker {}
            final class Printer {}

            final class ListViewModel {
                private let loader: Loader
                init() {
                    // A local wrapper resolves where it is declared: here, as the view model is built.
                    @Injected(\.loader) var loader
                    self.loader = loader
                    subscribe()
                }
                private func subscribe() {
                    @Injected(\.broker) var broker
                    _ = broker
                }
                func print() {
                    @Injected(\.printer) var printer
                    _ = printer
                }
            }

            extension Container {
                var loader: Factory<Loader> { self { Loader() } }
                var broker: Factory<Broker> { self { Broker() }.singleton }
                var printer: Factory<Printer> { self { Printer() } }
                var listViewModel: Factory<ListViewModel> { self { ListViewModel() } }
            }
            """#
        let result = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                # Imported from Swift by `digraph import App.swift`; regenerate rather than edit,
                # or copy it once and maintain it by hand from then on.
                version: 1
                assembly: AppAssembly

                registrations:
                  # App.swift:26
                  - provides: Loader
                    name: loader
                  # App.swift:27
                  - provides: Broker
                    lifetime: singleton
                    name: broker
                  # App.swift:28
                  - provides: Printer
                    name: printer
                  # App.swift:29
                  - provides: ListViewModel
                    name: listViewModel
                    dependencies:
                      loader: { type: Loader, name: loader }
                      broker: { type: Broker, name: broker }
                      printer: { type: Printer, name: printer, lazy: true }

                """, "\(result.stdout)")
    }

    /// dreamzero-oxm/ios-dreamzero-blog (be87f65): four view models have `init(repo:)`, which their
    /// factories call, and a `convenience init(container: Container = .shared)` resolving the same
    /// keys itself, which nothing calls. What the unused initializer resolves was added to each
    /// registration as a second edge (`repo` and `photoRepository`; `chatViewModel` had 8 for 4),
    /// and gen-swift wrote calls that do not compile. An initializer the factory's call does not
    /// run resolves nothing there; a call that runs it (`PhotoListViewModel()`) still does, and so
    /// does a type another initializer builds (`Gallery()` building a `PhotoBadge`, whatever labels
    /// the holder's own construction has: eidch-ios-wallet's modules lost 20 edges to that mistake).
    @Test func onlyTheInitializerTheFactoryCallsResolves() throws {
        let app = """
            import FactoryKit

            protocol PhotoRepository {}
            final class RemotePhotoRepository: PhotoRepository {}

            final class PhotoListViewModel {
                private let repo: PhotoRepository
                init(repo: PhotoRepository) { self.repo = repo }
                // Run only by a call that leaves the container out: what it resolves is that call's.
                convenience init(container: Container = .shared) { self.init(repo: container.photoRepository()) }
            }

            // A type whose initializer builds another: what that one's initializer resolves is the builder's too.
            final class PhotoBadge {
                init(_ count: Int) { _ = Container.shared.photoRepository() }
            }
            final class Gallery {
                init() { _ = PhotoBadge(1) }
            }

            extension Container {
                var photoRepository: Factory<PhotoRepository> { self { RemotePhotoRepository() }.singleton }
                var photoList: Factory<PhotoListViewModel> { self { PhotoListViewModel(repo: self.photoRepository()) } }
                var defaultPhotoList: Factory<PhotoListViewModel> { self { PhotoListViewModel() } }
                var gallery: Factory<Gallery> { self { Gallery() } }
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
                  # App.swift:22
                  - provides: PhotoRepository
                    implementation: RemotePhotoRepository
                    lifetime: singleton
                    name: photoRepository
                  # App.swift:23
                  - provides: PhotoListViewModel
                    name: photoList
                    dependencies:
                      repo: { type: PhotoRepository, name: photoRepository }
                  # App.swift:24
                  - provides: PhotoListViewModel
                    name: defaultPhotoList
                    dependencies:
                      photoRepository: { type: PhotoRepository, name: photoRepository }
                  # App.swift:25
                  - provides: Gallery
                    name: gallery
                    dependencies:
                      photoRepository: { type: PhotoRepository, name: photoRepository }

                resolves:
                  # App.swift:15
                  - { type: PhotoRepository, name: photoRepository }

                """, "\(result.stdout)")
    }
}

/// The way across (issue 25, item 5): a Swinject app imported, written as a Factory container,
/// and imported again is the same graph, as `digraph diff --ignore-names` says; without the flag
/// every key differs by the property name Factory gives it.
struct FactoryPortTests {
    @Test func aSwinjectAppPortedToFactoryIsTheSameGraph() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-port-\(UUID().uuidString)")
        let port = directory.appendingPathComponent("port")
        try FileManager.default.createDirectory(at: port, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let swinject = directory.appendingPathComponent("swinject.yaml").path
        let factory = directory.appendingPathComponent("factory.yaml").path

        #expect(try CLIRunner.run(["import", "fixtures/import/swinject", "-o", swinject]).status == 0)
        let generated = try CLIRunner.run(["gen-swift", swinject, "--target", "factory", "-o", port.appendingPathComponent("Container+Factory.swift").path])
        #expect(generated.status == 0, "\(generated.stderr)")
        // The port keeps the app's own types and resolves its roots the Factory way.
        try FileManager.default.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent("fixtures/import/swinject/Types.swift"),
            to: port.appendingPathComponent("Types.swift"))
        try """
        import FactoryKit

        @MainActor func start() {
            _ = Container.shared.appCoordinator()
            _ = Container.shared.orderListViewController()
            _ = Container.shared.alertPresenter()
        }

        """.write(to: port.appendingPathComponent("AppEntry.swift"), atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["import", port.path, "-o", factory])
        #expect(imported.status == 0)
        #expect(imported.stderr.hasSuffix("digraph: read 3 Swift files: 21 registrations, 28 resolves, 0 calls not understood\n"), "\(imported.stderr)")
        let written = try String(contentsOfFile: factory, encoding: .utf8)
        // A further key forwards to the named property; a supplied value is registered at launch;
        // a runtime argument keeps its label.
        #expect(
            written.contains(
                "  - provides: OrderReading\n    lifetime: graph\n    name: orderReading\n    aliasOf: { type: OrderRepository, name: orderRepository }\n"),
            "\(written)")
        #expect(
            written.contains(
                "  # supplied: the factory stops the app until something registers the value (`Container.shared.navigationRouter.register { … }` at launch)\n  - provides: NavigationRouter\n    name: navigationRouter\n    supplied: true\n"
            ), "\(written)")
        #expect(written.contains("      orderID: { argument: orderID }\n"), "\(written)")

        let same = try CLIRunner.run(["diff", "--ignore-names", swinject, factory])
        #expect(same.stdout == "digraph diff: no change in the dependency graph\n")
        #expect(same.stderr == "" && same.status == 0)

        let named = try CLIRunner.run(["diff", swinject, factory])
        #expect(
            named.stdout.hasPrefix("digraph diff: 21 registrations added, 21 removed; 25 edges added, 25 removed; 3 new findings; 3 findings fixed\n"),
            "\(named.stdout)")
        #expect(named.stdout.contains("+ registration OrderRepository (name: orderRepository)\n"))
        #expect(named.stdout.contains("- registration OrderRepository\n"))
        // The same captive singleton and unused key, under other names.
        #expect(named.stdout.contains("new:   \(factory):"))
        #expect(named.status == 0)
    }
    /// Factory 1 (n3d1117/appdb-v2 4de3c71: `typealias Dependencies = Container`, `static let apiService
    /// = Factory(scope: .shared) { APIService() }`, `@Dependency(Dependencies.apiService)`): static
    /// factories on a container, their scope an argument, resolved by `Container.x()` or a wrapper
    /// given the factory. It was refused ("no factory property"). A factory whose type neither the
    /// declaration nor its closure says is a located warning.
    @Test func factoryOnesStaticFactoriesAreRead() throws {
        let app = """
            import Factory

            protocol Networking {}
            final class APIClient: Networking {}
            final class ImageCache { init(network: Networking) {} }
            final class Analytics {}
            final class Session {}
            final class DetailModel { init(id: Int, cache: ImageCache) {} }
            func makeSession() -> Session { Session() }

            // Factory 1: static factories on the container, here through an alias of it.
            typealias Dependencies = Container
            typealias Dependency = Injected

            extension Dependencies {
                static let network = Factory<Networking>(scope: .singleton) { APIClient() }
                static let imageCache = Factory(scope: .shared) { ImageCache(network: Dependencies.network()) }
                static let analytics = Factory { Analytics() }
                static let session = Factory { makeSession() }
                static let detail = ParameterFactory<Int, DetailModel> { id in DetailModel(id: id, cache: imageCache()) }
            }

            final class FeedModel {
                @Dependency(Dependencies.imageCache) var cache: ImageCache
                @LazyInjected(Container.analytics) var analytics: Analytics
                func open(_ id: Int) -> DetailModel { Dependencies.detail(id) }
            }

            func preview() {
                Dependencies.network.register { APIClient() }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:19:16: warning: `session`: neither the declaration nor its closure says the type this Factory makes; it is left out: write it (`Factory<T>`, `: Factory<T>`) [swift-import]
                digraph: checked 4 registrations: 0 errors, 1 warning, 0 infos

                """, "\(checked.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(
            imported.stdout == """
                # Imported from Swift by `digraph import App.swift`; regenerate rather than edit,
                # or copy it once and maintain it by hand from then on.
                version: 1
                assembly: AppAssembly
                interfaces:
                  Networking: {}

                registrations:
                  # App.swift:16
                  # register (an alternative, not read): App.swift:30
                  - provides: Networking
                    implementation: APIClient
                    lifetime: singleton
                    name: network
                  # App.swift:17
                  - provides: ImageCache
                    lifetime: weak
                    name: imageCache
                    dependencies:
                      network: { type: Networking, name: network }
                  # App.swift:18
                  - provides: Analytics
                    name: analytics
                  # App.swift:20
                  - provides: DetailModel
                    name: detail
                    dependencies:
                      id: { argument: id }
                      cache: { type: ImageCache, name: imageCache }
                    arguments:
                      id: Int

                resolves:
                  # App.swift:24
                  - { type: ImageCache, name: imageCache }
                  # App.swift:25
                  - { type: Analytics, name: analytics }
                  # App.swift:26
                  - { type: DetailModel, name: detail }

                """, "\(imported.stdout)")
    }

    /// wallabag/ios-app (dae5888): `WallabagSession` holds `@CoreDataViewContext var context`, the
    /// app's own property wrapper whose `@Injected(\.coreData)` resolves as the session is built.
    /// That edge was missing (12 of 13 registrations' keys right), and a cycle through it went unsaid.
    /// A wrapper the app does not declare (`@AppStorage`) adds nothing.
    @Test func anAppsPropertyWrapperResolvesAsItsHolderIsBuilt() throws {
        let app = #"""
            import FactoryKit
            import SwiftUI

            final class Store {
                @Injected(\.session) var session
                var count = 0
            }

            // The app's own wrapper: built with whatever holds it, and its `@Injected` resolves then.
            @propertyWrapper
            struct StoreCount {
                @Injected(\Container.store) private var store
                var wrappedValue: Int { store.count }
            }

            final class Session {
                @StoreCount var unread: Int
                @AppStorage("signedIn") var signedIn = false
            }

            final class Badge {
                @StoreCount var count: Int
            }

            extension Container {
                var store: Factory<Store> { self { Store() } }
                var session: Factory<Session> { self { Session() } }
                var badge: Factory<Badge> { self { Badge() } }
            }

            """#
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:26:9: error: dependency cycle: Store (name: store) -> Session (name: session) -> Store (name: store); resolve one of these edges lazily (inside a closure, or through Swinject's `Provider` or `Lazy`), set it after construction (Swinject's `initCompleted`), or remove it [cycle]
                App.swift:5:15: note: 'Store (name: store)' depends on 'Session (name: session)' (parameter 'session')
                App.swift:17:5: note: 'Session (name: session)' depends on 'Store (name: store)' (parameter 'store')
                App.swift:28:9: info: nothing reachable from a root uses 'Badge (name: badge)'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                digraph: checked 3 registrations: 1 error, 0 warnings, 1 info

                """, "\(result.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                  - provides: Badge
                    name: badge
                    dependencies:
                      store: { type: Store, name: store }
                """), "\(imported.stdout)")
    }

    /// nimblehq/avishek-phong-kmm-ic (1f827a7): five factories return `KoinApplication.inject(\.x)`,
    /// the app's `static func inject<T>(_:) -> T` handing out what Kotlin's Koin made. Read as
    /// building a `KoinApplication` (`implementation: KoinApplication, factory: inject`), its key path
    /// a parameter `_value`. A static method returning its own generic parameter builds no value of
    /// its type: what it returns is not known, said as such; `Bridge.make() -> Bridge` still is one.
    @Test func aStaticMethodReturningItsGenericParameterBuildsNoValueOfItsType() throws {
        let app = #"""
            import FactoryKit

            final class SplashViewModel {}
            final class Bridge {
                static let shared = Bridge()
                var values: [String: Any] = [:]
            }

            // Hands out what another library made, typed by the caller: no `Bridge`.
            extension Bridge {
                static func inject<T>(_ key: String) -> T {
                    guard let value = shared.values[key] as? T else { fatalError("\(T.self) is missing") }
                    return value
                }
                static func make() -> Bridge { Bridge() }
            }

            extension Container {
                var splashViewModel: Factory<SplashViewModel> {
                    self { Bridge.inject("splash") }
                }
                var bridge: Factory<Bridge> {
                    self { Bridge.make() }
                }
            }

            """#
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(
            imported.stdout.hasSuffix(
                """
                registrations:
                  # App.swift:19
                  - provides: SplashViewModel
                    implementation: FILL_IN
                    name: splashViewModel
                  # App.swift:22
                  - provides: Bridge
                    name: bridge
                    factory: make

                """), "\(imported.stdout)")
        #expect(
            imported.stderr.hasPrefix(
                "App.swift:20:16: warning: 'SplashViewModel (name: splashViewModel)': it is built by `Bridge.inject(\"splash\")`, which digraph cannot read (a helper function or an expression); fill in its implementation and dependencies [swift-import]\n"
            ), "\(imported.stderr)")
    }
}
