import Foundation
import Testing

/// Input too deep or too large to read is a located error for its file, in digraph's own words
/// (never a crash, libyaml's wording or a wait on a FIFO), and the files beside it are still read;
/// large but valid input (20,000 arguments, 60,000 stubs, a 2,000-key cycle) is read and drawn.
struct DeepAndHugeInputTests: ScratchFolderSuite {
    /// Each shape once crashed the process (SIGSEGV, exit 139) or took gigabytes; now it is a located
    /// error for its file, and the file beside it is still read.
    @Test(arguments: [
        ("try", "let x = " + String(repeating: "try ", count: 10_000) + "f()\n", "2:809: error: more than 200 `try`/`await` in a row"),
        ("await", "let x = " + String(repeating: "await ", count: 10_000) + "f()\n", "2:1209: error: more than 200 `try`/`await` in a row"),
        ("member", "let x = a" + String(repeating: ".b", count: 100_000) + "\n", "error: this expression is nested more than 1000 levels deep"),
        ("call", "let x = f" + String(repeating: "()", count: 20_000) + "\n", "error: this expression is nested more than 1000 levels deep"),
        ("bang", "let x = a" + String(repeating: "!", count: 20_000) + "\n", "error: this expression is nested more than 1000 levels deep"),
        ("subscript", "let x = a" + String(repeating: "[0]", count: 20_000) + "\n", "error: this expression is nested more than 1000 levels deep"),
        ("elseif", "func f() {\n if a {}" + String(repeating: " else if a {}", count: 50_000) + "\n}\n", "3:26015: error: more than 2000 `else if`"),
        (
            "generic", "let x: " + String(repeating: "A<", count: 10_000) + "B" + String(repeating: ">", count: 10_000) + " = y\n",
            "2:409: error: generic arguments nested more than 200 deep"
        ),
        (
            "array", "let x: " + String(repeating: "[", count: 10_000) + "B" + String(repeating: "]", count: 10_000) + " = y\n",
            "2:208: error: brackets nested more than 200 deep"
        ),
        (
            "interpolation", "let x = \"" + String(repeating: "\\(\"", count: 10_000) + "a" + String(repeating: "\")", count: 10_000) + "\"\n",
            "2:612: error: string interpolations nested more than 200 deep"
        ),
    ])
    func deepSwiftIsALocatedErrorForItsFile(shape: String, text: String, expected: String) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ("import Swinject\n" + text).write(to: folder.appendingPathComponent("Deep.swift"), atomically: true, encoding: .utf8)
        try "import Swinject\nfunc assemble(c: Container) { c.register(A.self) { _ in A() } }\n".write(
            to: folder.appendingPathComponent("Fine.swift"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "."], timeout: 60, directory: folder)
        #expect(result.status == 1, "\(shape): \(result.status) \(result.stderr.prefix(300))")
        #expect(result.stdout.hasPrefix("Deep.swift:"), "\(shape)")
        #expect(result.stdout.contains(expected), "\(shape): \(result.stdout.prefix(300))")
        #expect(result.stdout.contains("; the file is skipped, the others are read [swift-import]\n"))
        #expect(result.stdout.hasSuffix("digraph: checked 1 registration: 1 error, 0 warnings, 0 infos\n"), "\(shape): the other file is read")
    }

    @Test func aSwiftFileOverFourMegabytesIsSkippedWithAnError() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try String(repeating: "// padding padding padding padding padding padding padding padding\n", count: 80_000)
            .write(to: folder.appendingPathComponent("Huge.swift"), atomically: true, encoding: .utf8)
        try "import Swinject\nfunc assemble(c: Container) { c.register(A.self) { _ in A() } }\n".write(
            to: folder.appendingPathComponent("Fine.swift"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "."], directory: folder)
        #expect(
            result.stdout.contains(
                "Huge.swift:1:1: error: Huge.swift is 5 MB, more than the 4 MB digraph reads in one Swift file (generated code?); the file is skipped, the others are read. Exclude it with --exclude [swift-import]"
            ), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("digraph: checked 1 registration: 1 error, 0 warnings, 0 infos\n"))
    }

    @Test func aHugeTypeStringIsRefusedBeforeItIsSplitIntoCharacters() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let type = String(repeating: "A", count: 30 << 20)
        try ("version: 1\nregistrations:\n  - provides: \"" + type + "\"\n").write(
            to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "m.yaml"], directory: folder)
        #expect(result.status == 2)
        #expect(result.stdout.contains("m.yaml:3:15: error: 'provides' is not a valid Swift type: 'AAAA"), "\(result.stdout.prefix(300))")
        #expect(result.stdout.contains("is 31457280 bytes long; a type expression may have at most 1000 characters [schema]"))
    }

    @Test func aDocumentOfMillionsOfValuesIsRefusedWhileItIsRead() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zeros = String(repeating: "0,", count: 4_100_000)
        try (#"{"version": 1, "registrations": [], "junk": ["# + zeros + "0]}").write(
            to: folder.appendingPathComponent("z.json"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "z.json"], directory: folder)
        #expect(result.status == 2)
        #expect(
            result.stdout.hasPrefix(
                "z.json:1:8000038: error: the document holds more than 4000000 values, far more than a manifest needs (100,000 registrations have about a million); split it into several files [schema]"
            ), "\(result.stdout.prefix(300))")
    }

    @Test func problemsBeyondWhatIsShownAreCountedNotHeld() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ("version: 1\nregistrations:\n" + String(repeating: "  - 1\n", count: 1_000_000)).write(
            to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        // Within 400 MB of address space (the previous main held every problem and aborted there).
        let digraph = CLIRunner.executable("digraph").path
        let result = try CLIRunner.runProgram("/bin/sh", ["-c", "ulimit -v 400000; exec '\(digraph)' check m.yaml"], timeout: 60, directory: folder)
        #expect(result.status == 2, "\(result.stderr.prefix(300))")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 202)
        #expect(lines[0].hasPrefix("m.yaml:3:5: error:"))
        #expect(lines[200] == "m.yaml:202:5: error: … and 999800 more problems in this file, not shown; fix these first [schema]")
    }

    @Test func aMissingKeyUsedMillionsOfTimesListsTwentyPlaces() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ("version: 1\nregistrations: []\nresolves:\n" + String(repeating: "  - A\n", count: 200_000)).write(
            to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "m.yaml"], directory: folder)
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").count == 23)
        #expect(result.stdout.contains("m.yaml:24:5: note: … and 199979 more places need it\n"), "\(result.stdout.suffix(400))")
    }

    @Test func aRegisterCallWithTwentyThousandArgumentsIsImported() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = (0..<20_000).map { "a\($0): r.resolve(B.self)!" }.joined(separator: ", ")
        try "import Swinject\nfunc a(c: Container) { c.register(A.self) { r in A(\(arguments)) } }\n".write(
            to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["import", ".", "-o", "a.yaml"], timeout: 60, directory: folder)
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(try String(contentsOf: folder.appendingPathComponent("a.yaml"), encoding: .utf8).contains("      a19999: B\n"))
    }

    @Test func stubsForSixtyThousandRegistrationsAreGenerated() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ("version: 1\nregistrations:\n" + (0..<60_000).map { "  - provides: S\($0)\n" }.joined()).write(
            to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["gen-swift", "m.yaml", "--target", "stubs", "-o", "Stubs.swift"], timeout: 60, directory: folder)
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(try String(contentsOf: folder.appendingPathComponent("Stubs.swift"), encoding: .utf8).contains("S59999"))
    }

    @Test func aCycleOfTwoThousandKeysDrawsInAFewMegabytes() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ("version: 1\nregistrations:\n" + (0..<2_000).map { "  - provides: K\($0)\n    dependencies:\n      next: K\(($0 + 1) % 2_000)\n" }.joined())
            .write(to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["render", "m.yaml", "--dot", "-o", "-"], timeout: 60, directory: folder)
        #expect(result.status == 0)
        #expect(result.stdout.utf8.count < 5_000_000, "\(result.stdout.utf8.count) bytes")
        #expect(result.stdout.contains("… (`digraph check` prints it in full)"))
    }

    @Test func deepYAMLAndAFIFOTargetAreReportedInDigraphsOwnWords() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ("version: 1\nregistrations: " + String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000) + "\n").write(
            to: folder.appendingPathComponent("deep.yaml"), atomically: true, encoding: .utf8)
        let deep = try CLIRunner.run(["check", "deep.yaml"], directory: folder)
        #expect(deep.stdout.hasPrefix("deep.yaml:2:"))
        #expect(deep.stdout.contains("error: the document nests deeper than 64 levels; a manifest needs only a few [schema]"), "\(deep.stdout)")
        #expect(!deep.stdout.contains("yaml_set_max_nest_level"))

        #expect(mkfifo(folder.appendingPathComponent("Container.swift").path, 0o644) == 0)
        let manifest = CLIRunner.packageRoot.appendingPathComponent("fixtures/popcorn/manifest.yaml").path
        let fifo = try CLIRunner.run(["gen-swift", manifest, "--check", "-o", "Container.swift"], timeout: 20, directory: folder)
        #expect(fifo.status == 1)
        #expect(
            fifo.stderr.hasPrefix("digraph: Container.swift is not a regular file (a FIFO, a device or a socket); give the path of a file\n"), "\(fifo.stderr)")
    }
}
