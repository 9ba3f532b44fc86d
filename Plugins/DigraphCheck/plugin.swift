import Foundation
import PackagePlugin

/// Checks the wiring a target's Swift sources make, at build time: `check` on the target's Swift
/// files and those of the targets it depends on, its findings as build diagnostics on their Swift
/// lines (an error fails the build). One build command per target whose inputs are those files, so
/// the build system runs it again only when one of them changes: an unchanged target is not read
/// again. Its output is a Swift file of comments (a build command must produce one) saying what
/// was checked.
@main
struct DigraphCheck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        var files: [URL] = []
        var seen = Set<String>()
        // The target, then what it imports: a registration in a dependency serves this target's resolves.
        var pending: [Target] = [target]
        while let next = pending.popLast() {
            guard seen.insert(next.id).inserted else { continue }
            if let source = next as? SourceModuleTarget {
                files += source.sourceFiles(withSuffix: "swift").map(\.url)
            }
            for dependency in next.dependencies {
                if case .target(let dependencyTarget) = dependency { pending.append(dependencyTarget) }
            }
        }
        files.sort { $0.path < $1.path }
        guard !files.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "\(module.name)+DigraphChecked.swift")
        return [
            .buildCommand(
                displayName: "Checking the wiring of \(module.name) (\(files.count) Swift file\(files.count == 1 ? "" : "s"))",
                executable: try context.tool(named: "digraph-generate").url,
                arguments: ["--check-swift", "--output", output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
