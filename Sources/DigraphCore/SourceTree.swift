import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command reads its input from: the disk, or the files of a git revision held in memory.
/// Paths are spelled as the user gives them (relative to the working directory, or absolute), and
/// findings keep that spelling whichever tree the files came from.
public protocol SourceTree: Sendable {
    /// What `path` is, following symbolic links.
    func kind(of path: String) -> InputFile.Kind
    /// What a folder walk finds at `path`, a symbolic link not followed.
    func entry(at path: String) -> InputFile.Entry
    /// The names in a folder, in no particular order; nil when it cannot be read.
    func names(in folder: String) -> [String]?
    /// A regular file's bytes, at most `limit` of them; nil when it cannot be read.
    func contents(of path: String, limit: Int) -> [UInt8]?
    /// A regular file's size in bytes, known before it is read; nil when it is not known.
    func size(of path: String) -> Int?
    /// The absolute path with every symbolic link followed; nil when it cannot be resolved or the
    /// tree has no links.
    func realPath(of path: String) -> String?
}

extension SourceTree {
    /// Whether a symbolic link found while walking `folder` leads outside what the walk may read:
    /// the repository holding the folder (the nearest folder above it with `.git`), else the folder.
    /// A file someone else controls (`../../.ssh/…`, `/etc/…`) is then never read, nor quoted.
    public func linkLeavesRepository(_ link: String, walking folder: String) -> Bool {
        guard let root = realPath(of: folder) else { return false }
        guard let target = realPath(of: link) else { return false }
        let boundary = InputFile.repositoryRoot(containing: root) ?? root
        return !(target == boundary || target.hasPrefix(boundary == "/" ? "/" : boundary + "/"))
    }
}

extension SourceTree {
    /// A regular file's bytes; nil when it cannot be read.
    public func contents(of path: String) -> [UInt8]? { contents(of: path, limit: .max) }
}

extension InputFile {
    /// What a walk sees in a folder.
    public enum Entry: Equatable, Sendable {
        case regularFile, directory, link, other, missing
    }
}

/// The files on disk. A relative path is read from `folder` when one is given (the project's root
/// for a configured import), else from the working directory; the paths stay spelled as given.
public struct DiskTree: SourceTree {
    private let folder: String?

    public init(folder: String? = nil) {
        self.folder = folder
    }

    /// Where `path` is on disk, from the working directory.
    public func diskPath(of path: String) -> String {
        guard let folder, !path.hasPrefix("/") else { return path }
        return path == "." ? folder : folder + "/" + path
    }

    public func kind(of path: String) -> InputFile.Kind { InputFile.kind(of: diskPath(of: path)) }

    public func entry(at path: String) -> InputFile.Entry {
        // lstat: Foundation's attributesOfItem also lists extended attributes, per file.
        var status = stat()
        guard lstat(diskPath(of: path), &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFLNK: return .link
        case S_IFDIR: return .directory
        case S_IFREG: return .regularFile
        default: return .other
        }
    }

    public func names(in folder: String) -> [String]? { try? FileManager.default.contentsOfDirectory(atPath: diskPath(of: folder)) }

    public func realPath(of path: String) -> String? {
        guard let resolved = realpath(diskPath(of: path), nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public func size(of path: String) -> Int? {
        var status = stat()
        guard stat(diskPath(of: path), &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    public func contents(of path: String, limit: Int) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: diskPath(of: path)) else { return nil }
        defer { try? handle.close() }
        do {
            // Both return nil at the end of the file: an empty file is no bytes, not unreadable.
            let data = try limit == .max ? handle.readToEnd() : handle.read(upToCount: limit)
            return [UInt8](data ?? Data())
        } catch {
            return nil
        }
    }
}

/// Files held in memory by their path from a repository's root (`Sources/App/Main.swift`), read
/// as if the working directory were `prefix` inside that repository (`""` for its root).
/// Folders are the ones the files' paths name; there are no links. A file too large to be read
/// is held as its size alone: it is there, and reading it gives nothing.
public struct MemoryTree: SourceTree {
    private let files: [String: [UInt8]]
    private let unread: [String: Int]
    private let folders: [String: Set<String>]
    private let prefix: [Substring]
    /// The repository's root on disk: an absolute path inside it is read from the tree too.
    private let root: String

    public init(files: [String: [UInt8]], unread: [String: Int] = [:], prefix: String, root: String) {
        self.files = files
        self.unread = unread
        var folders: [String: Set<String>] = ["": []]
        for path in Array(files.keys) + Array(unread.keys) {
            var components = path.split(separator: "/")
            while let name = components.popLast() {
                let folder = components.joined(separator: "/")
                guard folders[folder, default: []].insert(String(name)).inserted else { break }
            }
        }
        self.folders = folders
        self.prefix = prefix.split(separator: "/")
        self.root = root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    /// The path from the repository's root, nil for one outside it. An absolute path starts from
    /// the root, a relative one from `prefix`; both resolve `.` and `..` as the disk does.
    private func located(_ path: String) -> String? {
        var components: [Substring]
        let rest: Substring
        if path.hasPrefix("/") {
            guard path == root || path.hasPrefix(root + "/") else { return nil }
            (components, rest) = ([], path.dropFirst(root.count))
        } else {
            (components, rest) = (prefix, path[...])
        }
        for component in rest.split(separator: "/") where component != "." {
            if component == ".." {
                guard !components.isEmpty else { return nil }
                components.removeLast()
            } else {
                components.append(component)
            }
        }
        return components.joined(separator: "/")
    }

    public func kind(of path: String) -> InputFile.Kind {
        guard let located = located(path) else { return .missing }
        if files[located] != nil || unread[located] != nil { return .regularFile }
        return folders[located] != nil ? .directory : .missing
    }

    public func entry(at path: String) -> InputFile.Entry {
        switch kind(of: path) {
        case .regularFile: .regularFile
        case .directory: .directory
        default: .missing
        }
    }

    public func names(in folder: String) -> [String]? { located(folder).flatMap { folders[$0] }.map(Array.init) }

    public func contents(of path: String, limit: Int) -> [UInt8]? { located(path).flatMap { files[$0] }.map { Array($0.prefix(limit)) } }

    public func size(of path: String) -> Int? { located(path).flatMap { files[$0]?.count ?? unread[$0] } }

    public func realPath(of path: String) -> String? { nil }
}
