import Foundation
import Testing

/// Switching the check on for an existing app: suppressions in the manifest, a baseline of today's
/// findings, manifest folders beside other YAML, and reports code scanning accepts.
@Suite(.serialized)
struct AdoptionTests {
    func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-adopt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static let app = """
        version: 1
        registrations:
          - provides: Cache
            lifetime: singleton
            suppress:
              - { code: captive-dependency, reason: "the clock is stateless" }
              - layer-violation
            dependencies:
              clock: Clock
          - provides: Session
            lifetime: singleton
            dependencies:
              clock: { type: Clock, suppress: [captive-dependency] }
              store: Store
          - provides: Clock
          - provides: Store

        """
    static let storeCaptive =
        "singleton 'Session' holds transient 'Store' (parameter 'store'): the value is made once and kept for the singleton's whole life; make 'Store' a singleton if one shared value is right, make this edge `lazy: true` if each use needs a fresh one, or make 'Session' shorter-lived"

    @Test func suppressionsSilenceTheirRegistrationOrEdgeAndStaleOnesAreReported() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.app.write(to: directory.appendingPathComponent("app.yaml"), atomically: true, encoding: .utf8)
        let text = try CLIRunner.run(["check", "app.yaml", "--strict"], directory: directory)
        #expect(text.status == 1, "the unsuppressed captive still fails --strict")
        #expect(
            text.stdout == """
                app.yaml:7:9: info: unused suppression: nothing on Cache reports 'layer-violation'; remove it from 'suppress' [layer-violation]
                app.yaml:14:7: warning: \(Self.storeCaptive) [captive-dependency]
                app.yaml:16:5: note: 'Store' is registered transient here
                digraph: checked 4 registrations: 0 errors, 1 warning, 1 info (2 suppressed not shown)

                """)
        let json = try CLIRunner.run(["check", "app.yaml", "--format", "json"], directory: directory)
        let summary = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["summary"] as? [String: Int])
        #expect(summary == ["registrations": 4, "errors": 0, "warnings": 1, "infos": 1, "suppressed": 2, "baselined": 0])
    }

    @Test(arguments: [
        (
            "suppress: [cycles]",
            "5:16: error: unknown code 'cycles' in 'suppress'; the codes are: missing-binding, cycle, duplicate-registration, composition-key, key-collision, captive-dependency, layer-violation, unknown-module, argument-mismatch, unused-registration, registration-order, isolation-mismatch, swift-import (did you mean 'cycle'?) [schema]"
        ),
        ("suppress: [schema]", "5:16: error: 'schema' cannot be suppressed: nothing is checked in a file that is not a valid manifest [schema]"),
        ("suppress: [{ reason: why }]", "5:16: error: a suppression needs 'code': the diagnostic code it silences [schema]"),
    ])
    func badSuppressionsAreSchemaErrors(_ line: String, expected: String) throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "version: 1\nregistrations:\n  - provides: A\n    lifetime: singleton\n    \(line)\n".write(
            to: directory.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "a.yaml"], directory: directory)
        #expect(result.status == 2)
        #expect(result.stdout.hasPrefix("a.yaml:" + expected + "\n"), "\(result.stdout)")
    }

    @Test func aBaselineAcceptsTodaysFindingsAndSurvivesEditsElsewhere() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("app.yaml")
        try Self.app.write(to: manifest, atomically: true, encoding: .utf8)
        let written = try CLIRunner.run(["check", "app.yaml", "--write-baseline", "ci/baseline.json"], directory: directory)
        #expect(written.status == 0)
        #expect(
            written.stderr
                == "digraph: wrote 1 finding to ci/baseline.json; from now on run with --baseline ci/baseline.json, or name it in .digraph.yml (`baseline: ci/baseline.json` under `check:`)\n"
        )
        #expect(
            try String(contentsOf: directory.appendingPathComponent("ci/baseline.json"), encoding: .utf8) == """
                {
                  "version": 1,
                  "findings": [
                    { "code": "captive-dependency", "subject": "edge Session -[store]-> Store", "message": "\(Self.storeCaptive)" }
                  ]
                }

                """)
        let clean = try CLIRunner.run(["check", "app.yaml", "--baseline", "ci/baseline.json", "--strict"], directory: directory)
        #expect(clean.status == 0)
        #expect(clean.stdout.hasSuffix("digraph: checked 4 registrations: 0 errors, 0 warnings, 1 info (2 suppressed, 1 in the baseline not shown)\n"))

        // Lines move and a new registration adds a new captive: only the new one is reported.
        try ("# moved down by a comment\n" + Self.app + "  - provides: Metrics\n    lifetime: singleton\n    dependencies:\n      store: Store\n")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let newOne = try CLIRunner.run(["check", "app.yaml", "--baseline", "ci/baseline.json", "--strict"], directory: directory)
        #expect(newOne.status == 1)
        #expect(newOne.stdout.contains("app.yaml:21:7: warning: singleton 'Metrics' holds transient 'Store'"))
        #expect(!newOne.stdout.contains("'Session' holds"))

        // The baselined finding is fixed: the entry is reported as stale, at its line in the baseline.
        try Self.app.replacingOccurrences(of: "      store: Store\n", with: "      store: { type: Store, lazy: true }\n")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let fixed = try CLIRunner.run(["check", "app.yaml", "--baseline", "ci/baseline.json", "--strict"], directory: directory)
        #expect(fixed.status == 0)
        #expect(
            fixed.stdout.contains(
                "ci/baseline.json:4:5: info: fixed: the baselined finding 'edge Session -[store]-> Store' is no longer reported; remove it from the baseline (or write it again with --write-baseline) [captive-dependency]\n"
            ))
    }

    @Test func baselineMistakesExitTwo() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.app.write(to: directory.appendingPathComponent("app.yaml"), atomically: true, encoding: .utf8)
        let missing = try CLIRunner.run(["check", "app.yaml", "--baseline", "none.json"], directory: directory)
        #expect(missing.status == 2)
        #expect(
            missing.stderr
                == "digraph: error: cannot read the baseline none.json: cannot read the file: it does not exist; write one with --write-baseline none.json\n")
        try "[1, 2]".write(to: directory.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let bad = try CLIRunner.run(["check", "app.yaml", "--baseline", "bad.json"], directory: directory)
        #expect(bad.status == 2)
        #expect(
            bad.stdout.hasPrefix(
                "bad.json:1:1: error: a baseline is an object with a 'findings' list, as `digraph check --write-baseline` writes it [schema]\n"))
        let both = try CLIRunner.run(["check", "app.yaml", "--baseline", "b.json", "--write-baseline", "b.json"], directory: directory)
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("Error: --baseline and --write-baseline do not go together"))
    }

    @Test func aFolderSkipsHiddenAndNonManifestFilesAndAnEmptyOneExitsTwo() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let di = directory.appendingPathComponent("DI")
        try FileManager.default.createDirectory(at: di, withIntermediateDirectories: true)
        try "version: 1\nregistrations:\n  - provides: A\n".write(to: di.appendingPathComponent("app.yaml"), atomically: true, encoding: .utf8)
        try "disabled_rules: [line_length]\n".write(to: di.appendingPathComponent(".swiftlint.yml"), atomically: true, encoding: .utf8)
        try "coverage:\n  status: {}\n".write(to: di.appendingPathComponent("codecov.yml"), atomically: true, encoding: .utf8)
        try "[1, 2]".write(to: di.appendingPathComponent("data.json"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "DI"], directory: directory)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                DI/codecov.yml:1:1: info: skipped: it has neither `version` nor `registrations` at the top, so it is not read as a manifest [schema]
                DI/data.json:1:1: info: skipped: its top level is not a mapping, so it is not read as a manifest [schema]
                digraph: checked 1 registration: 0 errors, 0 warnings, 2 infos

                """)
        // A file named explicitly is always a manifest.
        #expect(try CLIRunner.run(["check", "DI/codecov.yml"], directory: directory).status == 2)
        let empty = directory.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try "x: 1\n".write(to: empty.appendingPathComponent("other.yaml"), atomically: true, encoding: .utf8)
        let none = try CLIRunner.run(["check", "Empty"], directory: directory)
        #expect(none.status == 2)
        #expect(
            none.stdout.contains(
                "Empty:1:1: error: no manifest in this directory (a .yaml, .yml or .json file with `version: 1` and `registrations:`); give the folder that holds the manifests, or name a file [schema]\n"
            ))
    }

    @Test func sarifAndGitHubPathsAreWhatTheServicesExpect() throws {
        let outside = try scratch()
        defer { try? FileManager.default.removeItem(at: outside) }
        try "version: 1\nregistrations:\n  - provides: A\n    dependencies:\n      b: B\n".write(
            to: outside.appendingPathComponent("my app.yaml"), atomically: true, encoding: .utf8)
        let inside = try CLIRunner.run(["check", "fixtures/broken/cycle.yaml", "--format", "sarif"])
        #expect(inside.stdout.contains(#""uri": "fixtures/broken/cycle.yaml""#))
        #expect(inside.stdout.contains(#""version": "0.1.0""#) && inside.stdout.contains(#""informationUri": "#) && inside.stdout.contains(#""helpUri": "#))
        let absolute = try CLIRunner.run(["check", outside.appendingPathComponent("my app.yaml").path, "--format", "sarif"])
        let standardized = outside.standardizedFileURL.path
        #expect(absolute.stdout.contains(#""uri": "file://\#(standardized.replacingOccurrences(of: " ", with: "%20"))/my%20app.yaml""#), "\(absolute.stdout)")
        // Annotations are relative to the checkout, wherever the command runs.
        let github = try CLIRunner.run(
            ["check", "broken/cycle.yaml", "--format", "github"],
            environment: ["GITHUB_WORKSPACE": CLIRunner.packageRoot.path],
            directory: CLIRunner.packageRoot.appendingPathComponent("fixtures"))
        #expect(github.stdout.hasPrefix("::error file=fixtures/broken/cycle.yaml,line="), "\(github.stdout)")
    }

    @Test func anUnknownIgnoredCodeSuggestsTheRightOne() throws {
        let result = try CLIRunner.run(["check", "fixtures/popcorn/manifest.yaml", "--ignore", "cycles"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: unknown code 'cycles' for --ignore. Did you mean 'cycle'?"))
    }
}

/// Issue 42's day one on a Swift app: `init`, `check --write-baseline`, and bare `check` passes;
/// from then on a new finding, warning or error, fails it with a message that says how to accept
/// or fix it, in Swift's words.
struct DayOneTests {
    @Test func initThenWriteBaselineThenCheckPassesAndANewFindingFails() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-day-one-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("fixtures/import/shop"), to: root.appendingPathComponent("App"))
        let read = "digraph: read 3 Swift files: 9 registrations, 11 resolves, 1 call not understood\n"

        let initialized = try CLIRunner.run(["init"], directory: root)
        #expect(initialized.status == 0)
        let configuration = try String(contentsOf: root.appendingPathComponent(".digraph.yml"), encoding: .utf8)
        #expect(configuration.contains("\n  strict: true ") && configuration.contains("\n  baseline: digraph-baseline.json "), "\(configuration)")

        // Before the baseline is written every finding counts, and the note says what to run.
        let before = try CLIRunner.run(["check"], directory: root)
        #expect(before.status == 1)
        #expect(
            before.stderr
                == read
                + "digraph: no baseline yet at digraph-baseline.json: accept today's findings with `digraph check --write-baseline`, and from then on only new ones fail\n"
        )

        let written = try CLIRunner.run(["check", "--write-baseline"], directory: root)
        #expect(written.status == 0)
        #expect(written.stderr == read + "digraph: wrote 1 finding to digraph-baseline.json; from now on `digraph check` fails only on findings not in it\n")

        let clean = try CLIRunner.run(["check"], directory: root)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout == "digraph: checked 9 registrations: 0 errors, 0 warnings, 0 infos (1 in the baseline not shown)\n")
        let fromBelow = try CLIRunner.run(["check"], directory: root.appendingPathComponent("App"))
        #expect(fromBelow.status == 0, "\(fromBelow.stdout)\(fromBelow.stderr)")

        // A new captive singleton (a warning) fails the gate, worded for Swift, with how to accept or fix it.
        let assemblies = root.appendingPathComponent("App/Assemblies.swift")
        let source = try String(contentsOf: assemblies, encoding: .utf8)
        try source.replacingOccurrences(
            of: "CatalogViewModel(repository: r.resolve(CatalogRepository.self)!) }",
            with: "CatalogViewModel(repository: r.resolve(CatalogRepository.self)!) }.inObjectScope(.container)"
        ).write(to: assemblies, atomically: true, encoding: .utf8)
        let captive = try CLIRunner.run(["check"], directory: root)
        #expect(captive.status == 1)
        #expect(captive.stdout.contains("warning: singleton 'CatalogViewModel' holds graph 'CatalogRepository' (parameter 'repository')"), "\(captive.stdout)")
        #expect(captive.stdout.contains("resolve it lazily (inside a closure, or through a `Provider`)") && !captive.stdout.contains("lazy: true"))
        #expect(
            captive.stderr
                == read
                + "digraph: 1 finding is not in the baseline: fix it, or accept it with `digraph check --write-baseline` (it rewrites the baseline); a single intended one can be marked `// digraph:ignore CODE reason` on its line\n"
        )
        // Accepting it is the same one command.
        #expect(try CLIRunner.run(["check", "--write-baseline"], directory: root).status == 0)
        #expect(try CLIRunner.run(["check"], directory: root).status == 0)
    }

    /// Without a configuration a valueless `--write-baseline` writes digraph-baseline.json.
    @Test func aValuelessWriteBaselineWithoutAConfigurationWritesTheDefault() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-day-one-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent("fixtures/broken/cycle.yaml"), to: root.appendingPathComponent("app.yaml"))
        let written = try CLIRunner.run(["check", "app.yaml", "--write-baseline"], directory: root)
        #expect(written.status == 0)
        #expect(
            written.stderr
                == "digraph: wrote 1 finding to digraph-baseline.json; from now on run with --baseline digraph-baseline.json, or name it in .digraph.yml (`baseline: digraph-baseline.json` under `check:`)\n"
        )
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("digraph-baseline.json").path))
    }
}
