import DigraphCore
import DigraphLoader
import DigraphSwiftGen
import DigraphSwiftImport
import Foundation
import Testing

/// The generated Swinject assemblies, compiled against Swinject 2.10.0 (Swift 6 language mode,
/// warnings as errors) in a small package, and run: the same behaviours as the plain container,
/// through `container.resolve`.
@Suite(.serialized)
struct SwinjectAssemblyBehaviourTests {
    static let work = GeneratedCodeRunner.packageRoot.appendingPathComponent(".build-swinject-harness")

    static let programs: [(target: String, paths: [String], program: String, checks: Int)] = [
        (
            "Popcorn", ["fixtures/popcorn/manifest.yaml"],
            """
            let container = Container()
            _ = Assembler([PopcornAssembly(string_keychainService: "com.popcorn.keychain")], container: container)
            let movies = container.resolve(MovieListViewController.self)!
            check(MovieRepository.instances == 1 && LoginRepository.instances == 0, "a root builds only what it needs")
            check(container.resolve((any NetworkManagerProtocol).self)! === container.resolve((any NetworkManagerProtocol).self)!, "container scope is shared")
            check(container.resolve(LoginViewModel.self)! !== container.resolve(LoginViewModel.self)!, "transients are distinct")
            check(movies.viewModel !== container.resolve(MovieListViewModel.self)!, "a view model is fresh per screen")
            let login = container.resolve(LoginViewController.self)!
            check(SignUpViewController.instances == 0, "a lazy dependency is not built with its holder")
            _ = login.makeSignUp()
            check(SignUpViewController.instances == 1, "a lazy closure resolves late")
            check((container.resolve((any KeychainManagerProtocol).self)! as! KeychainManager).service == "com.popcorn.keychain", "supplied values arrive")
            """, 7
        ),
        (
            "IssueTracker", ["fixtures/issue-tracker/manifest.yaml"],
            """
            let container = Container()
            _ = Assembler([IssueTrackerAssembly(url_apiBaseURL: URL(string: "https://issues.example")!)], container: container)
            let reading = container.resolve((any IssueReading).self)!
            check(reading === container.resolve((any IssueWriting).self)! && reading === container.resolve((any IssueReading & IssueWriting).self)!, "one instance under several keys")
            let coordinator = container.resolve(AppCoordinator.self)!
            check(coordinator === container.resolve(AppCoordinator.self)!, "the coordinator is a singleton")
            let list = coordinator.issueList()
            check(list.listIssues.repository === reading, "the list reads through the shared repository")
            """, 3
        ),
        (
            "Workout", ["fixtures/workout"],
            """
            let container = Container()
            _ = Assembler([DataAssembly(calendar: Calendar(identifier: .gregorian)), ExerciseAssembly(), HistoryAssembly(), HomeAssembly(), MainAssembly()], container: container)
            let window = UIWindow()
            let coordinator = container.resolve(MainCoordinator.self, argument: Optional(window))!
            check(coordinator.homeViewModel === coordinator.home.viewModel, "graph scope is shared within one resolve")
            check(container.resolve(MainCoordinator.self, argument: UIWindow?.none)!.homeViewModel !== coordinator.homeViewModel, "graph scope is fresh in the next resolve")
            check(coordinator.window === window, "a runtime argument arrives")
            let day = Date(timeIntervalSince1970: 86_400)
            let history = History()
            let controller = container.resolve(HistoryViewController.self, arguments: day, Optional(history))!
            check(controller.viewModel.date == day && controller.viewModel.history === history, "arguments are passed along an edge")
            let pushed = coordinator.home.makeHistory(day, nil)
            check(pushed.viewModel.history == nil && HistoryViewController.instances == 2, "a lazy closure takes its arguments late")
            check(container.resolve((any WorkoutRepositoryProtocol).self)! === container.resolve((any WorkoutRepositoryProtocol).self)!, "a factory-made singleton is shared")
            """, 6
        ),
        (
            "Keywords", ["Tests/DigraphSwiftGenTests/Manifests/keywords.yaml"],
            """
            let container = Container()
            _ = Assembler([KeywordsAssembly(functionIntToString_b238ebd0: { "#\\($0)" })], container: container)
            let hostile = container.resolve(Hostile.self, arguments: 1, 2, 3, 4, 5)!
            check(hostile.a == 1 && hostile.b == 2 && hostile.c == 3 && hostile.d == 4 && hostile.e == 5, "arguments named like generated locals (r, scope, lock…) arrive")
            check(container.resolve(Default.self)! !== hostile.first && type(of: container.resolve(Subscript.self)!) == Subscript.self, "keys whose accessor is a keyword")
            check(hostile.format(7) == "#7" && container.resolve(((Int) -> String).self)!(8) == "#8", "a function-type key is registered as ((Int) -> String).self")
            check(container.resolve(GraphScope.self)!.overrides === container.resolve(Overrides.self)!, "keys named like generated members are plain registrations")
            """, 4
        ),
        (
            "Semantics", ["Tests/DigraphSwiftGenTests/Manifests/semantics.yaml"],
            """
            let container = Container()
            let clock = Clock()
            container.register(Clock.self) { _ in clock }
            _ = Assembler([SemanticsAssembly()], container: container)
            var held: Session? = container.resolve(Session.self)
            check(container.resolve(Session.self)! === held, "weak is shared while held")
            weak var released: Session? = held
            held = nil
            check(released == nil, "weak is released when nothing holds it")
            let feed = container.resolve(Feed.self)!
            check(feed.primary === container.resolve(APIClient.self, name: "primary")! && feed.primary !== feed.backup, "named registrations are distinct")
            check(feed.analytics == nil && feed.unlabeled_ === clock, "optional nil, external key, unlabeled parameter")
            check(feed.tracking === container.resolve(Tracker.self)!, "aliasOf forwards")
            let detailer = container.resolve(Detailer.self, arguments: 7, "Seven")!
            check(detailer.detail.id == 7 && detailer.later(8, "Eight").title == "Eight", "arguments, passed on and lazily")
            // A lazy closure holds the resolver, as the plain container's holds the container.
            var scoped: Container? = Container()
            scoped!.register(Clock.self) { _ in clock }
            _ = Assembler([SemanticsAssembly()], container: scoped!)
            let kept = scoped!.resolve(Detailer.self, arguments: 1, "One")!
            weak var gone = scoped
            scoped = nil
            check(gone != nil && kept.later(2, "Two").title == "Two", "a lazy closure works after the container was let go")
            """, 7
        ),
        (
            "Keyed", ["Tests/DigraphSwiftGenTests/Manifests/keyed.yaml"],
            """
            let container = Container()
            _ = Assembler([KeyedAssembly()], container: container)
            let router = container.resolve(Router.self)!
            check(container.resolve((any Coordinator).self, argument: Controller()) is ControllerCoordinator, "a Controller argument reaches its registration")
            check(container.resolve((any Coordinator).self, argument: router) is RouterCoordinator, "a Router argument reaches the other one")
            check(container.resolve(Menu.self, argument: router)!.lyrics is RouterCoordinator, "an edge passing a Router reaches it too")
            """, 3
        ),
    ]

    /// Swift fixtures of `digraph import`, compiled as they are written (proof they are real
    /// Swinject code), with a program. A round trip (`generate`) also imports the fixture (leaving
    /// out the files named), generates a Swinject assembly from that manifest and compiles it beside
    /// the fixture, with `support` for the values the manifest does not record.
    static let importPrograms: [(target: String, fixture: String, generate: (excluding: [String], support: String)?, program: String, checks: Int)] = [
        (
            "RoundTrip", "fixtures/import/swinject",
            (
                [],
                """
                // A value made by a method of another object has no initializer to call: the generated
                // code calls `AlertPresenter(factory, cloud:)`, which the app adds.
                extension AlertPresenter {
                    convenience init(_ factory: AlertFactory, cloud: CloudAlerts) { self.init() }
                }

                """
            ),
            """
            let original = Container()
            let router = NavigationRouter()
            _ = Assembler([NetworkAssembly(), DomainAssembly(), PresentationAssembly(navigation: router)], container: original)
            let generated = Container()
            _ = Assembler([SwinjectAssembly(navigationRouter: router)], container: generated)
            let keys: [(String, (Resolver) -> AnyObject?)] = [
                ("HTTPClient", { $0.resolve((any HTTPClient).self) }),
                ("TokenStore keychain", { $0.resolve((any TokenStore).self, name: "keychain") }),
                ("SettingsStoring", { $0.resolve((any SettingsStoring).self) }),
                ("AnalyticsTracking", { $0.resolve((any AnalyticsTracking).self) }),
                ("AuthServicing", { $0.resolve((any AuthServicing).self) }),
                ("OrderRepository", { $0.resolve(OrderRepository.self) }),
                ("OrderReading", { $0.resolve((any OrderReading).self) }),
                ("OrderWriting", { $0.resolve((any OrderWriting).self) }),
                ("Clock", { $0.resolve(Clock.self) }),
                ("ImageCache", { $0.resolve(ImageCache.self) }),
                ("AlertFactory", { $0.resolve(AlertFactory.self) }),
                ("CloudAlerts", { $0.resolve(CloudAlerts.self) }),
                ("AlertPresenter", { $0.resolve(AlertPresenter.self) }),
                ("HTTPSession", { $0.resolve(HTTPSession.self) }),
                ("NavigationRouter", { $0.resolve(NavigationRouter.self) }),
                ("LoginViewModel", { $0.resolve(LoginViewModel.self) }),
                ("OrderDetailViewModel", { $0.resolve(OrderDetailViewModel.self, argument: 7) }),
                ("OrderListViewModel", { $0.resolve(OrderListViewModel.self) }),
                ("LoginViewController", { $0.resolve(LoginViewController.self) }),
                ("OrderListViewController", { $0.resolve(OrderListViewController.self) }),
                ("AppCoordinator", { $0.resolve(AppCoordinator.self) }),
            ]
            check(agreeing(keys, original, generated) == keys.count, "the generated assembly registers every key with the source's scope")
            check(original.resolve(AppCoordinator.self)!.login?.router === original.resolve(AppCoordinator.self)!, "the source's property injection closes its cycle")
            check(generated.resolve(AppCoordinator.self)!.login?.router === generated.resolve(AppCoordinator.self)!, "so does the generated initCompleted")
            check(original.hasAnyRegistration(of: (any TokenStore).self, name: "keychain") && generated.hasAnyRegistration(of: (any TokenStore).self, name: "keychain"), "named registrations keep their name")
            check(!generated.hasAnyRegistration(of: (any TokenStore).self), "and only it")
            """, 5
        ),
        // The app's entry holds the two crashing resolves `digraph check` reports, so generation
        // from the whole fixture refuses (DigraphCLITests); the assemblies alone round-trip.
        (
            "Precision", "fixtures/import/precision",
            (
                ["AppDelegate.swift"],
                """
                import Foundation

                // `RunLoop.main` is a value the manifest does not record: the generated call leaves it out.
                extension SearchViewModel where Loop == RunLoop {
                    convenience init(store: ArticleStore) { self.init(loop: RunLoop.main, store: store) }
                }

                """
            ),
            """
            let app = AppDelegate()
            // The screens' child container sees the assemblies' registrations through its parent.
            let original = ScreenContainer.make(parent: app.assembler.resolver as! Container)
            let generated = Container()
            _ = Assembler([PrecisionAssembly()], container: generated)
            let keys: [(String, (Resolver) -> AnyObject?)] = [
                ("HTTPSession", { $0.resolve(HTTPSession.self) }),
                ("Settings", { $0.resolve(Settings.self) }),
                ("Settings shared", { $0.resolve(Settings.self, name: "shared") }),
                ("API", { $0.resolve(API.self) }),
                ("API backup", { $0.resolve(API.self, name: "backup") }),
                ("ArticleStore", { $0.resolve(ArticleStore.self) }),
                ("Clock", { $0.resolve(Clock.self) }),
                ("FeedCache", { $0.resolve(FeedCache.self) }),
                ("Router root", { $0.resolve(Router.self, name: "root") }),
                ("Router find", { $0.resolve(Router.self, name: "find") }),
                ("SearchViewModel<RunLoop>", { $0.resolve(SearchViewModel<RunLoop>.self) }),
                ("ProfileViewModel", { $0.resolve(ProfileViewModel.self) }),
                ("SearchScreen", { $0.resolve(SearchScreen.self) }),
                ("ScanResult", { $0.resolve(ScanResult.self, argument: "code") }),
                ("Report", { $0.resolve(Report.self, argument: Reason(text: "late")) }),
                ("ReaderModel", { $0.resolve(ReaderModel.self) }),
                ("ReaderScreen", { $0.resolve(ReaderScreen.self) }),
            ]
            check(agreeing(keys, original, generated) == keys.count, "the generated assembly registers every key with the source's scope")
            let (screen, profile, _) = app.start()
            check(screen.router.name == "find" && profile.router.name == "root" && profile.store === screen.viewModel.store, "the wrapper's factories, the inferred resolves and the constant names are the app's")
            check(profile.store.backup.baseURL == profile.store.api.baseURL && profile.store.backup !== profile.store.api, "a name given by a global constant is its own key")
            check(original.resolve(ScanResult.self) == nil && app.scan(code: "q").code == "q", "a resolve without the runtime argument its registration takes gets nil")
            check(original.resolve(Report.self, argument: 42) == nil && app.report(Reason(text: "r")).reason.text == "r", "a resolve whose argument has another type gets nil")
            let reader = app.readerScreen()
            check(reader.title == "Reader" && reader.model.store === profile.store && reader !== app.readerScreen(), "the helper's own factory builds each screen fresh with its model, then the caller's closure configures it")
            """, 6
        ),
        (
            "Children", "fixtures/import/children", nil,
            """
            let app = AppDelegate()
            _ = app.application(nil, didFinishLaunchingWithOptions: nil)
            let screen = app.home!.makeScreen()
            check(screen.theme === app.container.resolve(Theme.self)!, "a child resolves its parent's key")
            check(screen.router is HomeRouter && screen.analytics !== app.container.resolve(Analytics.self)!, "a child's own key hides its parent's, which stays")
            check(app.container.resolve(Routing.self) == nil, "a parent does not see its children's keys")
            check(app.settings!.container.resolve(Routing.self) is SettingsRouter, "the same key in a sibling is that sibling's own")
            // SettingsScreen's factory force-unwraps a Clock: resolving it would crash, which `digraph check` reports.
            check(app.settings!.container.resolve(Clock.self) == nil, "nothing in the settings child's chain registers a Clock")
            """, 5
        ),
        // Its library modules are copied to their own targets (`fixtureModules`).
        (
            "ModularShop", "fixtures/import/modules/App/Shop", nil,
            """
            import AppData
            import Domain

            let home = AppDelegate().start()
            check(home.search.repository is AppData.UserRepository, "Domain's UserRepository key is built by AppData's class of that name")
            check(home.search.repository.names() == ["ada", "grace"] && home.search.clock === home.search.clock, "from Networking's source, and Domain's clock")
            """, 2
        ),
        (
            "Autoregistration", "fixtures/import/autoregistration", nil,
            """
            let container = Container()
            _ = Assembler([FeedAssembly()], container: container)
            check(container.resolve(FeedClient.self) != nil && container.resolve(FeedCache.self, name: "disk") != nil, "the fixture's registrations are real")
            // autoregister(FeedLoading) builds RemoteFeedLoader with the unnamed FeedCache; only the named
            // one is registered, so resolving FeedLoading (or FeedScreen) crashes, which `digraph check` reports.
            check(container.hasAnyRegistration(of: (any FeedLoading).self) && !container.hasAnyRegistration(of: FeedCache.self), "the unnamed FeedCache autoregister needs is missing")
            """, 2
        ),
    ]

    /// The Factory fixture, compiled against the FactoryKit shim and run: what `digraph check` says
    /// about it (FactoryImportTests) held against what the program does.
    static let factoryPrograms: [(target: String, fixture: String, program: String, checks: Int)] = [
        (
            "FactoryApp", "fixtures/import/factory",
            """
            let container = Container.shared
            check(container.api() === container.api() && container.api().session === container.session(), "cached and singleton: one value")
            check(container.clock() !== container.clock(), "unique: a fresh value per resolve")
            check(container.detail(7).id == 7 && container.detailScreen().model.id == 1, "a parameter factory's argument arrives")
            check(SyncContainer.shared.store() === SyncContainer.shared.store(), "a container's defaultScope caches what it makes")
            check(container.accountLoader()?.load() == "account", "the promise autoRegister keeps is kept")
            check(container.logger() === SyncContainer.shared.logger(), "two containers' singletons of one type and name share one value: the key-collision digraph reports")
            check(container.imageCache().clock === container.imageCache().clock, "the cached image cache keeps its first clock: the captive digraph reports")
            check(container.analytics().name == "firebase", "the default factory is the graph's")
            FactoryContext.current = ["test"]
            check(container.analytics().name == "mock", "in tests the onTest factory answers: --context test")
            FactoryContext.current = []
            let profile = container.profileService()
            check(profile.session.profile !== profile, "the lazy cycle resolves late and ends")
            let resolved = MainActor.assumeIsolated { () -> Bool in
                let root = AppRoot()
                return root.detail.model.id == 1 && root.accounts != nil
            }
            check(resolved, "the app's own entry resolves what it injects")
            """, 11
        )
    ]

    /// `gen-swift --target factory` from the same manifests, compiled against the FactoryKit shim
    /// (Swift 6) with the stubs and run: the same behaviours as the Swinject assemblies.
    static let factoryGenerated: [(target: String, paths: [String], program: String, checks: Int)] = [
        (
            "FactoryPopcorn", ["fixtures/popcorn/manifest.yaml"],
            """
            let container = Container.shared
            container.string_keychainService.register { "com.popcorn.keychain" }
            MainActor.assumeIsolated {
                let movies = container.movieListViewController()
                check(MovieRepository.instances == 1 && LoginRepository.instances == 0, "a root builds only what it needs")
                check(container.networkManagerProtocol() === container.networkManagerProtocol(), "cached is shared")
                check(container.loginViewModel() !== container.loginViewModel(), "unique values are distinct")
                check(movies.viewModel !== container.movieListViewModel(), "a view model is fresh per screen")
                let login = container.loginViewController()
                check(SignUpViewController.instances == 0, "a lazy dependency is not built with its holder")
                _ = login.makeSignUp()
                check(SignUpViewController.instances == 1, "a lazy closure resolves late")
                check((container.keychainManagerProtocol() as! KeychainManager).service == "com.popcorn.keychain", "supplied values arrive")
            }
            """, 7
        ),
        (
            "FactoryIssueTracker", ["fixtures/issue-tracker/manifest.yaml"],
            """
            let container = Container.shared
            container.url_apiBaseURL.register { URL(string: "https://issues.example")! }
            let reading = container.issueReading()
            check(reading === container.issueWriting() && reading === container.issueReading_and_IssueWriting(), "one instance under several keys")
            MainActor.assumeIsolated {
                let coordinator = container.appCoordinator()
                check(coordinator === container.appCoordinator(), "the coordinator is cached")
                check(coordinator.issueList().listIssues.repository === reading, "the list reads through the shared repository")
            }
            """, 3
        ),
        (
            "FactoryWorkout", ["fixtures/workout"],
            """
            let container = Container.shared
            container.calendar.register { Calendar(identifier: .gregorian) }
            MainActor.assumeIsolated {
                let window = UIWindow()
                let coordinator = container.mainCoordinator(window)
                check(coordinator.homeViewModel === coordinator.home.viewModel, "graph scope is shared within one resolve")
                check(container.mainCoordinator(nil).homeViewModel !== coordinator.homeViewModel, "graph scope is fresh in the next resolve")
                check(coordinator.window === window, "a runtime argument arrives")
                let day = Date(timeIntervalSince1970: 86_400)
                let history = History()
                let controller = container.historyViewController((day, history))
                check(controller.viewModel.date == day && controller.viewModel.history === history, "arguments are passed along an edge")
                let pushed = coordinator.home.makeHistory(day, nil)
                check(pushed.viewModel.history == nil && HistoryViewController.instances == 2, "a lazy closure takes its arguments late")
            }
            check(container.workoutRepositoryProtocol() === container.workoutRepositoryProtocol(), "a factory-made singleton is shared")
            """, 6
        ),
        (
            // Keys whose property is a keyword (`default`, `case`, `subscript`…): once `var default:`, which no compiler takes.
            "FactoryKeywords", ["Tests/DigraphSwiftGenTests/Manifests/keywords.yaml"],
            """
            let container = Container.shared
            container.functionIntToString_b238ebd0.register { { "#\\($0)" } }
            let hostile = container.hostile((1, 2, 3, 4, 5))
            check(hostile.a == 1 && hostile.b == 2 && hostile.c == 3 && hostile.d == 4 && hostile.e == 5, "arguments named like generated locals arrive")
            check(container.`default`() !== hostile.first && type(of: container.`subscript`()) == Subscript.self, "keys whose property is a keyword")
            check(hostile.format(7) == "#7", "a function-type key is supplied")
            check(container.graphScope().overrides === container.overrides_(), "keys named like the container's members")
            """, 4
        ),
    ]

    /// The shop fixtures, as modules with the resolve-all tests `gen-swift --target tests` writes for
    /// them, and the setup file's placeholders filled in as a team would.
    static let resolveAllApps: [(fixture: String, module: String, arguments: [(String, String)])] = [
        ("fixtures/import/shop", "App", [("// case \"CheckoutViewModel\": return <#String#>", "case \"CheckoutViewModel\": return \"order-7\"")]),
        (
            "fixtures/import/factoryshop", "FactoryShop",
            [("// case \"CheckoutViewModel (name: checkout)\": return <#String#>", "case \"CheckoutViewModel (name: checkout)\": return \"order-7\"")]
        ),
        ("fixtures/import/handrolled", "HandRolledApp", []),
    ]

    /// What `gen-swift --target tests --module <module>` writes for a fixture: the tests and the setup file.
    static func resolveAllTests(_ fixture: String, module: String) throws -> (tests: String, setup: String) {
        let imported = SwiftImporter.run(paths: [GeneratedCodeRunner.packageRoot.appendingPathComponent(fixture).path])
        let loaded = ManifestLoader.load(files: [], adding: [imported.manifest])
        let graph = try #require(loaded.graph)
        let generator = try ResolveAllTestsGenerator(plan: try GenerationPlan(graph: graph), recipe: imported.recipe, module: module, sources: [fixture])
        return (generator.generate(), generator.setupFile())
    }

    /// The resolve-all tests compile with the app as module `App` (and the Factory shop as
    /// `FactoryShop`) and pass; with one registration deleted from the app, they fail naming its key
    /// for it and for each key whose factory needs it, without a crash.
    @Test func resolveAllTestsPassAndNameADeletedRegistration() throws {
        if case .failure(let failure) = Self.build {
            Issue.record("the harness did not build:\n\(failure.output.suffix(6_000))")
            return
        }
        let package = Self.work.appendingPathComponent("package")
        let scratch = Self.work.appendingPathComponent("scratch").path
        func test(_ modules: String) throws -> (status: Int32, output: String) {
            let built = try GeneratedCodeRunner.swiftPM(
                ["build", "--build-tests", "--package-path", package.path, "--scratch-path", scratch], work: Self.work)
            guard built.status == 0 else { return built }
            return try GeneratedCodeRunner.swiftPM(
                ["test", "--skip-build", "--package-path", package.path, "--scratch-path", scratch, "--filter", modules], work: Self.work)
        }
        let passing = try test("AppTests|FactoryShopTests|HandRolledAppTests")
        #expect(passing.status == 0, "\(passing.output.suffix(6_000))")
        let passed = passing.output.split(separator: "\n").filter { $0.hasPrefix("✔ Test \"'") }
        #expect(passed.count == 19, "9 shop keys, 6 Factory shop keys, 4 hand-rolled keys:\n\(passing.output.suffix(6_000))")
        // The hand-rolled container has no method that reads a key back by name: that test says so, skipped.
        #expect(
            passing.output.contains(
                "➜ Test \"'IssueCreateViewModel (name: issueCreateViewModel)' resolves, one instance\" skipped: \"no method of DependencyContainer takes a type and a name to read it back: resolve it by hand\""
            ), "\(passing.output.suffix(6_000))")
        #expect(passing.output.contains("✔ Test \"'CheckoutViewModel' resolves\" passed"), "the runtime argument given in the setup file arrives")

        let assemblies = package.appendingPathComponent("Sources/App/Assemblies.swift")
        let original = try String(contentsOf: assemblies, encoding: .utf8)
        defer { try? original.write(to: assemblies, atomically: true, encoding: .utf8) }
        let deleted = original.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("container.register(Store.self)") }
        try deleted.joined(separator: "\n").write(to: assemblies, atomically: true, encoding: .utf8)
        let failing = try test("AppTests")
        #expect(failing.status != 0)
        #expect(!failing.output.contains("Fatal error"), "no factory ran into the missing key:\n\(failing.output.suffix(6_000))")
        let expected = [
            "'Store' is not registered in the app's container",
            "'Store' is not registered in the app's container, and resolving 'CatalogRepository' needs it",
            "'Store' is not registered in the app's container, and resolving 'CatalogViewModel' needs it",
            "'Store' is not registered in the app's container, and resolving 'SettingsViewModel' needs it",
            "'Store' is not registered in the app's container, and resolving 'AppCoordinator' needs it",
            "'Store' is not registered in the app's container, and resolving 'CartService' needs it",
            "'Store' is not registered in the app's container, and resolving 'CheckoutViewModel' needs it",
        ]
        for message in expected { #expect(failing.output.contains(message + "\n"), "\(message):\n\(failing.output.suffix(6_000))") }
        let failed = failing.output.split(separator: "\n").filter { $0.hasPrefix("✘ Test \"'") && $0.contains("\" failed after") }
        #expect(failed.count == expected.count, "only the keys that need 'Store' fail:\n\(failing.output.suffix(6_000))")

        // A Factory key is a property: with it deleted, the tests no longer compile, and the compiler names it.
        let factories = package.appendingPathComponent("Sources/FactoryShop/Container+Shop.swift")
        let factoryOriginal = try String(contentsOf: factories, encoding: .utf8)
        defer { try? factoryOriginal.write(to: factories, atomically: true, encoding: .utf8) }
        let withoutUploader = factoryOriginal.replacingOccurrences(
            of: "    var uploader: Factory<Uploader> {\n        self { Uploader(store: Container.shared.store()) }.cached\n    }\n", with: "")
        #expect(withoutUploader != factoryOriginal)
        try withoutUploader.write(to: factories, atomically: true, encoding: .utf8)
        // SwiftPM's incremental build once linked the old test objects against the new module instead
        // of compiling them again (CI, 3e57139): a changed test source leaves it no choice.
        let shopTests = package.appendingPathComponent("Tests/FactoryShopTests/ResolveAllTests.swift")
        let shopTestsOriginal = try String(contentsOf: shopTests, encoding: .utf8)
        defer { try? shopTestsOriginal.write(to: shopTests, atomically: true, encoding: .utf8) }
        try (shopTestsOriginal + "\n").write(to: shopTests, atomically: true, encoding: .utf8)
        let unbuilt = try test("FactoryShopTests")
        #expect(unbuilt.status != 0)
        #expect(unbuilt.output.contains("error: value of type 'SyncContainer' has no member 'uploader'"), "\(unbuilt.output.suffix(6_000))")
        try factoryOriginal.write(to: factories, atomically: true, encoding: .utf8)

        // A hand-rolled resolve stops the app on a miss: the run stops there, with the app's own message naming the key.
        let registrations = package.appendingPathComponent("Sources/HandRolledApp/Registrations.swift")
        let handRolledOriginal = try String(contentsOf: registrations, encoding: .utf8)
        defer { try? handRolledOriginal.write(to: registrations, atomically: true, encoding: .utf8) }
        let withoutViewModel = handRolledOriginal.replacingOccurrences(
            of:
                "        container.register(MovieListViewModel.self) {\n            MovieListViewModel(repository: container.resolve(type: MovieRepositoryProtocol.self))\n        }\n",
            with: "")
        #expect(withoutViewModel != handRolledOriginal)
        try withoutViewModel.write(to: registrations, atomically: true, encoding: .utf8)
        let stopped = try test("HandRolledAppTests")
        #expect(stopped.status != 0)
        #expect(stopped.output.contains("nothing registered for MovieListViewModel"), "\(stopped.output.suffix(6_000))")
    }

    /// For the round trips: how many keys are registered in both containers and shared across two
    /// top-level resolves in both or in neither; each that is not is printed.
    static let agreeing = """
        func agreeing(_ keys: [(String, (Resolver) -> AnyObject?)], _ original: Resolver, _ generated: Resolver) -> Int {
            var agree = 0
            for (key, resolve) in keys {
                let first = resolve(original), second = resolve(original)
                let made = resolve(generated), again = resolve(generated)
                let same = first != nil && made != nil && (first === second) == (made === again)
                if !same { print("FAILED: \\(key) differs: source registered \\(first != nil), shared \\(first === second); generated registered \\(made != nil), shared \\(made === again)") }
                if same { agree += 1 }
            }
            return agree
        }

        """

    /// The library modules of fixtures/import/modules, each the harness target of its name.
    static let fixtureModules = [
        ("fixtures/import/modules/Domain/Domain", "Domain"), ("fixtures/import/modules/Data/AppData", "AppData"),
        ("fixtures/import/modules/Data/Networking", "Networking"),
    ]

    /// Writes every fixture's assemblies, stubs and program into the harness package, builds it once.
    static let build: Result<Void, BuildFailure> = {
        do {
            let package = work.appendingPathComponent("package")
            try? FileManager.default.removeItem(at: package.appendingPathComponent("Sources"))
            try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
            // The generative seeds of this run become targets `Generative<seed>` beside the fixtures.
            let template = try String(
                contentsOf: GeneratedCodeRunner.packageRoot.appendingPathComponent("Tests/SwinjectHarness/Package.swift"), encoding: .utf8)
            let generative = GenerativeTests.seeds.map { "\"Generative\($0)\"" }.joined(separator: ", ")
            let manifest = template.replacingOccurrences(of: "\"Autoregistration\"]", with: "\"Autoregistration\", \(generative)]")
            try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            for fixture in programs {
                let sources = package.appendingPathComponent("Sources/\(fixture.target)")
                try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
                let plan = try GeneratedCodeRunner.plan(fixture.paths, keysHoldArguments: true)
                try SwinjectAssemblyGenerator(plan: plan, sources: fixture.paths).generate()
                    .write(to: sources.appendingPathComponent("Assemblies.swift"), atomically: true, encoding: .utf8)
                try StubGenerator(plan: plan).generate().write(to: sources.appendingPathComponent("Stubs.swift"), atomically: true, encoding: .utf8)
                let program = "import Swinject\n" + GeneratedCodeRunner.checks + fixture.program + "\nexit(failures == 0 ? 0 : 1)\n"
                try program.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
            }
            for fixture in importPrograms {
                let sources = package.appendingPathComponent("Sources/\(fixture.target)")
                try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
                let folder = GeneratedCodeRunner.packageRoot.appendingPathComponent(fixture.fixture)
                for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
                    try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: sources.appendingPathComponent(name))
                }
                if let generate = fixture.generate {
                    let imported = SwiftImporter.run(paths: [folder.path], excluding: generate.excluding)
                    let manifest = work.appendingPathComponent("\(fixture.target).yaml")
                    try imported.written(as: .yaml, command: "digraph import").write(to: manifest, atomically: true, encoding: .utf8)
                    let plan = try GeneratedCodeRunner.plan([manifest.path])
                    try SwinjectAssemblyGenerator(plan: plan, access: .internal, sources: [manifest.lastPathComponent]).generate()
                        .write(to: sources.appendingPathComponent("Generated.swift"), atomically: true, encoding: .utf8)
                    try generate.support.write(to: sources.appendingPathComponent("RoundTripSupport.swift"), atomically: true, encoding: .utf8)
                }
                let program =
                    "import Foundation\nimport Swinject\n" + GeneratedCodeRunner.checks + Self.agreeing + fixture.program + "\nexit(failures == 0 ? 0 : 1)\n"
                try program.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
            }
            for (folder, module) in fixtureModules {
                let sources = package.appendingPathComponent("Sources/\(module)")
                try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
                let from = GeneratedCodeRunner.packageRoot.appendingPathComponent(folder)
                for name in try FileManager.default.contentsOfDirectory(atPath: from.path) where name.hasSuffix(".swift") {
                    try FileManager.default.copyItem(at: from.appendingPathComponent(name), to: sources.appendingPathComponent(name))
                }
            }
            for fixture in factoryPrograms {
                let sources = package.appendingPathComponent("Sources/\(fixture.target)")
                try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
                let folder = GeneratedCodeRunner.packageRoot.appendingPathComponent(fixture.fixture)
                for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
                    try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: sources.appendingPathComponent(name))
                }
                let program = "import FactoryKit\n" + GeneratedCodeRunner.checks + fixture.program + "\nexit(failures == 0 ? 0 : 1)\n"
                try program.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
            }
            for fixture in factoryGenerated {
                let sources = package.appendingPathComponent("Sources/\(fixture.target)")
                try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
                let plan = try GeneratedCodeRunner.plan(fixture.paths)
                try FactoryContainerGenerator(plan: plan, sources: fixture.paths).generate()
                    .write(to: sources.appendingPathComponent("Container.swift"), atomically: true, encoding: .utf8)
                try StubGenerator(plan: plan).generate().write(to: sources.appendingPathComponent("Stubs.swift"), atomically: true, encoding: .utf8)
                let program = "import FactoryKit\n" + GeneratedCodeRunner.checks + fixture.program + "\nexit(failures == 0 ? 0 : 1)\n"
                try program.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
            }
            for app in resolveAllApps {
                let sources = package.appendingPathComponent("Sources/\(app.module)")
                let tests = package.appendingPathComponent("Tests/\(app.module)Tests")
                try? FileManager.default.removeItem(at: tests)
                for folder in [sources, tests] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
                let folder = GeneratedCodeRunner.packageRoot.appendingPathComponent(app.fixture)
                for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
                    try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: sources.appendingPathComponent(name))
                }
                let (generated, setup) = try resolveAllTests(app.fixture, module: app.module)
                try generated.write(to: tests.appendingPathComponent("ResolveAllTests.swift"), atomically: true, encoding: .utf8)
                // The team fills in the setup file once: here, the runtime arguments it marks.
                var filled = setup
                for (placeholder, value) in app.arguments { filled = filled.replacingOccurrences(of: placeholder, with: value) }
                try filled.write(to: tests.appendingPathComponent("ResolveAllSetup.swift"), atomically: true, encoding: .utf8)
            }
            let shim = package.appendingPathComponent("Sources/FactoryKit")
            try FileManager.default.createDirectory(at: shim, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: GeneratedCodeRunner.packageRoot.appendingPathComponent("Tests/FactoryShim/FactoryKit.swift"),
                to: shim.appendingPathComponent("FactoryKit.swift"))
            for seed in GenerativeTests.seeds {
                let sources = package.appendingPathComponent("Sources/Generative\(seed)")
                try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
                let hostile = HostileManifest(seed: seed)
                let plan = try GenerativeTests.plan(hostile)
                try SwinjectAssemblyGenerator(plan: plan, sources: ["hostile.yaml"]).generate()
                    .write(to: sources.appendingPathComponent("Assemblies.swift"), atomically: true, encoding: .utf8)
                try StubGenerator(plan: plan).generate().write(to: sources.appendingPathComponent("Stubs.swift"), atomically: true, encoding: .utf8)
                try GenerativeTests.swinjectProgram(hostile, plan).write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
            }
            let result = try GeneratedCodeRunner.swiftPM(
                ["build", "--package-path", package.path, "--scratch-path", work.appendingPathComponent("scratch").path], work: work)
            return result.status == 0 ? .success(()) : .failure(BuildFailure(output: result.output))
        } catch {
            return .failure(BuildFailure(output: "\(error)"))
        }
    }()

    /// The Swinject assemblies of the generative seeds keep the same promises as the plain container.
    @Test(arguments: GenerativeTests.seeds)
    func generativeAssembliesKeepEveryPromise(_ seed: UInt64) throws {
        if case .failure(let failure) = Self.build {
            Issue.record("the harness did not build:\n\(failure.output.suffix(6_000))")
            return
        }
        let result = try GeneratedCodeRunner.run(Self.work.appendingPathComponent("scratch/debug/Generative\(seed)").path, [])
        #expect(result.status == 0, "seed \(seed):\n\(result.output)\n--- manifest ---\n\(HostileManifest(seed: seed).yaml)")
        #expect(result.output.contains("ok: "), "seed \(seed): no check ran")
    }

    struct BuildFailure: Error {
        var output: String
    }

    @Test(arguments: programs.map(\.target) + importPrograms.map(\.target) + factoryPrograms.map(\.target) + factoryGenerated.map(\.target))
    func assembliesBehave(_ target: String) throws {
        if case .failure(let failure) = Self.build {
            Issue.record("the harness did not build:\n\(failure.output.suffix(6_000))")
            return
        }
        let executable = Self.work.appendingPathComponent("scratch/debug/\(target)").path
        let result = try GeneratedCodeRunner.run(executable, [])
        #expect(result.status == 0, "\(result.output)")
        let checks = result.output.split(separator: "\n").filter { $0.hasPrefix("ok: ") }
        let expected =
            Self.programs.first { $0.target == target }?.checks ?? Self.importPrograms.first { $0.target == target }?.checks
            ?? Self.factoryPrograms.first { $0.target == target }?.checks ?? Self.factoryGenerated.first { $0.target == target }!.checks
        #expect(checks.count == expected, "\(result.output)")
    }
}
