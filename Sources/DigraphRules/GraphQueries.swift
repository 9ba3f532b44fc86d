import DigraphCore

/// Questions several rules ask of the graph.
extension DependencyGraph {
    /// A registration as messages name it, quoted.
    func named(_ index: Int) -> String { "'\(registrations[index].displayName)'" }

    /// Registrations (with the same name qualifier) whose key is a composition, or a composing
    /// interface, that contains every member of `binding` without being it: they hold the value,
    /// but a container keyed by type cannot hand it out under `binding`.
    func compositionsContaining(_ binding: BindingKey, type: TypeExpression) -> [(registration: Int, key: TypeReference)] {
        guard !compositeKeys.isEmpty else { return [] }
        let wanted = Set(type.unwrapped.normalized().compositionMembers.map(\.key))
        return compositeKeys.filter { composite in
            registrations[composite.registration].name?.value == binding.name && composite.key.key != binding.key
                && wanted.isSubset(of: composite.members)
        }.map { ($0.registration, $0.key) }
    }

    /// The edge's description in notes: "'A' depends on 'B' (parameter 'b')" or "'A' is an alias of 'B'".
    func describe(_ edge: Edge) -> String {
        switch edge.kind {
        case .alias: "\(named(edge.from)) is an alias of '\(edge.binding)'"
        case .dependency, .property: "\(named(edge.from)) depends on '\(edge.binding)' (\(edge.role))"
        }
    }
}

/// " (did you mean 'x'?)" or "".
func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
    nearSpellings(of: word, in: candidates).first.map { " (did you mean '\($0)'?)" } ?? ""
}
