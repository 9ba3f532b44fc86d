import DigraphCore
import Foundation

/// A project's `.digraph.yml`: the manifests that make up its graph and the defaults of every
/// command, so that `digraph check`, `digraph render --png` and `digraph gen-swift` run without
/// arguments. Paths in the file are relative to the file's folder; here they are resolved.
public struct ProjectConfiguration: Sendable, Equatable {
    public static let fileName = ".digraph.yml"

    /// The configuration file itself.
    public var file: String
    /// Manifest files and folders (and Swift sources), resolved against the file's folder.
    public var manifests: [String] = []
    /// Per command, its options as they would be written on the command line, in file order:
    /// `["check": [("strict", "true"), ("ignore", "unused-registration")]]`.
    public var options: [String: [Option]] = [:]
    /// `gen-swift:` outputs, each with its own options.
    public var outputs: [[Option]] = []
    /// `import: containers:` — what a hand-rolled container's methods do where their declaration
    /// cannot say, as `container` options (`registerLazy=singleton`) for every command reading Swift.
    public var containers: [Option] = []

    /// How every command that reads Swift reads it: `import.exclude`, `import.define` and `import.containers`.
    public var swiftReading: [Option] {
        (options["import"] ?? []).filter { $0.name == "exclude" || $0.name == "define" } + containers
    }

    public struct Option: Sendable, Equatable {
        public var name: String
        public var value: String
        public var location: SourceLocation
    }

    /// The options each section accepts, by command, and which of them are paths.
    public static let sections: [String: (options: [String], paths: Set<String>)] = [
        "check": (["strict", "ignore", "baseline", "format"], ["baseline"]),
        "render": (["output", "format", "layout", "rankdir", "focus", "depth", "collapse", "no-clusters", "graphviz-defaults", "no-limit"], ["output"]),
        "gen-swift": (["target", "output", "access", "split"], ["output"]),
        "import": (["paths", "exclude", "define", "output", "format", "check"], ["paths", "output"]),
    ]

    /// The nearest `.digraph.yml` from `directory` up to the repository root (the folder holding
    /// `.git`) or the file system's root.
    public static func find(from directory: String) -> String? {
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return nil }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Reads and validates a configuration: every problem located, unknown keys with "did you mean".
    public static func load(file: String) -> Result<ProjectConfiguration, Problems> {
        let bytes: [UInt8]
        switch ManifestLoader.read(file: file) {
        case .success(let read): bytes = read
        case .failure(let problem): return .failure(Problems(diagnostics: [problem]))
        }
        let root: DocumentNode
        do { root = try ManifestLoader.parseDocument(bytes: bytes, file: file) } catch {
            return .failure(Problems(diagnostics: [Diagnostic(.schema, .error, error.message, at: error.location, notes: error.notes)]))
        }
        var reader = Reader(file: file)
        let configuration = reader.read(root)
        return reader.problems.isEmpty ? .success(configuration) : .failure(Problems(diagnostics: reader.problems))
    }

    /// Why a configuration cannot be used, located as manifest problems are.
    public struct Problems: Error, Sendable {
        public var diagnostics: [Diagnostic]
    }

    private struct Reader {
        let file: String
        var problems: [Diagnostic] = []
        var folder: URL { URL(fileURLWithPath: file).deletingLastPathComponent() }

        mutating func problem(_ message: String, at location: SourceLocation) {
            problems.append(Diagnostic(.schema, .error, message, at: location))
        }

        mutating func read(_ root: DocumentNode) -> ProjectConfiguration {
            var configuration = ProjectConfiguration(file: file)
            guard case .mapping(let entries) = root.kind else {
                problem(
                    "a configuration is a mapping of 'manifests', 'check', 'render', 'gen-swift' and 'import', found \(root.kindDescription)", at: root.location
                )
                return configuration
            }
            let known = ["manifests"] + ProjectConfiguration.sections.keys.sorted()
            for entry in entries {
                switch entry.key.value {
                case "manifests":
                    configuration.manifests = locatedStrings(entry.value, "'manifests'").compactMap { input($0.text, "'manifests'", at: $0.location) }
                case "gen-swift":
                    // One output (a mapping) or several (a list of mappings).
                    let nodes: [DocumentNode]
                    if case .sequence(let list) = entry.value.kind { nodes = list } else { nodes = [entry.value] }
                    configuration.outputs = nodes.map { section($0, "gen-swift") }
                case "import":
                    if case .mapping(let fields) = entry.value.kind, let containers = fields.first(where: { $0.key.value == "containers" }) {
                        configuration.containers = self.containers(containers.value)
                        var rest = entry.value
                        rest.kind = .mapping(fields.filter { $0.key.value != "containers" })
                        configuration.options["import"] = section(rest, "import")
                    } else {
                        configuration.options["import"] = section(entry.value, "import")
                    }
                case let name where ProjectConfiguration.sections[name] != nil:
                    configuration.options[name] = section(entry.value, name)
                case let unknown:
                    problem(
                        "unknown key '\(unknown)' in the configuration\(suggestion(unknown, known)); it may hold \(known.map { "'\($0)'" }.joined(separator: ", "))",
                        at: entry.key.location)
                }
            }
            return configuration
        }

        mutating func section(_ node: DocumentNode, _ name: String) -> [Option] {
            guard case .mapping(let entries) = node.kind else {
                problem("'\(name)' must be a mapping of options, found \(node.kindDescription)", at: node.location)
                return []
            }
            let (accepted, paths) = ProjectConfiguration.sections[name]!
            var options: [Option] = []
            for entry in entries {
                let key = entry.key.value
                guard accepted.contains(key) else {
                    problem(
                        "unknown option '\(key)' in '\(name)'\(suggestion(key, accepted)); it accepts \(accepted.map { "'\($0)'" }.joined(separator: ", "))",
                        at: entry.key.location)
                    continue
                }
                for (value, valueLocation) in locatedStrings(entry.value, "'\(name).\(key)'") {
                    let resolved = paths.contains(key) && value != "-" ? resolve(value) : value
                    // An output the file names stays inside the folder that holds the file: a shared
                    // configuration must not write elsewhere (the command line still may).
                    if key == "output", resolved != "-", !isInside(resolved, folder.standardizedFileURL.path) {
                        let example = ["render": "graph.svg", "import": "digraph.yaml"][name] ?? "Sources/App/Container.swift"
                        problem(
                            isSame(resolved, folder.standardizedFileURL.path)
                                ? "'\(name).output' \(quoted(value)) is the folder that holds \(ProjectConfiguration.fileName) itself, not a file in it; name a file inside that folder, such as '\(example)'"
                                : "'\(name).output' \(quoted(value)) is outside the folder that holds \(ProjectConfiguration.fileName); outputs named by the configuration stay inside it (pass -o on the command line to write elsewhere)",
                            at: entry.value.location)
                        continue
                    }
                    // An input it names stays inside the repository (see `input`).
                    if paths.contains(key), key != "output", input(value, "'\(name).\(key)'", at: valueLocation) == nil { continue }
                    options.append(Option(name: key, value: resolved, location: entry.value.location))
                }
            }
            return options
        }

        /// `containers: { registerLazy: singleton, provide: transient }`.
        mutating func containers(_ node: DocumentNode) -> [Option] {
            guard case .mapping(let entries) = node.kind else {
                problem(
                    "'import.containers' must map method names to what they do (\(ContainerMethodStatement.meanings.joined(separator: ", "))), found \(node.kindDescription)",
                    at: node.location)
                return []
            }
            var options: [Option] = []
            for entry in entries {
                let name = entry.key.value
                guard ContainerMethodStatement.isMethodName(name) else {
                    problem(
                        "'import.containers': \(quoted(name)) is not a method name; write the method's base name, such as `registerLazy`",
                        at: entry.key.location)
                    continue
                }
                guard case .scalar(.string(let meaning)) = entry.value.kind, ContainerMethodStatement.meanings.contains(meaning) else {
                    guard let written = entry.value.scalarText else {
                        // A list or a mapping is no word to quote ("found 'a list'" read as if one were written).
                        problem(
                            "'import.containers.\(name)' is \(entry.value.kindDescription), but it must be one word saying what the method does (\(ContainerMethodStatement.meanings.joined(separator: ", "))); write, for example, `\(name): singleton`",
                            at: entry.value.location)
                        continue
                    }
                    problem(
                        "'import.containers.\(name)' must be one of \(ContainerMethodStatement.meanings.joined(separator: ", ")), found \(quoted(written))\(suggestion(written, ContainerMethodStatement.meanings))",
                        at: entry.value.location)
                    continue
                }
                options.append(Option(name: "container", value: "\(name)=\(meaning)", location: entry.value.location))
            }
            return options
        }

        /// A scalar or a list of scalars, as strings, each where it is written.
        mutating func locatedStrings(_ node: DocumentNode, _ what: String) -> [(text: String, location: SourceLocation)] {
            switch node.kind {
            case .scalar(.string(let text)), .scalar(.number(let text)): return [(text, node.location)]
            case .scalar(.bool(let flag)): return [(flag ? "true" : "false", node.location)]
            case .sequence(let items): return items.flatMap { locatedStrings($0, what) }
            case .scalar(.null), .mapping:
                problem("\(what) must be a value or a list of values, found \(node.kindDescription)", at: node.location)
                return []
            }
        }

        /// An input path the file names, resolved; nil (and a located problem) when it lies outside
        /// the repository that holds the file (or, outside a repository, its folder), links followed:
        /// a shared configuration must not make digraph read, and quote, files elsewhere (`../../.ssh`,
        /// a link to `/etc`). The command line may still name any file.
        mutating func input(_ value: String, _ what: String, at location: SourceLocation) -> String? {
            let resolved = resolve(value)
            let (root, description) = inputRoot
            guard isInside(resolved, root) || isSame(resolved, root) else {
                problem(
                    "\(what) names \(quoted(value)), which is outside \(description) (symbolic links followed); a configuration reads only files inside it: move the file there, or name it on the command line",
                    at: location)
                return nil
            }
            return resolved
        }

        /// What the configuration may read: the repository that holds it (the nearest folder above
        /// with `.git`), else its own folder; and how a message names it.
        var inputRoot: (path: String, description: String) {
            let start = folder.standardizedFileURL.resolvingSymlinksInPath()
            var candidate = start
            while true {
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(".git").path) {
                    return (candidate.path, "the repository that holds \(ProjectConfiguration.fileName)")
                }
                let parent = candidate.deletingLastPathComponent()
                if parent.path == candidate.path { return (start.path, "the folder that holds \(ProjectConfiguration.fileName)") }
                candidate = parent
            }
        }

        /// `path` with the links of its existing part followed.
        func real(_ path: String) -> String {
            var existing = URL(fileURLWithPath: path).standardizedFileURL
            var rest: [String] = []
            while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
                rest.insert(existing.lastPathComponent, at: 0)
                existing = existing.deletingLastPathComponent()
            }
            return rest.reduce(existing.resolvingSymlinksInPath()) { $0.appendingPathComponent($1) }.standardizedFileURL.path
        }

        /// Strictly inside the folder `root`, links in the existing part of the path followed.
        func isInside(_ path: String, _ root: String) -> Bool {
            let root = real(root)
            return real(path).hasPrefix(root == "/" ? "/" : root + "/")
        }

        /// The same place as `root`, links followed.
        func isSame(_ path: String, _ root: String) -> Bool { real(path) == real(root) }

        func resolve(_ path: String) -> String {
            PathSpelling.absolute(path, from: folder.standardizedFileURL.path)
        }

        func suggestion(_ word: String, _ candidates: [String]) -> String {
            nearSpellings(of: word, in: candidates).first.map { " (did you mean '\($0)'?)" } ?? ""
        }
    }
}
