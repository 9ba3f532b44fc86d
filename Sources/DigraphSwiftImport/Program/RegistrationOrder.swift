import DigraphCore
import SwiftSyntax

/// The order an app runs its registrations in, followed from its entry
/// (`application(_:didFinishLaunchingWithOptions:)` or `willFinishLaunchingWithOptions`, AppKit's
/// `applicationDidFinishLaunching(_:)`, `scene(_:willConnectTo:options:)`, an `@main` type) through the functions it calls and the assemblies it builds; registrations the walk does
/// not reach keep file and source order after the reached ones. What is not the app's is left out,
/// each with one info: what previews make, assemblies applied only to another container, code
/// nothing refers to while the entry is visible, the branch tests take, all but one alternative.
struct RegistrationOrder {
    /// The registrations in run order, without the ones left out.
    var ordered: [RegistrationFinder.Found]
    /// Where the walk started, when an entry was found.
    var entry: DigraphCore.SourceLocation?
    /// One info per assembly, function or preview left out.
    var findings: [Diagnostic]
    /// Where previews' code is: resolves written there are a preview's, not the app's.
    var previewCode: PreviewCode
    /// The containers that are not the app's (a preview's, one built from other assemblies), each
    /// with the registrations made on it, to be checked on their own.
    var otherContainers: [(label: String, registrations: [RegistrationFinder.Found])]
    /// The resolves made on some of those containers (`OwnContainers`), by the container's label.
    var otherContainersResolves: [String: Set<DigraphCore.SourceLocation>] = [:]
    /// The resolves made from one of those (`child.resolver.resolve(…)`): no roots of the app's.
    var containerResolves = Set<DigraphCore.SourceLocation>()
    /// The assemblies left out because nothing digraph reads applies them, each with its
    /// registrations: a key only they register may still be registered by code digraph cannot follow.
    var unapplied: [(label: String, registrations: [RegistrationFinder.Found])] = []
    /// Registrations in another branch of an `if`, `switch` or undecided `#if` than one the graph
    /// keeps: the kept branch's registrations of the key (the kept one first), the one left out,
    /// and the branching condition as written.
    var alternatives: [(kept: [DigraphCore.SourceLocation], alternative: RegistrationFinder.Found, condition: String)] = []
    /// The code that runs while the app launches.
    var launchCode: LaunchCode
    /// The assembly type each ordered registration is made in, when it is made in one.
    var assemblyOf: [DigraphCore.SourceLocation: String] = [:]
    /// The assemblies the call building the app's container builds, in its order.
    var appAssemblies: [(type: String, expression: String?)] = []
    /// The registrations the walk from the app's entry reaches: code known to run.
    var reachedFromEntry: Set<DigraphCore.SourceLocation> = []
    /// Several apps told apart (several `@main` types, each in a folder of its own or reaching
    /// registrations of its own); nil for one app.
    var apps: AppPartition?
    /// The `@main` types, by name, in file order: Factory's registrations, read later, are told
    /// apart by their folders (`AppPartition.byFolders`).
    var mains: [(name: String, location: DigraphCore.SourceLocation)] = []

    /// How deep the walk follows calls; deeper chains keep source order.
    static let maximumDepth = 64

    /// Which apps are checked apart, and with what. An app whose entry reaches nothing registers
    /// in its folder (from code that runs later, or Factory's declarations).
    static func appsInfo(_ partition: AppPartition, mains: [DigraphCore.SourceLocation], registeredAt registrations: [DigraphCore.SourceLocation]) -> Diagnostic
    {
        let apps = partition.apps.indices.map { app in
            let own = partition.apps[app].reached.isEmpty ? registrations.filter { partition.app(ofFile: $0.file) == app }.count : 0
            return
                "\(partition.apps[app].label): \(own > 0 ? "\(own) in its folder, none reached from its entry" : "\(partition.apps[app].reached.count) reached")"
        }.joined(separator: "; ")
        let registering = partition.apps.count == mains.count ? "\(mains.count) apps" : "\(partition.apps.count) apps that register"
        return Diagnostic(
            .swiftImport, .info,
            "of \(mains.count) `@main` types, \(registering) are each checked with the registrations its entry reaches and those no entry reaches (\(apps)); a finding that holds in only some of them names them",
            at: mains[0])
    }

    /// `child` of `child.resolver`, `child?.resolver`: the name a chain of members starts from.
    static func rootName(of expression: ExprSyntax) -> String? {
        var current = SwiftExpressions.unwrap(expression).core
        while let access = current.as(MemberAccessExprSyntax.self), let base = access.base { current = SwiftExpressions.unwrap(base).core }
        return current.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// How a message leaving registrations out counts them: "its registration is", "its 3 registrations are".
    static func itsRegistrations(_ count: Int) -> String {
        count == 1 ? "its registration is" : "its \(count) registrations are"
    }

    /// `resolves`: where the app's code resolves, for the apps whose walks reach that code.
    /// `programs`: the programs an Xcode project builds each file into, where it says (`XcodeProjects.programs(of:)`).
    init(
        found: [RegistrationFinder.Found], files: [SwiftFile], declarations: TypeDeclarations, resolves: [DigraphCore.SourceLocation] = [],
        programs: [String: Set<String>] = [:]
    ) {
        var work = Work(found: found, index: FunctionIndex(files: files, declarations: declarations))
        work.resolves = resolves
        work.programsOf = programs
        for (function, app) in work.index.unattachedDelegates {
            let owner = function.owner ?? "?"
            let method = function.name.text + "(" + function.labels.map { ($0 ?? "_") + ":" }.joined() + ")"
            work.findings.append(
                Diagnostic(
                    .swiftImport, .info,
                    "'\(owner)' is not the delegate of the SwiftUI app '\(app)' (no `@UIApplicationDelegateAdaptor` names it), so nothing calls its `\(method)`: digraph does not read it as launch code",
                    at: function.file.location(of: function.name)))
        }
        let partition = work.partitionApps()
        // Stored properties of the types the app starts with are built first, before their `init`
        // or launch method runs (Modakbul-iOS: `@StateObject private var router = Router(by: …)`).
        for entry in work.index.launchProperties + work.index.entries { work.walk(entry, depth: 0, within: []) }
        work.appReached = work.seen
        work.leaveOutPreviews()
        // The paths of the tests' files, worked out once for both steps.
        let testFiles = Set(files.filter(RegistrationOrder.isTestCode).map(\.path))
        work.leaveOutOtherContainers(files: files, testFiles: testFiles)
        work.leaveOutTestCode(testFiles: testFiles)
        work.leaveOutOwnContainers(files: files)
        work.leaveOutOtherPrograms()
        work.leaveOutUnreferenced()
        work.sayPreviews()
        work.leaveOutTestBranches()
        work.keepOneOfAlternatives()
        work.sayApps(partition)
        apps = partition
        // What an assembly registers without a scope takes the one of the `Assembler` applying it.
        var found = found
        for (offset, scope) in work.scopes { found[offset].lifetime = scope }
        let rest = found.indices.filter { !work.seen.contains($0) && !work.dropped.contains($0) }
        ordered = (work.reached.filter { !work.dropped.contains($0) } + rest).map { offset in
            var registration = found[offset]
            // Not reached from the entry, in a type that holds one: a callback the system makes later.
            if !work.seen.contains(offset), let owner = work.index.owner(of: registration.location)?.name, work.entryOwners.contains(owner) {
                registration.runsLater = "a callback of '\(owner)' that runs after launch"
            }
            return registration
        }
        entry = work.entry
        mains = work.index.mains.sorted { ($0.file, $0.line) < ($1.file, $1.line) }.map { (work.index.owner(of: $0)?.name ?? "main", $0) }
        reachedFromEntry = Set(work.appReached.map { found[$0].location })
        findings = work.findings
        previewCode = work.previewCode
        otherContainers = work.otherContainers.map { ($0.label, $0.offsets.sorted().map { found[$0] }) }
        otherContainersResolves = work.otherContainersResolves
        containerResolves = work.containerResolves
        unapplied = work.unapplied.map { ($0.label, $0.offsets.sorted().map { found[$0] }) }
        alternatives = work.alternatives.map { ([found[$0.kept].location] + $0.sameBranch.map { found[$0].location }, found[$0.dropped], $0.condition) }
        launchCode = LaunchCode(index: work.index, files: files)
        appAssemblies = work.appAssemblies
        for registration in ordered {
            guard let owner = work.index.owner(of: registration.location)?.name, work.index.assemblerTypes.contains(owner) else { continue }
            assemblyOf[registration.location] = owner
        }
    }

    /// The state the steps share: the walk's, then what each step leaves out.
    private struct Work {
        let found: [RegistrationFinder.Found]
        let index: FunctionIndex
        var position: [DigraphCore.SourceLocation: Int] = [:]
        var reached: [Int] = []
        var seen = Set<Int>()
        var appReached = Set<Int>()
        var visited = Set<SyntaxIdentifier>()
        /// The branches around the calls the walk took to reach a registration (`if`/`else`,
        /// `switch` cases, `#if` clauses); those around the registration's own call are read from it.
        var outerBranches: [Int: [Branch]] = [:]
        var appBranches: [SyntaxIdentifier: (taken: SyntaxIdentifier, condition: String)?] = [:]
        /// For each `if` walked through: the test or preview branch above it, if any.
        var testBranchAbove: [SyntaxIdentifier: String?] = [:]
        var findings: [Diagnostic] = []
        var dropped = Set<Int>()
        var previewOf: [Int: Int] = [:]
        var previewCode: PreviewCode
        var otherContainers: [(label: String, offsets: Set<Int>)] = []
        var otherContainersResolves: [String: Set<DigraphCore.SourceLocation>] = [:]
        var unapplied: [(label: String, offsets: Set<Int>)] = []
        /// Registrations left out as another branch's alternative: the one kept, the one left out, the condition.
        var alternatives: [(kept: Int, dropped: Int, condition: String, sameBranch: [Int])] = []
        var appAssemblies: [(type: String, expression: String?)] = []
        /// Assemblies of the tests' a test's `Assembler` builds with the app's own
        /// (`Assembler([StorageAssembly(), TestAssembly()])`): where it does.
        var builtWithTheAppsAssemblies: [String: DigraphCore.SourceLocation] = [:]
        /// The scopes registrations take from the `Assembler` applying their assembly.
        var scopes: [Int: Lifetime] = [:]
        /// Where the app's code resolves (`RegistrationOrder.init`).
        var resolves: [DigraphCore.SourceLocation] = []
        /// Of those, the resolves made from a container that is not the app's (`child.resolver.resolve(…)`).
        var containerResolves = Set<DigraphCore.SourceLocation>()
        /// Walking one app among several: the folders of the others, whose code it calls only
        /// where nothing else fits (an assembly named like one of theirs is its own).
        var otherApps: [String] = []
        /// … and its own folder, whose overrides run where shared code calls a method on itself.
        var ownFolder: String?
        /// The programs an Xcode project builds each file into, where it says, and those of the app
        /// walked: code no program of its builds is another app's.
        var programsOf: [String: Set<String>] = [:]
        var ownPrograms: Set<String>?

        init(found: [RegistrationFinder.Found], index: FunctionIndex) {
            self.found = found
            self.index = index
            for (offset, registration) in found.enumerated() { position[registration.location] = offset }
            previewCode = PreviewCode(extents: index.previews.map { ($0.location.file, $0.lines) })
        }

        var entry: DigraphCore.SourceLocation? { index.entries.first.map { $0.file.location(of: $0.name) } }
        /// The types that hold an entry function (app and scene delegates, `@main` types).
        var entryOwners: Set<String> { Set(index.entries.compactMap(\.owner)) }

        mutating func walk(_ function: FunctionIndex.Function, depth: Int, within outer: [Branch]) {
            guard depth < RegistrationOrder.maximumDepth, visited.insert(function.body.id).inserted else { return }
            for call in SwiftExpressions.calls(in: function.body) {
                if let offset = position[function.file.location(of: call)] {
                    if seen.insert(offset).inserted {
                        reached.append(offset)
                        if !outer.isEmpty { outerBranches[offset] = outer }
                    }
                    continue
                }
                let within = outer + RegistrationOrder.branches(of: call, in: function.body, appBranches: &appBranches)
                let overriding = ownFolder.map { index.overrides(of: call, in: $0) } ?? []
                let callees = FunctionIndex.preferring(ownFolder, index.callees(of: call, from: function)) + overriding
                for callee in outsideOtherApps(callees) { walk(callee, depth: depth + 1, within: within) }
            }
            for property in outsideOtherApps(index.propertiesRead(in: function.body, from: function)) {
                walk(property, depth: depth + 1, within: outer)
            }
        }

        /// Of the functions a call may run, those outside the other apps' folders; those of one file
        /// in another app's folder when there are no others: the code names nothing else (a
        /// feature's assembly in the folder of the feature's demo app, which the app applies too).
        private func outsideOtherApps(_ callees: [FunctionIndex.Function]) -> [FunctionIndex.Function] {
            var callees = callees
            if let ownPrograms {
                callees.removeAll { callee in programsOf[callee.file.path].map { $0.isDisjoint(with: ownPrograms) } ?? false }
            }
            guard !otherApps.isEmpty else { return callees }
            let outside = callees.filter { callee in !otherApps.contains(where: callee.file.path.hasPrefix) }
            return outside.isEmpty && Set(callees.map(\.file.path)).count == 1 ? callees : outside
        }

        /// What a `#Preview` or `PreviewProvider` makes or applies and the app does not is the
        /// preview's own container. Without a visible entry only what is written inside the preview
        /// itself is known to be the preview's.
        mutating func leaveOutPreviews() {
            for (number, preview) in index.previews.enumerated() {
                let before = seen
                walk(preview.body, depth: 0, within: [])
                for offset in seen.subtracting(before) where !appReached.contains(offset) {
                    guard !index.entries.isEmpty || previewCode.holds(found[offset].location) else { continue }
                    previewOf[offset] = number
                }
            }
            seen = appReached
            reached = reached.filter { appReached.contains($0) }
        }

        /// An assembly the code applies only to another container than the app's is that
        /// container's, checked on its own with the other assemblies built there (an assembly
        /// digraph cannot place stays in the app's graph only).
        mutating func leaveOutOtherContainers(files: [SwiftFile], testFiles: Set<String>) {
            let grouping = ContainerGroups(files: files, assemblies: index.assemblerTypes)
            for offset in found.indices where found[offset].takesContainersScope {
                guard let owner = index.owner(of: found[offset].location)?.name, let scope = grouping.defaultLifetime(of: owner) else { continue }
                scopes[offset] = scope
            }
            var inTests: [String: Bool] = [:]
            for registration in found {
                guard let owner = index.owner(of: registration.location)?.name else { continue }
                inTests[owner] = testFiles.contains(registration.location.file)
            }
            for group in grouping.groups where group.assemblies.contains(where: { inTests[$0] == false }) {
                for assembly in group.assemblies.sorted() where inTests[assembly] == true && builtWithTheAppsAssemblies[assembly] == nil {
                    builtWithTheAppsAssemblies[assembly] = group.location
                }
            }
            let containers = grouping.containers
            func builds(_ container: [Int]) -> [(type: String, expression: String?)] {
                var seen = Set<String>()
                return container.flatMap { grouping.groups[$0].built }.filter { seen.insert($0.type).inserted }
            }
            var offsetsOf: [String: [Int]] = [:]
            for offset in found.indices where previewOf[offset] == nil {
                guard let owner = index.owner(of: found[offset].location)?.name, grouping.placed[owner] != nil else { continue }
                offsetsOf[owner, default: []].append(offset)
            }
            leaveOutGroupsJoinedBySharedAssemblies(grouping, containers: containers, offsetsOf: offsetsOf)
            if containers.count == 1 { appAssemblies = builds(containers[0]) }
            guard containers.count > 1 else { return }
            let types = containers.map { $0.reduce(into: Set<String>()) { $0.formUnion(grouping.groups[$1].assemblies) } }
            let sizes = types.map { $0.reduce(0) { $0 + (offsetsOf[$1]?.count ?? 0) } }
            let reachedOne = types.firstIndex { $0.contains { offsetsOf[$0]?.contains(where: appReached.contains) == true } }
            // A container given a parent is a child, never the app's (adamant-iOS' screens each
            // build `Assembler([ScreenAssembly()], parent: parent)`, some larger than the app's).
            let roots = containers.indices.filter { number in !containers[number].contains { grouping.groups[$0].hasUnknownParent } }
            let candidates = roots.isEmpty ? Array(containers.indices) : roots
            let app = reachedOne ?? candidates.max { sizes[$0] < sizes[$1] || (sizes[$0] == sizes[$1] && $0 > $1) }!
            let appBuilt = grouping.groups[containers[app][0]].location.fileNameAndLine
            appAssemblies = builds(containers[app])
            let places = Set(resolves)
            for (number, container) in containers.enumerated() where number != app {
                let built = grouping.groups[container[0]].location.fileNameAndLine
                // `child.resolver.resolve(…)` on a local this container is kept in resolves from it,
                // not from the app's.
                for group in container.map({ grouping.groups[$0] }) {
                    guard let (name, scope) = group.local, let file = files.first(where: { $0.path == group.location.file }) else { continue }
                    for call in SwiftExpressions.calls(in: scope) {
                        guard let receiver = SwiftExpressions.callee(of: call)?.receiver, RegistrationOrder.rootName(of: receiver) == name,
                            case let place = file.location(of: call), places.contains(place)
                        else { continue }
                        containerResolves.insert(place)
                    }
                }
                let unknownParent = container.contains { grouping.groups[$0].hasUnknownParent }
                let why = reachedOne == nil ? ", taken to be the app's as the largest\(roots.count < containers.count ? " given no parent" : "")" : ""
                let own = leaveOut(types[number].sorted(), offsetsOf: offsetsOf, builtAt: built, appsBuiltAt: appBuilt + why)
                guard !own.isEmpty else { continue }
                dropped.formUnion(own)
                otherContainers.append(
                    (
                        "the container built at \(built)"
                            + (unknownParent ? " with a parent digraph cannot place (a key it lacks may be the parent's)" : ""), own
                    ))
            }
        }

        /// A Swinject container a type makes for itself (`OwnContainers`) is not the app's when the
        /// app registers elsewhere too: it is checked on its own, with what the helpers it calls
        /// register. One the app's start reaches, or held by the type that starts it, is an app's;
        /// of several and nothing else, the largest. A helper only such containers call is theirs alone.
        mutating func leaveOutOwnContainers(files: [SwiftFile]) {
            let kept = Set(found.indices.filter { !dropped.contains($0) && previewOf[$0] == nil })
            let owns = OwnContainers(files: files, found: found, kept: kept, resolves: Set(resolves))
            guard !owns.containers.isEmpty else { return }
            let inOwn = Set(owns.containers.flatMap(\.offsets))
            let helperOffsets = Set(owns.helperOffsets.values.joined())
            let rest = kept.subtracting(inOwn).subtracting(helperOffsets)
            // One the app's start reaches, or held by the type that starts it (an app delegate's
            // `let container = Container()`), is an app's: several apps each have theirs.
            let entryOwners = entryOwners
            let run = Set(
                owns.containers.indices.filter { number in
                    owns.containers[number].offsets.contains(where: appReached.contains)
                        || owns.containers[number].holder.map(entryOwners.contains) == true
                })
            var apart = owns.containers.indices.filter { !run.contains($0) }
            if rest.isEmpty, run.isEmpty {
                // Nothing else registers and no start reaches one: the largest is taken to be the app's.
                let app = apart.max { owns.containers[$0].offsets.count < owns.containers[$1].offsets.count }!
                apart.removeAll { $0 == app }
            }
            guard !apart.isEmpty else { return }
            // Helpers the app's container calls stay in its graph; the others are only the apart ones'.
            let appCalls = owns.helpersCalledElsewhere.union(owns.containers.indices.filter { !apart.contains($0) }.flatMap { owns.containers[$0].helpers })
            for number in apart {
                let own = owns.containers[number]
                let shared = own.helpers.sorted().flatMap { owns.helperOffsets[$0] ?? [] }
                dropped.formUnion(own.offsets)
                dropped.formUnion(own.helpers.subtracting(appCalls).flatMap { owns.helperOffsets[$0] ?? [] })
                containerResolves.formUnion(own.resolves)
                let label = "the container '\(own.name)' (\(own.location.fileNameAndLine))"
                otherContainers.append((label, Set(own.offsets + shared)))
                otherContainersResolves[label] = own.resolves
                let helpers = own.helpers.isEmpty ? "" : ", with what \(own.helpers.sorted().map { "`\($0)()`" }.joined(separator: ", ")) registers on it"
                findings.append(
                    Diagnostic(
                        .swiftImport, .info,
                        "'\(own.name)' is a container of its own, made here, not the app's: \(RegistrationOrder.itsRegistrations(own.offsets.count)) left out of the app's graph; it is checked on its own\(helpers)",
                        at: own.location))
            }
        }

        /// Registrations only a program without a `@main` type builds (an app extension) are its
        /// container's, checked on its own with the resolves made in its files (`OtherPrograms`).
        mutating func leaveOutOtherPrograms() {
            let kept = Set(found.indices.filter { !dropped.contains($0) && previewOf[$0] == nil })
            let others = OtherPrograms(registrations: found.map(\.location), kept: kept, resolves: resolves, mains: index.mains, programsOf: programsOf)
            for program in others.programs {
                dropped.formUnion(program.offsets)
                containerResolves.formUnion(program.resolves)
                let label = "the program '\(program.name)'"
                otherContainers.append((label, Set(program.offsets)))
                otherContainersResolves[label] = program.resolves
                findings.append(
                    Diagnostic(
                        .swiftImport, .info,
                        "only '\(program.name)' builds this code, a program without a `@main` type (an app extension the system starts in a process of its own): \(RegistrationOrder.itsRegistrations(program.offsets.count)) left out of the app's graph; it is checked on its own with the resolves made in its files",
                        at: found[program.offsets[0]].location))
            }
        }

        /// Each of `types`' registrations, said left out of the app's graph (one info per assembly, at
        /// its declaration), as the set of their offsets.
        private mutating func leaveOut(_ types: [String], offsetsOf: [String: [Int]], builtAt built: String, appsBuiltAt appBuilt: String) -> Set<Int> {
            var own = Set<Int>()
            for type in types {
                guard let offsets = offsetsOf[type], let owner = index.owner(of: found[offsets[0]].location) else { continue }
                own.formUnion(offsets)
                findings.append(
                    Diagnostic(
                        .swiftImport, .info,
                        "'\(type)' is applied only to the container built at \(built), not to the app's (built at \(appBuilt)): \(RegistrationOrder.itsRegistrations(offsets.count)) left out of the app's graph",
                        at: owner.location))
            }
            return own
        }

        /// Groups joined only by assemblies they share (tomdwipo/DI-Swinject: a package's `SetupGo`
        /// builds `Assembler([ModuleLoginAssembly(), MockWireframeAssembly(), GoAssembly()])` for its
        /// tests, the app `Assembler([MainAssembly(), ModuleLoginAssembly(), …, GoAssembly(),
        /// WireframeAssembly()])`): where the walk from the entry reaches what only one of them
        /// applies and nothing of what only another applies, that other builds a container of its
        /// own. What only it applies is left out of the app's graph; it is checked on its own with
        /// the assemblies it shares. Nothing is split where a group has a parent, or without a walk.
        private mutating func leaveOutGroupsJoinedBySharedAssemblies(_ grouping: ContainerGroups, containers: [[Int]], offsetsOf: [String: [Int]]) {
            guard !appReached.isEmpty else { return }
            for container in containers where container.count > 1 {
                guard !container.contains(where: { grouping.groups[$0].hasUnknownParent || grouping.parentOf[$0] != nil }),
                    !grouping.parentOf.values.contains(where: container.contains)
                else { continue }
                let only = container.map { number in
                    grouping.groups[number].assemblies.filter { grouping.placed[$0]?.count == 1 && offsetsOf[$0] != nil }.sorted()
                }
                let reached = only.map { types in types.contains { offsetsOf[$0]!.contains(where: appReached.contains) } }
                guard let app = reached.firstIndex(of: true), reached.filter({ $0 }).count == 1 else { continue }
                let appBuilt = grouping.groups[container[app]].location.fileNameAndLine
                for (position, number) in container.enumerated() where position != app && !only[position].isEmpty {
                    let group = grouping.groups[number]
                    let built = group.location.fileNameAndLine
                    let own = leaveOut(
                        only[position], offsetsOf: offsetsOf, builtAt: built,
                        appsBuiltAt: appBuilt + ", which the app's entry reaches; the two share other assemblies")
                    dropped.formUnion(own)
                    let shared = group.assemblies.sorted().flatMap { offsetsOf[$0] ?? [] }
                    otherContainers.append(("the container built at \(built)", own.union(shared)))
                }
            }
        }

        /// What tests register (a mock container in a `…Tests` folder, or in a file importing XCTest
        /// or Testing) is not the app's: each type's registrations there are a container of their
        /// own, checked on their own, with one info, unless the app's entry reaches them. Nothing
        /// is left out when every registration is test code (tests checked on purpose).
        mutating func leaveOutTestCode(testFiles: Set<String>) {
            guard !testFiles.isEmpty else { return }
            let candidates = found.indices.filter { !seen.contains($0) && previewOf[$0] == nil && !dropped.contains($0) }
            let inTests = candidates.filter { testFiles.contains(found[$0].location.file) }
            guard !inTests.isEmpty, found.indices.contains(where: { !testFiles.contains(found[$0].location.file) }) else { return }
            // Each test container: a type's, or a test function's own local (`testContainer(of:)`).
            var byContainer: [String: (owner: String, offsets: [Int])] = [:]
            for offset in inTests {
                let (owner, function) = testContainer(of: offset)
                byContainer[owner + (function.map { "." + $0 } ?? ""), default: (owner, [])].offsets.append(offset)
            }
            let containers = byContainer.sorted { $0.key < $1.key }
            for (name, entry) in containers {
                dropped.formUnion(entry.offsets)
                // Checked alone it would miss what the app's assemblies beside it provide.
                guard builtWithTheAppsAssemblies[entry.owner] == nil else { continue }
                otherContainers.append(("the test code's container in '\(name)' (\(found[entry.offsets[0]].location.file))", Set(entry.offsets)))
            }
            // One info per test type: its registrations, and in how many containers.
            for (owner, own) in Dictionary(grouping: containers.map(\.value), by: \.owner).sorted(by: { $0.key < $1.key }) {
                let first = found[own[0].offsets[0]].location
                let registrations = own.reduce(0) { $0 + $1.offsets.count }
                let place = index.owner(of: first)?.location ?? first
                if let built = builtWithTheAppsAssemblies[owner] {
                    findings.append(
                        Diagnostic(
                            .swiftImport, .info,
                            "'\(owner)' is test code (\(first.file)): \(RegistrationOrder.itsRegistrations(registrations)) a test's, left out of the app's graph; a test builds it with the app's assemblies (\(built.fileNameAndLine)), so it is not checked on its own",
                            at: place))
                    continue
                }
                let kept =
                    own.count == 1
                    ? "a test's container, left out of the app's graph and checked on its own"
                    : "in \(own.count) test containers (a test function building its own is one), left out of the app's graph and each checked on its own"
                findings.append(
                    Diagnostic(
                        .swiftImport, .info, "'\(owner)' is test code (\(first.file)): \(RegistrationOrder.itsRegistrations(registrations)) \(kept)", at: place)
                )
            }
        }

        /// The test container a test's registration is made on: its type's, or, where a test
        /// function builds a container of its own in a local (`let container = DependencyContainer()`
        /// then `container.register(…)`), that function's (samchen7910/CoolBlueAssignment: four
        /// tests each registering the same two keys were one container registering them four times).
        private func testContainer(of offset: Int) -> (owner: String, function: String?) {
            let location = found[offset].location
            let owner = index.owner(of: location)?.name ?? location.file
            guard let call = found[offset].call,
                let local = SwiftExpressions.callee(of: call)?.receiver?.as(DeclReferenceExprSyntax.self)?.baseName.text,
                let function = index.function(around: (location.file, location.line)), Self.makesLocal(local, in: function.body)
            else { return (owner, nil) }
            return (owner, function.name.text + "()")
        }

        /// Registrations no entry reaches keep source order, unless only previews refer to where
        /// they are registered (a preview's resolver), or nothing does while the entry is visible.
        mutating func leaveOutUnreferenced() {
            var byOwner: [String: [Int]] = [:]
            for offset in found.indices where !seen.contains(offset) && previewOf[offset] == nil && !dropped.contains(offset) {
                guard let owner = index.owner(of: found[offset].location) else { continue }
                byOwner[owner.name, default: []].append(offset)
            }
            let references = byOwner.isEmpty ? [:] : index.references(to: Set(byOwner.keys))
            let deadReferrers =
                entry == nil || reached.isEmpty ? [:] : unappliedAssemblies(referring: byOwner.keys.compactMap { name in references[name].map { (name, $0) } })
            for (name, all) in byOwner.sorted(by: { $0.key < $1.key }) {
                let places = references[name] ?? []
                let code = previewCode
                // With an app in the paths (an entry, an `@main` type), a static function nothing
                // calls never runs, even where the walk from the entry reaches nothing.
                let offsets = entry == nil && index.mains.isEmpty ? all : leavingOutUncalledStaticFunctions(all, of: name)
                if offsets.isEmpty { continue }
                if let entry, let referrers = deadReferrers[name] {
                    leaveOutUnapplied(
                        name, offsets,
                        "is applied only by \(referrers.map { "'\($0)'" }.joined(separator: ", ")), which the app's entry (\(entry.fileNameAndLine)) never applies and nothing refers to"
                    )
                    continue
                }
                if let entry, !reached.isEmpty, let callers = deadFunctions(holding: places) {
                    leaveOutUnapplied(
                        name, offsets,
                        "is built only in \(callers.joined(separator: ", ")), which the app's entry (\(entry.fileNameAndLine)) never runs and nothing calls")
                    continue
                }
                if !places.isEmpty, let first = places.lazy.compactMap({ code.preview(holding: $0) }).first,
                    places.allSatisfy({ code.preview(holding: $0) != nil })
                {
                    for offset in offsets { previewOf[offset] = first }
                    let owner = index.owner(of: found[offsets[0]].location)!
                    previewCode.add(file: owner.file, lines: owner.location.line...owner.endLine, preview: first)
                    continue
                }
                // A type holding an entry is the system's to call (an app delegate's callbacks).
                guard places.isEmpty, !entryOwners.contains(name) else { continue }
                // The entry reaches no registration at all: the walk may have missed how the app
                // starts, so they stay in the graph, but it is said (tablet-notes' `ServiceProvider`,
                // in a SwiftUI app whose `@main` type declares no `init`). The app's own types are the system's.
                let owner = index.owner(of: found[offsets[0]].location)!
                guard !reached.isEmpty else {
                    if let start = entry ?? index.mains.first, !index.mains.contains(owner.location), !index.builtAtLaunch.contains(owner.location) {
                        findings.append(
                            Diagnostic(
                                .swiftImport, .info,
                                "nothing in the code refers to '\(name)', and the app's start (\(start.fileNameAndLine)) reaches no registration: \(RegistrationOrder.itsRegistrations(offsets.count)) kept in the graph; if that code never runs, remove \(offsets.count == 1 ? "it" : "them")",
                                at: owner.location))
                    }
                    continue
                }
                guard let entry else { continue }
                leaveOutUnapplied(name, offsets, "is never applied from the app's entry (\(entry.fileNameAndLine)) and nothing refers to it")
            }
        }

        /// The registrations of an assembly nothing applies, out of the graph with one info at its
        /// declaration (`why` says what was found), and kept aside: a key only they register is
        /// not certain to be missing.
        /// `static func test(configure:) -> Dependencies { let dependencies = Dependencies();
        /// dependencies.register(…) }` that nothing calls (clarity-loop-frontend-V2's test doubles):
        /// registrations on a container the static function makes itself run only where it is
        /// called, so they are left out, with an info; the offsets kept. One registering on the
        /// app's container (`Registry.shared`) stays: the app may call it from code not given.
        private mutating func leavingOutUncalledStaticFunctions(_ offsets: [Int], of owner: String) -> [Int] {
            var inFunction: [SyntaxIdentifier: (function: FunctionIndex.Function, offsets: [Int])] = [:]
            for offset in offsets {
                let location = found[offset].location
                guard let function = index.function(around: (location.file, location.line)), !visited.contains(function.body.id),
                    let declaration = function.body.parent?.as(FunctionDeclSyntax.self), SwiftExpressions.isTypeLevel(declaration.modifiers),
                    let receiver = found[offset].call.flatMap({ SwiftExpressions.callee(of: $0)?.receiver }).flatMap(RegistrationOrder.rootName(of:)),
                    Self.makesLocal(receiver, in: function.body)
                else { continue }
                inFunction[function.body.id, default: (function, [])].offsets.append(offset)
            }
            guard !inFunction.isEmpty else { return offsets }
            let callers = index.references(to: Set(inFunction.values.map(\.function.name.text)))
            var left = Set<Int>()
            for (function, held) in inFunction.values.sorted(by: { $0.offsets[0] < $1.offsets[0] }) where callers[function.name.text] == nil {
                left.formUnion(held)
                dropped.formUnion(held)
                unapplied.append(("'\(owner).\(function.name.text)', which nothing calls,", Set(held)))
                findings.append(
                    Diagnostic(
                        .swiftImport, .info,
                        "'\(owner).\(function.name.text)' is a static function nothing calls, registering on a container it makes itself: \(RegistrationOrder.itsRegistrations(held.count)) left out of the graph",
                        at: function.file.location(of: function.name)))
            }
            return offsets.filter { !left.contains($0) }
        }

        /// Whether `body` declares `let name = SomeType(…)`: a value of its own making.
        private static func makesLocal(_ name: String, in body: Syntax) -> Bool {
            guard let items = body.as(CodeBlockSyntax.self)?.statements else { return false }
            return items.contains { item in
                item.item.as(VariableDeclSyntax.self)?.bindings.contains { binding in
                    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                        && binding.initializer.flatMap { $0.value.as(FunctionCallExprSyntax.self) }.flatMap { SwiftExpressions.typeName($0.calledExpression) }
                            != nil
                } ?? false
            }
        }

        mutating func leaveOutUnapplied(_ name: String, _ offsets: [Int], _ why: String) {
            dropped.formUnion(offsets)
            unapplied.append(("'\(name)', which digraph finds nothing applying,", Set(offsets)))
            findings.append(
                Diagnostic(
                    .swiftImport, .info,
                    "'\(name)' \(why): \(RegistrationOrder.itsRegistrations(offsets.count)) left out of the graph",
                    at: index.owner(of: found[offsets[0]].location)!.location))
        }

        /// `func mockDependencyInject() { … MockDataAssembler() … }` that no code calls: when every
        /// place naming a type is in such a function (no override, no parameters) the walk never ran, the functions
        /// (`'mockDependencyInject()' (DIContainer.swift:12)`); nil otherwise.
        private func deadFunctions(holding places: [(file: String, line: Int)]) -> [String]? {
            guard !places.isEmpty else { return nil }
            var functions: [FunctionIndex.Function] = []
            for place in places {
                // The system calls overrides and methods taking values (a delegate's callbacks) unnamed.
                guard let function = index.function(around: place), !visited.contains(function.body.id), !function.isEntry, !function.isOverride,
                    function.labels.isEmpty
                else { return nil }
                if !functions.contains(where: { $0.body.id == function.body.id }) { functions.append(function) }
            }
            let callers = index.references(to: Set(functions.map(\.name.text)))
            guard functions.allSatisfy({ callers[$0.name.text] == nil }) else { return nil }
            return functions.map { "'\($0.name.text)()' (\($0.file.location(of: $0.name).fileNameAndLine))" }
        }

        /// Of the owners some code refers to, those referred to only from assemblies that the walk
        /// never applied and nothing refers to (a Dev assembly listing its sub-assemblies, applied
        /// only by a Dev app that is not read): the referring assemblies, by owner. Only assemblies
        /// count as dead referrers: any other type may be built by a storyboard or the system.
        private func unappliedAssemblies(referring referred: [(name: String, places: [(file: String, line: Int)])]) -> [String: [String]] {
            var referrersOf: [String: Set<String>] = [:]
            for (name, places) in referred where !places.isEmpty {
                var referrers = Set<String>()
                for place in places {
                    guard let owner = index.owner(of: DigraphCore.SourceLocation(file: place.file, line: place.line, column: 1))?.name, owner != name else {
                        referrers.removeAll()
                        break
                    }
                    referrers.insert(owner)
                }
                let applied = referrers.contains { referrer in index.assembleMethods(of: referrer).contains { visited.contains($0.body.id) } }
                guard !referrers.isEmpty, referrers.isSubset(of: index.assemblerTypes), !applied else { continue }
                referrersOf[name] = referrers
            }
            guard !referrersOf.isEmpty else { return [:] }
            let referrers = referrersOf.values.reduce(into: Set<String>()) { $0.formUnion($1) }
            let theirPlaces = index.references(to: referrers)
            return referrersOf.filter { $0.value.allSatisfy { theirPlaces[$0]?.isEmpty ?? true } }.mapValues { $0.sorted() }
        }

        /// Several `@main` types are several apps (targets). Each app's entries are walked on
        /// their own (an entry in no app's folder counts for every app): a registration only one
        /// app reaches is its own, as is one no entry reaches written in its folder. Nil when there
        /// are fewer than two apps or none owns a registration.
        func partitionApps() -> AppPartition? {
            let mains = index.mains.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
            guard mains.count > 1, !found.isEmpty else { return nil }
            let folders = AppPartition.folders(of: mains.map(\.file), modules: mains.map { index.module(ofFile: $0.file) })
            var partition = AppPartition(
                apps: mains.indices.map {
                    AppPartition.App(
                        name: index.owner(of: mains[$0])?.name ?? "main", main: mains[$0], folder: folders[$0], programs: programsOf[mains[$0].file])
                },
                programsOf: programsOf)
            // An entry in no app's folder (a delegate in a shared framework) is the entry of the apps
            // whose own code names its type (`class AppDelegate: CommonAppDelegate`); of every app
            // when none does.
            let shared = index.entries.filter { partition.app(ofFile: $0.file.path) == nil }
            let named = shared.isEmpty ? [:] : index.references(to: Set(shared.compactMap(\.owner)))
            func apps(of entry: FunctionIndex.Function) -> [Int] {
                // The apps whose programs build it, where the project says.
                let building = partition.apps.indices.filter { partition.builds(entry.file.path, in: $0) == true }
                if !building.isEmpty { return building }
                if let app = partition.app(ofFile: entry.file.path) { return [app] }
                let naming = Set((entry.owner.flatMap { named[$0] } ?? []).compactMap { partition.app(ofFile: $0.file) })
                return naming.isEmpty ? Array(partition.apps.indices) : naming.sorted()
            }
            // The function around each resolve, looked up once for all the apps.
            let resolveBodies = resolves.map { place in index.function(around: (place.file, place.line))?.body.id }
            for app in partition.apps.indices {
                var walk = Work(found: found, index: index)
                walk.otherApps = partition.apps.indices.filter { $0 != app }.compactMap { partition.apps[$0].folder }
                walk.ownFolder = partition.apps[app].folder
                walk.programsOf = programsOf
                walk.ownPrograms = partition.apps[app].programs
                for entry in index.launchProperties + index.entries where apps(of: entry).contains(app) { walk.walk(entry, depth: 0, within: []) }
                partition.apps[app].reached = Set(walk.seen.map { found[$0].location })
                partition.reachedByAny.formUnion(partition.apps[app].reached)
                // A resolve in code the walk ran is the app's, whichever folder holds it (the main
                // app calling a feature's gateway, in the folder of that feature's demo app).
                partition.apps[app].ranResolves = Set(resolves.indices.filter { resolveBodies[$0].map(walk.visited.contains) ?? false }.map { resolves[$0] })
            }
            return partition.keepingAppsThatRegister(registeredAt: found.map(\.location))
        }

        /// Several `@main` types: checked as the apps they are, or, when digraph cannot tell them
        /// apart, read as one, which is said, since one app's missing registration can then hide
        /// behind another's.
        mutating func sayApps(_ partition: AppPartition?) {
            let mains = index.mains.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
            guard mains.count > 1, !found.isEmpty else { return }
            let listed = mains.prefix(5).map { "\($0.file):\($0.line)" }.joined(separator: ", ") + (mains.count > 5 ? " and \(mains.count - 5) more" : "")
            guard let partition else {
                findings.append(
                    Diagnostic(
                        .swiftImport, .info,
                        "\(mains.count) `@main` types are read as one app (\(listed)): what each one registers is checked together, so one app's missing registration can hide behind another's; to check one app alone, leave the others' folders out with --exclude",
                        at: mains[0]))
                return
            }
            findings.append(RegistrationOrder.appsInfo(partition, mains: mains, registeredAt: found.map(\.location)))
        }

        /// One info per preview that made or applied registrations, which become its container.
        mutating func sayPreviews() {
            for (number, preview) in index.previews.enumerated() {
                let offsets = Set(previewOf.filter { $0.value == number }.keys)
                guard !offsets.isEmpty else { continue }
                dropped.formUnion(offsets)
                otherContainers.append(("the container of '\(preview.name)' at \(preview.location.fileNameAndLine)", offsets))
                findings.append(
                    Diagnostic(
                        .swiftImport, .info,
                        "'\(preview.name)' builds a container of its own: \(offsets.count == 1 ? "the registration it makes or applies is" : "the \(offsets.count) registrations it makes or applies are") a preview's, left out of the app's graph",
                        at: preview.location))
            }
        }

        /// Code the walk did not reach is placed by the branches around its own call.
        var candidates: [Int] {
            reached.filter { !dropped.contains($0) } + found.indices.filter { !seen.contains($0) && !dropped.contains($0) }
        }

        /// Every branch a registration sits in: around the calls that led to it, then around its own.
        mutating func branches(of offset: Int) -> [Branch] {
            guard let call = found[offset].call else { return outerBranches[offset] ?? [] }
            return (outerBranches[offset] ?? []) + RegistrationOrder.branches(of: call, in: Syntax(call.root), appBranches: &appBranches)
        }

        /// Where a registration sits in a branch tests or previews take, if it does: the `if`s
        /// around the walk's calls, then those around its own call (only `if`s are looked at, and
        /// each one's condition is read once).
        mutating func testBranch(of offset: Int) -> String? {
            if let outer = outerBranches[offset]?.lazy.compactMap(\.notTheApps).first { return outer }
            guard let call = found[offset].call else { return nil }
            // Each `if` passed, with what it says itself; the walk stops at an `if` already answered
            // for (what lies above it), so a ladder of `else if`s is walked once, not once per rung.
            var passed: [(statement: SyntaxIdentifier, says: String?)] = []
            var above: String?? = nil
            var node = Syntax(call)
            while let parent = node.parent {
                if let branch = parent.as(IfExprSyntax.self), branch.body.id == node.id || branch.elseBody?.id == node.id {
                    passed.append((branch.id, says(branch, taking: node)))
                    if let known = testBranchAbove[branch.id] {
                        above = known
                        break
                    }
                }
                node = parent
            }
            var answer: String? = above ?? nil
            for (statement, says) in passed.reversed() {
                if testBranchAbove[statement] == nil { testBranchAbove[statement] = .some(answer) }
                answer = says ?? answer
            }
            return answer
        }

        /// What an `if` says of the branch a node is in: where tests or previews run and the app does not.
        private mutating func says(_ branch: IfExprSyntax, taking node: Syntax) -> String? {
            guard let app = RegistrationOrder.appBranch(of: branch, known: &appBranches), app.taken != node.id else { return nil }
            return RegistrationOrder.testOrPreviewPlace(app.condition, isElse: branch.elseBody?.id == node.id)
        }

        /// The branch of `if isRunningTests { … } else { … }` that tests or previews take is not the app's.
        mutating func leaveOutTestBranches() {
            for offset in candidates {
                guard let condition = testBranch(of: offset) else { continue }
                let registration = found[offset]
                dropped.insert(offset)
                findings.append(
                    Diagnostic(
                        .swiftImport, .info,
                        "'\(Registration.displayName(key: registration.keys[0].type, name: registration.name))' is registered only when tests or previews run (\(condition)): left out of the app's graph",
                        at: registration.location))
            }
        }

        /// One key registered in two branches of one `if`/`switch`/`#if` is applied once at run
        /// time, never twice. The graph keeps the first branch's; the others are said once. Only
        /// the first's branches are listed; another is placed against them by where its call is.
        mutating func keepOneOfAlternatives() {
            var firstByKey: [String: (offset: Int, branches: [Branch])] = [:]
            var laterByKey: [String: [Int]] = [:]
            var leftOut: [(key: String, kept: Int, dropped: Int, branch: Branch)] = []
            for offset in candidates {
                let registration = found[offset]
                let key = registration.keys.map(\.type).joined(separator: ",") + "|" + (registration.name ?? "")
                guard let first = firstByKey[key] else {
                    firstByKey[key] = (offset, branches(of: offset))
                    continue
                }
                guard let branch = first.branches.first(where: { separates($0, from: offset) }) else {
                    laterByKey[key, default: []].append(offset)
                    continue
                }
                dropped.insert(offset)
                leftOut.append((key, first.offset, offset, branch))
                findings.append(
                    Diagnostic(
                        .swiftImport, .info,
                        "'\(Registration.displayName(key: registration.keys[0].type, name: registration.name))' is registered here and at \(found[first.offset].location.fileNameAndLine) in alternative branches, of which the app applies one: the graph keeps the first",
                        at: registration.location))
            }
            // The kept branch's other registrations of the key (a duplicate within it) go with it.
            for (key, kept, left, branch) in leftOut {
                let sameBranch = (laterByKey[key] ?? []).filter { within(branch, $0) }
                alternatives.append((kept, left, branch.condition, sameBranch))
            }
        }

        /// Whether a registration is in `branch` itself: the walk passed its statement through it,
        /// or its call lies in the branch.
        func within(_ branch: Branch, _ offset: Int) -> Bool {
            if outerBranches[offset]?.contains(branch) == true { return true }
            guard let call = found[offset].call, call.root.id == branch.root else { return false }
            return branch.takenSpan.contains(call.position.utf8Offset)
        }

        /// Whether a registration is in another branch of `branch`'s statement: the walk passed
        /// that statement through another branch, or its call lies in the statement but outside
        /// the branch taken.
        func separates(_ branch: Branch, from offset: Int) -> Bool {
            if outerBranches[offset]?.contains(where: { $0.statement == branch.statement && $0.taken != branch.taken }) == true { return true }
            guard let call = found[offset].call, call.root.id == branch.root else { return false }
            let position = call.position.utf8Offset
            return branch.statementSpan.contains(position) && !branch.takenSpan.contains(position)
        }
    }

}

/// The lines previews span, and the code only previews use, each with the preview it belongs to.
struct PreviewCode {
    private var extents: [String: [(lines: ClosedRange<Int>, preview: Int)]] = [:]

    init(extents: [(file: String, lines: ClosedRange<Int>)]) {
        for (number, extent) in extents.enumerated() { add(file: extent.file, lines: extent.lines, preview: number) }
    }

    mutating func add(file: String, lines: ClosedRange<Int>, preview: Int) {
        extents[file, default: []].append((lines, preview))
    }

    /// The preview whose code holds a place, if any.
    func preview(holding place: (file: String, line: Int)) -> Int? {
        extents[place.file]?.first { $0.lines.contains(place.line) }?.preview
    }

    func holds(_ location: DigraphCore.SourceLocation) -> Bool { preview(holding: (location.file, location.line)) != nil }
}
