import DigraphCore

/// What both generators need to know about the graph, decided once: the Swift names of every key,
/// the type each registration's value is stored as, and which registrations run on a global actor.
public struct GenerationPlan: Sendable {
    public let graph: DependencyGraph
    public private(set) var naming: SwiftNaming
    /// The accessor name for each (key, name) binding.
    public let accessors: [BindingKey: String]
    /// Per registration: the internal name its builder functions are called after.
    public let registrationNames: [String]
    /// Per registration: the global actor its factory runs on (its own, or one of an eager dependency).
    public let isolation: [String?]
    /// Keys not built by the container: supplied registrations and externals, by binding.
    public let externals: [TypeReference]

    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var location: SourceLocation
        public var description: String { "\(location): error: \(message)" }

        public init(message: String, location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }

    /// What `digraph import` writes where the sources do not say: a type, or a parameter label
    /// (`FILL_IN_configProtocol`) for a resolve whose parameter is not known. Code is not generated
    /// from a guess.
    public static let placeholder = TypeReference.placeholder

    /// `keysHoldArguments`: the target keys a registration by its runtime arguments' types too, as
    /// Swinject does, so one key may have several registrations told apart by them. Every other
    /// target has one accessor per key and refuses such a graph.
    public init(graph: DependencyGraph, keysHoldArguments: Bool = false) throws(Problem) {
        self.graph = graph
        naming = SwiftNaming(graph: graph)
        if !keysHoldArguments, let (binding, registrations) = graph.providers.filter({ $0.value.count > 1 }).min(by: { $0.key < $1.key }) {
            let places = registrations.map { "\(graph.registrations[$0].location)" }.joined(separator: ", ")
            throw Problem(
                message:
                    "'\(binding)' has \(registrations.count) registrations told apart by their runtime arguments' types, as Swinject keys them (\(places)); this target has one accessor per key: give each a `name:`, or generate `--target swinject`",
                location: graph.registrations[registrations[1]].location)
        }
        for registration in graph.registrations {
            for dependency in registration.dependencies where dependency.label.value.hasPrefix(Self.placeholder) {
                throw Problem(
                    message:
                        "\(registration.displayName) resolves '\(dependency.service?.key ?? "?")' for a parameter digraph could not tell ('\(dependency.label.value)'): rename it to the initializer's label, remove it, or import again with the sources that declare the initializer",
                    location: dependency.location)
            }
            let types =
                registration.provides + [registration.implementation].compactMap { $0 } + registration.arguments.map(\.type)
                + registration.dependencies.compactMap(\.service)
            if let unfilled = types.first(where: { $0.key.contains(Self.placeholder) }) {
                throw Problem(
                    message: "\(registration.displayName) has a type digraph could not read ('\(Self.placeholder)' stands in for it): fill it in first",
                    location: unfilled.location)
            }
        }

        // Accessor names: each a function of its own binding (see `SwiftNaming.accessorName`).
        var accessors: [BindingKey: String] = [:]
        var owners: [String: (binding: BindingKey, location: SourceLocation)] = [:]
        var registrationNames: [String] = []
        func name(_ binding: BindingKey, _ type: TypeExpression, name: String?, at location: SourceLocation) throws(Problem) {
            guard accessors[binding] == nil else { return }
            let accessor = SwiftNaming.accessorName(for: type, name: name)
            if let owner = owners[accessor] {
                throw Problem(
                    message:
                        "'\(binding)' and '\(owner.binding)' (\(owner.location)) would both be generated as '\(accessor)()'; they differ only in the case of their first letters: rename one of the types",
                    location: location)
            }
            owners[accessor] = (binding, location)
            accessors[binding] = accessor
        }
        for registration in graph.registrations {
            for provided in registration.provides {
                try name(
                    BindingKey(key: provided.key, name: registration.name?.value), provided.expression, name: registration.name?.value, at: provided.location)
            }
            registrationNames.append(accessors[BindingKey(key: registration.provides[0].key, name: registration.name?.value)]!)
        }
        for external in graph.externals {
            try name(BindingKey(key: external.key, name: nil), external.keyExpression, name: nil, at: .start(of: graph.manifests.first?.file ?? ""))
        }
        self.accessors = accessors
        self.registrationNames = registrationNames
        self.externals = graph.externals

        // Isolation flows from what a factory calls eagerly: building a MainActor value makes the
        // builder MainActor too. Two different actors on one path cannot be generated. A property
        // is set after construction and hops to its value's actor there.
        var isolation = graph.registrations.map { $0.isolation?.key }
        var changed = true
        while changed {
            changed = false
            for (index, edges) in graph.edges.enumerated() {
                for edge in edges where edge.isImmediate && !edge.isProperty {
                    guard let target = edge.target, let actor = isolation[target] else { continue }
                    if let own = isolation[index] {
                        if own != actor {
                            throw Problem(
                                message:
                                    "'\(graph.registrations[index].displayName)' runs on \(own) but builds '\(edge.binding)', which runs on \(actor); make the dependency lazy or give both the same isolation",
                                location: edge.location)
                        }
                    } else {
                        isolation[index] = actor
                        changed = true
                    }
                }
            }
        }
        self.isolation = isolation
    }

    public func accessor(for binding: BindingKey) -> String { accessors[binding]! }

    /// The same plan, spelling the app's types that generated code shadows with nested types of its
    /// own (`Overrides`) through file-level aliases: `[Overrides: AppContainer_Overrides]`.
    func aliasing(_ shadowed: Set<String>, prefix: String) -> (plan: GenerationPlan, aliases: [(outer: String, alias: String)]) {
        let names = shadowed.intersection(naming.namedTypes).sorted()
        var copy = self
        copy.naming.outerAliases = Dictionary(uniqueKeysWithValues: names.map { ($0, prefix + "_" + $0) })
        return (copy, names.map { ($0, prefix + "_" + $0) })
    }

    /// The modules generated code imports: what it needs, and every manifest's `imports`, sorted.
    public func imports(needed: [String]) -> [String] {
        Set(needed + graph.manifests.flatMap { $0.imports.map(\.value) }).sorted()
    }

    /// How a registration is built: the callee (`Implementation`, or `Implementation.factory`) and
    /// its labelled arguments, nil for a factory that is a property (`Implementation.shared`).
    /// `value` spells each parameter's value.
    public func construction(of index: Int, value: (Dependency, Int) -> String) -> (callee: String, arguments: [String]?) {
        let registration = graph.registrations[index]
        let implementation = naming.spell(registration.implementation!.expression)
        let callee = registration.factory.map { "\(implementation).\($0.value)" } ?? implementation
        let arguments = registration.dependencies.enumerated().map { position, dependency in
            let spelled = value(dependency, position)
            return dependency.isUnlabeled ? spelled : "\(dependency.label.value): \(spelled)"
        }
        return (callee, registration.factory != nil && arguments.isEmpty ? nil : arguments)
    }

    /// The type a registration's value is kept as: its key's type, or for several keys the
    /// composition of them (so that an override can still replace it with a mock).
    public func valueType(of index: Int) -> String {
        let registration = graph.registrations[index]
        if registration.provides.count == 1 { return naming.spell(registration.provides[0].expression) }
        let spelled = registration.provides.map { naming.spell($0.expression) }
        if spelled.allSatisfy({ $0.hasPrefix("any ") }) {
            var members: [String] = []
            for provided in registration.provides {
                for member in provided.expression.normalized(sortingCompositions: false).compositionMembers {
                    let text = String(naming.spell(member).dropFirst("any ".count))
                    if !members.contains(text) { members.append(text) }
                }
            }
            return "any " + members.joined(separator: " & ")
        }
        return naming.spell(registration.implementation?.expression ?? registration.provides[0].expression)
    }

    /// The implementation a `weak` registration builds, which must be a class (both targets check it
    /// at compile time); nil for other lifetimes, supplied values and aliases (whose value is
    /// another registration's, checked when it is made).
    public func weakImplementation(of index: Int) -> TypeExpression? {
        let registration = graph.registrations[index]
        guard registration.lifetime == .weak, !registration.isSupplied, registration.aliasOf == nil else { return nil }
        return registration.implementation?.expression
    }

    /// `T?`, parenthesized where Swift needs it: `(any P)?`.
    public static func optional(_ type: String) -> String {
        type.hasPrefix("any ") || type.contains("->") ? "(\(type))?" : type + "?"
    }

    /// `@MainActor ` (with the space) or "".
    public func actorAttribute(of index: Int) -> String {
        isolation[index].map { "@\($0) " } ?? ""
    }

    /// The runtime arguments as a parameter list: `date arg_date: Date, history arg_history: History?`
    /// (the label callers write, and the name the body uses; see `SwiftNaming.argumentName`).
    public func argumentParameters(of index: Int) -> String {
        graph.registrations[index].arguments.map { "\($0.label.value) \(SwiftNaming.argumentName($0.label.value)): \(naming.spell($0.type.expression))" }
            .joined(separator: ", ")
    }

    /// A lazy dependency's closure: it takes the runtime arguments of `target` (as `arg_<label>`)
    /// and runs on `target`'s actor; `call` spells the resolve given those arguments.
    public func lazyClosure(to target: Int, call: ([Argument]) -> String) -> String {
        let arguments = graph.registrations[argumentOwner(of: target)].arguments
        let actor = isolation[target].map { "@\($0) " } ?? ""
        let parameters = arguments.map { "\(SwiftNaming.argumentName($0.label.value)): \(naming.spell($0.type.expression))" }
        let signature = parameters.isEmpty ? "" : "(\(parameters.joined(separator: ", "))) "
        // `{ in … }` does not parse: a closure with no parameters and no attribute has no `in`.
        return actor.isEmpty && signature.isEmpty ? "{ \(call(arguments)) }" : "{ \(actor)\(signature)in \(call(arguments)) }"
    }

    /// The registration whose arguments a dependency must pass: through transient and scoped aliases.
    public func argumentOwner(of index: Int) -> Int {
        graph.forwardingTarget(of: index)
    }
}
