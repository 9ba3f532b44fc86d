import ArgumentParser
import DigraphKit
import DigraphSwiftImport
import Foundation

/// A command that takes its defaults (and, without inputs on the command line, its inputs) from
/// the project's `.digraph.yml` or `--config`. main.swift merges the file in once, before running:
/// the file's options become arguments placed before the ones typed, so the command line overrides
/// the file and both are validated the same way.
protocol ConfiguredCommand: ParsableCommand {
    /// The file named by `--config`, if any.
    var config: String? { get }
    /// How this run uses the configuration; nil when it does not read one.
    var configurationUse: Configured.Use? { get }
    /// The commands to run in this one's place, parsed from the configuration and what was typed
    /// (gen-swift runs once per configured output).
    func configured(by configuration: ProjectConfiguration, typed: [String]) throws -> [Self]
}

enum Configured {
    struct Use {
        /// How the command is spelled in the message saying that no configuration was found.
        var command: String
        /// Without inputs on the command line the configuration is required; with them it only
        /// contributes defaults, so its absence is fine.
        var required: Bool
        /// The command works on the `manifests:` list (import works on `import: paths:`).
        var needsManifests = true
    }

    /// The commands a configuration puts in place of `command`, or nil when none applies.
    static func commands<Command: ConfiguredCommand>(replacing command: Command) throws -> [any ParsableCommand]? {
        guard let use = command.configurationUse else { return nil }
        let file = command.config ?? ProjectConfiguration.find(from: FileManager.default.currentDirectoryPath)
        if !use.required, file == nil { return nil }
        let configuration = try load(file, command: use.command, needsManifests: use.required && use.needsManifests)
        return try command.configured(by: configuration, typed: typedArguments)
    }

    /// The configuration to use, or exit 2 saying what to do: a broken file is reported with
    /// locations like a manifest; no file means no manifests to work on.
    static func load(_ explicit: String?, command: String, needsManifests: Bool = true) throws -> ProjectConfiguration {
        let directory = FileManager.default.currentDirectoryPath
        guard let file = explicit ?? ProjectConfiguration.find(from: directory) else {
            throw CommandFailure(
                """
                no manifests given, and no \(ProjectConfiguration.fileName) in \(shown(directory)) or its parents up to the repository root.
                Pass manifest files or folders (digraph \(command) DI/), give a configuration with --config, or run `digraph init` to write one.
                """)
        }
        switch ProjectConfiguration.load(file: file) {
        case .success(let configuration):
            guard !configuration.manifests.isEmpty || !needsManifests else {
                throw CommandFailure("\(shown(file)) lists no manifests: add them under 'manifests:', or pass files on the command line")
            }
            return configuration
        case .failure(let problems):
            // The diagnostics as `check` prints them, without its summary about manifests.
            let lines = TextReporter().render(Report(registrations: 0, diagnostics: problems.diagnostics)).split(separator: "\n").dropLast()
            printToStandardError(lines.joined(separator: "\n") + "\ndigraph: the configuration \(shown(file)) cannot be used; fix it first\n")
            throw ExitCode(ExitStatus.unusableInput.rawValue)
        }
    }

    /// The configuration files this run reads: the one named by `--config` and the nearest
    /// `.digraph.yml`. They are inputs, so no output may replace them.
    static var files: [String] {
        var found = commandLine.configurations
        if let nearest = ProjectConfiguration.find(from: FileManager.default.currentDirectoryPath) { found.append(nearest) }
        return found
    }

    /// What was typed after `digraph <command>`, without `--config` (already used).
    static var typedArguments: [String] { commandLine.typed }

    /// The command line as the commands read it: what was typed, with a valueless
    /// `--write-baseline` given its marker (main.swift sets it before parsing).
    nonisolated(unsafe) static var arguments = CommandLine.arguments

    /// What was typed after `digraph <command>`, split into the `--config` files and the rest.
    private static var commandLine: (typed: [String], configurations: [String]) {
        var typed = Array(arguments.dropFirst(2))
        var configurations: [String] = []
        while let index = typed.firstIndex(where: { $0 == "--config" || $0.hasPrefix("--config=") }) {
            if typed[index] == "--config" {
                if index + 1 < typed.count { configurations.append(typed[index + 1]) }
                typed.removeSubrange(index..<min(typed.count, index + 2))
            } else {
                configurations.append(String(typed[index].dropFirst("--config=".count)))
                typed.remove(at: index)
            }
        }
        return (typed, configurations)
    }

    /// The section's options that the command line does not set, as arguments, then what was typed,
    /// then the manifests. `alsoSetBy` names flags that set the same thing (`--png` sets the format).
    /// Paths are spelled from `folder`: the working directory, unless the command reads from another.
    static func arguments(
        _ options: [ProjectConfiguration.Option], typed: [String], manifests: [String],
        alsoSetBy: [String: [String]] = [:], from folder: String = FileManager.default.currentDirectoryPath
    ) -> [String] {
        func spelled(_ path: String) -> String { PathSpelling.relative(path, to: folder) }
        func isTyped(_ name: String) -> Bool {
            ([name, "no-" + name] + (alsoSetBy[name] ?? [])).contains { flag in typed.contains { $0 == "--" + flag || $0.hasPrefix("--\(flag)=") } }
        }
        var arguments: [String] = []
        for option in options where !isTyped(option.name) {
            switch option.value {
            case "true": arguments.append("--" + option.name)
            case "false": continue
            default: arguments += ["--" + option.name, option.value.hasPrefix("/") ? spelled(option.value) : option.value]
            }
        }
        return arguments + typed + (manifests.isEmpty ? [] : ["--"] + manifests.map(spelled))
    }

    /// Runs each configured command, and exits with the worst status among them.
    static func runAll(_ commands: [any ParsableCommand]) throws {
        var worst: Int32 = 0
        for var command in commands {
            do { try command.run() } catch let exit as ExitCode {
                worst = max(worst, exit.rawValue)
            } catch let failure as CommandFailure {
                failure.print()
                worst = max(worst, failure.status.rawValue)
            }
        }
        if worst != 0 { throw ExitCode(worst) }
    }
}

/// What check, render and gen-swift work on: files from the command line, else the configuration's.
struct ProjectInputs: ParsableArguments {
    @ArgumentParser.Argument(
        help:
            "Manifest files (.yaml, .yml, .json), directories of them, or Swift sources (.swift files, or folders holding them) to import in memory. Default: the configuration's 'manifests'."
    )
    var files: [String] = []

    @Option(
        help: ArgumentHelp(
            "The project configuration to use without file arguments (default: the nearest .digraph.yml, up to the repository root).", valueName: "file"))
    var config: String?
}

/// How Swift sources are read, for every command that reads them: files to skip, and what a
/// hand-rolled container's methods do where their declaration cannot say.
struct SwiftSourceOptions: ParsableArguments {
    @Option(
        name: .customLong("exclude"), parsing: .singleValue,
        help: ArgumentHelp("Skip Swift paths matching this glob (`Tests`, `**/Mocks/*`, `*Preview*.swift`); repeat for more.", valueName: "glob"))
    var excludes: [String] = []

    @Option(
        name: .customLong("container"), parsing: .singleValue,
        help: ArgumentHelp(
            "What a container method does where its declaration cannot say: NAME=MEANING, MEANING one of \(ContainerMethodStatement.meanings.joined(separator: ", ")) (`registerLazy=singleton`); repeat for more.",
            valueName: "name=meaning"))
    var written: [String] = []

    @Option(
        help: ArgumentHelp(
            "Read hmlongco/Factory's factories for this context instead of the default ones: \(FactoryContext.allCases.map(\.rawValue).joined(separator: ", ")) (`.onTest { … }`, `.context(.test) { … }`).",
            valueName: "context"))
    var context: FactoryContext?

    @Option(
        name: .customLong("define"), parsing: .singleValue,
        help: ArgumentHelp(
            "A compilation condition the app's builds set (`STAGING`), for reading `#if` in Swift sources; repeat for more. Swift is read as a debug build (DEBUG set) and, where its `#if`s differ, also as a release build.",
            valueName: "flag"))
    var defines: [String] = []

    func validate() throws {
        for flag in defines where flag.count > 100 || !TypeExpressionParser.isIdentifierShaped(flag) {
            throw ValidationError(
                "--define \(PrintableText.escape(String(flag.prefix(80)))): write a compilation condition's name, an identifier such as STAGING")
        }
        for option in written where ContainerMethodStatement(option: option) == nil {
            throw ValidationError(
                "--container \(PrintableText.escape(String(option.prefix(80)))): write NAME=MEANING, NAME a method's base name and MEANING one of \(ContainerMethodStatement.meanings.joined(separator: ", "))"
            )
        }
    }

    var statements: [ContainerMethodStatement] { written.compactMap(ContainerMethodStatement.init(option:)) }
}

extension FactoryContext: ExpressibleByArgument {}
