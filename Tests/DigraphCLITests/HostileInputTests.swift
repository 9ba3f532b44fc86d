import Foundation
import Testing

/// Every file of the hostile corpus ends in exit 2 with a located schema error: never a crash,
/// a hang or an unlocated message. A hang is caught by the runner's time limit; how fast these
/// files are read is measured in the benchmarks, not here, where a loaded CI machine makes any
/// small limit flaky.
struct HostileInputTests {
    static let corpus: [String] = {
        let directory = CLIRunner.packageRoot.appendingPathComponent("fixtures/broken/hostile")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasSuffix(".py") }.sorted()
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.corpus.count >= 30)
    }

    @Test(arguments: corpus)
    func hostileFileIsRejectedWithALocation(_ name: String) throws {
        let path = "fixtures/broken/hostile/\(name)"
        let result = try CLIRunner.run(["check", path], timeout: 60)
        #expect(result.status == 2, "\(name): \(result.stdout)\(result.stderr)")
        #expect(result.stderr == "")
        let firstLine = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        let located = try Regex("^\(NSRegularExpression.escapedPattern(for: path)):[0-9]+:[0-9]+: error: .+ \\[schema\\]$")
        #expect(firstLine.wholeMatch(of: located) != nil, "\(name): \(firstLine.prefix(300))")
        #expect(result.stdout.utf8.count < 10_000, "messages quote at most a short prefix of a value")
        #expect(!result.stdout.contains("\u{1B}"), "no raw control characters reach the terminal")
    }
}

/// Input paths are as hostile as contents: a file name may carry a newline, an escape sequence
/// or a workflow command; a path may be a FIFO or a link loop; a file may hold a million mistakes.
@Suite(.serialized)
struct HostileInputPathTests {
    func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static let missingBinding = """
        version: 1
        registrations:
          - provides: A
            dependencies:
              b: B

        """

    @Test func aFileNameCannotInjectLinesOrEscapesIntoTheTextReport() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "x\n::error file=evil.swift::owned\u{1B}[2J\u{202E}.yaml"
        try Self.missingBinding.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        for format in ["text", "github"] {
            let result = try CLIRunner.run(["check", name, "--format", format], directory: directory)
            #expect(result.status == 1)
            #expect(!result.stdout.contains("\u{1B}"))
            #expect(!result.stdout.contains("\u{202E}"))
            for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(!line.hasPrefix("::error file=evil"), "\(format): \(line)")
            }
        }
        let text = try CLIRunner.run(["check", name], directory: directory)
        #expect(
            text.stdout.hasPrefix(
                #"x\n::error file=evil.swift::owned\u{1B}[2J\u{202E}.yaml:5:7: error: nothing provides 'B', needed by 'A' (parameter 'b') [missing-binding]"#))
    }

    /// A read that waits on a FIFO never returns: the timeout (a minute, so that a loaded CI
    /// machine is no failure; 10 s failed once there) catches the hang.
    @Test func aFIFOOrALinkLoopGivenAsAManifestIsRefusedWithoutWaiting() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(mkfifo(directory.appendingPathComponent("pipe.yaml").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("loop.yaml").path, withDestinationPath: "loop.yaml")
        let fifo = try CLIRunner.run(["check", "pipe.yaml"], timeout: 60, directory: directory)
        #expect(fifo.status == 2)
        #expect(fifo.stdout.hasPrefix("pipe.yaml:1:1: error: is not a regular file (a FIFO, a device or a socket); give the path of a file [schema]\n"))
        let loop = try CLIRunner.run(["check", "loop.yaml"], timeout: 60, directory: directory)
        #expect(loop.status == 2)
        #expect(loop.stdout.hasPrefix("loop.yaml:1:1: error: cannot read the file: it is a symbolic link that leads back to itself [schema]\n"))
        let swift = try CLIRunner.run(["import", "loop.yaml", directory.appendingPathComponent("pipe.yaml").path], timeout: 60, directory: directory)
        #expect(swift.status == 2)
    }

    @Test func aFileOfThousandsOfMistakesReportsTheFirstTwoHundredAndACount() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        var text = "version: 1\nregistrations:\n"
        for index in 0..<1_000 { text += "  - provides: K\(index)\n    lifetime: forever\n" }
        try text.write(to: directory.appendingPathComponent("many.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "many.yaml"], directory: directory)
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 202)
        #expect(lines[200] == "many.yaml:402:15: error: … and 800 more problems in this file, not shown; fix these first [schema]")
    }

    @Test func aNonRegularSwiftInputIsNamedNotRead() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(mkfifo(directory.appendingPathComponent("Pipe.swift").path, 0o644) == 0)
        try "final class A { init() {} }\ncontainer.register(A.self) { _ in A() }\n".write(
            to: directory.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["import", "."], timeout: 60, directory: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  - provides: A\n"))
    }
}
