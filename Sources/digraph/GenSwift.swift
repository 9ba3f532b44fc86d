import ArgumentParser
import DigraphKit
import Foundation

struct GenSwift: ConfiguredCommand {
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

            --target factory: one extension of hmlongco/Factory's `Container` (Factory 2.x/3.x): a \
            factory property per key, singleton as `.cached`, weak as `.shared`, graph as `.graph`, \
            runtime arguments as a `ParameterFactory`, isolation on the property and its closure.

            Without files, generates from the configuration's 'manifests' each of its 'gen-swift' \
            outputs.

            Refuses to generate from a graph with errors (exit 1, the diagnostics as `check` prints \
            them). The output starts with a header naming its sources; an existing file without that \
            header is never overwritten (exit 2). Files are written atomically.

            --target tests --module App -o Tests/AppTests/ResolveAllTests.swift: from the app's Swift \
            sources, a Swift Testing suite that builds the app's container as the app does (its \
            Swinject assemblies, its Factory containers, its hand-rolled container filled where the app \
            registers) and resolves every registration, one test \
            per key: it resolves, and a singleton or weak registration gives one instance. Beside it, \
            ResolveAllSetup.swift is written once and never replaced: the runtime arguments of each \
            registration that takes some (a test stays disabled until they are given) and any \
            assembly the app builds from values.

            --check generates in memory and compares with the file at -o: exit 0 when it is up to \
            date, 1 with a short summary when it is stale or missing. Use it as a pre-merge guard.

            Exit codes: 0 written (or up to date); 1 graph errors, or stale with --check; 2 unusable \
            input or an existing file digraph did not write.
            """)

    @OptionGroup var inputs: ProjectInputs
    var files: [String] { inputs.files }
    var config: String? { inputs.config }
    @OptionGroup var swift: SwiftSourceOptions

    @Option(
        help:
            "What to generate: plain (a container in plain Swift), swinject (Swinject assemblies), factory (an hmlongco/Factory container extension), stubs (stand-in declarations of the manifest's types, to try generated code without the app), or tests (a Swift Testing file that builds the app's own container and resolves every key; from Swift sources)."
    )
    var target: SwiftGeneration.Target = .plain

    @Option(name: .shortAndLong, help: "Output file; '-' (the default) writes to stdout.")
    var output: String = "-"

    @Option(
        name: .customLong("access"),
        help:
            "Access level of the generated declarations: internal (the default: a container in the app target, beside internal types) or public (a container in its own module)."
    )
    var accessOption: AccessLevel?

    var access: AccessLevel { accessOption ?? .internal }

    @Option(help: ArgumentHelp("With --target tests: the app's module, which the tests import with @testable.", valueName: "name"))
    var module: String?

    @Option(
        name: .customLong("import"), parsing: .singleValue,
        help: ArgumentHelp(
            "With --target tests: another module the tests import, one that declares keys (a modular app's Domain); repeat for more. Modules of SwiftPM packages are found without it.",
            valueName: "name"))
    var imports: [String] = []

    @Flag(help: "Compare with the file at -o instead of writing it; exit 1 when it is stale.")
    var check = false

    @Option(
        help: ArgumentHelp(
            "With --target plain: spread the registrations over N files in the directory -o, so that the compiler works on them in parallel (for big containers).",
            valueName: "N"))
    var split: Int = 1

    func validate() throws {
        if files.isEmpty { return }  // the configuration's outputs are validated when each is parsed
        if check, output == "-" { throw ValidationError("--check compares with a file: give it with -o") }
        if let problem = generation.optionProblem { throw ValidationError(problem) }
        if accessOption != nil, target == .stubs { throw ValidationError("--access has no effect with --target stubs: stand-ins are always public") }
    }

    /// With manifests on the command line the configuration plays no part: its outputs name them.
    var configurationUse: Configured.Use? { files.isEmpty ? Configured.Use(command: "gen-swift", required: true) : nil }

    func configured(by configuration: ProjectConfiguration, typed: [String]) throws -> [GenSwift] {
        try (configuration.outputs.isEmpty ? [[]] : configuration.outputs).map { options in
            try GenSwift.parse(Configured.arguments(options + configuration.swiftReading, typed: typed, manifests: configuration.manifests))
        }
    }

    func run() throws {
        let reading = WorkProgress("digraph: reading and checking…", after: 1)
        let (outcome, result) = generation.generate(
            from: files, excluding: swift.excludes, containers: swift.statements, context: swift.context, defines: swift.defines)
        reading.finish()
        // From Swift, say how much was read: an empty container must never pass for a clean one.
        if let read = outcome.swiftRead { printToStandardError("digraph: \(read)\n") }
        let generated: [GeneratedFile]
        switch result {
        case .success(let files):
            generated = files
        case .failure(.cannotGenerate(let failure)):
            printToStandardError("\(failure)\n")
            throw ExitCode(ExitStatus.graphHasErrors.rawValue)
        case .failure(let refusal):
            printToStandardError(TextReporter(colored: Terminal.stderrWantsColor).render(outcome.report))
            guard case .graphHasErrors = refusal else { throw ExitCode(refusal.status.rawValue) }
            throw CommandFailure("not generating code from a graph with errors", status: refusal.status)
        }
        if check {
            let problems = generation.staleness(of: generated)
            guard problems.isEmpty else {
                for problem in problems { printToStandardError("digraph: \(shown(problem))\n") }
                printToStandardError("digraph: run `digraph gen-swift` without --check to regenerate\n")
                throw ExitCode(ExitStatus.graphHasErrors.rawValue)
            }
            let compared = generated.filter { !$0.writtenOnce }
            printToStandardError(
                "digraph: \(shown(compared.count == 1 ? output : "\(compared.count) files in \(output)")) \(compared.count == 1 ? "is" : "are") up to date\n"
            )
            return
        }
        let setupExisted = Set(generated.filter { $0.writtenOnce && InputFile.kind(of: $0.path) != .missing }.map(\.path))
        do {
            try generation.write(generated, readingFrom: outcome.readFiles + Configured.files)
        } catch {
            throw CommandFailure(shown(error.description))
        }
        if output != "-" {
            let replaced = generated.filter { !$0.writtenOnce }
            printToStandardError("digraph: wrote \(shown(replaced.count == 1 ? output : "\(replaced.count) files in \(output)"))\n")
        }
        for file in generated where file.writtenOnce {
            printToStandardError(
                setupExisted.contains(file.path)
                    ? "digraph: kept \(shown(file.path)): it is yours to edit, and digraph never replaces it\n"
                    : "digraph: wrote \(shown(file.path)) once: fill in what it marks (runtime arguments, assemblies built from values); digraph never replaces it\n"
            )
        }
    }

    var generation: SwiftGeneration {
        SwiftGeneration(target: target, access: access, split: split, output: output, module: module, imports: imports)
    }
}

extension SwiftGeneration.Target: ExpressibleByArgument {}
extension AccessLevel: ExpressibleByArgument {}
