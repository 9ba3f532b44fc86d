import ArgumentParser
import DigraphCore
import DigraphReporters
import DigraphSwiftGen
import Foundation

struct GenSwift: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen-swift",
        abstract: "Generate the composition root in Swift from the manifests.",
        discussion: """
        --target plain (default): a container class in plain Swift with no runtime library: one \
        accessor per key, lazy thread-safe singletons, fresh transients, graph and weak lifetimes, \
        runtime arguments as accessor parameters, lazy dependencies as closures, supplied values \
        and external keys as initializer parameters, and `overrides` to replace any registration \
        in tests.

        --target swinject: one Swinject `Assembly` per manifest file (Swinject 2.10).

        Refuses to generate from a graph with errors (exit 1, the diagnostics as `check` prints \
        them). The output starts with a header naming its sources; an existing file without that \
        header is never overwritten (exit 2). Files are written atomically.

        --check generates in memory and compares with the file at -o: exit 0 when it is up to \
        date, 1 with a short summary when it is stale or missing. Use it as a pre-merge guard.

        Exit codes: 0 written (or up to date); 1 graph errors, or stale with --check; 2 unusable \
        input or an existing file digraph did not write.
        """)

    @ArgumentParser.Argument(help: "Manifest files (.yaml, .yml, .json), or directories of them.")
    var files: [String]

    @Option(help: "What to generate: plain (a container in plain Swift), swinject (Swinject assemblies), or stubs (stand-in declarations of the manifest's types, to try generated code without the app).")
    var target: Target = .plain

    @Option(name: .shortAndLong, help: "Output file; '-' (the default) writes to stdout.")
    var output: String = "-"

    @Option(help: "Access level of the generated declarations: public or internal.")
    var access: AccessLevel = .public

    @Flag(help: "Compare with the file at -o instead of writing it; exit 1 when it is stale.")
    var check = false

    @Option(help: ArgumentHelp("With --target plain: spread the registrations over N files in the directory -o, so that the compiler works on them in parallel (for big containers).", valueName: "N"))
    var split: Int = 1

    /// More files than this helps no compiler and only fills a folder.
    static let maximumSplit = 1_000

    enum Target: String, ExpressibleByArgument, CaseIterable {
        case plain, swinject, stubs
    }

    func validate() throws {
        if check, output == "-" { throw ValidationError("--check compares with a file: give it with -o") }
        guard (1...GenSwift.maximumSplit).contains(split) else {
            throw ValidationError("--split must be between 1 and \(GenSwift.maximumSplit) (files of registrations), not \(split)")
        }
        if split > 1, target != .plain { throw ValidationError("--split applies to --target plain") }
        if split > 1, output == "-" { throw ValidationError("--split writes several files: give a directory with -o") }
    }

    func run() throws {
        let outcome = CheckRun(files: files)
        guard let graph = outcome.graph, outcome.report.errors == 0 else {
            printToStandardError(TextReporter(colored: Terminal.stderrWantsColor).render(outcome.report))
            if outcome.graph != nil {
                printToStandardError("digraph: error: not generating code from a graph with errors\n")
            }
            throw ExitCode(outcome.exitStatus(strict: false).rawValue)
        }
        let plan: GenerationPlan
        do {
            plan = try GenerationPlan(graph: graph)
        } catch {
            printToStandardError("\(error)\n")
            throw ExitCode(ExitStatus.graphHasErrors.rawValue)
        }
        let files: [(name: String, text: String)] = switch target {
        case .plain where split > 1:
            PlainContainerGenerator(plan: plan, access: access, sources: files, parts: split).generateFiles()
                .map { (output + "/" + $0.name, $0.text) }
        case .plain: [(output, PlainContainerGenerator(plan: plan, access: access, sources: files).generate())]
        case .swinject: [(output, SwinjectAssemblyGenerator(plan: plan, access: access, sources: files).generate())]
        case .stubs: [(output, StubGenerator(plan: plan).generate())]
        }
        // Parts of an earlier, wider split that this one no longer writes.
        let leftovers = split > 1 ? GeneratedDirectory.generatedFiles(in: output).filter { path in !files.contains { $0.name == path } } : []

        if check {
            var problems: [String] = []
            for (path, code) in files {
                guard let existing = FileManager.default.contents(atPath: path).map({ String(decoding: $0, as: UTF8.self) }) else {
                    problems.append("\(path) does not exist")
                    continue
                }
                if let difference = StaleFile.describe(expected: code, found: existing) { problems.append("\(path) is stale: \(difference)") }
            }
            problems += leftovers.map { "\($0) is left over from an earlier split" }
            guard problems.isEmpty else {
                for problem in problems { printToStandardError("digraph: \(problem)\n") }
                printToStandardError("digraph: run `digraph gen-swift` without --check to regenerate\n")
                throw ExitCode(ExitStatus.graphHasErrors.rawValue)
            }
            printToStandardError("digraph: \(files.count == 1 ? output : "\(files.count) files in \(output)") \(files.count == 1 ? "is" : "are") up to date\n")
            return
        }
        for (path, _) in files where path != "-" {
            if let refusal = OutputPath.refusal(for: path) {
                printToStandardError("digraph: error: \(refusal)\n")
                throw ExitCode(ExitStatus.unusableInput.rawValue)
            }
            if let existing = FileManager.default.contents(atPath: path), !GeneratedHeader.isPresent(in: String(decoding: existing, as: UTF8.self)) {
                printToStandardError("digraph: error: \(path) exists and was not generated by digraph (its first line is not '\(GeneratedHeader.marker) …'); refusing to overwrite it. Move it away or choose another -o\n")
                throw ExitCode(ExitStatus.unusableInput.rawValue)
            }
        }
        do {
            if split > 1 { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) }
            for (path, code) in files { try OutputPath.write(Array(code.utf8), to: path, readingFrom: outcome.readFiles) }
            for leftover in leftovers { try FileManager.default.removeItem(atPath: leftover) }
        } catch {
            printToStandardError("digraph: error: \((error as? OutputPath.WriteError)?.description ?? "cannot write \(output): \(error.localizedDescription)")\n")
            throw ExitCode(ExitStatus.unusableInput.rawValue)
        }
        if output != "-" {
            printToStandardError("digraph: wrote \(files.count == 1 ? output : "\(files.count) files in \(output)")\n")
        }
    }
}

extension AccessLevel: ExpressibleByArgument {}

/// The Swift files digraph generated in a directory (they start with its header).
enum GeneratedDirectory {
    static func generatedFiles(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { directory + "/" + $0 }.filter { path in
            FileManager.default.contents(atPath: path).map { GeneratedHeader.isPresent(in: String(decoding: $0, as: UTF8.self)) } ?? false
        }
    }
}
