import DigraphCore
import DigraphLoader
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Paths as they were at a git revision, read with one `git ls-tree` and one `git cat-file --batch`
/// (no checkout, nothing written): held in memory as a `SourceTree`, so that a check of the revision
/// reads the same paths, spelled the same way, as a check of the working tree.
public struct GitRevision {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The revision's Swift files and manifests, read as if it were checked out here.
    public let tree: MemoryTree
    /// The given paths that exist at the revision (an added manifest has no past).
    public let existingPaths: [String]

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
            throw Failure(
                description: "git knows no commit '\(revision)' in \(root); fetch it first (actions/checkout needs fetch-depth: 0 or the base branch)")
        }
        let root = String(location[0])
        let prefix = location.count > 1 ? String(location[1]) : ""
        // One `ls-tree` for all the paths, one `cat-file --batch` for the files digraph reads
        // (Swift sources and manifests; not the images and the rest of a tree).
        let listing = try Self.git(["ls-tree", "-r", "-z", "--full-name", revision, "--"] + paths)
        var entries: [(object: String, path: String)] = []
        for line in listing.split(separator: "\0") {
            guard let entry = try Self.entry(String(line)), entry.path.hasSuffix(".swift") || ManifestLoader.isManifestName(entry.path) else { continue }
            entries.append(entry)
        }
        let contents = try Self.objects(entries.map(\.object))
        var files: [String: [UInt8]] = [:]
        for (entry, bytes) in zip(entries, contents) { files[entry.path] = [UInt8](bytes) }
        let tree = MemoryTree(files: files, prefix: prefix, root: root)
        self.tree = tree
        existingPaths = paths.filter { tree.kind(of: $0) != .missing }
    }

    /// One `ls-tree -z` line, `<mode> <type> <object>\t<path>`: a regular file to read, nil for
    /// what is not one (a submodule), a failure for what must not be read (a link, a path with
    /// `..`, `.` or an empty component, an absolute path), whatever a crafted commit holds.
    static func entry(_ line: String) throws(Failure) -> (object: String, path: String)? {
        guard let tab = line.firstIndex(of: "\t") else { throw Failure(description: "git ls-tree printed a line digraph cannot read") }
        let fields = line[..<tab].split(separator: " ")
        let path = String(line[line.index(after: tab)...])
        guard fields.count == 3 else { throw Failure(description: "git ls-tree printed a line digraph cannot read") }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.hasPrefix("/") || components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            throw Failure(
                description:
                    "the revision's tree holds the path \(PrintableText.escape(path)), which leaves its folder or is not a plain path; digraph does not read such a revision"
            )
        }
        switch fields[0] {
        case "100644", "100755": return (String(fields[2]), path)
        case "120000":
            throw Failure(
                description:
                    "the revision's tree holds a link at \(PrintableText.escape(path)); digraph reads no links from a revision (one may point anywhere)")
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
                newline + 1 + size <= bytes.endIndex
            else { throw Failure(description: "git cat-file could not read \(id)") }
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
        // late (docs/performance.md, "Thresholds in the code").
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
        defer { for argument in argv { free(argument) } }
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
