import DigraphCore
import Testing

struct TypeExpressionParserTests {
    /// Valid spellings and the normalized key each must produce.
    @Test(arguments: [
        ("UserRepository", "UserRepository"),
        ("  UserRepository  ", "UserRepository"),
        ("Domain.UserRepository", "Domain.UserRepository"),
        ("Repository<User>", "Repository<User>"),
        ("Repository< Domain.User ,Int>", "Repository<Domain.User, Int>"),
        ("A & B & C", "A & B & C"),
        ("C & A & B", "A & B & C"),
        ("B & A & B", "A & B"),
        ("any P", "P"),
        ("any A & B", "A & B"),
        ("(any P)?", "P?"),
        ("Optional<User>", "User?"),
        ("Swift.Optional<User>", "User?"),
        ("Array<Optional<User>>", "[User?]"),
        ("[User]", "[User]"),
        ("Dictionary<String, [Int]>", "[String: [Int]]"),
        ("[String:Int]", "[String: Int]"),
        ("User!", "User!"),
        ("(User)", "User"),
        ("(Int, label: String)", "(Int, label: String)"),
        ("()", "()"),
        ("(Int) -> Void", "(Int) -> Void"),
        ("@escaping @Sendable () async throws -> T", "@escaping @Sendable () async throws -> T"),
        ("(inout Int, String...) -> Bool", "(inout Int, String...) -> Bool"),
        ("((Int) -> Void)?", "((Int) -> Void)?"),
        // A function type's parameter names are documentation (PodHaven's `loadEpisodeAsset` key).
        ("(_ asset: Asset) async throws -> Item", "(Asset) async throws -> Item"),
        ("@Sendable (_ url: URL, _ retries: Int) -> Data", "@Sendable (URL, Int) -> Data"),
        ("User.Type", "User.Type"),
        ("P.Protocol", "P.Protocol"),
        ("Café", "Café"),
    ])
    func validSpelling(_ text: String, key: String) throws {
        #expect(try TypeExpressionParser.parse(text).key == key)
    }

    /// Invalid spellings and the exact reason given.
    @Test(arguments: [
        ("", "is empty; expected a Swift type such as `UserRepository` or `any A & B`"),
        ("   ", "is empty; expected a Swift type such as `UserRepository` or `any A & B`"),
        ("Foo; Bar", "has ';' at character 4, which cannot be part of a Swift type"),
        ("Foo\nBar", "has a newline at character 4, which cannot be part of a Swift type"),
        ("Foo\tBar", "has a tab at character 4, which cannot be part of a Swift type"),
        ("Fo\u{200D}o", "has an invisible character (U+200D ZERO WIDTH JOINER) at character 2; remove it: two keys must not differ by what nobody can see"),
        ("\u{200B}Foo", "has an invisible character (U+200B ZERO WIDTH SPACE) at character 1; remove it: two keys must not differ by what nobody can see"),
        (
            "Foo\u{FEFF}",
            "has an invisible character (U+FEFF ZERO WIDTH NO-BREAK SPACE) at character 4; remove it: two keys must not differ by what nobody can see"
        ),
        (
            "[Fo\u{202E}o]",
            "has an invisible character (U+202E RIGHT-TO-LEFT OVERRIDE) at character 4; remove it: two keys must not differ by what nobody can see"
        ),
        ("\"Foo\"", "has a quote (\") at character 1, which cannot be part of a Swift type"),
        ("Foo Bar", "has unexpected 'Bar' at character 5 after the type"),
        ("class", "uses the keyword 'class' at character 1 where a type name is expected"),
        ("let x", "uses the keyword 'let' at character 1 where a type name is expected"),
        ("Repository<User", "has unexpected the end at character 16 (expected '>' to close the generic arguments)"),
        ("[User", "has unexpected the end at character 6 (expected ']' to close the array type)"),
        ("A &", "has unexpected the end at character 4 (expected a type)"),
        ("@escaping Int", "has unexpected 'Int' at character 11 (attributes such as @escaping apply only to function types)"),
        ("(inout Int)", "uses 'inout' outside a function type's parameters"),
        ("Foo()", "has unexpected '(' at character 4 after the type"),
        ("1Foo", "has '1' at character 1, which cannot be part of a Swift type"),
        ("Foo // comment", "has '/' at character 5, which cannot be part of a Swift type"),
    ])
    func invalidSpelling(_ text: String, reason: String) {
        #expect(throws: TypeExpressionError.self) { try TypeExpressionParser.parse(text) }
        do {
            _ = try TypeExpressionParser.parse(text)
        } catch {
            #expect(error.message == reason)
        }
    }

    @Test func limitsLengthAndDepth() {
        let long = String(repeating: "A", count: 1_001)
        #expect(throws: TypeExpressionError(message: "is 1001 characters long; a type expression may have at most 1000", offset: 0)) {
            try TypeExpressionParser.parse(long)
        }
        let deep = String(repeating: "[", count: 40) + "A" + String(repeating: "]", count: 40)
        #expect(throws: TypeExpressionError.self) { try TypeExpressionParser.parse(deep) }
        let fine = String(repeating: "[", count: 10) + "A" + String(repeating: "]", count: 10)
        #expect(throws: Never.self) { try TypeExpressionParser.parse(fine) }
    }

    @Test func compositionOrderIsKeptInTheWrittenSpellingOnly() throws {
        let type = TypeReference(try TypeExpressionParser.parse("B & A"), at: .start(of: "x"))
        #expect(type.key == "A & B")
        #expect(type.writtenSpelling == "B & A")
    }

    @Test func runtimeDescriptionDropsModulesAsStringDescribingDoes() throws {
        #expect(try TypeExpressionParser.parse("Domain.User").normalized().runtimeDescription == "User")
        #expect(try TypeExpressionParser.parse("[Data.User?]").normalized().runtimeDescription == "Array<Optional<User>>")
        #expect(try TypeExpressionParser.parse("any Auth.Session").normalized().runtimeDescription == "Session")
    }

    @Test func identifiers() {
        #expect(TypeExpressionParser.isIdentifier("Domain"))
        #expect(TypeExpressionParser.isIdentifier("_private1"))
        #expect(!TypeExpressionParser.isIdentifier("1abc"))
        #expect(!TypeExpressionParser.isIdentifier("import"))
        #expect(!TypeExpressionParser.isIdentifier("a-b"))
        #expect(!TypeExpressionParser.isIdentifier(""))
        #expect(TypeExpressionParser.isIdentifierShaped("default"))
    }
}
