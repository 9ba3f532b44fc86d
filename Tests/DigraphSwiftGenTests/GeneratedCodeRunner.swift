import DigraphCore
import DigraphLoader
import DigraphSwiftGen
import Foundation
import Testing

/// Compiles generated code with stubs and a behaviour program, and runs it.
enum GeneratedCodeRunner {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func plan(_ paths: [String], keysHoldArguments: Bool = false) throws -> GenerationPlan {
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(packageRoot.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let loaded = ManifestLoader.load(files: paths)
        let graph = try #require(loaded.graph, "\(loaded.diagnostics)")
        return try GenerationPlan(graph: graph, keysHoldArguments: keysHoldArguments)
    }

    struct Run {
        var compilerOutput: String
        var compiled: Bool
        var output: String
        var status: Int32
    }

    /// `swiftc -swift-version 6 -warnings-as-errors` on the files, then runs the program.
    static func compileAndRun(files: [String: String], name: String, optimize: Bool = false, flags: [String] = []) throws -> Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-gen-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (file, text) in files { try text.write(to: directory.appendingPathComponent(file), atomically: true, encoding: .utf8) }
        let executable = directory.appendingPathComponent("program")
        let sources = files.keys.sorted().map { directory.appendingPathComponent($0).path }
        let compile = try run(
            "/usr/bin/env",
            ["swiftc", "-swift-version", "6", "-warnings-as-errors", optimize ? "-O" : "-Onone"] + flags + [
                "-module-name", "Generated", "-o", executable.path,
            ] + sources)
        guard compile.status == 0 else { return Run(compilerOutput: compile.output, compiled: false, output: "", status: compile.status) }
        let program = try run(executable.path, [])
        return Run(compilerOutput: compile.output, compiled: true, output: program.output, status: program.status)
    }

    /// `swift build` or `swift test` on a package under `work`: SwiftPM leaves `TemporaryDirectory.*`
    /// folders in the temporary directory on every run, so it is given one of its own under `work`,
    /// emptied before each run, not the machine's `/tmp`.
    static func swiftPM(_ arguments: [String], work: URL) throws -> (status: Int32, output: String) {
        let temporary = work.appendingPathComponent("tmp")
        try? FileManager.default.removeItem(at: temporary)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        return try run("/usr/bin/env", ["swift"] + arguments, environment: ["TMPDIR": temporary.path])
    }

    static func run(
        _ executable: String, _ arguments: [String], directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The shared part of every behaviour program: named checks, a non-zero exit on any failure.
    static let checks = """
        import Foundation

        nonisolated(unsafe) var failures = 0
        func check(_ condition: Bool, _ name: String) {
            print(condition ? "ok: \\(name)" : "FAILED: \\(name)")
            if !condition { failures += 1 }
        }

        """
}
