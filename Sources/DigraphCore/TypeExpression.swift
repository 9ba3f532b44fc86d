/// A Swift type, parsed from a manifest string by `TypeExpressionParser`.
///
/// The parsed form is what makes keys comparable: `B & A` and `A & B`, `Array<T>` and `[T]`,
/// `Optional<T>` and `T?` all print to the same `key`.
public indirect enum TypeExpression: Hashable, Sendable {
    case nominal([NameComponent])
    case composition([TypeExpression])
    case existential(TypeExpression)
    case optional(TypeExpression)
    case implicitlyUnwrapped(TypeExpression)
    case array(TypeExpression)
    case dictionary(key: TypeExpression, value: TypeExpression)
    case tuple([TupleElement])
    case function(FunctionType)
    case metatype(TypeExpression, MetatypeKind)

    public struct NameComponent: Hashable, Sendable {
        public var name: String
        public var genericArguments: [TypeExpression]
        public init(_ name: String, genericArguments: [TypeExpression] = []) {
            self.name = name
            self.genericArguments = genericArguments
        }
    }

    public struct TupleElement: Hashable, Sendable {
        public var label: String?
        public var type: TypeExpression
        public init(label: String?, type: TypeExpression) {
            self.label = label
            self.type = type
        }
    }

    public struct FunctionType: Hashable, Sendable {
        public var attributes: [String]
        public var parameters: [FunctionParameter]
        public var isAsync: Bool
        public var isThrowing: Bool
        public var result: TypeExpression
    }

    public struct FunctionParameter: Hashable, Sendable {
        public var isInout: Bool
        public var type: TypeExpression
        public var isVariadic: Bool
    }

    public enum MetatypeKind: String, Hashable, Sendable {
        case type = "Type"
        case `protocol` = "Protocol"
    }
}

// MARK: - Normal form

extension TypeExpression {
    /// The types written directly inside this one, in the order they are written: a generic's
    /// arguments, a composition's members, an optional's or array's element, a function's
    /// parameters then its result.
    public var nestedTypes: [TypeExpression] {
        switch self {
        case .nominal(let components): components.flatMap(\.genericArguments)
        case .composition(let members): members
        case .existential(let inner), .optional(let inner), .implicitlyUnwrapped(let inner), .array(let inner), .metatype(let inner, _): [inner]
        case .dictionary(let key, let value): [key, value]
        case .tuple(let elements): elements.map(\.type)
        case .function(let function): function.parameters.map(\.type) + [function.result]
        }
    }

    /// Calls `visit` with this type, then with every type inside it, outermost first: the one walk
    /// that collects the names a manifest's types use.
    public func visitAll(_ visit: (TypeExpression) -> Void) {
        visit(self)
        for nested in nestedTypes { nested.visitAll(visit) }
    }
}

extension TypeExpression {
    /// The canonical form: sugar for Array/Dictionary/Optional, single-element parentheses dropped,
    /// compositions flattened, de-duplicated and (when `sortingCompositions`) sorted.
    public func normalized(sortingCompositions: Bool = true) -> TypeExpression {
        switch self {
        case .nominal(let components):
            // Most keys are plain names (`Service42`, `Data.User`): already normal, nothing to copy.
            if components.allSatisfy({ $0.genericArguments.isEmpty }) { return self }
            let components = components.map {
                NameComponent($0.name, genericArguments: $0.genericArguments.map { $0.normalized(sortingCompositions: sortingCompositions) })
            }
            if let sugared = Self.desugar(components) { return sugared }
            return .nominal(components)
        case .composition(let members):
            var flat: [TypeExpression] = []
            for member in members.map({ $0.normalized(sortingCompositions: sortingCompositions) }) {
                if case .composition(let inner) = member { flat.append(contentsOf: inner) } else { flat.append(member) }
            }
            var seen = Set<String>()
            flat = flat.filter { seen.insert($0.spelling).inserted }
            if sortingCompositions { flat.sort { $0.spelling < $1.spelling } }
            return flat.count == 1 ? flat[0] : .composition(flat)
        case .existential(let inner):
            // `any P` and `P` name the same existential type; the key keeps one spelling.
            return inner.normalized(sortingCompositions: sortingCompositions)
        case .optional(let inner): return .optional(inner.normalized(sortingCompositions: sortingCompositions))
        case .implicitlyUnwrapped(let inner): return .implicitlyUnwrapped(inner.normalized(sortingCompositions: sortingCompositions))
        case .array(let element): return .array(element.normalized(sortingCompositions: sortingCompositions))
        case .dictionary(let key, let value):
            return .dictionary(
                key: key.normalized(sortingCompositions: sortingCompositions),
                value: value.normalized(sortingCompositions: sortingCompositions))
        case .tuple(let elements):
            if elements.count == 1, elements[0].label == nil { return elements[0].type.normalized(sortingCompositions: sortingCompositions) }
            return .tuple(elements.map { TupleElement(label: $0.label, type: $0.type.normalized(sortingCompositions: sortingCompositions)) })
        case .function(var function):
            function.parameters = function.parameters.map {
                FunctionParameter(isInout: $0.isInout, type: $0.type.normalized(sortingCompositions: sortingCompositions), isVariadic: $0.isVariadic)
            }
            function.result = function.result.normalized(sortingCompositions: sortingCompositions)
            return .function(function)
        case .metatype(let base, let kind): return .metatype(base.normalized(sortingCompositions: sortingCompositions), kind)
        }
    }

    /// `Array<T>` -> `[T]`, `Dictionary<K, V>` -> `[K: V]`, `Optional<T>` -> `T?` (also `Swift.`-qualified).
    private static func desugar(_ components: [NameComponent]) -> TypeExpression? {
        var components = components
        if components.count == 2, components[0].name == "Swift", components[0].genericArguments.isEmpty {
            components.removeFirst()
        }
        guard components.count == 1 else { return nil }
        let arguments = components[0].genericArguments
        switch (components[0].name, arguments.count) {
        case ("Array", 1): return .array(arguments[0])
        case ("Optional", 1): return .optional(arguments[0])
        case ("Dictionary", 2): return .dictionary(key: arguments[0], value: arguments[1])
        default: return nil
        }
    }

    /// The normalized key used to match dependencies with registrations.
    public var key: String { normalized().spelling }

    /// True when a composition appears anywhere in the expression.
    public var containsComposition: Bool {
        switch self {
        case .composition: true
        case .nominal(let components): components.contains { $0.genericArguments.contains(where: \.containsComposition) }
        case .existential(let inner), .optional(let inner), .implicitlyUnwrapped(let inner), .array(let inner), .metatype(let inner, _):
            inner.containsComposition
        case .dictionary(let key, let value): key.containsComposition || value.containsComposition
        case .tuple(let elements): elements.contains { $0.type.containsComposition }
        case .function(let function): function.parameters.contains { $0.type.containsComposition } || function.result.containsComposition
        }
    }

    /// The top-level members of a composition (a single type is a composition of one).
    public var compositionMembers: [TypeExpression] {
        if case .composition(let members) = self { return members }
        return [self]
    }

    /// The type a dependency looks up: `T?` and `T!` look up `T`.
    public var unwrapped: TypeExpression {
        switch self {
        case .optional(let inner), .implicitlyUnwrapped(let inner): inner
        default: self
        }
    }

    public var isOptional: Bool {
        switch self {
        case .optional, .implicitlyUnwrapped: true
        default: false
        }
    }

    /// A plain, unqualified, non-generic name (`Foo`), the only spelling an implementation may default from.
    public var plainName: String? {
        if case .nominal(let components) = self, components.count == 1, components[0].genericArguments.isEmpty {
            return components[0].name
        }
        return nil
    }

    /// The last name of a nominal type (`Domain.User` -> `User`), used to suggest same-named types.
    public var simpleName: String? {
        switch self {
        case .nominal(let components): components.last?.name
        case .existential(let inner): inner.simpleName
        default: nil
        }
    }
}

// MARK: - Printing

extension TypeExpression: CustomStringConvertible {
    public var description: String { spelling }

    /// Swift source spelling of this expression as it stands (normalize first for a key).
    public var spelling: String {
        switch self {
        case .nominal(let components):
            return components.map { component in
                component.genericArguments.isEmpty
                    ? component.name
                    : component.name + "<" + component.genericArguments.map(\.spelling).joined(separator: ", ") + ">"
            }.joined(separator: ".")
        case .composition(let members):
            return members.map { $0.spellingAsOperand }.joined(separator: " & ")
        case .existential(let inner):
            return "any " + inner.spellingAsOperand
        case .optional(let inner):
            return inner.spellingAsPostfixBase + "?"
        case .implicitlyUnwrapped(let inner):
            return inner.spellingAsPostfixBase + "!"
        case .array(let element):
            return "[" + element.spelling + "]"
        case .dictionary(let key, let value):
            return "[" + key.spelling + ": " + value.spelling + "]"
        case .tuple(let elements):
            return "(" + elements.map { ($0.label.map { $0 + ": " } ?? "") + $0.type.spelling }.joined(separator: ", ") + ")"
        case .function(let function):
            var text = function.attributes.map { "@" + $0 + " " }.joined()
            text +=
                "("
                + function.parameters.map { parameter in
                    (parameter.isInout ? "inout " : "") + parameter.type.spelling + (parameter.isVariadic ? "..." : "")
                }.joined(separator: ", ") + ")"
            if function.isAsync { text += " async" }
            if function.isThrowing { text += " throws" }
            return text + " -> " + function.result.spelling
        case .metatype(let base, let kind):
            return base.spellingAsPostfixBase + "." + kind.rawValue
        }
    }

    private var needsParenthesesAsOperand: Bool {
        switch self {
        case .function, .composition: true
        default: false
        }
    }

    private var spellingAsOperand: String {
        needsParenthesesAsOperand ? "(" + spelling + ")" : spelling
    }

    private var spellingAsPostfixBase: String {
        switch self {
        case .function, .composition, .existential: "(" + spelling + ")"
        default: spelling
        }
    }

    /// What `String(describing: T.self)` prints at run time: module qualifiers and `any` dropped,
    /// sugar spelled out. Two keys with the same description collide in a string-keyed container.
    public var runtimeDescription: String {
        switch self {
        case .nominal(let components):
            guard let last = components.last else { return "" }
            return last.genericArguments.isEmpty
                ? last.name
                : last.name + "<" + last.genericArguments.map(\.runtimeDescription).joined(separator: ", ") + ">"
        case .composition(let members): return members.map(\.runtimeDescription).joined(separator: " & ")
        case .existential(let inner): return inner.runtimeDescription
        case .optional(let inner), .implicitlyUnwrapped(let inner): return "Optional<" + inner.runtimeDescription + ">"
        case .array(let element): return "Array<" + element.runtimeDescription + ">"
        case .dictionary(let key, let value): return "Dictionary<" + key.runtimeDescription + ", " + value.runtimeDescription + ">"
        case .tuple(let elements):
            return "(" + elements.map { ($0.label.map { $0 + ": " } ?? "") + $0.type.runtimeDescription }.joined(separator: ", ") + ")"
        case .function(let function):
            return "(" + function.parameters.map(\.type.runtimeDescription).joined(separator: ", ") + ") -> " + function.result.runtimeDescription
        case .metatype(let base, let kind): return base.runtimeDescription + "." + kind.rawValue
        }
    }
}
