import DigraphCore
import DigraphSwiftImport

/// What each container of a Swinject app sees when it resolves: the app's container its own
/// registrations, a child container its own and then its parents' (a key it registers itself hides
/// a parent's). Each is checked as a graph; the findings are one list.
struct ContainerViews {
    struct View {
        /// Nil for the app's container.
        var child: ChildContainer?
        var manifest: Manifest
        /// Where the registrations and resolves it holds are: a finding's subject is looked up here.
        var registrationsAt: Set<SourceLocation> = []
        var resolvesAt: Set<SourceLocation> = []

        init(child: ChildContainer?, manifest: Manifest) {
            self.child = child
            self.manifest = manifest
            registrationsAt = Set(manifest.registrations.map(\.location))
            resolvesAt = Set(manifest.resolves.map(\.location))
        }

        var hasRoots: Bool { !manifest.resolves.isEmpty || manifest.registrations.contains(where: \.isRoot) }
    }

    private(set) var views: [View] = []
    /// The children past `limit`, not checked as graphs of their own.
    private(set) var notChecked: [ChildContainer] = []
    /// How many child containers are checked, each as a graph of its own.
    static let limit = 64

    /// The views of `manifest` (what holds every registration) for `children`; none when there are none.
    init(_ manifest: Manifest, children: [ChildContainer]) {
        let inChildren = children.reduce(into: Set<SourceLocation>()) { $0.formUnion($1.registrations) }
        guard !inChildren.isEmpty else { return }
        let ofApp = manifest.registrations.filter { !inChildren.contains($0.location) }
        // A resolve made on a known child is checked there; any other may be made on any container.
        let resolvedOnChildren = children.reduce(into: Set<SourceLocation>()) { $0.formUnion($1.resolves) }
        let anywhere = manifest.resolves.filter { !resolvedOnChildren.contains($0.location) }
        var app = manifest
        app.registrations = ofApp
        app.resolves = anywhere
        views.append(View(child: nil, manifest: app))
        // Each child's own registrations, found in one pass over the manifest.
        var childOf: [SourceLocation: Int] = [:]
        for (number, child) in children.enumerated() { for location in child.registrations { childOf[location] = number } }
        var madeOn = Array(repeating: [Registration](), count: children.count)
        for registration in manifest.registrations { if let number = childOf[registration.location] { madeOn[number].append(registration) } }
        var resolvedOn: [SourceLocation: Int] = [:]
        for (number, child) in children.enumerated() { for location in child.resolves { resolvedOn[location] = number } }
        var resolvesOf = Array(repeating: [DirectResolve](), count: children.count)
        for use in manifest.resolves { if let number = resolvedOn[use.location] { resolvesOf[number].append(use) } }
        for (number, child) in children.enumerated() where !child.registrations.isEmpty {
            // Each view holds its parents' registrations: past the limit, the run would grow with
            // children × registrations. The rest are said once, never checked in silence.
            guard views.count <= Self.limit else {
                notChecked.append(child)
                continue
            }
            var seen: Set<Int> = [number]
            var chain: [[Registration]] = [madeOn[number]]
            var current = child.parent
            while let parent = current, seen.insert(parent).inserted {
                chain.append(madeOn[parent])
                current = children[parent].parent
            }
            chain.append(ofApp)
            var seenAs: [BindingKey: [Registration]] = [:]
            var registrations: [Registration] = []
            // Nearest container first: a registration a nearer one makes of the same key hides it.
            for level in chain {
                var kept: [Registration] = []
                for registration in level {
                    let hidden = registration.provides.contains { provided in
                        seenAs[BindingKey(key: provided.key, name: registration.name?.value)]?.contains { $0.isKeptApart(from: registration) != true } == true
                    }
                    if !hidden { kept.append(registration) }
                }
                for registration in level {
                    for provided in registration.provides {
                        seenAs[BindingKey(key: provided.key, name: registration.name?.value), default: []].append(registration)
                    }
                }
                registrations = kept + registrations
            }
            var view = manifest
            view.registrations = registrations
            view.resolves = anywhere + resolvesOf[number]
            views.append(View(child: child, manifest: view))
        }
    }

    /// Every view checked, the findings merged. A finding is about something some views hold: a
    /// registration (the views it is made in or inherited by) or a direct resolve (the child it is
    /// made on, where the code shows it; else every view). One that every such view
    /// has is reported as it is, naming the child containers when the app's own does not have it;
    /// one that only some have is a warning that names them (an info is left out: a parent's key
    /// that a child resolves is used). Where the app's entry reaches none of the containers that
    /// have it, it is a warning too: the app may never make them.
    func check(manifests: [String], in tree: any SourceTree) -> [Diagnostic] {
        var holders: [String: Set<Int>] = [:]
        var order: [(identity: String, finding: Diagnostic)] = []
        var aboutRegistration: [String: SourceLocation] = [:]
        var aboutResolve: [String: SourceLocation] = [:]
        for (number, view) in views.enumerated() {
            guard let (graph, checked) = CheckRun.ruleFindings(of: view.manifest, beside: manifests, in: tree) else { continue }
            for finding in checked {
                var unplaced = finding
                unplaced.subject?.place = nil
                let key = unplaced.mergeKey
                if holders[key] == nil { order.append((key, unplaced)) }
                holders[key, default: []].insert(number)
                if case .resolve(let index) = finding.subject?.place { aboutResolve[key] = graph.resolves[index].use.location }
                if let registration = finding.subject?.place.flatMap(\.registration) { aboutRegistration[key] = graph.registrations[registration].location }
            }
        }
        let findings: [Diagnostic] = order.compactMap { key, finding in
            let holding = holders[key]!
            let concerned =
                aboutResolve[key].map { location in Set(views.indices.filter { views[$0].resolvesAt.contains(location) }) }
                ?? aboutRegistration[key].map { location in Set(views.indices.filter { views[$0].registrationsAt.contains(location) }) }
                ?? holding
            // A view without roots (no resolve is made on it) says nothing of what is used.
            let concernedViews = finding.severity == .info ? concerned.filter { views[$0].hasRoots } : concerned
            let children = holding.sorted().compactMap { views[$0].child }
            var named = finding
            if concernedViews.isSubset(of: holding) {
                // Nothing that can use it does: said of the registration, wherever it is made.
                guard !holding.contains(0), finding.severity != .info else { return finding }
                named.message += " (in \(children.map(\.label).joined(separator: " and ")))"
                guard !children.contains(where: \.isReached) else { return named }
                named.severity = .warning
                named.message.removeLast()
                named.message += ", if the app makes it)"
                return named
            }
            guard finding.severity != .info else { return nil }
            if aboutResolve[key] != nil {
                // Which container the code resolves from is not followed: one that provides the key may be it.
                let providers = concerned.subtracting(holding).sorted().map { views[$0].child?.label ?? "the app's container" }
                named.severity = .info
                named.message +=
                    " (\(providers.joined(separator: " and ")) \(providers.count == 1 ? "provides" : "provide") it; digraph does not follow which container this code resolves from)"
                return named
            }
            named.severity = .warning
            let places = (holding.contains(0) ? ["the app's container"] : []) + children.map(\.label)
            named.message += " (only in \(places.joined(separator: " and ")); the containers that inherit it provide it)"
            return named
        }
        guard let first = notChecked.first else { return findings }
        return findings + [
            Diagnostic(
                .swiftImport, .info,
                notChecked.count == 1
                    ? "1 more child container is not checked as a graph of its own (the first \(Self.limit) are): what is registered on it is checked nowhere"
                    : "\(notChecked.count) more child containers are not checked as graphs of their own (the first \(Self.limit) are): what is registered on them is checked nowhere",
                at: first.location)
        ]
    }
}
