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

    /// The fields `changed` compares, in the order they are reported.
    public static let comparedFields = ["lifetime", "implementation", "module", "isolation", "root", "arguments", "aliasOf"]

    public init(base: DependencyGraph, baseFindings: [Diagnostic], head: DependencyGraph, headFindings: [Diagnostic]) {
        let old = Self.registrations(of: base), new = Self.registrations(of: head)
        addedRegistrations = new.keys.filter { old[$0] == nil }.sorted()
        removedRegistrations = old.keys.filter { new[$0] == nil }.sorted()
        for id in new.keys.sorted() {
            guard let before = old[id], let after = new[id] else { continue }
            let was = Self.fields(of: before), now = Self.fields(of: after)
            for field in Self.comparedFields where was[field] != now[field] {
                changed.append(FieldChange(registration: id, field: field, old: was[field] ?? nil, new: now[field] ?? nil))
            }
        }
        let oldEdges = Self.edges(of: base), newEdges = Self.edges(of: head)
        addedEdges = newEdges.subtracting(oldEdges).sorted()
        removedEdges = oldEdges.subtracting(newEdges).sorted()
        newFindings = Self.unmatched(headFindings, against: baseFindings)
        fixedFindings = Self.unmatched(baseFindings, against: headFindings)
    }

    public var isEmpty: Bool {
        addedRegistrations.isEmpty && removedRegistrations.isEmpty && changed.isEmpty
            && addedEdges.isEmpty && removedEdges.isEmpty && newFindings.isEmpty && fixedFindings.isEmpty
    }

    /// The last registration of each (key, name) wins, as in the container.
    private static func registrations(of graph: DependencyGraph) -> [RegistrationID: Registration] {
        var byID: [RegistrationID: Registration] = [:]
        for (index, registration) in graph.registrations.enumerated() { byID[graph.binding(of: index)] = registration }
        return byID
    }

    private static func fields(of registration: Registration) -> [String: String?] {
        [
            "lifetime": registration.lifetime.rawValue,
            "implementation": registration.implementation?.key,
            "module": registration.module?.value,
            "isolation": registration.isolation?.key,
            "root": registration.isRoot ? "true" : "false",
            "arguments": registration.arguments.isEmpty ? nil
                : registration.arguments.map { "\($0.label.value): \($0.type.key)" }.joined(separator: ", "),
            "aliasOf": registration.aliasOf?.key,
        ]
    }

    /// Every edge of `graph` by (from, to, label).
    static func edges(of graph: DependencyGraph) -> Set<EdgeID> {
        var edges = Set<EdgeID>()
        for (index, outgoing) in graph.edges.enumerated() {
            let from = graph.binding(of: index).description
            for edge in outgoing { edges.insert(EdgeID(from: from, to: edge.binding.description, label: edge.subjectLabel)) }
        }
        return edges
    }

    /// Each finding of `findings` not absorbed by one with the same fingerprint in `others`
    /// (two equal findings need two to match), in report order.
    private static func unmatched(_ findings: [Diagnostic], against others: [Diagnostic]) -> [Diagnostic] {
        var available: [String: Int] = [:]
        for finding in others { available[finding.fingerprint, default: 0] += 1 }
        return findings.filter { finding in
            if let count = available[finding.fingerprint], count > 0 {
                available[finding.fingerprint] = count - 1
                return false
            }
            return true
        }
    }
}
