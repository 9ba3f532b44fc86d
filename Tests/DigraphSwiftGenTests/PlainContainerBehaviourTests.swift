import DigraphCore
import DigraphSwiftGen
import Foundation
import Testing

/// The generated plain container, compiled with `-swift-version 6 -warnings-as-errors` against stubs
/// of the manifest's types, and run: each program checks one fixture's behaviour and prints the
/// checks it made, which must all pass.
@Suite(.serialized)
struct PlainContainerBehaviourTests {
    func run(_ paths: [String], program: String, name: String, parts: Int = 1) throws -> [String] {
        let plan = try GeneratedCodeRunner.plan(paths)
        var files = Dictionary(
            uniqueKeysWithValues: PlainContainerGenerator(plan: plan, sources: paths, parts: parts).generateFiles().map { ($0.name, $0.text) })
        let stubs = StubGenerator(plan: plan).generate()
        files["Stubs.swift"] = stubs
        files["main.swift"] = GeneratedCodeRunner.checks + program + "\nexit(failures == 0 ? 0 : 1)\n"
        let result = try GeneratedCodeRunner.compileAndRun(files: files, name: name)
        #expect(result.compiled, "compiler said:\n\(result.compilerOutput)\n--- stubs ---\n\(stubs)")
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n").map(String.init)
    }

    static let popcornProgram = """
        let container = PopcornContainer(string_keychainService: "com.popcorn.keychain")

        // Resolving one screen builds what it needs and nothing else.
        let movies = container.movieListViewController()
        check(MovieRepository.instances == 1 && TokenRepository.instances == 1, "a root builds its dependencies")
        check(LoginRepository.instances == 0 && SocialLoginRepository.instances == 0 && SignUpRepository.instances == 0,
              "unrelated singletons are not constructed")

        // Singletons are shared, transients are fresh.
        check(container.networkManagerProtocol() === container.networkManagerProtocol(), "singletons are identical across calls")
        check(container.loginViewModel() !== container.loginViewModel(), "transients are distinct")
        check(movies.viewModel !== container.movieListViewModel(), "a transient view model is fresh per screen")
        check((container.keychainManagerProtocol() as! KeychainManager).service == "com.popcorn.keychain", "supplied values arrive")

        // Lazy dependencies resolve when called, not before.
        let login = container.loginViewController()
        check(SignUpViewController.instances == 0, "a lazy dependency is not built with its holder")
        let signUp = login.makeSignUp()
        check(SignUpViewController.instances == 1 && signUp !== login.makeSignUp(), "a lazy closure resolves late, each call")

        // Overrides replace a registration before its first use, without touching the generated file.
        final class MockLoginRepository: LoginRepositoryProtocol, Sendable {}
        let mock = MockLoginRepository()
        var overrides = PopcornContainer.Overrides()
        overrides.loginRepositoryProtocol = { _ in mock }
        let tested = PopcornContainer(string_keychainService: "test", overrides: overrides)
        let useCase = tested.loginUseCaseProtocol() as! LoginUseCase
        check(useCase.loginRepository === mock, "an override replaces the registration")
        check(tested.loginRepositoryProtocol() === mock, "an overridden singleton is still shared")

        // Singletons are built once even when first asked for on many threads at once.
        let concurrent = PopcornContainer(string_keychainService: "threads")
        let before = TokenRepository.instances
        let seen = NSLock()
        nonisolated(unsafe) var identities = Set<ObjectIdentifier>()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            let repository = concurrent.tokenRepositoryProtocol()
            seen.lock()
            identities.insert(ObjectIdentifier(repository))
            seen.unlock()
        }
        check(identities.count == 1 && TokenRepository.instances == before + 1, "a singleton is built once under concurrent first use")
        """

    @Test func popcorn() throws {
        let output = try run(["fixtures/popcorn/manifest.yaml"], program: Self.popcornProgram, name: "popcorn")
        #expect(output.count == 11)
    }

    /// The same container spread over several files (`--split`) behaves the same.
    @Test func popcornSplitAcrossFiles() throws {
        let output = try run(["fixtures/popcorn/manifest.yaml"], program: Self.popcornProgram, name: "popcorn-split", parts: 4)
        #expect(output.count == 11)
        let plan = try GeneratedCodeRunner.plan(["fixtures/popcorn/manifest.yaml"])
        let names = PlainContainerGenerator(plan: plan, sources: [], parts: 4).generateFiles().map(\.name)
        #expect(
            names == [
                "PopcornContainer.swift", "PopcornContainer+Registrations1.swift", "PopcornContainer+Registrations2.swift",
                "PopcornContainer+Registrations3.swift", "PopcornContainer+Registrations4.swift",
            ])
    }
}

extension PlainContainerBehaviourTests {
    @Test func workout() throws {
        let output = try run(
            ["fixtures/workout"],
            program: """
                let container = WorkoutContainer(calendar: Calendar(identifier: .gregorian))
                let window = UIWindow()

                // Graph scope: one HomeViewModel per top-level resolve, shared inside it.
                let coordinator = container.mainCoordinator(window: window)
                check(coordinator.homeViewModel === coordinator.home.viewModel, "graph lifetime is shared within one resolve")
                let second = container.mainCoordinator(window: nil)
                check(second.homeViewModel !== coordinator.homeViewModel, "graph lifetime is fresh in the next resolve")

                // Runtime arguments arrive, and are passed along edges.
                check(coordinator.window === window && second.window == nil, "a runtime argument arrives")
                let day = Date(timeIntervalSince1970: 86_400)
                let history = History()
                let controller = container.historyViewController(date: day, history: history)
                check(controller.viewModel.date == day && controller.viewModel.history === history, "arguments are passed along an edge")

                // A lazy factory with arguments resolves when called, with the arguments given then.
                check(HistoryViewController.instances == 1, "only the explicitly resolved history screen exists")
                let pushed = coordinator.home.makeHistory(day, nil)
                check(HistoryViewController.instances == 2 && pushed.viewModel.history == nil, "a lazy closure takes its arguments late")

                // `.shared` factories and container-scoped repositories.
                check(container.workoutRepositoryProtocol() === container.workoutRepositoryProtocol(), "a factory-made singleton is shared")
                check(container.historyRepositoryProtocol() === coordinator.homeViewModel.history, "a singleton is shared across screens")
                check(ExerciseListViewController.instances == 0, "an unopened screen is never built")
                """, name: "workout")
        #expect(output.count == 9)
    }

    @Test func issueTracker() throws {
        let output = try run(
            ["fixtures/issue-tracker/manifest.yaml"],
            program: """
                let container = IssueTrackerContainer(url_apiBaseURL: URL(string: "https://issues.example")!)

                // One repository under three keys: one instance.
                let reading = container.issueReading()
                let writing = container.issueWriting()
                let both = container.issueReading_and_IssueWriting()
                check(reading === writing && writing === both, "a registration under several keys is one instance")

                // MainActor registrations, and a lazy edge from the coordinator.
                let coordinator = container.appCoordinator()
                check(IssueListViewModel.instances == 0, "the lazy issue list is not built with the coordinator")
                let list = coordinator.issueList()
                check(list.listIssues.repository === reading, "the list reads through the shared repository")
                let create = list.makeCreateIssue()
                check(create.reading === reading && create.createIssue.repository === both, "list and create share one repository")
                check(container.appCoordinator() === coordinator, "the coordinator is a singleton")

                // A mock for the composition key replaces the repository for every key that shares it.
                final class MockIssues: IssueReading, IssueWriting, Sendable {}
                let mock = MockIssues()
                var overrides = IssueTrackerContainer.Overrides()
                overrides.issueReading_and_IssueWriting = { _ in mock }
                let tested = IssueTrackerContainer(url_apiBaseURL: URL(string: "https://test.example")!, overrides: overrides)
                check(tested.issueReading() === mock && tested.issueWriting() === mock, "an override of a shared registration covers all its keys")
                """, name: "issue-tracker")
        #expect(output.count == 6)
    }

    @Test func everyOtherFeature() throws {
        let output = try run(
            ["Tests/DigraphSwiftGenTests/Manifests/semantics.yaml"],
            program: """
                let clock = Clock()
                let container = SemanticsContainer(clock: clock)

                // Weak: shared while someone holds it, released when nobody does.
                var held: Session? = container.session()
                check(container.session() === held, "weak is shared while held")
                weak var released: Session? = held
                held = nil
                check(released == nil, "weak is released when nothing holds it")
                let fresh = container.session()
                check(Session.instances == 2 && container.session() === fresh, "weak builds again after release, then shares that one")

                // Names give distinct accessors; optionals nothing provides are nil; externals are passed in.
                let feed = container.feed()
                check(feed.primary === container.apiClient_primary() && feed.backup === container.apiClient_backup(), "named registrations are distinct")
                check(feed.primary !== feed.backup, "two names, two instances")
                check(feed.analytics == nil, "an optional nothing provides is nil")
                check(feed.unlabeled_ === clock, "an external key and an unlabeled parameter")
                check(feed.tracking === container.tracker(), "aliasOf forwards to the real registration")

                // Arguments, passed on, and lazily.
                let detailer = container.detailer(id: 7, title: "Seven")
                check(detailer.detail.id == 7 && detailer.detail.title == "Seven", "arguments are passed on")
                let later = detailer.later(8, "Eight")
                check(later.id == 8 && later.title == "Eight", "a lazy closure takes the arguments")
                """, name: "semantics")
        #expect(output.count == 10)
    }
}

extension PlainContainerBehaviourTests {
    @Test func keywordLabelsAndUnlabeledParameters() throws {
        let output = try run(
            ["Tests/DigraphSwiftGenTests/Manifests/keywords.yaml"],
            program: """
                let container = KeywordContainer(functionIntToString_b238ebd0: { "#\\($0)" })
                let user = container.user(count: 1, title: "one")
                check(user.keyworded.for == 1 && user.keyworded.in == "one", "keyword labels carry the arguments")
                check(user.keyworded.default !== user.keyworded.unlabeled_1 && user.keyworded.unlabeled_1 !== user.keyworded.unlabeled_2, "unlabeled parameters keep their order")
                check(user.later(2, "two").in == "two", "a lazy closure with keyword-labelled arguments")
                let hostile = container.hostile(override: 1, scope: 2, overrides: 3, lock: 4, r: 5)
                check(hostile.a == 1 && hostile.b == 2 && hostile.c == 3 && hostile.d == 4 && hostile.e == 5, "arguments named like generated locals arrive")
                check(container.default() !== hostile.first && container.case() !== hostile.second, "keys whose accessor is a keyword")
                check(type(of: container.operator()) == Operator.self && type(of: container.subscript()) == Subscript.self, "keyword accessors build their own types")
                check(hostile.format(7) == "#7", "a function-type key is supplied")
                check(type(of: container.overrides_()) == Overrides.self && container.overrides_() === container.overrides_(), "a key named Overrides builds the app's type, not the container's")
                check(container.graphScope().overrides === container.overrides_() && container.lock() === container.lock(), "keys named GraphScope and Lock are plain registrations")
                """, name: "keywords")
        #expect(output.count == 9)
    }
}

extension PlainContainerBehaviourTests {
    /// A container generated from an imported hand-rolled container, compiled against the app's own
    /// hand-written types (not stubs) and run: the manifest the importer wrote builds the real thing.
    @Test func importedHandRolledContainerAgainstItsOwnTypes() throws {
        let manifest = "fixtures/import/handrolled.expected.yaml"
        let plan = try GeneratedCodeRunner.plan([manifest])
        var files = ["Container.swift": PlainContainerGenerator(plan: plan, access: .internal, sources: [manifest]).generate()]
        let fixture = GeneratedCodeRunner.packageRoot.appendingPathComponent("fixtures/import/handrolled")
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.path).sorted() where name.hasSuffix(".swift") {
            files[name] = try String(contentsOf: fixture.appendingPathComponent(name), encoding: .utf8)
        }
        files["main.swift"] =
            GeneratedCodeRunner.checks + """
                let container = AppContainer()
                check(container.networkManagerProtocol() === container.networkManagerProtocol(), "an instance registration is one value")
                check(container.movieListViewModel() !== container.movieListViewModel(), "a closure registration is fresh each time")
                check(container.issueCreateViewModel_issueCreateViewModel() === container.issueCreateViewModel_issueCreateViewModel(), "a string-named registration is one value")
                check(container.keychainManagerProtocol() is KeychainManager, "the protocol key builds the app's implementation")

                """ + "\nexit(failures == 0 ? 0 : 1)\n"
        let result = try GeneratedCodeRunner.compileAndRun(files: files, name: "imported-handrolled")
        #expect(result.compiled, "compiler said:\n\(result.compilerOutput)")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.split(separator: "\n").filter { $0.hasPrefix("ok: ") }.count == 4, "\(result.output)")
    }
}

extension PlainContainerBehaviourTests {
    /// Every lifetime resolved from many threads at once, built with ThreadSanitizer: the lock
    /// guards every cached instance and the overrides never change, so it must report nothing.
    @Test func concurrentResolvesRaceFreeUnderThreadSanitizer() throws {
        let paths = ["Tests/DigraphSwiftGenTests/Manifests/semantics.yaml"]
        let plan = try GeneratedCodeRunner.plan(paths)
        let files = [
            "SemanticsContainer.swift": PlainContainerGenerator(plan: plan, sources: paths).generate(),
            "Stubs.swift": StubGenerator(plan: plan).generate(),
            "main.swift": GeneratedCodeRunner.checks + """
                var overrides = SemanticsContainer.Overrides()
                overrides.tracker = { _ in Tracker() }
                for container in [SemanticsContainer(clock: Clock()), SemanticsContainer(clock: Clock(), overrides: overrides)] {
                    let seen = NSLock()
                    nonisolated(unsafe) var primaries = Set<ObjectIdentifier>()
                    DispatchQueue.concurrentPerform(iterations: 400) { step in
                        switch step % 5 {
                        case 0: _ = container.session()                                   // weak
                        case 1: let client = container.apiClient_primary()                // singleton
                                seen.lock(); primaries.insert(ObjectIdentifier(client)); seen.unlock()
                        case 2: _ = container.feed()                                      // transient, everything below it
                        case 3: _ = container.detailer(id: step, title: "\\(step)")      // graph, arguments, lazy
                        default: _ = container.tracking()                                 // alias to an overridable singleton
                        }
                    }
                    check(primaries.count == 1, "a singleton is one instance across 80 threads' first calls")
                }
                """ + "\nexit(failures == 0 ? 0 : 1)\n",
        ]
        let result = try GeneratedCodeRunner.compileAndRun(files: files, name: "tsan", flags: ["-sanitize=thread"])
        #expect(result.compiled, "compiler said:\n\(result.compilerOutput)")
        #expect(!result.output.contains("ThreadSanitizer"), "\(result.output)")
        #expect(result.status == 0 && result.output.components(separatedBy: "ok: ").count == 3, "\(result.output)")
    }
}

extension PlainContainerBehaviourTests {
    /// Against hand-written types: what a lazy closure does after the container is gone, and a
    /// singleton whose initializer calls a lazy closure leading back to itself.
    func runHandWritten(_ manifest: String, types: String, program: String, name: String, flags: [String] = []) throws -> GeneratedCodeRunner.Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-handwritten-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("manifest.yaml")
        try manifest.write(to: file, atomically: true, encoding: .utf8)
        let plan = try GeneratedCodeRunner.plan([file.path])
        return try GeneratedCodeRunner.compileAndRun(
            files: [
                "Container.swift": PlainContainerGenerator(plan: plan, sources: ["manifest.yaml"]).generate(),
                "Types.swift": "import Foundation\n" + types,
                "main.swift": GeneratedCodeRunner.checks + program + "\nexit(failures == 0 ? 0 : 1)\n",
            ], name: name, flags: flags)
    }

    static let engineManifest = """
        version: 1
        container: EngineContainer
        registrations:
          - provides: Engine
            lifetime: singleton
            dependencies:
              again: { type: Engine, lazy: true }
          - provides: Screen
            dependencies:
              engine: { type: Engine, lazy: true }
        """

    @Test func aLazyClosureOutlivesItsContainerAndCallingOneDuringInitIsNotReentrant() throws {
        let result = try runHandWritten(
            Self.engineManifest,
            types: """
                final class Engine: Sendable {
                    let again: @Sendable () -> Engine
                    init(again: @escaping @Sendable () -> Engine) { self.again = again }   // kept, called later
                }
                final class Screen {
                    let engine: () -> Engine
                    init(engine: @escaping () -> Engine) { self.engine = engine }
                }
                """,
            program: """
                var container: EngineContainer? = EngineContainer()
                let screen = container!.screen()
                weak var released = container
                container = nil
                let engine = screen.engine()
                check(released != nil, "a lazy closure keeps its container alive, as Swinject's resolver does")
                check(engine.again() === engine, "called after the container was let go, it resolves the same singleton")
                """, name: "lazy-after-container")
        #expect(result.compiled, "compiler said:\n\(result.compilerOutput)")
        #expect(result.status == 0 && result.output.components(separatedBy: "ok: ").count == 3, "\(result.output)")
    }

    @Test func aSingletonThatResolvesItselfWhileBeingBuiltStopsWithItsName() throws {
        let result = try runHandWritten(
            Self.engineManifest,
            types: """
                final class Engine: Sendable {
                    init(again: () -> Engine) { _ = again() }   // calls the closure during init
                }
                final class Screen {
                    init(engine: @escaping () -> Engine) {}
                }
                """, program: "_ = EngineContainer().engine()\nprint(\"built twice\")", name: "reentrant")
        #expect(result.compiled, "compiler said:\n\(result.compilerOutput)")
        #expect(result.status != 0 && !result.output.contains("built twice"))
        #expect(
            result.output.contains(
                "EngineContainer: 'Engine' was asked for while it was being built: a lazy dependency called from its initializer leads back to it; call that closure after initialization"
            ), "\(result.output)")
    }

    /// A singleton whose property leads back to it: the building thread finds it while setting
    /// that property, and no other thread gets it before its properties are set. The stored value
    /// is read under a plain lock and built under another, so ThreadSanitizer watches both.
    @Test func aSingletonIsHandedOutOnlyOnceItsPropertiesAreSetEvenUnderContention() throws {
        let result = try runHandWritten(
            """
            version: 1
            container: HubContainer
            registrations:
              - provides: Hub
                lifetime: singleton
                properties:
                  spoke: Spoke
              - provides: Spoke
                lifetime: singleton
                dependencies:
                  hub: Hub
            """,
            types: """
                final class Hub: @unchecked Sendable {
                    var spoke: Spoke?
                    init() { Thread.sleep(forTimeInterval: 0.01) }
                }
                final class Spoke: Sendable {
                    let hub: Hub
                    init(hub: Hub) { self.hub = hub; Thread.sleep(forTimeInterval: 0.03) }   // the property is set slowly
                }
                """,
            program: """
                let container = HubContainer()
                let seen = NSLock(), group = DispatchGroup()
                nonisolated(unsafe) var hubs = Set<ObjectIdentifier>(), incomplete = 0
                // Threads arrive before, during and after the first build and while its property is set.
                for step in 0..<32 {
                    group.enter()
                    Thread.detachNewThread {
                        Thread.sleep(forTimeInterval: Double(step) * 0.002)
                        let hub = container.hub()
                        let complete = hub.spoke?.hub === hub
                        seen.lock(); hubs.insert(ObjectIdentifier(hub)); if !complete { incomplete += 1 }; seen.unlock()
                        group.leave()
                    }
                }
                group.wait()
                check(hubs.count == 1, "one Hub across 32 threads' first calls")
                check(incomplete == 0, "every thread got it with its spoke set, and the spoke holds the same hub")
                """, name: "property-contention", flags: ["-sanitize=thread"])
        #expect(result.compiled, "compiler said:\n\(result.compilerOutput)")
        #expect(!result.output.contains("ThreadSanitizer"), "\(result.output)")
        #expect(result.status == 0 && result.output.components(separatedBy: "ok: ").count == 3, "\(result.output)")
    }

    @Test func weakOnAStructDoesNotCompileAndSaysWhy() throws {
        let result = try runHandWritten(
            """
            version: 1
            registrations:
              - provides: Point
                lifetime: weak
            """, types: "struct Point {}", program: "_ = AppContainer().point()", name: "weak-struct")
        #expect(!result.compiled)
        #expect(
            result.compilerOutput.contains("error: static method '_weakLifetimeRequiresAClass' requires that 'Point' be a class type"),
            "\(result.compilerOutput)")
    }
}
