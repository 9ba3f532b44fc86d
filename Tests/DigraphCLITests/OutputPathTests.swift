import Foundation
import Testing

/// Every output path is input too: no command may replace what is not a regular file it may
/// replace, overwrite what it reads, follow a planted link, or crash on a closed stdout.
@Suite(.serialized)
struct OutputPathTests {
    func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent("fixtures/popcorn/manifest.yaml"),
            to: directory.appendingPathComponent("app.yaml"))
        return directory
    }

    func listing(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test(.enabled(if: CLIRunner.drawsPictures)) func renderRefusesToOverwriteItsOwnManifest() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("app.yaml").path
        let before = try Data(contentsOf: URL(fileURLWithPath: manifest))
        for output in [manifest, directory.path + "/./app.yaml"] {
            let result = try CLIRunner.run(["render", manifest, "--svg", "-o", output])
            #expect(result.status == 2)
            #expect(
                result.stderr
                    == "digraph: error: \(output) is one of the files this command reads; refusing to overwrite an input. Choose another output path\n")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: manifest)) == before)
        #expect(listing(directory) == ["app.yaml"])
    }

    @Test func importRefusesToOverwriteASwiftSourceItReads() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("A.swift")
        try "container.register(A.self) { _ in A() }\n".write(to: source, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["import", directory.path, "-o", source.path])
        #expect(result.status == 2)
        #expect(try String(contentsOf: source, encoding: .utf8) == "container.register(A.self) { _ in A() }\n")
    }

    @Test(.enabled(if: CLIRunner.drawsPictures)) func aFIFOADeviceAFolderAndASymlinkAreNotReplaced() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let target = directory.appendingPathComponent("real.svg")
        try "keep".write(to: target, atomically: true, encoding: .utf8)
        let link = directory.appendingPathComponent("link.svg").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        let manifest = directory.appendingPathComponent("app.yaml").path
        let cases: [(String, String)] = [
            (fifo, "is not a regular file"), ("/dev/null", "is not a regular file"),
            (directory.path, "is not a regular file"), (link, "is a symbolic link"),
        ]
        for (output, reason) in cases {
            for command in [
                ["render", manifest, "--svg", "-o", output], ["gen-swift", manifest, "-o", output],
                ["import", CLIRunner.packageRoot.appendingPathComponent("fixtures/import/handrolled").path, "-o", output],
            ] {
                let result = try CLIRunner.run(command, timeout: 20)
                #expect(result.status == 2, "\(command)")
                #expect(result.stderr.contains("\(output) \(reason)"), "\(command): \(result.stderr)")
            }
        }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
        #expect(lstat("/dev/null", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
        #expect(listing(directory) == ["app.yaml", "link.svg", "pipe", "real.svg"])
    }

    @Test(.enabled(if: CLIRunner.drawsPictures)) func aPlantedLinkAtTheOldTemporaryNameIsNotFollowed() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let victim = directory.appendingPathComponent("victim.txt")
        try "precious".write(to: victim, atomically: true, encoding: .utf8)
        // The writer used `.<name>.<pid>.tmp`; names are random now, and created exclusively.
        for pid in 1...400 {
            try? FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent(".out.svg.\(pid).tmp").path, withDestinationPath: victim.path)
        }
        let result = try CLIRunner.run([
            "render", directory.appendingPathComponent("app.yaml").path, "--svg", "-o", directory.appendingPathComponent("out.svg").path,
        ])
        #expect(result.status == 0)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        #expect(try String(contentsOf: directory.appendingPathComponent("out.svg"), encoding: .utf8).contains("<svg"))
        #expect(!listing(directory).contains { $0.hasPrefix(".out.svg.") && !$0.hasSuffix(".tmp") })
    }

    @Test func aFullOrClosedStdoutIsAnErrorNotACrash() throws {
        let full = try CLIRunner.runProgram(
            "/bin/sh", ["-c", "'\(CLIRunner.executable("digraph").path)' gen-swift fixtures/popcorn/manifest.yaml -o - > /dev/full"])
        #expect(full.status == 2)
        #expect(full.stderr.hasPrefix("digraph: error: cannot write to standard output"))
        let closed = try CLIRunner.runProgram(
            "/bin/sh",
            [
                "-c",
                "'\(CLIRunner.executable("digraph").path)' render fixtures/popcorn/manifest.yaml --dot -o - | head -c 10 > /dev/null; echo \"exit ${PIPESTATUS:-}\"",
            ])
        #expect(!closed.stderr.contains("Fatal error"), "\(closed.stderr)")
    }
}

extension OutputPathTests {
    /// A read-only file is not replaced (renaming over it would succeed, even as root), and a
    /// hostile output name is shown escaped in every message about it.
    @Test(.enabled(if: CLIRunner.drawsPictures)) func aReadOnlyTargetIsKeptAndHostileNamesAreShownEscaped() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("app.yaml").path
        let readOnly = directory.appendingPathComponent("kept.svg").path
        try "keep".write(toFile: readOnly, atomically: true, encoding: .utf8)
        chmod(readOnly, 0o444)
        for command in [["render", manifest, "--svg", "-o", readOnly], ["gen-swift", manifest, "-o", readOnly]] {
            let result = try CLIRunner.run(command)
            #expect(result.status == 2)
            #expect(result.stderr == "digraph: error: \(readOnly) is read-only; refusing to replace it. Make it writable or choose another output path\n")
        }
        #expect(try String(contentsOfFile: readOnly, encoding: .utf8) == "keep")
        let writeOnly = directory.appendingPathComponent("secret.svg").path
        try "keep".write(toFile: writeOnly, atomically: true, encoding: .utf8)
        chmod(writeOnly, 0o200)
        let unreadable = try CLIRunner.run(["render", manifest, "--svg", "-o", writeOnly])
        #expect(unreadable.status == 2)
        #expect(
            unreadable.stderr
                == "digraph: error: \(writeOnly) exists but cannot be read, so digraph cannot tell what it is; refusing to replace it. Move it away or choose another output path\n"
        )
        chmod(writeOnly, 0o600)
        #expect(try String(contentsOfFile: writeOnly, encoding: .utf8) == "keep")

        let hostile = directory.appendingPathComponent("out\n::error file=x::forged\u{1B}[2J.svg").path
        let result = try CLIRunner.run(["render", manifest, "--svg", "-o", hostile])
        #expect(result.status == 0)
        #expect(result.stderr == "digraph: wrote \(directory.path)/out\\n::error file=x::forged\\u{1B}[2J.svg\n")
    }
}
