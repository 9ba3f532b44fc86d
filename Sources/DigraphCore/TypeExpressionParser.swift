/// Why a string is not a type expression, with the 0-based character offset of the problem.
public struct TypeExpressionError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public var description: String { message }

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }
}

/// A recursive-descent parser for the subset of Swift's type grammar a DI key can be written in.
///
/// Everything else is rejected: these strings are later pasted into generated Swift and Graphviz
/// labels, so only characters that can form a type are let through.
public struct TypeExpressionParser {
    public static let maximumLength = 1_000
    public static let maximumDepth = 32

    /// Words that cannot name a type. `Self`, `Any` and `Type` stay allowed.
    static let reservedWords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "false", "is", "nil", "self", "super", "throws", "true",
        "try", "await", "async", "any", "some", "_",
    ]

    public static func parse(_ text: String) throws(TypeExpressionError) -> TypeExpression {
        // Most keys are one plain name: skip the tokenizer for them.
        if isPlainASCIIName(text), !reservedWords.contains(text) {
            return .nominal([.init(text)])
        }
        var parser = try TypeExpressionParser(text)
        let type = try parser.parseType(depth: 0)
        guard parser.current.kind == .end else {
            throw parser.unexpected("after the type")
        }
        return type
    }

    private static func isPlainASCIIName(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, utf8.count <= maximumLength,
            first == UInt8(ascii: "_") || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
        else { return false }
        return utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }

    /// True for an identifier (a module, name qualifier, factory, argument): one name, not a keyword.
    public static func isIdentifier(_ text: String) -> Bool {
        isIdentifierShaped(text) && !reservedWords.contains(text)
    }

    /// A registration's name: an identifier, or identifiers joined by dots (`Services.api`, a
    /// Factory property qualified by its container).
    public static func isQualifiedName(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { isIdentifier(String($0)) }
    }

    /// True for one word of letters, digits and '_' that does not start with a digit (keywords included).
    public static func isIdentifierShaped(_ text: String) -> Bool {
        if isPlainASCIIName(text) { return true }
        guard let first = text.first, isIdentifierStart(first), !text.unicodeScalars.contains(where: LookAlike.isInvisible) else { return false }
        return text.allSatisfy(isIdentifierContinue)
    }

    // MARK: Tokens

    enum TokenKind: Equatable {
        case identifier, punctuation, end
    }

    struct Token {
        var kind: TokenKind
        var text: String
        var offset: Int
    }

    private var tokens: [Token]
    private var index = 0
    private var current: Token { tokens[index] }

    private init(_ text: String) throws(TypeExpressionError) {
        tokens = try Self.tokenize(text)
    }

    private static let punctuation: [String] = ["->", "...", "<", ">", "[", "]", "(", ")", ":", ",", ".", "&", "?", "!", "@"]

    static func tokenize(_ text: String) throws(TypeExpressionError) -> [Token] {
        // The length is checked before anything is built from the text: a 130 MB string must cost
        // nothing (a Character takes at least one byte, so more bytes than this many characters
        // times four is certainly too long; the exact count is taken only below that).
        if text.utf8.count > maximumLength * 4 {
            throw TypeExpressionError(message: "is \(text.utf8.count) bytes long; a type expression may have at most \(maximumLength) characters", offset: 0)
        }
        let characters = Array(text)
        guard characters.count <= maximumLength else {
            throw TypeExpressionError(message: "is \(characters.count) characters long; a type expression may have at most \(maximumLength)", offset: 0)
        }
        // Invisible characters hide inside a letter's grapheme (`o` + zero-width joiner is one
        // Character), so scalars are checked: two keys must never differ by what nobody sees.
        if let position = characters.firstIndex(where: { $0.unicodeScalars.contains(where: LookAlike.isInvisible) }) {
            let invisible = characters[position].unicodeScalars.first(where: LookAlike.isInvisible)!
            throw TypeExpressionError(
                message:
                    "has an invisible character (\(LookAlike.name(of: invisible))) at character \(position + 1); remove it: two keys must not differ by what nobody can see",
                offset: position)
        }
        var tokens: [Token] = []
        var position = 0
        while position < characters.count {
            let character = characters[position]
            if character == " " {
                position += 1
                continue
            }
            if isIdentifierStart(character) {
                let start = position
                while position < characters.count, isIdentifierContinue(characters[position]) { position += 1 }
                tokens.append(Token(kind: .identifier, text: String(characters[start..<position]), offset: start))
                continue
            }
            if let symbol = punctuation.first(where: { matches($0, characters, at: position) }) {
                tokens.append(Token(kind: .punctuation, text: symbol, offset: position))
                position += symbol.count
                continue
            }
            throw TypeExpressionError(
                message: "has \(describe(character)) at character \(position + 1), which cannot be part of a Swift type", offset: position)
        }
        guard !tokens.isEmpty else {
            throw TypeExpressionError(message: "is empty; expected a Swift type such as `UserRepository` or `any A & B`", offset: 0)
        }
        tokens.append(Token(kind: .end, text: "", offset: characters.count))
        return tokens
    }

    private static func matches(_ symbol: String, _ characters: [Character], at position: Int) -> Bool {
        var offset = position
        for expected in symbol {
            guard offset < characters.count, characters[offset] == expected else { return false }
            offset += 1
        }
        return true
    }

    private static func isIdentifierStart(_ character: Character) -> Bool {
        character == "_" || (character.isLetter && !character.isWhitespace)
    }

    private static func isIdentifierContinue(_ character: Character) -> Bool {
        isIdentifierStart(character) || ("0"..."9").contains(character)
    }

    static func describe(_ character: Character) -> String {
        switch character {
        case "\n": return "a newline"
        case "\r": return "a carriage return"
        case "\t": return "a tab"
        case "\"": return "a quote (\")"
        case "'": return "a quote (')"
        default:
            if let scalar = character.unicodeScalars.first, scalar.value < 0x20 || scalar.value == 0x7F {
                return "a control character (U+\(String(scalar.value, radix: 16, uppercase: true)))"
            }
            return "'\(character)'"
        }
    }

    // MARK: Grammar

    private func unexpected(_ context: String) -> TypeExpressionError {
        let found = current.kind == .end ? "the end" : "'\(current.text)'"
        return TypeExpressionError(message: "has unexpected \(found) at character \(current.offset + 1) \(context)", offset: current.offset)
    }

    private mutating func consume(_ symbol: String) -> Bool {
        guard current.kind == .punctuation, current.text == symbol else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ symbol: String, _ context: String) throws(TypeExpressionError) {
        guard consume(symbol) else { throw unexpected("(expected '\(symbol)' \(context))") }
    }

    private func isKeyword(_ word: String) -> Bool { current.kind == .identifier && current.text == word }

    private func checkDepth(_ depth: Int) throws(TypeExpressionError) {
        guard depth < Self.maximumDepth else {
            throw TypeExpressionError(message: "nests deeper than \(Self.maximumDepth) levels", offset: current.offset)
        }
    }

    /// type := attribute+ function-type | composition
    private mutating func parseType(depth: Int) throws(TypeExpressionError) -> TypeExpression {
        try checkDepth(depth)
        var attributes: [String] = []
        while consume("@") {
            guard current.kind == .identifier, !Self.reservedWords.contains(current.text) else {
                throw unexpected("(expected an attribute name after '@')")
            }
            attributes.append(current.text)
            index += 1
        }
        guard attributes.isEmpty else {
            guard consume("(") else { throw unexpected("(attributes such as @\(attributes[0]) apply only to function types)") }
            let parameters = try parseParenthesized(depth: depth + 1)
            guard let function = try parseFunctionTail(attributes: attributes, parameters, depth: depth) else {
                throw unexpected("(attributes such as @\(attributes[0]) apply only to function types)")
            }
            return function
        }
        return try parseComposition(depth: depth + 1)
    }

    /// function-tail := 'async'? 'throws'? '->' type, after a parenthesized parameter list.
    /// Returns nil when the parentheses were not followed by one (they were a tuple).
    private mutating func parseFunctionTail(attributes: [String], _ elements: [ParenthesizedElement], depth: Int) throws(TypeExpressionError) -> TypeExpression?
    {
        guard isKeyword("async") || isKeyword("throws") || current.text == "->" else { return nil }
        let isAsync = isKeyword("async")
        if isAsync { index += 1 }
        let isThrowing = isKeyword("throws")
        if isThrowing { index += 1 }
        try expect("->", "before a function's result type")
        let result = try parseType(depth: depth + 1)
        return .function(
            .init(
                attributes: attributes,
                parameters: elements.map { .init(isInout: $0.isInout, type: $0.type, isVariadic: $0.isVariadic) },
                isAsync: isAsync, isThrowing: isThrowing, result: result))
    }

    /// composition := postfix ('&' postfix)*
    private mutating func parseComposition(depth: Int) throws(TypeExpressionError) -> TypeExpression {
        var members = [try parsePrefixed(depth: depth)]
        while consume("&") { members.append(try parsePrefixed(depth: depth)) }
        return members.count == 1 ? members[0] : .composition(members)
    }

    /// prefixed := 'any' postfix | postfix
    private mutating func parsePrefixed(depth: Int) throws(TypeExpressionError) -> TypeExpression {
        if isKeyword("any") {
            index += 1
            return .existential(try parsePostfix(depth: depth + 1))
        }
        return try parsePostfix(depth: depth)
    }

    /// postfix := primary ('?' | '!' | '.Type' | '.Protocol')*
    private mutating func parsePostfix(depth: Int) throws(TypeExpressionError) -> TypeExpression {
        var type = try parsePrimary(depth: depth)
        while true {
            if consume("?") {
                type = .optional(type)
            } else if consume("!") {
                type = .implicitlyUnwrapped(type)
            } else if current.text == ".", tokens[index + 1].kind == .identifier,
                let kind = TypeExpression.MetatypeKind(rawValue: tokens[index + 1].text)
            {
                index += 2
                type = .metatype(type, kind)
            } else {
                return type
            }
        }
    }

    /// primary := nominal | '[' type (':' type)? ']' | '(' tuple-elements? ')'
    private mutating func parsePrimary(depth: Int) throws(TypeExpressionError) -> TypeExpression {
        try checkDepth(depth)
        if consume("[") {
            let element = try parseType(depth: depth + 1)
            if consume(":") {
                let value = try parseType(depth: depth + 1)
                try expect("]", "to close the dictionary type")
                return .dictionary(key: element, value: value)
            }
            try expect("]", "to close the array type")
            return .array(element)
        }
        if consume("(") {
            let elements = try parseParenthesized(depth: depth + 1)
            if let function = try parseFunctionTail(attributes: [], elements, depth: depth) { return function }
            if let marked = elements.first(where: { $0.isInout || $0.isVariadic }) {
                throw TypeExpressionError(message: "uses \(marked.isInout ? "'inout'" : "'...'") outside a function type's parameters", offset: marked.offset)
            }
            return .tuple(elements.map { .init(label: $0.label, type: $0.type) })
        }
        if current.kind == .identifier { return try parseNominal(depth: depth) }
        throw unexpected("(expected a type)")
    }

    struct ParenthesizedElement {
        var label: String?
        var isInout: Bool
        var type: TypeExpression
        var isVariadic: Bool
        var offset: Int
    }

    /// The elements between '(' and ')': a tuple's elements or a function's parameters.
    private mutating func parseParenthesized(depth: Int) throws(TypeExpressionError) -> [ParenthesizedElement] {
        var elements: [ParenthesizedElement] = []
        if consume(")") { return elements }
        repeat {
            let offset = current.offset
            var label: String?
            if current.kind == .identifier, tokens[index + 1].text == ":",
                current.text == "_" || !Self.reservedWords.contains(current.text)
            {
                label = current.text
                index += 2
            } else if current.text == "_", tokens[index + 1].kind == .identifier, tokens[index + 2].text == ":" {
                // A function type's parameter name, `(_ asset: Asset) -> Item`: documentation, not part of the type.
                label = "_"
                index += 3
            }
            let isInout = isKeyword("inout")
            if isInout { index += 1 }
            let type = try parseType(depth: depth + 1)
            let isVariadic = consume("...")
            elements.append(.init(label: label, isInout: isInout, type: type, isVariadic: isVariadic, offset: offset))
        } while consume(",")
        try expect(")", "to close the parentheses")
        return elements
    }

    /// nominal := name generic-arguments? ('.' name generic-arguments?)*
    private mutating func parseNominal(depth: Int) throws(TypeExpressionError) -> TypeExpression {
        var components: [TypeExpression.NameComponent] = []
        repeat {
            guard current.kind == .identifier else { throw unexpected("(expected a type name)") }
            let name = current.text
            guard !Self.reservedWords.contains(name) else {
                throw TypeExpressionError(
                    message: "uses the keyword '\(name)' at character \(current.offset + 1) where a type name is expected", offset: current.offset)
            }
            index += 1
            var arguments: [TypeExpression] = []
            if consume("<") {
                repeat { arguments.append(try parseType(depth: depth + 1)) } while consume(",")
                try expect(">", "to close the generic arguments")
            }
            components.append(.init(name, genericArguments: arguments))
        } while current.text == "." && tokens[index + 1].kind == .identifier
            && TypeExpression.MetatypeKind(rawValue: tokens[index + 1].text) == nil && consume(".")
        return .nominal(components)
    }
}
