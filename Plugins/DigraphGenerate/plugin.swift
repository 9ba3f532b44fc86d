import Foundation
import PackagePlugin

/// Generates a target's container from its manifests at build time: every `*.digraph.yaml`,
/// `*.digraph.yml` and `*.digraph.json` among the target's files is one input of a single build
/// command (manifests of a target reference each other, so they make one graph), whose output,
/// `<Target>+Digraph.swift` in the plugin's work folder, is compiled with the target. The command
/// runs again only when a manifest changes. A graph with errors fails the build with the errors on
/// the manifest's lines.
@main
struct DigraphGenerate: BuildToolPlugin {
    // The same names as SwiftSourceFiles.pluginManifestSuffixes, which `check` uses for a folder:
    // a plugin cannot import the package's libraries, so the list is written here again.
    static let suffixes = [".digraph.yaml", ".digraph.yml", ".digraph.json"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let manifests = target.sourceFiles
            .map(\.url)
            .filter { url in Self.suffixes.contains { url.lastPathComponent.hasSuffix($0) } }
            .sorted { $0.path < $1.path }
        guard !manifests.isEmpty else {
            Diagnostics.warning("DigraphGenerate: target '\(target.name)' has no *.digraph.yaml, *.digraph.yml or *.digraph.json file; nothing to generate")
            return []
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+Digraph.swift")
        return [
            .buildCommand(
                displayName: "Generating the container of \(target.name) from \(manifests.map(\.lastPathComponent).joined(separator: ", "))",
                executable: try context.tool(named: "digraph-generate").url,
                arguments: ["--output", output.path] + manifests.map(\.path),
                inputFiles: manifests,
                outputFiles: [output])
        ]
    }
}
