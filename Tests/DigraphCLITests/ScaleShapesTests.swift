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

    /// Issue 40, items 9 and 10, from Swift: a container type of 2,000 registering methods (238 s
    /// in a debug build of 90bd3d4, killed at 95 s) and 8,000 registrations in one function (65 s
    /// there) take about 3 and 7 s now. 3,000 registrations each handed a local, beside 3,000 types
    /// in the file (about 220 s in a debug build of 543f387), take about 8 s. The shapes and figures
    /// are docs/performance.md's.
    @Test(arguments: [("api", 2000), ("registrations", 8000), ("locals", 3000)])
    func swiftShapesStayNearLinear(_ shape: String, _ count: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-scale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let made = try CLIRunner.runProgram("/bin/sh", ["-c", "python3 scripts/synth-shapes.py \(shape) \(count) > '\(directory.path)/App.swift'"])
        #expect(made.status == 0, "\(made.stderr)")
        let result = try CLIRunner.run(["check", "App.swift"], timeout: 40, directory: directory)
        #expect(result.status == 0, "\(shape): \(result.stderr.prefix(500))")
        let registrations = shape == "api" ? 1 : count
        #expect(result.stderr.hasPrefix("digraph: read 1 Swift file: \(registrations) registration"), "\(result.stderr.prefix(300))")
    }
}
