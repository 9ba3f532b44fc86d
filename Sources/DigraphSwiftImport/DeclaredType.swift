import DigraphCore

/// A type the source writes where a value goes — an initializer's parameter, a `let x: T`
/// annotation, an `as T` cast, `Factory<T?>`, a resolve helper's result — read once: the key a
/// resolve there looks up, and whether that place takes an optional.
///
/// The decision is `TypeExpression`'s, on the parsed type: `T?`, `T!`, `Optional<T>`,
/// `Swift.Optional<T>` and `(any P)?` are all optional places that look up the wrapped type.
/// Text digraph cannot parse (`some P`) stays as written, not optional.
struct DeclaredType: Equatable {
    /// The type a resolve at this place looks up: the written type without its optional.
    let key: String
    let isOptional: Bool

    init(_ written: String) {
        switch try? TypeExpressionParser.parse(written) {
        case .optional(let wrapped)?, .implicitlyUnwrapped(let wrapped)?:
            // Keyed as written inside the `?` (`(any P)?` looks up `(any P)`); the manifest normalizes it.
            (key, isOptional) = (wrapped.spelling, true)
        case let parsed? where parsed.normalized(sortingCompositions: false).isOptional:
            // `Optional<T>`, `Swift.Optional<T>`.
            (key, isOptional) = (parsed.normalized(sortingCompositions: false).unwrapped.spelling, true)
        default:
            (key, isOptional) = (written, false)
        }
    }
}
