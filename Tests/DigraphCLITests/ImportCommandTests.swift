import Foundation
import Testing

/// `digraph import`, and `check`/`render`/`gen-swift` given Swift sources, run as a user would.
struct ImportCommandTests {
    static let fixtures = [
        "swinject", "handrolled", "autoregistration", "unreadable", "eager", "assembler", "precision", "factory", "shop", "factoryshop", "children",
        "modules",
    ]

    func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Writes each file (path relative to `directory`: its text), making the folders on the way.
    func write(_ files: [String: String], into directory: URL) throws {
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    func expected(_ fixture: String) throws -> String {
        try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("fixtures/import/\(fixture).expected.yaml"), encoding: .utf8)
    }

    /// The whole manifest of each fixture, byte for byte (the golden files are what `import -o` wrote).
    @Test(arguments: fixtures)
    func importMatchesItsGolden(_ fixture: String) throws {
        let result = try CLIRunner.run(["import", "fixtures/import/\(fixture)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try expected(fixture)))
        // The imported manifest loads as it is.
        let checked = try CLIRunner.run(["check", "fixtures/import/\(fixture).expected.yaml", "--format", "json"])
        #expect(!checked.stdout.contains("\"schema\""), "\(checked.stdout)")
    }

    @Test func whatCannotBeReadIsReportedWithItsLocation() throws {
        let result = try CLIRunner.run(["import", "fixtures/import/unreadable"])
        #expect(result.status == 0)
        #expect(
            result.stderr == """
                fixtures/import/unreadable/Broken.swift:6:77: info: 'Formatter (name: german)': parameter 'locale' is given `"de"`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                fixtures/import/unreadable/Broken.swift:6:90: warning: the file does not parse as Swift here; registrations around this point may be incomplete. Fix the syntax error (swiftc shows it) and import again [swift-import]
                fixtures/import/unreadable/HelperAssembly.swift:22:19: info: 'Reporting': parameter 'apiKey' is given `"key"`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                fixtures/import/unreadable/HelperAssembly.swift:34:61: info: 'Dashboard': parameter 'formatter' is built in place (`Formatter(locale: r.resolve(String.self, name: "locale")!)`); digraph records the resolves inside it as dependencies of 'Dashboard'; gen-swift asks how to build it, or register that value separately to model it [swift-import]
                fixtures/import/unreadable/HelperAssembly.swift:37:9: warning: 'Formatter': the object scope `ObjectScope(storageFactory: DiskStorage.init)` is not one of Swinject's (container, graph, transient, weak); it is imported as graph, check it [swift-import]
                fixtures/import/unreadable/HelperAssembly.swift:37:61: info: 'Formatter': parameter 'locale' is given `"en"`, a value the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                digraph: imported 6 registrations: 0 errors, 2 warnings, 4 infos
                digraph: read 2 Swift files: 6 registrations, 3 resolves, 2 calls not understood

                """)
    }

    @Test func theSpellingOfAPathDoesNotChangeTheOutput() throws {
        let plain = try CLIRunner.run(["import", "fixtures/import/handrolled"])
        for spelling in ["fixtures/import/handrolled/", "./fixtures/import/handrolled", "./fixtures/import/handrolled//"] {
            #expect(try CLIRunner.run(["import", spelling]).stdout == plain.stdout, "\(spelling)")
        }
    }

    @Test func writesAFileAndCheckFindsDrift() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sources = directory.appendingPathComponent("DI")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try "import Swinject; container.register(A.self) { r in A(b: r.resolve(B.self)!) }\n".write(
            to: sources.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("di.yaml").path

        let written = try CLIRunner.run(["import", "DI", "-o", "di.yaml"], directory: directory)
        #expect(written.status == 0)
        #expect(
            written.stderr
                == "digraph: wrote di.yaml: 1 registration and 0 direct resolves from 1 Swift file\ndigraph: read 1 Swift file: 1 registration, 1 resolve, 0 calls not understood\n"
        )
        #expect(
            try String(contentsOfFile: output, encoding: .utf8) == """
                # Imported from Swift by `digraph import DI`; regenerate rather than edit,
                # or copy it once and maintain it by hand from then on.
                version: 1
                assembly: DIAssembly

                registrations:
                  # DI/A.swift:1
                  - provides: A
                    lifetime: graph
                    dependencies:
                      b: B

                """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["DI", "di.yaml"])

        let fresh = try CLIRunner.run(["import", "DI/", "-o", "di.yaml", "--check"], directory: directory)
        #expect(fresh.status == 0)
        #expect(fresh.stderr == "digraph: di.yaml is up to date\n")

        try "import Swinject; container.register(A.self) { r in A(b: r.resolve(B.self)!) }.inObjectScope(.container)\n"
            .write(to: sources.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let stale = try CLIRunner.run(["import", "DI", "-o", "di.yaml", "--check"], directory: directory)
        #expect(stale.status == 1)
        #expect(stale.stderr == "digraph: di.yaml is stale: the Swift sources changed (1 registration changed: A); run `digraph import DI -o di.yaml`\n")

        // Lines added above a registration move its origin comment, not the graph: still up to date.
        try "import Swinject\n\n// The app's wiring.\ncontainer.register(A.self) { r in A(b: r.resolve(B.self)!) }\n"
            .write(to: sources.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let moved = try CLIRunner.run(["import", "DI", "-o", "di.yaml", "--check"], directory: directory)
        #expect(moved.status == 0)
        #expect(
            moved.stderr
                == "digraph: di.yaml is up to date (the same registrations; 1 origin comment points at moved lines: `digraph import DI -o di.yaml` refreshes them)\n",
            "\(moved.stderr)")
        // A registration added and one gone are named.
        try "import Swinject\ncontainer.register(C.self, name: \"c\") { _ in C() }\n"
            .write(to: sources.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let replaced = try CLIRunner.run(["import", "DI", "-o", "di.yaml", "--check"], directory: directory)
        #expect(replaced.status == 1)
        #expect(
            replaced.stderr
                == "digraph: di.yaml is stale: the Swift sources changed (1 registration added: C (name: c); 1 registration removed: A); run `digraph import DI -o di.yaml`\n",
            "\(replaced.stderr)")

        let missing = try CLIRunner.run(["import", "DI", "-o", "other.yaml", "--check"], directory: directory)
        #expect(missing.status == 1)
        #expect(missing.stderr == "digraph: other.yaml does not exist; run `digraph import DI -o other.yaml`\n")
        // Only a regular file is compared: reading a FIFO would wait for a writer forever.
        #expect(mkfifo(directory.appendingPathComponent("pipe.yaml").path, 0o600) == 0)
        let fifo = try CLIRunner.run(["import", "DI", "-o", "pipe.yaml", "--check"], directory: directory)
        #expect(fifo.status == 1)
        #expect(
            fifo.stderr
                == "digraph: pipe.yaml is not a regular file (a FIFO, a device or a socket); give the path of a file; run `digraph import DI -o pipe.yaml`\n",
            "\(fifo.stderr)")
    }

    @Test func excludesAndJSON() throws {
        let excluded = try CLIRunner.run(["import", "fixtures/import/swinject", "--exclude", "AppDelegate.swift", "--format", "json"])
        #expect(excluded.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(excluded.stdout.utf8)) as! [String: Any]
        #expect(object["resolves"] == nil)
        #expect((object["registrations"] as! [Any]).count == 21)
        #expect(try CLIRunner.run(["import", "fixtures/import/swinject", "--exclude", "**/*Assembly.swift"]).stdout.contains("registrations: []"))
    }

    @Test func unusableInputIsExitTwo() throws {
        let missing = try CLIRunner.run(["import", "no/such/folder"])
        #expect(missing.status == 2)
        #expect(missing.stdout == "")
        #expect(
            missing.stderr
                == "no/such/folder:1:1: error: cannot read no/such/folder: it does not exist [swift-import]\ndigraph: imported 0 registrations: 1 error, 0 warnings, 0 infos\n"
        )
        let empty = try scratch()
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try CLIRunner.run(["import", empty.path])
        #expect(none.status == 2)
        #expect(none.stderr.contains("error: no Swift files found in \(empty.path) [swift-import]"))
        #expect(try CLIRunner.run(["import", "fixtures/import/swinject", "--check"]).status == 2)
    }

    // MARK: check, render and gen-swift on Swift sources

    @Test func checkPointsAtTheSwiftSource() throws {
        let result = try CLIRunner.run(["check", "fixtures/import/autoregistration"])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                fixtures/import/autoregistration/FeedAssembly.swift:27:63: error: nothing provides 'FeedCache', needed by 'FeedLoading' (parameter 'cache') [missing-binding]
                fixtures/import/autoregistration/FeedAssembly.swift:26:28: note: did you mean 'FeedCache (name: disk)'? It is registered here
                digraph: checked 6 registrations: 1 error, 0 warnings, 0 infos

                """)
        let swinject = try CLIRunner.run(["check", "fixtures/import/swinject", "--ignore", "swift-import"])
        #expect(swinject.status == 0)
        // The Swinject fixture holds two real captives, found in its Swift source.
        #expect(
            swinject.stdout == """
                fixtures/import/swinject/DomainAssembly.swift:15:9: info: nothing reachable from a root uses 'OrderWriting'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                fixtures/import/swinject/PresentationAssembly.swift:56:71: warning: singleton 'AppCoordinator' holds graph 'AuthServicing' (parameter 'auth'): the value is made once and kept for the singleton's whole life; make 'AuthServicing' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'AppCoordinator' shorter-lived [captive-dependency]
                fixtures/import/swinject/DomainAssembly.swift:5:9: note: 'AuthServicing' is registered graph here
                fixtures/import/swinject/PresentationAssembly.swift:58:13: warning: singleton 'AppCoordinator' holds graph 'LoginViewController' (property 'login'): the value is made once and kept for the singleton's whole life; make 'LoginViewController' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'AppCoordinator' shorter-lived [captive-dependency]
                fixtures/import/swinject/PresentationAssembly.swift:36:9: note: 'LoginViewController' is registered graph here
                digraph: checked 21 registrations: 0 errors, 2 warnings, 1 info

                """)
    }

    @Test func aResolveOfSomethingNeverRegisteredIsMissingEvenBehindGuard() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        final class AppDelegate {
            func application() {
                guard let tokens = container.resolve(PushTokenRepository.self) else { return }
                tokens.register()
                container.register(Analytics.self, instance: Analytics())
            }
        }

        """.write(to: directory.appendingPathComponent("AppDelegate.swift"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "AppDelegate.swift"], directory: directory)
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "AppDelegate.swift:3:28: error: nothing provides 'PushTokenRepository', needed by app code (resolved directly) [missing-binding]\n"),
            "\(result.stdout)")
    }

    /// A container filled by code digraph is not given (Sourcery generates it at build time; the
    /// sources hold only `AppContainer.instance.resolve(…)`): with no registration read at all, a
    /// key it cannot find is not known to be missing. A warning that says so; exit 0.
    @Test func withNoRegistrationReadAResolveIsNotAnError() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        final class AppDelegate {
            func application() {
                AppContainer.instance.resolve(SceneCoordinatorType.self)?.start()
            }
        }

        """.write(to: directory.appendingPathComponent("AppDelegate.swift"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "AppDelegate.swift"], directory: directory)
        #expect(result.status == 0)
        #expect(
            result.stdout
                == "AppDelegate.swift:3:9: warning: nothing provides 'SceneCoordinatorType', needed by app code (resolved directly) (digraph read no registration at all in these paths: the container may be filled by code it was not given, generated at build time or in a package; give digraph those paths) [missing-binding]\ndigraph: checked 0 registrations: 0 errors, 1 warning, 0 infos\n",
            "\(result.stdout)")
    }

    @Test func manifestsBesideSwiftAreMerged() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let extra = directory.appendingPathComponent("cache.yaml")
        try """
        version: 1
        registrations:
          - provides: FeedCache
            lifetime: singleton

        """.write(to: extra, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "fixtures/import/autoregistration", extra.path])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "digraph: checked 7 registrations: 0 errors, 0 warnings, 0 infos\n")
    }

    /// A SwiftPM package: each type's module is the target that declares it, and a manifest that
    /// holds only `modules` adds layer rules to the Swift code.
    @Test func packageTargetsAreModulesAndLayersApply() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [
            "Package.swift":
                "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [.target(name: \"Domain\"), .target(name: \"Data\", path: \"Modules/Data\"), .target(name: \"Presentation\")])\n",
            "Sources/Domain/Repository.swift": "public protocol Repository: AnyObject {}\n",
            "Modules/Data/RemoteRepository.swift":
                "public final class RemoteRepository: Repository { public init() {} }\npublic final class APIClient { public init() {} }\n",
            "Sources/Presentation/ViewModel.swift": "public final class ViewModel { public init(repository: Repository, api: APIClient) {} }\n",
            "Sources/Presentation/Assembly.swift": """
            import Swinject
            func assemble(container: Container) {
                container.register(Repository.self) { _ in RemoteRepository() }
                container.register(APIClient.self) { _ in APIClient() }
                container.register(ViewModel.self) { r in ViewModel(repository: r.resolve(Repository.self)!, api: r.resolve(APIClient.self)!) }
            }

            """,
            "layers.yaml": "version: 1\nmodules:\n  Domain: {}\n  Data: { dependsOn: [Domain] }\n  Presentation: { dependsOn: [Domain] }\nregistrations: []\n",
        ]
        try write(files, into: directory)
        let imported = try CLIRunner.run(["import", "."], directory: directory)
        #expect(imported.stdout.contains("interfaces:\n  Repository: { module: Domain }\n"))
        #expect(imported.stdout.contains("  - provides: ViewModel\n    lifetime: graph\n    module: Presentation\n"))
        let result = try CLIRunner.run(["check", "Sources", "Modules", "layers.yaml"], directory: directory)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                Sources/Presentation/Assembly.swift:5:98: error: 'ViewModel' in module Presentation depends on 'APIClient' of module Data, but Presentation may depend only on Domain; depend on an interface of an allowed module instead (a protocol that module declares), or add Data to Presentation's target dependencies if this dependency is intended [layer-violation]
                digraph: checked 3 registrations: 1 error, 0 warnings, 0 infos

                """)
    }

    /// Antoszku/Payback keeps its own `Resolver` package over Swinject: `register(_:initializer:)`
    /// hands `initializer` on to SwinjectAutoregistration's `autoregister`. The module is the app's,
    /// not hmlongco/Resolver (it was a refusal, "no registration found, and the sources use
    /// Resolver"), and `resolver.register(APIClient.self, initializer: DefaultAPIClient.init)` is the
    /// autoregistration it makes (it was "names the key but passes neither …").
    @Test func anAppsOwnResolverModuleForwardingToAutoregisterIsRead() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [
            "DI/Sources/Resolver/Resolver.swift": """
            import Swinject
            import SwinjectAutoregistration

            public struct Resolver {
                private let container = Container()
                public init() {}
                public func resolve<T>(_: T.Type) -> T { container.resolve(T.self)! }
                public func register<T, A>(_ type: T.Type, initializer: @escaping (A) -> T) {
                    container.autoregister(type, initializer: initializer)
                }
                public func register<T>(_ type: T.Type, initializer: @escaping () -> T) {
                    container.autoregister(type, initializer: initializer)
                }
            }

            """,
            "Networking/Sources/Networking/Assembler.swift": """
            import Resolver

            public protocol Session {}
            final class URLSessionBacked: Session { init() {} }
            public protocol APIClient {}
            final class DefaultAPIClient: APIClient { init(session: Session) {} }
            public struct NetworkingAssembler {
                public init(resolver: Resolver) {
                    resolver.register(Session.self, initializer: URLSessionBacked.init)
                    resolver.register(APIClient.self, initializer: DefaultAPIClient.init)
                    _ = resolver.resolve(APIClient.self)
                }
            }

            """,
        ]
        try write(files, into: directory)
        let checked = try CLIRunner.run(["check", "."], directory: directory)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(checked.stdout == "digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
        let imported = try CLIRunner.run(["import", "."], directory: directory)
        #expect(
            imported.stdout.contains(
                """
                  - provides: APIClient
                    implementation: DefaultAPIClient
                    lifetime: graph
                    dependencies:
                      session: Session

                """), "\(imported.stdout)")
    }

    /// ABTGarcia/w_heroes: a package whose one target is `path: "Sources"` keeps its code in folders
    /// below (`Sources/UseCases/`, `Sources/Repositories/`): those folders are that target, not
    /// targets of their own. Before, each folder was taken for a module named after it.
    @Test func foldersInsideATargetDeclaredAtSourcesAreThatTarget() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [
            "Domain/Package.swift":
                "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Domain\", targets: [.target(name: \"Domain\", path: \"Sources\")])\n",
            "Domain/Sources/Repositories/Repository.swift": "public protocol Repository: AnyObject {}\n",
            "Domain/Sources/UseCases/LoadUseCase.swift": "public final class LoadUseCase { public init(repository: Repository) {} }\n",
            "App/Assembly.swift": """
            import Swinject
            final class RemoteRepository: Repository {}
            func assemble(container: Container) {
                container.register(Repository.self) { _ in RemoteRepository() }
                container.register(LoadUseCase.self) { r in LoadUseCase(repository: r.resolve(Repository.self)!) }
            }

            """,
        ]
        try write(files, into: directory)
        let imported = try CLIRunner.run(["import", "."], directory: directory)
        #expect(imported.stdout.contains("interfaces:\n  Repository: { module: Domain }\n"), "\(imported.stdout)")
        #expect(imported.stdout.contains("  - provides: LoadUseCase\n    lifetime: graph\n    module: Domain\n"), "\(imported.stdout)")
    }

    /// Vendored code, build output and Xcode file templates are not the app's: `Pods/` (Swinject's
    /// own sources among them), `.build/`, and `*.xctemplate` folders, whose `___VARIABLE_name___`
    /// placeholders never parse (KhanhLee99/Base_iOS: 3 "does not parse" warnings).
    @Test func vendoredCodeBuildOutputAndTemplatesAreNotRead() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let registration = "import Swinject\nfinal class Clock {}\nfunc assemble(container: Container) { container.register(Clock.self) { _ in Clock() } }\n"
        let files = [
            "App/Assembly.swift": registration,
            "Pods/Swinject/Container.swift": registration.replacingOccurrences(of: "Clock", with: "PodClock"),
            ".build/checkouts/Lib/Lib.swift": registration.replacingOccurrences(of: "Clock", with: "BuiltClock"),
            "Templates/Screen.xctemplate/___FILEBASENAME___.swift": "final class ___VARIABLE_name___ViewModel {}\n",
        ]
        try write(files, into: directory)
        let checked = try CLIRunner.run(["check", "."], directory: directory)
        #expect(checked.status == 0)
        #expect(checked.stdout == "digraph: checked 1 registration: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
        #expect(checked.stderr == "digraph: read 1 Swift file: 1 registration, 0 resolves, 0 calls not understood\n", "\(checked.stderr)")
    }

    @Test func renderAndGenSwiftTakeSwiftSources() throws {
        let dot = try CLIRunner.run(["render", "fixtures/import/handrolled", "--dot", "-o", "-"])
        #expect(dot.status == 0)
        #expect(dot.stdout.hasPrefix("digraph") && dot.stdout.contains("MovieListViewModel"))
        let code = try CLIRunner.run(["gen-swift", "fixtures/import/handrolled", "--access", "internal"])
        #expect(code.status == 0, "\(code.stderr)")
        #expect(code.stdout.contains("func movieListViewModel() -> MovieListViewModel"))
    }
}
