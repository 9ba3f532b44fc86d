/// What `.digraph.yml` says a container method does (`import: containers:`, or `--container`),
/// where its declaration is not among the given paths or its body does not say. The configuration
/// validates it and the importer applies it: one list of meanings for both.
public struct ContainerMethodStatement: Sendable, Equatable {
    public enum Meaning: String, Sendable, CaseIterable {
        /// Stores the value it is given, or calls the factory once when registering.
        case eager
        /// Stores a factory called on every resolve.
        case transient
        /// Stores a factory and keeps its first value.
        case singleton
        /// Reads a value back; crashes on a miss.
        case resolve
        /// Reads a value back; nil on a miss.
        case resolveOptional = "resolve-optional"
    }

    /// The method's base name (`registerLazy`).
    public var name: String
    public var meaning: Meaning

    public init(name: String, meaning: Meaning) {
        self.name = name
        self.meaning = meaning
    }

    /// `registerLazy=singleton`, as `--container` takes it; nil when it is not that shape.
    public init?(option: String) {
        let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let meaning = Meaning(rawValue: parts[1]), Self.isMethodName(parts[0]) else { return nil }
        self.init(name: parts[0], meaning: meaning)
    }

    public static func isMethodName(_ text: String) -> Bool {
        text.count <= 100 && TypeExpressionParser.isIdentifierShaped(text)
    }

    /// What `--container` accepts, for help and messages.
    public static let meanings = Meaning.allCases.map(\.rawValue)
}
