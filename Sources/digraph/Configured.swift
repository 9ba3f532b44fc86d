import ArgumentParser
import DigraphKit
import DigraphSwiftImport
import Foundation

/// Commands run without file arguments take their manifests and defaults from the project's
/// `.digraph.yml` (or `--config`). The file's options become command-line arguments placed before
/// the ones typed, so the command line overrides the file and both are validated the same way.
enum Configured {
    /// Set once the configuration's options have been turned into arguments, so that the command
    /// parsed from them does not apply them again.
    nonisolated(unsafe) static var applied = false

    /// The configuration that applies, if any: with file arguments it only contributes defaults,
    /// so its absence is fine; without them it is required.
    /// `needsManifests`: the command works on the `manifests:` list (import works on `import: paths:`).
    static func loadIfAny(_ explicit: String?, command: String, required: Bool, needsManifests: Bool = true) throws -> ProjectConfiguration? {
        guard !applied else { return nil }
        applied = true
        if !required, explicit == nil, ProjectConfiguration.find(from: FileManager.default.currentDirectoryPath) == nil { return nil }
        return try load(explicit, command: command, needsManifests: required && needsManifests)
    }

    /// The configuration to use, or exit 2 saying what to do: a broken file is reported with
    /// locations like a manifest; no file means no manifests to work on.
    static func load(_ explicit: String?, command: String, needsManifests: Bool = true) throws -> ProjectConfiguration {
        let directory = FileManager.default.currentDirectoryPath
        guard let file = explicit ?? ProjectConfiguration.find(from: directory) else {
            printToStandardError("""
            digraph: error: no manifests given, and no \(ProjectConfiguration.fileName) in \(shown(directory)) or its parents up to the repository root.
            Pass manifest files or folders (digraph \(command) DI/), give a configuration with --config, or run `digraph init` to write one.

            """)
            throw ExitCode(ExitStatus.unusableInput.rawValue)
        }
        switch ProjectConfiguration.load(file: file) {
        case .success(let configuration):
            guard !configuration.manifests.isEmpty || !needsManifests else {
                printToStandardError("digraph: error: \(shown(file)) lists no manifests: add them under 'manifests:', or pass files on the command line\n")
                throw ExitCode(ExitStatus.unusableInput.rawValue)
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

    /// What was typed after `digraph <command>`, split into the `--config` files and the rest.
    private static var commandLine: (typed: [String], configurations: [String]) {
        var typed = Array(CommandLine.arguments.dropFirst(2))
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
    static func arguments(_ options: [ProjectConfiguration.Option], typed: [String], manifests: [String],
                          alsoSetBy: [String: [String]] = [:]) -> [String] {
        func isTyped(_ name: String) -> Bool {
            ([name, "no-" + name] + (alsoSetBy[name] ?? [])).contains { flag in typed.contains { $0 == "--" + flag || $0.hasPrefix("--\(flag)=") } }
        }
        var arguments: [String] = []
        for option in options where !isTyped(option.name) {
            switch option.value {
            case "true": arguments.append("--" + option.name)
            case "false": continue
            default: arguments += ["--" + option.name, option.value.hasPrefix("/") ? spelledFromHere(option.value) : option.value]
            }
        }
        return arguments + typed + (manifests.isEmpty ? [] : ["--"] + manifests.map(spelledFromHere))
    }

    /// A path from the configuration as reports show it: relative to the working directory.
    static func spelledFromHere(_ path: String) -> String {
        PathSpelling.relative(path, to: FileManager.default.currentDirectoryPath)
    }

    /// Runs each configured command, and exits with the worst status among them.
    static func runAll(_ commands: [() throws -> Void]) throws {
        var worst: Int32 = 0
        for command in commands {
            do { try command() } catch let exit as ExitCode {
                worst = max(worst, exit.rawValue)
            }
        }
        if worst != 0 { throw ExitCode(worst) }
    }
}

/// What a hand-rolled container's methods do, where their declaration cannot say: for every
/// command that reads Swift sources (`import: containers:` in the configuration).
/// How Swift sources are read, for every command that reads them: files to skip, and what a
/// hand-rolled container's methods do where their declaration cannot say.
struct SwiftSourceOptions: ParsableArguments {
    @Option(name: .customLong("exclude"), parsing: .singleValue, help: ArgumentHelp("Skip Swift paths matching this glob (`Tests`, `**/Mocks/*`, `*Preview*.swift`); repeat for more.", valueName: "glob"))
    var excludes: [String] = []

    @Option(name: .customLong("container"), parsing: .singleValue,
            help: ArgumentHelp("What a container method does where its declaration cannot say: NAME=MEANING, MEANING one of \(ContainerMethodStatement.meanings.joined(separator: ", ")) (`registerLazy=singleton`); repeat for more.", valueName: "name=meaning"))
    var written: [String] = []

    @Option(help: ArgumentHelp("Read hmlongco/Factory's factories for this context instead of the default ones: \(FactoryContext.allCases.map(\.rawValue).joined(separator: ", ")) (`.onTest { … }`, `.context(.test) { … }`).", valueName: "context"))
    var context: FactoryContext?

    func validate() throws {
        for option in written where ContainerMethodStatement(option: option) == nil {
            throw ValidationError("--container \(PrintableText.escape(String(option.prefix(80)))): write NAME=MEANING, NAME a method's base name and MEANING one of \(ContainerMethodStatement.meanings.joined(separator: ", "))")
        }
    }

    var statements: [ContainerMethodStatement] { written.compactMap(ContainerMethodStatement.init(option:)) }
}

extension FactoryContext: ExpressibleByArgument {}
