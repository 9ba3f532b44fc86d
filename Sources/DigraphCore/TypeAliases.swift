/// A declared alias (`Todo.ID: UUID`): types are compared after expanding it, so `id: Todo.ID`
/// passed where `UUID` is declared is the same type, as it is to the compiler.
public struct TypeAliasDeclaration: Sendable {
    public var name: TypeReference
    public var type: TypeReference

    public init(name: TypeReference, type: TypeReference) {
        self.name = name
        self.type = type
    }
}

extension TypeExpression {
    /// The type with every declared alias replaced by what it stands for, recursively. An alias
    /// that leads back to itself stops expanding after a few rounds instead of looping.
    public func expanding(_ aliases: [String: TypeExpression], depth: Int = 0) -> TypeExpression {
        guard !aliases.isEmpty, depth < 16 else { return self }
        func expand(_ type: TypeExpression) -> TypeExpression { type.expanding(aliases, depth: depth) }
        switch self {
        case .nominal(let components):
            if components.allSatisfy({ $0.genericArguments.isEmpty }), let target = aliases[components.map(\.name).joined(separator: ".")] {
                return target.expanding(aliases, depth: depth + 1)
            }
            return .nominal(components.map { NameComponent($0.name, genericArguments: $0.genericArguments.map(expand)) })
        case .composition(let members): return .composition(members.map(expand))
        case .existential(let inner): return .existential(expand(inner))
        case .optional(let inner): return .optional(expand(inner))
        case .implicitlyUnwrapped(let inner): return .implicitlyUnwrapped(expand(inner))
        case .array(let element): return .array(expand(element))
        case .dictionary(let key, let value): return .dictionary(key: expand(key), value: expand(value))
        case .tuple(let elements): return .tuple(elements.map { TupleElement(label: $0.label, type: expand($0.type)) })
        case .function(var function):
            function.parameters = function.parameters.map { FunctionParameter(isInout: $0.isInout, type: expand($0.type), isVariadic: $0.isVariadic) }
            function.result = expand(function.result)
            return .function(function)
        case .metatype(let base, let kind): return .metatype(expand(base), kind)
        }
    }
}

extension TypeReference {
    /// The same written type, keyed by its expansion: `Todo.ID` then finds what `UUID` provides.
    public func expanding(_ aliases: [String: TypeExpression]) -> TypeReference {
        guard !aliases.isEmpty else { return self }
        let expanded = expression.expanding(aliases)
        return expanded == expression ? self : TypeReference(expression, keyedBy: expanded, at: location)
    }
}
