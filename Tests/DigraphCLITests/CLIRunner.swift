import Foundation
import Testing

/// Runs the built `digraph` binary from the package root, as a user would.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The products are built next to the test bundle.
    static let buildDirectory: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if directory.lastPathComponent == "MacOS" { directory = directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
        return directory
    }()

    static func executable(_ name: String) -> URL { buildDirectory.appendingPathComponent(name) }

    /// Whether this build has the Graphviz trait, so `render` draws PNG, SVG, PDF and JSON.
    static let drawsPictures: Bool = {
        #if Graphviz
            true
        #else
            false
        #endif
    }()

    /// Runs `digraph arguments…`; a run that outlives `timeout` is killed and recorded as an issue.
    static func run(
        _ arguments: [String], program: String = "digraph", environment: [String: String] = [:],
        timeout: Double = 60, directory: URL = packageRoot
    ) throws -> Result {
        try runProgram(executable(program).path, arguments, environment: environment, timeout: timeout, directory: directory)
    }

    static func runProgram(
        _ path: String, _ arguments: [String], environment: [String: String] = [:],
        timeout: Double = 60, directory: URL = packageRoot
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice

        let collected = Collected()
        let group = DispatchGroup()
        for (pipe, isOut) in [(out, true), (err, false)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(data, isOut: isOut)
                group.leave()
            }
        }
        let start = Date()
        try process.run()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            finished.signal()
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            Issue.record("digraph \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
            finished.wait()
        }
        group.wait()
        let seconds = Date().timeIntervalSince(start)
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: collected.stdout, as: UTF8.self),
            stderr: String(decoding: collected.stderr, as: UTF8.self),
            seconds: seconds)
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var stdout = Data()
        private(set) var stderr = Data()
        func set(_ data: Data, isOut: Bool) {
            lock.lock()
            defer { lock.unlock() }
            if isOut { stdout = data } else { stderr = data }
        }
    }

    static func expected(_ name: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("Tests/DigraphCLITests/Expected/\(name)"), encoding: .utf8)
    }
}
