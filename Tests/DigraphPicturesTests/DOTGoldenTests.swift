import DigraphCore
import DigraphLoader
import DigraphPictures
import DigraphRules
import Foundation
import Testing

/// Whole-file comparison of the DOT written for every fixture. To regenerate deliberately:
/// `DIGRAPH_UPDATE_GOLDENS=1 swift test --filter DOTGoldenTests`, then read the diff.
struct DOTGoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures: [(name: String, paths: [String])] =
        [
            ("popcorn", ["fixtures/popcorn/manifest.yaml"]),
            ("issue-tracker", ["fixtures/issue-tracker/manifest.yaml"]),
            ("workout", ["fixtures/workout"]),
            ("shapes-app", ["fixtures/shapes/app.yaml"]),
        ]
        + [
            "missing-binding", "cycle", "duplicate-registration", "composition-key", "key-collision", "captive-dependency",
            "layer-violation", "unknown-module", "argument-mismatch", "unused-registration",
        ].map { ("broken-\($0)", ["fixtures/broken/\($0).yaml"]) }

    static func dot(for paths: [String], options: DOTOptions = DOTOptions()) throws -> String {
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(root.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let loaded = ManifestLoader.load(files: paths)
        let graph = try #require(loaded.graph)
        return DOTEncoder(graph: graph, diagnostics: RuleCatalog.check(graph), options: options).encode()
    }

    @Test(arguments: fixtures.map(\.name))
    func fixtureMatchesItsGolden(_ name: String) throws {
        let paths = Self.fixtures.first { $0.name == name }!.paths
        let produced = try Self.dot(for: paths)
        let golden = Self.root.appendingPathComponent("Tests/DigraphPicturesTests/Golden/\(name).dot")
        if ProcessInfo.processInfo.environment["DIGRAPH_UPDATE_GOLDENS"] == "1" {
            try produced.write(to: golden, atomically: true, encoding: .utf8)
        }
        #expect(produced == (try String(contentsOf: golden, encoding: .utf8)))
    }

    /// The Mermaid flowcharts of `render --format mermaid`, compared whole with Golden/<name>.mmd
    /// (scripts/browser-tests renders these same inputs with Mermaid in Chromium).
    static let mermaidFixtures: [(name: String, paths: [String], collapse: Bool)] = [
        ("issue-tracker", ["fixtures/issue-tracker/manifest.yaml"], false),
        ("issue-tracker-modules", ["fixtures/issue-tracker/manifest.yaml"], true),
        ("type-shapes", ["fixtures/mermaid/type-shapes.yaml"], false),
        ("broken-cycle", ["fixtures/broken/cycle.yaml"], false),
        ("broken-layer-violation-modules", ["fixtures/broken/layer-violation.yaml"], true),
    ]

    @Test(arguments: mermaidFixtures.map(\.name))
    func mermaidMatchesItsGolden(_ name: String) throws {
        let fixture = Self.mermaidFixtures.first { $0.name == name }!
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(Self.root.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let graph = try #require(ManifestLoader.load(files: fixture.paths).graph)
        var options = DOTOptions()
        options.collapseModules = fixture.collapse
        let produced = MermaidEncoder(graph: graph, diagnostics: RuleCatalog.check(graph), options: options).encode().text
        let golden = Self.root.appendingPathComponent("Tests/DigraphPicturesTests/Golden/\(name).mmd")
        if ProcessInfo.processInfo.environment["DIGRAPH_UPDATE_GOLDENS"] == "1" {
            try produced.write(to: golden, atomically: true, encoding: .utf8)
        }
        #expect(produced == (try String(contentsOf: golden, encoding: .utf8)))
    }

    @Test func outputIsDeterministic() throws {
        let first = try Self.dot(for: ["fixtures/workout"])
        for _ in 0..<5 { #expect(try Self.dot(for: ["fixtures/workout"]) == first) }
    }
}
