import Foundation
import PackagePlugin

/// `swift package digraph <command> <arguments>…`: runs the digraph command line in the package's
/// folder with the arguments as given (relative paths are the package's), and fails when it does.
///
///     swift package digraph check Sources/App
///     swift package --allow-writing-to-package-directory digraph gen-swift Sources/App -o Sources/App/Container.swift
@main
struct DigraphCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "digraph")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments.isEmpty ? ["--help"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            Diagnostics.error("digraph was stopped by signal \(process.terminationStatus)")
            throw PluginFailure(status: 128 + process.terminationStatus)
        }
        if process.terminationStatus != 0 {
            // digraph has printed its findings; the plugin passes the failure on, and for a file it
            // could not write, says how the sandbox lets it write into the package.
            if process.terminationStatus == 2, Self.writes(arguments) {
                Diagnostics.remark("digraph writes into the package only when allowed: swift package --allow-writing-to-package-directory digraph \(arguments.joined(separator: " "))")
            }
            throw PluginFailure(status: process.terminationStatus)
        }
    }
}

extension DigraphCommand {
    /// Whether these arguments ask digraph to write a file (so a failure may be the sandbox's).
    static func writes(_ arguments: [String]) -> Bool {
        guard let command = arguments.first else { return false }
        switch command {
        case "init", "render": return true
        case "gen-swift", "import": return arguments.contains("-o") || arguments.contains("--output") || arguments.contains { $0.hasPrefix("--output=") }
        case "check": return arguments.contains { $0 == "--write-baseline" || $0.hasPrefix("--write-baseline=") }
        default: return false
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "digraph exited with status \(status)" }
}
