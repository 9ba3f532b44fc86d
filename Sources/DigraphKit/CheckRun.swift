import DigraphLoader
import DigraphReporters
import DigraphRules
import DigraphSwiftImport
import Foundation

/// Load, link and check: the pipeline every command starts with.
public struct CheckRun: Sendable {
    /// The linked graph; nil when the input could not be used (its problems are in `report`).
    public var graph: DependencyGraph?
    public var report: Report
    public var inputUnusable: Bool
    /// Every file read: outputs must never overwrite one of them.
    public var readFiles: [String]

    /// Paths that hold Swift (a `.swift` file, or a folder with Swift files below it) are imported in
    /// memory, with locations in the Swift files; the rest are manifests (a folder stands for its
    /// `.yaml`, `.yml` and `.json` files). Both merge into one graph. Then the rules, the manifests'
    /// own `suppress:` entries, `ignoring` and the baseline, in that order.
    ///
    /// A folder whose tree holds manifests named for the DigraphGenerate plugin
    /// (`App.digraph.yaml`, `.yml`, `.json`) stands for those manifests: its Swift code uses the
    /// container generated from them, so it is not imported as well.
    /// What was read from Swift sources (`read 425 Swift files: 30 registrations, …`), nil without any.
    public let swiftRead: String?

    /// `tree` is where the files are read: the disk, or a git revision's files (`GitRevision.tree`).
    public init(
        files given: [String], ignoring ignored: Set<DiagnosticCode> = [], excluding patterns: [String] = [], baseline: Baseline? = nil,
        containers: [ContainerMethodStatement] = [], context: FactoryContext? = nil, in tree: any SourceTree = DiskTree()
    ) {
        // One walk per folder decides what it stands for.
        var swiftPaths: [String] = [], manifestPaths: [String] = [], refused: [Diagnostic] = []
        for path in given {
            let kind = tree.kind(of: path)
            guard kind == .directory else {
                if SwiftSourceFiles.holdsSwift(path, in: tree) {
                    swiftPaths.append(path)
                } else if kind == .regularFile, !ManifestLoader.isManifestName(path) {
                    refused.append(
                        .schema(
                            "this is neither a manifest (.yaml, .yml, .json) nor Swift source (.swift); digraph reads those, or folders that hold them",
                            at: .start(of: path)))
                } else {
                    manifestPaths.append(path)
                }
                continue
            }
            let listing = SwiftSourceFiles.list([path], excluding: patterns, in: tree)
            if !listing.pluginManifests.isEmpty {
                manifestPaths += listing.pluginManifests
            } else if !listing.files.isEmpty {
                swiftPaths.append(path)
            } else {
                manifestPaths.append(path)
            }
        }
        var imported: SwiftImporter.Result?
        if !swiftPaths.isEmpty { imported = SwiftImporter.run(paths: swiftPaths, excluding: patterns, containers: containers, context: context, in: tree) }
        swiftRead = imported.map(\.readSummary)
        let loaded = ManifestLoader.load(
            files: manifestPaths, adding: imported.map { [$0.manifest] } ?? [],
            unreadable: refused + (imported?.unreadable ?? []), in: tree)
        graph = loaded.graph
        inputUnusable = loaded.graph == nil
        readFiles = ManifestLoader.expand(paths: manifestPaths, in: tree) + (imported?.files ?? [])
        let importerFindings = imported?.findings ?? []
        var findings = (loaded.graph?.placing(importerFindings) ?? importerFindings) + (loaded.graph.map(RuleCatalog.check) ?? [])
        var suppressed = 0
        if let graph = loaded.graph {
            let outcome = Suppressions.apply(to: findings, in: graph)
            findings = outcome.kept
            suppressed = outcome.suppressed.count
        }
        findings = findings.filter { !ignored.contains($0.code) }
        var baselined = 0
        if let baseline, loaded.graph != nil {
            let outcome = baseline.apply(to: findings)
            findings = outcome.kept
            baselined = outcome.baselined.count
        }
        report = Report(
            registrations: loaded.graph?.registrations.count ?? 0,
            diagnostics: loaded.diagnostics + findings, suppressed: suppressed, baselined: baselined)
    }

    public func exitStatus(strict: Bool) -> ExitStatus {
        if inputUnusable { return .unusableInput }
        if report.errors > 0 || (strict && report.warnings > 0) { return .graphHasErrors }
        return .success
    }

    /// The report in one of check's formats. `workingDirectory` spells SARIF's artifact URIs;
    /// `githubWorkspace` the paths of `--format github` annotations.
    public func rendered(
        as format: ReportFormat, colored: Bool = false, workingDirectory: String = FileManager.default.currentDirectoryPath,
        githubWorkspace: String? = nil
    ) -> String {
        format.reporter(colored: colored, workingDirectory: workingDirectory, githubWorkspace: githubWorkspace).render(report)
    }
}
