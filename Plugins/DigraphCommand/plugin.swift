import Foundation
import PackagePlugin

/// `swift package digraph <command> <arguments>…`: runs the digraph command line in the package's
/// folder with the arguments as given (relative paths are the package's), and fails when it does.
/// It declares no permission, so `check` needs no flag; a command that writes into the package
/// needs `--allow-writing-to-package-directory` where SwiftPM sandboxes plugins (macOS).
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
            // digraph has printed its findings; the plugin passes the failure on. (SwiftPM exits 1
            // for any failed plugin; digraph's own status is in the message.)
            throw PluginFailure(status: process.terminationStatus)
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "digraph exited with status \(status)" }
}
