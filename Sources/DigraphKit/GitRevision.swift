import DigraphCore
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
            // One `ls-tree` for every path, one `cat-file --batch` for every file: two git processes.
            var entries: [(object: String, path: String)] = []
            for path in paths {
                let listing = try Self.git(["ls-tree", "-r", "-z", "--full-name", revision, "--", path])
                let found = try listing.split(separator: "\0").map { try Self.entry(String($0)) }.compactMap { $0 }
                if !found.isEmpty { existing.append(path) }
                entries += found
            }
            let contents = try Self.objects(entries.map(\.object))
            for (entry, bytes) in zip(entries, contents) {
                // A path from the commit is data: validated in `entry`, and checked again here to stay inside the copy.
                let target = URL(fileURLWithPath: scratch + "/" + entry.path).standardizedFileURL.path
                guard target.hasPrefix(scratch + "/") else {
                    throw Failure(description: "the revision's tree holds \(PrintableText.escape(entry.path)), a path leaving the copy; it is not read")
                }
                try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                guard FileManager.default.createFile(atPath: target, contents: bytes) else {
                    throw Failure(description: "cannot write a copy of \(PrintableText.escape(entry.path)) in \(scratch)")
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

    /// One `ls-tree -z` line, `<mode> <type> <object>\t<path>`: a regular file to copy, nil for
    /// what is not one (a submodule), a failure for what must not be copied (a link, a path with
    /// `..`, `.` or an empty component, an absolute path), whatever a crafted commit holds.
    static func entry(_ line: String) throws(Failure) -> (object: String, path: String)? {
        guard let tab = line.firstIndex(of: "\t") else { throw Failure(description: "git ls-tree printed a line digraph cannot read") }
        let fields = line[..<tab].split(separator: " ")
        let path = String(line[line.index(after: tab)...])
        guard fields.count == 3 else { throw Failure(description: "git ls-tree printed a line digraph cannot read") }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.hasPrefix("/") || components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            throw Failure(description: "the revision's tree holds the path \(PrintableText.escape(path)), which leaves its folder or is not a plain path; digraph does not read such a revision")
        }
        switch fields[0] {
        case "100644", "100755": return (String(fields[2]), path)
        case "120000": throw Failure(description: "the revision's tree holds a link at \(PrintableText.escape(path)); digraph reads no links from a revision (it would follow it out of the copy)")
        default: return nil
        }
    }

    /// The contents of git objects, in order, from one `git cat-file --batch`.
    private static func objects(_ ids: [String]) throws(Failure) -> [Data] {
        guard !ids.isEmpty else { return [] }
        let bytes = try gitBytes(["cat-file", "--batch"], input: Data(ids.map { $0 + "\n" }.joined().utf8))
        var contents: [Data] = []
        var offset = bytes.startIndex
        for id in ids {
            guard let newline = bytes[offset...].firstIndex(of: 0x0A) else { throw Failure(description: "git cat-file stopped before \(id)") }
            let header = String(decoding: bytes[offset..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, header[1] == "blob", let size = Int(header[2]), size >= 0,
                  newline + 1 + size <= bytes.endIndex else { throw Failure(description: "git cat-file could not read \(id)") }
            contents.append(bytes[(newline + 1)..<(newline + 1 + size)])
            offset = newline + 1 + size + 1
        }
        return contents
    }

    private static func git(_ arguments: [String], failure: String? = nil) throws(Failure) -> String {
        String(decoding: try gitBytes(arguments, failure: failure), as: UTF8.self)
    }

    /// Runs git, handing it `input` on standard input when given.
    private static func gitBytes(_ arguments: [String], input: Data? = nil, failure: String? = nil) throws(Failure) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe(), errors = Pipe(), request = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : request
        do { try process.run() } catch { throw Failure(description: "cannot run git: \(error.localizedDescription)") }
        // Write stdin and read stderr beside stdout (a plain dispatch queue, not the cooperative
        // pool), so that no pipe fills up and stalls git.
        let errorBytes = ErrorBytes()
        let group = DispatchGroup()
        if let input {
            DispatchQueue.global().async(group: group) {
                request.fileHandleForWriting.write(input)
                try? request.fileHandleForWriting.close()
            }
        }
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
