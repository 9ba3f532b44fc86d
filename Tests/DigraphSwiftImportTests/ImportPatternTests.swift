import DigraphCore
import DigraphLoader
import DigraphSwiftImport
import Testing

/// Each pattern `digraph import` recognizes, read from a small Swift source: the exact manifest
/// entries it becomes and the exact findings (line:column: severity: message).
struct ImportPatternTests {
    /// The registrations and resolves the source imports to (the manifest without its header),
    /// then one line per finding.
    /// `swinject`: the file imports Swinject (on its first line, so that lines stay as written), which
    /// gives `register` Swinject's meaning; without it a `register` no declaration explains is read
    /// by its shape, with a warning.
    static func imported(swinject: Bool = true, _ swift: String) -> String {
        DialectTests.imported((swinject ? "import Swinject; " : "") + swift)
    }

    @Test func swinjectScopesAndReceivers() {
        #expect(
            Self.imported(
                """
                func assemble(container: Container, c: Container) {
                    container.register(A.self) { _ in A() }
                    c.register(B.self) { _ in B() }.inObjectScope(.container)
                    self.container.register(C.self) { _ in C() }.inObjectScope(.weak)
                    Container.shared.register(D.self) { _ in D() }.inObjectScope(ObjectScope.transient)
                    container.register(E.self) { _ in E() }.inObjectScope(.graph)
                    container.register(F.self, name: "primary") { _ in F() }
                }
                """) == """
                    registrations:
                      # App.swift:2
                      - provides: A
                        lifetime: graph
                      # App.swift:3
                      - provides: B
                        lifetime: singleton
                      # App.swift:4
                      - provides: C
                        lifetime: weak
                      # App.swift:5
                      - provides: D
                      # App.swift:6
                      - provides: E
                        lifetime: graph
                      # App.swift:7
                      - provides: F
                        lifetime: graph
                        name: primary
                    """)
    }

    @Test func unknownScopeIsAWarning() {
        #expect(
            Self.imported(
                """
                container.register(A.self) { _ in A() }.inObjectScope(.session)
                """) == """
                    registrations:
                      # App.swift:1
                      - provides: A
                        lifetime: graph
                    1:18: warning: 'A': the object scope `.session` is not one of Swinject's (container, graph, transient, weak); it is imported as graph, check it
                    """)
    }

    @Test func resolveForms() {
        #expect(
            Self.imported(
                """
                protocol Repo {}
                container.register(Repo.self) { r in
                    let cache = r.resolve(Cache.self)!
                    guard let store = r.resolve(Store.self, name: "disk") else { fatalError() }
                    return RepoImpl(api: r.resolve(API.self)!, cache: cache, store: store, log: r.resolve(Log.self), clock: r ~> Clock.self, named: r ~> (Named.self, name: "remote"))
                }
                """) == """
                    interfaces:
                      Repo: {}

                    registrations:
                      # App.swift:2
                      - provides: Repo
                        implementation: RepoImpl
                        lifetime: graph
                        dependencies:
                          api: API
                          cache: Cache
                          store: { type: Store, name: disk }
                          log: "Log?"
                          clock: Clock
                          named: { type: Named, name: remote }
                    """)
    }

    @Test func runtimeArgumentsPassedOnAndTyped() {
        #expect(
            Self.imported(
                """
                final class Detail { init(id: Int, title: String, api: API) {} }
                container.register(Detail.self) { (r, id: Int, title) in
                    Detail(id: id, title: title, api: r.resolve(API.self, argument: id)!)
                }
                container.register(Screen.self) { r, window in
                    Screen(window: window, child: r.resolve(Child.self, arguments: window, 3)!)
                }
                """) == """
                    registrations:
                      # App.swift:2
                      - provides: Detail
                        lifetime: graph
                        dependencies:
                          id: { argument: id }
                          title: { argument: title }
                          api: { type: API, arguments: [id] }
                        arguments:
                          id: Int
                          title: String
                      # App.swift:5
                      - provides: Screen
                        lifetime: graph
                        dependencies:
                          window: { argument: window }
                          child: { type: Child, arguments: [window] }
                        arguments:
                          window: FILL_IN
                    5:1: warning: 'Screen': the type of runtime argument 'window' is not written in the closure and no declared initializer says it; write `window: Type` in the closure or fill in 'FILL_IN'
                    6:76: warning: 'Screen': the resolve of 'Child' passes `3`; a manifest passes on only the registration's own runtime arguments, so it is left out (the arguments' count is still checked, their types are not)
                    """)
    }

    @Test func constructionForms() {
        #expect(
            Self.imported(
                """
                container.register(A.self) { _ in A.init() }
                container.register(B.self) { r in .init(a: r.resolve(A.self)!) }
                container.register(C.self) { _ in C.make() }
                container.register(D.self) { _ in D.shared }
                container.register(E.self) { _ in Module.Impl() }
                container.register(F.self) { r in Box<Int>(a: r.resolve(A.self)!) }
                container.register(FileManager.self) { _ in FileManager.default }
                """) == """
                    registrations:
                      # App.swift:1
                      - provides: A
                        lifetime: graph
                      # App.swift:2
                      - provides: B
                        lifetime: graph
                        dependencies:
                          a: A
                      # App.swift:3
                      - provides: C
                        lifetime: graph
                        factory: make
                      # App.swift:4
                      - provides: D
                        lifetime: graph
                        factory: shared
                      # App.swift:5
                      - provides: E
                        implementation: Module.Impl
                        lifetime: graph
                      # App.swift:6
                      - provides: F
                        implementation: "Box<Int>"
                        lifetime: graph
                        dependencies:
                          a: A
                      # App.swift:7
                      - provides: FileManager
                        lifetime: graph
                        factory: default
                    """)
    }

    @Test func aliasSuppliedAndMadeByAnObject() {
        #expect(
            Self.imported(
                """
                container.register(Tracking.self) { r in r.resolve(Analytics.self)! }
                container.register(Window.self) { _ in self.window }.inObjectScope(.container)
                container.register(Alert.self) { r in
                    r.resolve(AlertFactory.self)!.create(cloud: r.resolve(Cloud.self)!)
                }
                container.register(Service.self) { r in
                    let factory = r.resolve(ServiceFactory.self)!
                    return factory.makeService(api: r.resolve(API.self)!)
                }
                """) == """
                    registrations:
                      # App.swift:1
                      - provides: Tracking
                        lifetime: graph
                        aliasOf: Analytics
                      # App.swift:2
                      # supplied: the factory returns `self.window`, a value made outside the container
                      - provides: Window
                        supplied: true
                      # App.swift:3
                      # built by a method of another registration's object; no implementation to name
                      - provides: Alert
                        lifetime: graph
                        dependencies:
                          _factory: AlertFactory
                          cloud: Cloud
                      # App.swift:6
                      # built by a method of another registration's object; no implementation to name
                      - provides: Service
                        lifetime: graph
                        dependencies:
                          _factory: ServiceFactory
                          api: API
                    """)
    }

    @Test func lazyClosuresAndIsolation() {
        #expect(
            Self.imported(
                """
                container.register(Home.self) { @MainActor r in
                    Home(makeDetail: { r.resolve(Detail.self)! }, makeItem: { d in r.resolve(Item.self, argument: d)! })
                }
                container.register(List.self) { r in
                    MainActor.assumeIsolated { List(home: r.resolve(Home.self)!) }
                }
                """) == """
                    registrations:
                      # App.swift:1
                      - provides: Home
                        lifetime: graph
                        isolation: MainActor
                        dependencies:
                          makeDetail: { type: Detail, lazy: true }
                          makeItem: { type: Item, lazy: true }
                      # App.swift:4
                      - provides: List
                        lifetime: graph
                        isolation: MainActor
                        dependencies:
                          home: Home
                    """)
    }

    @Test func propertiesFromTheBodyAndInitCompleted() {
        #expect(
            Self.imported(
                """
                container.register(Service.self) { r in
                    let s = Service(api: r.resolve(API.self)!)
                    s.settings = r.resolve(Settings.self)
                    if let log = r.resolve(Log.self) { s.log = log }
                    return s
                }
                container.register(Parent.self) { _ in Parent() }
                    .initCompleted { r, p in p.child = r.resolve(Child.self)! }
                """) == """
                    registrations:
                      # App.swift:1
                      - provides: Service
                        lifetime: graph
                        dependencies:
                          api: API
                        properties:
                          settings: "Settings?"
                          log: "Log?"
                      # App.swift:7
                      - provides: Parent
                        lifetime: graph
                        properties:
                          child: Child
                    """)
    }

    @Test func implementsAddsKeys() {
        #expect(
            Self.imported(
                """
                container.register(Store.self) { _ in Store() }.implements(Reading.self, Writing.self).inObjectScope(.container)
                """) == """
                    registrations:
                      # App.swift:1
                      - provides: [Store, Reading, Writing]
                        implementation: Store
                        lifetime: singleton
                    """)
    }

    @Test func autoregisterReadsTheInitializerDeclaration() {
        #expect(
            Self.imported(
                """
                protocol Loading {}
                final class Loader: Loading {
                    init(client: Client, cache: Cache?) {}
                    init(client: Client) {}
                }
                final class Item { init(id: String, loader: Loading) {} }
                container.autoregister(Loading.self, initializer: Loader.init(client:cache:))
                container.autoregister(Item.self, argument: String.self, initializer: Item.init)
                container.autoregister(Missing.self, initializer: Nowhere.init)
                """) == """
                    interfaces:
                      Loading: {}

                    registrations:
                      # App.swift:7
                      - provides: Loading
                        implementation: Loader
                        lifetime: graph
                        dependencies:
                          client: Client
                          cache: "Cache?"
                      # App.swift:8
                      - provides: Item
                        lifetime: graph
                        dependencies:
                          id: { argument: id }
                          loader: Loading
                        arguments:
                          id: String
                      # App.swift:9
                      - provides: Missing
                        implementation: Nowhere
                        lifetime: graph
                    9:51: warning: 'Missing': 'Nowhere' is not declared in the imported sources, so its initializer's parameters are unknown; add the file that declares it, or fill in the dependencies
                    """)
    }

    @Test func handRolledShapes() {
        #expect(
            Self.imported(
                swinject: false,
                """
                func wire(container: DependencyContainer) {
                    let network = NetworkManager()
                    container.register(Networking.self, instance: network)
                    container.register(type: Keychain.self, dependency: Keychain())
                    container.register(type: Store.self, component: Store(network: container.resolve(Networking.self)))
                    container.register(Feed.self) { Feed(store: try! container.resolve(type: Store.self)) }
                    container.register(instance: IssueViewModel(store: container.resolve(Store.self)), instanceName: "issues")
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "refresh", using: nil) { _ in }
                    viewModel.register(with: "x")
                }
                final class Screen {
                    let feed = container.resolve(Feed.self)
                    let issues: IssueViewModel = container.resolve(instanceName: "issues")
                    let other = container.resolve(instanceName: "other") as! Other
                }
                """) == """
                    registrations:
                      # App.swift:3
                      - provides: Networking
                        implementation: NetworkManager
                        eager: true
                      # App.swift:4
                      - provides: Keychain
                        eager: true
                      # App.swift:5
                      - provides: Store
                        eager: true
                        dependencies:
                          network: Networking
                      # App.swift:6
                      - provides: Feed
                        dependencies:
                          store: Store
                      # App.swift:7
                      - provides: IssueViewModel
                        name: issues
                        eager: true
                        dependencies:
                          store: Store

                    resolves:
                      # App.swift:12
                      - Feed
                      # App.swift:13
                      - { type: IssueViewModel, name: issues }
                      # App.swift:14
                      - { type: Other, name: other }
                    3:5: warning: the declaration of `register(_:instance:)` is not in the given paths, so digraph reads its calls by their shape: stores the value it is given (eager, one value for the container's life). Give the file that declares the container, or state the method's meaning under `import: containers:` in .digraph.yml
                    4:5: warning: the declaration of `register(type:dependency:)` is not in the given paths, so digraph reads its calls by their shape: stores the value it is given (eager, one value for the container's life). Give the file that declares the container, or state the method's meaning under `import: containers:` in .digraph.yml
                    5:5: warning: the declaration of `register(type:component:)` is not in the given paths, so digraph reads its calls by their shape: stores the value it is given (eager, one value for the container's life). Give the file that declares the container, or state the method's meaning under `import: containers:` in .digraph.yml
                    6:5: warning: the declaration of `register(_:_:)` is not in the given paths, so digraph reads its calls by their shape: a factory called on every resolve (transient). Give the file that declares the container, or state the method's meaning under `import: containers:` in .digraph.yml
                    7:5: warning: the declaration of `register(instance:instanceName:)` is not in the given paths, so digraph reads its calls by their shape: stores the value it is given (eager, one value for the container's life). Give the file that declares the container, or state the method's meaning under `import: containers:` in .digraph.yml
                    """)
    }

    @Test func directResolvesSkipGenericPlumbing() {
        #expect(
            Self.imported(
                """
                final class AppDelegate {
                    func start() {
                        guard let tokens = container.resolve(PushTokenRepository.self) else { return }
                        _ = try? container.resolve(Analytics.self)
                    }
                    func make<T>() -> T { container.resolve(T.self)! }
                }
                """) == """
                    registrations: []

                    resolves:
                      # App.swift:3
                      - PushTokenRepository
                      # App.swift:4
                      - Analytics
                    """)
    }

    @Test func unreadableFactoriesKeepEveryResolve() {
        #expect(
            Self.imported(
                """
                container.register(Reporting.self) { r in makeReporter(r) }
                container.register(Dashboard.self) { r in
                    Dashboard(formatter: Formatter(locale: r.resolve(Locale.self)!), retries: 3, config: config)
                }
                container.register(Thing.self) { r in r.resolve(type)! }
                """) == """
                    registrations:
                      # App.swift:1
                      - provides: Reporting
                        implementation: FILL_IN
                        lifetime: graph
                      # App.swift:2
                      # FILL_IN_locale: resolved in the factory, but which parameter takes it is not known; rename it to the initializer's label
                      - provides: Dashboard
                        lifetime: graph
                        dependencies:
                          FILL_IN_locale: Locale
                      # App.swift:5
                      - provides: Thing
                        implementation: FILL_IN
                        lifetime: graph
                    1:60: warning: 'Reporting': it is built by `makeReporter(r)`, which digraph cannot read (a helper function or an expression); fill in its implementation and dependencies
                    3:15: info: 'Dashboard': parameter 'formatter' is built in place (`Formatter(locale: r.resolve(Locale.self)!)`); digraph records the resolves inside it as dependencies of 'Dashboard'; gen-swift asks how to build it, or register that value separately to model it
                    3:70: info: 'Dashboard': parameter 'retries' is given `3`, a value the manifest does not record; it is left out (generated code relies on a default value, if the initializer has one)
                    3:82: warning: 'Dashboard': parameter 'config' is given `config`, a value from outside the container; it is left out: register that value in the container and resolve it there to model it
                    5:39: warning: 'Thing': it forwards to a resolve digraph cannot read: the type it resolves, `type`, is not a literal `X.self`
                    """)
    }

    @Test func typealiasesTheKeysUseAreWritten() {
        #expect(
            Self.imported(
                """
                enum Todo { typealias ID = UUID }
                typealias Completion = () -> Void
                final class Detail { init(id: Todo.ID) {} }
                container.register(Detail.self) { (r, id: Todo.ID) in Detail(id: id) }
                """) == """
                    typealiases:
                      Todo.ID: UUID

                    registrations:
                      # App.swift:4
                      - provides: Detail
                        lifetime: graph
                        dependencies:
                          id: { argument: id }
                        arguments:
                          id: Todo.ID
                    """)
    }

    @Test func aSyntaxErrorIsReportedAndTheRestRead() {
        let result = SwiftImporter.run(sources: [
            ("Broken.swift", "container.register(A.self) { _ in A( }\n", nil),
            ("Fine.swift", "container.register(B.self) { _ in B() }\n", nil),
        ])
        #expect(result.manifest.registrations.map(\.provides[0].key) == ["A", "B"])
        let syntax = result.findings.filter { $0.message.hasPrefix("the file does not parse") }
        #expect(syntax.map(\.location.description) == ["Broken.swift:1:38"])
        #expect(syntax.map(\.severity) == [.warning])
    }

    @Test func theOutputIsDeterministic() {
        let source = [
            ("A.swift", "container.register(A.self) { r in A(b: r.resolve(B.self)!) }\n", String?.none),
            ("B.swift", "container.register(B.self) { _ in B() }\n", nil),
        ]
        let first = SwiftImporter.run(sources: source).written(as: .yaml, command: "t")
        let second = SwiftImporter.run(sources: source).written(as: .yaml, command: "t")
        #expect(first == second)
        #expect(SwiftImporter.run(sources: source).written(as: .json, command: "t") == SwiftImporter.run(sources: source).written(as: .json, command: "t"))
    }
    /// What runs before the entry returns builds its resolves at launch: the entry's own body and the
    /// functions it calls, outside closures (a button's action, `DispatchQueue.main.async`), and the
    /// stored properties of the entry's type. A resolve anywhere else is not marked.
    @Test func resolvesTheEntryMakesAreMarkedAsLaunch() {
        #expect(
            Self.imported(
                """
                final class AppDelegate {
                    let container = Container()
                    let store = Container.shared.resolve(Store.self)!
                    lazy var later = container.resolve(Later.self)!
                    func application(_ app: AnyObject?, didFinishLaunchingWithOptions options: [String: Any]?) -> Bool {
                        _ = container.resolve(Launched.self)!
                        setUp()
                        DispatchQueue.main.async { _ = self.container.resolve(Deferred.self) }
                        func nested() { _ = self.container.resolve(Nested.self) }
                        return true
                    }
                    func setUp() { _ = container.resolve(Called.self) }
                    func openSettings() { _ = container.resolve(Settings.self) }
                }
                """) == """
                    registrations: []

                    resolves:
                      # App.swift:3
                      - { type: Store, launch: true }
                      # App.swift:4
                      - Later
                      # App.swift:6
                      - { type: Launched, launch: true }
                      # App.swift:8
                      - Deferred
                      # App.swift:9
                      - Nested
                      # App.swift:12
                      - { type: Called, launch: true }
                      # App.swift:13
                      - Settings
                    """)
        // A type the entry builds: its stored properties are made with it; a `lazy var` when launch code uses it.
        #expect(
            Self.imported(
                """
                final class HomeViewController {
                    private let model = Container.shared.resolve(HomeModel.self)!
                    lazy var detail = Container.shared.resolve(Detail.self)!
                    lazy var unused = Container.shared.resolve(Unused.self)!
                }
                final class AppDelegate {
                    lazy var store = Container.shared.resolve(Store.self)!
                    func application(_ app: AnyObject?, didFinishLaunchingWithOptions options: [String: Any]?) -> Bool {
                        let home = HomeViewController()
                        _ = home.detail
                        _ = store
                        return true
                    }
                }
                """) == """
                    registrations: []

                    resolves:
                      # App.swift:2
                      - { type: HomeModel, launch: true }
                      # App.swift:3
                      - { type: Detail, launch: true }
                      # App.swift:4
                      - Unused
                      # App.swift:7
                      - { type: Store, launch: true }
                    """)
        // A SwiftUI `App` declares no entry function: its stored properties are built at launch, and
        // so is its window's content, which the scene builds as the app starts; a button's action later.
        #expect(
            Self.imported(
                """
                @main struct ShopApp: App {
                    let store = Container.shared.resolve(Store.self)!
                    var body: some Scene { WindowGroup { Screen(model: Container.shared.resolve(Model.self)!) } }
                    var settings: some View { Button("Settings") { _ = Container.shared.resolve(Settings.self)! } }
                }
                """) == """
                    registrations: []

                    resolves:
                      # App.swift:2
                      - { type: Store, launch: true }
                      # App.swift:3
                      - { type: Model, launch: true }
                      # App.swift:4
                      - Settings
                    """)
    }
}

/// A hand-rolled container's API, learned from its declaration (issue: hand-rolled containers).
struct ContainerDeclarationTests {
    @Test func aFactoryTypealiasIsAFactoryAndItsClosureParameterResolves() {
        #expect(
            ImportPatternTests.imported(
                swinject: false,
                """
                public typealias FactoryClosure = (Box) -> Any
                public final class Box {
                    var services: [String: FactoryClosure] = [:]
                    public func register<S>(type: S.Type, factoryClosure: @escaping FactoryClosure) { services["\\(type)"] = factoryClosure }
                    public func resolve<S>(type: S.Type) -> S? { services["\\(type)"]?(self) as? S }
                }
                func assemble(container: Box) {
                    container.register(type: Repository.self) { _ in DefaultRepository() }
                    container.register(type: UseCase.self) { box in DefaultUseCase(repository: box.resolve(type: Repository.self)!) }
                }
                """) == """
                    registrations:
                      # App.swift:8
                      # register(type:factoryClosure:) stores a factory the container calls on every resolve (App.swift:4)
                      - provides: Repository
                        implementation: DefaultRepository
                      # App.swift:9
                      # register(type:factoryClosure:) stores a factory the container calls on every resolve (App.swift:4)
                      - provides: UseCase
                        implementation: DefaultUseCase
                        dependencies:
                          repository: Repository
                    """)
    }

    @Test func aTupleFlagTheResolvePathCachesUnderIsASingleton() {
        #expect(
            ImportPatternTests.imported(
                swinject: false,
                """
                final class Box {
                    private var factories: [String: (isShared: Bool, make: (Box) -> Any)] = [:]
                    private var cache: [String: Any] = [:]
                    func register<T>(type: T.Type, _ make: @escaping (Box) -> T) { factories[String(describing: type)] = (false, make) }
                    func registerShared<T>(type: T.Type, _ make: @escaping (Box) -> T) { factories[String(describing: type)] = (true, make) }
                    func resolve<T>(_ type: T.Type) -> T {
                        let entry = factories[String(describing: type)]!
                        if entry.isShared { return shared(type, entry.make) }
                        return entry.make(self) as! T
                    }
                    private func shared<T>(_ type: T.Type, _ make: (Box) -> Any) -> T {
                        if let value = cache[String(describing: type)] as? T { return value }
                        let value = make(self) as! T
                        cache[String(describing: type)] = value
                        return value
                    }
                }
                func assemble(box: Box) {
                    box.register(type: Clock.self) { _ in Clock() }
                    box.registerShared(type: Session.self) { r in Session(clock: r.resolve(Clock.self)) }
                }
                """) == """
                    registrations:
                      # App.swift:19
                      # register(type:_:) stores a factory the container calls on every resolve (App.swift:4)
                      - provides: Clock
                      # App.swift:20
                      # registerShared(type:_:) stores a factory whose first value the container keeps (App.swift:5)
                      - provides: Session
                        lifetime: singleton
                        dependencies:
                          clock: Clock
                    """)
    }

    /// hmlongco/Factory forms beyond the fixture's: a custom container's `SharedContainer`
    /// conformance, `extension SharedContainer`, `.scope(.shared)`, a `@MainActor` property, `$0` in a
    /// parameter factory, `Services.shared.x.resolve()`, key paths rooted at a custom container,
    /// `@InjectedObject`, a parameter factory called from a `@MainActor` type's method.
    @Test func factoryContainersAndTheirUses() {
        #expect(
            ImportPatternTests.imported(
                swinject: false,
                #"""
                import FactoryKit
                @MainActor final class Screen { init() {} }
                final class Services: SharedContainer {
                    static let shared = Services()
                    let manager = ContainerManager()
                }
                extension SharedContainer {
                    var clock: Factory<Clock> { self { Clock() }.unique }
                }
                extension Services {
                    var store: Factory<Store> { Factory(self) { Store(clock: self.clock()) }.scope(.shared) }
                    @MainActor var screen: Factory<Screen> { self { Screen() } }
                    var report: ParameterFactory<Int, Report> { self { Report(id: $0, store: Services.shared.store.resolve()) } }
                }
                @MainActor final class Model {
                    @InjectedObject(\Services.screen) var screen
                    @Injected(\Services.store) var store
                    func open() -> Report { Services.shared.report(4) }
                }
                """#) == """
                    registrations:
                      # App.swift:8
                      - provides: Clock
                        name: SharedContainer.clock
                      # App.swift:11
                      - provides: Store
                        lifetime: weak
                        name: Services.store
                        dependencies:
                          clock: { type: Clock, name: SharedContainer.clock }
                      # App.swift:12
                      - provides: Screen
                        name: Services.screen
                        isolation: MainActor
                      # App.swift:13
                      - provides: Report
                        name: Services.report
                        dependencies:
                          id: { argument: parameter }
                          store: { type: Store, name: Services.store }
                        arguments:
                          parameter: Int

                    resolves:
                      # App.swift:16
                      - { type: Screen, name: Services.screen, isolation: MainActor }
                      # App.swift:17
                      - { type: Store, name: Services.store, isolation: MainActor }
                      # App.swift:18
                      - { type: Report, name: Services.report, isolation: MainActor }
                    """)
    }

    /// A Factory container's helper declared in another file's extension (`self { self.makeRepo() }`
    /// with `func makeRepo()` in `Container+Helpers.swift`) is read as the factory's body; two
    /// same-named helpers of one container are never guessed between.
    @Test func aContainerHelperInAnotherFileIsTheFactorysBody() {
        let factory = """
            import FactoryKit
            final class Database {}
            final class Repo { init(db: Database) {} }
            extension Container {
                var database: Factory<Database> { self { Database() }.cached }
                var repo: Factory<Repo> { self { self.makeRepo() } }
            }
            """
        let helper = "import FactoryKit\nextension Container {\n    func makeRepo() -> Repo { Repo(db: self.database()) }\n}\n"
        let result = SwiftImporter.run(sources: [("Container+App.swift", factory, nil), ("Container+Helpers.swift", helper, nil)])
        let repo = result.manifest.registrations.first { $0.provides[0].key == "Repo" }
        #expect(repo?.dependencies.map(\.label.value) == ["db"])
        #expect(result.written(as: .yaml, command: "t").contains("      db: { type: Database, name: database }\n"))
        #expect(result.findings.filter { $0.severity != .info }.isEmpty, "\(result.findings)")
        let twice = SwiftImporter.run(sources: [
            ("Container+App.swift", factory, nil), ("Container+Helpers.swift", helper, nil),
            ("Other.swift", helper.replacingOccurrences(of: "self.database()", with: "Database()"), nil),
        ])
        #expect(twice.manifest.registrations.first { $0.provides[0].key == "Repo" }?.dependencies.isEmpty == true)
        #expect(twice.findings.contains { $0.severity == .warning && $0.message.contains("makeRepo") }, "\(twice.findings)")
    }

    /// A property injected with a container (`@Injected(\.factory) var factory`, where `factory` is a
    /// `Factory<Container>`) resolves the container's factories: `factory.screen.resolve()` and
    /// `self.factory.detail(7)` are resolves of `screen` and `detail`. The same call on a property
    /// that holds something else is said and left out, never read as an unnamed resolve of the
    /// type Swift infers, a key no Factory registration has (TCA-The-Composable-Architecture-example).
    @Test func aPropertyInjectedWithAContainerResolvesItsFactories() {
        #expect(
            ImportPatternTests.imported(
                swinject: false,
                #"""
                import FactoryKit
                final class Screen {}
                final class Detail { init(id: Int) {} }
                extension Container {
                    var factory: Factory<Container> { Factory(self) { Container.shared } }
                    var screen: Factory<Screen> { self { Screen() } }
                    var detail: ParameterFactory<Int, Detail> { self { Detail(id: $0) } }
                }
                final class Coordinator {
                    @Injected(\.factory) private var factory
                    func start() -> Screen { factory.screen.resolve() }
                    func open() -> Detail { self.factory.detail(7) }
                }
                final class Other {
                    let factory = Maker()
                    func start() -> Screen { factory.screen.resolve() }
                }
                """#) == """
                    registrations:
                      # App.swift:5
                      - provides: Container
                        name: factory
                        factory: shared
                      # App.swift:6
                      - provides: Screen
                        name: screen
                      # App.swift:7
                      - provides: Detail
                        name: detail
                        dependencies:
                          id: { argument: parameter }
                        arguments:
                          parameter: Int

                    resolves:
                      # App.swift:10
                      - { type: Container, name: factory }
                      # App.swift:11
                      - { type: Screen, name: screen }
                      # App.swift:12
                      - { type: Detail, name: detail }
                    16:30: warning: `factory.screen.resolve()` resolves the factory 'screen' on a value digraph cannot tell is a container; it is left out (digraph follows `Container.shared`, `self` in a container, a property injected with one and a variable named `…container`)
                    """)
    }

    /// Types a factory builds besides its product resolve for it (TCA-The-Composable-Architecture-
    /// example): `LoginFeature()` built in `Store`'s closure injects `auth` (lazy: the closure runs
    /// when `Store` calls it, which digraph cannot tell); `Tracker(…)` passed to the product's
    /// initializer injects `clock` while the factory runs. A type built in a method of a built type
    /// (`Coordinator.open()` building `Detail`) resolves lazily for it, and stays the app's resolve
    /// (no factory builds `Detail`). A library's type (`Store`) has no declaration and adds nothing.
    @Test func typesAFactoryBuildsInlineResolveForIt() {
        #expect(
            ImportPatternTests.imported(
                swinject: false,
                #"""
                import FactoryKit
                final class Auth {}
                final class Clock {}
                struct LoginFeature { @Injected(\.auth) var auth }
                final class Tracker { @Injected(\.clock) var clock; init(name: String) {} }
                final class Detail { @Injected(\.clock) var clock }
                final class Coordinator { func open() -> Detail { Detail() } }
                final class LoginScreen { init(store: Any, tracker: Tracker) {} }
                extension Container {
                    var auth: Factory<Auth> { self { Auth() } }
                    var clock: Factory<Clock> { self { Clock() }.singleton }
                    var login: Factory<LoginScreen> {
                        self {
                            let store = Store(initialState: 1) { LoginFeature() }
                            return LoginScreen(store: store, tracker: Tracker(name: "login"))
                        }
                    }
                    var coordinator: Factory<Coordinator> { self { Coordinator() } }
                }
                """#) == """
                    registrations:
                      # App.swift:10
                      - provides: Auth
                        name: auth
                      # App.swift:11
                      - provides: Clock
                        lifetime: singleton
                        name: clock
                      # App.swift:12
                      - provides: LoginScreen
                        name: login
                        dependencies:
                          auth: { type: Auth, name: auth, lazy: true }
                          clock: { type: Clock, name: clock }
                      # App.swift:18
                      - provides: Coordinator
                        name: coordinator
                        dependencies:
                          clock: { type: Clock, name: clock, lazy: true }

                    resolves:
                      # App.swift:6
                      - { type: Clock, name: clock }
                    15:32: info: 'LoginScreen (name: login)': parameter 'store' is given `Store(initialState: 1) { LoginFeature() }`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in
                    15:46: info: 'LoginScreen (name: login)': parameter 'tracker' is given `Tracker(name: "login")`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in
                    """)
    }

    /// A helper handed the resolver and more (`makeDetail(r, id: id, style: .dark)`): its body is the
    /// factory's, its parameter given the runtime argument is that argument, the one given a literal
    /// is that literal, and its resolve is the registration's dependency, not an app resolve. A call
    /// whose labels the declaration does not have is not that helper (a warning, as before).
    @Test func aHelperHandedTheResolverAndMoreIsTheFactorysBody() {
        let app = """
            protocol API {}
            final class LiveAPI: API {}
            enum Style { case dark, light }
            final class Detail { init(id: Int, api: API, style: Style) {} }
            func makeDetail(_ r: Resolver, id: Int, style: Style) -> Detail {
                Detail(id: id, api: r.resolve(API.self)!, style: style)
            }
            final class DetailAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(API.self) { _ in LiveAPI() }
                    container.register(Detail.self) { r, id in makeDetail(r, id: id, style: .dark) }
                }
            }
            """
        #expect(
            ImportPatternTests.imported(app) == """
                interfaces:
                  API: {}

                registrations:
                  # App.swift:10
                  - provides: API
                    implementation: LiveAPI
                    lifetime: graph
                  # App.swift:11
                  - provides: Detail
                    lifetime: graph
                    dependencies:
                      id: { argument: id }
                      api: API
                    arguments:
                      id: Int
                6:47: info: 'Detail': parameter 'style' is given `.dark`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in
                """)
        let mislabelled = ImportPatternTests.imported(app.replacingOccurrences(of: "makeDetail(r, id: id,", with: "makeDetail(r, identifier: id,"))
        #expect(
            mislabelled.contains("11:52: warning: 'Detail': it is built by `makeDetail(r, identifier: id, style: .dark)`, which digraph cannot read"),
            "\(mislabelled)")
    }

    /// A factory returning a constant (`60 * 2`, `.iso8601`, `["a", "b"]`, `{ _ in false }`) is read
    /// in full: nothing in the container builds it, so an info says a manifest cannot hold the value,
    /// not a warning (eidch-ios-wallet had 50 such warnings); its lifetime stays as written. A
    /// collection holding resolves is still not a value digraph can write: one warning asks for its
    /// implementation and dependencies (not one more per resolve inside it).
    @Test func aFactoryReturningAConstantIsSaidAsAnInfo() {
        #expect(
            ImportPatternTests.imported(
                """
                enum Strategy { case iso8601 }
                final class Box { init(value: Int) {} }
                final class A: Assembly {
                    func assemble(container: Container) {
                        container.register(Int.self) { _ in 60 * 2 }
                        container.register(Strategy.self) { _ in .iso8601 }
                        container.register([String].self) { _ in ["a", "b"] }
                        container.register(((Int) -> Bool).self) { _ in { _ in false } }
                        container.register([Box].self) { r in [Box(value: r.resolve(Int.self)!)] }
                    }
                }
                """) == """
                    registrations:
                      # App.swift:5
                      - provides: Int
                        implementation: FILL_IN
                        lifetime: graph
                      # App.swift:6
                      - provides: Strategy
                        implementation: FILL_IN
                        lifetime: graph
                      # App.swift:7
                      - provides: "[String]"
                        implementation: FILL_IN
                        lifetime: graph
                      # App.swift:8
                      - provides: "(Int) -> Bool"
                        implementation: FILL_IN
                        lifetime: graph
                      # App.swift:9
                      # FILL_IN_int: resolved in the factory, but which parameter takes it is not known; rename it to the initializer's label
                      - provides: "[Box]"
                        implementation: FILL_IN
                        lifetime: graph
                        dependencies:
                          FILL_IN_int: Int
                    5:45: info: 'Int': it returns the constant `60 * 2`, which nothing in the container builds and a manifest cannot hold; it is imported with implementation FILL_IN, to fill in only if generated code must build it
                    6:50: info: 'Strategy': it returns the constant `.iso8601`, which nothing in the container builds and a manifest cannot hold; it is imported with implementation FILL_IN, to fill in only if generated code must build it
                    7:50: info: '[String]': it returns the constant `["a", "b"]`, which nothing in the container builds and a manifest cannot hold; it is imported with implementation FILL_IN, to fill in only if generated code must build it
                    8:57: info: '((Int) -> Bool)': it returns the constant `{ _ in false }`, which nothing in the container builds and a manifest cannot hold; it is imported with implementation FILL_IN, to fill in only if generated code must build it
                    9:47: warning: '[Box]': it is built by `[Box(value: r.resolve(Int.self)!)]`, which digraph cannot read (a helper function or an expression); fill in its implementation and dependencies
                    """)
    }

    /// A parameter factory whose closure takes its tuple parameter apart (`$0`, `$1`, or `{ id,
    /// title in … }`): each element is part of the runtime argument, said as an info, never "a value
    /// from outside the container" (eidch-ios-wallet: 15 such warnings); a closure using `$0` alone
    /// takes the tuple whole.
    @Test func aParameterFactoryTakingItsTupleApartUsesItsArgument() {
        #expect(
            ImportPatternTests.imported(
                swinject: false,
                #"""
                import FactoryKit
                final class API {}
                final class Detail { init(id: Int, title: String, api: API) {} }
                final class Pair { init(pair: (Int, String)) {} }
                extension Container {
                    var api: Factory<API> { self { API() } }
                    var detail: ParameterFactory<(Int, title: String), Detail> { self { Detail(id: $0, title: $1, api: self.api()) } }
                    var named: ParameterFactory<(Int, String), Detail> { self { id, title in Detail(id: id, title: title, api: self.api()) } }
                    var pair: ParameterFactory<(Int, String), Pair> { self { Pair(pair: $0) } }
                }
                """#) == """
                    registrations:
                      # App.swift:6
                      - provides: API
                        name: api
                      # App.swift:7
                      # runtime argument 'parameter' is used by the factory's own code in a way this manifest does not record
                      - provides: Detail
                        name: detail
                        dependencies:
                          api: { type: API, name: api }
                        arguments:
                          parameter: "(Int, title: String)"
                      # App.swift:8
                      # runtime argument 'parameter' is used by the factory's own code in a way this manifest does not record
                      - provides: Detail
                        name: named
                        dependencies:
                          api: { type: API, name: api }
                        arguments:
                          parameter: "(Int, String)"
                      # App.swift:9
                      - provides: Pair
                        name: pair
                        dependencies:
                          pair: { argument: parameter }
                        arguments:
                          parameter: "(Int, String)"
                    7:80: info: 'Detail (name: detail)': parameter 'id' is given `$0`, element 1 of the factory's parameter (a tuple), which a manifest can only pass whole; it is left out
                    7:88: info: 'Detail (name: detail)': parameter 'title' is given `$1`, element 2 of the factory's parameter (a tuple), which a manifest can only pass whole; it is left out
                    8:85: info: 'Detail (name: named)': parameter 'id' is given `id`, element 1 of the factory's parameter (a tuple), which a manifest can only pass whole; it is left out
                    8:93: info: 'Detail (name: named)': parameter 'title' is given `title`, element 2 of the factory's parameter (a tuple), which a manifest can only pass whole; it is left out
                    """)
    }

    /// eidch-ios-wallet's routers and modules: a router conforming to `typealias RouterRoutes =
    /// ClosableRoutes & DetailRoutes` inherits `extension DetailRoutes where Self: RouterProtocol`,
    /// whose method builds a module; the module's `init` resolves its view model in a local (while it
    /// is built, not lazily) and its `router:` default only where a call leaves it out: the module
    /// factory (`DetailModule(id: $0)`) runs it, the view model factory (`router: $0`) does not.
    /// The route counts for the router because some code calls it on a value (`router.openDetail`).
    @Test func aRouterReachesWhatItsInheritedRoutesBuild() {
        #expect(
            ImportPatternTests.imported(
                swinject: false,
                #"""
                import FactoryKit
                protocol RouterProtocol {}
                protocol ClosableRoutes {}
                protocol DetailRoutes {}
                typealias RouterRoutes = ClosableRoutes & DetailRoutes
                extension DetailRoutes where Self: RouterProtocol {
                    func openDetail(_ id: Int) { _ = DetailModule(id: id) }
                }
                final class Router: RouterProtocol, RouterRoutes {}
                final class DetailViewModel { init(router: Router = Container.shared.router(), id: Int) {} }
                final class DetailModule {
                    init(id: Int, router: Router = Container.shared.router()) {
                        let viewModel = Container.shared.detailViewModel((router, id))
                        _ = viewModel
                    }
                }
                extension Container {
                    var router: Factory<Router> { self { Router() } }
                    var detailViewModel: ParameterFactory<(Router, Int), DetailViewModel> { self { DetailViewModel(router: $0, id: $1) } }
                    var detailModule: ParameterFactory<Int, DetailModule> { self { DetailModule(id: $0) } }
                }
                func show(_ id: Int, with router: Router) { router.openDetail(id) }
                """#) == """
                    registrations:
                      # App.swift:18
                      - provides: Router
                        name: router
                        dependencies:
                          router: { type: Router, name: router, lazy: true }
                          viewModel:
                            type: DetailViewModel
                            name: detailViewModel
                            lazy: true
                            suppress:
                              - { code: "argument-mismatch", reason: "Factory's ParameterFactory: the compiler checks the parameter passed" }
                      # App.swift:19
                      # runtime argument 'parameter' is used by the factory's own code in a way this manifest does not record
                      - provides: DetailViewModel
                        name: detailViewModel
                        arguments:
                          parameter: "(Router, Int)"
                      # App.swift:20
                      - provides: DetailModule
                        name: detailModule
                        dependencies:
                          id: { argument: parameter }
                          router: { type: Router, name: router }
                          viewModel:
                            type: DetailViewModel
                            name: detailViewModel
                            suppress:
                              - { code: "argument-mismatch", reason: "Factory's ParameterFactory: the compiler checks the parameter passed" }
                        arguments:
                          parameter: Int
                    19:100: info: 'DetailViewModel (name: detailViewModel)': parameter 'router' is given `$0`, element 1 of the factory's parameter (a tuple), which a manifest can only pass whole; it is left out
                    19:112: info: 'DetailViewModel (name: detailViewModel)': parameter 'id' is given `$1`, element 2 of the factory's parameter (a tuple), which a manifest can only pass whole; it is left out
                    """)
    }

    /// eidch-ios-wallet's networking: a repository calls `network.request(…)` on the service it
    /// holds; the method's `decoder:` default resolves, and Swift evaluates a default in the caller,
    /// only where the call leaves it out (`fetch` does, `submit` does not). The method's body is the
    /// service's own code, not the caller's. An enum case with values (`Endpoint.status(id:)`) builds
    /// an `Endpoint`, whose computed `baseURL` resolves: a lazy edge of the repository too.
    @Test func aHeldValuesMethodDefaultAndABuiltEnumsMembersResolveForTheCaller() {
        let app = #"""
            import FactoryKit
            final class Decoder {}
            final class Logger {}
            enum Endpoint {
                case status(id: Int)
                case submit(body: String)
                var baseURL: String { Container.shared.baseURL() }
            }
            struct NetworkService {
                func request(_ endpoint: Endpoint, decoder: Decoder = Container.shared.decoder()) -> Int {
                    _ = Container.shared.logger()
                    return 0
                }
            }
            struct Repository {
                @Injected(\.network) private var network: NetworkService
                func fetch() -> Int { network.request(Endpoint.status(id: 1)) }
                func submit() -> Int { self.network.request(Endpoint.submit(body: ""), decoder: Decoder()) }
            }
            extension Container {
                var baseURL: Factory<String> { self { "https://example.org" } }
                var decoder: Factory<Decoder> { self { Decoder() } }
                var logger: Factory<Logger> { self { Logger() } }
                var network: Factory<NetworkService> { self { NetworkService() }.singleton }
                var repository: Factory<Repository> { self { Repository() } }
            }
            """#
        let head = """
            registrations:
              # App.swift:21
              - provides: String
                implementation: FILL_IN
                name: baseURL
              # App.swift:22
              - provides: Decoder
                name: decoder
              # App.swift:23
              - provides: Logger
                name: logger
              # App.swift:24
              - provides: NetworkService
                lifetime: singleton
                name: network
                dependencies:
                  decoder: { type: Decoder, name: decoder, lazy: true }
                  logger: { type: Logger, name: logger, lazy: true }
              # App.swift:25
              - provides: Repository
                name: repository
                dependencies:
                  network: { type: NetworkService, name: network }

            """
        let tail = """
                  baseURL: { type: String, name: baseURL, lazy: true }

            resolves:
              # App.swift:7
              - { type: String, name: baseURL }
            21:43: info: 'String (name: baseURL)': it returns the constant `"https://example.org"`, which nothing in the container builds and a manifest cannot hold; it is imported with implementation FILL_IN, to fill in only if generated code must build it
            """
        #expect(ImportPatternTests.imported(swinject: false, app) == head + "      decoder: { type: Decoder, name: decoder, lazy: true }\n" + tail)
        // Every call passing its own decoder: the default never runs for the repository.
        let passing = app.replacingOccurrences(
            of: "network.request(Endpoint.status(id: 1))", with: "network.request(Endpoint.status(id: 1), decoder: Decoder())")
        #expect(ImportPatternTests.imported(swinject: false, passing) == head + tail)
    }

    /// JonFir/JFIOSApp's promised factories: a module's `AutoRegister` registers the real value, and
    /// a test in another module registers a mock for the same factory. A test's stand-in is never the
    /// app's factory, whichever file comes first: the app's registration is kept, the test's listed
    /// as an alternative. A factory only a test registers is, for the app, one nothing registers.
    @Test func aTestsRegistrationNeverStandsInForTheApps() {
        let api = """
            import FactoryKit
            protocol Settings {}
            protocol Clock {}
            extension Container {
                var settings: Factory<Settings?> { promised() }
                var clock: Factory<Clock?> { self { nil } }
            }
            """
        let tests = """
            import FactoryKit
            import XCTest
            final class SettingsMock: Settings {}
            final class ClockMock: Clock {}
            final class SettingsTests: XCTestCase {
                override func setUp() {
                    Container.shared.settings.register { SettingsMock() }
                    Container.shared.clock.register { ClockMock() }
                }
            }
            """
        let app = """
            import FactoryKit
            final class SettingsImpl: Settings {}
            final class SettingsAutoRegister {
                func autoRegister() { Container.shared.settings.register { SettingsImpl() } }
            }
            """
        let result = SwiftImporter.run(sources: [
            ("Api/Container.swift", api, "Api"), ("Api/Tests/SettingsTests.swift", tests, "ApiTests"), ("Impl/SettingsAutoRegister.swift", app, "Impl"),
        ])
        #expect(
            result.written(as: .yaml, command: "t").hasSuffix(
                """
                registrations:
                  # Api/Container.swift:5
                  # registered at Impl/SettingsAutoRegister.swift:4
                  # register (an alternative, not read): Api/Tests/SettingsTests.swift:7
                  - provides: Settings
                    implementation: SettingsImpl
                    name: settings
                    module: Impl

                """), "\(result.written(as: .yaml, command: "t"))")
        #expect(
            result.findings.map { "\($0.location.file):\($0.location.line): \($0.message)" } == [
                "Api/Container.swift:6: 'Clock (name: clock)' gives nil until something registers it, and nothing in the given paths does; its uses are optional"
            ])
    }

    /// A value made by a method of another registration's value (`r.resolve(Source.self)!.names()`)
    /// whose key is not a plain type (`[String]`): its `_factory` edge is read, and the warning says
    /// why no implementation is written (eidch-ios-wallet's `preferredUserLocales().compactMap { … }`).
    @Test func aValueMadeByAnotherValuesMethodSaysWhyItHasNoImplementation() {
        #expect(
            ImportPatternTests.imported(
                """
                final class Source { func names() -> [String] { [] } }
                final class A: Assembly {
                    func assemble(container: Container) {
                        container.register(Source.self) { _ in Source() }
                        container.register([String].self) { r in r.resolve(Source.self)!.names() }
                    }
                }
                """) == """
                    registrations:
                      # App.swift:4
                      - provides: Source
                        lifetime: graph
                      # App.swift:5
                      # built by a method of another registration's object; no implementation to name
                      - provides: "[String]"
                        implementation: FILL_IN
                        lifetime: graph
                        dependencies:
                          _factory: Source
                    5:9: warning: '[String]': it is made by a method of another registration's value (its `_factory` dependency), so no type it builds is written; fill in 'FILL_IN'
                    """)
    }

    /// begin-a-gain/ajunggan-ios: `DIContainer` holds Swinject's `Container` and a generic
    /// `resolve<T>() -> T { container.resolve() }`; another file, importing no DI library, extends
    /// it with `container.register(…)`. That file speaks Swinject through the type it extends (no
    /// "read by its shape" warning), and the generic function's own resolve is plumbing, typed at
    /// each call (no "names no type" warning). An app declaring its own `Container` keeps the old
    /// reading: digraph cannot tell which `register` it is.
    @Test func aFileExtendingATypeThatHoldsSwinjectsContainerSpeaksSwinject() {
        let container = """
            import Swinject
            public struct DIContainer {
                public let container: Container
                public static let shared = DIContainer()
                private init() { self.container = Container() }
                public func resolve<T>() -> T { container.resolve() }
            }
            public extension Resolver {
                func resolve<T>() -> T { resolve(T.self)! }
            }
            """
        let registrations = """
            import Domain
            extension DIContainer {
                func register() {
                    container.register(Api.self) { _ in Api() }
                    container.register(Repository.self) { resolver in
                        let api: Api = resolver.resolve()
                        return Repository(api: api)
                    }
                }
            }
            final class Api {}
            final class Repository { init(api: Api) {} }
            """
        let result = SwiftImporter.run(sources: [("DIContainer.swift", container, nil), ("DIContainer+App.swift", registrations, nil)])
        #expect(result.findings.isEmpty, "\(result.findings)")
        #expect(result.written(as: .yaml, command: "t").contains("  - provides: Repository\n    lifetime: graph\n    dependencies:\n      api: Api\n"))
        let own = SwiftImporter.run(sources: [
            ("DIContainer.swift", container, nil), ("DIContainer+App.swift", registrations, nil),
            ("Container.swift", "final class Container {}\n", nil),
        ])
        #expect(own.findings.contains { $0.message.contains("reads its calls by their shape") }, "\(own.findings)")
    }
}
