/// The paths of the Swift files an Xcode project's groups place, and of the folders it compiles
/// whole (Xcode 16's synchronized folders), relative to the folder holding the `.xcodeproj`: a
/// group's `path` joined to its parent's, from the project's main group down. Nil when the project
/// says something digraph does not follow (a file or group relative to a build setting, an
/// absolute path, a reference met twice, a synchronized folder no group holds, text that is no
/// property list): then the project's file names are all there is to go by.
enum PBXPaths {
    struct Layout: Equatable {
        var swiftFiles = Set<String>()
        var synchronizedFolders = Set<String>()
        /// The module each Swift file is compiled into: the target whose Sources phase lists it (a
        /// file two targets of different modules compile has none here).
        var modules: [String: String] = [:]
        /// The module of each synchronized folder a target compiles whole.
        var folderModules: [String: String] = [:]
        /// The programs (application and app-extension targets, by name) each Swift file is built
        /// into: those whose Sources phase lists it; none for a file a framework or library builds.
        var programs: [String: Set<String>] = [:]
        /// The same for each synchronized folder.
        var folderPrograms: [String: Set<String>] = [:]
    }

    static func layout(in text: String) -> Layout? {
        var parser = PlistParser(bytes: Array(text.utf8))
        guard case .dictionary(let root)? = parser.value(), case .dictionary(let objects)? = root["objects"],
            case .string(let projectID)? = root["rootObject"], case .dictionary(let project)? = objects[projectID],
            case .string(let mainGroup)? = project["mainGroup"]
        else { return nil }
        var found = Set<String>()
        var pathOfReference: [String: String] = [:]
        var synchronized = Set<String>()
        var synchronizedMet = Set<String>()
        var seen = Set<String>()
        // Iterative, from the main group: (object ID, the folder its `<group>` children are relative to).
        var pending: [(id: String, folder: [String])] = [(mainGroup, [])]
        while let (id, parent) = pending.popLast() {
            guard seen.insert(id).inserted, case .dictionary(let object)? = objects[id], case .string(let isa)? = object["isa"] else { return nil }
            var folder = parent
            if case .string(let path)? = object["path"] {
                guard case .string(let tree)? = object["sourceTree"] else { return nil }
                switch tree {
                case "<group>": folder = parent + path.split(separator: "/").map(String.init)
                case "SOURCE_ROOT": folder = path.split(separator: "/").map(String.init)
                // The built app, an SDK's framework: no Swift source of the walk's.
                default:
                    guard isa == "PBXFileReference", !path.hasSuffix(".swift") else { return nil }
                    continue
                }
            }
            switch isa {
            case "PBXGroup", "PBXVariantGroup", "XCVersionGroup":
                guard case .array(let children)? = object["children"] else { continue }
                for case .string(let child) in children.reversed() { pending.append((child, folder)) }
            case "PBXFileReference":
                // `name = A.swift; path = Old/B.swift;`: a name the path does not end in is not followed.
                if case .string(let name)? = object["name"], name.hasSuffix(".swift"), folder.last != name { return nil }
                if folder.last?.hasSuffix(".swift") == true {
                    found.insert(normalized(folder))
                    pathOfReference[id] = normalized(folder)
                }
            case "PBXFileSystemSynchronizedRootGroup":
                synchronizedMet.insert(id)
                synchronized.insert(normalized(folder))
                pathOfReference[id] = normalized(folder)
            default:
                continue
            }
        }
        // A synchronized folder no group holds (only a target names it): where it sits is not known.
        for case (let id, .dictionary(let object)) in objects {
            if case .string("PBXFileSystemSynchronizedRootGroup")? = object["isa"], !synchronizedMet.contains(id) { return nil }
            if case .array(let named)? = object["fileSystemSynchronizedGroups"] {
                for case .string(let group) in named where !synchronizedMet.contains(group) { return nil }
            }
        }
        var layout = Layout(swiftFiles: found, synchronizedFolders: synchronized)
        (layout.modules, layout.folderModules) = modules(of: objects, paths: pathOfReference)
        (layout.programs, layout.folderPrograms) = programs(of: objects, paths: pathOfReference)
        return layout
    }

    /// Each target's module (`PRODUCT_MODULE_NAME`, else `PRODUCT_NAME`, when every configuration
    /// spells it as one literal; else the target's name, made a c99 identifier as Xcode does) and
    /// the files and synchronized folders it compiles. A path two modules claim is left out.
    private static func modules(of objects: [String: Value], paths: [String: String]) -> (files: [String: String], folders: [String: String]) {
        var files: [String: String?] = [:]
        var folders: [String: String?] = [:]
        func claim(_ path: String, _ module: String, in table: inout [String: String?]) {
            if let held = table[path], held != module { table[path] = .some(nil) } else { table[path] = module }
        }
        for (_, target) in objects.sorted(by: { $0.key < $1.key }) {
            guard case .dictionary(let target) = target, case .string("PBXNativeTarget")? = target["isa"], case .string(let name)? = target["name"],
                let module = ModuleMap.moduleName(productModuleName(of: target, in: objects) ?? name)
            else { continue }
            let compiled = sources(of: target, in: objects, paths: paths)
            for path in compiled.files { claim(path, module, in: &files) }
            for path in compiled.folders { claim(path, module, in: &folders) }
        }
        return (files.compactMapValues { $0 }, folders.compactMapValues { $0 })
    }

    /// Which programs build each file and synchronized folder: an application or app-extension
    /// target (an iOS app, its widget, a tvOS app, a network extension) builds what its own Sources
    /// phase and synchronized folders hold. A file a framework or library target builds is left
    /// out: any program, of this project or another, may link it.
    private static func programs(of objects: [String: Value], paths: [String: String]) -> (files: [String: Set<String>], folders: [String: Set<String>]) {
        var targets: [(files: [String], folders: [String], name: String, isProgram: Bool, isTest: Bool)] = []
        for target in objects.values {
            guard case .dictionary(let target) = target, case .string("PBXNativeTarget")? = target["isa"], case .string(let name)? = target["name"]
            else { continue }
            let compiled = sources(of: target, in: objects, paths: paths)
            var isProgram = false
            var isTest = false
            if case .string(let type)? = target["productType"] {
                isProgram =
                    type.hasSuffix(".application") || type.contains("app-extension") || type.contains("extensionkit-extension")
                    || type.contains("watchkit")
                isTest = type.contains("unit-test") || type.contains("ui-testing")
            }
            targets.append((compiled.files, compiled.folders, name, isProgram, isTest))
        }
        var files: [String: Set<String>] = [:]
        var folders: [String: Set<String>] = [:]
        // A framework or library target's file may be linked into a program of another project
        // (alsongDalsong's app links ASNetworkKit.xcodeproj's framework): what builds it is not known.
        var linkable = Set<String>()
        for target in targets where !target.isProgram && !target.isTest {
            linkable.formUnion(target.files)
            linkable.formUnion(target.folders)
        }
        for program in targets where program.isProgram {
            for path in program.files where !linkable.contains(path) { files[path, default: []].insert(program.name) }
            for path in program.folders where !linkable.contains(path) { folders[path, default: []].insert(program.name) }
        }
        return (files, folders)
    }

    /// The Swift files a target's Sources phases list and the synchronized folders it compiles whole.
    private static func sources(of target: [String: Value], in objects: [String: Value], paths: [String: String]) -> (files: [String], folders: [String]) {
        var files: [String] = []
        var folders: [String] = []
        if case .array(let phases)? = target["buildPhases"] {
            for case .string(let phaseID) in phases {
                guard case .dictionary(let phase)? = objects[phaseID], case .string("PBXSourcesBuildPhase")? = phase["isa"],
                    case .array(let buildFiles)? = phase["files"]
                else { continue }
                for case .string(let buildFileID) in buildFiles {
                    guard case .dictionary(let buildFile)? = objects[buildFileID], case .string(let reference)? = buildFile["fileRef"],
                        let path = paths[reference]
                    else { continue }
                    files.append(path)
                }
            }
        }
        if case .array(let groups)? = target["fileSystemSynchronizedGroups"] {
            for case .string(let group) in groups { if let path = paths[group] { folders.append(path) } }
        }
        return (files, folders)
    }

    /// The module name a target's configurations all set as a literal, if they do.
    private static func productModuleName(of target: [String: Value], in objects: [String: Value]) -> String? {
        guard case .string(let listID)? = target["buildConfigurationList"], case .dictionary(let list)? = objects[listID],
            case .array(let configurations)? = list["buildConfigurations"]
        else { return nil }
        for setting in ["PRODUCT_MODULE_NAME", "PRODUCT_NAME"] {
            var spelled = Set<String>()
            for case .string(let id) in configurations {
                guard case .dictionary(let configuration)? = objects[id], case .dictionary(let settings)? = configuration["buildSettings"] else { continue }
                if case .string(let value)? = settings[setting] { spelled.insert(value) }
            }
            guard let value = spelled.first else { continue }
            // `$(TARGET_NAME)`, two configurations that differ: the target's name.
            return spelled.count == 1 && !value.contains("$") ? value : nil
        }
        return nil
    }

    /// `A/../B/./C.swift` → `B/C.swift`.
    static func normalized(_ components: [String]) -> String {
        var kept: [String] = []
        for component in components {
            if component == "." || component.isEmpty { continue }
            if component == "..", !kept.isEmpty, kept.last != ".." { kept.removeLast() } else { kept.append(component) }
        }
        return kept.joined(separator: "/")
    }

    indirect enum Value {
        case string(String)
        case array([Value])
        case dictionary([String: Value])
    }

    /// An old-style property list: `{ key = value; }`, `( a, b )`, quoted or bare strings, comments.
    struct PlistParser {
        let bytes: [UInt8]
        var index = 0
        /// Nesting allowed: a project is a few levels deep.
        var depth = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpaceAndComments() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    index += 1
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                    index += 2
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else {
                    return
                }
            }
        }

        mutating func value() -> Value? {
            skipSpaceAndComments()
            guard index < bytes.count, depth < 64 else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                depth += 1
                defer { depth -= 1 }
                var entries: [String: Value] = [:]
                while true {
                    skipSpaceAndComments()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        return .dictionary(entries)
                    }
                    guard case .string(let key)? = value() else { return nil }
                    skipSpaceAndComments()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
                    index += 1
                    guard let item = value() else { return nil }
                    entries[key] = item
                    skipSpaceAndComments()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else { return nil }
                    index += 1
                }
            case UInt8(ascii: "("):
                index += 1
                depth += 1
                defer { depth -= 1 }
                var items: [Value] = []
                while true {
                    skipSpaceAndComments()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ")") {
                        index += 1
                        return .array(items)
                    }
                    guard let item = value() else { return nil }
                    items.append(item)
                    skipSpaceAndComments()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
                }
            case UInt8(ascii: "\""):
                index += 1
                var text: [UInt8] = []
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                        index += 1
                        switch bytes[index] {
                        case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
                        case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
                        default: text.append(bytes[index])
                        }
                    } else {
                        text.append(bytes[index])
                    }
                    index += 1
                }
                guard index < bytes.count else { return nil }
                index += 1
                return .string(String(decoding: text, as: UTF8.self))
            default:
                let start = index
                let stops = Set(" \t\r\n;=,(){}\"".utf8)
                while index < bytes.count, !stops.contains(bytes[index]) {
                    // A comment starts: `/*` or `//`.
                    if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, [UInt8(ascii: "*"), UInt8(ascii: "/")].contains(bytes[index + 1]) {
                        break
                    }
                    index += 1
                }
                guard index > start else { return nil }
                return .string(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }
    }
}
