import DigraphSwiftGen
import DigraphSwiftImport
import Foundation

/// One generated file: where it goes and what it holds.
public struct GeneratedFile: Sendable, Equatable {
    public var path: String
    public var text: String
    /// Written only when no file is there: the team's to edit (a resolve-all test's setup), never
    /// compared or replaced.
    public var writtenOnce = false
}

/// The composition root as Swift files: generating them (with the header naming their
/// manifests), telling whether the files on disk are stale, and writing them.
public struct SwiftGeneration: Sendable {
    public enum Target: String, CaseIterable, Sendable {
        /// A container class in plain Swift, no runtime library.
        case plain
        /// One Swinject `Assembly` per manifest file.
        case swinject
        /// One extension of hmlongco/Factory's `Container`: a factory property per key.
        case factory
        /// Stand-in declarations of the manifest's types, to try generated code without the app.
        case stubs
        /// A Swift Testing file that builds the app's container as the app does and resolves every key.
        case tests
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public var target: Target
    public var access: AccessLevel
    /// With `.plain`: spread the registrations over this many files in the directory `output`.
    public var split: Int
    /// A file path, `-` for stdout, or a directory when `split > 1`.
    public var output: String
    /// With `.tests`: the app's module, which the tests import with `@testable`, and other modules
    /// that declare its keys.
    public var module: String?
    public var imports: [String] = []

    /// More files than this helps no compiler and only fills a folder.
    public static let maximumSplit = 1_000

    public init(
        target: Target = .plain, access: AccessLevel = .internal, split: Int = 1, output: String = "-", module: String? = nil, imports: [String] = []
    ) {
        self.target = target
        self.access = access
        self.split = split
        self.output = output
        self.module = module
        self.imports = imports
    }

    /// What is wrong with these options, if anything (a command line reports it as a usage error).
    public var optionProblem: String? {
        if !(1...Self.maximumSplit).contains(split) {
            return "--split must be between 1 and \(Self.maximumSplit) (files of registrations), not \(split)"
        }
        if split > 1, target != .plain { return "--split applies to --target plain" }
        if split > 1, output == "-" { return "--split writes several files: give a directory with -o" }
        if target == .tests {
            guard let module else { return "--target tests needs --module NAME: the app's module, which the tests import with @testable" }
            guard TypeExpressionParser.isIdentifierShaped(module), module.count <= 200 else {
                return "--module \(PrintableText.escape(String(module.prefix(80)))): write the app's module name, an identifier such as App"
            }
            if output == "-" { return "--target tests writes the tests and, beside them, the setup file they use: give the tests file with -o" }
            if let odd = imports.first(where: { !TypeExpressionParser.isIdentifierShaped($0) || $0.count > 200 }) {
                return "--import \(PrintableText.escape(String(odd.prefix(80)))): write a module's name, an identifier such as Domain"
            }
        } else if module != nil {
            return "--module applies to --target tests"
        } else if !imports.isEmpty {
            return "--import applies to --target tests"
        }
        return nil
    }

    /// Why nothing was generated from a set of manifests.
    public enum Refusal: Error {
        /// The manifests could not be used; the check's report says why.
        case unusableInput
        /// The graph has errors, which the check's report lists: code from it would crash.
        case graphHasErrors
        /// The graph checks but cannot be written as Swift (two keys spelled alike).
        case cannotGenerate(Failure)

        public var status: ExitStatus {
            switch self {
            case .unusableInput: .unusableInput
            case .graphHasErrors, .cannotGenerate: .graphHasErrors
            }
        }
    }

    /// Checks `manifests` and generates their files, the one path `gen-swift` and the build plugin's
    /// `digraph-generate` share: nothing is generated from a graph that has errors.
    /// Swift sources among `manifests` are read as the other commands read them (`excluding`,
    /// `containers`, `context`, `defines`), as the debug build: the graph the code is made from.
    public func generate(
        from manifests: [String], excluding patterns: [String] = [], containers: [ContainerMethodStatement] = [], context: FactoryContext? = nil,
        defines: [String] = []
    ) -> (check: CheckRun, files: Result<[GeneratedFile], Refusal>) {
        let check = CheckRun(
            files: manifests, excluding: patterns, containers: containers, context: context, defines: defines, everyBuild: false)
        guard let graph = check.graph else { return (check, .failure(.unusableInput)) }
        guard check.report.errors == 0 else { return (check, .failure(.graphHasErrors)) }
        do {
            return (check, .success(try files(for: graph, manifests: manifests, recipe: check.recipe)))
        } catch {
            return (check, .failure(.cannotGenerate(error)))
        }
    }

    /// The files for `graph`, read from `manifests` (named in the header relative to the output).
    /// Fails when the graph cannot be generated although it checks (two keys whose accessors
    /// would be spelled alike): the message names both.
    public func files(
        for graph: DependencyGraph, manifests: [String], recipe: ContainerRecipe? = nil,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(Failure) -> [GeneratedFile] {
        let plan: GenerationPlan
        do {
            // Swinject keeps registrations of one key apart by their arguments' types; stubs only declare types.
            plan = try GenerationPlan(graph: graph, keysHoldArguments: target == .swinject || target == .stubs)
        } catch {
            throw Failure(description: "\(error)")
        }
        let sources = headerSources(manifests, workingDirectory: workingDirectory)
        switch target {
        case .plain where split > 1:
            return PlainContainerGenerator(plan: plan, access: access, sources: sources, parts: split).generateFiles()
                .map { GeneratedFile(path: output + "/" + $0.name, text: $0.text) }
        case .plain: return [GeneratedFile(path: output, text: PlainContainerGenerator(plan: plan, access: access, sources: sources).generate())]
        case .swinject: return [GeneratedFile(path: output, text: SwinjectAssemblyGenerator(plan: plan, access: access, sources: sources).generate())]
        case .factory: return [GeneratedFile(path: output, text: FactoryContainerGenerator(plan: plan, access: access, sources: sources).generate())]
        case .stubs: return [GeneratedFile(path: output, text: StubGenerator(plan: plan, sources: sources).generate())]
        case .tests:
            let generator: ResolveAllTestsGenerator
            do {
                generator = try ResolveAllTestsGenerator(plan: plan, recipe: recipe, module: module ?? "App", imports: imports, sources: sources)
            } catch {
                throw Failure(description: error.description)
            }
            let setup = ((output as NSString).deletingLastPathComponent as NSString).appendingPathComponent(ResolveAllTestsGenerator.setup + ".swift")
            return [
                GeneratedFile(path: output, text: generator.generate()),
                GeneratedFile(path: setup, text: generator.setupFile(), writtenOnce: true),
            ]
        }
    }

    /// One line per file that differs from `files` (missing, generated with other options, or
    /// stale with the first difference), and per part left over from an earlier, wider split.
    /// Empty when everything is up to date.
    public func staleness(of files: [GeneratedFile]) -> [String] {
        var problems: [String] = []
        for file in files where !file.writtenOnce {
            let existing: String
            switch ComparedFile.text(at: file.path) {
            case .success(let text): existing = text
            case .failure(let missing):
                problems.append("\(PrintableText.escape(file.path)) \(missing.reason)")
                continue
            }
            if let options = GeneratedHeader.optionDifference(expected: file.text, existing: existing) {
                problems.append("\(file.path) was \(options)")
            } else if let difference = StaleFile.describe(
                expected: GeneratedHeader.ignoringVersion(file.text), found: GeneratedHeader.ignoringVersion(existing))
            {
                problems.append("\(file.path) is stale: \(difference)")
            }
        }
        return problems + leftovers(besides: files).map { "\($0) is left over from an earlier split" }
    }

    /// Writes `files` atomically. A file is replaced only when digraph wrote it (its header says
    /// so); none of `inputs` is ever overwritten; the parts of an earlier, wider split of this
    /// container are removed (never another container's files). Two runs splitting into one
    /// folder take turns, so the folder holds one run's files.
    public func write(_ files: [GeneratedFile], readingFrom inputs: [String]) throws(OutputPath.WriteError) {
        do {
            if split > 1 {
                // The folder is where every part goes: a link would send them wherever it points.
                var status = stat()
                if lstat(output, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                    throw OutputPath.WriteError(description: "\(PrintableText.escape(output)) is a symbolic link; give the path of the folder itself")
                }
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            }
            let lock = split > 1 ? try DirectoryLock(output) : nil
            defer { lock?.release() }
            let written = files.filter { !$0.writtenOnce || InputFile.kind(of: $0.path) == .missing }
            for file in written where file.path != "-" && !file.writtenOnce { try Self.mayReplace(file.path) }
            for file in written { try OutputPath.write(Array(file.text.utf8), to: file.path, readingFrom: inputs) }
            for leftover in leftovers(besides: files) { try FileManager.default.removeItem(atPath: leftover) }
        } catch let error as OutputPath.WriteError {
            throw error
        } catch {
            throw OutputPath.WriteError(description: "cannot write \(output): \(error.localizedDescription)")
        }
    }

    /// Parts of this container from an earlier, wider split.
    private func leftovers(besides files: [GeneratedFile]) -> [String] {
        guard split > 1, let first = files.first else { return [] }
        return GeneratedDirectory.splitParts(of: (first.path as NSString).lastPathComponent, in: output)
            .filter { path in !files.contains { $0.path == path } }
    }

    /// The manifests as the header names them: relative to the folder of the output (the
    /// working directory for stdout), so that `DI`, `./DI/` and an absolute path give one file.
    func headerSources(_ manifests: [String], workingDirectory: String) -> [String] {
        let outputFolder: String =
            switch output {
            case "-": workingDirectory
            case _ where split > 1: PathSpelling.absolute(output, from: workingDirectory)
            default: (PathSpelling.absolute(output, from: workingDirectory) as NSString).deletingLastPathComponent
            }
        return manifests.map { PathSpelling.relative(PathSpelling.absolute($0, from: workingDirectory), to: outputFolder) }
    }

    /// A generated file is replaced only when it is a regular file that digraph wrote: its header
    /// says so. A file it cannot read is not replaced either, since that cannot be told.
    static func mayReplace(_ path: String) throws(OutputPath.WriteError) {
        if let refusal = OutputPath.refusal(for: path) { throw refusal }
        guard InputFile.kind(of: path) != .missing else { return }
        guard let existing = FileManager.default.contents(atPath: path) else {
            throw OutputPath.WriteError(
                description:
                    "\(path) exists but cannot be read, so digraph cannot tell whether it generated it; refusing to overwrite it. Move it away or choose another -o"
            )
        }
        if !GeneratedHeader.isPresent(in: String(decoding: existing.prefix(GeneratedHeader.marker.utf8.count), as: UTF8.self)) {
            throw OutputPath.WriteError(
                description:
                    "\(path) exists and was not generated by digraph (its first line is not '\(GeneratedHeader.marker) …'); refusing to overwrite it. Move it away or choose another -o"
            )
        }
    }
}

/// The files of one split container in a directory: `<Container>+Registrations<n>.swift` with
/// digraph's header. Other containers' parts and files of other targets are never touched.
enum GeneratedDirectory {
    static func splitParts(of mainFile: String, in directory: String) -> [String] {
        let prefix = String(mainFile.dropLast(".swift".count)) + "+Registrations"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { name in
            guard name.hasPrefix(prefix), name.hasSuffix(".swift") else { return false }
            let number = name.dropFirst(prefix.count).dropLast(".swift".count)
            return !number.isEmpty && number.allSatisfy { ("0"..."9").contains($0) }
        }.sorted().map { directory + "/" + $0 }.filter { path in
            InputFile.kind(of: path) == .regularFile
                && (FileManager.default.contents(atPath: path).map { GeneratedHeader.isPresent(in: String(decoding: $0, as: UTF8.self)) } ?? false)
        }
    }
}

/// An exclusive advisory lock on a directory (`flock`), held while a command rewrites its files.
final class DirectoryLock {
    private let descriptor: Int32

    init(_ directory: String) throws(OutputPath.WriteError) {
        descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw OutputPath.WriteError(description: "cannot open \(directory): \(String(cString: strerror(errno)))")
        }
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
