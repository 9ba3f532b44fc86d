import Foundation
import Testing

/// A name digraph did not choose (a manifest's key, a baseline's subject, a file name, a
/// `Package.swift` target, a registration's name in Swift) cannot forge a GitHub workflow command
/// in a CI log, reach generated code as code, or show raw bidi characters.
struct HostileNamesTests: ScratchFolderSuite {
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

    @Test func duplicateKeysAndBaselineSubjectsCannotForgeACommand() throws {
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

    @Test func theLegacyCommandFormIsInertInEveryFormat() throws {
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

    @Test func namesFromSwiftAreIdentifiersBeforeTheyReachGeneratedCode() throws {
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

    @Test func moduleNamesFromPackageSwiftAreValidated() throws {
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

    @Test func originCommentsShowBidiCharactersEscaped() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "A\u{202E}lave.swift"
        try "import Swinject\nfunc assemble(container: Container) { container.register(Service.self) { _ in Service() } }\n"
            .write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["import", ".", "-o", "-"], directory: folder)
        #expect(!imported.stdout.contains("\u{202E}"))
        #expect(imported.stdout.contains(#"  # A\u{202E}lave.swift:2"#))
    }
}
