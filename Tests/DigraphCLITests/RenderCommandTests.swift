import Foundation
import Testing

@Suite(.enabled(if: CLIRunner.drawsPictures, "renders pictures: needs the Graphviz trait"))
struct RenderCommandTests {
    /// A scratch directory holding a copy of a fixture, so default output paths land there.
    func scratch(_ fixture: String = "fixtures/popcorn/manifest.yaml") throws -> (directory: URL, manifest: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let manifest = directory.appendingPathComponent("app.yaml")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent(fixture), to: manifest)
        return (directory, manifest.path)
    }

    func contents(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test func pngGoesBesideTheManifestByDefault() throws {
        let (directory, manifest) = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLIRunner.run(["render", manifest, "--png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr == "digraph: wrote \(directory.path)/app.png\n")
        let png = try Data(contentsOf: directory.appendingPathComponent("app.png"))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(contents(directory) == ["app.png", "app.yaml"], "no temporary file is left behind")
    }

    @Test(arguments: [
        (["--svg"], "svg", "<?xml"),
        (["--pdf"], "pdf", "%PDF-"),
        (["--dot"], "dot", "digraph dependencies {"),
        (["--format", "json"], "json", "{"),
        (["--format", "svg"], "svg", "<?xml"),
    ])
    func everyFormatWritesItsKindOfFile(_ flags: [String], fileExtension: String, start: String) throws {
        let (directory, manifest) = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLIRunner.run(["render", manifest] + flags)
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: directory.appendingPathComponent("app.\(fileExtension)"))
        #expect(String(decoding: bytes.prefix(start.utf8.count), as: UTF8.self) == start)
    }

    @Test func theHTMLPageIsOneSelfContainedFile() throws {
        let result = try CLIRunner.run(["render", "fixtures/mermaid/type-shapes.yaml", "--format", "html", "-o", "-"])
        #expect(result.status == 0)
        let page = result.stdout
        #expect(page.hasPrefix("<!DOCTYPE html>\n"))
        #expect(
            page.contains(#"content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:""#), "the page may fetch nothing")
        #expect(page.components(separatedBy: "<script").count - 1 == 2, "the data and the script, both inline")
        #expect(!page.contains("<script src") && !page.contains("<link"))
        #expect(!page.contains("<?xml"), "the SVG is inlined without its XML prolog")
        #expect(page.contains(#"<g id="r0" class="node">"#))
        #expect(page.contains(#""title": "Repository\u003cOrder>""#), "no manifest text can close the data's script element")
        #expect(page.contains(#""code": "missing-binding""#))
        // scripts/browser-tests drives this page in Chromium: search, click, pan, zoom, findings.
    }

    /// The width and height of an SVG picture, and whether Graphviz scaled it (text at 100 %).
    func size(ofSVG svg: String) throws -> (width: Double, height: Double, scaled: Bool) {
        let header = try #require(svg.firstMatch(of: /<svg width="(\d+)pt" height="(\d+)pt"/))
        return (Double(header.1)!, Double(header.2)!, !svg.contains("transform=\"scale(1 1) "))
    }

    /// An app-like graph (fixtures/shapes/app.yaml, 61 registrations) drawn as dot ranks it is a
    /// strip; shaped, it is between four times wider and four times taller than it is, unscaled.
    @Test func aWideAppComesOutReadable() throws {
        let shaped = try size(ofSVG: CLIRunner.run(["render", "fixtures/shapes/app.yaml", "--svg", "-o", "-"]).stdout)
        let natural = try size(ofSVG: CLIRunner.run(["render", "fixtures/shapes/app.yaml", "--svg", "-o", "-", "--no-fold"]).stdout)
        #expect(natural.width / natural.height > 4, "\(natural)")
        #expect((0.25...4).contains(shaped.width / shaped.height), "\(shaped)")
        #expect(!shaped.scaled && !natural.scaled)
        // A deep graph folded into rows of one width would be a tower instead: its rows are widened.
        let deep = try size(ofSVG: CLIRunner.run(["render", "fixtures/shapes/deep.yaml", "--svg", "-o", "-"]).stdout)
        #expect((0.25...4).contains(deep.width / deep.height), "\(deep)")
    }

    @Test func dashWritesToStdout() throws {
        let result = try CLIRunner.run(["render", "fixtures/popcorn/manifest.yaml", "--dot", "-o", "-"])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == (try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Tests/DigraphPicturesTests/Golden/popcorn.dot"), encoding: .utf8))
        )
        #expect(result.stderr == "")
        let svg = try CLIRunner.run(["render", "fixtures/workout", "--svg", "-o", "-"])
        #expect(svg.stdout.hasPrefix("<?xml"))
        #expect(svg.stdout.components(separatedBy: "class=\"node\"").count - 1 == 13, "12 registrations and the legend")
    }

    /// `render` lays a picture out in a child process, `digraph layout` (hidden from the command list):
    /// DOT on standard input, the picture on standard output, Graphviz's complaint as an error.
    @Test func theLayoutChildTakesDOTOnStandardInput() throws {
        let digraph = CLIRunner.executable("digraph").path
        let drawn = try CLIRunner.runProgram("/bin/sh", ["-c", "printf 'digraph { a -> b }' | '\(digraph)' layout --format svg --engine dot"])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stdout.hasPrefix("<?xml"))
        #expect(drawn.stdout.contains("<title>a&#45;&gt;b</title>"), "\(drawn.stdout)")
        let refused = try CLIRunner.runProgram("/bin/sh", ["-c", "printf 'digraph { a -> }' | '\(digraph)' layout --format svg --engine dot"])
        #expect(refused.status == 2)
        #expect(refused.stdout == "")
        #expect(refused.stderr == "digraph: error: Graphviz could not read the DOT text: syntax error in line 1 near '}'\n")
        let listed = try CLIRunner.run(["lay"])
        #expect(listed.stderr.contains("the commands: check, import, render, gen-swift, diff, why, analyze, explain, init (`digraph help"), "\(listed.stderr)")
    }

    @Test func aGraphWithErrorsIsStillDrawn() throws {
        let result = try CLIRunner.run(["render", "fixtures/broken/cycle.yaml", "--dot", "-o", "-"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(##"r0 -> r1 [label="tokenRepository", color="#d62728""##))
        #expect(result.stderr == "digraph: checked 3 registrations: 1 error, 0 warnings, 0 infos; drawn in the picture, `digraph check` lists them\n")
    }

    @Test func unusableInputWritesNothing() throws {
        let (directory, _) = try scratch("fixtures/broken/schema.yaml")
        defer { try? FileManager.default.removeItem(at: directory) }
        let existing = directory.appendingPathComponent("keep.png")
        try Data("old picture".utf8).write(to: existing)
        let result = try CLIRunner.run(["render", directory.appendingPathComponent("app.yaml").path, "-o", existing.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: unknown field 'lifecycle'"))
        #expect(try Data(contentsOf: existing) == Data("old picture".utf8), "a failed render leaves the old file alone")
        #expect(contents(directory) == ["app.yaml", "keep.png"])
    }

    @Test func anUnwritableDestinationFailsCleanlyAndMissingFoldersAreCreated() throws {
        let (directory, manifest) = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A folder cannot be made below a regular file.
        let result = try CLIRunner.run(["render", manifest, "--svg", "-o", manifest + "/dir/out.svg"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("digraph: error: cannot write \(manifest)/dir/out.svg"), "\(result.stderr)")
        #expect(contents(directory) == ["app.yaml"])
        let created = try CLIRunner.run(["render", manifest, "--svg", "-o", directory.appendingPathComponent("missing/dir/out.svg").path])
        #expect(created.status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("missing/dir/out.svg").path))
    }

    @Test(arguments: [
        (["--layout", "spring"], "Error: The value 'spring' is invalid for '--layout <layout>'"),
        (["--rankdir", "RL"], "Error: The value 'RL' is invalid for '--rankdir <rankdir>'"),
        (["--png", "--format", "svg"], "Error: --png and --format svg disagree; give one"),
        (["--focus", "Foo;Bar"], "Error: --focus 'Foo;Bar' is not a Swift type"),
        (["--focus", "LoginViewModl"], "Error: no registration provides LoginViewModl (did you mean 'LoginViewModel'?)"),
        (["--collapse", "files"], "Error: The value 'files' is invalid for '--collapse <modules>'"),
        // Options that would change nothing are refused, not silently dropped.
        (["--depth", "2"], "Error: --depth applies to --focus; give --focus KEY… or drop --depth"),
        (["--focus", "LoginViewModel", "--collapse", "modules"], "Error: --focus and --collapse modules do not combine"),
        (["--no-clusters", "--collapse", "modules"], "Error: --no-clusters has no effect with --collapse modules"),
        (["--no-fold", "--collapse", "modules"], "Error: --no-fold has no effect with --collapse modules (one node per module is never folded)"),
        (["--dot", "--layout", "neato"], "Error: --layout has no effect with --dot"),
        (["--dot", "--no-limit"], "Error: --no-limit has no effect with --dot"),
        (["--layout", "neato", "--rankdir", "LR"], "Error: --rankdir applies to the dot layout only; neato ignores it"),
    ])
    func badOptionsExitTwo(_ flags: [String], message: String) throws {
        let result = try CLIRunner.run(["render", "fixtures/popcorn/manifest.yaml"] + flags)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(result.stdout == "")
    }

    /// Without modules, each file that registers is a cluster (a Swinject assembly here);
    /// --no-clusters draws none.
    @Test func anAppWithoutModulesIsClusteredByAssembly() throws {
        let clustered = try CLIRunner.run(["render", "fixtures/import/swinject", "--dot", "-o", "-"])
        #expect(clustered.status == 0)
        let labels = clustered.stdout.split(separator: "\n").filter { $0.contains("label=<<b>") && !$0.contains(" [") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(labels == ["label=<<b>DomainAssembly</b>>;", "label=<<b>NetworkAssembly</b>>;", "label=<<b>PresentationAssembly</b>>;"], "\(labels)")
        let plain = try CLIRunner.run(["render", "fixtures/import/swinject", "--dot", "-o", "-", "--no-clusters"])
        #expect(plain.status == 0 && !plain.stdout.contains("subgraph cluster_"))
        // One file that registers is no grouping at all.
        #expect(try !CLIRunner.run(["render", "fixtures/popcorn/manifest.yaml", "--dot", "-o", "-"]).stdout.contains("subgraph cluster_"))
    }

    @Test func focusAndCollapseChangeWhatIsDrawn() throws {
        let focused = try CLIRunner.run(["render", "fixtures/popcorn/manifest.yaml", "--dot", "-o", "-", "--focus", "LoginViewModel", "--depth", "1"])
        let nodes = focused.stdout.split(separator: "\n").filter { $0.hasPrefix("  r") && !$0.contains("->") }
        #expect(nodes.count == 4, "the view model, its controller and its two use cases")
        let collapsed = try CLIRunner.run(["render", "fixtures/issue-tracker/manifest.yaml", "--dot", "-o", "-", "--collapse", "modules"])
        let edges = collapsed.stdout.split(separator: "\n").filter { $0.contains(" -> ") }
        #expect(
            edges == [
                #"  m1 -> m4 [penwidth="1", label="1", id="m1_m4"];"#,
                #"  m2 -> m0 [penwidth="1", label="1", id="m2_m0"];"#,
                #"  m4 -> m3 [penwidth="1", label="3", id="m4_m3"];"#,
            ], "App -> Presentation, Data -> (no module) for the supplied URL, Presentation -> Domain")
    }
}

extension RenderCommandTests {
    /// A picture above the size limit is refused with the numbers and the ways out, quickly; the
    /// DOT text, a focused part and `--no-limit` still work.
    @Test func aPictureAboveTheLimitIsRefusedUnlessAskedFor() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-limit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("big.yaml").path
        try ("version: 1\nregistrations:\n" + (0...5_000).map { "  - provides: S\($0)\n" + ($0 > 0 ? "    dependencies: {s: S\($0 - 1)}\n" : "") }.joined())
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let svg = directory.appendingPathComponent("big.svg").path
        let refused = try CLIRunner.run(["render", manifest, "--svg", "-o", svg], timeout: 20)
        #expect(refused.status == 2)
        #expect(
            refused.stderr == """
                digraph: error: the picture would have 5001 registrations and 5000 edges; laying out more than 5000 registrations or 20000 edges takes many minutes.
                Draw part of it (--focus KEY --depth 2), one node per module (--collapse modules), or write the DOT text (--dot); or pass --no-limit to lay it out anyway.

                """)
        #expect(!FileManager.default.fileExists(atPath: svg))
        #expect(try CLIRunner.run(["render", manifest, "--dot", "-o", "-"], timeout: 20).status == 0)
        #expect(try CLIRunner.run(["render", manifest, "--svg", "-o", svg, "--focus", "S10", "--depth", "2"], timeout: 20).status == 0)
        let forced = try CLIRunner.run(["render", manifest, "--svg", "-o", svg, "--no-limit"], timeout: 120)
        #expect(forced.status == 0)
        #expect(forced.stderr.hasPrefix("digraph: laying out 5001 registrations with dot…\n"), "off a terminal, one line and no counter")
        #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("<svg"))
    }
}
