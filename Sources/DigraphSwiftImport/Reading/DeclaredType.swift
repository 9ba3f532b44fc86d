import DigraphCore
import SwiftSyntax

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
        // `T?` and `T!` as parsed, keyed as written inside (`(any P)?` looks up `(any P)`; the manifest
        // normalizes it); `Optional<T>` and `Swift.Optional<T>` once normalized.
        let parsed = (try? TypeExpressionParser.parse(written)).map { $0.isOptional ? $0 : $0.normalized(sortingCompositions: false) }
        if let parsed, parsed.isOptional {
            (key, isOptional) = (parsed.unwrapped.spelling, true)
        } else {
            (key, isOptional) = (written, false)
        }
    }

    init(_ type: TypeSyntax) {
        self.init(type.trimmedDescription)
    }

    /// What a closure taken where `written` is declared returns: `@escaping () -> Plugin`,
    /// `(() -> Plugin?)?` give `Plugin` (the second optional); nil for a type that is not a function.
    static func returned(by written: String) -> DeclaredType? {
        guard var parsed = try? TypeExpressionParser.parse(written) else { return nil }
        if parsed.isOptional { parsed = parsed.unwrapped }
        guard case .function(let function) = parsed else { return nil }
        return DeclaredType(function.result.spelling)
    }
}
