import ArgumentParser
import DigraphKit
import Foundation

#if Graphviz
    import DigraphGraphviz
#endif

struct Render: ConfiguredCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the dependency graph through libgraphviz (linked in, no dot command needed).",
        discussion: """
            One node per registration: the key in bold (italic when it is a protocol over another \
            implementation), then how it is made and how long it lives. Fill colour shows the \
            lifetime, a double border marks roots, modules are clusters, and what `check` finds is \
            drawn in red (errors) and orange (warnings): cycles, missing bindings as dashed \
            placeholders, layer violations, captive dependencies. The picture is drawn even when the \
            graph has errors; the command then exits 0 and prints a one-line summary on stderr.

            Without -o the picture is written next to the manifest when one file is given \
            (app.yaml -> app.png), else in the working folder named after it (MyApp.png; with \
            .digraph.yml, its folder); -o - writes it to stdout. Files are written atomically: a failed render leaves none.

            Big graphs: above \(GraphDrawing.largeGraphThreshold) nodes (\(GraphDrawing.largeShapedThreshold) nodes or \
            \(GraphDrawing.largeShapedEdgeThreshold) edges in a picture whose rows digraph chose) edge labels are dropped \
            (the edge's tooltip still names the parameter) and dot's layout limits are \
            tightened; --focus/--depth cut a neighbourhood, --collapse modules draws one node per module.

            Exit codes: 0 drawn; 2 the input could not be used, bad options, or Graphviz failed.
            """)

    @OptionGroup var inputs: ProjectInputs
    var files: [String] { inputs.files }
    var config: String? { inputs.config }

    @OptionGroup var swift: SwiftSourceOptions

    @Flag(help: "Output format (default png).")
    var formatFlag: FormatFlag?

    @Option(
        help:
            "Output format: png, svg, pdf, dot (the DOT text), json (Graphviz's layout as JSON), mermaid (a Mermaid flowchart for Markdown), html (an interactive page: search, click, pan and zoom, findings)."
    )
    var format: OutputFormat?

    @Option(name: .shortAndLong, help: "Output path; '-' for stdout. Default: beside the one manifest given, else named after the working folder.")
    var output: String?

    @Option(name: .customLong("layout"), help: "Graphviz layout engine: dot (the default), neato, fdp, sfdp, circo, twopi.")
    var layoutOption: GraphDrawing.Layout?

    @Option(help: "Rank direction: TB (top to bottom) or LR (left to right).")
    var rankdir: DOTOptions.RankDirection?

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Draw only the neighbourhood of these keys.", valueName: "key"))
    var focus: [String] = []

    @Option(help: "With --focus: how many edges away to include, in both directions.")
    var depth: Int?

    @Option(help: ArgumentHelp("'modules': one node per module, edges labelled with their count.", valueName: "modules"))
    var collapse: Collapse?

    @Flag(help: "Do not draw clusters: modules, or without modules the files that register (each Swinject assembly, assembler or manifest).")
    var noClusters = false

    @Flag(
        help:
            "Keep dot's own ranks for a picture far wider than tall, instead of stacking modules as bands of rows, folding wide levels and drawing much-used keys once per module."
    )
    var noFold = false

    @Flag(help: "Keep dot's default layout limits even for big graphs: the best layout, and minutes for thousands of registrations.")
    var graphvizDefaults = false

    @Flag(
        help:
            "Lay out a picture above the size limit (\(GraphDrawing.maximumNodes) registrations or \(GraphDrawing.maximumEdges) edges) anyway; it can take many minutes."
    )
    var noLimit = false

    enum FormatFlag: String, EnumerableFlag {
        case png, svg, pdf, dot
    }

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case png, svg, pdf, dot, json, mermaid, html

        /// Text formats are written without Graphviz laying anything out.
        var isText: Bool { self == .dot || self == .mermaid }
        var fileExtension: String { self == .mermaid ? "mmd" : rawValue }
    }

    enum Collapse: String, ExpressibleByArgument, CaseIterable {
        case modules
    }

    var resolvedFormat: OutputFormat { format ?? formatFlag.flatMap { OutputFormat(rawValue: $0.rawValue) } ?? .png }

    func validate() throws {
        if format != nil, formatFlag != nil, format?.rawValue != formatFlag?.rawValue {
            throw ValidationError("--\(formatFlag!.rawValue) and --format \(format!.rawValue) disagree; give one")
        }
        guard (depth ?? 1) >= 0 else { throw ValidationError("--depth must be 0 or more") }
        try refuseOptionsThatDoNothing()
        for key in focus {
            do { _ = try TypeExpressionParser.parse(key) } catch {
                throw ValidationError("--focus '\(key)' is not a Swift type: it \(error.message)")
            }
        }
    }

    var layout: GraphDrawing.Layout { layoutOption ?? .dot }

    /// An option that would change nothing is a mistake in the command line: say so, rather than
    /// let the user believe it took effect.
    func refuseOptionsThatDoNothing() throws {
        let collapsed = collapse == .modules
        let refusals: [(Bool, String)] = [
            (depth != nil && focus.isEmpty, "--depth applies to --focus; give --focus KEY… or drop --depth"),
            (!focus.isEmpty && collapsed, "--focus and --collapse modules do not combine (a collapsed picture shows every module); use one of them"),
            (noClusters && collapsed, "--no-clusters has no effect with --collapse modules (there are no clusters to drop)"),
            (noFold && collapsed, "--no-fold has no effect with --collapse modules (one node per module is never folded)"),
            (noFold && rankdir == .leftToRight, "--no-fold has no effect with --rankdir LR: only top-to-bottom pictures are folded"),
            (noFold && resolvedFormat == .mermaid, "--no-fold has no effect with --format mermaid: Mermaid lays the diagram out itself"),
            (
                layoutOption != nil && resolvedFormat == .dot,
                "--layout has no effect with --dot: the DOT text is the same for every engine; pass the engine to Graphviz yourself"
            ),
            (layoutOption != nil && resolvedFormat == .mermaid, "--layout has no effect with --format mermaid: Mermaid lays the diagram out itself"),
            (noLimit && resolvedFormat == .dot, "--no-limit has no effect with --dot: the limit applies to laying out a picture"),
            (graphvizDefaults && resolvedFormat == .mermaid, "--graphviz-defaults has no effect with --format mermaid: Mermaid lays the diagram out itself"),
            (rankdir != nil && layout != .dot, "--rankdir applies to the dot layout only; \(layout.rawValue) ignores it"),
        ]
        if let refusal = refusals.first(where: \.0) { throw ValidationError(refusal.1) }
    }

    var configurationUse: Configured.Use? { Configured.Use(command: "render", required: files.isEmpty) }

    func configured(by configuration: ProjectConfiguration, typed: [String]) throws -> [Render] {
        [
            try Render.parse(
                Configured.arguments(
                    (configuration.options["render"] ?? []) + configuration.swiftReading, typed: typed,
                    manifests: files.isEmpty ? configuration.manifests : [],
                    alsoSetBy: ["format": FormatFlag.allCases.map(\.rawValue)]))
        ]
    }

    func run() throws {
        let reading = WorkProgress("digraph: reading…", after: 1)
        let outcome = CheckRun(
            files: files, excluding: swift.excludes, containers: swift.statements, context: swift.context, defines: swift.defines, everyBuild: false)
        reading.finish()
        guard let graph = outcome.graph else {
            printToStandardError(TextReporter(colored: Terminal.stderrWantsColor).render(outcome.report))
            throw ExitCode(ExitStatus.unusableInput.rawValue)
        }
        var options = DOTOptions()
        options.rankDirection = rankdir ?? .topToBottom
        options.clusters = !noClusters
        options.fold = !noFold
        options.collapseModules = collapse == .modules
        options.focusKeys = try focus.map { try TypeExpressionParser.parse($0).key }
        options.depth = depth ?? 1
        options.tuneLayoutForSize = !graphvizDefaults
        let drawing: GraphDrawing
        do {
            drawing = try GraphDrawing(graph: graph, diagnostics: outcome.report.diagnostics, options: options)
        } catch {
            throw ValidationError(error.description)
        }
        let started = Date()
        if !resolvedFormat.isText, !noLimit, drawing.exceedsLayoutLimits {
            throw CommandFailure(
                """
                the picture would have \(drawing.registrations) registrations and \(drawing.edges) edges; laying out more than \(GraphDrawing.maximumNodes) registrations or \(GraphDrawing.maximumEdges) edges takes many minutes.
                Draw part of it (--focus KEY --depth 2), one node per module (--collapse modules), or write the DOT text (--dot); or pass --no-limit to lay it out anyway.
                """)
        }
        let bytes: [UInt8]
        switch resolvedFormat {
        case .dot:
            bytes = Array(drawing.dot().utf8)
        case .mermaid:
            do {
                bytes = Array(try drawing.mermaid(ignoringLimits: noLimit).utf8)
            } catch {
                throw CommandFailure(error.description)
            }
        case .png, .svg, .pdf, .json:
            bytes = try picture(of: drawing, format: resolvedFormat)
        case .html:
            let svg = String(decoding: try picture(of: drawing, format: .svg), as: UTF8.self)
            bytes = Array(drawing.page(svg: svg, title: "digraph: " + files.map(shown).joined(separator: ", ")).utf8)
        }
        let destination = output ?? OutputPath.defaultPicture(for: files, extension: resolvedFormat.fileExtension)
        do {
            try OutputPath.write(bytes, to: destination, readingFrom: outcome.readFiles + Configured.files)
        } catch {
            throw CommandFailure(shown("\(error)"))
        }
        let report = outcome.report
        if !report.diagnostics.isEmpty {
            printToStandardError((TextReporter().summary(report) + "; drawn in the picture, `digraph check` lists them\n"))
        }
        if destination != "-" {
            let seconds = Date().timeIntervalSince(started)
            let timing = seconds >= 1 ? String(format: " in %.1f s", seconds) : ""
            printToStandardError("digraph: wrote \(shown(destination))\(timing)\n")
        }
        if let read = outcome.swiftRead { printToStandardError("digraph: \(read)\n") }
    }
}

/// A line on stderr while Graphviz lays out a big graph; on a terminal it counts the seconds, so
/// that a long layout is seen to be working. (A plain thread: the layout blocks its caller.)
extension Render {
    /// Lays the drawing out with Graphviz in a child process of its own (`digraph layout`: the same
    /// DOT gives the same picture every run, and a crash in libgraphviz is an error, not ours), or in
    /// this process when no child can be started. A build without the Graphviz trait says how to get
    /// pictures instead.
    func picture(of drawing: GraphDrawing, format: OutputFormat) throws -> [UInt8] {
        #if Graphviz
            let progress =
                drawing.registrations > GraphDrawing.largeGraphThreshold
                ? WorkProgress("digraph: laying out \(drawing.registrations) registrations with \(layout.rawValue)…", announcedOffTerminal: true) : nil
            defer { progress?.finish() }
            let dot = drawing.dot()
            if let executable = Bundle.main.executablePath,
                let finished = try? ChildProcess.run(
                    executable, ["layout", "--format", format.rawValue, "--engine", layout.rawValue], input: Data(dot.utf8))
            {
                guard finished.status == 0 else {
                    let said = String(decoding: finished.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    let reason = said.hasPrefix(CommandFailure.prefix) ? String(said.dropFirst(CommandFailure.prefix.count)) : said
                    guard let status = finished.status else {
                        throw CommandFailure("Graphviz stopped while laying out the picture (killed by a signal); nothing was written")
                    }
                    throw CommandFailure(shown(reason.isEmpty ? "the layout ended with status \(status) and said nothing; nothing was written" : reason))
                }
                return [UInt8](finished.output)
            }
            do {
                return try GraphvizRenderer.render(dot: dot, formatName: format.rawValue, layoutName: layout.rawValue)
            } catch {
                throw CommandFailure(shown(error.message))
            }
        #else
            throw CommandFailure("cannot draw \(resolvedFormat.rawValue.uppercased()): \(GraphDrawing.picturesNeedGraphviz)")
        #endif
    }
}

extension GraphDrawing.Layout: ExpressibleByArgument {}
extension DOTOptions.RankDirection: ExpressibleByArgument {}
