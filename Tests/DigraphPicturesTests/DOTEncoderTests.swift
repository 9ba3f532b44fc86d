import DigraphCore
import DigraphLoader
import DigraphPictures
import DigraphRules
import Testing

/// One visual rule per test, on small manifests: each asserts the exact DOT line of the node or
/// edge concerned.
struct DOTEncoderTests {
    /// The DOT text without ids and tooltips, so that lines stay readable (tooltips have their own test).
    func dot(_ manifest: String, options: DOTOptions = DOTOptions(), tooltips: Bool = false) throws -> String {
        var options = options
        options.tooltips = tooltips
        let loaded = ManifestLoader.load(text: manifest)
        let graph = try #require(loaded.graph, "\(loaded.diagnostics)")
        return DOTEncoder(graph: graph, diagnostics: RuleCatalog.check(graph), options: options).encode()
    }

    func line(_ prefix: String, in dot: String) -> String? {
        dot.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(prefix + " ") || $0 == prefix + ";" }
    }

    @Test func lifetimesFillNodesAndRootsHaveADoubleBorder() throws {
        let text = try dot(
            """
            version: 1
            registrations:
              - provides: App
                root: true
                dependencies: { a: A, b: B, c: C, d: D }
              - provides: A
                lifetime: singleton
              - provides: B
                lifetime: weak
              - provides: C
                lifetime: graph
              - provides: D
            """)
        #expect(line("r0", in: text) == ##"r0 [label=<<b>App</b><br/><font point-size="9">transient · root</font>>, peripheries="2"];"##)
        #expect(line("r1", in: text) == ##"r1 [label=<<b>A</b><br/><font point-size="9">singleton</font>>, fillcolor="#cfe0fc"];"##)
        #expect(line("r2", in: text) == ##"r2 [label=<<b>B</b><br/><font point-size="9">weak</font>>, fillcolor="#e6dcfa"];"##)
        #expect(line("r3", in: text) == ##"r3 [label=<<b>C</b><br/><font point-size="9">graph</font>>, fillcolor="#d4f0d9"];"##)
        #expect(line("r4", in: text) == ##"r4 [label=<<b>D</b><br/><font point-size="9">transient</font>>];"##)
    }

    @Test func protocolsAreItalicAndShowTheirImplementation() throws {
        let text = try dot(
            """
            version: 1
            registrations:
              - provides: [IssueReading & IssueWriting, IssueReading]
                implementation: IssuesRepository
                name: remote
                factory: shared
                isolation: MainActor
                arguments: { id: Int }
                dependencies: { id: { argument: id } }
            """)
        #expect(
            line("r0", in: text)
                == ##"r0 [label=<<b><i>IssueReading &amp; IssueWriting</i></b><br/><b><i>IssueReading</i></b><br/><font point-size="9">name: remote</font><br/><font point-size="9">IssuesRepository.shared · transient · @MainActor · args: id: Int</font>>];"##
        )
    }

    @Test func edgeKindsAreDistinct() throws {
        let text = try dot(
            """
            version: 1
            external: [URLSession]
            registrations:
              - provides: Screen
                arguments: { window: Window }
                dependencies:
                  session: URLSession
                  later: { type: Router, lazy: true }
                  tracker: Tracking?
                  coordinator: { type: Coordinator, arguments: [window] }
                  _: Clock
              - provides: Router
              - provides: Tracking
                aliasOf: Tracker
              - provides: Tracker
              - provides: Coordinator
                arguments: { window: Window }
                dependencies: { window: { argument: window } }
              - provides: Clock
                supplied: true
            """)
        #expect(line("r0 -> x0", in: text) == ##"r0 -> x0 [label="session"];"##)
        #expect(line("r0 -> r1", in: text) == ##"r0 -> r1 [label="later", style="dashed"];"##)
        #expect(line("r0 -> r2", in: text) == ##"r0 -> r2 [label="tracker?", arrowhead="onormal"];"##)
        #expect(line("r0 -> r4", in: text) == ##"r0 -> r4 [arrowhead="normaltee", label="coordinator(window)"];"##)
        #expect(line("r0 -> r5", in: text) == ##"r0 -> r5;"##)
        #expect(line("r2 -> r3", in: text) == ##"r2 -> r3 [label="alias", style="dotted", arrowhead="empty"];"##)
        #expect(
            line("r2", in: text)
                == ##"r2 [label=<<b>Tracking</b><br/><font point-size="9">alias of Tracker</font>>, style="rounded,dashed,filled", fillcolor="#ffffff"];"##)
        #expect(
            line("r5", in: text) == ##"r5 [label=<<b>Clock</b><br/><font point-size="9">supplied</font>>, shape="note", style="filled", fillcolor="#fff1c7"];"##
        )
        #expect(
            line("x0", in: text)
                == ##"x0 [label=<<b>URLSession</b><br/><font point-size="9">external</font>>, style="rounded,dashed,filled", fillcolor="#eeeeee", color="#8c8c8c"];"##
        )
    }

    @Test func problemsAreDrawnInTheirSeverity() throws {
        let text = try dot(
            """
            version: 1
            registrations:
              - provides: A
                root: true
                lifetime: singleton
                dependencies: { b: B, missing: Keychain, formatter: Formatter }
              - provides: B
                dependencies: { a: A }
              - provides: Formatter
              - provides: Unused
            """)
        // The cycle A -> B -> A: both edges thick, bold and red; both nodes red.
        #expect(line("r0 -> r1", in: text) == ##"r0 -> r1 [label="b", color="#d62728", fontcolor="#d62728", penwidth="3", style="bold"];"##)
        #expect(line("r1 -> r0", in: text) == ##"r1 -> r0 [label="a", color="#d62728", fontcolor="#d62728", penwidth="3", style="bold"];"##)
        #expect(line("r1", in: text)?.hasSuffix(##"color="#d62728", penwidth="3"];"##) == true)
        // The missing binding: a red dashed placeholder, reached by a red dashed edge.
        #expect(
            line("missing0", in: text)
                == ##"missing0 [label=<<b>Keychain</b><br/><font point-size="9">missing: nothing provides it</font>>, style="rounded,dashed,bold", color="#d62728", fontcolor="#d62728"];"##
        )
        #expect(line("r0 -> missing0", in: text) == ##"r0 -> missing0 [label="missing", color="#d62728", fontcolor="#d62728", penwidth="2", style="dashed"];"##)
        // The captive transient: an orange edge.
        #expect(line("r0 -> r2", in: text) == ##"r0 -> r2 [label="formatter", color="#e8820c", fontcolor="#e8820c", penwidth="2.5"];"##)
        // The unused registration: grey.
        #expect(
            line("r3", in: text)
                == ##"r3 [label=<<b>Unused</b><br/><font point-size="9">transient</font>>, color="#8c8c8c", penwidth="1", fontcolor="#8c8c8c"];"##)
        // The legend names exactly the kinds present, each in its colour.
        let legend = try #require(line("legend", in: text))
        #expect(
            legend.hasSuffix(
                ##"<tr><td colspan="2"><font color="#e8820c">captive dependency: orange</font></td></tr><tr><td colspan="2"><font color="#d62728">cycle: thick red</font></td></tr><tr><td colspan="2"><font color="#d62728">missing binding: red dashed, to a placeholder</font></td></tr><tr><td colspan="2"><font color="#8c8c8c">unused registration: greyed out</font></td></tr></table>>];"##
            ))
    }

    @Test func eachKindOfProblemHasItsOwnStyle() throws {
        let text = try dot(
            """
            version: 1
            modules: { UI: { dependsOn: [] }, Data: {} }
            registrations:
              - provides: Screen
                module: UI
                root: true
                dependencies: { store: Store, detail: Detail }
              - provides: Store
                module: Data
              - provides: Detail
                module: UI
                arguments: { id: Int }
                dependencies: { id: { argument: id } }
            """)
        #expect(
            line("r0 -> r1", in: text) == ##"r0 -> r1 [label="store", color="#b5179e", fontcolor="#b5179e", penwidth="2.5"];"##, "a layer violation: magenta")
        #expect(
            line("r0 -> r2", in: text) == ##"r0 -> r2 [label="detail", color="#8c564b", fontcolor="#8c564b", penwidth="2.5"];"##, "an argument mismatch: brown")
        let legend = try #require(line("legend", in: text))
        #expect(legend.contains("argument mismatch: brown") && legend.contains("layer violation: magenta"))
        #expect(!legend.contains("cycle") && !legend.contains("captive"), "kinds not present are not listed")
        let clean = try dot("version: 1\nregistrations:\n  - provides: A\n    root: true\n")
        #expect(try #require(line("legend", in: clean)).hasSuffix(##"tee arrow: passes args</td></tr></table>>];"##), "no problem rows without problems")
    }

    /// A finding colours what it is about, not what sits at the line it is printed on: the second
    /// registration of `Clock` is reported on its key (line 8), the passing of an undeclared argument
    /// on the argument's name; the first `Clock` shares the finding's identity but is not coloured.
    @Test func aFindingPrintedOnAnotherLineColoursItsOwnElement() throws {
        let text = try dot(
            """
            version: 1
            registrations:
              - provides: Clock
                root: true
              - implementation: SystemClock
                root: true
                provides:
                  - Clock
              - provides: Screen
                root: true
                dependencies:
                  model: { type: Model, arguments: [identifier] }
              - provides: Model
                arguments: { id: Int }
            """)
        #expect(
            line("r0", in: text)
                == ##"r0 [label=<<b>Clock</b><br/><font point-size="9">transient · root</font>>, peripheries="2"];"##)
        #expect(
            line("r1", in: text)
                == ##"r1 [label=<<b><i>Clock</i></b><br/><font point-size="9">SystemClock · transient · root</font>>, peripheries="2", color="#d62728", penwidth="3"];"##
        )
        #expect(
            line("r2 -> r3", in: text)
                == ##"r2 -> r3 [arrowhead="normaltee", label="model(identifier)", color="#8c564b", fontcolor="#8c564b", penwidth="2.5"];"##)
    }

    @Test func tooltipsSayWhatANodeIsAndEveryFindingInFull() throws {
        let text = try dot(
            """
            version: 1
            modules: { Domain: {}, Data: { dependsOn: [Domain] } }
            interfaces: { Clock: { module: Domain } }
            registrations:
              - provides: Clock
                implementation: SystemClock
                module: Data
                lifetime: singleton
              - provides: Timer
                module: Domain
                root: true
                dependencies: { clock: Clock, "on": Missing }
            """, tooltips: true)
        #expect(
            line("r0", in: text)?.hasSuffix(##"id="r0", tooltip="Clock\nimplementation: SystemClock\nlifetime: singleton\nmodule: Data\nmanifest.yaml:5:5"];"##)
                == true)
        // Clock is drawn in Domain, its interface's module, with an edge to SystemClock in Data.
        let domain = try #require(text.range(of: "label=<<b>Domain</b>>;"))
        let domainCluster = text[domain.upperBound...].prefix { $0 != "}" }
        #expect(domainCluster.contains("i0_0 [") && domainCluster.contains("r1 [") && !domainCluster.contains("r0 ["))
        #expect(
            line("i0_0", in: text)
                == ##"i0_0 [label=<<b><i>Clock</i></b><br/><font point-size="9">interface</font>>, id="i0_0", tooltip="Clock\ninterface of module Domain\nimplemented by SystemClock (manifest.yaml:5:5)"];"##
        )
        #expect(line("r1 -> i0_0", in: text)?.hasPrefix(##"r1 -> i0_0 [label="clock""##) == true, "Timer depends on the interface, in its own module")
        #expect(
            line("i0_0 -> r0", in: text)
                == ##"i0_0 -> r0 [style="dotted", arrowhead="empty", label="implemented by", fontcolor="#8c8c8c", id="i0_0_impl", tooltip="Clock is implemented by SystemClock in module Data"];"##
        )
        #expect(
            line("r1 -> missing0", in: text)?.hasSuffix(
                ##"id="e1_1", tooltip="Timer -[on]-> Missing\nmanifest.yaml:12:35\nerror [missing-binding]: nothing provides 'Missing', needed by 'Timer' (parameter 'on')"];"##
            ) == true)
    }

    @Test func modulesAreClustersOnlyWhenDeclared() throws {
        let manifest = """
            version: 1
            modules: { Domain: {}, Data: { dependsOn: [Domain] } }
            registrations:
              - provides: Repository
                module: Data
              - provides: UseCase
                module: Domain
              - provides: Loose
            """
        let text = try dot(manifest)
        #expect(text.contains("  subgraph cluster_0 {\n    label=<<b>Data</b>>;"))
        #expect(text.contains("  subgraph cluster_1 {\n    label=<<b>Domain</b>>;"))
        var options = DOTOptions()
        options.clusters = false
        #expect(!(try dot(manifest, options: options)).contains("subgraph"))
        #expect(!(try dot("version: 1\nregistrations:\n  - provides: A\n    module: Data\n")).contains("subgraph"))
    }

    @Test func manifestStringsCannotBreakTheDOT() throws {
        let text = try dot(
            """
            version: 1
            registrations:
              - provides: Repository<User>
                implementation: UserRepository
                dependencies: { cache: "Cache<[String: Int]>", store: "A & B" }
              - provides: Cache<[String:Int]>
                implementation: Cache<[String:Int]>
              - provides: A & B
                implementation: Store
            """)
        #expect(line("r0", in: text)?.contains("<b><i>Repository&lt;User&gt;</i></b>") == true)
        #expect(line("r1", in: text)?.contains("<b>Cache&lt;[String: Int]&gt;</b>") == true)
        #expect(line("r2", in: text)?.contains("<b><i>A &amp; B</i></b>") == true)
        // Every label is either HTML (balanced <...>) or a quoted string; nothing else follows `=`.
        for line in text.split(separator: "\n") where line.contains("label=") {
            #expect(line.contains("label=<") || line.contains("label=\""), "\(line)")
        }
    }

    @Test func focusKeepsTheNeighbourhood() throws {
        var options = DOTOptions()
        options.focusKeys = ["B"]
        options.depth = 1
        let text = try dot(
            """
            version: 1
            registrations:
              - provides: A
                dependencies: { b: B }
              - provides: B
                dependencies: { c: C }
              - provides: C
                dependencies: { d: D }
              - provides: D
            """, options: options)
        #expect(line("r0", in: text) != nil)
        #expect(line("r1", in: text) != nil)
        #expect(line("r2", in: text) != nil)
        #expect(line("r3", in: text) == nil)
        #expect(line("r2 -> r3", in: text) == nil)
    }

    @Test func collapsedModulesCountEdges() throws {
        var options = DOTOptions()
        options.collapseModules = true
        let text = try dot(
            """
            version: 1
            modules: { Domain: {}, Data: { dependsOn: [Domain] }, UI: { dependsOn: [Domain] } }
            registrations:
              - provides: Screen
                module: UI
                dependencies: { a: Repository, b: UseCase }
              - provides: Repository
                module: Data
                dependencies: { u: UseCase }
              - provides: UseCase
                module: Domain
                arguments: { id: Int }
            """, options: options)
        #expect(line("m0", in: text) == ##"m0 [label=<<b>Data</b><br/><font point-size="9">1 registration</font>>, fillcolor="#f6f7f9"];"##)
        #expect(line("m2 -> m0", in: text) == ##"m2 -> m0 [penwidth="1", label="1 (1 layer violation)", color="#d62728", fontcolor="#d62728"];"##)
        // UI → Domain is allowed: its argument mismatch (UseCase needs an id nobody passes) is
        // an error, but not a layer violation, and only those make a module edge red.
        #expect(line("m2 -> m1", in: text) == ##"m2 -> m1 [penwidth="1", label="1"];"##)
        #expect(line("m0 -> m1", in: text) == ##"m0 -> m1 [penwidth="1", label="1"];"##)
        #expect(text.components(separatedBy: "#d62728").count == 3, "only the layer violation's edge (colour and font colour) is red")
    }

    @Test func bigGraphsDropEdgeLabelsAndTuneTheLayout() throws {
        var manifest = "version: 1\nregistrations:\n"
        for index in 0..<400 { manifest += "  - provides: S\(index)\n" + (index > 0 ? "    dependencies: { previous: S\(index - 1) }\n" : "") }
        let text = try dot(manifest)
        #expect(text.contains(##"mclimit="0.1""##))
        #expect(line("r1 -> r0", in: text) == "r1 -> r0;")
        var options = DOTOptions()
        options.tuneLayoutForSize = false
        #expect(!(try dot(manifest, options: options)).contains("mclimit"))
    }
}

extension DOTEncoderTests {
    @Test func theBiggestGraphsUsePlainTextLabels() throws {
        var manifest = "version: 1\nregistrations:\n"
        for index in 0..<1_600 { manifest += "  - provides: S\(index)Protocol\n    implementation: S\(index)\n    lifetime: singleton\n" }
        let text = try dot(manifest)
        #expect(line("r0", in: text) == ##"r0 [label="S0Protocol\nS0 · singleton", fillcolor="#cfe0fc"];"##)
        #expect(text.contains(#"mclimit="0.01""#))
    }
}
