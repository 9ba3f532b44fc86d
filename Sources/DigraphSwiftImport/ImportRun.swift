import DigraphCore
import SwiftSyntax

/// One import from parsed files to a manifest, as an ordered list of passes over shared state.
struct ImportRun {
    /// One step of an import, and why it stands where it does.
    struct Pass: Sendable {
        var name: String
        var why: String
        var run: @Sendable (inout ImportRun) -> Void
    }

    static let passes: [Pass] = [
        Pass(name: "index", why: "every later pass asks what the sources declare: types, initializers, constants, Factory's containers") {
            $0.index()
        },
        Pass(name: "dialects", why: "a file's dialect is decided once, from its imports; each learns its files' own API before any call is read") {
            $0.learnDialects()
        },
        Pass(name: "calls", why: "registrations and direct resolves, read file by file as the file's dialect means them; needs the dialects") {
            $0.readCalls()
        },
        Pass(
            name: "undeclared assemblies",
            why: "an assembly applied that no given path declares registers keys digraph cannot know: said where it is applied, and no missing key is certain"
        ) {
            $0.findUndeclaredAssemblies()
        },
        Pass(
            name: "eager edges",
            why:
                "a resolve the registering code made and a registration captured is an eager edge, and one in a helper a factory calls is its dependency: neither is an app resolve"
        ) {
            $0.dropCapturedResolves()
        },
        Pass(
            name: "built types",
            why:
                "what a built type's initializers, superclasses and shared instances resolve while it is built are dependencies of the registrations that build it"
        ) {
            $0.addBuiltTypesResolves()
        },
        Pass(
            name: "order",
            why:
                "registrations in the order the app runs them, from its entry, without what previews make; needs every call read and the captured resolves placed"
        ) {
            $0.order()
        },
        Pass(
            name: "child containers",
            why: "what is registered on a Swinject `Container(parent:)` is that child's, looked up after its own keys in its parent's; needs the walk's reach"
        ) {
            $0.findChildContainers()
        },
        Pass(name: "factory", why: "Factory's registrations are container properties, not calls, and have no order: read after the ordered ones") {
            $0.readFactoryContainers()
        },
        Pass(
            name: "test code",
            why:
                "a test resolves from a container it builds, or from the app's to test it: none of the app's roots; needs every resolve read, Factory's included"
        ) {
            $0.leaveOutTestResolves()
        },
        Pass(name: "recipe", why: "how the app builds its container, for a test that builds the same one: needs every registration read and ordered") {
            $0.readRecipe()
        },
        Pass(name: "assembly", why: "types parsed into keys, names made identifiers, ignore comments applied: one manifest from everything read") {
            $0.assemble()
        },
        Pass(name: "unread libraries", why: "a library digraph recognizes but does not read is noted, so that an empty graph is never called clean") {
            $0.noteUnreadLibrary()
        },
    ]

    let files: [SwiftFile]
    let dialectTypes: [any Dialect.Type]
    let stated: [ContainerMethodStatement]
    let context: FactoryContext?
    let assembly: String

    var declarations = TypeDeclarations()
    /// The dialects learned, in list order, and the one each file speaks (an index into them).
    var dialects: [any Dialect] = []
    var dialectOfFile: [Int] = []
    var found: [RegistrationFinder.Found] = []
    var resolves: [RegistrationFinder.AppResolve] = []
    var findings: [Diagnostic] = []
    var manifest = Manifest(file: "", assembly: Located("", at: .start(of: "")), interfaces: [], registrations: [], resolves: [], typealiases: [])
    var notes: [DigraphCore.SourceLocation: [String]] = [:]
    /// Resolves one edge stands for besides its own (`ClosureReading.Item.alsoAt`), distinct.
    var foldedResolves: Int {
        Set(found.flatMap { ($0.reading.dependencies + $0.reading.properties).flatMap(\.alsoAt) }).count
    }
    var unreadLibrary: (name: String, location: DigraphCore.SourceLocation)?
    var undeclaredAssemblies = UndeclaredAssemblies(files: []) { _ in true }
    /// Registrations whose key is a generic parameter (`RegistrationFinder.genericRegistrations`).
    var genericRegistrations: [(type: String, location: DigraphCore.SourceLocation)] = []
    /// Resolves from a library's container digraph does not read (`RegistrationFinder.unreadLibraryResolves`).
    var unreadLibraryResolves: [(library: String, location: DigraphCore.SourceLocation)] = []
    /// Registrations whose key digraph cannot tell (`RegistrationFinder.untypedRegistrations`).
    var untypedRegistrations: [DigraphCore.SourceLocation] = []
    /// Why a key nothing read provides may still be registered, if something says so.
    var unknownRegistrations: String? {
        if let reason = undeclaredAssemblies.reason { return reason }
        if let first = genericRegistrations.min(by: { $0.location < $1.location }) {
            return "'\(first.type)' is registered at \(first.location.file):\(first.location.line) for whatever type each use gives, and may be it"
        }
        guard let first = untypedRegistrations.min() else { return nil }
        return "the call at \(first.file):\(first.line) registers a value whose type digraph cannot tell, and may be it"
    }
    /// The containers that are not the app's, found by the order pass, and their manifests.
    var otherContainers: [(label: String, registrations: [RegistrationFinder.Found])] = []
    /// The direct resolves made on some of those, by the container's label.
    var otherContainersResolves: [String: [RegistrationFinder.AppResolve]] = [:]
    var otherManifests: [(label: String, manifest: Manifest)] = []
    /// What assemblies nothing applies register, found by the order pass, and their manifests.
    var unapplied: [(label: String, registrations: [RegistrationFinder.Found])] = []
    var unappliedManifests: [(label: String, manifest: Manifest)] = []
    /// The registrations left out as alternatives of ones kept (order pass), and each assembled.
    var alternatives: [(kept: [DigraphCore.SourceLocation], alternative: RegistrationFinder.Found, condition: String)] = []
    var alternativeRegistrations: [SwiftImporter.Alternative] = []
    /// Several apps told apart by the order pass, and each one's manifest.
    var apps: AppPartition?
    var mains: [(name: String, location: DigraphCore.SourceLocation)] = []
    var appManifests: [SwiftImporter.AppManifest] = []
    /// Swinject's child containers the app makes, found after the order pass.
    var children = ChildContainers()
    /// The registrations the order pass's walk from the entry reaches.
    var reachedFromEntry = Set<DigraphCore.SourceLocation>()
    /// The registrations it does not reach, each with the declaration that makes it.
    var unplacedRegistrations: [DigraphCore.SourceLocation: String] = [:]
    /// The code that runs at launch, found by the order pass: resolves there build their keys at launch.
    var launchCode: LaunchCode?
    /// Where the previews' code is (`#Preview`, `PreviewProvider`): no resolve there is an app root.
    var previewCode = PreviewCode(extents: [])
    /// The resolves there, and each key one of them resolves, with the first place.
    var previewResolves: [RegistrationFinder.AppResolve] = []
    /// The build these files were left as (its `#if`s decided): the clauses it cannot decide stay.
    var build = BuildConfiguration.debug
    /// The programs an Xcode project builds each file into, where it says (`XcodeProjects.programs(of:)`).
    var programs: [String: Set<String>] = [:]
    /// The app's direct resolves in `#if` clauses the build cannot decide, with the clause's condition.
    var undecidedResolves: [DigraphCore.SourceLocation: String] = [:]
    /// Where an app registers both through a container of its own and through a library's (MockingProject:
    /// a `ServiceLocator` beside Swinject's `Container`): each registration's container, by the
    /// registration's and its keys' places.
    var containerOf: [DigraphCore.SourceLocation: String] = [:]
    /// Lazily injected properties no code reads, by where their wrapper is written (`UnreadLazyInjections`).
    var unreadLazyInjections: [DigraphCore.SourceLocation: String] = [:]
    var previewUses: [BindingKey: DigraphCore.SourceLocation] = [:]
    /// Resolves under a name digraph cannot read, and each type one of them resolves, with the first place.
    var resolvesUnderUnreadNames: [RegistrationFinder.AppResolve] = []
    var unreadNameUses: [String: DigraphCore.SourceLocation] = [:]
    /// The assembly each Swinject registration is made in (order pass), and the recipe read from it.
    var assemblyOf: [DigraphCore.SourceLocation: String] = [:]
    var appAssemblies: [(type: String, expression: String?)] = []
    var factoryRegistrations = 0
    var recipe: ContainerRecipe?

    init(files: [SwiftFile], dialectTypes: [any Dialect.Type], stated: [ContainerMethodStatement], context: FactoryContext?, assembly: String) {
        self.files = files
        self.dialectTypes = dialectTypes
        self.stated = stated
        self.context = context
        self.assembly = assembly
    }

    private mutating func index() {
        for file in files { declarations.add(file) }
        declarations.spellModules()
        declarations.settleStaticVariables(files)
        declarations.findApps(in: files)
        declarations.readHelpersOfHelpers()
        declarations.fileMethods()
        declarations.readHeldResolvers()
        let spelled = declarations
        declarations.factories = FactoryCatalogue(
            files: files.filter { $0.refusal == nil }, aliases: declarations.aliasedNames, keyPathTakers: declarations.factoryKeyPathTakers,
            spelling: { spelled.spellingModules($0, in: $1) })
        declarations.nestedNames = NestedNames(files: files, typealiases: declarations.typealiases, sharedNestedTypes: declarations.sharedNestedTypes)
    }

    private mutating func learnDialects() {
        // The last dialect (hand-rolled) speaks every file: it is the one left when no library's does,
        // by the file's imports or through the app's own types.
        let declarations = declarations
        let libraries = dialectTypes.indices.dropLast()
        dialectOfFile = files.map { file in
            libraries.first { dialectTypes[$0].speaks(file) } ?? libraries.first { dialectTypes[$0].speaksThrough(file, declarations: declarations) }
                ?? dialectTypes.count - 1
        }
        dialects = dialectTypes.indices.map { index in
            let speakers = files.indices.filter { dialectOfFile[$0] == index }.map { files[$0] }
            return dialectTypes[index].init(learningFrom: speakers, declarations: declarations, stated: stated)
        }
    }

    private mutating func readCalls() {
        var finders: [RegistrationFinder] = []
        for (index, file) in files.enumerated() {
            if let refusal = file.refusal {
                findings.append(refusal)
                continue
            }
            if let problem = SyntaxProblems.first(in: file) { findings.append(problem) }
            let finder = RegistrationFinder(file: file, declarations: declarations, dialect: dialects[dialectOfFile[index]], dialects: dialects)
            finder.walk(file.tree)
            found += finder.found
            resolves += finder.resolves
            resolvesUnderUnreadNames += finder.resolvesUnderUnreadNames
            genericRegistrations += finder.genericRegistrations
            untypedRegistrations += finder.untypedRegistrations
            unreadLibraryResolves += finder.unreadLibraryResolves
            findings += finder.findings
            finders.append(finder)
        }
        for dialect in dialects { findings += dialect.findings(after: finders) }
        // Said once per library, at its first resolve: a whole app on it would say it at every one.
        for (library, places) in Dictionary(grouping: unreadLibraryResolves, by: \.library).sorted(by: { $0.key < $1.key }) {
            let first = places.map(\.location).min()!
            let message =
                places.count == 1
                ? "this resolves from \(library)'s container, which digraph does not read; it is left out, and what it resolves is not checked"
                : "\(places.count) resolves (the first here) are from \(library)'s container, which digraph does not read; they are left out, and what they resolve is not checked"
            findings.append(Diagnostic(.swiftImport, .warning, message, at: first))
        }
    }

    private mutating func findUndeclaredAssemblies() {
        let declarations = declarations
        undeclaredAssemblies = UndeclaredAssemblies(files: files) { declarations.declaration(of: $0) != nil }
        findings += undeclaredAssemblies.findings
    }

    private mutating func dropCapturedResolves() {
        // A helper's resolve read as a registration's dependency is that registration's, too.
        let captured = Set(found.flatMap { $0.eagerResolves + $0.reading.resolvedInHelpers })
        resolves.removeAll { captured.contains($0.location) }
    }

    private mutating func addBuiltTypesResolves() {
        // Nothing to attach without a built type and a resolve: the walk is skipped.
        guard found.contains(where: { $0.reading.implementation != nil || !$0.reading.staticMembersRun.isEmpty }), !resolves.isEmpty else {
            for number in found.indices { found[number].reading.findings += found[number].reading.staticValues.map(\.ifNot) }
            return
        }
        let index = BuiltTypeResolves(files: files, declarations: declarations)
        let resolveAt = Dictionary(resolves.map { ($0.location, $0) }) { first, _ in first }
        for number in found.indices {
            for value in found[number].reading.staticValues {
                let run = index.resolves(running: value.member, of: value.type, declarations: declarations)
                found[number].reading.findings.append(run.contains { resolveAt[$0.location] != nil } ? value.ifResolves : value.ifNot)
            }
        }
        // Per built type, once: several registrations may build the same type.
        var laterCallsOf: [String: [DigraphCore.SourceLocation]] = [:]
        for number in found.indices {
            let reading = found[number].reading
            let built = (reading.implementation.map { [(type: $0, isLazy: false)] } ?? []) + reading.builtInline
            var labels = UniqueLabels()
            var attached = Set<DigraphCore.SourceLocation>()
            for (type, isLazy) in built {
                // The product is built by the initializer its labels fit; a value built inline, by any.
                let called = type == reading.implementation ? reading.constructionLabels : nil
                let resolves = index.resolves(building: type, labels: called, declarations: declarations)
                let building = declarations.ofApp(resolves, of: type, as: found[number].location.file) {
                    $0.location.file
                }
                for (location, label) in building where attached.insert(location).inserted {
                    guard let use = resolveAt[location], let key = use.type ?? use.castType else { continue }
                    let item = ClosureReading.Item(
                        label: labels.unique(label ?? SwiftExpressions.parameterName(for: key), among: found[number].reading.dependencies),
                        source: .service(type: key, name: use.name, isLazy: isLazy, isOptional: false, passing: []), location: location)
                    found[number].reading.dependencies.append(item)
                    found[number].reading.notes.append("'\(item.label)' is resolved while \(type) is built (\(location.fileNameAndLine))")
                }
            }
            // `{ Favoriter.forProd }`, `initializer: Cache.getInstance`: what running the static member resolves.
            var run = reading.staticMembersRun
            if let type = reading.implementation, let member = reading.factory, !run.contains(where: { $0.type == type && $0.member == member }) {
                run.append((type, member, false))
            }
            for (type, member, isLazy) in run {
                for (location, lazyThere) in index.resolves(running: member, of: type, declarations: declarations) where attached.insert(location).inserted {
                    guard let use = resolveAt[location], let key = use.type ?? use.castType else { continue }
                    let item = ClosureReading.Item(
                        label: labels.unique(SwiftExpressions.parameterName(for: key), among: found[number].reading.dependencies),
                        source: .service(type: key, name: use.name, isLazy: isLazy || lazyThere, isOptional: false, passing: []), location: location)
                    found[number].reading.dependencies.append(item)
                    found[number].reading.notes.append("'\(item.label)' is resolved by \(type).\(member) (\(location.fileNameAndLine))")
                }
            }
            // What the built value's methods resolve, later: lazy dependencies, one per key. Optional
            // edges: a method may resolve from a container it keeps (a child's), and each resolve
            // stays the app's own, judged where the containers are known.
            guard let type = reading.implementation else { continue }
            var keys = Set(found[number].reading.dependencies.compactMap(\.serviceKey))
            if laterCallsOf[type] == nil { laterCallsOf[type] = index.laterCalls(of: type, declarations: declarations) }
            for location in declarations.ofApp(laterCallsOf[type]!, of: type, as: found[number].location.file, \.file) where attached.insert(location).inserted
            {
                guard let use = resolveAt[location], let key = use.type ?? use.castType, keys.insert(ClosureReading.Item.key(key, use.name)).inserted else {
                    continue
                }
                let item = ClosureReading.Item(
                    label: labels.unique(SwiftExpressions.parameterName(for: key), among: found[number].reading.dependencies),
                    source: .service(type: key, name: use.name, isLazy: true, isOptional: true, passing: []), location: location)
                found[number].reading.dependencies.append(item)
                found[number].reading.notes.append("'\(item.label)' is resolved later by a method of \(type) (\(location.fileNameAndLine))")
            }
        }
    }

    private mutating func order() {
        let order = RegistrationOrder(found: found, files: files, declarations: declarations, resolves: resolves.map(\.location), programs: programs)
        found = order.ordered
        findings += order.findings
        otherContainers = order.otherContainers
        otherContainersResolves = order.otherContainersResolves.mapValues { places in resolves.filter { places.contains($0.location) } }
        resolves.removeAll { order.containerResolves.contains($0.location) }
        unapplied = order.unapplied
        alternatives = order.alternatives
        launchCode = order.launchCode
        assemblyOf = order.assemblyOf
        appAssemblies = order.appAssemblies
        apps = order.apps
        mains = order.mains
        reachedFromEntry = order.reachedFromEntry
        for registration in found where !reachedFromEntry.contains(registration.location) {
            unplacedRegistrations[registration.location] = Self.declarationMaking(registration)
        }
        // A preview resolves from its own container: not one of the app's roots.
        previewCode = order.previewCode
        previewResolves = resolves.filter { previewCode.holds($0.location) }
        resolves.removeAll { previewCode.holds($0.location) }
    }

    /// The function, initializer or property a registration is made in, as `file@offset`: two
    /// registrations made in one run in source order whoever calls it.
    static func declarationMaking(_ registration: RegistrationFinder.Found) -> String {
        let declaration = registration.call.flatMap { call in
            Syntax(call).ancestorOrSelf {
                $0.is(FunctionDeclSyntax.self) || $0.is(InitializerDeclSyntax.self) || $0.is(AccessorDeclSyntax.self)
                    || $0.is(VariableDeclSyntax.self) && $0.parent?.is(MemberBlockItemSyntax.self) == true
            }
        }
        return "\(registration.location.file)@\(declaration?.positionAfterSkippingLeadingTrivia.utf8Offset ?? -1)"
    }

    private mutating func findChildContainers() {
        children = ChildContainers(files: files, found: found, resolves: resolves.map(\.location), reached: reachedFromEntry)
    }

    private mutating func readFactoryContainers() {
        var factory = FactoryContainerReader(files: files.filter { $0.refusal == nil }, declarations: declarations, context: context, launchCode: launchCode)
        factory.read()
        // What a static member's value resolves is not worked out for Factory's factories: said as before.
        found += factory.found.map { registration in
            var registration = registration
            registration.reading.findings += registration.reading.staticValues.map(\.ifResolves)
            return registration
        }
        factoryRegistrations = factory.found.count
        // A preview's `@Injected` uses the app's container, but only Xcode's canvas runs it.
        resolves += factory.resolves.filter { !previewCode.holds($0.location) }
        previewResolves += factory.resolves.filter { previewCode.holds($0.location) }
        findings += factory.findings
        // A Factory app and its widget: each declares its own factories in its folder (Ritualist).
        // (With other libraries' registrations too, the walk's partition, or its "read as one", stands.)
        if apps == nil, !factory.found.isEmpty, factory.found.count == found.count,
            let partition = AppPartition.byFolders(
                mains: mains, modules: mains.map { main in files.first { $0.path == main.location.file }?.module }, registeredAt: found.map(\.location))
        {
            apps = partition
            findings.append(RegistrationOrder.appsInfo(partition, mains: mains.map(\.location), registeredAt: found.map(\.location)))
        }
    }

    /// Resolves in test code (`RegistrationOrder.isTestCode`) are the tests' own, said once; kept
    /// when everything read is test code (tests checked on purpose).
    private mutating func leaveOutTestResolves() {
        let testFiles = Set(files.filter(RegistrationOrder.isTestCode).map(\.path))
        let inTests = resolves.filter { testFiles.contains($0.location.file) }
        guard let first = inTests.first,
            found.contains(where: { !testFiles.contains($0.location.file) }) || resolves.contains(where: { !testFiles.contains($0.location.file) })
        else { return }
        resolves.removeAll { testFiles.contains($0.location.file) }
        let files = Set(inTests.map(\.location.file)).count
        findings.append(
            Diagnostic(
                .swiftImport, .info,
                "\(inTests.count) resolve\(inTests.count == 1 ? "" : "s") in test code (\(files) file\(files == 1 ? "" : "s") in a `…Tests` or `…Specs` folder or importing XCTest, Testing, Quick or Nimble; the first here) \(inTests.count == 1 ? "is" : "are") the tests' own, left out of the app's roots",
                at: first.location))
    }

    /// Of the places given, those in an `#if` clause the build cannot decide (Windscribe's `#if
    /// os(iOS) … #elseif os(tvOS) resolve(WelcomeViewController.self)`, in code both its iOS and its
    /// tvOS app compile), each with the innermost such clause's condition.
    private static func undecided(_ places: [DigraphCore.SourceLocation], files: [SwiftFile], build: BuildConfiguration) -> [DigraphCore.SourceLocation: String]
    {
        let byFile = Dictionary(grouping: places, by: \.file)
        var found: [DigraphCore.SourceLocation: String] = [:]
        for file in files where file.refusal == nil && file.text.contains("#if") {
            guard let here = byFile[file.path] else { continue }
            let clauses = build.undecidedClauses(in: file)
            guard !clauses.isEmpty else { continue }
            for place in here {
                // The innermost clause around it: the one that spans the fewest lines.
                if let around = clauses.filter({ $0.lines.contains(place.line) }).min(by: { $0.lines.count < $1.lines.count }) {
                    found[place] = around.condition
                }
            }
        }
        return found
    }

    private mutating func assemble() {
        var assembler = ManifestAssembler(declarations: declarations, assembly: assembly)
        assembler.ignores = IgnoreComments(files: files)
        findings += assembler.ignores.findings
        var ownContainersFindings: [Diagnostic] = []
        otherManifests = otherContainers.map { other in
            let (manifest, read) = assembler.manifest(ofOtherContainer: other.registrations, resolves: otherContainersResolves[other.label] ?? [])
            // A container the app's code makes for itself is production code: what reading it found is said.
            if otherContainersResolves[other.label] != nil { ownContainersFindings += read }
            return (other.label, manifest)
        }
        unappliedManifests = unapplied.map { ($0.label, assembler.manifest(ofLeftOut: $0.registrations)) }
        alternativeRegistrations = alternatives.compactMap { kept, alternative, condition in
            assembler.manifest(ofLeftOut: [alternative]).registrations.first.map {
                SwiftImporter.Alternative(kept: kept, registration: $0, condition: condition)
            }
        }
        if let launchCode {
            for index in resolves.indices { resolves[index].atLaunch = launchCode.holds(resolves[index].location) }
        }
        if !previewResolves.isEmpty {
            for use in assembler.manifest(ofApp: [], resolves: previewResolves).resolves {
                let key = BindingKey(key: use.type.key, name: use.name?.value)
                if previewUses[key].map({ use.location < $0 }) ?? true { previewUses[key] = use.location }
            }
        }
        undecidedResolves = Self.undecided(resolves.map(\.location), files: files, build: build)
        unreadLazyInjections = UnreadLazyInjections.find(in: files, declarations: declarations)
        if found.contains(where: { $0.handRolledContainer == nil }), found.contains(where: { $0.handRolledContainer != nil }) {
            for registration in found {
                let container = registration.handRolledContainer.map { "`\($0)`" } ?? "the library's container"
                containerOf[registration.location] = container
                for key in registration.keys { containerOf[key.location] = container }
            }
        }
        // A factory's resolves under such names may reach a named registration as an app's may.
        let fromFactories = found.flatMap(\.reading.resolvesUnderUnreadNames).map {
            RegistrationFinder.AppResolve(type: $0.type, castType: nil, name: nil, location: $0.location)
        }
        if !resolvesUnderUnreadNames.isEmpty || !fromFactories.isEmpty {
            for use in assembler.manifest(ofApp: [], resolves: resolvesUnderUnreadNames + fromFactories).resolves where unreadNameUses[use.type.key] == nil {
                unreadNameUses[use.type.key] = use.location
            }
        }
        let (manifest, assembled, notes) = assembler.manifest(from: found, resolves: resolves)
        findings += assembled
        // Once each: a helper's registration is read in the app's graph and in the containers calling it.
        let said = Set(assembled)
        var added = Set<Diagnostic>()
        for finding in ownContainersFindings where !said.contains(finding) && added.insert(finding).inserted { findings.append(finding) }
        if let apps {
            // Each app: what its entry reaches and what no entry does; its resolves, and those outside every app's folder.
            appManifests = apps.apps.indices.map { app in
                let own = found.filter { apps.holds($0.location, in: app) }
                let uses = resolves.filter {
                    (apps.builds($0.location.file, in: app)
                        ?? ([nil, app].contains(apps.app(ofFile: $0.location.file)) && !apps.isSetAside($0.location.file)))
                        || apps.apps[app].ranResolves.contains($0.location)
                }
                return SwiftImporter.AppManifest(
                    label: apps.apps[app].label, folder: apps.apps[app].folder, reached: apps.apps[app].reached,
                    manifest: assembler.manifest(ofApp: own, resolves: uses))
            }
        }
        self.manifest = manifest
        self.notes = notes
        // The manifest holds every container's registrations: each says which child it is made on.
        let imported = Set(manifest.registrations.map(\.location))
        for child in children.children {
            for location in child.registrations.sorted() where imported.contains(location) {
                self.notes[location, default: []].append("in \(child.label)")
            }
        }
        // Printed names can collide only where a dialect that registers something keys by them;
        // Factory keys by type identity and property (its registrations come last).
        let registering = Set(found.dropLast(factoryRegistrations).map(\.location.file))
        let inUse = Set(files.indices.filter { registering.contains(files[$0].path) }.map { dialectOfFile[$0] }).map { dialects[$0] }
        self.manifest.keysByTypeIdentity = (!inUse.isEmpty || factoryRegistrations > 0) && inUse.allSatisfy(\.keysByTypeIdentity)
    }

    private mutating func readRecipe() {
        let swinjectFiles = Set(files.indices.filter { dialects[dialectOfFile[$0]] is SwinjectDialect }.map { files[$0].path })
        let called = found.dropLast(factoryRegistrations)
        let swinject = called.filter { swinjectFiles.contains($0.location.file) }
        var libraries: [(library: ContainerRecipe.Library, registrations: Int)] = [
            (.swinject, swinject.count), (.handRolled, called.count - swinject.count), (.factory, factoryRegistrations),
        ]
        libraries.removeAll { $0.registrations == 0 }
        // The app's own `Assembler([…])` order first, then assemblies applied some other way, in run order.
        let registering = Set(swinject.compactMap { assemblyOf[$0.location] })
        var assemblies = appAssemblies.filter { registering.contains($0.type) }.map { type, expression in
            ContainerRecipe.Assembly(
                type: type, buildsWithoutArguments: expression == "\(type)()" || declarations.initializer(of: type, labels: []) != nil,
                asTheAppBuildsIt: expression)
        }
        var outside: [DigraphCore.SourceLocation] = []
        for registration in swinject {
            guard let type = assemblyOf[registration.location] else {
                outside.append(registration.location)
                continue
            }
            guard !assemblies.contains(where: { $0.type == type }) else { continue }
            assemblies.append(ContainerRecipe.Assembly(type: type, buildsWithoutArguments: declarations.initializer(of: type, labels: []) != nil))
        }
        let factoryModule = files.lazy.compactMap { file in FactoryCatalogue.libraries.sorted().last { file.imports($0) } }.first
        recipe = ContainerRecipe(
            libraries: libraries, assemblies: assemblies, registeredOutsideAssemblies: outside, factoryModule: factoryRegistrations > 0 ? factoryModule : nil)
        let handRolled = called.filter { !swinjectFiles.contains($0.location.file) }
        if !handRolled.isEmpty, let dialect = dialects.lazy.compactMap({ $0 as? HandRolledDialect }).first {
            recipe?.handRolled = HandRolledRecipe.read(api: dialect.api, found: Array(handRolled), files: files, declarations: declarations)
        }
    }

    private mutating func noteUnreadLibrary() {
        unreadLibrary = UnreadLibraries.first(in: files)
    }
}
