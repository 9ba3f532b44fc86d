import DigraphCore
import DigraphLoader
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// What the copy made, removed by `removeCopy` (Foundation's recursive removal stats and lists
    /// attributes of everything: about 0.6 s of system time for a few hundred files).
    private let madeFiles: [String]
    private let madeFolders: [String]

    /// Reads `paths` (relative to the current directory, inside a git work tree) at `revision`.
    public init(_ revision: String, paths: [String]) throws(Failure) {
        guard !revision.hasPrefix("-") else { throw Failure(description: "'\(revision)' is not a revision") }
        // One `rev-parse` for where we are and whether the commit exists; a second only to say
        // which of the two failed.
        let location: [Substring]
        do {
            location = try Self.git(["rev-parse", "--show-toplevel", "--show-prefix", "--verify", "--quiet", revision + "^{commit}"])
                .split(separator: "\n", omittingEmptySubsequences: false)
        } catch {
            let root = try Self.git(["rev-parse", "--show-toplevel"]).trimmingCharacters(in: .newlines)
            throw Failure(description: "git knows no commit '\(revision)' in \(root); fetch it first (actions/checkout needs fetch-depth: 0 or the base branch)")
        }
        let prefix = location.count > 1 ? String(location[1]) : ""
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-base-\(UUID().uuidString)").path
        workingDirectory = prefix.isEmpty ? scratch : scratch + "/" + prefix
        var existing: [String] = []
        var files: [String] = [], created: [String] = []
        var seen = Set<String>()
        do {
            try FileManager.default.createDirectory(atPath: workingDirectory, withIntermediateDirectories: true)
            // One `ls-tree` for all the paths, one `cat-file --batch` for the files digraph reads
            // (Swift sources and manifests; not the images and the rest of a tree).
            let listing = try Self.git(["ls-tree", "-r", "-z", "--full-name", revision, "--"] + paths)
            let entries = try listing.split(separator: "\0").map { try Self.entry(String($0)) }.compactMap { $0 }
                .filter { $0.path.hasSuffix(".swift") || ManifestLoader.isManifestName($0.path) }
            for path in paths {
                // `ls-tree` names files from the repository's root; a given path is relative to here.
                var components: [Substring] = []
                for component in (prefix + path).split(separator: "/") where component != "." {
                    if component == "..", !components.isEmpty { components.removeLast() } else { components.append(component) }
                }
                let spelled = components.joined(separator: "/")
                if entries.contains(where: { spelled.isEmpty || $0.path == spelled || $0.path.hasPrefix(spelled + "/") }) { existing.append(path) }
            }
            let contents = try Self.objects(entries.map(\.object))
            for (entry, bytes) in zip(entries, contents) {
                // A path from the commit is data: validated in `entry`, and checked again here to stay inside the copy.
                let target = URL(fileURLWithPath: scratch + "/" + entry.path).standardizedFileURL.path
                guard target.hasPrefix(scratch + "/") else {
                    throw Failure(description: "the revision's tree holds \(PrintableText.escape(entry.path)), a path leaving the copy; it is not read")
                }
                // Each folder once, with mkdir: Foundation's createDirectory stats and lists
                // attributes of every level for every file.
                var folder = scratch
                for component in entry.path.split(separator: "/").dropLast() {
                    folder += "/" + component
                    guard seen.insert(folder).inserted else { continue }
                    if mkdir(folder, 0o755) == 0 { created.append(folder) } else if errno != EEXIST {
                        throw Failure(description: "cannot write a copy of \(PrintableText.escape(entry.path)) in \(scratch)")
                    }
                }
                // A plain write: `createFile` writes atomically, with an fsync per file, which was most
                // of `diff --base` on an app of a few hundred files. The copy is scratch.
                guard Self.writeScratch(bytes, to: target) else {
                    throw Failure(description: "cannot write a copy of \(PrintableText.escape(entry.path)) in \(scratch)")
                }
                files.append(target)
            }
        } catch let failure as Failure {
            Self.remove(files: files, folders: created, scratch: scratch)
            throw failure
        } catch {
            Self.remove(files: files, folders: created, scratch: scratch)
            throw Failure(description: "cannot copy the revision's files: \(error.localizedDescription)")
        }
        existingPaths = existing
        madeFiles = files
        madeFolders = created
    }

    /// Creates `path` (never replacing anything) and writes `bytes`: no fsync, no rename.
    private static func writeScratch(_ bytes: Data, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// Runs `body` with the revision's copy as the current directory, then removes the copy.
    public func withWorkingDirectory<T>(_ body: () throws -> T) rethrows -> T {
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(workingDirectory)
        defer {
            _ = FileManager.default.changeCurrentDirectoryPath(previous)
            Self.remove(files: madeFiles, folders: madeFolders, scratch: scratch)
        }
        return try body()
    }

    /// Removes what the copy made: its files and folders (children first) directly, then the
    /// scratch folder, by then nearly empty, with Foundation.
    private static func remove(files: [String], folders: [String], scratch: String) {
        for file in files { unlink(file) }
        for folder in folders.reversed() { rmdir(folder) }   // made parents first
        try? FileManager.default.removeItem(atPath: scratch)
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
        // posix_spawn and waitpid, not Foundation's Process: on Linux it notices a child's exit
        // only about 0.1 s later, which was most of `diff --base` on a small app.
        var output: [Int32] = [0, 0], errors: [Int32] = [0, 0], request: [Int32] = [0, 0]
        guard pipe(&output) == 0, pipe(&errors) == 0, pipe(&request) == 0 else { throw Failure(description: "cannot run git: no pipe") }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input == nil {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, request[0], 0)
        }
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for descriptor in [output[0], output[1], errors[0], errors[1], request[0], request[1]] {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = (["git"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "git", &actions, nil, argv, environ)
        for descriptor in [output[1], errors[1], request[0]] { close(descriptor) }
        guard spawned == 0 else {
            for descriptor in [output[0], errors[0], request[1]] { close(descriptor) }
            throw Failure(description: "cannot run git: \(String(cString: strerror(spawned))); install git or put it on PATH")
        }
        // Write stdin and read stderr beside stdout (a plain dispatch queue, not the cooperative
        // pool), so that no pipe fills up and stalls git.
        let errorBytes = ErrorBytes()
        let group = DispatchGroup()
        let writer = request[1], errorReader = errors[0]
        if let input {
            DispatchQueue.global().async(group: group) {
                FileHandle(fileDescriptor: writer, closeOnDealloc: true).write(input)
            }
        } else {
            close(writer)
        }
        DispatchQueue.global().async(group: group) {
            errorBytes.data = FileHandle(fileDescriptor: errorReader, closeOnDealloc: true).readDataToEndOfFile()
        }
        let bytes = FileHandle(fileDescriptor: output[0], closeOnDealloc: true).readDataToEndOfFile()
        group.wait()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        // Exited normally with 0: WIFEXITED and WEXITSTATUS, spelled out (Glibc's macros are not imported).
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            let said = String(decoding: errorBytes.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: failure ?? "git \(arguments.joined(separator: " ")) failed\(said.isEmpty ? "" : ": " + said)")
        }
        return bytes
    }
}

private final class ErrorBytes: @unchecked Sendable {
    var data = Data()
}
