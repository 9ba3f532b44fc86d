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
    /// How the app builds its container, read from its Swift sources (the debug build); nil for manifests.
    public let recipe: ContainerRecipe?

    /// `tree` is where the files are read: the disk, or a git revision's files (`GitRevision.tree`).
    /// Swift is checked as a debug and a release build; `everyBuild: false` reads the debug build
    /// only, for answers about one graph (a picture); `rules: false` links the graph without
    /// checking it (`why`, `analyze`: only unusable input is reported).
    public init(
        files given: [String], ignoring ignored: Set<DiagnosticCode> = [], excluding patterns: [String] = [], baseline: Baseline? = nil,
        containers: [ContainerMethodStatement] = [], context: FactoryContext? = nil, defines: [String] = [], everyBuild: Bool = true,
        rules: Bool = true, in tree: any SourceTree = DiskTree()
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
        // Swift is read once per build whose `#if`s leave out different code; the first is the debug build.
        let imports: [SwiftImporter.Result?] =
            swiftPaths.isEmpty
            ? [nil]
            : SwiftImporter.run(
                paths: swiftPaths, excluding: patterns, containers: containers, context: context,
                builds: Array(BuildConfiguration.standard(defining: defines).prefix(everyBuild ? .max : 1)), in: tree)
        let checked = imports.map { imported in
            Self.check(imported, manifests: manifestPaths, unreadable: refused, ignoring: ignored, rules: rules, in: tree)
        }
        let loaded = checked[0].loaded
        let imported = imports[0]
        swiftRead = imported.map { $0.readSummary + Self.buildsRead(imports.compactMap { $0 }) }
        recipe = imported?.recipe
        graph = loaded.graph
        inputUnusable = loaded.graph == nil
        readFiles = ManifestLoader.expand(paths: manifestPaths, in: tree) + (imported?.files ?? [])
        var findings = Self.merged(checked.map(\.findings), builds: imports.map { $0?.builds ?? [] })
        let suppressed = checked[0].suppressed
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

    /// One build's graph: its Swift and the manifests loaded and linked, the rules run, its
    /// suppressions and `ignoring` applied.
    private static func check(
        _ imported: SwiftImporter.Result?, manifests: [String], unreadable: [Diagnostic], ignoring ignored: Set<DiagnosticCode>,
        rules: Bool = true, in tree: any SourceTree
    ) -> (loaded: LoadResult, findings: [Diagnostic], suppressed: Int) {
        let loaded = ManifestLoader.load(
            files: manifests, adding: imported.map { [$0.manifest] } ?? [], unreadable: unreadable + (imported?.unreadable ?? []), in: tree)
        // A question about the graph (why, analyze) needs it linked, not checked.
        guard rules else { return (loaded, [], 0) }
        let importerFindings = imported?.findings ?? []
        // Several apps: each app's graph is checked, not the one that holds them all.
        let apps = (imported?.apps.count ?? 0) > 1 ? imported!.apps : []
        // Swinject child containers: each container's view is checked, not the one that holds them all.
        let views = apps.isEmpty ? imported.map { ContainerViews($0.manifest, children: $0.childContainers) } : nil
        let checksWhole = apps.isEmpty && views?.views.isEmpty != false
        // A finding about Swift sources says what to change in Swift, not in a manifest.
        var ruleFindings = checksWhole ? loaded.graph.map(RuleCatalog.check)?.map(RuleCatalog.inSwiftWords) ?? [] : []
        if checksWhole, let imported, !imported.alternatives.isEmpty, loaded.graph != nil {
            ruleFindings = AlternativeBranches.merged(ruleFindings, of: imported.manifest, alternatives: imported.alternatives, manifests: manifests, in: tree)
        }
        var findings = (loaded.graph?.placing(importerFindings) ?? importerFindings).map(RuleCatalog.inSwiftWords) + ruleFindings
        if let graph = loaded.graph, let views, !views.views.isEmpty {
            // Placed on the graph that holds every container, where suppressions and pictures look.
            findings += graph.placing(views.check(manifests: manifests, in: tree))
        }
        var suppressed = 0
        if let graph = loaded.graph {
            let outcome = Suppressions.apply(to: findings, in: graph)
            findings = outcome.kept
            suppressed = outcome.suppressed.count
            if !apps.isEmpty {
                let checked = checkApps(apps, manifests: manifests, placedOn: graph, in: tree)
                findings += checked.findings
                suppressed += checked.suppressed
            }
        }
        // A finding the app's graph already has at that place (on a helper's registration both make) is said once.
        let saidOfTheApp = Set(findings.map { "\($0.code)|\($0.location)" })
        for other in imported?.otherContainers ?? [] {
            findings += checkOnItsOwn(other.manifest, label: other.label, except: saidOfTheApp)
        }
        if let unapplied = imported?.unapplied, !unapplied.isEmpty { findings = uncertain(findings, registeredIn: unapplied) }
        // The specific reason first: an assembly no path declares, a generic registration.
        if let reason = imported?.unknownRegistrations { findings = missingBindingsAsWarnings(findings) { _ in reason } }
        if let imported, manifests.isEmpty, imported.manifest.registrations.isEmpty { findings = unseen(findings) }
        if let previewUses = imported?.previewUses, !previewUses.isEmpty { findings = usedByPreviews(findings, previewUses) }
        if let uses = imported?.unreadNameUses, !uses.isEmpty { findings = maybeUsedUnderUnreadNames(findings, uses, in: loaded.graph) }
        if let imported, !imported.undecidedResolves.isEmpty { findings = resolvedInUndecidedClauses(findings, imported) }
        if let imported, !imported.unreadLazyInjections.isEmpty { findings = resolvedOnlyWhenRead(findings, imported) }
        if let containerOf = imported?.containerOf, !containerOf.isEmpty, let graph = loaded.graph {
            findings = findings.filter { !inTwoContainers($0, containerOf, graph) }
        }
        if let imported, let graph = loaded.graph, !imported.unplacedRegistrations.isEmpty {
            findings = orderGuessed(findings, unplaced: imported.unplacedRegistrations, in: graph)
        }
        return (loaded, findings.filter { !ignored.contains($0.code) }, suppressed)
    }

    /// The rules' findings on one more graph (`manifest` with the manifest files beside it), in
    /// Swift's words, with that graph: an app's, a container's, a branch's, a preview's.
    static func ruleFindings(
        of manifest: Manifest, beside manifests: [String] = [], in tree: any SourceTree = DiskTree()
    ) -> (graph: DependencyGraph, findings: [Diagnostic])? {
        guard let graph = ManifestLoader.load(files: manifests, adding: [manifest], in: tree).graph else { return nil }
        return (graph, RuleCatalog.check(graph).map(RuleCatalog.inSwiftWords))
    }

    /// Several apps, each checked with its own graph. A finding every app has is reported as it
    /// is; one only some have names them: as it is where one of them is known to run the code (its
    /// folder, a registration its entry reaches), else (shared code an app may never run) as a
    /// warning, an info left out. Placed by location on the graph that holds every app, the one drawn.
    private static func checkApps(
        _ apps: [SwiftImporter.AppManifest], manifests: [String], placedOn graph: DependencyGraph, in tree: any SourceTree
    ) -> (findings: [Diagnostic], suppressed: Int) {
        var holders: [String: [(app: Int, runs: Bool)]] = [:]
        var order: [(identity: String, finding: Diagnostic)] = []
        var suppressed = Set<String>()
        for (number, app) in apps.enumerated() {
            guard let (appGraph, checked) = ruleFindings(of: app.manifest, beside: manifests, in: tree) else { continue }
            let outcome = Suppressions.apply(to: checked, in: appGraph)
            suppressed.formUnion(outcome.suppressed.map(\.mergeKey))
            for finding in outcome.kept {
                var unplaced = finding
                unplaced.subject?.place = nil
                let key = unplaced.mergeKey
                if holders[key] == nil { order.append((key, unplaced)) }
                guard holders[key]?.last?.app != number else { continue }
                let registration = finding.subject?.place.flatMap(\.registration).map { appGraph.registrations[$0].location }
                holders[key, default: []].append((number, app.runs(finding.location, registration: registration)))
            }
        }
        let findings: [Diagnostic] = order.compactMap { key, finding in
            let holding = holders[key]!
            guard holding.count < apps.count else { return finding }
            var named = finding
            let running = holding.filter(\.runs)
            if !running.isEmpty {
                named.message += " (in \(running.map { apps[$0.app].label }.joined(separator: " and ")))"
                return named
            }
            guard finding.severity != .info else { return nil }
            named.severity = .warning
            named.message += " (only in \(holding.map { apps[$0.app].label }.joined(separator: " and ")), if it runs this code)"
            return named
        }
        return (graph.placing(findings), suppressed.count)
    }

    /// A key the app's code resolves that nothing in the graph provides, but an assembly digraph
    /// finds nothing applying does register: that assembly may be applied in a way digraph does not
    /// read (found by reflection, by a target not given), or the code resolving it may be the
    /// assembly's own and never run. A warning, not an error.
    private static func uncertain(_ findings: [Diagnostic], registeredIn unapplied: [(label: String, manifest: Manifest)]) -> [Diagnostic] {
        var registering: [BindingKey: String] = [:]
        for (label, manifest) in unapplied {
            let aliases = Dictionary(manifest.typealiases.map { ($0.name.key, $0.type.expression) }) { first, _ in first }
            for registration in manifest.registrations {
                for provided in registration.provides.map({ $0.expanding(aliases) })
                where registering[BindingKey(key: provided.key, name: registration.name?.value)] == nil {
                    registering[BindingKey(key: provided.key, name: registration.name?.value)] = label
                }
            }
        }
        // Only a resolve the app's code makes: that code may be the left-out assembly's own (a
        // module it builds), or run after it is applied in a way digraph does not read.
        return missingBindingsAsWarnings(findings) { finding in
            guard case .resolve? = finding.subject?.place, case .missing(let binding)? = finding.subject?.identity,
                let label = registering[binding]
            else { return nil }
            return "\(label) registers it: an error only if this code runs without it"
        }
    }

    /// Swift where digraph read no registration at all, but resolves: the container is filled by
    /// code it was not given (generated by Sourcery at build time, in a package, in a target left
    /// out), so a key it cannot find is not known to be missing. A warning, not an error.
    private static func unseen(_ findings: [Diagnostic]) -> [Diagnostic] {
        missingBindingsAsWarnings(findings) { _ in
            "digraph read no registration at all in these paths: the container may be filled by code it was not given, generated at build time or in a package; give digraph those paths"
        }
    }

    /// An unused registration a preview resolves: what to do is not "remove it".
    private static func usedByPreviews(_ findings: [Diagnostic], _ previewUses: [BindingKey: SourceLocation]) -> [Diagnostic] {
        unusedSaidOtherwise(findings) { key in
            previewUses[key].map {
                "only a preview resolves it (\($0.file):\($0.line)): keep it for the preview, or give the preview a registration of its own"
            }
        }
    }

    /// A named registration of a type some resolve names by a variable (`name: clientType`) may be
    /// what that resolve reaches: not "remove it", but what digraph cannot tell.
    /// What such a registration depends on, directly or further, is reached through it: not "remove it" either.
    private static func maybeUsedUnderUnreadNames(_ findings: [Diagnostic], _ uses: [String: SourceLocation], in graph: DependencyGraph?) -> [Diagnostic] {
        var through: [BindingKey: (via: BindingKey, use: SourceLocation)] = [:]
        if let graph {
            var queue: [(index: Int, via: BindingKey, use: SourceLocation)] = []
            for (index, registration) in graph.registrations.enumerated() where registration.name != nil {
                guard let provided = registration.provides.first(where: { uses[$0.key] != nil }) else { continue }
                queue.append((index, BindingKey(key: provided.key, name: registration.name?.value), uses[provided.key]!))
            }
            // Breadth first, each registration once, from the nearest that reaches it: linear in the edges.
            var seen = Set(queue.map(\.index))
            var next = 0
            while next < queue.count {
                let (index, via, use) = queue[next]
                next += 1
                for edge in graph.edges[index] {
                    guard let target = edge.target, seen.insert(target).inserted else { continue }
                    for provided in graph.registrations[target].provides {
                        through[BindingKey(key: provided.key, name: graph.registrations[target].name?.value)] = (via, use)
                    }
                    queue.append((target, via, use))
                }
            }
        }
        return unusedSaidOtherwise(findings) { key in
            if key.name != nil, let use = uses[key.key] {
                return "the resolve at \(use.file):\(use.line) names '\(key.key)' by a name known only when the app runs, and it may be this one"
            }
            guard let (via, use) = through[key] else { return nil }
            return "'\(via)' depends on it, and the resolve at \(use.file):\(use.line) names '\(via.key)' by a name known only when the app runs: "
                + "it may be reached through that one"
        }
    }

    /// Each `unused-registration` whose key `instead` has words for: those words in place of the
    /// rule's advice to remove it.
    private static func unusedSaidOtherwise(_ findings: [Diagnostic], _ instead: (BindingKey) -> String?) -> [Diagnostic] {
        // The rule's own advice in Swift's words, the one `RuleCatalog.inSwiftWords` put there.
        guard let advice = UnusedRegistrationRule.description.inSwift.first?.swift else { return findings }
        return findings.map { finding in
            guard finding.code == .unusedRegistration, case .registration(let key)? = finding.subject?.identity, let words = instead(key),
                finding.message.contains(advice)
            else { return finding }
            var said = finding
            said.message = finding.message.replacingOccurrences(of: advice, with: words)
            return said
        }
    }

    /// A key the app resolves only in `#if` clauses digraph cannot decide is missing only in the
    /// builds that compile them: a warning that says where.
    private static func resolvedInUndecidedClauses(_ findings: [Diagnostic], _ imported: SwiftImporter.Result) -> [Diagnostic] {
        missingWhereEveryResolveIs(imported.undecidedResolves, findings, imported) { condition, place in
            "it is resolved only under \(condition) (\(place.file):\(place.line)), which digraph does not decide: "
                + "an error only in the builds that compile that code"
        }
    }

    /// A key resolved only by lazily injected properties no code reads (`@Inject private var
    /// headerBuilder` whose wrapper resolves on first read) is never resolved while the app runs as
    /// written: a warning, an error once some code reads the property.
    private static func resolvedOnlyWhenRead(_ findings: [Diagnostic], _ imported: SwiftImporter.Result) -> [Diagnostic] {
        missingWhereEveryResolveIs(imported.unreadLazyInjections, findings, imported) { property, place in
            "it is resolved only when '\(property)' is first read (\(place.file):\(place.line)), and no code digraph read reads it: "
                + "an error once some code does"
        }
    }

    /// Each `missing-binding` error whose resolves are all `marked` places, as a warning saying why
    /// (`reason`, given the mark and the place): of the app's resolve when every resolve of the key
    /// is marked, of a type's edge when its own resolve is.
    private static func missingWhereEveryResolveIs(
        _ marked: [SourceLocation: String], _ findings: [Diagnostic], _ imported: SwiftImporter.Result,
        reason: (String, SourceLocation) -> String
    ) -> [Diagnostic] {
        var places: [BindingKey: [SourceLocation]] = [:]
        for use in imported.manifest.resolves { places[BindingKey(key: use.type.key, name: use.name?.value), default: []].append(use.location) }
        return missingBindingsAsWarnings(findings) { finding in
            guard case .missing(let binding)? = finding.subject?.identity else { return nil }
            let resolvedAt: SourceLocation?
            switch finding.subject?.place {
            case .resolve?:
                let all = places[binding] ?? []
                resolvedAt = !all.isEmpty && all.allSatisfy { marked[$0] != nil } ? all.min() : nil
            case .dependency?:
                resolvedAt = marked[finding.location] != nil ? finding.location : nil
            default:
                resolvedAt = nil
            }
            guard let place = resolvedAt, let mark = marked[place] else { return nil }
            return reason(mark, place)
        }
    }

    /// A finding between a registration on the app's own container and one on a library's (a
    /// `ServiceLocator` beside Swinject's `Container`): two key spaces, so nothing is replaced
    /// (`duplicate-registration`), and a value resolved from one does not hold the other's
    /// (`captive-dependency`, whose edge digraph joined across them).
    private static func inTwoContainers(_ finding: Diagnostic, _ containerOf: [SourceLocation: String], _ graph: DependencyGraph) -> Bool {
        guard let other = finding.notes.first?.location else { return false }
        let here: SourceLocation
        switch finding.code {
        case .duplicateRegistration:
            here = finding.location
        case .captiveDependency:
            guard let holder = finding.subject?.place?.registration else { return false }
            here = graph.registrations[holder].location
        default:
            return false
        }
        guard let one = containerOf[here], let two = containerOf[other] else { return false }
        return one != two
    }

    /// A `registration-order` error between two registrations digraph did not order by following
    /// the app's launch (one the walk from the entry does not reach, unless both are made in one
    /// declaration, in source order): their order is the files', which the app may not keep
    /// (Modakbul-iOS applies its assemblies through an `Assembler` of its own). A warning.
    private static func orderGuessed(_ findings: [Diagnostic], unplaced: [SourceLocation: String], in graph: DependencyGraph) -> [Diagnostic] {
        findings.map { finding in
            guard finding.code == .registrationOrder, finding.severity == .error, let holder = finding.subject?.place?.registration,
                let provider = finding.notes.first?.location
            else { return finding }
            let holderAt = graph.registrations[holder].location
            let (holderUnit, providerUnit) = (unplaced[holderAt], unplaced[provider])
            guard holderUnit != nil || providerUnit != nil, holderUnit != providerUnit else { return finding }
            var guessed = finding
            guessed.severity = .warning
            guessed.message +=
                " (digraph did not follow the app's launch to both registrations: their order here is the order of the files, which the app may not keep)"
            return guessed
        }
    }

    /// Each `missing-binding` error `why` gives a reason for, as a warning that says it.
    private static func missingBindingsAsWarnings(_ findings: [Diagnostic], why: (Diagnostic) -> String?) -> [Diagnostic] {
        findings.map { finding in
            guard finding.code == .missingBinding, finding.severity == .error, let reason = why(finding) else { return finding }
            var uncertain = finding
            uncertain.severity = .warning
            uncertain.message += " (\(reason))"
            return uncertain
        }
    }

    /// A container the app does not run (a preview's, one built from other assemblies), checked as
    /// a graph of its own: what would fail there is a warning naming it (the app itself does not
    /// crash on it), and its infos are left out (a preview resolves a few of its keys).
    /// `said`: the findings (code and location) said already.
    private static func checkOnItsOwn(_ manifest: Manifest, label: String, except said: Set<String> = []) -> [Diagnostic] {
        guard let (graph, checked) = ruleFindings(of: manifest) else { return [] }
        let findings = Suppressions.apply(to: checked, in: graph).kept
        return findings.filter { $0.severity != .info && !said.contains("\($0.code)|\($0.location)") }.map { finding in
            var own = finding
            own.severity = .warning
            own.message += " (in \(label), checked on its own)"
            own.subject?.place = nil
            return own
        }
    }

    /// The findings of every build as one list: a finding every build has is reported once, as it
    /// is; one that only some builds have says which (`… (only in a release build)`). The first
    /// build's graph is the one drawn, so a finding of another build keeps what it is about but no
    /// place in that graph.
    static func merged(_ perBuild: [[Diagnostic]], builds: [[String]]) -> [Diagnostic] {
        guard perBuild.count > 1 else { return perBuild[0] }
        var holders: [String: [Int]] = [:]
        var order: [(identity: String, finding: Diagnostic)] = []
        for (build, findings) in perBuild.enumerated() {
            for finding in findings {
                let key = finding.mergeKey
                if holders[key] == nil { order.append((key, finding)) }
                if holders[key]?.last != build { holders[key, default: []].append(build) }
            }
        }
        return order.map { key, finding in
            let holding = holders[key]!
            guard holding.count < perBuild.count else { return finding }
            var only = finding
            let names = holding.flatMap { builds[$0] }
            only.message += " (only in \(names.count == 1 ? "a" : "these builds:") \(names.joined(separator: ", ")) build)"
            if holding[0] != 0 { only.subject?.place = nil }
            return only
        }
    }

    /// `, read as a debug and a release build`: said when the builds' `#if`s leave out different code.
    static func buildsRead(_ imports: [SwiftImporter.Result]) -> String {
        guard imports.count > 1 else { return "" }
        let names = imports.flatMap(\.builds)
        return "; checked as \(names.dropLast().map { "a \($0)" }.joined(separator: ", ")) and a \(names.last!) build (their `#if`s differ)"
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

extension Diagnostic {
    /// What makes two checks' findings one when their lists are merged (builds, apps, child
    /// containers, branches).
    var mergeKey: String { "\(code)|\(severity)|\(location)|\(message)" }
}
