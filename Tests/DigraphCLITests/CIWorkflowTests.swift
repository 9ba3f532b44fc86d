import Foundation
import Testing

/// The CI workflow the README shows (docs/ci/digraph.yml) is run as written: its adoption command
/// and every step after the `digraph-ci-test` marker, with bash as GitHub runs it, in a small
/// project. The job passes on the adopted app and fails on a new problem.
@Suite(.serialized)
struct CIWorkflowTests {
    static let workflowPath = CLIRunner.packageRoot.appendingPathComponent("docs/ci/digraph.yml")
    static let configurationPath = CLIRunner.packageRoot.appendingPathComponent("docs/ci/.digraph.yml")

    /// The `run:` commands after the marker, and the adoption command from the header comment.
    static func commands() throws -> (adoption: String, steps: [String]) {
        let text = try String(contentsOf: workflowPath, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let adoption = try #require(lines.first { $0.hasPrefix("#   digraph ") }).dropFirst(4)
        let marker = try #require(lines.firstIndex { $0.contains("# digraph-ci-test") })
        let steps = lines[marker...].compactMap { line -> String? in
            guard let range = line.range(of: "run: ") else { return nil }
            return String(line[range.upperBound...])
        }
        return (String(adoption), steps)
    }

    func run(_ command: String, in project: URL) throws -> CLIRunner.Result {
        try CLIRunner.runProgram(
            "/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", command],
            environment: [
                "PATH": CLIRunner.buildDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "GITHUB_WORKSPACE": project.path,
            ],
            directory: project)
    }

    /// Nothing a team must discover: no placeholder repository, the permission SARIF's upload needs,
    /// digraph downloaded (checked, cached) rather than built, and the diff's paths from .digraph.yml.
    @Test func theTemplatesNeedNoEditing() throws {
        let check = try String(contentsOf: Self.workflowPath, encoding: .utf8)
        let diff = try String(contentsOf: DiffWorkflowTests.workflowPath, encoding: .utf8)
        for workflow in [check, diff] {
            #expect(!workflow.contains("your-org") && !workflow.contains("swift build"))
            #expect(workflow.contains("sha256sum --check") && workflow.contains("actions/cache@v4"))
        }
        #expect(check.contains("permissions:\n  contents: read\n  security-events: write"))
        #expect(diff.contains("run: digraph diff --base \"origin/$GITHUB_BASE_REF\" --format markdown |"))
        // The asset names are the ones scripts/release writes.
        let release = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("scripts/release"), encoding: .utf8)
        #expect(release.contains(#"name="digraph-$version-$platform-$arch""#) && check.contains(#"name="digraph-$DIGRAPH_VERSION-linux-$(uname -m)""#))
    }

    @Test func theReadmeShowsTheTestedWorkflow() throws {
        let readme = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let workflow = try String(contentsOf: Self.workflowPath, encoding: .utf8)
        #expect(readme.contains("```yaml\n" + workflow + "```\n"))
        let configuration = try String(contentsOf: Self.configurationPath, encoding: .utf8)
        #expect(readme.contains("```yaml\n" + configuration + "```\n"))
    }

    @Test func theWorkflowPassesOnTheAdoptedAppAndFailsOnANewProblem() throws {
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-ci-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: project) }
        try FileManager.default.createDirectory(at: project.appendingPathComponent("DI"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: project.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.configurationPath, to: project.appendingPathComponent(".digraph.yml"))
        // An existing app with one accepted captive dependency.
        let manifest = project.appendingPathComponent("DI/app.yaml")
        try
            (try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("fixtures/popcorn/manifest.yaml"), encoding: .utf8)
            + "  - provides: Clock\n  - provides: Scheduler\n    lifetime: singleton\n    dependencies:\n      clock: Clock\n")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let (adoption, steps) = try Self.commands()
        #expect(steps.count == 3)
        #expect(try run("digraph gen-swift", in: project).status == 0)
        let adopted = try run(adoption, in: project)
        #expect(adopted.status == 0, "\(adopted.stderr)")
        #expect(adopted.stderr == "digraph: wrote 1 finding to digraph-baseline.json; from now on `digraph check` fails only on findings not in it\n")

        for step in steps {
            let result = try run(step, in: project)
            #expect(result.status == 0, "\(step): \(result.stdout)\(result.stderr)")
        }
        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: project.appendingPathComponent("digraph.sarif"))) as? [String: Any]
        #expect(sarif?["version"] as? String == "2.1.0")

        // A pull request adds a second captive: the check fails with an annotation on the manifest.
        try (try String(contentsOf: manifest, encoding: .utf8) + "  - provides: Poller\n    lifetime: singleton\n    dependencies:\n      clock: Clock\n")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let check = try run(steps[0], in: project)
        #expect(check.status == 1)
        #expect(check.stdout.contains("\n::warning file=DI/app.yaml,line="), "\(check.stdout)")
        #expect(check.stdout.contains("singleton 'Poller' holds transient 'Clock'"))
        #expect(!check.stdout.contains("'Scheduler' holds"), "the baselined finding stays quiet")
        #expect(try run(steps[1], in: project).status == 0, "the SARIF step passes findings on to code scanning")
        let stale = try run(steps[2], in: project)
        #expect(stale.status == 1)
        #expect(stale.stderr.hasPrefix("digraph: Sources/App/Container.swift is stale"))
        // A team that checks Swift sources and generates nothing: every step passes, the last says why.
        try "manifests: [App]\ncheck:\n  strict: true\n".write(to: project.appendingPathComponent(".digraph.yml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: project.appendingPathComponent("App"), withIntermediateDirectories: true)
        try "import Swinject\nfunc assemble(container: Container) { container.register(API.self) { _ in API() } }\n"
            .write(to: project.appendingPathComponent("App/DI.swift"), atomically: true, encoding: .utf8)
        for step in steps {
            let result = try run(step, in: project)
            #expect(result.status == 0, "\(step): \(result.stdout)\(result.stderr)")
        }
        #expect(try run(steps[2], in: project).stdout == "digraph: .digraph.yml lists no gen-swift outputs; nothing generated to compare\n")
        try FileManager.default.copyItem(at: Self.configurationPath, to: project.appendingPathComponent("config.yml"))
        try FileManager.default.removeItem(at: project.appendingPathComponent(".digraph.yml"))
        try FileManager.default.moveItem(at: project.appendingPathComponent("config.yml"), to: project.appendingPathComponent(".digraph.yml"))
        // Unusable input fails even the SARIF step.
        try "version: [".write(to: manifest, atomically: true, encoding: .utf8)
        #expect(try run(steps[1], in: project).status != 0)
    }
}

/// The diff job (docs/ci/digraph-diff.yml, shown in the README): its digraph step runs as written
/// in a repository whose pull request adds a cycle; the summary gets the Markdown and the step fails.
@Suite(.serialized)
struct DiffWorkflowTests {
    static let workflowPath = CLIRunner.packageRoot.appendingPathComponent("docs/ci/digraph-diff.yml")

    @Test func theReadmeShowsTheDiffJobAndItsDigraphStepRunsAsWritten() throws {
        let workflow = try String(contentsOf: Self.workflowPath, encoding: .utf8)
        let readme = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```yaml\n" + workflow + "```\n"))
        let lines = workflow.split(separator: "\n").map(String.init)
        let marker = try #require(lines.firstIndex { $0.contains("# digraph-diff-test") })
        let steps = lines[marker...].compactMap { line in line.range(of: "run: ").map { String(line[$0.upperBound...]) } }
        #expect(steps.count == 2)
        let step = try #require(steps.first { $0.hasPrefix("digraph diff") })

        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-diff-ci-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: repository) }
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("DI"), withIntermediateDirectories: true)
        func shell(_ command: String, environment: [String: String] = [:]) throws -> CLIRunner.Result {
            try CLIRunner.runProgram(
                "/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", command],
                environment: environment.merging([
                    "PATH": CLIRunner.buildDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
                ]) { $1 },
                directory: repository)
        }
        try FileManager.default.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent("fixtures/diff/base.yaml"), to: repository.appendingPathComponent("DI/app.yaml"))
        // The paths compared come from the repository's configuration, not from the workflow.
        try "manifests: [DI]\n".write(to: repository.appendingPathComponent(".digraph.yml"), atomically: true, encoding: .utf8)
        let setUp = try shell(
            "git init -q && git add . && git -c user.name=t -c user.email=t@example.com commit -qm base && git update-ref refs/remotes/origin/main HEAD")
        #expect(setUp.status == 0, "\(setUp.stderr)")
        try FileManager.default.removeItem(at: repository.appendingPathComponent("DI/app.yaml"))
        try FileManager.default.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent("fixtures/diff/head.yaml"), to: repository.appendingPathComponent("DI/app.yaml"))

        let summary = repository.appendingPathComponent("summary.md")
        let result = try shell(step, environment: ["GITHUB_BASE_REF": "main", "GITHUB_STEP_SUMMARY": summary.path])
        #expect(result.status == 1, "the pull request adds a cycle: \(result.stderr)")
        let written = try String(contentsOf: summary, encoding: .utf8)
        #expect(written.hasPrefix("### digraph diff\n\n2 registrations added, 1 removed, 5 changed;"))
        #expect(written.contains("```mermaid\nflowchart LR\n"))
        #expect(written.contains("| error | cycle | DI/app.yaml:8:5 |"))
        #expect(try String(contentsOf: repository.appendingPathComponent("digraph-diff.md"), encoding: .utf8) == written, "the comment's body")
    }
}
