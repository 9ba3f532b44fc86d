import DigraphCore
import DigraphLoader
import Foundation

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
        // (Swift sources and manifests; not the images and the rest of a tree). `-l` gives each
        // blob's size: one larger than a manifest may be is never read, only its size kept, so the
        // loader refuses it located, as it refuses such a file on disk.
        let listing = try Self.git(["ls-tree", "-r", "-z", "-l", "--full-name", revision, "--"] + paths)
        var entries: [(object: String, path: String)] = []
        var unread: [String: Int] = [:]
        for line in listing.split(separator: "\0") {
            guard let entry = try Self.entry(String(line)), entry.path.hasSuffix(".swift") || ManifestLoader.isManifestName(entry.path) else { continue }
            if entry.size > ManifestLoader.maximumFileSize {
                unread[entry.path] = entry.size
            } else {
                entries.append((entry.object, entry.path))
            }
        }
        let contents = try Self.objects(entries.map(\.object))
        var files: [String: [UInt8]] = [:]
        for (entry, bytes) in zip(entries, contents) { files[entry.path] = [UInt8](bytes) }
        let tree = MemoryTree(files: files, unread: unread, prefix: prefix, root: root)
        self.tree = tree
        existingPaths = paths.filter { tree.kind(of: $0) != .missing }
    }

    /// One `ls-tree -z -l` line, `<mode> <type> <object> <size>\t<path>` (the size padded with
    /// spaces): a regular file to read, nil for what is not one (a submodule), a failure for what
    /// must not be read (a link, a path with `..`, `.` or an empty component, an absolute path),
    /// whatever a crafted commit holds.
    static func entry(_ line: String) throws(Failure) -> (object: String, path: String, size: Int)? {
        guard let tab = line.firstIndex(of: "\t") else { throw Failure(description: "git ls-tree printed a line digraph cannot read") }
        let fields = line[..<tab].split(separator: " ")
        let path = String(line[line.index(after: tab)...])
        guard fields.count == 4 else { throw Failure(description: "git ls-tree printed a line digraph cannot read") }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.hasPrefix("/") || components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            throw Failure(
                description:
                    "the revision's tree holds the path \(PrintableText.escape(path)), which leaves its folder or is not a plain path; digraph does not read such a revision"
            )
        }
        switch fields[0] {
        case "100644", "100755":
            guard let size = Int(fields[3]), size >= 0 else { throw Failure(description: "git ls-tree printed a line digraph cannot read") }
            return (String(fields[2]), path, size)
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
        let finished: ChildProcess.Finished
        do {
            finished = try ChildProcess.run("git", arguments, input: input)
        } catch {
            throw Failure(description: "cannot run git: \(error.description); install git or put it on PATH")
        }
        guard finished.status == 0 else {
            let said = String(decoding: finished.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: failure ?? "git \(arguments.joined(separator: " ")) failed\(said.isEmpty ? "" : ": " + said)")
        }
        return finished.output
    }
}
