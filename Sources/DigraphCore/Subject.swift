/// What a finding is about, independent of where it is printed: the registration, the edge, the
/// cycle or the missing key. Rules set it when they create a finding; baselines and `diff` match
/// findings by `code + subject` (the fingerprint), so moving lines never makes a finding new.
public enum Subject: Hashable, Sendable, CustomStringConvertible {
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

extension Subject {
    /// The same subject with every binding passed through `transform` (a cycle's keys sorted again).
    public func mapBindings(_ transform: (BindingKey) -> BindingKey) -> Subject {
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
    /// The contract's fingerprint: code plus subject, never a line. Findings without a subject
    /// (schema problems, the importer's notes) fall back to their message.
    public var fingerprint: String {
        fingerprint(mapping: { $0 })
    }

    /// The fingerprint with the subject's bindings passed through `transform` (how `diff` matches
    /// findings when it matches registrations by key alone).
    public func fingerprint(mapping transform: (BindingKey) -> BindingKey) -> String {
        "\(code.rawValue): \(subject.map { $0.mapBindings(transform).description } ?? message)"
    }
}

extension DependencyGraph {
    /// A registration as a subject: its first key and name.
    public func subject(of index: Int) -> Subject {
        .registration(binding(of: index))
    }

    public func binding(of index: Int) -> BindingKey {
        BindingKey(key: registrations[index].provides[0].key, name: registrations[index].name?.value)
    }

    public func subject(of edge: Edge) -> Subject {
        .edge(from: binding(of: edge.from), label: edge.subjectLabel, to: edge.binding)
    }
}

extension Edge {
    /// The label findings and `diff` name an edge by: its parameter or property, `aliasOf` for an alias.
    public var subjectLabel: String { label ?? "aliasOf" }
}
