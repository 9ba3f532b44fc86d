import ArgumentParser
import DigraphKit
import Foundation

struct Why: ConfiguredCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show every way the app's roots reach a key, and what the key itself needs.",
        discussion: """
            Lists each path from a root to KEY, edge by edge: the root (a resolve in app code, a \
            `root: true` registration, a value built when it is registered, or registering code that \
            resolves eagerly), then each key it needs on the way, with the edge's kind (eager: \
            resolved while its holder is built; lazy: later, through a closure or provider; \
            property: set once its holder is built; alias) and where the edge is written (a Swift \
            line when read from Swift). Then the keys KEY needs.

            Paths are listed depth first from each root in a fixed order, up to --max-paths. A graph \
            that names no root at all (no root: true, resolves or eager registrations) starts the \
            paths at registrations nothing depends on, and says so.

            Exit codes: 0 answered; 2 unknown key, unusable input or bad command line.
            """)

    @ArgumentParser.Argument(help: "The key, as a type (`Store`, `Repository<User>`).")
    var key: String

    @OptionGroup var inputs: ProjectInputs
    var files: [String] { inputs.files }
    var config: String? { inputs.config }

    @OptionGroup var swift: SwiftSourceOptions

    @Option(help: "The key's name qualifier, for a named registration.")
    var name: String?

    @Option(help: "Answer format: text or json.")
    var format: AnswerFormat = .text

    @Option(help: "Stop listing paths after this many.")
    var maxPaths: Int = WhyAnswer.defaultLimit

    func validate() throws {
        guard maxPaths > 0 else { throw ValidationError("--max-paths must be 1 or more") }
        do { _ = try TypeExpressionParser.parse(key) } catch {
            throw ValidationError("'\(shown(key))' is not a Swift type: it \(error.message)")
        }
    }

    var configurationUse: Configured.Use? { Configured.Use(command: "why", required: files.isEmpty) }

    func configured(by configuration: ProjectConfiguration, typed: [String]) throws -> [Why] {
        [
            try Why.parse(
                Configured.arguments(
                    configuration.swiftReading, typed: typed, manifests: files.isEmpty ? configuration.manifests : []))
        ]
    }

    func run() throws {
        let graph = try questionedGraph(files: files, swift: swift)
        let (binding, note) = WhyAnswer.answeredKey(BindingKey(key: try TypeExpressionParser.parse(key).key, name: name), in: graph)
        if let note { FileHandle.standardError.write(Data(note.utf8)) }
        guard let answer = WhyAnswer(binding, in: graph, limit: maxPaths) else {
            throw CommandFailure(WhyAnswer.unknownKey(binding, in: graph))
        }
        keepUntilExit(answer)
        print(format == .json ? answer.json(in: graph) : answer.text(in: graph), terminator: "")
    }
}

enum AnswerFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// The graph a question is asked of: the debug build's, as `render` draws it; input that cannot be
/// used is reported as `check` reports it, and exits 2.
func questionedGraph(files: [String], swift: SwiftSourceOptions) throws -> DependencyGraph {
    let progress = WorkProgress("digraph: reading…", after: 1)
    let outcome = CheckRun(
        files: files, excluding: swift.excludes, containers: swift.statements, context: swift.context, defines: swift.defines, everyBuild: false, rules: false)
    progress.finish()
    guard let graph = outcome.graph else {
        printToStandardError(TextReporter(colored: Terminal.stderrWantsColor).render(outcome.report))
        throw ExitCode(ExitStatus.unusableInput.rawValue)
    }
    if let read = outcome.swiftRead { printToStandardError("digraph: \(read)\n") }
    keepUntilExit(outcome)
    return graph
}
