import DigraphCore
import Foundation
import SwiftParser
import SwiftSyntax

/// One parsed Swift file and how to turn its nodes into locations.
struct SwiftFile {
    let path: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    let module: String?

    /// Why the file was not read, located: too large, or nested deeper than digraph walks.
    let refusal: Diagnostic?

    /// The largest Swift file read (parsing takes about 150 bytes of memory per byte of source).
    static let maximumBytes = 4 << 20
    /// How deep a syntax tree digraph walks: swift-syntax bounds its own nesting at 256, but a chain
    /// (`a.b.b…`, `f()()…`, `try try …`, `else if` × 50,000) builds a tree as deep as it is long, and
    /// every walk over it (ours and swift-syntax's) recurses.
    static let maximumDepth = 1_000
    /// What a refused file is read as: nothing.
    private static let emptyTree = Parser.parse(source: "")

    init(path: String, text: String, module: String?) {
        self.path = path
        self.module = module
        self.mentionsIgnore = text.contains(IgnoreComments.marker)
        let empty = Self.emptyTree
        if text.utf8.count > Self.maximumBytes {
            self.tree = empty
            self.refusal = Diagnostic(
                .swiftImport, .error,
                "\(PrintableText.escape(path)) is \(text.utf8.count / 1_048_576) MB, more than the \(Self.maximumBytes >> 20) MB digraph reads in one Swift file (generated code?); the file is skipped, the others are read. Exclude it with --exclude",
                at: .start(of: path))
        } else if let (offset, what) = SourceDepth.excess(in: text) {
            self.tree = empty
            let (line, column) = Self.lineAndColumn(of: offset, in: text)
            self.refusal = Diagnostic(
                .swiftImport, .error,
                "\(what), more than digraph reads; the file is skipped, the others are read",
                at: DigraphCore.SourceLocation(file: path, line: line, column: column))
        } else {
            var source = text
            let parsed = source.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: 128) }
            // A chain as deep as the tree limit is thousands of characters without a space: only then is the tree walked.
            if SourceDepth.longestUnbrokenRun(in: text) > Self.maximumDepth, let deepest = Self.nodeDeeperThan(Self.maximumDepth, in: Syntax(parsed)) {
                self.tree = empty
                let (line, column) = Self.lineAndColumn(of: deepest.position.utf8Offset, in: text)
                self.refusal = Diagnostic(
                    .swiftImport, .error,
                    "this expression is nested more than \(Self.maximumDepth) levels deep, more than digraph reads; the file is skipped, the others are read",
                    at: DigraphCore.SourceLocation(file: path, line: line, column: column))
            } else {
                self.tree = parsed
                self.refusal = nil
            }
        }
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
        self.importsSwinject = tree.statements.contains { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text == "Swinject" }
    }

    /// The first node found below `limit` levels, walking with an explicit stack (no recursion).
    static func nodeDeeperThan(_ limit: Int, in root: Syntax) -> Syntax? {
        var stack: [(Syntax, Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return node }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return nil
    }

    /// 1-based line and column (in bytes, as swift-syntax counts) of a UTF-8 offset.
    static func lineAndColumn(of offset: Int, in text: String) -> (Int, Int) {
        var line = 1, column = 1
        for byte in text.utf8.prefix(offset) {
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    /// A file that imports Swinject keeps Swinject's meaning; a hand-rolled container never gets it.
    let importsSwinject: Bool
    /// The text holds `digraph:ignore`: only such files are searched for the comments.
    let mentionsIgnore: Bool

    func location(of node: some SyntaxProtocol) -> DigraphCore.SourceLocation {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return DigraphCore.SourceLocation(file: path, line: location.line, column: location.column)
    }
}

/// Swift sources → a manifest: the registrations of Swinject assemblies and hand-rolled containers,
/// the keys app code resolves directly, and what could not be read, as located findings.
public enum SwiftImporter {
    public struct Result: Sendable {
        /// The imported manifest; its locations point into the Swift files.
        public var manifest: Manifest
        /// What could not be read (warnings), what is worth knowing (infos), syntax errors.
        public var findings: [Diagnostic]
        /// Paths that could not be read at all: the input is unusable.
        public var unreadable: [Diagnostic]
        public var files: [String]
        /// Comment lines for each registration, by its location: origin and notes.
        var notes: [DigraphCore.SourceLocation: [String]]
        /// The first import of a DI library digraph does not read, if any.
        var unreadLibrary: (name: String, location: DigraphCore.SourceLocation)?

        /// How much was read, so that "0 errors" always says what it covers: `read 425 Swift files:
        /// 30 registrations, 46 resolves, 1 call not understood`.
        public var readSummary: String {
            let resolves = manifest.registrations.reduce(manifest.resolves.count) { count, registration in
                count + (registration.dependencies + registration.properties).filter { $0.service != nil }.count + (registration.aliasOf == nil ? 0 : 1)
            }
            let unread = findings.filter { $0.code == .swiftImport && $0.severity != .info }.count + unreadable.count
            func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
            return "read \(counted(files.count, "Swift file")): \(counted(manifest.registrations.count, "registration")), \(counted(resolves, "resolve")), "
                + (unread == 1 ? "1 call not understood" : "\(unread) calls not understood")
        }

        /// The manifest as YAML or JSON, each registration and resolve with its Swift origin as a comment.
        public func written(as format: ManifestWriter.Format, command: String) -> String {
            var writer = ManifestWriter()
            writer.header = [
                "Imported from Swift by `\(command)`; regenerate rather than edit,",
                "or copy it once and maintain it by hand from then on.",
            ]
            writer.comments = { registration in
                ["\(registration.location.file):\(registration.location.line)"] + (notes[registration.location] ?? [])
            }
            writer.resolveComments = { use in ["\(use.location.file):\(use.location.line)"] }
            return writer.write(manifest, as: format)
        }
    }

    /// Imports the Swift files under `paths` (files, or folders read recursively).
    public static func run(
        paths: [String], excluding patterns: [String] = [], containers: [ContainerMethodStatement] = [],
        context: FactoryContext? = nil, in tree: any SourceTree = DiskTree()
    ) -> Result {
        let listing = SwiftSourceFiles.list(paths, excluding: patterns, in: tree)
        var unreadable = listing.unreadable.map { Diagnostic(.swiftImport, .error, "cannot read \($0.path): \($0.reason)", at: .start(of: $0.path)) }
        let modules = ModuleMap(packageRoots: listing.packageRoots, in: tree)
        var sources: [(path: String, text: String, module: String?)] = []
        for path in listing.files {
            guard let data = tree.contents(of: path) else {
                unreadable.append(Diagnostic(.swiftImport, .error, "cannot read \(path): permission denied or not a regular file", at: .start(of: path)))
                continue
            }
            sources.append((path, String(decoding: data, as: UTF8.self), modules.module(of: path)))
        }
        if listing.files.isEmpty, unreadable.isEmpty {
            unreadable.append(
                Diagnostic(
                    .swiftImport, .error, "no Swift files found in \(paths.map { PrintableText.escape($0) }.joined(separator: ", "))",
                    at: .start(of: paths.first ?? ".")))
        }
        var result = run(sources: sources, assemblyFrom: paths.first.map(SwiftSourceFiles.normalized) ?? "Imported", containers: containers, context: context)
        if result.manifest.registrations.isEmpty, let (library, location) = result.unreadLibrary {
            // "checked 0 registrations: 0 errors" would say a library's graph is fine when nothing of it was read.
            let why =
                library == "hmlongco/Factory"
                ? "no registration found: the sources import hmlongco/Factory, but digraph found no factory property (`var x: Factory<T> { self { … } }` on `Container` or a `SharedContainer`) in the given paths: checking them would check nothing. Give the paths that declare the containers"
                : "no registration found, and the sources use \(library), which digraph does not read: checking them would check nothing. digraph reads Swinject, hmlongco/Factory and hand-rolled containers; give it a manifest for this graph instead (see docs/manifest.md)"
            unreadable.append(Diagnostic(.swiftImport, .error, why, at: location))
        }
        result.unreadable = unreadable
        return result
    }

    /// DI libraries whose registrations digraph does not read: a tree that uses one and yields no
    /// registration is not a clean graph but an unread one.
    static let unreadLibraries: [String: String] = [
        "Factory": "hmlongco/Factory", "FactoryKit": "hmlongco/Factory", "Resolver": "Resolver", "NeedleFoundation": "Needle",
        "Dependencies": "swift-dependencies", "Cleanse": "Cleanse", "DITranquillity": "DITranquillity", "Weaver": "Weaver",
        "Pure": "Pure", "Dip": "Dip", "Knit": "Knit",
    ]

    /// Imports Swift text held in memory (tests).
    public static func run(
        sources: [(path: String, text: String, module: String?)], assemblyFrom base: String = "Imported",
        containers: [ContainerMethodStatement] = [], context: FactoryContext? = nil
    ) -> Result {
        let files = parse(sources)
        var declarations = TypeDeclarations()
        for file in files { declarations.add(file.tree, module: file.module) }
        declarations.factories = FactoryCatalogue(files: files.filter { $0.refusal == nil })

        var findings: [Diagnostic] = []
        var found: [RegistrationFinder.Found] = []
        var resolves: [RegistrationFinder.AppResolve] = []
        let api = ContainerAPI.learn(from: files, stated: containers, aliases: declarations.typealiases)
        let wrappers = SwinjectWrappers(files: files)
        var assumed: [String: (location: DigraphCore.SourceLocation, meaning: String)] = [:]
        var unknown: [String: DigraphCore.SourceLocation] = [:]
        for file in files {
            if let refusal = file.refusal {
                findings.append(refusal)
                continue
            }
            if let problem = SyntaxProblems.first(in: file) { findings.append(problem) }
            let finder = RegistrationFinder(file: file, declarations: declarations, api: api)
            finder.wrappers = wrappers
            finder.walk(file.tree)
            found += finder.found
            resolves += finder.resolves
            findings += finder.findings
            for call in finder.assumed where assumed[call.signature] == nil { assumed[call.signature] = (call.location, call.meaning) }
            for call in finder.unknown where unknown[call.signature] == nil { unknown[call.signature] = call.location }
        }
        // Said once per method: which calls were read by their shape because no declaration says what they do.
        for (signature, call) in assumed.sorted(by: { $0.key < $1.key }) {
            findings.append(
                Diagnostic(
                    .swiftImport, .warning,
                    "the declaration of `\(signature)` is not in the given paths, so digraph reads its calls by their shape: \(call.meaning). Give the file that declares the container, or state the method's meaning under `import: containers:` in .digraph.yml",
                    at: call.location))
        }
        for (signature, location) in unknown.sorted(by: { $0.key < $1.key }) {
            findings.append(
                Diagnostic(
                    .swiftImport, .warning,
                    "`\(signature)` looks like a registration, but its declaration is not in the given paths and digraph does not know what it does: its calls are not read. Give the file that declares the container, or state the method's meaning under `import: containers:` in .digraph.yml",
                    at: location))
        }
        for method in api.unread {
            findings.append(
                Diagnostic(
                    .swiftImport, .warning,
                    "`\(method.owner).\(method.name)` takes a type but digraph cannot tell what it does: \(method.why); its calls are not read. State its meaning under `import: containers:` in .digraph.yml",
                    at: method.location))
        }
        // A resolve the registering code made and a registration captured is an eager edge, not an app resolve.
        let captured = Set(found.flatMap(\.eagerResolves))
        resolves.removeAll { captured.contains($0.location) }
        // Registered in the order the app runs them, as far as the calls from its entry show.
        let order = RegistrationOrder(found: found, files: files)
        found = order.ordered
        findings += order.findings
        // Factory has no registration order: its factories are read as declared.
        var factory = FactoryContainerReader(files: files.filter { $0.refusal == nil }, declarations: declarations, context: context)
        factory.read()
        found += factory.found
        resolves += factory.resolves
        findings += factory.findings
        var assembler = ManifestAssembler(declarations: declarations, assembly: Manifest.defaultAssemblyName(for: base))
        assembler.ignores = IgnoreComments(files: files)
        findings += assembler.ignores.findings
        var (manifest, assembled, notes) = assembler.manifest(from: found, resolves: resolves)
        findings += assembled
        manifest.keysByTypeIdentity = api.keysByTypeIdentity && !files.contains(where: \.importsSwinject)
        var unreadLibrary: (String, DigraphCore.SourceLocation)?
        search: for file in files {
            for item in file.tree.statements {
                guard let module = item.item.as(ImportDeclSyntax.self)?.path.first?.name.text, let library = unreadLibraries[module] else { continue }
                unreadLibrary = (library, file.location(of: item))
                break search
            }
        }
        return Result(
            manifest: manifest, findings: findings.sortedForReport(), unreadable: [], files: files.map(\.path), notes: notes,
            unreadLibrary: unreadLibrary)
    }

    /// Parsing dominates import time: spread the files over the cores, keep their order. The
    /// parser recurses once per level of nesting: 64 MB of stack for deeply nested files.
    private static func parse(_ sources: [(path: String, text: String, module: String?)]) -> [SwiftFile] {
        Parallel.map(count: sources.count, stackSize: 64 << 20) { index in
            SwiftFile(path: sources[index].path, text: sources[index].text, module: sources[index].module)
        }
    }
}

/// A Swift file that does not parse is reported once, at its first error; what parsed is still read.
enum SyntaxProblems {
    static func first(in file: SwiftFile) -> Diagnostic? {
        guard file.tree.hasError else { return nil }
        let token = file.tree.tokens(viewMode: .all).first { token in
            token.presence == .missing || token.parent?.is(UnexpectedNodesSyntax.self) == true
        }
        let location = token.map { file.location(of: $0) } ?? .start(of: file.path)
        return Diagnostic(
            .swiftImport, .warning,
            "the file does not parse as Swift here; registrations around this point may be incomplete. Fix the syntax error (swiftc shows it) and import again",
            at: location)
    }
}

/// Which SwiftPM target declares a file: `Sources/<Target>/…` below a folder with a `Package.swift`.
struct ModuleMap {
    private var prefixes: [(prefix: String, module: String)] = []

    init(packageRoots: [String], in tree: any SourceTree) {
        for root in packageRoots {
            let base = root == "." ? "" : root + "/"
            for folder in ["Sources", "Tests"] {
                let path = base + folder
                for folder in (tree.names(in: path) ?? []).sorted() where !folder.hasPrefix(".") {
                    guard let name = Self.moduleName(folder) else { continue }
                    prefixes.append((path + "/" + folder + "/", name))
                }
            }
            // Targets with a custom `path:` in the manifest.
            if let data = tree.contents(of: base + "Package.swift") {
                let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
                for call in SwiftExpressions.calls(in: tree) {
                    let labels = Dictionary(
                        call.arguments.compactMap { argument in
                            argument.label.map { ($0.text, argument.expression) }
                        }, uniquingKeysWith: { first, _ in first })
                    guard let name = labels["name"].flatMap(SwiftExpressions.stringLiteral).flatMap(Self.moduleName),
                        let path = labels["path"].flatMap(SwiftExpressions.stringLiteral)
                    else { continue }
                    prefixes.append((base + SwiftSourceFiles.normalized(path) + "/", name))
                }
            }
        }
        prefixes.sort { $0.prefix.count > $1.prefix.count }
    }

    /// A target's module name as SwiftPM makes it (`my-lib` → `my_lib`, its c99 name); nil when the
    /// name cannot be a Swift identifier even then (quotes, newlines, bidirectional controls): such a
    /// name must not reach messages, pictures or generated code.
    static func moduleName(_ target: String) -> String? {
        let name = String(target.map { $0 == "-" || $0 == " " ? "_" : $0 })
        return name.count <= 100 && TypeExpressionParser.isIdentifierShaped(name) ? name : nil
    }

    func module(of file: String) -> String? {
        prefixes.first { file.hasPrefix($0.prefix) }?.module
    }
}
