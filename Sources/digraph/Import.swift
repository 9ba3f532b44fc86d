import ArgumentParser
import DigraphKit
import Foundation

struct Import: ConfiguredCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a Swinject, hmlongco/Factory or hand-rolled container's Swift sources into a manifest.",
        discussion: """
            Reads every PATH (Swift files, or folders read recursively; hidden folders, .build, Pods, \
            Carthage and DerivedData are skipped) and writes one manifest: each `register` or \
            `autoregister` call becomes a registration (its scope a lifetime, the resolves in its \
            factory its dependencies), each `resolve` outside a factory an entry of `resolves:`; each \
            Factory property on a container (`var api: Factory<APIClient> { self { … } }`) becomes a \
            registration keyed by its type and property, what the type it builds injects its \
            dependencies. --context test|preview|debug reads Factory's factories for that context. Each \
            entry carries its Swift origin as a comment. What cannot be read is reported as a \
            warning with its location (code swift-import), and the registration is kept.

            --check compares with the file at -o instead of writing it: exit 1 when the sources have \
            drifted from the committed manifest.

            Exit codes: 0 written (or up to date); 1 stale, with --check; 2 a path cannot be read, \
            bad options, or the output cannot be written.
            """)

    @ArgumentParser.Argument(help: "Swift files, or folders of them. Default: the configuration's 'import: paths'.")
    var paths: [String] = []

    @Option(
        help: ArgumentHelp(
            "The project configuration to use without path arguments (default: the nearest .digraph.yml, up to the repository root).", valueName: "file"))
    var config: String?

    @OptionGroup var swift: SwiftSourceOptions

    /// How the header and stale messages say to regenerate, when not the command line itself.
    var regenerateCommand: String?

    /// Where the paths are read from and the output written, when not the working directory: run
    /// from the configuration, the paths are spelled from the project's root (in the header, the
    /// origin comments and messages), so the file is the same whichever folder it is made from.
    var projectFolder: String?

    @Option(name: .shortAndLong, help: "Output file; '-' (the default) writes to stdout.")
    var output: String = "-"

    @Option(help: "yaml (with the origins as comments) or json.")
    var format: ManifestWriter.Format = .yaml

    @Flag(help: "Compare with the file at -o instead of writing it; exit 1 when it is stale.")
    var check = false

    func validate() throws {
        if paths.isEmpty { return }  // checked once the configuration's options are added
        if check, output == "-" { throw ValidationError("--check compares with a file: give it with -o") }
    }

    var configurationUse: Configured.Use? { Configured.Use(command: "import", required: paths.isEmpty, needsManifests: false) }

    func configured(by configuration: ProjectConfiguration, typed: [String]) throws -> [Import] {
        let section = configuration.options["import"] ?? []
        let configuredPaths = paths.isEmpty ? section.filter { $0.name == "paths" }.map(\.value) : []
        if paths.isEmpty, configuredPaths.isEmpty {
            throw CommandFailure("\(shown(configuration.file)) has no 'import: paths:'; add the Swift folders to import, or pass them on the command line")
        }
        let folder = paths.isEmpty ? URL(fileURLWithPath: configuration.file).deletingLastPathComponent().path : FileManager.default.currentDirectoryPath
        var configured = try Import.parse(
            Configured.arguments(
                section.filter { $0.name != "paths" } + configuration.containers, typed: typed,
                manifests: configuredPaths, from: folder))
        if paths.isEmpty {
            configured.projectFolder = folder
            configured.regenerateCommand = "digraph import"
        }
        return [configured]
    }

    func run() throws {
        let tree = DiskTree(folder: projectFolder)
        let reading = WorkProgress("digraph: reading…", after: 1)
        let result = SwiftImporter.run(
            paths: paths, excluding: swift.excludes, containers: swift.statements, context: swift.context,
            builds: [BuildConfiguration.standard(defining: swift.defines)[0]], in: tree)[0]
        reading.finish()
        let colored = Terminal.stderrWantsColor
        guard result.unreadable.isEmpty else {
            printToStandardError(TextReporter(colored: colored, verb: "imported").render(Report(registrations: 0, diagnostics: result.unreadable)))
            throw ExitCode(ExitStatus.unusableInput.rawValue)
        }
        let findings = result.findings + [result.keysSeveralAppsRegister].compactMap { $0 }
        if !findings.isEmpty {
            printToStandardError(
                TextReporter(colored: colored, verb: "imported").render(Report(registrations: result.manifest.registrations.count, diagnostics: findings)))
        }
        let command =
            regenerateCommand
            ?? (["digraph", "import"] + paths.map(SwiftSourceFiles.normalized) + swift.excludes.flatMap { ["--exclude", $0] }
            + (format == .yaml ? [] : ["--format", format.rawValue])).joined(separator: " ")
        let rerun = regenerateCommand ?? "\(command) -o \(output)"
        let text = result.written(as: format, command: command)
        if check {
            switch ImportStaleness.compare(expected: text, withFileAt: tree.diskPath(of: output)) {
            case .failure(let missing):
                printToStandardError("digraph: \(shown(output)) \(missing.reason); run `\(shown(rerun))`\n")
                throw ExitCode(ExitStatus.graphHasErrors.rawValue)
            case .success(.upToDate):
                printToStandardError("digraph: \(shown(output)) is up to date\n")
            case .success(.originsMoved(let lines)):
                printToStandardError(
                    "digraph: \(shown(output)) is up to date (the same registrations; \(lines) origin comment\(lines == 1 ? " points" : "s point") at moved lines: `\(shown(rerun))` refreshes them)\n"
                )
            case .success(.stale(let difference)):
                printToStandardError("digraph: \(shown(output)) is stale: the Swift sources changed (\(shown(difference))); run `\(shown(rerun))`\n")
                throw ExitCode(ExitStatus.graphHasErrors.rawValue)
            }
            return
        }
        do {
            try OutputPath.write(
                Array(text.utf8), to: output == "-" ? output : tree.diskPath(of: output), readingFrom: result.files.map(tree.diskPath(of:)) + Configured.files)
        } catch {
            throw CommandFailure(shown("\(error)"))
        }
        if output != "-" {
            let count = result.manifest.registrations.count
            printToStandardError(
                "digraph: wrote \(shown(output)): \(count) registration\(count == 1 ? "" : "s") and \(result.manifest.resolves.count) direct resolve\(result.manifest.resolves.count == 1 ? "" : "s") from \(result.files.count) Swift file\(result.files.count == 1 ? "" : "s")\n"
            )
        }
        printToStandardError("digraph: \(result.readSummary)\n")
    }
}

extension ManifestWriter.Format: ExpressibleByArgument {}
