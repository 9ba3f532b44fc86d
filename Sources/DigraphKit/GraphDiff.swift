/// What changed between two graphs: registrations by (key, name), edges by (from, to, label),
/// findings by their fingerprint (code + subject), so moving lines never makes anything new.
public struct GraphDiff: Sendable {
    /// A registration is matched by its first key and name: the container's lookup.
    public typealias RegistrationID = BindingKey

    public struct FieldChange: Equatable, Sendable {
        public var registration: RegistrationID
        /// lifetime, implementation, module, isolation, root, arguments or aliasOf.
        public var field: String
        public var old: String?
        public var new: String?
    }

    public struct EdgeID: Hashable, Comparable, Sendable {
        public var from: String
        public var to: String
        /// The parameter or property label; `aliasOf` for an alias.
        public var label: String

        public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.from, lhs.to, lhs.label) < (rhs.from, rhs.to, rhs.label) }
    }

    public var addedRegistrations: [RegistrationID] = []
    public var removedRegistrations: [RegistrationID] = []
    public var changed: [FieldChange] = []
    public var addedEdges: [EdgeID] = []
    public var removedEdges: [EdgeID] = []
    /// Findings of HEAD that BASE did not have, and findings of BASE that HEAD no longer has.
    public var newFindings: [Diagnostic] = []
    public var fixedFindings: [Diagnostic] = []

    /// How registrations are told apart across the two sides.
    public enum Matching: Sendable {
        /// By key and name: the container's lookup.
        case keyAndName
        /// By key alone wherever a side registers that key under one name only: for comparing a
        /// container with its port to another library, which names keys its own way (a Factory
        /// container names every key after its property). A key under several names keeps them.
        case key
    }

    public var matching: Matching = .keyAndName

    /// The fields `changed` compares, in the order they are reported.
    public static let comparedFields = ["lifetime", "implementation", "module", "isolation", "root", "arguments", "aliasOf"]

    public init(
        base: DependencyGraph, baseFindings: [Diagnostic], head: DependencyGraph, headFindings: [Diagnostic],
        matching: Matching = .keyAndName
    ) {
        self.matching = matching
        let oldID = Self.identity(in: base, matching), newID = Self.identity(in: head, matching)
        let old = Self.registrations(of: base, oldID), new = Self.registrations(of: head, newID)
        addedRegistrations = new.keys.filter { old[$0] == nil }.sorted()
        removedRegistrations = old.keys.filter { new[$0] == nil }.sorted()
        for id in new.keys.sorted() {
            guard let before = old[id], let after = new[id] else { continue }
            let was = Self.fields(of: before, oldID), now = Self.fields(of: after, newID)
            for field in Self.comparedFields where was[field] != now[field] {
                changed.append(FieldChange(registration: id, field: field, old: was[field] ?? nil, new: now[field] ?? nil))
            }
        }
        let oldEdges = Self.edges(of: base, oldID, matching), newEdges = Self.edges(of: head, newID, matching)
        addedEdges = newEdges.subtracting(oldEdges).sorted()
        removedEdges = oldEdges.subtracting(newEdges).sorted()
        newFindings = Self.unmatched(headFindings, newID, against: baseFindings, oldID)
        fixedFindings = Self.unmatched(baseFindings, oldID, against: headFindings, newID)
    }

    /// What a binding of `graph` is matched by.
    static func identity(in graph: DependencyGraph, _ matching: Matching) -> (BindingKey) -> BindingKey {
        guard matching == .key else { return { $0 } }
        var names: [String: Set<String?>] = [:]
        for registration in graph.registrations {
            for provided in registration.provides { names[provided.key, default: []].insert(registration.name?.value) }
        }
        return { binding in (names[binding.key]?.count ?? 0) <= 1 ? BindingKey(key: binding.key, name: nil) : binding }
    }

    public var isEmpty: Bool {
        addedRegistrations.isEmpty && removedRegistrations.isEmpty && changed.isEmpty
            && addedEdges.isEmpty && removedEdges.isEmpty && newFindings.isEmpty && fixedFindings.isEmpty
    }

    /// The last registration of each (key, name) wins, as in the container.
    private static func registrations(of graph: DependencyGraph, _ id: (BindingKey) -> BindingKey) -> [RegistrationID: Registration] {
        var byID: [RegistrationID: Registration] = [:]
        for (index, registration) in graph.registrations.enumerated() { byID[id(graph.binding(of: index))] = registration }
        return byID
    }

    private static func fields(of registration: Registration, _ id: (BindingKey) -> BindingKey) -> [String: String?] {
        [
            "lifetime": registration.lifetime.rawValue,
            "implementation": registration.implementation?.key,
            "module": registration.module?.value,
            "isolation": registration.isolation?.key,
            "root": registration.isRoot ? "true" : "false",
            "arguments": registration.arguments.isEmpty
                ? nil
                : registration.arguments.map { "\($0.label.value): \($0.type.key)" }.joined(separator: ", "),
            "aliasOf": registration.aliasOf.map { id(BindingKey(key: $0.key, name: registration.aliasName?.value)).description },
        ]
    }

    /// Every edge of `graph` by (from, to, label).
    static func edges(of graph: DependencyGraph, matching: Matching) -> Set<EdgeID> {
        edges(of: graph, identity(in: graph, matching), matching)
    }

    private static func edges(of graph: DependencyGraph, _ id: (BindingKey) -> BindingKey, _ matching: Matching) -> Set<EdgeID> {
        var edges = Set<EdgeID>()
        for (index, outgoing) in graph.edges.enumerated() {
            let from = id(graph.binding(of: index)).description
            for edge in outgoing {
                // `_x` is digraph's name for an unlabeled parameter; a port spells `x` its own way.
                let label = matching == .key && edge.subjectLabel.hasPrefix("_") ? "_" : edge.subjectLabel
                edges.insert(EdgeID(from: from, to: id(edge.binding).description, label: label))
            }
        }
        return edges
    }

    /// Each finding of `findings` not absorbed by one with the same fingerprint in `others`
    /// (two equal findings need two to match), in report order.
    private static func unmatched(
        _ findings: [Diagnostic], _ id: (BindingKey) -> BindingKey,
        against others: [Diagnostic], _ otherID: (BindingKey) -> BindingKey
    ) -> [Diagnostic] {
        var available: [String: Int] = [:]
        for finding in others { available[finding.fingerprint(mapping: otherID), default: 0] += 1 }
        return findings.filter { finding in
            let print = finding.fingerprint(mapping: id)
            if let count = available[print], count > 0 {
                available[print] = count - 1
                return false
            }
            return true
        }
    }
}
