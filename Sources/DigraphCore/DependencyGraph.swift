/// A key and name qualifier: what a container looks a registration up by.
public struct BindingKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var key: String
    public var name: String?

    public init(key: String, name: String?) {
        self.key = key
        self.name = name
    }

    public var description: String { Registration.displayName(key: key, name: name) }

    public static func < (lhs: BindingKey, rhs: BindingKey) -> Bool {
        (lhs.key, lhs.name ?? "") < (rhs.key, rhs.name ?? "")
    }
}

/// A resolved use of one registration by another: a service dependency or an `aliasOf`.
public struct Edge: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The registration's `dependencies[index]`.
        case dependency(index: Int)
        /// The registration's `properties[index]`, set after construction.
        case property(index: Int)
        case alias
    }

    /// A registration's dependency, property or `aliasOf`, whether or not it is drawn as an edge.
    public struct ID: Hashable, Sendable {
        public var from: Int
        public var kind: Kind

        public init(from: Int, kind: Kind) {
            self.from = from
            self.kind = kind
        }
    }

    public var from: Int
    public var kind: Kind
    public var id: ID { ID(from: from, kind: kind) }
    /// The type as written on the edge (`T?` for an optional dependency).
    public var type: TypeReference
    /// What the container is asked for: the unwrapped key and the name qualifier.
    public var binding: BindingKey
    public var isLazy: Bool
    /// Resolved when the holder is registered (`eager: true`), in registration order.
    public var isEager: Bool = false
    /// For an eager edge read from Swift: what a miss does at launch.
    public var whenMissing: EagerMiss?
    public var isOptional: Bool
    /// The registration that serves the edge: the last one registered for the binding, as in a
    /// dictionary container. nil when nothing in the graph provides it.
    public var target: Int?
    /// The parameter label; nil for `aliasOf`.
    public var label: String?
    public var location: SourceLocation

    /// Counts for captives and argument checks: the value is resolved while the holder is built
    /// (or, for an eager edge, registered).
    public var isImmediate: Bool { !isLazy }

    /// Set after construction, on the finished instance.
    public var isProperty: Bool {
        if case .property = kind { return true }
        return false
    }

    /// Counts for cycles: a property is set after its holder exists, which is how a cycle is
    /// legitimately closed (Swinject's `initCompleted`).
    public var closesCycles: Bool { !isLazy && !isProperty }

    /// "parameter 'x'", "property 'x'" or "its aliasOf": where on its holder the edge is written.
    public var role: String {
        switch kind {
        case .alias: "its aliasOf"
        case .dependency: "parameter '\(label ?? "_")'"
        case .property: "property '\(label ?? "_")'"
        }
    }
}

/// The merged, linked graph of every manifest given on one command line. Immutable once built.
public struct DependencyGraph: Sendable {
    public let files: [String]
    public let manifests: [Manifest]
    public let registrations: [Registration]
    /// Declared modules by name; nil when no file declares `modules` (layers are then unchecked).
    public let modules: [String: ModuleDeclaration]?
    public let interfaces: [String: InterfaceDeclaration]
    /// The keys app code hands in (`external:`), one per key, in key order.
    public let externals: [TypeReference]
    public let externalKeys: Set<String>
    /// Every registration index providing a binding, in registration order.
    public let providers: [BindingKey: [Int]]
    /// Outgoing edges per registration: the alias edge, then parameters, then properties, in order.
    public let edges: [[Edge]]
    /// Every registered key that stands for several protocols (a composition, or an interface that
    /// `composes`), with its members: the few keys composition questions need to look at.
    public let compositeKeys: [(registration: Int, key: TypeReference, members: Set<String>)]
    private let builders: [Int]
    private let forwardingTargets: [Int]
    /// Per registration, the index in `edges` of each parameter and property that is a service
    /// (`-1` for a runtime argument): finding a parameter's edge is one lookup, not a search.
    @usableFromInline let parameterEdges: [[Int]]
    @usableFromInline let propertyEdges: [[Int]]
    /// Keys app code resolves directly, and the registration serving each (nil when none does).
    public let resolves: [(use: DirectResolve, binding: BindingKey, target: Int?)]

    public init(
        manifests: [Manifest], modules: [String: ModuleDeclaration]?, interfaces: [String: InterfaceDeclaration],
        externals: [TypeReference]
    ) {
        self.manifests = manifests
        self.files = manifests.map(\.file)
        let registrations = manifests.flatMap(\.registrations)
        self.registrations = registrations
        self.modules = modules
        self.interfaces = interfaces
        var seenExternal = Set<String>()
        self.externals = externals.filter { seenExternal.insert($0.key).inserted }.sorted { $0.key < $1.key }
        self.externalKeys = seenExternal

        var providing: [BindingKey: [Int]] = [:]
        providing.reserveCapacity(registrations.count)  // no rehash of every key while it grows
        for (index, registration) in registrations.enumerated() {
            // A key provided twice by one registration counts once: most provide one key, and a set
            // for each of 100,000 registrations was a tenth of the link.
            let provides = registration.provides
            var seen = Set<String>()
            for type in provides where provides.count == 1 || seen.insert(type.key).inserted {
                providing[BindingKey(key: type.key, name: registration.name?.value), default: []].append(index)
            }
        }
        let providers = providing
        self.providers = providers

        // Keys registered from Swift as a generic type without its arguments (Swift infers them):
        // uses of a specialization find them by the unspecialized spelling.
        var unspecializedKeys: [BindingKey: BindingKey] = [:]
        for registration in registrations where registration.answersSpecializations {
            for type in registration.provides {
                unspecializedKeys[BindingKey(key: type.key, name: registration.name?.value)] = BindingKey(key: type.key, name: registration.name?.value)
            }
        }
        let unspecialized = unspecializedKeys

        /// Of the registrations of one binding, the one a use reaches: Swinject keys a registration
        /// by its runtime arguments' types too, so it is the last whose arguments the use passes;
        /// the last registered when none is, or when the use's arguments are not known.
        @Sendable func serving(_ served: [Int], passing: PassedArguments?) -> Int? {
            guard served.count > 1, let passing else { return served.last }
            return served.last { registrations[$0].takes(passing) } ?? served.last
        }
        /// `T?` is served by a registration of `T?` itself when there is one, else by `T`. With the
        /// binding, the registration serving it, found in the same lookup.
        @Sendable func binding(for type: TypeReference, name: String?, passing: PassedArguments? = nil) -> (binding: BindingKey, target: Int?) {
            if type.expression.isOptional {
                let exact = BindingKey(key: type.key, name: name)
                if let served = providers[exact] { return (exact, serving(served, passing: passing)) }
            }
            let looked = BindingKey(key: type.lookupKey, name: name)
            if let served = providers[looked] { return (looked, serving(served, passing: passing)) }
            guard !unspecialized.isEmpty, case .nominal(let components) = type.expression.unwrapped,
                components.contains(where: { !$0.genericArguments.isEmpty })
            else { return (looked, nil) }
            let bare = TypeExpression.nominal(components.map { TypeExpression.NameComponent($0.name) }).normalized().spelling
            guard let binding = unspecialized[BindingKey(key: bare, name: name)] else { return (looked, nil) }
            return (binding, providers[binding].flatMap { serving($0, passing: passing) })
        }
        @Sendable func edges(from index: Int) -> [Edge] {
            let registration = registrations[index]
            var edges: [Edge] = []
            if let alias = registration.aliasOf {
                let (binding, target) = binding(for: alias, name: registration.aliasName?.value)
                edges.append(
                    Edge(
                        from: index, kind: .alias, type: alias, binding: binding, isLazy: false,
                        isOptional: false, target: target, label: nil, location: alias.location))
            }
            func add(_ kind: Edge.Kind, _ dependency: Dependency) {
                guard case .service(let type, let name, let isLazy, let passing) = dependency.source else { return }
                let passed = PassedArguments(
                    types: passing.map { registration.argument(named: $0.value)?.type }, unread: dependency.unreadArguments)
                let (binding, target) = binding(for: type, name: name, passing: passed)
                edges.append(
                    Edge(
                        from: index, kind: kind, type: type, binding: binding,
                        // A lazy dependency of a value built when registered is resolved later, when used.
                        isLazy: isLazy, isEager: !isLazy && (registration.isEager || dependency.isEager), whenMissing: dependency.whenMissing,
                        isOptional: type.expression.isOptional,
                        target: target, label: dependency.label.value,
                        location: dependency.location))
            }
            registration.forEachDependency(add)
            return edges
        }
        // Each registration's edges are found on their own: a big graph links in slices side by side.
        let slice = 8192
        self.edges =
            registrations.count <= slice
            ? registrations.indices.map(edges(from:))
            : Parallel.map(slicesOf: registrations.count, size: slice) { $0.map(edges(from:)) }.flatMap { $0 }
        let linked = self.edges
        func positions(_ kind: (Int) -> Edge.Kind, count: (Registration) -> Int) -> [[Int]] {
            zip(registrations, linked).map { registration, edges in
                var positions = [Int](repeating: -1, count: count(registration))
                for (index, edge) in edges.enumerated() {
                    switch edge.kind {
                    case .dependency(let position) where kind(position) == edge.kind: positions[position] = index
                    case .property(let position) where kind(position) == edge.kind: positions[position] = index
                    default: break
                    }
                }
                return positions
            }
        }
        var composite: [(registration: Int, key: TypeReference, members: Set<String>)] = []
        for (index, registration) in registrations.enumerated() {
            for provided in registration.provides {
                let interface = interfaces[provided.key]
                // A plain named type is one member, unless an interface says it composes others.
                if case .nominal = provided.expression, interface == nil { continue }
                var members = Set(provided.expression.normalized().compositionMembers.map(\.key))
                if let interface { members.formUnion(interface.composes.map(\.key)) }
                if members.count > 1 { composite.append((index, provided, members)) }
            }
        }
        self.compositeKeys = composite
        self.builders = Self.chainEnds(of: registrations, edges: linked) { $0.aliasOf != nil && !$0.lifetime.outlivesResolve }
        self.forwardingTargets = Self.chainEnds(of: registrations, edges: linked) { $0.aliasOf != nil }
        self.parameterEdges = positions({ .dependency(index: $0) }, count: { $0.dependencies.count })
        self.propertyEdges = positions({ .property(index: $0) }, count: { $0.properties.count })
        self.resolves = manifests.flatMap(\.resolves).map { use in
            let (binding, target) = binding(for: use.type, name: use.name?.value, passing: use.arguments.map { PassedArguments(types: $0, unread: 0) })
            return (use, binding, target)
        }
    }

    /// The edge of a registration's service dependency at `position` in its `dependencies`.
    /// Every service dependency has one, so generators can rely on it.
    @inlinable public func edge(from index: Int, dependency position: Int) -> Edge {
        edges[index][parameterEdges[index][position]]
    }

    /// The edge of a registration's property at `position` in its `properties`.
    @inlinable public func edge(from index: Int, property position: Int) -> Edge {
        edges[index][propertyEdges[index][position]]
    }

    /// Every edge, registration by registration.
    public var allEdges: some Sequence<Edge> { edges.lazy.flatMap { $0 } }

    /// The registration that really builds a value: follows forwarding `aliasOf` registrations that
    /// keep nothing past a resolve (transient or graph: each resolve runs the forwarder again and
    /// hands out what the target hands out, vexl-ios' `AuthenticationManagerType`); a singleton or
    /// weak alias caches what it resolved, so it is the builder itself.
    public func builder(of index: Int) -> Int { builders[index] }

    /// Follows `aliasOf` to the end of the chain, whatever the aliases' lifetimes: the registration
    /// that declares the runtime arguments a resolve must pass.
    public func forwardingTarget(of index: Int) -> Int { forwardingTargets[index] }

    /// The end of every registration's forwarding chain, each chain walked once: asked for by every
    /// holder of every edge, a walk per question would be quadratic on long alias chains.
    private static func chainEnds(of registrations: [Registration], edges: [[Edge]], follows: (Registration) -> Bool) -> [Int] {
        var ends = [Int](repeating: -1, count: registrations.count)
        for start in registrations.indices where ends[start] < 0 {
            var chain: [Int] = []
            var position: [Int: Int] = [:]
            var current = start
            var cycleStart: Int?
            while ends[current] < 0, follows(registrations[current]),
                let next = edges[current].first(where: { $0.kind == .alias })?.target
            {
                if let seen = position[current] {
                    cycleStart = seen
                    break
                }
                position[current] = chain.count
                chain.append(current)
                current = next
            }
            // On a forwarding cycle each member is its own end, as a walk that stops on a revisit says.
            if let cycleStart {
                for index in chain[cycleStart...] { ends[index] = index }
                chain.removeSubrange(cycleStart...)
            }
            let end = ends[current] >= 0 ? ends[current] : current
            if ends[current] < 0 { ends[current] = current }
            for index in chain { ends[index] = end }
        }
        return ends
    }

    /// The module a key belongs to: its interface's module, else the module of its provider.
    public func module(ofKey binding: BindingKey, servedBy target: Int?) -> String? {
        if let module = interfaces[binding.key]?.module { return module.value }
        return target.flatMap { registrations[$0].module?.value }
    }

    /// The member keys a registered key stands for: a composition's members, or an interface's `composes`.
    public func memberKeys(of key: String, type: TypeExpression) -> Set<String> {
        var members = Set(type.normalized().compositionMembers.map(\.key))
        if let interface = interfaces[key] {
            members.formUnion(interface.composes.map(\.key))
        }
        return members
    }
}

extension Registration {
    /// Each of its dependencies, then each of its properties, with the edge kind that names it on
    /// this registration (`Edge.ID` with the registration's index).
    @inlinable public func forEachDependency(_ body: (Edge.Kind, Dependency) -> Void) {
        for (position, dependency) in dependencies.enumerated() { body(.dependency(index: position), dependency) }
        for (position, property) in properties.enumerated() { body(.property(index: position), property) }
    }
}

extension DependencyGraph {
    /// The registrations providing one of `keys` and those at most `depth` edges away from them,
    /// either way (what they depend on and what depends on them), in index order.
    public func neighbourhood(ofKeys keys: Set<String>, depth: Int) -> [Int] {
        var dependents = [[Int]](repeating: [], count: registrations.count)
        for edge in allEdges { if let target = edge.target { dependents[target].append(edge.from) } }
        let seeds = registrations.indices.filter { registrations[$0].provides.contains { keys.contains($0.key) } }
        return GraphAlgorithms.withinDistance(depth, of: seeds) { edges[$0].compactMap(\.target) + dependents[$0] }
    }
}
