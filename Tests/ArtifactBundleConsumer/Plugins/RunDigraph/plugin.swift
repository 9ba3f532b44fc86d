import Foundation
import PackagePlugin

/// Runs the bundle's digraph with the arguments given: `swift package run-digraph check app.yaml`.
@main
struct RunDigraph: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "digraph")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("digraph exited \(process.terminationStatus)")
        }
    }
}
