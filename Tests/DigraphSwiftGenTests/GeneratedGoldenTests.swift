import DigraphCore
import DigraphSwiftGen
import Foundation
import Testing

/// Whole-file comparison of the generated Swift for every fixture and target. To regenerate
/// deliberately: `DIGRAPH_UPDATE_GOLDENS=1 swift test --filter GeneratedGoldenTests`, then read the diff.
struct GeneratedGoldenTests {
    static let fixtures: [(name: String, paths: [String])] = [
        ("popcorn", ["fixtures/popcorn/manifest.yaml"]),
        ("issue-tracker", ["fixtures/issue-tracker/manifest.yaml"]),
        ("workout", ["fixtures/workout"]),
        ("semantics", ["Tests/DigraphSwiftGenTests/Manifests/semantics.yaml"]),
        ("keywords", ["Tests/DigraphSwiftGenTests/Manifests/keywords.yaml"]),
    ]

    /// The Factory target for the fixtures its harness compiles and runs (SwinjectAssemblyBehaviourTests).
    static let cases: [(String, String)] =
        fixtures.flatMap { fixture in ["plain", "swinject"].map { (fixture.name, $0) } }
        + ["popcorn", "issue-tracker", "workout", "keywords"].map { ($0, "factory") }

    @Test(arguments: cases)
    func generatedCodeMatchesItsGolden(_ name: String, target: String) throws {
        let paths = Self.fixtures.first { $0.name == name }!.paths
        let plan = try GeneratedCodeRunner.plan(paths)
        let code =
            switch target {
            case "plain": PlainContainerGenerator(plan: plan, sources: paths).generate()
            case "swinject": SwinjectAssemblyGenerator(plan: plan, sources: paths).generate()
            default: FactoryContainerGenerator(plan: plan, sources: paths).generate()
            }
        let golden = GeneratedCodeRunner.packageRoot.appendingPathComponent("Tests/DigraphSwiftGenTests/Golden/\(name).\(target).swift")
        if ProcessInfo.processInfo.environment["DIGRAPH_UPDATE_GOLDENS"] == "1" {
            try code.write(to: golden, atomically: true, encoding: .utf8)
        }
        #expect(code == (try String(contentsOf: golden, encoding: .utf8)))
        // Deterministic: generating again gives the same bytes.
        #expect(
            PlainContainerGenerator(plan: try GeneratedCodeRunner.plan(paths), sources: paths).generate()
                == PlainContainerGenerator(plan: plan, sources: paths).generate())
    }

    @Test func conflictingIsolationIsRefused() throws {
        let loaded = try DigraphLoaderBridge.load(
            """
            version: 1
            registrations:
              - provides: Screen
                isolation: MainActor
                dependencies: { store: Store }
              - provides: Store
                isolation: DatabaseActor
            """)
        #expect(
            throws: GenerationPlan.Problem(
                message: "'Screen' runs on MainActor but builds 'Store', which runs on DatabaseActor; make the dependency lazy or give both the same isolation",
                location: SourceLocation(file: "manifest.yaml", line: 5, column: 21))
        ) {
            try GenerationPlan(graph: loaded)
        }
    }
}

struct StaleFileTests {
    @Test func describesTheFirstChangeOfALineDiff() {
        #expect(StaleFile.describe(expected: "a\nb\nc\n", found: "a\nb\nc\n") == nil)
        #expect(StaleFile.describe(expected: "a\nB\nc\n", found: "a\nb\nc\n") == "1 line to remove, 1 to add, first at line 2 (remove: b)")
        #expect(StaleFile.describe(expected: "a\nb\nnew\nc\n", found: "a\nb\nc\n") == "0 lines to remove, 1 to add, first at line 3 (add: new)")
    }
}
