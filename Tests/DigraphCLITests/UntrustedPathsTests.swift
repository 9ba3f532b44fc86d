import Foundation
import Testing

/// Where digraph reads and writes is held to its folders: a crafted commit whose tree climbs out
/// with `..` is refused, the configuration is never replaced by an output, outputs it names stay
/// inside its folder, a `--split` folder that is a link is refused, and any valid file name is written.
struct UntrustedPathsTests: ScratchFolderSuite {
    @Test func aCraftedCommitCannotWriteOutsideTheCopy() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let repository = root.appendingPathComponent("repo")
        // The copy of the revision is made in the temporary folder, so `sub/../..` from the copy's
        // root reaches this folder beside it.
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-victim-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "original\n".write(to: outside.appendingPathComponent("victim.yaml"), atomically: true, encoding: .utf8)
        func git(_ arguments: [String], input: String? = nil) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments
            process.currentDirectoryURL = repository
            let stdin = Pipe(), stdout = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            try process.run()
            if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
            try stdin.fileHandleForWriting.close()
            let data = stdout.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try git(["init", "-q"])
        try "version: 1\nregistrations:\n  - provides: A\n".write(to: repository.appendingPathComponent("sub/m.yaml"), atomically: true, encoding: .utf8)
        _ = try git(["add", "."])
        _ = try git(["commit", "-qm", "base"])
        // `sub/../../<outside>/victim.yaml`: git mktree takes `..` as a name, and `git show` finds the blob.
        let blob = try git(["hash-object", "-w", "--stdin"], input: "forged\n")
        let victim = try git(["mktree"], input: "100644 blob \(blob)\tvictim.yaml\n")
        let folder = try git(["mktree"], input: "040000 tree \(victim)\t\(outside.lastPathComponent)\n")
        let up = try git(["mktree"], input: "040000 tree \(folder)\t..\n")
        let manifest = try git(["rev-parse", "HEAD:sub/m.yaml"])
        let sub = try git(["mktree"], input: "100644 blob \(manifest)\tm.yaml\n040000 tree \(up)\t..\n")
        let tree = try git(["mktree"], input: "040000 tree \(sub)\tsub\n")
        let commit = try git(["commit-tree", tree, "-p", "HEAD", "-m", "crafted"])
        #expect(!commit.isEmpty)

        // Before: "no change in the dependency graph", exit 0, and the victim held "forged".
        let result = try CLIRunner.run(["diff", "--base", commit, "."], directory: repository.appendingPathComponent("sub"))
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "the revision's tree holds the path sub/../../\(outside.lastPathComponent)/victim.yaml, which leaves its folder or is not a plain path; digraph does not read such a revision"
            ), "\(result.stderr)")
        #expect(try String(contentsOf: outside.appendingPathComponent("victim.yaml"), encoding: .utf8) == "original\n")
    }

    /// A folder with the popcorn manifest, a configuration naming it, and a `.git` so the search stops.
    static func project(configuration: String) throws -> URL {
        let root = try scratch()
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent("fixtures/popcorn/manifest.yaml"),
            to: root.appendingPathComponent("popcorn.yaml"))
        try configuration.write(to: root.appendingPathComponent(".digraph.yml"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func theConfigurationIsAnInputNoOutputReplaces() throws {
        let configuration = "manifests: [popcorn.yaml]\n"
        let root = try Self.project(configuration: configuration)
        defer { try? FileManager.default.removeItem(at: root) }
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("ci"), withIntermediateDirectories: true)
        try "manifests: [../popcorn.yaml]\n".write(to: root.appendingPathComponent("ci/digraph.yml"), atomically: true, encoding: .utf8)
        for arguments in [
            ["check", "--write-baseline", ".digraph.yml"], ["render", "--dot", "-o", ".digraph.yml"],
            ["check", "popcorn.yaml", "--write-baseline", ".digraph.yml"],
            ["render", "--config", "ci/digraph.yml", "--dot", "-o", "ci/digraph.yml"],
        ] {
            let result = try CLIRunner.run(arguments, directory: root)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("is one of the files this command reads; refusing to overwrite an input"), "\(arguments): \(result.stderr)")
        }
        #expect(try String(contentsOf: root.appendingPathComponent(".digraph.yml"), encoding: .utf8) == configuration)
        #expect(try String(contentsOf: root.appendingPathComponent("ci/digraph.yml"), encoding: .utf8) == "manifests: [../popcorn.yaml]\n")
    }

    @Test func outputsTheConfigurationNamesStayInsideItsFolder() throws {
        for (section, expected) in [
            ("render:\n  format: dot\n  output: ../outside/x.dot\n", "'render.output' '../outside/x.dot' is outside"),
            ("import:\n  paths: [.]\n  output: /tmp/digraph-absolute-import.yaml\n", "'import.output' '/tmp/digraph-absolute-import.yaml' is outside"),
            ("gen-swift:\n  output: ../Container.swift\n", "'gen-swift.output' '../Container.swift' is outside"),
        ] {
            let root = try Self.project(configuration: "manifests: [popcorn.yaml]\n" + section)
            defer { try? FileManager.default.removeItem(at: root) }
            defer { try? FileManager.default.removeItem(at: root) }
            let command = section.hasPrefix("render") ? "render" : section.hasPrefix("import") ? "import" : "gen-swift"
            let result = try CLIRunner.run([command], directory: root)
            #expect(result.status == 2)
            #expect(result.stderr.contains(expected), "\(result.stderr)")
            #expect(result.stderr.contains("outputs named by the configuration stay inside it (pass -o on the command line to write elsewhere)"))
            #expect(!FileManager.default.fileExists(atPath: "/tmp/digraph-absolute-import.yaml"))
        }
        // Inside is fine, and the command line may still name any path.
        let root = try Self.project(configuration: "manifests: [popcorn.yaml]\nrender:\n  format: dot\n  output: docs/graph.dot\n")
        defer { try? FileManager.default.removeItem(at: root) }
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try CLIRunner.run(["render"], directory: root).status == 0)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("docs/graph.dot").path))
    }

    @Test func aSplitFolderThatIsALinkIsRefused() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Gen").path, withDestinationPath: root.appendingPathComponent("elsewhere").path)
        let manifest = CLIRunner.packageRoot.appendingPathComponent("fixtures/popcorn/manifest.yaml").path
        let result = try CLIRunner.run(["gen-swift", manifest, "--split", "2", "-o", "Gen"], directory: root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Gen is a symbolic link; give the path of the folder itself"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("elsewhere").path).isEmpty)
    }

    @Test func aValidNameOfEmojiIsWritten() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let name = String(repeating: "😀", count: 62) + ".dot"  // 252 bytes, under the usual 255
        #expect(name.utf8.count <= 255)
        let manifest = CLIRunner.packageRoot.appendingPathComponent("fixtures/popcorn/manifest.yaml").path
        let result = try CLIRunner.run(["render", manifest, "--dot", "-o", name], directory: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path))
    }
}
