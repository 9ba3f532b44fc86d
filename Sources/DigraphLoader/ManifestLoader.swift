import DigraphCore
import Foundation

/// The outcome of loading manifests: the linked graph when every file was a valid manifest,
/// and the `schema` diagnostics otherwise.
public struct LoadResult: Sendable {
    public var graph: DependencyGraph?
    public var diagnostics: [Diagnostic]
}

/// Loads manifest files (JSON or YAML), validates them against the schema and links them into one graph.
public enum ManifestLoader {
    public static let maximumFileSize = 256 << 20

    public enum Format: Sendable {
        case json, yaml

        /// By extension; any other file is sniffed: `{` first means JSON.
        static func of(file: String, bytes: UnsafeBufferPointer<UInt8>) -> Format {
            let lowered = file.lowercased()
            if lowered.hasSuffix(".json") { return .json }
            if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") { return .yaml }
            let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            return first == UInt8(ascii: "{") ? .json : .yaml
        }
    }

    /// Files given on the command line: a directory stands for its `*.yaml`, `*.yml` and `*.json`
    /// files (not hidden ones), sorted. A file named explicitly is always a manifest.
    public static func expand(paths: [String], in tree: any SourceTree = DiskTree()) -> [String] {
        expandMarkingFolders(paths, in: tree).map(\.file)
    }

    private static func expandMarkingFolders(_ paths: [String], in tree: any SourceTree) -> [(file: String, folder: String?)] {
        paths.flatMap { path -> [(file: String, folder: String?)] in
            guard tree.kind(of: path) == .directory, let names = tree.names(in: path) else {
                return [(path, nil)]
            }
            let prefix = path.hasSuffix("/") ? path : path + "/"
            return names.filter { !$0.hasPrefix(".") && isManifestName($0) }
                .sorted().map { (prefix + $0, path) }
        }
    }

    /// A file found in `folder` that is a symbolic link out of the repository: not read (see
    /// `SourceTree.linkLeavesRepository`).
    static func leadsOutside(_ file: String, foundIn folder: String?, in tree: any SourceTree) -> Bool {
        guard let folder, tree.entry(at: file) == .link else { return false }
        return tree.linkLeavesRepository(file, walking: folder)
    }

    /// Loads manifest files, merged with manifests already made in memory (imported from Swift).
    /// In a directory, YAML or JSON that is not a manifest (a `.swiftlint.yml`, a `codecov.yml`:
    /// neither `version` nor `registrations` at the top) is skipped with an info; a directory that
    /// yields no manifest is an error.
    public static func load(
        files: [String], adding made: [Manifest] = [], unreadable more: [Diagnostic] = [],
        in tree: any SourceTree = DiskTree()
    ) -> LoadResult {
        var sources: [(file: String, bytes: [UInt8])] = []
        var unreadable: [Diagnostic] = []
        var skipped: [Diagnostic] = []
        var manifestsPerFolder: [String: Int] = [:]
        for path in files where tree.kind(of: path) == .directory { manifestsPerFolder[path] = 0 }
        for (file, folder) in expandMarkingFolders(files, in: tree) {
            if leadsOutside(file, foundIn: folder, in: tree) {
                unreadable.append(.schema(InputFile.linkOutsideProblem, at: .start(of: file)))
                continue
            }
            switch read(file: file, in: tree) {
            case .success(let bytes):
                if folder != nil, case .other(let reason) = candidate(bytes, file: file) {
                    skipped.append(Diagnostic(.schema, .info, "skipped: \(reason), so it is not read as a manifest", at: .start(of: file)))
                    continue
                }
                if let folder { manifestsPerFolder[folder, default: 0] += 1 }
                sources.append((file, bytes))
            case .failure(let diagnostic): unreadable.append(diagnostic)
            }
        }
        for (folder, count) in manifestsPerFolder where count == 0 {
            unreadable.append(
                .schema(
                    "no manifest in this directory (a .yaml, .yml or .json file with `version: 1` and `registrations:`); give the folder that holds the manifests, or name a file",
                    at: .start(of: folder)))
        }
        var result = load(sources: sources, adding: made, unreadable: unreadable + more)
        result.diagnostics = (result.diagnostics + skipped).sortedForReport()
        return result
    }

    /// A name a manifest has: `.yaml`, `.yml` or `.json`.
    public static func isManifestName(_ path: String) -> Bool {
        path.hasSuffix(".yaml") || path.hasSuffix(".yml") || path.hasSuffix(".json")
    }

    /// What a `.yaml`, `.yml` or `.json` file found in a folder is: the one decision `check` (which
    /// files of a folder to read) and `init` (which files to list) share.
    public enum Candidate: Equatable, Sendable {
        /// A mapping with `version` or `registrations` at its top.
        case manifest
        /// It does not parse: it may be a broken manifest (`check` reads it and reports the error;
        /// `init` does not list it).
        case unparsable
        /// Something else, and why.
        case other(String)
    }

    public static func candidate(_ bytes: [UInt8], file: String) -> Candidate {
        guard let document = try? parseDocument(bytes: bytes, file: file) else { return .unparsable }
        guard case .mapping(let entries) = document.kind else { return .other("its top level is not a mapping") }
        let keys = Set(entries.map(\.key.value))
        if keys.contains("findings"), !keys.contains("registrations") { return .other("it is a digraph baseline (it lists `findings`)") }
        return keys.contains("version") || keys.contains("registrations") ? .manifest : .other("it has neither `version` nor `registrations` at the top")
    }

    /// Loads manifest text held in memory (tests, examples), as if read from `file`.
    public static func load(text: String, file: String = "manifest.yaml") -> LoadResult {
        load(sources: [(file, Array(text.utf8))])
    }

    public static func load(sources: [(file: String, bytes: [UInt8])], adding made: [Manifest] = [], unreadable: [Diagnostic] = []) -> LoadResult {
        var manifests: [Manifest] = made
        var diagnostics = unreadable
        for source in sources {
            let (manifest, found) = decode(bytes: source.bytes, file: source.file)
            diagnostics += found
            if let manifest { manifests.append(manifest) }
        }
        // Later stages run only on valid input: a half-read manifest would produce false findings.
        guard diagnostics.isEmpty else { return LoadResult(graph: nil, diagnostics: diagnostics.sortedForReport()) }
        var merger = ManifestMerger()
        let graph = merger.merge(manifests)
        return LoadResult(graph: merger.diagnostics.isEmpty ? graph : nil, diagnostics: merger.diagnostics.sortedForReport())
    }

    /// Only parses a file into its located document (for the parse-only benchmark).
    public static func parseDocument(bytes: [UInt8], file: String) throws(DocumentError) -> DocumentNode {
        try bytes.withUnsafeBufferPointer { buffer throws(DocumentError) in try parse(buffer, file: file) }
    }

    static func read(file: String, in tree: any SourceTree = DiskTree()) -> Result<[UInt8], Diagnostic> {
        let kind = tree.kind(of: file)
        switch kind {
        case .regularFile: break
        case .directory: return .failure(.schema("is a directory with no .yaml, .yml or .json manifests", at: .start(of: file)))
        default: return .failure(.schema(InputFile.problem(for: kind)!, at: .start(of: file)))
        }
        // The size first, so that a file over the limit is never read (a revision's blob is not even held).
        if let size = tree.size(of: file), size > maximumFileSize {
            return .failure(.schema("the file is larger than \(maximumFileSize >> 20) MB; split the manifest into several files", at: .start(of: file)))
        }
        guard let bytes = tree.contents(of: file, limit: maximumFileSize + 1) else {
            return .failure(.schema("cannot read the file: permission denied", at: .start(of: file)))
        }
        guard bytes.count <= maximumFileSize else {
            return .failure(.schema("the file is larger than \(maximumFileSize >> 20) MB; split the manifest into several files", at: .start(of: file)))
        }
        return .success(bytes)
    }

    static func decode(bytes: [UInt8], file: String) -> (Manifest?, [Diagnostic]) {
        let document: DocumentNode
        do {
            document = try parseDocument(bytes: bytes, file: file)
        } catch {
            return (nil, [.schema(error.message, at: error.location, notes: error.notes)])
        }
        var decoder = ManifestDecoder(file: file)
        let manifest = decoder.decode(document)
        if bytes.count > 1 << 20 { Parallel.release(document) }
        return (decoder.diagnostics.isEmpty ? manifest : nil, capped(decoder.diagnostics, file: file, unrecorded: decoder.unrecorded))
    }

    /// How many schema problems one file reports: a file of a million bad entries must not print
    /// a hundred megabytes. The rest are counted in a last line.
    public static let maximumProblemsPerFile = 200

    static func capped(_ diagnostics: [Diagnostic], file: String, unrecorded: Int = 0) -> [Diagnostic] {
        guard diagnostics.count > maximumProblemsPerFile else { return diagnostics }
        let shown = diagnostics.sortedForReport().prefix(maximumProblemsPerFile)
        let last = shown.last!.location
        return Array(shown) + [
            .schema(
                "… and \(diagnostics.count + unrecorded - maximumProblemsPerFile) more problems in this file, not shown; fix these first",
                at: SourceLocation(file: file, line: last.line, column: last.column))
        ]
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(DocumentError) -> DocumentNode {
        if let offset = UTF8Validation.firstInvalidByte(in: bytes) {
            let (line, column) = UTF8Validation.position(of: offset, in: bytes)
            throw DocumentError(
                "the file is not UTF-8 text (byte 0x\(hex(bytes[offset], width: 2)) is not valid here); manifests are UTF-8 JSON or YAML",
                at: SourceLocation(file: file, line: line, column: column))
        }
        if let offset = bytes.firstIndex(of: 0) {
            let (line, column) = UTF8Validation.position(of: offset, in: bytes)
            throw DocumentError(
                "the file contains a NUL byte; manifests are UTF-8 JSON or YAML text",
                at: SourceLocation(file: file, line: line, column: column))
        }
        if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw DocumentError("the file is empty; a manifest starts with `version: 1` and lists `registrations:`", at: .start(of: file))
        }
        switch Format.of(file: file, bytes: bytes) {
        case .json:
            return try JSONReader.read(bytes, file: file)
        case .yaml:
            return try YAMLReader.read(bytes, file: file)
        }
    }
}
