import Foundation
import Testing

/// The third adversarial pass: what Swift sources, the configuration and crafted commits could still
/// do. One test per defect, each named by its number in the issue.
struct ReliabilityThirdPassTests {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-hostile3-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// No line digraph prints may run as a GitHub workflow command: `::` at a line's start (after
    /// the white space the runner trims), `##[` anywhere.
    static func isInert(_ output: String) -> Bool {
        output.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { line in
            !line.drop { $0 == " " || $0 == "\t" }.hasPrefix("::") && !line.contains("##[")
        }
    }

    static func isInertGitHub(_ output: String) -> Bool {
        output.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { line in
            (line.hasPrefix("::error ") || line.hasPrefix("::warning ") || line.hasPrefix("::notice ") || !line.drop { $0 == " " }.hasPrefix("::"))
                && !line.contains("##[")
        }
    }

    @Test func defect1DuplicateKeysAndBaselineSubjectsCannotForgeACommand() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"version": 1, "registrations": [], "k\n::error file=x::forged": 1, "k\n::error file=x::forged": 2}"#
            .write(to: folder.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try "version: 1\nregistrations: []\n\"k\\n ::error file=x::forged\": 1\n\"k\\n ::error file=x::forged\": 2\n"
            .write(to: folder.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        for file in ["a.json", "b.yaml"] {
            for format in ["text", "github"] {
                let result = try CLIRunner.run(["check", file, "--format", format], directory: folder)
                #expect(result.status == 2)
                #expect(format == "text" ? Self.isInert(result.stdout) : Self.isInertGitHub(result.stdout), "\(file) \(format): \(result.stdout)")
            }
        }
        let json = try CLIRunner.run(["check", "a.json"], directory: folder)
        #expect(json.stdout.hasPrefix(#"a.json:1:69: error: duplicate key 'k\n::error file=x::forged' in the same object [schema]"#))

        try "version: 1\nregistrations:\n  - provides: A\n".write(to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        try #"{"version": 1, "findings": [{"code": "cycle", "subject": "x\n::error file=y::forged", "message": "m"}]}"#
            .write(to: folder.appendingPathComponent("baseline.json"), atomically: true, encoding: .utf8)
        let baselined = try CLIRunner.run(["check", "m.yaml", "--baseline", "baseline.json"], directory: folder)
        #expect(Self.isInert(baselined.stdout + baselined.stderr), "\(baselined.stdout)\(baselined.stderr)")
    }

    @Test func defect2TheLegacyCommandFormIsInertInEveryFormat() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = "version: 1\nregistrations:\n  - provides: A\n    dependencies:\n      b: \"X##[error]boom\"\n"
        try manifest.write(to: folder.appendingPathComponent("x##[error]y.yaml"), atomically: true, encoding: .utf8)
        try manifest.write(to: folder.appendingPathComponent("::error file=z::forged.yaml"), atomically: true, encoding: .utf8)
        for file in ["x##[error]y.yaml", "::error file=z::forged.yaml"] {
            let text = try CLIRunner.run(["check", file], directory: folder)
            #expect(Self.isInert(text.stdout + text.stderr), "\(text.stdout)")
            let github = try CLIRunner.run(["check", file, "--format", "github"], directory: folder)
            #expect(Self.isInertGitHub(github.stdout), "\(github.stdout)")
        }
        let shown = try CLIRunner.run(["check", "x##[error]y.yaml"], directory: folder)
        #expect(shown.stdout.hasPrefix(#"x#\u{23}[error]y.yaml:5:10: error: dependency 'b' is not a valid Swift type: 'X#\u{23}[error]boom'"#))
    }

    @Test func defect3NamesFromSwiftAreIdentifiersBeforeTheyReachGeneratedCode() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        import Swinject
        func assemble(container: Container) {
            container.register(Foo.self, name: "x\\") { _ in Foo() }; print(\\"injected") { _ in Foo() }
        }
        final class Foo { init() {} }

        """.write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["import", "A.swift", "-o", "-"], directory: folder)
        #expect(imported.stdout.contains("    name: x________in_Foo______print___injected\n"))
        #expect(
            imported.stderr.contains(
                #"A.swift:3:5: warning: the name 'x\") { _ in Foo() }; print(\"injected' is not a Swift identifier, which a manifest's name must be; it is written 'x________in_Foo______print___injected' [swift-import]"#
            ))
        let generated = try CLIRunner.run(["gen-swift", "A.swift", "--target", "swinject", "-o", "-"], directory: folder)
        #expect(generated.stdout.contains(#"name: "x________in_Foo______print___injected")"#), "\(generated.stdout)")
        #expect(!generated.stdout.contains("print("))

        // A newline in a multi-line literal name once wrote a whole function after `// MARK:` (plain target).
        try
            "import Swinject\nfunc assemble(container: Container) {\n    container.register(Foo.self, name: \"\"\"\nx\n}\nfunc evil() {\n\"\"\") { _ in Foo() }\n}\nfinal class Foo { init() {} }\n"
            .write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let plain = try CLIRunner.run(["gen-swift", "A.swift", "-o", "-"], directory: folder)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!plain.stdout.contains("func evil"), "\(plain.stdout)")
        #expect(plain.stdout.contains("// MARK: Foo (name: x___func_evil____) (graph)"), "\(plain.stdout)")
    }

    @Test func defect4ModuleNamesFromPackageSwiftAreValidated() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/Evil"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/my-lib"), withIntermediateDirectories: true)
        try
            "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"\"\"\nx\n::error file=a::forged\u{202E}\n\"\"\", path: \"Sources/Evil\"), .target(name: \"my-lib\")])\n"
            .write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let service =
            "import Swinject\nfunc assemble(container: Container) { container.register(Service.self) { _ in Service() } }\nfinal class Service { init() {} }\n"
        try service.write(to: folder.appendingPathComponent("Sources/Evil/A.swift"), atomically: true, encoding: .utf8)
        try service.replacingOccurrences(of: "Service", with: "Other").write(
            to: folder.appendingPathComponent("Sources/my-lib/B.swift"), atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["import", ".", "-o", "-"], directory: folder)
        #expect(!imported.stdout.contains("forged") && !imported.stdout.contains("\u{202E}"), "\(imported.stdout)")
        #expect(imported.stdout.contains("  - provides: Other\n    lifetime: graph\n    module: my_lib\n"))
        let dot = try CLIRunner.run(["render", ".", "--dot", "-o", "-"], directory: folder)
        #expect(!dot.stdout.contains("\u{202E}") && Self.isInert(dot.stdout + dot.stderr))
    }

    @Test func defect5OriginCommentsShowBidiCharactersEscaped() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "A\u{202E}lave.swift"
        try "import Swinject\nfunc assemble(container: Container) { container.register(Service.self) { _ in Service() } }\n"
            .write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["import", ".", "-o", "-"], directory: folder)
        #expect(!imported.stdout.contains("\u{202E}"))
        #expect(imported.stdout.contains(#"  # A\u{202E}lave.swift:2"#))
    }

    @Test func defect6ACraftedCommitCannotWriteOutsideTheCopy() throws {
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

    @Test func defect7TheConfigurationIsAnInputNoOutputReplaces() throws {
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

    @Test func defect8OutputsTheConfigurationNamesStayInsideItsFolder() throws {
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

    @Test func defect9ASplitFolderThatIsALinkIsRefused() throws {
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

    @Test func defect20AValidNameOfEmojiIsWritten() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let name = String(repeating: "😀", count: 62) + ".dot"  // 252 bytes, under the usual 255
        #expect(name.utf8.count <= 255)
        let manifest = CLIRunner.packageRoot.appendingPathComponent("fixtures/popcorn/manifest.yaml").path
        let result = try CLIRunner.run(["render", manifest, "--dot", "-o", name], directory: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path))
    }

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
    func defects10And11DeepSwiftIsALocatedErrorForItsFile(shape: String, text: String, expected: String) throws {
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

    @Test func defect12ASwiftFileOverFourMegabytesIsSkippedWithAnError() throws {
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

    @Test func defect13AHugeTypeStringIsRefusedBeforeItIsSplitIntoCharacters() throws {
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

    @Test func defect14ADocumentOfMillionsOfValuesIsRefusedWhileItIsRead() throws {
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

    @Test func defect15ProblemsBeyondWhatIsShownAreCountedNotHeld() throws {
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

    @Test func defect16AMissingKeyUsedMillionsOfTimesListsTwentyPlaces() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ("version: 1\nregistrations: []\nresolves:\n" + String(repeating: "  - A\n", count: 200_000)).write(
            to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "m.yaml"], directory: folder)
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").count == 23)
        #expect(result.stdout.contains("m.yaml:24:5: note: … and 199979 more places need it\n"), "\(result.stdout.suffix(400))")
    }

    @Test func defect17ARegisterCallWithTwentyThousandArgumentsIsImported() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = (0..<20_000).map { "a\($0): r.resolve(B.self)!" }.joined(separator: ", ")
        try "import Swinject\nfunc a(c: Container) { c.register(A.self) { r in A(\(arguments)) } }\n".write(
            to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["import", ".", "-o", "a.yaml"], timeout: 60, directory: folder)
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(try String(contentsOf: folder.appendingPathComponent("a.yaml"), encoding: .utf8).contains("      a19999: B\n"))
    }

    @Test func defect18StubsForSixtyThousandRegistrations() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ("version: 1\nregistrations:\n" + (0..<60_000).map { "  - provides: S\($0)\n" }.joined()).write(
            to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["gen-swift", "m.yaml", "--target", "stubs", "-o", "Stubs.swift"], timeout: 60, directory: folder)
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(try String(contentsOf: folder.appendingPathComponent("Stubs.swift"), encoding: .utf8).contains("S59999"))
    }

    @Test func defect19ACycleOfTwoThousandKeysDrawsInAFewMegabytes() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ("version: 1\nregistrations:\n" + (0..<2_000).map { "  - provides: K\($0)\n    dependencies:\n      next: K\(($0 + 1) % 2_000)\n" }.joined())
            .write(to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["render", "m.yaml", "--dot", "-o", "-"], timeout: 60, directory: folder)
        #expect(result.status == 0)
        #expect(result.stdout.utf8.count < 5_000_000, "\(result.stdout.utf8.count) bytes")
        #expect(result.stdout.contains("… (`digraph check` prints it in full)"))
    }

    @Test func defect21MessagesInDigraphsOwnWords() throws {
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
