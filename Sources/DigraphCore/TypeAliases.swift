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
        return mappingNominals { components in
            if components.allSatisfy({ $0.genericArguments.isEmpty }), let target = aliases[components.map(\.name).joined(separator: ".")] {
                return target.expanding(aliases, depth: depth + 1)
            }
            // `Model.Interface` where `Model` stands for `Root.Model`: a type nested in the aliased one.
            for length in stride(from: components.count - 1, to: 0, by: -1) where components.prefix(length).allSatisfy({ $0.genericArguments.isEmpty }) {
                if case .nominal(let aliased)? = aliases[components.prefix(length).map(\.name).joined(separator: ".")] {
                    return TypeExpression.nominal(aliased + components.dropFirst(length)).expanding(aliases, depth: depth + 1)
                }
            }
            return .nominal(components)
        }
    }

    /// The same type with each named type it is made of (`X`, `Module.X<Y>`) replaced by what
    /// `transform` makes of its components, their generic arguments transformed first.
    public func mappingNominals(_ transform: ([NameComponent]) -> TypeExpression) -> TypeExpression {
        func map(_ type: TypeExpression) -> TypeExpression { type.mappingNominals(transform) }
        switch self {
        case .nominal(let components):
            return transform(components.map { NameComponent($0.name, genericArguments: $0.genericArguments.map(map)) })
        case .composition(let members): return .composition(members.map(map))
        case .existential(let inner): return .existential(map(inner))
        case .optional(let inner): return .optional(map(inner))
        case .implicitlyUnwrapped(let inner): return .implicitlyUnwrapped(map(inner))
        case .array(let element): return .array(map(element))
        case .dictionary(let key, let value): return .dictionary(key: map(key), value: map(value))
        case .tuple(let elements): return .tuple(elements.map { TupleElement(label: $0.label, type: map($0.type)) })
        case .function(var function):
            function.parameters = function.parameters.map { FunctionParameter(isInout: $0.isInout, type: map($0.type), isVariadic: $0.isVariadic) }
            function.result = map(function.result)
            return .function(function)
        case .metatype(let base, let kind): return .metatype(map(base), kind)
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
