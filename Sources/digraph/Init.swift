import ArgumentParser
import DigraphKit
import Foundation

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a commented .digraph.yml for the manifests (or Swift sources) in a folder.",
        discussion: """
        Looks below FOLDER (default: the working directory) for manifests — YAML or JSON files with \
        'version' and 'registrations' — skipping hidden folders and .build. Without any, it lists \
        the folders that hold Swift sources, which `check` imports in memory. The file is never \
        overwritten unless --force is given.
        """)

    @ArgumentParser.Argument(help: "The project folder to write the configuration in.")
    var folder: String = "."

    @Flag(help: "Replace an existing .digraph.yml.")
    var force = false

    func run() throws {
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        let target = root.appendingPathComponent(ProjectConfiguration.fileName).path
        if FileManager.default.fileExists(atPath: target), !force {
            printToStandardError("digraph: error: \(shown(target)) exists; edit it, or pass --force to replace it\n")
            throw ExitCode(ExitStatus.unusableInput.rawValue)
        }
        let (manifests, swiftFolders) = Self.survey(root)
        let listed = manifests.isEmpty ? swiftFolders : manifests
        let text = Self.text(manifests: listed, fromSwift: manifests.isEmpty)
        do {
            try OutputPath.write(Array(text.utf8), to: target, readingFrom: [])
        } catch {
            printToStandardError("digraph: error: \(shown("\(error)"))\n")
            throw ExitCode(ExitStatus.unusableInput.rawValue)
        }
        let what = listed.isEmpty ? "no manifests or Swift sources found: add them under 'manifests:'"
            : "\(listed.count) \(manifests.isEmpty ? "folder\(listed.count == 1 ? "" : "s") of Swift sources" : "manifest\(listed.count == 1 ? "" : "s")")"
        printToStandardError("digraph: wrote \(shown(target)) (\(what)); now run `digraph check`\n")
    }

    /// Manifests below the folder (relative paths, sorted), and the top folders holding Swift.
    static func survey(_ root: URL) -> (manifests: [String], swiftFolders: [String]) {
        var manifests: [String] = []
        var swiftFolders = Set<String>()
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]) else { return ([], []) }
        for case let url as URL in walker {
            if SwiftSourceFiles.skippedFolders.contains(url.lastPathComponent) || url.lastPathComponent.hasPrefix(".build-") { walker.skipDescendants(); continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            switch url.pathExtension {
            case "yaml", "yml", "json":
                if looksLikeManifest(url) { manifests.append(relative) }
            case "swift":
                swiftFolders.insert(relative.split(separator: "/").first.map(String.init) ?? relative)
            default: break
            }
        }
        return (manifests.sorted(), swiftFolders.filter { $0 != "Package.swift" && $0 != "Tests" }.sorted())
    }

    /// A manifest is a mapping with `version` and `registrations` at its top.
    static func looksLikeManifest(_ url: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: url.path), data.count < 16 << 20,
              let node = try? ManifestLoader.parseDocument(bytes: Array(data), file: url.path),
              case .mapping(let entries) = node.kind else { return false }
        let keys = Set(entries.map(\.key.value))
        return keys.contains("version") && keys.contains("registrations")
    }

    static func text(manifests: [String], fromSwift: Bool) -> String {
        let listed = manifests.isEmpty ? "manifests: []   # add your manifest files or folders here"
            : "manifests:\(fromSwift ? "   # Swift sources: check imports their registrations in memory" : "")\n" + manifests.map { "  - \(quoted($0))" }.joined(separator: "\n")
        return """
        # digraph's project configuration: `digraph check`, `digraph render` and `digraph gen-swift`
        # run without arguments from anywhere in this repository. Paths are relative to this file.
        # Command-line options override these; file arguments replace 'manifests'. See docs/config.md.
        \(listed)

        check:
          strict: false          # true: warnings fail the check too
          # ignore: [unused-registration]
          # baseline: digraph-baseline.json
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
        let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-".contains($0) } && !path.hasPrefix("-")
            && !ManifestWriter.plainWords.contains(path.lowercased())
        return plain ? path : jsonString(path)
    }
}
