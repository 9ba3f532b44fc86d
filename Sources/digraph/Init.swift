import ArgumentParser
import DigraphKit
import Foundation

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a commented .digraph.yml for the manifests (or Swift sources) in a folder.",
        discussion: """
            Looks below FOLDER (default: the working directory) for manifests — YAML or JSON files with \
            'version' or 'registrations' at the top, the files `check` reads in a folder — skipping \
            hidden folders and .build. Without any, it lists the folders that hold Swift sources, \
            which `check` imports in memory. The file is never overwritten unless --force is given.
            """)

    @ArgumentParser.Argument(help: "The project folder to write the configuration in.")
    var folder: String = "."

    @Flag(help: "Replace an existing .digraph.yml.")
    var force = false

    func run() throws {
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        let target = root.appendingPathComponent(ProjectConfiguration.fileName).path
        if FileManager.default.fileExists(atPath: target), !force {
            throw CommandFailure("\(shown(target)) exists; edit it, or pass --force to replace it")
        }
        let (manifests, swiftFolders, excludes) = Self.survey(root)
        let listed = manifests.isEmpty ? swiftFolders : manifests
        let text = Self.text(manifests: listed, fromSwift: manifests.isEmpty, excludes: manifests.isEmpty ? excludes : [])
        do {
            try OutputPath.write(Array(text.utf8), to: target, readingFrom: [])
        } catch {
            throw CommandFailure(shown("\(error)"))
        }
        let what =
            listed.isEmpty
            ? "no manifests or Swift sources found: add them under 'manifests:'"
            : "\(listed.count) \(manifests.isEmpty ? "folder\(listed.count == 1 ? "" : "s") of Swift sources" : "manifest\(listed.count == 1 ? "" : "s")")"
        printToStandardError(
            "digraph: wrote \(shown(target)) (\(what)); now run `digraph check --write-baseline` to accept today's findings, then `digraph check` fails only on new ones\n"
        )
    }

    /// What is not the app's wiring, by the names the folders and files found have: tests, test
    /// doubles, previews and tools. Each pattern is written only when something below matches it.
    static let notTheApp: [(pattern: String, why: String)] = [
        ("Tests", "test targets"), ("*Tests", "test targets"), ("*Mock*", "test doubles"), ("*Fake*", "test doubles"),
        ("*Stub*", "test doubles"), ("*Preview*", "SwiftUI previews"), ("Scripts", "tools"), ("scripts", "tools"),
        ("Tools", "tools"), ("tools", "tools"), ("fastlane", "tools"),
    ]

    /// Manifests below the folder (relative paths, sorted); the top folders holding the app's Swift
    /// (not a file at the top, a tool script); and the `notTheApp` patterns something matched.
    static func survey(_ root: URL) -> (manifests: [String], swiftFolders: [String], excludes: [String]) {
        var manifests: [String] = []
        var swiftFolders = Set<String>()
        var excludes = Set<String>()
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]) else {
            return ([], [], [])
        }
        for case let url as URL in walker {
            if SwiftSourceFiles.isSkipped(folder: url.lastPathComponent) || url.lastPathComponent.hasPrefix(".build-") {
                walker.skipDescendants(); continue
            }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            if ManifestLoader.isManifestName(url.path) {
                if looksLikeManifest(url) { manifests.append(relative) }
            } else if url.pathExtension == "swift" {
                let components = relative.split(separator: "/").map(String.init)
                let skipped = notTheApp.filter { rule in components.contains { SwiftSourceFiles.matches(pattern: rule.pattern, path: $0) } }
                excludes.formUnion(skipped.map(\.pattern))
                if components.count > 1, skipped.isEmpty { swiftFolders.insert(components[0]) }
            }
        }
        let order = notTheApp.map(\.pattern)
        return (manifests.sorted(), swiftFolders.sorted(), excludes.sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! })
    }

    /// A manifest as `check` decides it when it reads a folder; a file that does not parse is not listed.
    static func looksLikeManifest(_ url: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: url.path), data.count < 16 << 20 else { return false }
        return ManifestLoader.candidate(Array(data), file: url.path) == .manifest
    }

    static func text(manifests: [String], fromSwift: Bool, excludes: [String] = []) -> String {
        var listed =
            manifests.isEmpty
            ? "manifests: []   # add your manifest files or folders here"
            : "manifests:\(fromSwift ? "   # Swift sources: check and render import their registrations in memory" : "")\n"
                + manifests.map { "  - \(quoted($0))" }.joined(separator: "\n")
        if fromSwift, !manifests.isEmpty {
            // `digraph import` reads the same folders; check and render skip what import skips.
            listed += "\n\nimport:\n  paths:\n" + manifests.map { "    - \(quoted($0))" }.joined(separator: "\n")
            if !excludes.isEmpty {
                listed +=
                    "\n  exclude:               # not the app's wiring; check and render skip these too\n"
                    + excludes.map { pattern in "    - \(jsonString(pattern))   # \(notTheApp.first { $0.pattern == pattern }!.why)" }.joined(separator: "\n")
            }
            listed += "\n  # output: DI/imported.yaml"
        }
        return """
            # digraph's project configuration: `digraph check`, `digraph render` and `digraph gen-swift`
            # run without arguments from anywhere in this repository. Paths are relative to this file.
            # Command-line options override these; file arguments replace 'manifests'. See docs/config.md.
            \(listed)

            check:
              strict: true           # a warning not in the baseline fails the check too; infos never do
              baseline: digraph-baseline.json   # findings accepted on adoption: `digraph check --write-baseline` writes it
              # ignore: [unused-registration]
              # format: text         # text, json, github, sarif

            render:
              format: svg            # png, svg, pdf, dot, json
              # output: docs/dependencies.svg
              # rankdir: LR

            # gen-swift:             # one entry per generated file
            #   - output: Sources/App/Container.swift
            #     target: plain      # plain, swinject, stubs
            #     access: internal

            """
    }

    /// Plain when YAML reads the path back as the same string, else a double-quoted scalar.
    static func quoted(_ path: String) -> String {
        let plain =
            path.allSatisfy { $0.isLetter || $0.isNumber || "/._-".contains($0) } && !path.hasPrefix("-")
            && !ManifestWriter.plainWords.contains(path.lowercased())
        return plain ? path : jsonString(path)
    }
}
