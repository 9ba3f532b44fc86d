import Foundation
import Testing

struct GenSwiftCommandTests {
    func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-gen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    func golden(_ name: String) throws -> String {
        try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Tests/DigraphSwiftGenTests/Golden/\(name)"), encoding: .utf8)
    }

    @Test func writesToStdoutByDefault() throws {
        let plain = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml"])
        #expect(plain.status == 0)
        #expect(plain.stdout == (try golden("popcorn.plain.swift")))
        #expect(plain.stderr == "")
        let swinject = try CLIRunner.run(["gen-swift", "fixtures/workout", "--target", "swinject"])
        #expect(swinject.stdout == (try golden("workout.swinject.swift")))
    }

    /// A key with two registrations told apart by their runtime arguments' types (Swinject's
    /// keying) is generated for Swinject; a target with one accessor per key refuses it, naming both.
    @Test func aKeyToldApartByArgumentTypesIsGeneratedOnlyForSwinject() throws {
        let manifest = "Tests/DigraphSwiftGenTests/Manifests/keyed.yaml"
        let swinject = try CLIRunner.run(["gen-swift", manifest, "--target", "swinject"])
        #expect(swinject.status == 0, "\(swinject.stderr)")
        #expect(swinject.stdout.contains("container.register((any Coordinator).self) { (r, arg_router: Router) -> any Coordinator in"), "\(swinject.stdout)")
        let tests = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-keyed-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: tests) }
        for target in [["plain"], ["factory"], ["tests", "--module", "App", "-o", tests + "/AllTests.swift"]] {
            let refused = try CLIRunner.run(["gen-swift", manifest, "--target"] + target)
            #expect(refused.status == 1)
            #expect(refused.stdout == "")
            #expect(
                refused.stderr == """
                    \(manifest):14:5: error: 'Coordinator' has 2 registrations told apart by their runtime arguments' types, as Swinject keys them (\(manifest):8:5, \(manifest):14:5); this target has one accessor per key: give each a `name:`, or generate `--target swinject`

                    """, "\(target): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: tests), "nothing written")
    }

    /// Issue 40 item 12: gen-swift reads Swift as check does (`--container`, `--define`) and says
    /// how much it read, so an empty container never passes for a clean one.
    @Test func fromSwiftItReadsContainerStatementsAndSaysWhatItRead() throws {
        let swift = """
            final class Box {
                func provide<T>(_ type: T.Type, _ make: @escaping () -> T) {}
            }
            func wire(box: Box) {
                box.provide(Clock.self) { SystemClock() }
            }

            """
        try withApp(swift) { folder in
            let unstated = try CLIRunner.run(["gen-swift", "App.swift"], directory: folder)
            #expect(unstated.status == 0)
            #expect(unstated.stderr == "digraph: read 1 Swift file: 0 registrations, 0 resolves, 1 call not understood\n", "\(unstated.stderr)")
            let stated = try CLIRunner.run(["gen-swift", "App.swift", "--container", "provide=singleton"], directory: folder)
            #expect(stated.status == 0)
            #expect(stated.stderr == "digraph: read 1 Swift file: 1 registration, 0 resolves, 0 calls not understood\n", "\(stated.stderr)")
            #expect(stated.stdout.contains("    // MARK: Clock (singleton)\n"), "\(stated.stdout)")
        }
    }

    /// A formatter run over the app leaves every generated file as written, so `--check` stays
    /// true after it: the toolchain's `swift format` with its default configuration.
    @Test func theToolchainsFormatterLeavesGeneratedFilesAlone() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        for target in ["plain", "swinject", "factory", "stubs"] {
            let path = directory.appendingPathComponent("\(target).swift").path
            #expect(try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "--target", target, "-o", path]).status == 0)
            let written = try String(contentsOfFile: path, encoding: .utf8)
            let formatted = try CLIRunner.runProgram("/usr/bin/env", ["swift", "format", "format", path], timeout: 120, directory: directory)
            #expect(formatted.status == 0, "\(formatted.stderr)")
            #expect(formatted.stdout == written, "swift format rewrote the \(target) file")
            let lint = try CLIRunner.runProgram("/usr/bin/env", ["swift", "format", "lint", "--strict", path], timeout: 120, directory: directory)
            #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint.stderr.prefix(300))")
        }
    }

    @Test func writesAFileAtomicallyAndRegeneratesItsOwnFiles() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Container.swift").path
        let first = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", path])
        #expect(first.status == 0)
        #expect(first.stderr == "digraph: wrote \(path)\n")
        // The header names the manifest as seen from the output's folder.
        let from = directory.standardizedFileURL.pathComponents,
            to = CLIRunner.packageRoot.appendingPathComponent("fixtures/popcorn/manifest.yaml").standardizedFileURL.pathComponents
        let shared = zip(from, to).prefix { $0 == $1 }.count
        let relative = (Array(repeating: "..", count: from.count - shared) + to[shared...]).joined(separator: "/")
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == (try golden("popcorn.plain.swift")).replacingOccurrences(of: "from fixtures/popcorn/manifest.yaml.", with: "from \(relative)."))
        // Its own file (with the header) is overwritten.
        let again = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", path, "--access", "internal"])
        #expect(again.status == 0)
        let internalCode = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!internalCode.contains("public ") && internalCode.contains("final class PopcornContainer"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Container.swift"])
    }

    @Test func neverOverwritesAFileItDidNotWrite() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("AppDelegate.swift").path
        try "import UIKit\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("digraph: error: \(path) exists and was not generated by digraph"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "import UIKit\n")
    }

    @Test func checkCatchesAStaleFile() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Container.swift").path
        let manifest = directory.appendingPathComponent("manifest.yaml")
        let text = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("fixtures/popcorn/manifest.yaml"), encoding: .utf8)
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        #expect(try CLIRunner.run(["gen-swift", manifest.path, "-o", path]).status == 0)
        let fresh = try CLIRunner.run(["gen-swift", manifest.path, "-o", path, "--check"])
        #expect(fresh.status == 0)
        #expect(fresh.stderr == "digraph: \(path) is up to date\n")

        // The manifest changes: the movie repository is no longer a singleton.
        try text.replacingOccurrences(
            of: "  - provides: MovieRepositoryProtocol\n    implementation: MovieRepository\n    lifetime: singleton\n",
            with: "  - provides: MovieRepositoryProtocol\n    implementation: MovieRepository\n"
        )
        .write(to: manifest, atomically: true, encoding: .utf8)
        let stale = try CLIRunner.run(["gen-swift", manifest.path, "-o", path, "--check"])
        #expect(stale.status == 1)
        #expect(
            stale.stderr
                == "digraph: \(path) is stale: 22 lines to remove, 3 to add, first at line 86 (remove: private var _singleton_movieRepositoryProtocol: (any MovieRepositoryProtocol)?)\ndigraph: run `digraph gen-swift` without --check to regenerate\n"
        )

        let missing = try CLIRunner.run(["gen-swift", manifest.path, "-o", directory.appendingPathComponent("None.swift").path, "--check"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("does not exist"))
    }

    @Test func refusesAGraphWithErrors() throws {
        let result = try CLIRunner.run(["gen-swift", "fixtures/broken/cycle.yaml"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("fixtures/broken/cycle.yaml:4:5: error: dependency cycle"))
        #expect(result.stderr.hasSuffix("digraph: error: not generating code from a graph with errors\n"))
        let schema = try CLIRunner.run(["gen-swift", "fixtures/broken/schema.yaml"])
        #expect(schema.status == 2)
        #expect(schema.stdout == "")
        // Warnings do not stop generation.
        #expect(try CLIRunner.run(["gen-swift", "fixtures/broken/captive-dependency.yaml"]).status == 0)
    }

    @Test(arguments: [
        (["--check"], "Error: --check compares with a file: give it with -o"),
        (["--target", "needle"], "Error: The value 'needle' is invalid for '--target <target>'"),
        (["--access", "private"], "Error: The value 'private' is invalid for '--access <access>'"),
        (["--target", "stubs", "--access", "internal"], "Error: --access has no effect with --target stubs: stand-ins are always public"),
    ])
    func badOptionsExitTwo(_ flags: [String], message: String) throws {
        let result = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml"] + flags)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }
}

extension GenSwiftCommandTests {
    /// `gen-swift DI`, `./DI/`, an absolute path and `../x/DI` write the same bytes, and `--check`
    /// agrees whichever spelling it is given.
    @Test func pathSpellingsGiveIdenticalFiles() throws {
        let project = try scratch()
        defer { try? FileManager.default.removeItem(at: project) }
        let di = project.appendingPathComponent("DI")
        try FileManager.default.createDirectory(at: di, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent("fixtures/popcorn/manifest.yaml"), to: di.appendingPathComponent("app.yaml"))
        let sub = project.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        var outputs: [String] = []
        for (spelling, directory) in [("DI", project), ("./DI/", project), (di.path, project), ("../DI", sub)] {
            let result = try CLIRunner.run(
                ["gen-swift", spelling, "-o", project.appendingPathComponent("Generated/Container.swift").path], directory: directory)
            #expect(result.status == 0, "\(spelling): \(result.stderr)")
            outputs.append(try String(contentsOf: project.appendingPathComponent("Generated/Container.swift"), encoding: .utf8))
            for other in ["DI", "./DI/", di.path] {
                let check = try CLIRunner.run(["gen-swift", other, "-o", "Generated/Container.swift", "--check"], directory: project)
                #expect(check.status == 0, "\(spelling) then \(other): \(check.stderr)")
            }
        }
        #expect(Set(outputs).count == 1)
        #expect(outputs[0].hasPrefix("// Generated by digraph gen-swift --target plain --access internal from ../DI.\n"), "missing parent folders are created")
    }

    /// Runs splitting into one folder at the same time take turns: the folder ends as one run left it.
    @Test func concurrentSplitsLeaveOneConsistentFolder() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("Generated").path
        // Big enough that the runs overlap (without the lock, a folder of 6 files for a split of 7 was seen).
        let manifest = directory.appendingPathComponent("big.yaml").path
        try ("version: 1\ncontainer: BigContainer\nregistrations:\n" + (0..<3_000).map { "  - provides: S\($0)\n    lifetime: singleton\n" }.joined())
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let processes = (0..<6).map { index in
            let process = Process()
            process.executableURL = CLIRunner.executable("digraph")
            process.arguments = ["gen-swift", manifest, "-o", out, "--split", index.isMultiple(of: 2) ? "3" : "7"]
            process.currentDirectoryURL = CLIRunner.packageRoot
            process.standardError = FileHandle.nullDevice
            return process
        }
        for process in processes { try process.run() }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let main = try String(contentsOfFile: out + "/BigContainer.swift", encoding: .utf8)
        let split = main.hasPrefix("// Generated by digraph gen-swift --target plain --access internal --split 3") ? "3" : "7"
        let check = try CLIRunner.run(["gen-swift", manifest, "-o", out, "--split", split, "--check"])
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func checkNamesTheOptionsThatDiffer() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Container.swift").path
        #expect(try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", path, "--access", "public"]).status == 0)
        let check = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", path, "--access", "internal", "--check"])
        #expect(check.status == 1)
        #expect(
            check.stderr
                == "digraph: \(path) was generated with --access public; this run uses --access internal\ndigraph: run `digraph gen-swift` without --check to regenerate\n"
        )
        let target = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", path, "--target", "swinject", "--access", "public", "--check"])
        #expect(target.stderr.hasPrefix("digraph: \(path) was generated with --target plain; this run uses --target swinject\n"))
    }

    /// A file name is input too: one holding a newline must not end the header comment and
    /// put its tail into the generated Swift.
    @Test func aManifestNameCannotInjectCodeThroughTheHeader() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "app\nfatalError(\"owned\")\n.yaml"
        try FileManager.default.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent("fixtures/popcorn/manifest.yaml"), to: directory.appendingPathComponent(name))
        let result = try CLIRunner.run(["gen-swift", name], directory: directory)
        #expect(result.status == 0)
        #expect(
            result.stdout.hasPrefix(
                #"// Generated by digraph gen-swift --target plain --access internal from app\nfatalError("owned")\n.yaml."# + "\n// Do not edit"))
        #expect(!result.stdout.contains("\nfatalError"))
    }

    @Test func anExistingFileItCannotReadIsNotReplaced() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Container.swift").path
        try "secret\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o200)
        let result = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("exists but cannot be read"))
    }

    /// Two containers split into one folder, beside a Swinject file and a hand-written one: each
    /// run removes only its own container's leftover parts.
    @Test func splitRemovesOnlyItsOwnContainersParts() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let other = directory.appendingPathComponent("other.yaml")
        try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("fixtures/popcorn/manifest.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "container: PopcornContainer", with: "container: OtherContainer")
            .write(to: other, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("Generated").path
        #expect(try CLIRunner.run(["gen-swift", other.path, "-o", out, "--split", "3"]).status == 0)
        #expect(try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", out, "--split", "3"]).status == 0)
        #expect(try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", out + "/Assembly.swift", "--target", "swinject"]).status == 0)
        try "// Generated by digraph gen-swift by hand\n".write(toFile: out + "/PopcornContainer+RegistrationsExtra.swift", atomically: true, encoding: .utf8)
        #expect(try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", out, "--split", "1", "--check"]).status == 1)
        let narrower = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", out, "--split", "2"])
        #expect(narrower.status == 0, "\(narrower.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [
                "Assembly.swift",
                "OtherContainer+Registrations1.swift", "OtherContainer+Registrations2.swift", "OtherContainer+Registrations3.swift", "OtherContainer.swift",
                "PopcornContainer+Registrations1.swift", "PopcornContainer+Registrations2.swift", "PopcornContainer+RegistrationsExtra.swift",
                "PopcornContainer.swift",
            ])
    }

    @Test func splitWritesADirectoryAndRemovesLeftoverParts() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = folder.appendingPathComponent("Generated")
        let wide = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", directory.path, "--split", "3"])
        #expect(wide.status == 0, "\(wide.stderr)")
        #expect(wide.stderr == "digraph: wrote 4 files in \(directory.path)\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "PopcornContainer+Registrations1.swift", "PopcornContainer+Registrations2.swift", "PopcornContainer+Registrations3.swift",
                "PopcornContainer.swift",
            ])
        let check = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", directory.path, "--split", "3", "--check"])
        #expect(check.status == 0)
        #expect(check.stderr == "digraph: 4 files in \(directory.path) are up to date\n")

        let narrower = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", directory.path, "--split", "2", "--check"])
        #expect(narrower.status == 1)
        #expect(narrower.stderr.contains("PopcornContainer+Registrations3.swift is left over from an earlier split"))
        #expect(try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "-o", directory.path, "--split", "2"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 3)
    }

    @Test(arguments: [
        (["--split", "2"], "Error: --split writes several files: give a directory with -o"),
        (["--split", "2", "--target", "swinject", "-o", "/tmp/x"], "Error: --split applies to --target plain"),
        (["--split", "0"], "Error: --split must be between 1 and 1000 (files of registrations), not 0"),
        (["--split", "9223372036854775807", "-o", "/tmp/x"], "Error: --split must be between 1 and 1000 (files of registrations), not 9223372036854775807"),
    ])
    func badSplitOptionsExitTwo(_ flags: [String], message: String) throws {
        let result = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml"] + flags)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }
}
