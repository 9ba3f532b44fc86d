#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What kind of thing an input path is, asked before opening it: opening a FIFO blocks until
/// someone writes to it, and a symbolic link loop or a device is no manifest or source file.
public enum InputFile {
    public enum Kind: Equatable, Sendable {
        case regularFile, directory
        case missing, linkLoop, notPermitted
        /// A FIFO, a device or a socket.
        case special
    }

    public static func kind(of path: String) -> Kind {
        var status = stat()
        if stat(path, &status) != 0 {
            switch errno {
            case ELOOP: return .linkLoop
            case EACCES: return .notPermitted
            default: return .missing
            }
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .directory
        default: return .special
        }
    }

    /// The nearest folder at or above the absolute `folder` that holds `.git` (a repository's root).
    public static func repositoryRoot(containing folder: String) -> String? {
        var candidate = folder
        while true {
            if access((candidate == "/" ? "" : candidate) + "/.git", F_OK) == 0 { return candidate }
            guard let slash = candidate.lastIndex(of: "/"), candidate != "/" else { return nil }
            candidate = slash == candidate.startIndex ? "/" : String(candidate[..<slash])
        }
    }

    /// Why a link found in a folder is not read.
    public static let linkOutsideProblem =
        "is a symbolic link to a file outside the repository (with no repository, outside the folder given); digraph does not follow a link it finds in a folder out of it: name the file on the command line to read it"

    /// Why a path that should be a file cannot be read as one, in words; nil for a regular file.
    public static func problem(at path: String) -> String? { problem(for: kind(of: path)) }

    /// Why a path of this kind cannot be read as a file, in words; nil for a regular file.
    public static func problem(for kind: Kind) -> String? {
        switch kind {
        case .regularFile: nil
        case .directory: "is a directory"
        case .missing: "cannot read the file: it does not exist"
        case .linkLoop: "cannot read the file: it is a symbolic link that leads back to itself"
        case .notPermitted: "cannot read the file: permission denied"
        case .special: "is not a regular file (a FIFO, a device or a socket); give the path of a file"
        }
    }
}
