import ArgumentParser
import DigraphKit
import Foundation

struct Diff: ConfiguredCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what changed in the graph between two versions: registrations, edges, findings.",
        discussion: """
            digraph diff BASE HEAD compares two manifests (files, folders, or Swift sources to import). \
            digraph diff --base REV PATH… compares PATH… as it was at git revision REV (read with one \
            git ls-tree and one git cat-file, no checkout) with the working tree; without PATH, the \
            manifests of .digraph.yml, whose import.exclude and import.containers apply to both sides.

            Registrations match by key and name, edges by holder, label and key, findings by code \
            and subject: moving lines never makes anything new. With --ignore-names, a key registered \
            under one name on its side matches by the key alone: compare an app with its port to \
            another library (digraph import, then gen-swift --target factory, then import again: a \
            Factory container names every key after its property).

            Exit codes: 0 no new errors (and no new warnings, with --strict); 1 HEAD has errors, or \
            warnings with --strict, that BASE did not; 2 a side cannot be read, or bad options.
            """)

    @ArgumentParser.Argument(help: "BASE HEAD; with --base, the paths to compare.")
    var paths: [String] = []

    @Option(name: .customLong("base"), help: ArgumentHelp("Compare the paths at this git revision with the working tree.", valueName: "rev"))
    var revision: String?

    @Option(help: "text (a line per change), json, or markdown (tables and a Mermaid picture, for a pull request).")
    var format: DiffReport.Format = .text

    @Flag(help: "Fail (exit 1) on new warnings too.")
    var strict = false

    @Flag(help: "Match a key registered under one name on its side by the key alone (a port to another library names keys its own way).")
    var ignoreNames = false

    @Option(
        help: ArgumentHelp(
            "The project configuration to use (default: the nearest .digraph.yml, up to the repository root): with --base and no paths, its manifests; always, how Swift is read (import.exclude, import.containers).",
            valueName: "file"))
    var config: String?

    @OptionGroup var swift: SwiftSourceOptions

    func validate() throws {
        if revision == nil, paths.count != 2 {
            throw ValidationError("give BASE and HEAD (two manifests or folders), or --base REV and the paths to compare")
        }
    }

    var configurationUse: Configured.Use? { Configured.Use(command: "diff --base HEAD", required: revision != nil && paths.isEmpty) }

    func configured(by configuration: ProjectConfiguration, typed: [String]) throws -> [Diff] {
        [
            try Diff.parse(
                Configured.arguments(
                    configuration.swiftReading, typed: typed,
                    manifests: revision != nil && paths.isEmpty ? configuration.manifests : []))
        ]
    }

    func run() throws {
        let sides: [(paths: [String], tree: any SourceTree)]
        if let revision {
            let past: GitRevision
            do {
                past = try GitRevision(revision, paths: paths)
            } catch {
                throw CommandFailure(shown(error.description))
            }
            sides = [(past.existingPaths, past.tree), (paths, DiskTree())]
        } else {
            sides = [([paths[0]], DiskTree()), ([paths[1]], DiskTree())]
        }
        let excludes = swift.excludes, statements = swift.statements, context = swift.context, defines = swift.defines
        // The two sides are read and checked side by side (the importer's walks want a big stack).
        let runs = Parallel.map(count: 2, stackSize: 64 << 20) { index in
            CheckRun(
                files: sides[index].paths, excluding: excludes, containers: statements, context: context, defines: defines, in: sides[index].tree)
        }
        let base = runs[0], head = runs[1]
        for (side, run) in [("BASE", base), ("HEAD", head)] where run.graph == nil {
            printToStandardError(TextReporter(colored: Terminal.stderrWantsColor).render(run.report))
            throw CommandFailure("\(side) cannot be read; nothing was compared")
        }
        let diff = GraphDiff(
            base: base.graph!, baseFindings: base.report.diagnostics, head: head.graph!, headFindings: head.report.diagnostics,
            matching: ignoreNames ? .key : .keyAndName)
        let report = DiffReport(diff: diff, base: base.graph!, head: head.graph!)
        print(report.rendered(as: format), terminator: "")
        let failing = diff.newFindings.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        if failing { throw ExitCode(ExitStatus.graphHasErrors.rawValue) }
    }
}

extension DiffReport.Format: ExpressibleByArgument {}
