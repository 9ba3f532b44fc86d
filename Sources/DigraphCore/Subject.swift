/// What a finding is about, in two parts. Its `identity` (the registration, the edge, the cycle or the
/// missing key, by keys and labels) names it across versions: baselines and `diff` match findings by
/// `code + identity` (the fingerprint), so moving lines never makes a finding new. Its `place` says which
/// element of the graph it was found in: what a picture colours and what a `suppress:` entry covers.
/// The identity alone is deliberately coarse (two registrations of one key share it); the place is not.
public struct Subject: Hashable, Sendable {
    public enum Identity: Hashable, Sendable, CustomStringConvertible {
        /// A registration, by its first key and name.
        case registration(BindingKey)
        /// A dependency, property or `aliasOf` edge: the holder, the label (`aliasOf` for an alias) and
        /// what it asks for.
        case edge(from: BindingKey, label: String, to: BindingKey)
        /// The keys on a cycle, as a set (sorted).
        case cycle([BindingKey])
        /// A key (and name) nothing provides.
        case missing(BindingKey)
        /// A module name that is not declared, and who names it.
        case module(String, namedBy: String)

        public var description: String {
            switch self {
            case .registration(let binding): "registration \(binding)"
            case .edge(let from, let label, let to): "edge \(from) -[\(label)]-> \(to)"
            case .cycle(let keys): "cycle {\(keys.map(\.description).joined(separator: ", "))}"
            case .missing(let binding): "missing \(binding)"
            case .module(let name, let owner): "module \(name) named by \(owner)"
            }
        }
    }

    /// nil when the finding's message names what it is about (the importer's findings).
    public var identity: Identity?
    /// nil for a finding about nothing in the graph (a module named by another module's declaration,
    /// a key the importer found promised but never registered).
    public var place: Place?
    /// A finding made before the graph exists (the importer's) and printed elsewhere than the element
    /// it is about: where that element is declared (a registration's call, for what its factory did
    /// not let digraph read). `DependencyGraph.placing` turns it into `place`.
    public var declaredAt: SourceLocation?

    public init(_ identity: Identity?, at place: Place?) {
        self.identity = identity
        self.place = place
    }

    /// About the element declared at `location`, in a graph not built yet.
    public static func declared(at location: SourceLocation) -> Subject {
        var subject = Subject(nil, at: nil)
        subject.declaredAt = location
        return subject
    }

    public static func registration(_ binding: BindingKey, at place: Place?) -> Subject { Subject(.registration(binding), at: place) }
    public static func edge(from: BindingKey, label: String, to: BindingKey, at place: Place?) -> Subject {
        Subject(.edge(from: from, label: label, to: to), at: place)
    }
    public static func missing(_ binding: BindingKey, at place: Place?) -> Subject { Subject(.missing(binding), at: place) }
    public static func module(_ name: String, namedBy owner: String, at place: Place?) -> Subject {
        Subject(.module(name, namedBy: owner), at: place)
    }
}

/// An element of one graph a finding can be about.
public enum Place: Hashable, Sendable {
    /// The registration at this index: its keys, name and module.
    case registration(Int)
    /// One of a registration's dependencies or properties, or its `aliasOf` (drawn as an edge when it
    /// asks for a service; a parameter given a runtime argument is not drawn).
    case dependency(Edge.ID)
    /// The runtime argument a registration declares at `position`.
    case argument(of: Int, position: Int)
    /// The app's own resolve at this index of `DependencyGraph.resolves`.
    case resolve(Int)
    /// The edges of a cycle, from the registration it is reported on.
    case cycle([Edge.ID])

    /// The registration this place belongs to; nil for an app's own resolve.
    public var registration: Int? {
        switch self {
        case .registration(let index), .argument(let index, _): index
        case .dependency(let edge): edge.from
        case .cycle(let edges): edges.first?.from
        case .resolve: nil
        }
    }
}

extension Subject.Identity {
    /// The same identity with every binding passed through `transform` (a cycle's keys sorted again).
    public func mapBindings(_ transform: (BindingKey) -> BindingKey) -> Subject.Identity {
        switch self {
        case .registration(let binding): .registration(transform(binding))
        case .edge(let from, let label, let to): .edge(from: transform(from), label: label, to: transform(to))
        case .cycle(let keys): .cycle(keys.map(transform).sorted())
        case .missing(let binding): .missing(transform(binding))
        case .module: self
        }
    }
}

extension Diagnostic {
    /// The contract's fingerprint: code plus what the finding is about, never a line nor a place.
    public var fingerprint: String {
        fingerprint(mapping: { $0 })
    }

    /// The fingerprint with the subject's bindings passed through `transform` (how `diff` matches
    /// findings when it matches registrations by key alone).
    public func fingerprint(mapping transform: (BindingKey) -> BindingKey) -> String {
        "\(code.rawValue): \(subject?.identity.map { $0.mapBindings(transform).description } ?? message)"
    }

    /// What the finding is about across versions: its subject's identity; the message for a finding
    /// without one (schema problems, the importer's findings).
    public var aboutText: String { subject?.identity?.description ?? message }
}

extension DependencyGraph {
    /// A registration as a subject: its first key and name, at its index.
    public func subject(of index: Int) -> Subject {
        .registration(binding(of: index), at: .registration(index))
    }

    public func binding(of index: Int) -> BindingKey {
        BindingKey(key: registrations[index].provides[0].key, name: registrations[index].name?.value)
    }

    public func subject(of edge: Edge) -> Subject {
        .edge(from: binding(of: edge.from), label: edge.subjectLabel, to: edge.binding, at: .dependency(edge.id))
    }

    /// One of the app's own resolves as a subject: app code asking for a key.
    public func subject(ofResolve index: Int) -> Subject {
        .edge(from: BindingKey(key: "app code", name: nil), label: "resolve", to: resolves[index].binding, at: .resolve(index))
    }
}

extension Edge {
    /// The label findings and `diff` name an edge by: its parameter or property, `aliasOf` for an alias.
    public var subjectLabel: String { label ?? "aliasOf" }
}

extension DependencyGraph {
    /// The importer reports what it could not read before the graph exists, by source location (and,
    /// for what a factory did not let it read, the registration's `declaredAt`). Such a finding is
    /// placed on the element declared exactly where it is printed: a dependency, property or `aliasOf`
    /// (the narrower, before its registration), a registration (its call, a key, its name or module),
    /// a runtime argument, or a resolve; else on the element declared at its `declaredAt`; else it is
    /// about no element. Rules place their findings themselves; this is the one table from locations
    /// to places.
    public func placing(_ findings: [Diagnostic]) -> [Diagnostic] {
        guard findings.contains(where: { $0.subject?.place == nil }) else { return findings }
        var declared: [SourceLocation: Place] = [:]
        func declare(_ locations: [SourceLocation?], _ place: Place) {
            for case let location? in locations where declared[location] == nil { declared[location] = place }
        }
        for (index, registration) in registrations.enumerated() {
            registration.forEachDependency { kind, dependency in
                declare(dependency.declaredLocations, .dependency(Edge.ID(from: index, kind: kind)))
            }
            declare([registration.aliasOf?.location], .dependency(Edge.ID(from: index, kind: .alias)))
        }
        for (index, registration) in registrations.enumerated() {
            declare(
                [registration.location, registration.name?.location, registration.module?.location] + registration.provides.map(\.location),
                .registration(index))
            for (position, argument) in registration.arguments.enumerated() {
                declare([argument.label.location, argument.type.location], .argument(of: index, position: position))
            }
        }
        for (index, resolve) in resolves.enumerated() { declare([resolve.use.location, resolve.use.name?.location], .resolve(index)) }
        return findings.map { finding in
            guard finding.subject?.place == nil, let place = declared[finding.location] ?? finding.subject?.declaredAt.flatMap({ declared[$0] }) else {
                return finding
            }
            var placed = finding
            placed.subject = Subject(finding.subject?.identity, at: place)
            return placed
        }
    }
}

extension Dependency {
    /// Where a dependency is written: its label, its type, the runtime arguments it passes or takes.
    fileprivate var declaredLocations: [SourceLocation?] {
        switch source {
        case .service(let type, _, _, let passing): [label.location, type.location] + passing.map(\.location)
        case .argument(let argument): [label.location, argument.location]
        }
    }
}
