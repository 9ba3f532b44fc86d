import Foundation
import Testing

/// The shapes that once made a command quadratic (an alias chain held by every singleton, one
/// registration with thousands of dependencies, a long graph-scoped chain, thousands of clashing
/// accessor names, thousands of missing 190-character keys) run through every command. These are
/// hang guards with a generous bound, not timings: docs/performance.md has the figures.
@Suite(.serialized)
struct ScaleShapesTests {
    static let shapes = ["alias-chain", "wide", "graph-chain", "clashing", "long-keys"]

    @Test(arguments: shapes)
    func everyCommandStaysNearLinear(_ shape: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-scale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("\(shape).yaml").path
        // Long keys cost length × limit per comparison in this debug build: fewer of them.
        let count = shape == "long-keys" ? 400 : 3000
        let made = try CLIRunner.runProgram("/bin/sh", ["-c", "python3 scripts/scale-shapes.py \(shape) \(count) > '\(manifest)'"])
        #expect(made.status == 0, "\(made.stderr)")
        for command in [["check"], ["gen-swift"], ["render", "--dot", "-o", "-"]] {
            let result = try CLIRunner.run(command + [manifest], timeout: 90)
            #expect([0, 1].contains(result.status), "\(command) \(shape): \(result.stderr.prefix(500))")
            // A finding per holder, not a note per holder per hop: the report stays proportional.
            #expect(result.stdout.utf8.count + result.stderr.utf8.count < 20_000_000, "\(command) \(shape)")
        }
    }
}
