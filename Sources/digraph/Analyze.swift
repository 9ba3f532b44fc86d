import ArgumentParser
import DigraphKit
import Foundation

struct Analyze: ConfiguredCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what the app builds at launch: the launch set, its longest chain, what brings most in, fan-in and fan-out.",
        discussion: """
            The launch set starts from values built when they are registered (eager), keys resolved \
            while registering, keys app code resolves at launch (`resolves:` entries with `launch: \
            true`; from Swift, resolves the app's entry makes before it returns, outside closures) and \
            `root: true` registrations; then everything those reach through edges that are not lazy. \
            The longest chain is the longest run of such edges from a launch start. A key that \
            dominates others is one every launch path to them goes through: resolving it lazily \
            takes them all out of the launch.

            --format json gives launch (each key, why it is built, its dominator), longestChain, \
            dominators, fanIn and fanOut (per key, every edge counted).

            Exit codes: 0 answered; 2 unusable input or bad command line.
            """)

    @OptionGroup var inputs: ProjectInputs
    var files: [String] { inputs.files }
    var config: String? { inputs.config }

    @OptionGroup var swift: SwiftSourceOptions

    @Option(help: "Answer format: text or json.")
    var format: AnswerFormat = .text

    @Option(help: "How many offenders the text lists per measure.")
    var top: Int = 5

    func validate() throws {
        guard top > 0 else { throw ValidationError("--top must be 1 or more") }
    }

    var configurationUse: Configured.Use? { Configured.Use(command: "analyze", required: files.isEmpty) }

    func configured(by configuration: ProjectConfiguration, typed: [String]) throws -> [Analyze] {
        [
            try Analyze.parse(
                Configured.arguments(configuration.swiftReading, typed: typed, manifests: files.isEmpty ? configuration.manifests : []))
        ]
    }

    func run() throws {
        let graph = try questionedGraph(files: files, swift: swift)
        let cost = LaunchCost(graph)
        keepUntilExit(cost)
        print(format == .json ? cost.json(in: graph) : cost.text(in: graph, top: top), terminator: "")
    }
}
