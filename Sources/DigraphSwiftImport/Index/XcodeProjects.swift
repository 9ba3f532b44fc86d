import DigraphCore

/// Which Swift files the repository's Xcode projects compile. A file an `.xcodeproj` in the walked
/// folders names nowhere is not built (a file left behind when its class moved, a copy Finder
/// made): the compiler never sees it, so neither does digraph. Under a folder a project compiles
/// whole (Xcode 16's synchronized folders), or where a `Package.swift`, Tuist's `Project.swift` or a
/// CocoaPods `.podspec` may build the file, nothing is left out; nor anywhere under a project whose
/// synchronized folders cannot be placed, or that cannot be read.
struct XcodeProjects {
    /// A project larger than this is not read: its files all count as compiled.
    static let maximumBytes = 32 << 20

    struct LeftOut: Equatable {
        var file: String
        /// The file's name, which no project lists.
        var name: String
        /// Where the project's groups place the file of that name instead, when it lists the name.
        var placedAt: String? = nil
        /// The `.xcodeproj` folder whose tree holds the file.
        var project: String
        /// The folder holding that `.xcodeproj` (`folderKey`).
        var projectFolder: String
    }

    private struct Project {
        /// The folder holding the `.xcodeproj` (`folderKey`: "" for the working directory).
        var folder: String
        /// The `.xcodeproj` as the walk spells it, for messages.
        var shown: String
        /// Compiles folders whole, or could not be read: no file under it is left out.
        var compilesAll: Bool
    }

    private var projects: [Project] = []
    /// Every Swift file name any project lists, lowercased.
    private var listed = Set<String>()
    /// The folders (`folderKey` paths, lowercased) a project compiles whole: every file under one is
    /// compiled. Paths and names are compared as a Mac's file system does, ignoring case (podhaven's
    /// project says `PodHavenShare`, its folder is `PodhavenShare`).
    private var synchronizedFolders = Set<String>()
    /// Where the projects' groups place each Swift file, by name (`folderKey` paths); nil when some
    /// project's groups could not be followed (`PBXPaths`): then names are all there is to go by.
    private var placed: [String: [String]]? = [:]
    /// The flags the projects set only outside their `Debug` and `Release` configurations.
    private(set) var conditions = ProjectConditions()
    /// The module each file (`folderKey` path, lowercased) is compiled into, and each synchronized
    /// folder's: what a `Package.swift`'s `Sources/<Target>` says for a package.
    private var fileModules: [String: String] = [:]
    private var folderModules: [String: String] = [:]
    /// The programs (`Windscribe.xcodeproj: WindscribeTV`) each file and synchronized folder is built
    /// into, as `PBXPaths.Layout.programs` says.
    private var filePrograms: [String: Set<String>] = [:]
    private var folderPrograms: [String: Set<String>] = [:]

    /// `pbxprojs`: the `project.pbxproj` files found walking the folders; `tuistRoots`: the folders
    /// holding a Tuist `Project.swift`, whose targets written in place say which programs build
    /// which folders (`TuistTargets`).
    init(pbxprojs: [String], tuistRoots: [String] = [], in tree: any SourceTree) {
        for root in tuistRoots.sorted() {
            let manifest = (root == "." ? "" : root + "/") + "Project.swift"
            guard (tree.size(of: manifest) ?? 0) <= Self.maximumBytes, let bytes = tree.contents(of: manifest, limit: Self.maximumBytes) else { continue }
            let shown = manifest.hasPrefix("./") ? String(manifest.dropFirst(2)) : manifest
            for (folder, target) in TuistTargets.programFolders(inManifest: String(decoding: bytes, as: UTF8.self)) {
                folderPrograms[Self.folderKey(root + "/" + folder).lowercased(), default: []].insert("\(shown): \(target)")
            }
        }
        for path in pbxprojs.sorted() {
            let parts = Self.folderKey(path).split(separator: "/").map(String.init)
            guard parts.count >= 2, parts.last == "project.pbxproj", parts[parts.count - 2].hasSuffix(".xcodeproj") else { continue }
            let folder = parts.dropLast(2).joined(separator: "/")
            let shown = String(path.dropLast("/project.pbxproj".count))
            let bytes = (tree.size(of: path) ?? 0) <= Self.maximumBytes ? tree.contents(of: path, limit: Self.maximumBytes) : nil
            guard let bytes else {
                projects.append(Project(folder: folder, shown: shown, compilesAll: true))
                continue
            }
            let text = String(decoding: bytes, as: UTF8.self)
            conditions.read(text, project: path)
            listed.formUnion(Self.swiftFileNames(in: text).map { $0.lowercased() })
            func key(_ path: String) -> String {
                PBXPaths.normalized(folder.split(separator: "/").map(String.init) + path.split(separator: "/").map(String.init))
            }
            let mentionsSynchronized = text.contains("fileSystemSynchronized")
            // A project that speaks of synchronized folders yet places none: what it compiles is not known.
            if let layout = PBXPaths.layout(in: text), !(mentionsSynchronized && layout.synchronizedFolders.isEmpty) {
                projects.append(Project(folder: folder, shown: shown, compilesAll: false))
                for path in layout.swiftFiles.sorted() {
                    let key = key(path)
                    placed?[(key.split(separator: "/").last.map(String.init) ?? key).lowercased(), default: []].append(key)
                }
                // ios-pass compiles `Action/` whole and lists every other file: a file elsewhere
                // that no group lists is still left out.
                synchronizedFolders.formUnion(layout.synchronizedFolders.map { key($0).lowercased() })
                for (path, module) in layout.modules { fileModules[key(path).lowercased()] = module }
                for (path, module) in layout.folderModules { folderModules[key(path).lowercased()] = module }
                for (path, names) in layout.programs { filePrograms[key(path).lowercased(), default: []].formUnion(names.map { "\(shown): \($0)" }) }
                for (path, names) in layout.folderPrograms {
                    folderPrograms[key(path).lowercased(), default: []].formUnion(names.map { "\(shown): \($0)" })
                }
            } else if mentionsSynchronized {
                projects.append(Project(folder: folder, shown: shown, compilesAll: true))
            } else {
                projects.append(Project(folder: folder, shown: shown, compilesAll: false))
                placed = nil
            }
        }
    }

    /// The module a project compiles `file` into: the target listing it, else the one compiling a
    /// folder holding it (the innermost); nil when no project says.
    func module(of file: String) -> String? { Self.lookUp(file, in: fileModules, folders: folderModules) }

    /// The programs a project builds `file` into (an app, an extension: `Windscribe.xcodeproj:
    /// WindscribeTV`); nil when no project says of one (a package's file, a framework another
    /// project links, a test's).
    func programs(of file: String) -> Set<String>? { Self.lookUp(file, in: filePrograms, folders: folderPrograms) }

    /// What `files` says of a file, else what `folders` says of the innermost folder holding it.
    private static func lookUp<Value>(_ file: String, in files: [String: Value], folders: [String: Value]) -> Value? {
        let path = folderKey(file).lowercased()
        if let value = files[path] { return value }
        guard !folders.isEmpty else { return nil }
        var folder = Substring(path)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            if let value = folders[String(folder)] { return value }
        }
        return nil
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
    /// folders whole and under no folder with a `Package.swift`, `Project.swift` or `.podspec`, and
    /// named by no project. A file given by its own path is always read. Each file's folders are
    /// looked up, not every project and package compared with every file.
    func leftOut(of files: [String], given: Set<String>, packageFolders: [String]) -> [LeftOut] {
        guard !projects.isEmpty else { return [] }
        let packages = Set(packageFolders.map(Self.folderKey))
        let projectsIn = Dictionary(grouping: projects, by: \.folder)
        return files.compactMap { file in
            let components = Self.folderKey(file).split(separator: "/").map(String.init)
            guard !given.contains(file), let name = components.last else { return nil }
            // A name the projects list is compiled, unless their groups place every file of that
            // name elsewhere (a stale copy in a folder no group holds).
            var placedAt: String?
            if listed.contains(name.lowercased()) {
                let path = components.joined(separator: "/").lowercased()
                guard let places = placed?[name.lowercased()], !places.contains(where: { $0.lowercased() == path }) else { return nil }
                placedAt = places.first
            }
            var nearest: Project?
            // The file's folders, outermost first: "" (the walk's root), then one more component each.
            for depth in 0..<components.count {
                let folder = components.prefix(depth).joined(separator: "/")
                if packages.contains(folder) || synchronizedFolders.contains(folder.lowercased()) { return nil }
                for project in projectsIn[folder] ?? [] {
                    if project.compilesAll { return nil }
                    nearest = project
                }
            }
            guard let nearest else { return nil }
            return LeftOut(file: file, name: name, placedAt: placedAt, project: nearest.shown, projectFolder: nearest.folder)
        }
    }

    /// The files left out, as the messages say them: a folder whose Swift files are all left out
    /// (more than one), by its outermost such folder under the project's; any other file alone.
    /// One count per folder of each file's path: linear in the files and their depth.
    static func grouped(_ leftOut: [LeftOut], among files: [String]) -> [(folder: String?, files: [LeftOut])] {
        // `A/B/C.swift`: `A`, `A/B`.
        func folders(of path: String) -> [String] {
            let components = folderKey(path).split(separator: "/").dropLast()
            return components.indices.map { components[...$0].joined(separator: "/") }
        }
        var total: [String: Int] = [:]
        for file in files { for folder in folders(of: file) { total[folder, default: 0] += 1 } }
        var left: [String: Int] = [:]
        for file in leftOut { for folder in folders(of: file.file) { left[folder, default: 0] += 1 } }
        var groups: [(folder: String?, files: [LeftOut])] = []
        var index: [String: Int] = [:]
        for file in leftOut {
            let whole = folders(of: file.file).first { folder in
                (file.projectFolder.isEmpty || folder.hasPrefix(file.projectFolder + "/")) && left[folder] == total[folder] && (left[folder] ?? 0) > 1
            }
            guard let whole else {
                groups.append((nil, [file]))
                continue
            }
            if let at = index[whole] {
                groups[at].files.append(file)
            } else {
                index[whole] = groups.count
                groups.append((whole, [file]))
            }
        }
        return groups
    }

    /// A folder as `leftOut` compares it: its components joined, "" for the working directory.
    private static func folderKey(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }
}
