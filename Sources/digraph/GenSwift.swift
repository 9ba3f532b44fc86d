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

    @ArgumentParser.Argument(help: "Manifest files (.yaml, .yml, .json), or directories of them. Default: the configuration's 'manifests', generating each of its 'gen-swift' outputs.")
    var files: [String] = []

    @Option(help: ArgumentHelp("The project configuration to use without file arguments (default: the nearest .digraph.yml, up to the repository root).", valueName: "file"))
    var config: String?

    @Option(help: "What to generate: plain (a container in plain Swift), swinject (Swinject assemblies), or stubs (stand-in declarations of the manifest's types, to try generated code without the app).")
    var target: Target = .plain

    @Option(name: .shortAndLong, help: "Output file; '-' (the default) writes to stdout.")
    var output: String = "-"

    @Option(name: .customLong("access"), help: "Access level of the generated declarations: internal (the default: a container in the app target, beside internal types) or public (a container in its own module).")
    var accessOption: AccessLevel?

    var access: AccessLevel { accessOption ?? .internal }

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
        if files.isEmpty { return }   // the configuration's outputs are validated when each is parsed
        if check, output == "-" { throw ValidationError("--check compares with a file: give it with -o") }
        guard (1...GenSwift.maximumSplit).contains(split) else {
            throw ValidationError("--split must be between 1 and \(GenSwift.maximumSplit) (files of registrations), not \(split)")
        }
        if split > 1, target != .plain { throw ValidationError("--split applies to --target plain") }
        if split > 1, output == "-" { throw ValidationError("--split writes several files: give a directory with -o") }
        if accessOption != nil, target == .stubs { throw ValidationError("--access has no effect with --target stubs: stand-ins are always public") }
    }

    func run() throws {
        if files.isEmpty, let configuration = try Configured.loadIfAny(config, command: "gen-swift", required: true) {
            let outputs = configuration.outputs.isEmpty ? [[]] : configuration.outputs
            try Configured.runAll(outputs.map { options in
                { try GenSwift.parse(Configured.arguments(options, typed: Configured.typedArguments, manifests: configuration.manifests)).run() }
            })
            return
        }
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
        let sources = headerSources()
        let files: [(name: String, text: String)] = switch target {
        case .plain where split > 1:
            PlainContainerGenerator(plan: plan, access: access, sources: sources, parts: split).generateFiles()
                .map { (output + "/" + $0.name, $0.text) }
        case .plain: [(output, PlainContainerGenerator(plan: plan, access: access, sources: sources).generate())]
        case .swinject: [(output, SwinjectAssemblyGenerator(plan: plan, access: access, sources: sources).generate())]
        case .stubs: [(output, StubGenerator(plan: plan, sources: sources).generate())]
        }
        // Parts of this container from an earlier, wider split (never another container's files).
        func leftovers() -> [String] {
            guard split > 1 else { return [] }
            return GeneratedDirectory.splitParts(of: (files[0].name as NSString).lastPathComponent, in: output).filter { path in !files.contains { $0.name == path } }
        }

        if check {
            var problems: [String] = []
            for (path, code) in files {
                guard let existing = FileManager.default.contents(atPath: path).map({ String(decoding: $0, as: UTF8.self) }) else {
                    problems.append("\(path) does not exist")
                    continue
                }
                if let options = GeneratedHeader.optionDifference(expected: code, existing: existing) {
                    problems.append("\(path) was \(options)")
                } else if let difference = StaleFile.describe(expected: code, found: existing) {
                    problems.append("\(path) is stale: \(difference)")
                }
            }
            problems += leftovers().map { "\($0) is left over from an earlier split" }
            guard problems.isEmpty else {
                for problem in problems { printToStandardError("digraph: \(PrintableText.escape(problem))\n") }
                printToStandardError("digraph: run `digraph gen-swift` without --check to regenerate\n")
                throw ExitCode(ExitStatus.graphHasErrors.rawValue)
            }
            printToStandardError("digraph: \(shown(files.count == 1 ? output : "\(files.count) files in \(output)")) \(files.count == 1 ? "is" : "are") up to date\n")
            return
        }
        do {
            if split > 1 { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) }
            // Two runs splitting into one folder take turns, so the folder holds one run's files.
            let lock = split > 1 ? try DirectoryLock(output) : nil
            defer { lock?.release() }
            for (path, _) in files where path != "-" { try Self.mayReplace(path) }
            for (path, code) in files { try OutputPath.write(Array(code.utf8), to: path, readingFrom: outcome.readFiles) }
            for leftover in leftovers() { try FileManager.default.removeItem(atPath: leftover) }
        } catch {
            printToStandardError("digraph: error: \(PrintableText.escape((error as? OutputPath.WriteError)?.description ?? "cannot write \(output): \(error.localizedDescription)"))\n")
            throw ExitCode(ExitStatus.unusableInput.rawValue)
        }
        if output != "-" {
            printToStandardError("digraph: wrote \(PrintableText.escape(files.count == 1 ? output : "\(files.count) files in \(output)"))\n")
        }
    }

    /// The manifests as the header names them: relative to the folder of the output (the
    /// working directory for stdout), so that `DI`, `./DI/` and an absolute path give one file.
    func headerSources() -> [String] {
        let workingDirectory = FileManager.default.currentDirectoryPath
        let outputFolder: String = switch output {
        case "-": workingDirectory
        case _ where split > 1: PathSpelling.absolute(output, from: workingDirectory)
        default: (PathSpelling.absolute(output, from: workingDirectory) as NSString).deletingLastPathComponent
        }
        return files.map { PathSpelling.relative(PathSpelling.absolute($0, from: workingDirectory), to: outputFolder) }
    }

    /// A generated file is replaced only when it is a regular file that digraph wrote: its header
    /// says so. A file it cannot read is not replaced either, since that cannot be told.
    static func mayReplace(_ path: String) throws {
        if let refusal = OutputPath.refusal(for: path) { throw refusal }
        guard InputFile.kind(of: path) != .missing else { return }
        guard let existing = FileManager.default.contents(atPath: path) else {
            throw OutputPath.WriteError(description: "\(path) exists but cannot be read, so digraph cannot tell whether it generated it; refusing to overwrite it. Move it away or choose another -o")
        }
        if !GeneratedHeader.isPresent(in: String(decoding: existing.prefix(GeneratedHeader.marker.utf8.count), as: UTF8.self)) {
            throw OutputPath.WriteError(description: "\(path) exists and was not generated by digraph (its first line is not '\(GeneratedHeader.marker) …'); refusing to overwrite it. Move it away or choose another -o")
        }
    }
}

extension AccessLevel: ExpressibleByArgument {}

/// The files of one split container in a directory: `<Container>+Registrations<n>.swift` with
/// digraph's header. Other containers' parts and files of other targets are never touched.
enum GeneratedDirectory {
    static func splitParts(of mainFile: String, in directory: String) -> [String] {
        let prefix = String(mainFile.dropLast(".swift".count)) + "+Registrations"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { name in
            guard name.hasPrefix(prefix), name.hasSuffix(".swift") else { return false }
            let number = name.dropFirst(prefix.count).dropLast(".swift".count)
            return !number.isEmpty && number.allSatisfy { ("0"..."9").contains($0) }
        }.sorted().map { directory + "/" + $0 }.filter { path in
            InputFile.kind(of: path) == .regularFile
                && (FileManager.default.contents(atPath: path).map { GeneratedHeader.isPresent(in: String(decoding: $0, as: UTF8.self)) } ?? false)
        }
    }
}

/// An exclusive advisory lock on a directory (`flock`), held while a command rewrites its files.
final class DirectoryLock {
    private let descriptor: Int32

    init(_ directory: String) throws {
        descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw OutputPath.WriteError(description: "cannot open \(directory): \(String(cString: strerror(errno)))")
        }
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
