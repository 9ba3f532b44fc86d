import Foundation

/// Paths as they were at a git revision, read with `git ls-tree` and `git show` (no checkout):
/// copied into a scratch folder under the same names, so that a check there reports the same
/// paths a check of the working tree does.
public struct GitRevision {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The scratch folder standing for the working directory at the revision; the files not
    /// present at the revision are simply absent.
    public let workingDirectory: String
    /// The given paths that exist at the revision (an added manifest has no past).
    public let existingPaths: [String]
    private let scratch: String

    /// Reads `paths` (relative to the current directory, inside a git work tree) at `revision`.
    public init(_ revision: String, paths: [String]) throws(Failure) {
        guard !revision.hasPrefix("-") else { throw Failure(description: "'\(revision)' is not a revision") }
        let root = try Self.git(["rev-parse", "--show-toplevel"]).trimmingCharacters(in: .newlines)
        let prefix = try Self.git(["rev-parse", "--show-prefix"]).trimmingCharacters(in: .newlines)
        _ = try Self.git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"],
                         failure: "git knows no commit '\(revision)' in \(root); fetch it first (actions/checkout needs fetch-depth: 0 or the base branch)")
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-base-\(UUID().uuidString)").path
        workingDirectory = prefix.isEmpty ? scratch : scratch + "/" + prefix
        var existing: [String] = []
        do {
            try FileManager.default.createDirectory(atPath: workingDirectory, withIntermediateDirectories: true)
            for path in paths {
                let listing = try Self.git(["ls-tree", "-r", "-z", "--full-name", "--name-only", revision, "--", path])
                let files = listing.split(separator: "\0").map(String.init)
                if !files.isEmpty { existing.append(path) }
                for file in files {
                    let target = scratch + "/" + file
                    try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    let bytes = try Self.gitBytes(["show", "\(revision):\(file)"])
                    guard FileManager.default.createFile(atPath: target, contents: bytes) else {
                        throw Failure(description: "cannot write a copy of \(file) in \(scratch)")
                    }
                }
            }
        } catch let failure as Failure {
            try? FileManager.default.removeItem(atPath: scratch)
            throw failure
        } catch {
            try? FileManager.default.removeItem(atPath: scratch)
            throw Failure(description: "cannot copy the revision's files: \(error.localizedDescription)")
        }
        existingPaths = existing
    }

    /// Runs `body` with the revision's copy as the current directory, then removes the copy.
    public func withWorkingDirectory<T>(_ body: () throws -> T) rethrows -> T {
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(workingDirectory)
        defer {
            _ = FileManager.default.changeCurrentDirectoryPath(previous)
            try? FileManager.default.removeItem(atPath: scratch)
        }
        return try body()
    }

    private static func git(_ arguments: [String], failure: String? = nil) throws(Failure) -> String {
        String(decoding: try gitBytes(arguments, failure: failure), as: UTF8.self)
    }

    private static func gitBytes(_ arguments: [String], failure: String? = nil) throws(Failure) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw Failure(description: "cannot run git: \(error.localizedDescription)") }
        // Read stderr beside stdout (a plain dispatch queue, not the cooperative pool), so that a
        // big output cannot stall git on a full pipe.
        let errorBytes = ErrorBytes()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorBytes.data = errors.fileHandleForReading.readDataToEndOfFile() }
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = String(decoding: errorBytes.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: failure ?? "git \(arguments.joined(separator: " ")) failed\(said.isEmpty ? "" : ": " + said)")
        }
        return bytes
    }
}

private final class ErrorBytes: @unchecked Sendable {
    var data = Data()
}
