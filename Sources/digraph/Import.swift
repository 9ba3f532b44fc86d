import ArgumentParser
import DigraphCore
import DigraphReporters
import DigraphSwiftGen
import DigraphSwiftImport
import Foundation

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a Swinject or hand-rolled container's Swift sources into a manifest.",
        discussion: """
        Reads every PATH (Swift files, or folders read recursively; hidden folders, .build, Pods, \
        Carthage and DerivedData are skipped) and writes one manifest: each `register` or \
        `autoregister` call becomes a registration (its scope a lifetime, the resolves in its \
        factory its dependencies), each `resolve` outside a factory an entry of `resolves:`. Each \
        entry carries its Swift origin as a comment. What cannot be read is reported as a \
        warning with its location (code swift-import), and the registration is kept.

        --check compares with the file at -o instead of writing it: exit 1 when the sources have \
        drifted from the committed manifest.

        Exit codes: 0 written (or up to date); 1 stale, with --check; 2 a path cannot be read, \
        bad options, or the output cannot be written.
        """)

    @ArgumentParser.Argument(help: "Swift files, or folders of them.")
    var paths: [String]

    @Option(name: .shortAndLong, help: "Output file; '-' (the default) writes to stdout.")
    var output: String = "-"

    @Option(help: "yaml (with the origins as comments) or json.")
    var format: ManifestWriter.Format = .yaml

    @Option(name: .customLong("exclude"), parsing: .singleValue, help: ArgumentHelp("Skip paths matching this glob (`Tests`, `**/Mocks/*`, `*Preview*.swift`); repeat for more.", valueName: "glob"))
    var excludes: [String] = []

    @Flag(help: "Compare with the file at -o instead of writing it; exit 1 when it is stale.")
    var check = false

    func validate() throws {
        if check, output == "-" { throw ValidationError("--check compares with a file: give it with -o") }
    }

    func run() throws {
        let result = SwiftImporter.run(paths: paths, excluding: excludes)
        let colored = Terminal.stderrWantsColor
        guard result.unreadable.isEmpty else {
            printToStandardError(TextReporter(colored: colored, verb: "imported").render(Report(registrations: 0, diagnostics: result.unreadable)))
            throw ExitCode(ExitStatus.unusableInput.rawValue)
        }
        if !result.findings.isEmpty {
            printToStandardError(TextReporter(colored: colored, verb: "imported").render(Report(registrations: result.manifest.registrations.count, diagnostics: result.findings)))
        }
        let command = (["digraph", "import"] + paths.map(SwiftSourceFiles.normalized) + excludes.flatMap { ["--exclude", $0] }
            + (format == .yaml ? [] : ["--format", format.rawValue])).joined(separator: " ")
        let text = result.written(as: format, command: command)
        if check {
            let existing = FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) }
            guard let existing else {
                printToStandardError("digraph: \(shown(output)) does not exist; run `\(shown(command)) -o \(shown(output))`\n")
                throw ExitCode(ExitStatus.graphHasErrors.rawValue)
            }
            if let difference = StaleFile.describe(expected: text, found: existing) {
                printToStandardError("digraph: \(shown(output)) is stale: the Swift sources changed (\(shown(difference))); run `\(shown(command)) -o \(shown(output))`\n")
                throw ExitCode(ExitStatus.graphHasErrors.rawValue)
            }
            printToStandardError("digraph: \(shown(output)) is up to date\n")
            return
        }
        do {
            try OutputPath.write(Array(text.utf8), to: output, readingFrom: result.files)
        } catch {
            printToStandardError("digraph: error: \(shown("\(error)"))\n")
            throw ExitCode(ExitStatus.unusableInput.rawValue)
        }
        if output != "-" {
            let count = result.manifest.registrations.count
            printToStandardError("digraph: wrote \(shown(output)): \(count) registration\(count == 1 ? "" : "s") and \(result.manifest.resolves.count) direct resolve\(result.manifest.resolves.count == 1 ? "" : "s") from \(result.files.count) Swift file\(result.files.count == 1 ? "" : "s")\n")
        }
    }
}

extension ManifestWriter.Format: ExpressibleByArgument {}
