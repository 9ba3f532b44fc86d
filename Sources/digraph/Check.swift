import ArgumentParser
import DigraphCore
import DigraphLoader
import DigraphReporters
import DigraphRules
import DigraphSwiftImport
import Foundation

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate manifests and report every problem with its location.",
        discussion: """
        Loads every FILE (a directory stands for its .yaml, .yml and .json files), merges them \
        into one graph and runs every rule. Findings are reported as file:line:column, severity, \
        message and a stable code.

        Codes: \(RuleCatalog.descriptions.map(\.code.rawValue).joined(separator: ", ")).

        Exit codes:
          0  no errors (warnings and infos allowed, unless --strict)
          1  the graph has errors (or warnings, with --strict)
          2  the input could not be used: unreadable file, schema error, bad command line
        """)

    @ArgumentParser.Argument(help: "Manifest files (.yaml, .yml, .json), directories of them, or Swift sources (.swift files, or folders holding them) to import in memory.")
    var files: [String]

    @Option(help: "Report format: text (compiler style), json, github (workflow annotations + text), sarif (2.1.0).")
    var format: ReportFormat = .text

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Option(name: .customLong("ignore"), help: ArgumentHelp("Drop findings with this code; repeat or separate with commas. 'schema' cannot be ignored.", valueName: "code"))
    var ignored: [String] = []

    func validate() throws {
        _ = try ignoredCodes(ignored)
    }

    func run() throws {
        let outcome = CheckRun(files: files, ignoring: try ignoredCodes(ignored))
        print(format.reporter(colored: format == .text && Terminal.stdoutWantsColor).render(outcome.report), terminator: "")
        throw ExitCode(outcome.exitStatus(strict: strict).rawValue)
    }
}

extension ReportFormat: ExpressibleByArgument {}

/// Parses `--ignore` values (repeated or comma-separated) into known codes.
func ignoredCodes(_ values: [String]) throws -> Set<DiagnosticCode> {
    let known = Set(RuleCatalog.descriptions.map(\.code))
    var codes = Set<DiagnosticCode>()
    for value in values.flatMap({ $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }) {
        let code = DiagnosticCode(rawValue: value)
        guard known.contains(code) else {
            throw ValidationError("unknown code '\(value)' for --ignore; the codes are: \(known.map(\.rawValue).sorted().joined(separator: ", "))")
        }
        guard code != .schema else {
            throw ValidationError("'schema' cannot be ignored: nothing can be checked in a file that is not a valid manifest")
        }
        codes.insert(code)
    }
    return codes
}

/// Load, link and check: the pipeline every command starts with.
struct CheckRun {
    var graph: DependencyGraph?
    var report: Report
    var inputUnusable: Bool
    /// Every file read: outputs must never overwrite one of them.
    var readFiles: [String]

    /// Paths that hold Swift (a `.swift` file, or a folder with Swift files below it) are imported in
    /// memory, with locations in the Swift files; the rest are manifests. Both merge into one graph.
    init(files: [String], ignoring ignored: Set<DiagnosticCode> = [], excluding patterns: [String] = []) {
        let swiftPaths = files.filter { SwiftSourceFiles.holdsSwift($0, excluding: patterns) }
        let manifestPaths = files.filter { !swiftPaths.contains($0) }
        var imported: SwiftImporter.Result?
        if !swiftPaths.isEmpty { imported = SwiftImporter.run(paths: swiftPaths, excluding: patterns) }
        let loaded = ManifestLoader.load(files: manifestPaths, adding: imported.map { [$0.manifest] } ?? [],
                                         unreadable: imported?.unreadable ?? [])
        graph = loaded.graph
        inputUnusable = loaded.graph == nil
        readFiles = ManifestLoader.expand(paths: manifestPaths) + (imported?.files ?? [])
        let findings = (imported?.findings ?? []) + (loaded.graph.map(RuleCatalog.check) ?? [])
        report = Report(registrations: loaded.graph?.registrations.count ?? 0,
                        diagnostics: loaded.diagnostics + findings.filter { !ignored.contains($0.code) })
    }

    func exitStatus(strict: Bool) -> ExitStatus {
        if inputUnusable { return .unusableInput }
        if report.errors > 0 || (strict && report.warnings > 0) { return .graphHasErrors }
        return .success
    }
}

enum Terminal {
    /// Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org).
    static func wantsColor(on descriptor: Int32) -> Bool {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return !noColor && isatty(descriptor) == 1
    }

    static var stdoutWantsColor: Bool { wantsColor(on: STDOUT_FILENO) }
    static var stderrWantsColor: Bool { wantsColor(on: STDERR_FILENO) }
}
