import Foundation
import Testing

/// `digraph why` and `digraph analyze`, run as a user would, on the shop fixture (a small Swinject
/// app whose launch resolves the coordinator) and on manifests.
struct WhyAndAnalyzeTests {
    func expected(_ name: String) throws -> String {
        try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Tests/DigraphCLITests/Expected/\(name)"), encoding: .utf8)
    }

    func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-why-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static let shopRead = "digraph: read 3 Swift files: 9 registrations, 11 resolves, 1 call not understood\n"

    /// Three ways reach the shared store: the launch's coordinator through the catalog, the same
    /// coordinator's checkout closure (lazy), and the settings screen resolved later.
    @Test func whyNamesEveryRootPathToASharedKey() throws {
        let text = try CLIRunner.run(["why", "Store", "fixtures/import/shop"])
        #expect(text.status == 0)
        #expect(text.stdout == (try expected("why-shop-store.txt")))
        #expect(text.stderr == Self.shopRead)
        let json = try CLIRunner.run(["why", "Store", "fixtures/import/shop", "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stdout == (try expected("why-shop-store.json")))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let paths = try #require(decoded["paths"] as? [[String: Any]])
        let keys = paths.map { path in
            [((path["root"] as? [String: Any])?["key"] as? String) ?? "?"] + ((path["steps"] as? [[String: Any]]) ?? []).map { $0["key"] as? String ?? "?" }
        }
        #expect(
            keys == [
                ["AppCoordinator", "CatalogViewModel", "CatalogRepository", "Store"],
                ["AppCoordinator", "CheckoutViewModel", "CartService", "Store"],
                ["SettingsViewModel", "Store"],
            ])
        #expect(((paths[1]["steps"] as? [[String: Any]])?[0]["kind"] as? String) == "lazy")
        #expect(((paths[0]["root"] as? [String: Any])?["launch"] as? Bool) == true)
        #expect(((paths[2]["root"] as? [String: Any])?["launch"] as? Bool) == false)
    }

    /// The README shows `why` on the shop fixture: it stays what the command prints.
    @Test func theReadmesExampleIsWhatWhyPrints() throws {
        let readme = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let command = "$ digraph why Store fixtures/import/shop\n"
        let start = try #require(readme.range(of: command)?.upperBound)
        let end = try #require(readme[start...].range(of: "\n```")?.lowerBound)
        #expect(String(readme[start..<end]) + "\n" == (try expected("why-shop-store.txt")))
    }

    @Test func analyzeGivesTheLaunchSetAndTheLongestChain() throws {
        let json = try CLIRunner.run(["analyze", "fixtures/import/shop", "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stdout == (try expected("analyze-shop.json")))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let launch = try #require(decoded["launch"] as? [[String: Any]]).compactMap { $0["key"] as? String }
        // Checkout and settings are resolved later (a closure, a button): not at launch.
        #expect(Set(launch) == ["AppCoordinator", "CatalogViewModel", "CatalogRepository", "Store", "APIClient", "Logger"])
        #expect(decoded["longestChain"] as? [String] == ["AppCoordinator", "CatalogViewModel", "CatalogRepository", "Store", "APIClient", "Logger"])
        #expect((decoded["fanIn"] as? [String: Int])?["Store"] == 3)
        let text = try CLIRunner.run(["analyze", "fixtures/import/shop"])
        #expect(text.status == 0)
        #expect(text.stdout == (try expected("analyze-shop.txt")))
        #expect(text.stderr == Self.shopRead)
    }

    /// On a manifest project: `root: true` registrations start the paths; `--name` picks a named key.
    @Test func whyReadsAConfiguredManifestProjectAndNamedKeys() throws {
        let result = try CLIRunner.run(["why", "String", "--name", "keychainService", "--config", "fixtures/popcorn/.digraph.yml", "--max-paths", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "'String (name: keychainService)' is registered (singleton) at fixtures/popcorn/manifest.yaml:27:5.")
        #expect(lines[2] == "2 (the first; more exist) paths from a root reach it:")
        #expect(lines[3] == "  1. 'LoginViewController' is a root (root: true, registered at fixtures/popcorn/manifest.yaml:102:5)")
        #expect(result.stdout.contains("  Pass --max-paths with a larger number to list more.\n"))
        #expect(result.stderr.isEmpty)
        let json = try CLIRunner.run(["why", "String", "--name", "keychainService", "fixtures/popcorn/manifest.yaml", "--format", "json", "--max-paths", "2"])
        #expect(json.stdout.contains("\"complete\": false"))
    }

    @Test func anUnknownKeyIsAnErrorWithTheNearestSpellings() throws {
        let typo = try CLIRunner.run(["why", "TokenRepositry", "fixtures/popcorn/manifest.yaml"])
        #expect(typo.status == 2)
        #expect(typo.stdout.isEmpty)
        #expect(
            typo.stderr
                == "digraph: error: 'TokenRepositry' is neither registered nor used in this graph (19 registrations); did you mean 'TokenRepositoryProtocol'?\n"
        )
        // Known under one name only (every Factory key is named by its property): answered for that
        // name, said on stderr (MartinLeeSJ/Monuti's `why ToDoOfTargetRepository` was this error).
        let unnamed = try CLIRunner.run(["why", "String", "fixtures/popcorn/manifest.yaml"])
        #expect(unnamed.status == 0)
        #expect(unnamed.stderr == "digraph: 'String' is known only with --name keychainService; answering for that key\n")
        #expect(unnamed.stdout.hasPrefix("'String (name: keychainService)' is registered (singleton) at fixtures/popcorn/manifest.yaml:27:5.\n"))
        // Under two names, the question must say which.
        let twoNames = try withApp(
            """
            import Swinject
            func assemble(_ container: Container) {
                container.register(String.self, name: "a") { _ in "a" }
                container.register(String.self, name: "b") { _ in "b" }
            }

            """
        ) { folder in try CLIRunner.run(["why", "String", "App.swift"], directory: folder) }
        #expect(twoNames.status == 2)
        #expect(
            twoNames.stderr.hasSuffix("digraph: error: 'String' is neither registered nor used; 'String' is, with --name a, --name b\n"),
            "\(twoNames.stderr)")
        let notAType = try CLIRunner.run(["why", "Store<", "fixtures/popcorn/manifest.yaml"])
        #expect(notAType.status == 2)
        #expect(notAType.stderr.hasPrefix("Error: 'Store<' is not a Swift type: it "))
        let noPaths = try CLIRunner.run(["why", "Store", "fixtures/import/shop", "--max-paths", "0"])
        #expect(noPaths.status == 2)
        #expect(noPaths.stderr.hasPrefix("Error: --max-paths must be 1 or more"))
    }

    /// A key used but not registered is answered (who would crash on it); a graph without roots
    /// starts its paths at what nothing depends on, and says so.
    @Test func aMissingKeyAndAGraphWithoutRoots() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("app.yaml")
        try """
        version: 1
        registrations:
          - provides: Screen
            dependencies:
              model: Model
          - provides: Model
            dependencies:
              clock: Clock
        """.write(to: manifest, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["why", "Clock", manifest.path])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                'Clock' is not registered: what needs it would fail to resolve it.

                1 path from registrations nothing depends on (the graph names no roots) reaches it:
                  1. 'Screen', which nothing depends on (\(manifest.path):3:5)
                       -> 'Model'  eager, parameter 'model' (\(manifest.path):5:7)
                       -> 'Clock'  eager, parameter 'clock' (\(manifest.path):8:7)

                """)
        let source = try CLIRunner.run(["why", "Screen", manifest.path])
        #expect(source.status == 0)
        #expect(
            source.stdout
                == "'Screen' is registered (transient) at \(manifest.path):3:5.\n\nNothing depends on it, and the graph names no roots (no `root: true`, `resolves:` or eager registration).\n\nIt needs 1 key:\n  'Model'  eager, parameter 'model' (\(manifest.path):5:7)\n"
        )
        let analyzed = try CLIRunner.run(["analyze", manifest.path])
        #expect(analyzed.status == 0)
        #expect(analyzed.stdout.hasPrefix("Built at launch: 0 of 2 registrations.\nNothing is known to run at launch: "))
    }

    /// A file name that would paint the terminal or start a workflow command is shown escaped.
    @Test func fileNamesFromTheInputAreShownInert() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("app\u{1B}[31m\u{202E}.yaml")
        try "version: 1\nregistrations:\n  - provides: Screen\n    root: true\n    dependencies: { model: Model }\n  - provides: Model\n"
            .write(to: manifest, atomically: true, encoding: .utf8)
        for arguments in [["why", "Model", manifest.path], ["analyze", manifest.path]] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E }, "\(result.stdout)")
            #expect(result.stdout.contains("app\\u{1B}[31m\\u{202E}.yaml"), "\(result.stdout)")
        }
    }

    /// A SwiftUI `App`'s window content, and what the stacks in it lay out, is built as the app
    /// starts, with its stored properties (`@StateObject var model = RootModel()`), and so are those
    /// of the types they build, an initializer of theirs or not. MartinLeeSJ/Monuti's
    /// `WindowGroup { ZStack { ContentView() } }` builds 5 of its 9 registrations there; `analyze`
    /// said nothing runs at launch. A button's action stays later.
    @Test func aSwiftUIAppsWindowContentIsBuiltAtLaunch() throws {
        let app = """
            import SwiftUI
            import FactoryKit

            final class Session {}
            final class Settings {}
            extension Container {
                var session: Factory<Session> { self { Session() }.singleton }
                var settings: Factory<Settings> { self { Settings() } }
            }
            final class RootModel: ObservableObject {
                @Injected(\\.session) var session
                init() {}
            }
            struct RootView: View {
                @StateObject var model = RootModel()
                var body: some View {
                    Button("Settings") { _ = Container.shared.settings() }
                }
            }
            @main
            struct DemoApp: App {
                var body: some Scene {
                    WindowGroup {
                        ZStack { RootView() }
                    }
                }
            }

            """
        let result = try withApp(app) { folder in try CLIRunner.run(["analyze", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout.hasPrefix(
                """
                Built at launch: 1 of 2 registrations.
                Started by:
                  'Session (name: session)': app code resolves it at launch (App.swift:11:15)

                """), "\(result.stdout)")
    }

    /// The text names at most ten launch starts (or `--top`), then how many more there are.
    @Test func theTextListsTheFirstStartsOnly() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("app.yaml")
        let roots = (0..<12).map { "  - provides: Screen\($0)\n    root: true" }.joined(separator: "\n")
        try "version: 1\nregistrations:\n\(roots)\n".write(to: manifest, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["analyze", manifest.path])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("  'Screen") }.count == 10)
        #expect(lines.contains("  … and 2 more (`--format json` lists every one)"), "\(result.stdout)")
        let wider = try CLIRunner.run(["analyze", manifest.path, "--top", "12"])
        #expect(wider.stdout.split(separator: "\n").filter { $0.hasPrefix("  'Screen") }.count == 12)
    }

    /// `launch: true` on a manifest's resolve starts the launch set there; anything but a boolean is a schema error.
    @Test func aResolveMarkedLaunchStartsTheLaunchSet() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("app.yaml")
        try """
        version: 1
        registrations:
          - provides: Screen
            dependencies:
              model: Model
              later: { type: Report, lazy: true }
          - provides: Model
          - provides: Report
          - provides: Settings
        resolves:
          - { type: Screen, launch: true }
          - Settings
        """.write(to: manifest, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["analyze", manifest.path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(try #require(decoded["launch"] as? [[String: Any]]).compactMap { $0["key"] as? String } == ["Screen", "Model"])
        try """
        version: 1
        registrations:
          - provides: Screen
        resolves:
          - { type: Screen, launch: yes please }
        """.write(to: manifest, atomically: true, encoding: .utf8)
        let broken = try CLIRunner.run(["analyze", manifest.path])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("5:29: error: 'launch'"), "\(broken.stderr)")
    }
}
