import ArgumentParser
import DigraphKit
import Foundation

struct Check: ConfiguredCommand {
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

    @OptionGroup var inputs: ProjectInputs
    var files: [String] { inputs.files }
    var config: String? { inputs.config }

    @OptionGroup var swift: SwiftSourceOptions

    @Option(help: "Report format: text (compiler style), json, github (workflow annotations + text), sarif (2.1.0).")
    var format: ReportFormat = .text

    @Flag(inversion: .prefixedNo, help: "Fail (exit 1) on warnings too (--no-strict overrides a configuration's 'strict: true').")
    var strict = false

    @Option(
        name: .customLong("ignore"),
        help: ArgumentHelp("Drop findings with this code; repeat or separate with commas. 'schema' cannot be ignored.", valueName: "code"))
    var ignored: [String] = []

    @Option(
        help: ArgumentHelp(
            "Do not report the findings listed in this file (written by --write-baseline); entries that no longer match are reported as infos.",
            valueName: "file"))
    var baseline: String?

    @Option(
        help: ArgumentHelp(
            "Write today's errors and warnings to this file as the baseline to adopt, and exit 0. Without a file: the configuration's 'baseline', else \(Check.defaultBaseline).",
            valueName: "file"))
    var writeBaseline: String?

    /// The baseline the configuration names, as `configured` spells it: before it is first written,
    /// every finding counts.
    @Option(help: .hidden)
    var configurationBaseline: String?

    var baselineFromConfiguration: Bool { baseline != nil && baseline == configurationBaseline }

    /// The baseline `init` names and a valueless `--write-baseline` writes without a configuration.
    static let defaultBaseline = "digraph-baseline.json"
    /// What main.swift gives a `--write-baseline` typed without a file; resolved by `configured`
    /// (the configuration's baseline) or `run` (the default).
    static let configuredBaseline = "\u{1}configured-baseline"

    /// `--write-baseline` last, or followed by another option, takes the configured baseline.
    static func givingWriteBaselineItsValue(_ arguments: [String]) -> [String] {
        guard arguments.dropFirst().first == "check", let position = arguments.firstIndex(of: "--write-baseline") else { return arguments }
        let next = arguments.index(after: position)
        guard next == arguments.endIndex || arguments[next].hasPrefix("-") else { return arguments }
        var given = arguments
        given[position] = "--write-baseline=" + configuredBaseline
        return given
    }

    func validate() throws {
        _ = try ignoredCodes(ignored)
        if baseline != nil, writeBaseline != nil {
            throw ValidationError("--baseline and --write-baseline do not go together: write the baseline once, then check against it")
        }
    }

    var configurationUse: Configured.Use? { Configured.Use(command: "check", required: files.isEmpty) }

    func configured(by configuration: ProjectConfiguration, typed: [String]) throws -> [Check] {
        let options = configuration.options["check"] ?? []
        let configuredBaseline = options.first { $0.name == "baseline" }?.value
        // A valueless `--write-baseline` writes the baseline the configuration reads.
        let written = configuredBaseline.map { PathSpelling.relative($0, to: FileManager.default.currentDirectoryPath) } ?? Check.defaultBaseline
        var typed = typed.map { $0 == "--write-baseline=" + Check.configuredBaseline ? "--write-baseline=" + written : $0 }
        if let configuredBaseline {
            typed.append("--configuration-baseline=" + PathSpelling.relative(configuredBaseline, to: FileManager.default.currentDirectoryPath))
        }
        return [
            try Check.parse(
                Configured.arguments(
                    options + configuration.swiftReading, typed: typed,
                    manifests: files.isEmpty ? configuration.manifests : [],
                    alsoSetBy: ["baseline": ["write-baseline"]]))
        ]
    }

    func run() throws {
        var accepted: Baseline?
        let writeBaseline = writeBaseline == Check.configuredBaseline ? Check.defaultBaseline : writeBaseline
        // Adoption's first step: the configuration names a baseline not written yet, so every finding counts.
        let notWrittenYet = baseline.map { baselineFromConfiguration && InputFile.kind(of: $0) == .missing } ?? false
        if let baseline, !notWrittenYet {
            switch Baseline.read(bytes: try readBaselineFile(baseline), file: baseline) {
            case .success(let read): accepted = read
            case .failure(let problem):
                print(TextReporter().render(Report(registrations: 0, diagnostics: [problem])), terminator: "")
                throw ExitCode(ExitStatus.unusableInput.rawValue)
            }
        }
        let progress = WorkProgress("digraph: reading and checking…", after: 1)
        let outcome = CheckRun(
            files: files, ignoring: try ignoredCodes(ignored), excluding: swift.excludes, baseline: accepted, containers: swift.statements,
            context: swift.context, defines: swift.defines)
        progress.finish()
        keepUntilExit(outcome)
        let environment = ProcessInfo.processInfo.environment
        print(
            outcome.rendered(
                as: format, colored: format == .text && Terminal.stdoutWantsColor,
                githubWorkspace: environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 }), terminator: "")
        if let read = outcome.swiftRead { printToStandardError("digraph: \(read)\n") }
        if let writeBaseline, !outcome.inputUnusable {
            let findings = outcome.report.diagnostics.filter { $0.severity != .info }
            do {
                try OutputPath.write(Array(Baseline.text(for: findings).utf8), to: writeBaseline, readingFrom: outcome.readFiles + Configured.files)
            } catch {
                throw CommandFailure(shown("\(error)"))
            }
            let counted = "\(findings.count) finding\(findings.count == 1 ? "" : "s")"
            printToStandardError(
                writeBaseline == configurationBaseline
                    ? "digraph: wrote \(counted) to \(shown(writeBaseline)); from now on `digraph check` fails only on findings not in it\n"
                    : "digraph: wrote \(counted) to \(shown(writeBaseline)); from now on run with --baseline \(shown(writeBaseline)), or name it in .digraph.yml (`baseline: \(shown(writeBaseline))` under `check:`)\n"
            )
            return
        }
        let status = outcome.exitStatus(strict: strict)
        if status == .graphHasErrors, notWrittenYet, let baseline {
            printToStandardError(
                "digraph: no baseline yet at \(shown(baseline)): accept today's findings with `digraph check --write-baseline`, and from then on only new ones fail\n"
            )
        } else if status == .graphHasErrors, accepted != nil {
            let failing = outcome.report.diagnostics.filter { $0.severity == .error || (strict && $0.severity == .warning) }
            let inSwift = failing.contains { $0.location.file.hasSuffix(".swift") }
            printToStandardError(
                "digraph: \(failing.count) finding\(failing.count == 1 ? " is" : "s are") not in the baseline: fix \(failing.count == 1 ? "it" : "them"), or accept \(failing.count == 1 ? "it" : "them") with `digraph check --write-baseline` (it rewrites the baseline)"
                    + (inSwift ? "; a single intended one can be marked `// digraph:ignore CODE reason` on its line" : "") + "\n")
        }
        throw ExitCode(status.rawValue)
    }

    private func readBaselineFile(_ path: String) throws -> [UInt8] {
        guard InputFile.kind(of: path) == .regularFile, let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(
                "cannot read the baseline \(shown(path)): \(InputFile.problem(at: path) ?? "permission denied"); write one with --write-baseline \(shown(path))"
            )
        }
        return Array(data)
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
            let suggestion = nearSpellings(of: value, in: known.map(\.rawValue)).first.map { " Did you mean '\($0)'?" } ?? ""
            throw ValidationError(
                "unknown code '\(shown(value))' for --ignore.\(suggestion) The codes are: \(known.map(\.rawValue).sorted().joined(separator: ", "))")
        }
        guard code != .schema else {
            throw ValidationError("'schema' cannot be ignored: nothing can be checked in a file that is not a valid manifest")
        }
        codes.insert(code)
    }
    return codes
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
