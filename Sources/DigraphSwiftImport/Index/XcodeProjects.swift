import DigraphCore

/// Which Swift files the repository's Xcode projects compile. A file an `.xcodeproj` in the walked
/// folders names nowhere is not built (a file left behind when its class moved, a copy Finder
/// made): the compiler never sees it, so neither does digraph. Where a project compiles folders
/// whole (Xcode 16's synchronized folders), or a `Package.swift` or Tuist's `Project.swift` may
/// build the file, or the project cannot be read, nothing is left out.
struct XcodeProjects {
    /// A project larger than this is not read: its files all count as compiled.
    static let maximumBytes = 32 << 20

    struct LeftOut: Equatable {
        var file: String
        /// The `.xcodeproj` folder whose tree holds the file.
        var project: String
    }

    private struct Project {
        /// The folder holding the `.xcodeproj` ("" for the working directory).
        var folder: String
        var name: String
        /// Compiles folders whole, or could not be read: no file under it is left out.
        var compilesAll: Bool
    }

    private var projects: [Project] = []
    /// Every Swift file name any project lists.
    private var listed = Set<String>()

    /// `pbxprojs`: the `project.pbxproj` files found walking the folders.
    init(pbxprojs: [String], in tree: any SourceTree) {
        for path in pbxprojs.sorted() {
            var parts = path.split(separator: "/").map(String.init)
            guard parts.count >= 2, parts.last == "project.pbxproj", parts[parts.count - 2].hasSuffix(".xcodeproj") else { continue }
            let name = parts[parts.count - 2]
            parts.removeLast(2)
            let folder = parts.joined(separator: "/")
            let bytes = (tree.size(of: path) ?? 0) <= Self.maximumBytes ? tree.contents(of: path, limit: Self.maximumBytes) : nil
            guard let bytes else {
                projects.append(Project(folder: folder, name: name, compilesAll: true))
                continue
            }
            let text = String(decoding: bytes, as: UTF8.self)
            projects.append(Project(folder: folder, name: name, compilesAll: text.contains("fileSystemSynchronized")))
            listed.formUnion(Self.swiftFileNames(in: text))
        }
    }

    /// The names of the `.swift` files a project's text mentions, quoted (`"My File.swift"`) or not,
    /// by their last path component. Read byte by byte: a project file may be megabytes.
    static func swiftFileNames(in text: String) -> Set<String> {
        var names = Set<String>()
        var token: [UInt8] = []
        var quoted = false
        var escaped = false
        let separators = Set(" \t\r\n;=,(){}".utf8)
        let suffix = Array(".swift".utf8)
        func flush() {
            if token.count > suffix.count, token.suffix(suffix.count).elementsEqual(suffix) {
                let last = token.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? token
                names.insert(String(decoding: last, as: UTF8.self))
            }
            token.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            if quoted {
                if escaped {
                    token.append(byte)
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    quoted = false
                    flush()
                } else {
                    token.append(byte)
                }
            } else if byte == UInt8(ascii: "\"") {
                flush()
                quoted = true
            } else if separators.contains(byte) {
                flush()
            } else {
                token.append(byte)
            }
        }
        flush()
        return names
    }

    /// The walked files no project compiles: under some project's folder, under none that compiles
    /// folders whole and under no folder with a `Package.swift` or `Project.swift`, and named by no
    /// project. A file given by its own path is always read.
    func leftOut(of files: [String], given: Set<String>, packageFolders: [String]) -> [LeftOut] {
        guard !projects.isEmpty else { return [] }
        func holds(_ folder: String, _ file: String) -> Bool { folder.isEmpty || folder == "." || file.hasPrefix(folder + "/") }
        return files.compactMap { file in
            guard !given.contains(file), let name = file.split(separator: "/").last.map(String.init), !listed.contains(name) else { return nil }
            let governing = projects.filter { holds($0.folder, file) }
            guard !governing.isEmpty, !governing.contains(where: \.compilesAll), !packageFolders.contains(where: { holds($0, file) }) else { return nil }
            let nearest = governing.max { $0.folder.count < $1.folder.count }!
            return LeftOut(file: file, project: nearest.folder.isEmpty || nearest.folder == "." ? nearest.name : nearest.folder + "/" + nearest.name)
        }
    }
}
