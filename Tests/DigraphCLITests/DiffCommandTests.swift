import Foundation
import Testing

/// `digraph diff` end to end: every kind of change in one fixture pair, whole outputs compared with
/// Tests/DigraphCLITests/Expected/diff.*, exit codes, the git form in a scratch repository, and the
/// Markdown limits.
@Suite(.serialized)
struct DiffCommandTests {
    static let pair = ["diff", "fixtures/diff/base.yaml", "fixtures/diff/head.yaml"]

    @Test(arguments: ["text", "json", "markdown"])
    func everyKindOfChangeInEachFormat(_ format: String) throws {
        let result = try CLIRunner.run(Self.pair + ["--format", format])
        #expect(result.status == 1, "HEAD adds a cycle (an error) that BASE did not have")
        #expect(result.stderr == "")
        #expect(result.stdout == (try CLIRunner.expected("diff.\(format)")))
    }

    @Test func theJSONHasExactlyTheContractsShape() throws {
        let result = try CLIRunner.run(Self.pair + ["--format", "json"])
        let top = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(top.keys) == ["registrations", "edges", "findings"])
        let registrations = try #require(top["registrations"] as? [String: [[String: Any]]])
        #expect(Set(registrations.keys) == ["added", "removed", "changed"])
        #expect(registrations["added"]?.map { $0["key"] as? String } == ["Analytics", "SessionProvider"])
        let fields = Set(registrations["changed"]?.compactMap { $0["field"] as? String } ?? [])
        #expect(
            fields == ["lifetime", "implementation", "module", "isolation", "root", "arguments", "aliasOf"], "every compared field changes once in the fixture")
        let edges = try #require(top["edges"] as? [String: [[String: String]]])
        #expect(edges["removed"] == [["from": "Loading", "to": "FeedLoader", "label": "aliasOf"]])
        let findings = try #require(top["findings"] as? [String: [[String: Any]]])
        #expect(findings["new"]?.map { $0["code"] as? String } == ["argument-mismatch", "cycle"])
        #expect(findings["fixed"]?.map { $0["code"] as? String } == ["missing-binding", "unused-registration", "unused-registration"])
        let cycle = try #require(findings["new"]?.last)
        #expect(Set(cycle.keys) == ["code", "severity", "message", "location", "notes"], "a finding as check's JSON gives it")
    }

    @Test func noChangeAndMovedLinesExitZero() throws {
        let same = try CLIRunner.run(["diff", "fixtures/diff/base.yaml", "fixtures/diff/base.yaml"])
        #expect(same.status == 0)
        #expect(same.stdout == "digraph diff: no change in the dependency graph\n")

        // The same manifest with its registrations in another order and comments moved: findings
        // match by code and subject, never by line.
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("fixtures/diff/base.yaml"), encoding: .utf8)
        let moved = base.replacingOccurrences(of: "registrations:\n", with: "registrations:\n  # moved down by this comment\n\n\n")
        try moved.write(to: folder.appendingPathComponent("moved.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["diff", "fixtures/diff/base.yaml", folder.appendingPathComponent("moved.yaml").path, "--format", "json"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                {
                  "registrations": {
                    "added": [],
                    "removed": [],
                    "changed": []
                  },
                  "edges": {
                    "added": [],
                    "removed": []
                  },
                  "findings": {
                    "new": [],
                    "fixed": []
                  }
                }

                """)
    }

    @Test func newWarningsFailOnlyWhenStrictAndUnreadableSidesExitTwo() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = folder.appendingPathComponent("base.yaml"), head = folder.appendingPathComponent("head.yaml")
        try "version: 1\nregistrations:\n  - provides: Clock\n    root: true\n".write(to: base, atomically: true, encoding: .utf8)
        try "version: 1\nregistrations:\n  - provides: Clock\n    root: true\n    arguments:\n      zone: String\n".write(
            to: head, atomically: true, encoding: .utf8)
        let lenient = try CLIRunner.run(["diff", base.path, head.path])
        #expect(lenient.status == 0)
        #expect(lenient.stdout.hasPrefix("digraph diff: 1 registration changed; 1 new finding\n~ Clock arguments: (none) -> zone: String\nnew:   "))
        let strict = try CLIRunner.run(["diff", base.path, head.path, "--strict"])
        #expect(strict.status == 1)

        try "version: 2\n".write(to: head, atomically: true, encoding: .utf8)
        let unreadable = try CLIRunner.run(["diff", base.path, head.path])
        #expect(unreadable.status == 2)
        #expect(unreadable.stdout == "")
        #expect(unreadable.stderr.hasSuffix("digraph: error: HEAD cannot be read; nothing was compared\n"))

        let usage = try CLIRunner.run(["diff", base.path])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("give BASE and HEAD (two manifests or folders), or --base REV and the paths to compare"))
    }

    @Test func theGitFormComparesARevisionWithTheWorkingTree() throws {
        let repository = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: repository) }
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("DI"), withIntermediateDirectories: true)
        let base = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("fixtures/diff/base.yaml"), encoding: .utf8)
        let head = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("fixtures/diff/head.yaml"), encoding: .utf8)
        try git("init", "-q", in: repository)
        try base.write(to: repository.appendingPathComponent("DI/app.yaml"), atomically: true, encoding: .utf8)
        try git("add", ".", in: repository)
        try git("commit", "-qm", "base", in: repository)
        try head.write(to: repository.appendingPathComponent("DI/app.yaml"), atomically: true, encoding: .utf8)
        try "version: 1\nregistrations:\n  - provides: Logger\n".write(to: repository.appendingPathComponent("DI/new.yaml"), atomically: true, encoding: .utf8)

        let result = try CLIRunner.run(["diff", "--base", "HEAD", "DI"], directory: repository)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("digraph diff: 3 registrations added, 1 removed, 5 changed;"))
        #expect(result.stdout.contains("\n+ registration Logger\n"))
        #expect(
            result.stdout.contains("\nfixed: DI/app.yaml:26:7: error: nothing provides 'Analytics'"), "the base side is reported under the working tree's path")
        #expect(try String(contentsOf: repository.appendingPathComponent("DI/app.yaml"), encoding: .utf8) == head, "no checkout")

        // From a subfolder, a file added since the revision (no past: everything in it is new).
        let nested = try CLIRunner.run(["diff", "--base", "HEAD", "new.yaml"], directory: repository.appendingPathComponent("DI"))
        #expect(nested.stdout == "digraph diff: 1 registration added\n+ registration Logger\n")

        let unknown = try CLIRunner.run(["diff", "--base", "no-such-branch", "DI"], directory: repository)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("digraph: error: git knows no commit 'no-such-branch' in "))
        let option = try CLIRunner.run(["diff", "--base", "--output=x", "DI"], directory: repository)
        #expect(option.status == 2)
    }

    /// `diff --base REV` without paths compares the configuration's manifests, and reads Swift as
    /// every command does (its import.exclude: a mock assembly added is no change).
    @Test func theGitFormReadsTheConfiguration() throws {
        let repository = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: repository) }
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("App/Mocks"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("Art"), withIntermediateDirectories: true)
        try "manifests: [App]\nimport:\n  exclude: [Mocks]\n".write(to: repository.appendingPathComponent(".digraph.yml"), atomically: true, encoding: .utf8)
        try "import Swinject\nfunc assemble(container: Container) { container.register(API.self) { _ in API() } }\n"
            .write(to: repository.appendingPathComponent("App/DI.swift"), atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: repository.appendingPathComponent("Art/logo.png"))
        try git("init", "-q", in: repository)
        try git("add", ".", in: repository)
        try git("commit", "-qm", "base", in: repository)
        try "import Swinject\nfunc mocks(container: Container) { container.register(API.self) { _ in MockAPI() } }\n"
            .write(to: repository.appendingPathComponent("App/Mocks/MockDI.swift"), atomically: true, encoding: .utf8)
        let unchanged = try CLIRunner.run(["diff", "--base", "HEAD"], directory: repository)
        #expect(unchanged.status == 0, "\(unchanged.stderr)")
        #expect(unchanged.stdout == "digraph diff: no change in the dependency graph\n", "\(unchanged.stdout)")
        try "import Swinject\nfunc assemble(container: Container) { container.register(API.self) { _ in API() }.inObjectScope(.container) }\n"
            .write(to: repository.appendingPathComponent("App/DI.swift"), atomically: true, encoding: .utf8)
        let changed = try CLIRunner.run(["diff", "--base", "HEAD"], directory: repository)
        #expect(changed.stdout.hasPrefix("digraph diff: 1 registration changed"), "\(changed.stdout)")
    }

    /// The revision is read into memory, never written out: from a subfolder, a path that climbs
    /// out of it (`../Lib`) and an absolute path inside the repository read the revision's files
    /// under the spelling given; module names come from the revision's own `Package.swift`; and
    /// the temporary folder stays empty.
    @Test func theRevisionIsReadFromMemoryUnderThePathsGiven() throws {
        let repository = try Self.scratch()
        let temporary = try Self.scratch()
        defer {
            try? FileManager.default.removeItem(at: repository)
            try? FileManager.default.removeItem(at: temporary)
        }
        let lib = repository.appendingPathComponent("Lib/Sources/Net")
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("App"), withIntermediateDirectories: true)
        try "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Lib\", targets: [.target(name: \"Net\")])\n"
            .write(to: repository.appendingPathComponent("Lib/Package.swift"), atomically: true, encoding: .utf8)
        try "import Swinject\nfinal class API {}\nfunc assemble(container: Container) { container.register(API.self) { _ in API() } }\n"
            .write(to: lib.appendingPathComponent("DI.swift"), atomically: true, encoding: .utf8)
        try git("init", "-q", in: repository)
        try git("add", ".", in: repository)
        try git("commit", "-qm", "base", in: repository)
        // Since the revision the registration became a singleton and moved to the target Store.
        let store = repository.appendingPathComponent("Lib/Sources/Store")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: lib.appendingPathComponent("DI.swift"))
        try
            "import Swinject\nfinal class API {}\nfunc assemble(container: Container) { container.register(API.self) { _ in API() }.inObjectScope(.container) }\n"
            .write(to: store.appendingPathComponent("DI.swift"), atomically: true, encoding: .utf8)

        let app = repository.appendingPathComponent("App")
        let expected = "digraph diff: 1 registration changed\n~ API lifetime: graph -> singleton\n~ API module: Net -> Store\n"
        let climbing = try CLIRunner.run(["diff", "--base", "HEAD", "../Lib"], environment: ["TMPDIR": temporary.path], directory: app)
        #expect(climbing.status == 0, "\(climbing.stderr)")
        #expect(climbing.stdout == expected)
        let absolute = try CLIRunner.run(
            ["diff", "--base", "HEAD", repository.appendingPathComponent("Lib").path], environment: ["TMPDIR": temporary.path], directory: app)
        #expect(absolute.stdout == expected)
        // `.` and `..` in an absolute path resolve as they do on disk.
        let winding = try CLIRunner.run(["diff", "--base", "HEAD", repository.path + "/./App/../Lib"], environment: ["TMPDIR": temporary.path], directory: app)
        #expect(winding.stdout == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [], "nothing is written for the revision")
    }

    @Test func theMarkdownStaysWithinMermaidsAndGitHubsLimits() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 600 added registrations, each holding an edge: over Mermaid's 500 edges.
        var head = "version: 1\nregistrations:\n  - provides: Hub\n"
        for index in 0..<600 { head += "  - provides: Service\(index)\n    dependencies:\n      hub: Hub\n" }
        try "version: 1\nregistrations:\n  - provides: Hub\n".write(to: folder.appendingPathComponent("base.yaml"), atomically: true, encoding: .utf8)
        try head.write(to: folder.appendingPathComponent("head.yaml"), atomically: true, encoding: .utf8)
        let wide = try CLIRunner.run([
            "diff", folder.appendingPathComponent("base.yaml").path, folder.appendingPathComponent("head.yaml").path, "--format", "markdown",
        ])
        #expect(wide.status == 0)
        #expect(!wide.stdout.contains("```mermaid"))
        #expect(wide.stdout.contains("_The picture is left out: the changed neighbourhood has 600 edges, more than Mermaid draws (500)."))
        #expect(wide.stdout.contains("| added | Service599 |"), "the tables stay")

        // 3,000 registrations with long names: over GitHub's 65,536 characters; the tables are cut.
        var long = "version: 1\nregistrations:\n"
        for index in 0..<3_000 { long += "  - provides: AVeryLongServiceNameThatKeepsGoingOnAndOn\(index)\n" }
        try long.write(to: folder.appendingPathComponent("long.yaml"), atomically: true, encoding: .utf8)
        let cut = try CLIRunner.run([
            "diff", folder.appendingPathComponent("base.yaml").path, folder.appendingPathComponent("long.yaml").path, "--format", "markdown",
        ])
        #expect(cut.stdout.count <= 65_536)
        #expect(cut.stdout.hasSuffix("_… cut at GitHub's comment limit (65536 characters): `digraph diff --format text` lists every change._\n"))
    }

    /// Runs git in `repository` as a committer named t.
    func git(_ arguments: String..., in repository: URL) throws {
        let result = try CLIRunner.runProgram(
            "/usr/bin/env", ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments, directory: repository)
        #expect(result.status == 0, "git \(arguments): \(result.stderr)")
    }

    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
