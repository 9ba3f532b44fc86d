import DigraphCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the Swift files under the paths a user gives: files as they are, directories read
/// recursively in a stable order, without hidden folders, build products and vendored code.
public enum SwiftSourceFiles {
    /// Folders that hold other people's code or build output, never the app's wiring.
    public static let skippedFolders: Set<String> = [".build", "Pods", "Carthage", "DerivedData", "node_modules", "checkouts"]

    /// Whether a folder is never the app's code: one of `skippedFolders`, or an Xcode file
    /// template (`MyView.xctemplate`), whose `___VARIABLE_name___` placeholders are filled in
    /// when Xcode makes a file from it and never compile as they are.
    public static func isSkipped(folder name: String) -> Bool {
        skippedFolders.contains(name) || name.hasSuffix(".xctemplate")
    }

    public struct Listing: Sendable {
        public var files: [String]
        /// Paths that could not be read: (path, why).
        public var unreadable: [(path: String, reason: String)]
        /// The folders holding a `Package.swift`, for module names.
        public var packageRoots: [String]
        /// Manifests named for the DigraphGenerate plugin (`App.digraph.yaml`) found on the way.
        public var pluginManifests: [String] = []
        /// The Xcode projects found on the way (`App.xcodeproj/project.pbxproj`), the folders
        /// holding Tuist's `Project.swift`, and those holding a CocoaPods `.podspec` (a local pod the
        /// Pods project, seldom committed, compiles): which files are compiled.
        var xcodeProjects: [String] = []
        var tuistRoots: [String] = []
        var podRoots: [String] = []
        /// The files named by their own path (not found by walking a folder).
        var given = Set<String>()
    }

    /// The names the DigraphGenerate build-tool plugin turns into a container.
    public static let pluginManifestSuffixes = [".digraph.yaml", ".digraph.yml", ".digraph.json"]

    /// True when a path is a `.swift` file, or a directory with at least one below it.
    public static func holdsSwift(_ path: String, excluding patterns: [String] = [], in tree: any SourceTree = DiskTree()) -> Bool {
        if path.hasSuffix(".swift") { return true }
        guard tree.kind(of: path) == .directory else { return false }
        return !list([path], excluding: patterns, in: tree).files.isEmpty
    }

    public static func list(_ paths: [String], excluding patterns: [String] = [], in tree: any SourceTree = DiskTree()) -> Listing {
        var listing = Listing(files: [], unreadable: [], packageRoots: [])
        var seen = Set<String>()
        for path in paths.map(normalized) {
            let kind = tree.kind(of: path)
            switch kind {
            case .directory: break
            case .regularFile where !path.hasSuffix(".swift"):
                listing.unreadable.append((path, "it is not Swift source (.swift); give Swift files or the folders that hold them"))
                continue
            case .regularFile:
                if seen.insert(path).inserted { listing.files.append(path) }
                listing.given.insert(path)
                continue
            case .missing:
                listing.unreadable.append((path, "it does not exist"))
                continue
            default:
                listing.unreadable.append((path, InputFile.problem(for: kind)!.replacingOccurrences(of: "cannot read the file: ", with: "")))
                continue
            }
            walk(path, relative: "", root: path, patterns: patterns, tree: tree, into: &listing, seen: &seen)
        }
        // A package above the given folders still names their modules (`digraph check Sources`).
        for path in paths.map(normalized) {
            if let root = enclosingPackage(of: path, in: tree), !listing.packageRoots.contains(root) { listing.packageRoots.append(root) }
        }
        return listing
    }

    /// The nearest folder above `path` holding a `Package.swift` ("." for the working directory).
    static func enclosingPackage(of path: String, in tree: any SourceTree) -> String? {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        while !components.isEmpty {
            components.removeLast()
            let joined = components.joined(separator: "/")
            let folder = components.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : (joined.isEmpty ? "/" : joined)
            if ![.missing, .linkLoop, .notPermitted].contains(tree.kind(of: (folder == "/" ? "" : folder) + "/Package.swift")) { return folder }
        }
        return nil
    }

    private static func walk(
        _ directory: String, relative: String, root: String, patterns: [String], tree: any SourceTree,
        into listing: inout Listing, seen: inout Set<String>
    ) {
        guard let names = tree.names(in: directory) else {
            listing.unreadable.append((directory, "the folder cannot be read"))
            return
        }
        if names.contains("Package.swift") { listing.packageRoots.append(directory) }
        if names.contains("Project.swift") { listing.tuistRoots.append(directory) }
        if names.contains(where: { $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") }) { listing.podRoots.append(directory) }
        for name in names.sorted() where !name.hasPrefix(".") && !isSkipped(folder: name) {
            let path = directory == "." ? name : directory + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            if patterns.contains(where: { matches(pattern: $0, path: relativePath) || matches(pattern: $0, path: path) }) { continue }
            // Symbolic links to folders are not followed: a link loop must not hang the walk.
            switch tree.entry(at: path) {
            case .link:
                guard name.hasSuffix(".swift"), tree.kind(of: path) == .regularFile else { break }
                // A link out of the repository is not read: its content would reach messages.
                if tree.linkLeavesRepository(path, walking: root) {
                    listing.unreadable.append((path, "it " + InputFile.linkOutsideProblem))
                } else if seen.insert(path).inserted {
                    listing.files.append(path)
                }
            case .directory:
                walk(path, relative: relativePath, root: root, patterns: patterns, tree: tree, into: &listing, seen: &seen)
            case .regularFile where name.hasSuffix(".swift") && name != "Package.swift":
                if seen.insert(path).inserted { listing.files.append(path) }
            case .regularFile where pluginManifestSuffixes.contains(where: name.hasSuffix):
                listing.pluginManifests.append(path)
            case .regularFile where name == "project.pbxproj" && directory.hasSuffix(".xcodeproj"):
                listing.xcodeProjects.append(path)
            default: break
            }
        }
    }

    /// `DI`, `DI/` and `./DI` are one path: the spelling must not change what import writes.
    public static func normalized(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./"), path.count > 2 { path.removeFirst(2) }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path.isEmpty ? "." : path
    }

    /// A glob over the path: `*` within one component, `**` across components, `?` one character.
    /// A pattern without a slash matches any single component (`Tests`, `*Mock*.swift`).
    public static func matches(pattern: String, path: String) -> Bool {
        if !pattern.contains("/") {
            return path.split(separator: "/").contains { fnmatch(pattern, String($0), 0) == 0 }
        }
        let trimmed = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
        return fnmatch(trimmed, path, 0) == 0 || fnmatch(trimmed.replacingOccurrences(of: "**/", with: ""), path, 0) == 0
            || fnmatch(trimmed + "/*", path, 0) == 0
    }
}
