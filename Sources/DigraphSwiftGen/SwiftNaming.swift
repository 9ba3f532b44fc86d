import DigraphCore

/// How manifest types and names are spelled in generated Swift.
///
/// The manifest does not say which keys are protocols, and Swift 6 requires `any` before a protocol
/// used as a type. A key is taken to be a protocol when it is a composition, is declared in
/// `interfaces`, is written `any P`, is built by another type (`implementation` differs) or is an
/// `aliasOf`. Everything else (an implementation, a supplied value, a plain registration) is concrete.
public struct SwiftNaming: Sendable {
    public let protocolKeys: Set<String>
    /// The first component of every named type in the manifest (`Overrides` for `Overrides.Mock`).
    public let namedTypes: Set<String>
    /// Names of types the manifest uses that generated code declares nested types of, spelled
    /// through a file-level alias so that the app's type is meant and not the nested one.
    public var outerAliases: [String: String] = [:]

    public init(graph: DependencyGraph) {
        var keys = Set(graph.interfaces.keys)
        var named = Set<String>()
        for interface in graph.interfaces.values { keys.formUnion(interface.composes.map(\.key)) }
        func collect(_ type: TypeExpression) {
            type.visitAll { nested in
                switch nested {
                case .composition(let members): keys.formUnion(members.map { $0.normalized().key })
                case .existential(let inner): keys.insert(inner.normalized().key)
                case .nominal(let components): if let first = components.first { named.insert(first.name) }
                default: break
                }
            }
        }
        for registration in graph.registrations {
            let implementationKey = registration.implementation?.key
            for provided in registration.provides {
                collect(provided.expression)
                if registration.aliasOf != nil || (implementationKey != nil && implementationKey != provided.key) {
                    keys.insert(provided.key)
                }
            }
            for dependency in registration.dependencies + registration.properties { if let type = dependency.service { collect(type.expression) } }
            if let implementation = registration.implementation { collect(implementation.expression) }
            for argument in registration.arguments { collect(argument.type.expression) }
        }
        for external in graph.externals { collect(external.keyExpression) }
        protocolKeys = keys
        namedTypes = named
    }

    /// Swift source for a type, with `any` before protocols.
    public func spell(_ type: TypeExpression) -> String {
        switch type.normalized(sortingCompositions: false) {
        case .nominal(let components):
            let isProtocol = protocolKeys.contains(TypeExpression.nominal(components).key)
            var components = components
            if let alias = outerAliases[components[0].name] { components[0].name = alias }
            if isProtocol { return "any " + TypeExpression.nominal(components).spelling }
            return components.map { component in
                component.genericArguments.isEmpty
                    ? component.name
                    : component.name + "<" + component.genericArguments.map(spell).joined(separator: ", ") + ">"
            }.joined(separator: ".")
        case .composition(let members):
            // Members are protocols: each spelled as such (through an outer alias when shadowed).
            return "any "
                + members.map { member in
                    let spelled = spell(member)
                    return spelled.hasPrefix("any ") ? String(spelled.dropFirst(4)) : spelled
                }.joined(separator: " & ")
        case .existential(let inner):
            return spell(inner)
        case .optional(let inner):
            return parenthesized(spell(inner)) + "?"
        case .implicitlyUnwrapped(let inner):
            return parenthesized(spell(inner)) + "!"
        case .array(let element):
            return "[" + spell(element) + "]"
        case .dictionary(let key, let value):
            return "[" + spell(key) + ": " + spell(value) + "]"
        case .tuple(let elements):
            return "(" + elements.map { ($0.label.map { $0 + ": " } ?? "") + spell($0.type) }.joined(separator: ", ") + ")"
        case .function(let function):
            let attributes = function.attributes.map { "@" + $0 + " " }.joined()
            let parameters = function.parameters.map { ($0.isInout ? "inout " : "") + spell($0.type) + ($0.isVariadic ? "..." : "") }
            return attributes + "(" + parameters.joined(separator: ", ") + ")" + (function.isAsync ? " async" : "")
                + (function.isThrowing ? " throws" : "") + " -> " + spell(function.result)
        case .metatype(let base, let kind):
            return parenthesized(spell(base)) + "." + kind.rawValue
        }
    }

    private func parenthesized(_ text: String) -> String {
        text.hasPrefix("any ") || text.contains("->") ? "(" + text + ")" : text
    }

    /// `(any P).self` or `P.self`, for Swinject's `register(_:)`.
    public func metatype(_ type: TypeExpression) -> String {
        let spelled = spell(type)
        // `.self` binds tighter than `any`, `&` and `->`: `(any P).self`, `((Int) -> String).self`.
        let needsParentheses = spelled.hasPrefix("any ") || spelled.contains("->") || spelled.contains(" & ")
        return (needsParentheses ? "(" + spelled + ")" : spelled) + ".self"
    }

    /// The accessor name of a binding, a function of its own key and name only, so that adding a
    /// registration never renames another's accessor:
    /// - a plain type, nested or not: `LoginViewModel` -> `loginViewModel`, `Domain.User` -> `domain_User`;
    /// - a composition of plain types: `IssueReading & IssueWriting` -> `issueReading_and_IssueWriting`;
    /// - a name, when it is a plain lowercase word: `APIClient` named `primary` -> `apiClient_primary`;
    /// - anything else (generic, array, optional, function keys, names with `_`, lowercase type
    ///   names…) -> its words and a hash of the key: `[Plugin]` -> `pluginArray_9c0e1b2a`;
    /// - a name generated code uses itself (`overrides`, `init`, `self`…) gets a trailing `_`.
    /// Plain type names never contain `_`, so the forms cannot produce one another's names; two keys
    /// that differ only in the case of their first letters (`FOOBar`, `FooBar`) are refused by
    /// `GenerationPlan`, which checks that every accessor is unique.
    public static func accessorName(for type: TypeExpression, name: String?) -> String {
        let readable = readableName(for: type).flatMap { base -> String? in
            guard let name else { return base }
            return isPlainWord(name, initial: \.isLowercase) ? base + "_" + name : nil
        }
        if let readable { return memberNames.contains(readable) ? readable + "_" : readable }
        let letters = { (text: String) in text.filter { ($0.isLetter || $0.isNumber) && $0.isASCII } }
        var words = letters(self.words(for: type))
        if let name { let named = letters(name); words += named.prefix(1).uppercased() + named.dropFirst() }
        if !(words.first?.isLetter ?? false) { words = "key" + words }
        return words + "_" + stableHash(type.normalized().key + "\u{0}" + (name ?? "\u{1}"))
    }

    /// Names an accessor cannot have: members of the generated container and words that mean
    /// something else after a dot (`container.init()`), and `Overrides.isEmpty`.
    static let memberNames: Set<String> = ["overrides", "isEmpty", "init", "deinit", "self", "super"]

    /// `Domain.User` -> `domain_User`, `A & B` -> `a_and_B`; nil for any other shape.
    private static func readableName(for type: TypeExpression) -> String? {
        func components(_ type: TypeExpression) -> [String]? {
            switch type {
            case .existential(let inner): return components(inner)
            case .nominal(let parts):
                guard parts.allSatisfy({ $0.genericArguments.isEmpty && isPlainWord($0.name, initial: \.isUppercase) }) else { return nil }
                return parts.map(\.name)
            default: return nil
            }
        }
        let members: [TypeExpression]
        switch type.normalized(sortingCompositions: false) {
        case .composition(let list): members = list
        case let other: members = [other]
        }
        var spelled: [String] = []
        for member in members {
            guard let parts = components(member) else { return nil }
            spelled.append(parts.joined(separator: "_"))
        }
        return lowerFirstWord(spelled.joined(separator: "_and_"))
    }

    /// ASCII letters and digits only, starting with a letter of the given case.
    private static func isPlainWord(_ word: String, initial: (Character) -> Bool) -> Bool {
        guard let first = word.first, first.isLetter, initial(first) else { return false }
        return word.allSatisfy { ($0.isLetter || $0.isNumber) && $0.isASCII }
    }

    /// FNV-1a over the UTF-8 bytes, as 8 hex digits: stable across runs and platforms.
    static func stableHash(_ text: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// Words for a type, for hashed accessor names: `Domain.UserRepository` -> `domainUserRepository`,
    /// `IssueReading & IssueWriting` -> `issueReadingAndIssueWriting`, `[Plugin]` -> `pluginArray`.
    private static func words(for type: TypeExpression) -> String {
        var words: [String] = []
        func walk(_ type: TypeExpression) {
            switch type {
            case .nominal(let components):
                for component in components {
                    words.append(component.name)
                    if !component.genericArguments.isEmpty {
                        words.append("Of")
                        for (index, argument) in component.genericArguments.enumerated() {
                            if index > 0 { words.append("And") }
                            walk(argument)
                        }
                    }
                }
            case .composition(let members):
                for (index, member) in members.enumerated() {
                    if index > 0 { words.append("And") }
                    walk(member)
                }
            case .existential(let inner): walk(inner)
            case .optional(let inner), .implicitlyUnwrapped(let inner): walk(inner); words.append("Optional")
            case .array(let element): walk(element); words.append("Array")
            case .dictionary(let key, let value): walk(key); words.append("To"); walk(value); words.append("Dictionary")
            case .tuple(let elements):
                words.append("Tuple")
                for element in elements { walk(element.type) }
            case .function(let function):
                words.append("Function")
                for parameter in function.parameters { walk(parameter.type) }
                words.append("To")
                walk(function.result)
            case .metatype(let base, _): walk(base); words.append("Type")
            }
        }
        walk(type.normalized(sortingCompositions: false))
        return lowerFirstWord(words.map { word in word.prefix(1).uppercased() + word.dropFirst() }.joined())
    }

    /// `URLSessionProtocol` -> `urlSessionProtocol`, `APIClient` -> `apiClient`, `Foo` -> `foo`.
    static func lowerFirstWord(_ text: String) -> String {
        let characters = Array(text)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return text }
        // In "URLSession" the run "URLS" ends with the first letter of the next word.
        let lowered = upperRun > 1 && upperRun < characters.count ? upperRun - 1 : upperRun
        return characters[..<lowered].map { $0.lowercased() }.joined() + String(characters[lowered...])
    }

    /// A parameter's type: a function value is stored, so its parameter escapes.
    public static func escapingIfFunction(_ type: TypeExpression, _ spelled: String) -> String {
        if case .function = type { return "@escaping " + spelled }
        return spelled
    }

    /// A type after a closure's `->`: a function type needs parentheses there (`-> ((Int) -> String)`).
    public static func returnType(_ spelled: String) -> String {
        spelled.contains("->") ? "(" + spelled + ")" : spelled
    }

    /// The name a runtime argument has inside generated code: `arg_` + its label. Generated locals
    /// and members (`scope`, `override`, `overrides`, `lock`, Swinject's `r`) never start with
    /// `arg_`, so no label can shadow them, whatever the manifest calls its arguments.
    public static func argumentName(_ label: String) -> String {
        "arg_" + label
    }

    /// Words Swift reserves, escaped with backticks where they are used as names.
    public static func escaped(_ identifier: String) -> String {
        reserved.contains(identifier) ? "`\(identifier)`" : identifier
    }

    static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
        "is", "nil", "self", "super", "throws", "true", "try", "await", "any", "some", "Self", "Type", "Any",
    ]
}
