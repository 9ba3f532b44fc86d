import DigraphCore
import Foundation
import SwiftParser
import SwiftSyntax

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
        /// The containers the app does not run (a preview's, one built from other assemblies), each
        /// as its own manifest, to be checked on its own.
        public var otherContainers: [(label: String, manifest: Manifest)] = []
        /// The builds this result is what digraph read for (`debug`, `release`): those whose `#if`s
        /// leave out the same code.
        public var builds: [String] = [BuildConfiguration.debug.name]
        /// How the app builds its container, for a test that builds the same one.
        public var recipe: ContainerRecipe?
        /// Several apps (`@main` types) told apart: each one's graph, to be checked on its own
        /// instead of `manifest`, which holds them all (what is drawn and written). Empty for one app.
        public var apps: [AppManifest] = []
        /// Swinject child containers: each looks its keys up in itself, then in its parent. The
        /// registrations made on one are checked with its parents', not with the app's container.
        public var childContainers: [ChildContainer] = []
        /// Resolves read that one edge of the manifest stands for with another (the same key looked
        /// up in several methods of a holder): counted in `readSummary`.
        var foldedResolves = 0
        /// What assemblies nothing applies register (left out of `manifest`), each as a manifest:
        /// a missing key only they register is not certain.
        public var unapplied: [(label: String, manifest: Manifest)] = []
        /// Registrations the graph leaves out as alternatives of ones it keeps (another branch of an
        /// `if`, `switch` or undecided `#if`): a finding only some branches have is not certain.
        public var alternatives: [Alternative] = []
        /// Why a key nothing read provides may still be registered (an assembly the app applies that
        /// no given path declares), or nil: no `missing-binding` is then an error.
        public var unknownRegistrations: String?
        /// The keys only a preview's code resolves (no root of the app's), each at its first place.
        public var previewUses: [BindingKey: DigraphCore.SourceLocation] = [:]
        /// The types some resolve names under a name digraph cannot read, each at its first place:
        /// any of their named registrations may be what it reaches.
        public var unreadNameUses: [String: DigraphCore.SourceLocation] = [:]
        /// The app's direct resolves in `#if` clauses digraph cannot decide (`#elseif os(tvOS)`), with
        /// the clause's condition: a build that does not compile the clause never makes them, so a
        /// key missing only there is not certain.
        public var undecidedResolves: [DigraphCore.SourceLocation: String] = [:]
        /// The registrations the walk from the app's entry does not reach, each with the declaration
        /// that makes it: their place in the run order is the files' order, a guess except against
        /// another registration made in the same declaration.
        public var unplacedRegistrations: [DigraphCore.SourceLocation: String] = [:]
        /// Properties whose wrapper resolves only when they are first read, and that no code reads
        /// (`UnreadLazyInjections`), by where the wrapper is written, with the property's name.
        public var unreadLazyInjections: [DigraphCore.SourceLocation: String] = [:]
        /// Where the app registers through a container of its own beside a library's, which of the
        /// two each registration (by its place and its keys' places) is made in.
        public var containerOf: [DigraphCore.SourceLocation: String] = [:]

        /// How much was read, so that "0 errors" always says what it covers: `read 425 Swift files:
        /// 30 registrations, 46 resolves, 1 call not understood`.
        public var readSummary: String {
            let edges = manifest.registrations.flatMap { ($0.dependencies + $0.properties).filter { $0.service != nil } }
            // A resolve made while a registered type is built (or later, by its methods) is an edge of
            // each registration building the type and the app's own resolve (other code may build the
            // type): one resolve in the source, counted once.
            let edgeLocations = Set(edges.map(\.location))
            let edgeResolves = Set(edges.map { edge -> String in "\(edge.location)|\(edge.service?.writtenSpelling ?? "")" })
            let resolves =
                edgeResolves.count + manifest.registrations.filter { $0.aliasOf != nil }.count
                + manifest.resolves.filter { !edgeLocations.contains($0.location) }.count + foldedResolves
            let unread = findings.filter { $0.code == .swiftImport && $0.severity != .info }.count + unreadable.count
            func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
            return "read \(counted(files.count, "Swift file")): \(counted(manifest.registrations.count, "registration")), \(counted(resolves, "resolve")), "
                + (unread == 1 ? "1 call not understood" : "\(unread) calls not understood")
        }

        /// A manifest has no apps: written whole, a key that each of two apps registers once is
        /// registered twice in it (vexl-ios and its framework's example app each register an
        /// `AuthenticationManager`). Said once, where the second registration is, or nil.
        public var keysSeveralAppsRegister: Diagnostic? {
            guard apps.count > 1 else { return nil }
            var places: [String: Set<DigraphCore.SourceLocation>] = [:]
            var withinOneApp = Set<String>()
            for app in apps {
                var own: [String: Int] = [:]
                for registration in app.manifest.registrations {
                    for provided in registration.provides {
                        let key = provided.key + (registration.name.map { " (name: \($0.value))" } ?? "")
                        places[key, default: []].insert(registration.location)
                        own[key, default: 0] += 1
                    }
                }
                withinOneApp.formUnion(own.filter { $0.value > 1 }.keys)
            }
            let merged = places.filter { $0.value.count > 1 && !withinOneApp.contains($0.key) }.keys.sorted()
            guard let first = merged.first, let second = places[first]!.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }).dropFirst().first else {
                return nil
            }
            let others = merged.count == 1 ? "" : " (and \(merged.count - 1) more key\(merged.count == 2 ? "" : "s"))"
            return Diagnostic(
                .swiftImport, .warning,
                "the written manifest holds \(apps.count) apps' registrations, and a manifest has no apps: '\(first)', which each app registers once, is registered twice in it\(others), and `check` of the file says so; import each app's folder on its own, or check the Swift sources, which keeps the apps apart",
                at: second)
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

    /// A registration in another branch than the one the graph keeps, with the kept one's location
    /// and the branching condition as written.
    public struct Alternative: Sendable {
        /// The registration the graph keeps, then the kept branch's other registrations of the key.
        public var kept: [DigraphCore.SourceLocation]
        public var registration: Registration
        public var condition: String
    }

    /// One app's graph among several, and the folder that holds only its code (nil when its
    /// `@main` file shares a folder with another's).
    public struct AppManifest: Sendable {
        public var label: String
        public var folder: String?
        /// The registrations the app's entry reaches, by location: code it is known to run.
        public var reached: Set<DigraphCore.SourceLocation>
        public var manifest: Manifest

        /// Whether the app is known to run the code at `location`: it is in the app's folder, or
        /// `registration` (where a finding there is about) is one the app's entry reaches.
        public func runs(_ location: DigraphCore.SourceLocation, registration: DigraphCore.SourceLocation?) -> Bool {
            (folder.map(location.file.hasPrefix) ?? false) || registration.map(reached.contains) == true
        }
    }

    /// Imports the Swift files under `paths` (files, or folders read recursively) as a debug build.
    public static func run(
        paths: [String], excluding patterns: [String] = [], containers: [ContainerMethodStatement] = [],
        context: FactoryContext? = nil, in tree: any SourceTree = DiskTree()
    ) -> Result {
        run(paths: paths, excluding: patterns, containers: containers, context: context, builds: [.debug], in: tree)[0]
    }

    /// Imports the Swift files under `paths` once for each build whose `#if`s leave out different
    /// code: builds that read the same code share one result (its `builds` names them all).
    public static func run(
        paths: [String], excluding patterns: [String] = [], containers: [ContainerMethodStatement] = [],
        context: FactoryContext? = nil, builds: [BuildConfiguration], in tree: any SourceTree = DiskTree()
    ) -> [Result] {
        let listing = SwiftSourceFiles.list(paths, excluding: patterns, in: tree)
        var unreadable = listing.unreadable.map { Diagnostic(.swiftImport, .error, "cannot read \($0.path): \($0.reason)", at: .start(of: $0.path)) }
        let modules = ModuleMap(packageRoots: listing.packageRoots, in: tree)
        var sources: [(path: String, text: String, module: String?)] = []
        var tooLarge: [String: Int] = [:]
        // A file no Xcode project compiles is not part of any app: said once per file, not read.
        let projects = XcodeProjects(pbxprojs: listing.xcodeProjects, tuistRoots: listing.tuistRoots, in: tree)
        let leftOut = projects.leftOut(of: listing.files, given: listing.given, packageFolders: listing.packageRoots + listing.tuistRoots + listing.podRoots)
        // A flag only other configurations set (`Debug-AllFeatures`) is unset in the debug and release builds.
        var builds = builds
        var unsetFlags: [Diagnostic] = []
        for unset in projects.conditions.unset where !builds.contains(where: { $0.set.contains(unset.flag) }) {
            for index in builds.indices { builds[index].decided.insert(unset.flag) }
            let configurations = unset.configurations.map { "'\(PrintableText.escape($0))'" }.joined(separator: ", ")
            unsetFlags.append(
                Diagnostic(
                    .swiftImport, .info,
                    "\(PrintableText.escape(unset.flag)) is set only in the \(configurations) configuration\(unset.configurations.count == 1 ? "" : "s") of this project, not in 'Debug' or 'Release': its `#if`s are read as unset; pass `--define \(PrintableText.escape(unset.flag))` to read them set",
                    at: .start(of: unset.project)))
        }
        let notCompiled = XcodeProjects.grouped(leftOut, among: listing.files).map { group in
            let first = group.files[0]
            if group.folder == nil, let elsewhere = first.placedAt {
                return Diagnostic(
                    .swiftImport, .info,
                    "the Xcode projects here compile '\(PrintableText.escape(first.name))' only at \(PrintableText.escape(elsewhere)), so this file is not compiled and digraph leaves it out; give its path to read it anyway",
                    at: .start(of: first.file))
            }
            guard let folder = group.folder else {
                return Diagnostic(
                    .swiftImport, .info,
                    "\(PrintableText.escape(first.project)) lists no file named '\(PrintableText.escape(first.name))' in any target, so this file is not compiled and digraph leaves it out; give its path to read it anyway",
                    at: .start(of: first.file))
            }
            return Diagnostic(
                .swiftImport, .info,
                "\(PrintableText.escape(first.project)) lists none of the \(group.files.count) Swift files under '\(PrintableText.escape(folder))' in any target, so they are not compiled and digraph leaves them out; give their paths to read them anyway",
                at: .start(of: first.file))
        }
        let skipped = Set(leftOut.map(\.file))
        for path in listing.files where !skipped.contains(path) {
            // Known too large before it is read (a blob in a git revision is never read whole): the
            // same refusal as a file read and found too large, not "cannot read".
            if let size = tree.size(of: path), size > SwiftFile.maximumBytes {
                tooLarge[path] = size
                sources.append((path, "", modules.module(of: path) ?? projects.module(of: path)))
                continue
            }
            guard let data = tree.contents(of: path) else {
                unreadable.append(Diagnostic(.swiftImport, .error, "cannot read \(path): permission denied or not a regular file", at: .start(of: path)))
                continue
            }
            sources.append((path, String(decoding: data, as: UTF8.self), modules.module(of: path) ?? projects.module(of: path)))
        }
        if listing.files.isEmpty, unreadable.isEmpty {
            unreadable.append(
                Diagnostic(
                    .swiftImport, .error, "no Swift files found in \(paths.map { PrintableText.escape($0) }.joined(separator: ", "))",
                    at: .start(of: paths.first ?? ".")))
        }
        var programs: [String: Set<String>] = [:]
        for source in sources { programs[source.path] = projects.programs(of: source.path) }
        let results = run(
            sources: sources, assemblyFrom: paths.first.map(SwiftSourceFiles.normalized) ?? "Imported", containers: containers, context: context,
            dialects: dialects, builds: builds, tooLarge: tooLarge, programs: programs)
        return results.map { result in
            var result = result
            result.findings += notCompiled + unsetFlags
            result.unreadable = unreadable
            if result.manifest.registrations.isEmpty, let (library, location) = result.unreadLibrary {
                // "checked 0 registrations: 0 errors" would say a library's graph is fine when nothing of it was read.
                result.unreadable.append(Diagnostic(.swiftImport, .error, UnreadLibraries.nothingRead(library), at: location))
            }
            return result
        }
    }

    /// The libraries read call by call, in the order a file's dialect is decided: the first whose
    /// `speaks` says yes (the hand-rolled dialect takes every file the others leave).
    static let dialects: [any Dialect.Type] = [SwinjectDialect.self, HandRolledDialect.self]

    /// Imports Swift text held in memory (tests).
    public static func run(
        sources: [(path: String, text: String, module: String?)], assemblyFrom base: String = "Imported",
        containers: [ContainerMethodStatement] = [], context: FactoryContext? = nil
    ) -> Result {
        run(sources: sources, assemblyFrom: base, containers: containers, context: context, dialects: dialects, builds: [.debug])[0]
    }

    /// Imports Swift text with the given dialects (a test may add one of its own), once per group
    /// of builds that leave out the same `#if` clauses.
    static func run(
        sources: [(path: String, text: String, module: String?)], assemblyFrom base: String, containers: [ContainerMethodStatement],
        context: FactoryContext?, dialects: [any Dialect.Type], builds: [BuildConfiguration] = [.debug], tooLarge: [String: Int] = [:],
        programs: [String: Set<String>] = [:]
    ) -> [Result] {
        let parsed = parse(sources, tooLarge: tooLarge)
        var groups: [(builds: [BuildConfiguration], leftOut: [[Range<Int>]])] = []
        for build in builds {
            let leftOut = parsed.map { $0.inactiveRanges(in: build) }
            if let same = groups.firstIndex(where: { $0.leftOut == leftOut }) {
                groups[same].builds.append(build)
            } else {
                groups.append(([build], leftOut))
            }
        }
        // The builds' passes run side by side (a walk wants a big stack); each parses its changed files again.
        let decided = groups
        return Parallel.map(count: decided.count, stackSize: 64 << 20) { number in
            let group = decided[number]
            let files = Parallel.map(count: parsed.count, stackSize: 64 << 20) { parsed[$0].leavingOut(group.leftOut[$0]) }
            var run = ImportRun(files: files, dialectTypes: dialects, stated: containers, context: context, assembly: Manifest.defaultAssemblyName(for: base))
            run.build = group.builds[0]
            run.programs = programs
            for pass in ImportRun.passes { pass.run(&run) }
            return Result(
                manifest: run.manifest, findings: run.findings.sortedForReport(), unreadable: [], files: run.files.map(\.path), notes: run.notes,
                unreadLibrary: run.unreadLibrary, otherContainers: run.otherManifests, builds: group.builds.map(\.name),
                recipe: run.recipe, apps: run.appManifests, childContainers: run.children.children, foldedResolves: run.foldedResolves,
                unapplied: run.unappliedManifests, alternatives: run.alternativeRegistrations, unknownRegistrations: run.unknownRegistrations,
                previewUses: run.previewUses, unreadNameUses: run.unreadNameUses, undecidedResolves: run.undecidedResolves,
                unplacedRegistrations: run.unplacedRegistrations, unreadLazyInjections: run.unreadLazyInjections,
                containerOf: run.containerOf)
        }
    }

    /// Parsing dominates import time: spread the files over the cores, keep their order. The
    /// parser recurses once per level of nesting: 64 MB of stack for deeply nested files.
    private static func parse(_ sources: [(path: String, text: String, module: String?)], tooLarge: [String: Int]) -> [SwiftFile] {
        Parallel.map(count: sources.count, stackSize: 64 << 20) { index in
            if let size = tooLarge[sources[index].path] { return SwiftFile(path: sources[index].path, tooLarge: size, module: sources[index].module) }
            return SwiftFile(path: sources[index].path, text: sources[index].text, module: sources[index].module)
        }
    }
}
