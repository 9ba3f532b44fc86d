import Foundation
import Testing

/// Long work shows progress on a terminal (a counter in place, cleared at the end), never when
/// stderr is piped or in a CI log. The terminal is `script`'s pseudo-terminal.
struct ProgressTests {
    @Test func readingABigManifestShowsACounterOnATerminalOnly() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-progress-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let manifest = folder.appendingPathComponent("big.yaml")
        let synthesized = try CLIRunner.run(["15000"], program: "digraph-synth")
        try synthesized.stdout.write(to: manifest, atomically: true, encoding: .utf8)

        let piped = try CLIRunner.run(["check", manifest.path], timeout: 120)
        #expect(piped.status == 0)
        #expect(!piped.stderr.contains("reading") && !piped.stdout.contains("reading"), "\(piped.stderr)")

        let command = "\(CLIRunner.executable("digraph").path) check \(manifest.path)"
        let terminal = try CLIRunner.runProgram("/usr/bin/script", ["-qec", command, "/dev/null"], timeout: 120)
        #expect(terminal.status == 0)
        // The message, then the line cleared before the report: nothing of it is left on screen.
        #expect(terminal.stdout.contains("digraph: reading and checking…"), "\(terminal.stdout.prefix(300))")
        #expect(terminal.stdout.contains("\r\u{1B}[Kdigraph: checked "), "\(terminal.stdout.suffix(300))")
    }
}
