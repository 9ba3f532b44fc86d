/// A DI library's scope names and the lifetime each means, in one table: the importer reads them,
/// the generators write them, so the two can never disagree.
public struct ScopeVocabulary: Sendable {
    /// Each scope name with its lifetime; for a lifetime several names share, the first is the one written.
    public let scopes: [(name: String, lifetime: Lifetime)]

    /// The lifetime a scope name means; nil for a name the library does not have.
    public func lifetime(of name: String) -> Lifetime? {
        scopes.first { $0.name == name }?.lifetime
    }

    /// The scope name generated code writes for a lifetime.
    public func name(of lifetime: Lifetime) -> String {
        scopes.first { $0.lifetime == lifetime }!.name
    }

    /// Swinject's `ObjectScope`s: `.container` keeps one value for the container's life.
    public static let swinject = ScopeVocabulary(scopes: [
        ("container", .singleton), ("graph", .graph), ("transient", .transient), ("weak", .weak),
    ])

    /// hmlongco/Factory's scopes: `cached` lives as long as its container, as a Swinject `.container`
    /// does, and is the one written (Factory's `singleton` is one value for every container).
    public static let factory = ScopeVocabulary(scopes: [
        ("unique", .transient), ("cached", .singleton), ("singleton", .singleton), ("shared", .weak), ("graph", .graph),
    ])
}
