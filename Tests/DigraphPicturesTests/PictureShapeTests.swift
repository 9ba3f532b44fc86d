import DigraphCore
import DigraphLoader
import DigraphPictures
import DigraphRules
import Testing

/// The ranks digraph chooses for a picture far wider than tall (PictureShape): modules stacked as
/// bands, wide levels folded, much-used keys drawn once per module. Whether the result is really
/// readable is measured on SVG in RenderCommandTests and docs/rendering.md.
struct PictureShapeTests {
    func dot(_ manifest: String, fold: Bool = true) throws -> String {
        var options = DOTOptions()
        options.tooltips = false
        options.fold = fold
        let graph = try #require(ManifestLoader.load(text: manifest).graph)
        return DOTEncoder(graph: graph, diagnostics: RuleCatalog.check(graph), options: options).encode()
    }

    /// The `{ rank=same; … }` rows, top to bottom.
    func rows(_ dot: String) -> [[String]] {
        dot.split(separator: "\n").filter { $0.hasPrefix("  { rank=same; ") }.map {
            $0.dropFirst("  { rank=same; ".count).dropLast(" }".count).split(separator: "; ").map {
                String($0.trimmingCharacters(in: .init(charactersIn: ";")))
            }
        }
    }

    /// 30 screens: a view controller (App) using its view model (Presentation); both use Router (Core).
    func screens(extra: String = "") -> String {
        var text = """
            version: 1
            modules:
              App: { dependsOn: [Presentation, Core] }
              Presentation: { dependsOn: [Core] }
              Core: {}
            registrations:
              - provides: Router
                module: Core
                lifetime: singleton

            """
        for screen in 0..<30 {
            text += """
                  - provides: Screen\(screen)ViewController
                    module: App
                    root: true
                    dependencies: { model: Screen\(screen)ViewModel, router: Router }
                  - provides: Screen\(screen)ViewModel
                    module: Presentation
                    dependencies: { router: Router }

                """
        }
        return text + extra
    }

    /// A shaped picture drops its edge labels above 200 edges even under 150 nodes: dot's time with
    /// labels there grows far faster than the edges (a flat 145-registration app, 390 edges: 5.4 s).
    @Test func aShapedPictureWithManyEdgesDropsItsLabels() throws {
        func screens(_ count: Int) -> String {
            var text = "version: 1\nregistrations:\n  - provides: Router\n  - provides: Analytics\n  - provides: Logger\n"
            for screen in 0..<count {
                text += "  - provides: Screen\(screen)ViewModel\n    root: true\n    dependencies: { router: Router, analytics: Analytics, logger: Logger }\n"
            }
            return text
        }
        let edgeLines = { (dot: String) in dot.split(separator: "\n").filter { $0.contains(" -> ") && !$0.contains("style=invis") } }
        let few = try dot(screens(60))  // 63 nodes, 180 edges
        #expect(few.contains("rank=same"), "shaped")
        #expect(edgeLines(few).allSatisfy { $0.contains("label=\"router\"") || $0.contains("label=\"analytics\"") || $0.contains("label=\"logger\"") })
        let many = try dot(screens(70))  // 73 nodes, 210 edges
        #expect(many.contains("rank=same"), "shaped")
        #expect(edgeLines(many).count == 210)
        #expect(!edgeLines(many).contains { $0.contains("label=") }, "\(edgeLines(many).prefix(3))")
        #expect(many.contains("splines=\"line\""), "the large layout tier")
    }

    @Test func aWideAppIsStackedByModuleFoldedAndItsHubDrawnOncePerModule() throws {
        let text = try dot(screens())
        let rows = rows(text)
        // r0 Router; r1, r3… controllers; r2, r4… models. Proxies: hr0_<cluster> (App 0, Core 1, Presentation 2).
        let controllers = (0..<30).map { "r\(1 + 2 * $0)" }, models = (0..<30).map { "r\(2 + 2 * $0)" }
        // 30 controllers of about 180 pt (with the gap) are 5,500 pt: seven rows of four or five, in order.
        let controllerRows: [[String]] = [0..<4, 4..<9, 9..<13, 13..<17, 17..<22, 22..<26, 26..<30].map { Array(controllers[$0]) }
        let modelRows: [[String]] = [0..<5, 5..<10, 10..<15, 15..<20, 20..<25, 25..<30].map { Array(models[$0]) }
        let expected: [[String]] = controllerRows + [["hr0_0"]] + modelRows + [["hr0_2"], ["r0"]]
        #expect(rows == expected, "App's rows, its Router proxy, Presentation's rows, its proxy, then Core")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                ##"    hr0_0 [label=<<i>Router</i> <font point-size="9">×30</font>>, style="rounded,dashed,filled", fillcolor="#ffffff", color="#8c8c8c", fontsize="10"];"##
            ))
        #expect(lines.contains(#"  r1 -> hr0_0 [label="router"];"#), "a controller's Router edge ends at its module's proxy")
        #expect(lines.contains(#"  r1 -> r2 [label="model"];"#), "other edges are unchanged")
        #expect(lines.contains("  r1 -> r9 [style=invis, weight=0];"), "each row's first node holds the next row below it")
        #expect(!text.contains("constraint"), "every edge points down")
        // Off, dot ranks the same graph: one row of 30 controllers, every edge to Router itself.
        let natural = try dot(screens(), fold: false)
        #expect(!natural.contains("rank=same") && !natural.contains("hr0_"))
        #expect(natural.split(separator: "\n").contains(#"  r1 -> r0 [label="router"];"#))
    }

    @Test func anEdgeAgainstTheBandsDoesNotConstrainTheRanks() throws {
        // Router (Core) keeping the first screen's model closes a cycle through the bands.
        let text = try dot(
            screens(
                extra:
                    "  - provides: Tracker\n    module: Core\n    dependencies: { model: Screen0ViewModel }\n  - provides: Audit\n    module: Core\n    dependencies: { tracker: Tracker }\n    root: true\n"
            ))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(##"  r61 -> r2 [label="model", color="#b5179e", fontcolor="#b5179e", penwidth="2.5", constraint="false"];"##),
            "Tracker (Core, bottom) -> Screen0ViewModel (Presentation, above): a layer violation, drawn without pulling ranks")
        #expect(Array(rows(text).suffix(2)) == [["r0", "r62"], ["r61"]], "Core stays the bottom band: Router and Audit, then Tracker under Audit")
    }

    @Test func aDeepGraphGetsWiderRowsRatherThanATower() throws {
        // fixtures/shapes/deep.yaml: ten levels of 30 nodes of about 119 pt with the gap, 3,570 pt a
        // level. Rows of 800 pt would be 50 rows of six (714 x 3,750 pt, a tower of 0.19); rows of
        // 1,200 pt are 30 rows of ten, each from one level.
        let text = try String(contentsOf: DOTGoldenTests.root.appendingPathComponent("fixtures/shapes/deep.yaml"), encoding: .utf8)
        let expected = (0..<30).map { row in (0..<10).map { "r\(row * 10 + $0)" } }
        let shaped = try dot(text)
        #expect(rows(shaped) == expected)
        // 300 nodes: a large picture once shaped (above 150), not as dot ranks it (up to 300).
        let lines = shaped.split(separator: "\n").map(String.init)
        #expect(lines.contains("  r0 -> r30;"), "no edge label")
        #expect(lines[1].hasSuffix(#" nslimit="0.2", mclimit="0.1", searchsize="10", remincross="false", splines="line", outputorder="edgesfirst"];"#))
        let natural = try dot(text, fold: false).split(separator: "\n").map(String.init)
        #expect(natural.contains(#"  r0 -> r30 [label="next"];"#))
        #expect(natural[1] == #"  graph [fontname="Helvetica", rankdir="TB", newrank="true", nodesep="0.3", ranksep="0.5", bgcolor="white"];"#)
    }

    @Test func aPictureThatFitsIsLeftToDot() throws {
        // Six screens are 1,528 x 370 pt as dot draws them: a screen shows that, whatever its ratio.
        let few = try dot(screens().components(separatedBy: "  - provides: Screen6ViewController")[0])
        #expect(!few.contains("rank=same"))
        #expect(!few.contains("hr0_"))
        // Eight are 1,922 x 370 pt (5.2): the labels between the levels and the modules' boxes
        // count, not only the nodes of the widest level (1,480 pt).
        let eight = try dot(screens().components(separatedBy: "  - provides: Screen8ViewController")[0])
        #expect(
            rows(eight) == [
                ["r1", "r3", "r5", "r7"], ["r9", "r11", "r13", "r15"], ["hr0_0"],
                ["r2", "r4", "r6", "r8"], ["r10", "r12", "r14", "r16"], ["hr0_2"], ["r0"],
            ])
    }
}
