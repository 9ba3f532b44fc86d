import Foundation
import Testing

/// `render --format mermaid` end to end. Needs no Graphviz, so it runs in both builds.
/// (Whole diagrams are compared in DOTGoldenTests; scripts/browser-tests renders them in Chromium.)
struct MermaidRenderTests {
    @Test func writesTheFlowchartToStdoutAndBesideTheManifest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-mermaid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("app.yaml")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("fixtures/broken/cycle.yaml"), to: manifest)

        let printed = try CLIRunner.run(["render", manifest.path, "--format", "mermaid", "-o", "-"])
        #expect(printed.status == 0)
        #expect(printed.stdout.hasPrefix("flowchart TB\n"))
        #expect(printed.stderr == "digraph: checked 3 registrations: 1 error, 0 warnings, 0 infos; drawn in the picture, `digraph check` lists them\n")

        let written = try CLIRunner.run(["render", manifest.path, "--format", "mermaid", "--rankdir", "LR"])
        #expect(written.status == 0)
        let file = folder.appendingPathComponent("app.mmd")
        #expect(written.stderr.hasSuffix("digraph: wrote \(file.path)\n"))
        #expect(try String(contentsOf: file, encoding: .utf8) == printed.stdout.replacingOccurrences(of: "flowchart TB", with: "flowchart LR"))
    }

    @Test func focusAndCollapseChooseWhatIsDrawn() throws {
        let focused = try CLIRunner.run(["render", "fixtures/issue-tracker", "--format", "mermaid", "--focus", "Clock", "-o", "-"])
        #expect(focused.status == 0)
        let nodes = focused.stdout.split(separator: "\n").filter { $0.contains("[\"") && !$0.contains("subgraph") }
        #expect(
            nodes.map { String($0.split(separator: "[")[0]).trimmingCharacters(in: .whitespaces) } == ["r4", "r6"],
            "Clock and its one dependent, CreateIssueUseCase")
        let collapsed = try CLIRunner.run(["render", "fixtures/broken/layer-violation.yaml", "--format", "mermaid", "--collapse", "modules", "-o", "-"])
        #expect(collapsed.status == 0)
        #expect(collapsed.stdout.contains(#"-->|"1 (1 layer violation)"|"#))
        #expect(collapsed.stdout.contains("linkStyle 0 stroke:#d62728,stroke-width:2px\n"))
    }

    @Test func overMermaidsLimitsItRefusesAndPointsAtFocus() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-mermaid-big-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var chain = "version: 1\nregistrations:\n"
        for index in 0..<502 { chain += "  - provides: S\(index)\n" + (index > 0 ? "    dependencies: { previous: S\(index - 1) }\n" : "") }
        let manifest = folder.appendingPathComponent("chain.yaml")
        try chain.write(to: manifest, atomically: true, encoding: .utf8)

        let refused = try CLIRunner.run(["render", manifest.path, "--format", "mermaid"])
        #expect(refused.status == 2)
        #expect(refused.stdout == "")
        #expect(
            refused.stderr
                == "digraph: error: the Mermaid diagram would have 501 edges, more than Mermaid draws (500): draw part of it (--focus KEY --depth 1) or one node per module (--collapse modules), or pass --no-limit if your Mermaid is set up with a higher maxEdges\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("chain.mmd").path), "nothing written")

        // One edge fewer: S0…S500 hold 500 edges, within the limit.
        let within = try CLIRunner.run(["render", manifest.path, "--format", "mermaid", "--focus", "S0", "--depth", "500", "-o", "-"])
        #expect(within.status == 0)
        let forced = try CLIRunner.run(["render", manifest.path, "--format", "mermaid", "--no-limit", "-o", "-"])
        #expect(forced.status == 0)
        #expect(forced.stdout.components(separatedBy: " -->|").count - 1 == 501)
    }

    @Test func optionsMermaidIgnoresAreRefused() throws {
        let layout = try CLIRunner.run(["render", "fixtures/workout", "--format", "mermaid", "--layout", "neato"])
        #expect(layout.status == 2)
        #expect(layout.stderr.contains("--layout has no effect with --format mermaid: Mermaid lays the diagram out itself"))
        let defaults = try CLIRunner.run(["render", "fixtures/workout", "--format", "mermaid", "--graphviz-defaults"])
        #expect(defaults.status == 2)
        #expect(defaults.stderr.contains("--graphviz-defaults has no effect with --format mermaid"))
    }
}
