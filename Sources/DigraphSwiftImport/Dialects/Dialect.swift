import DigraphCore
import SwiftSyntax

/// A DI library as the importer reads it: which files speak it, what it learns from them before
/// any call is read, and what a call means in a file that speaks it. One folder per library under
/// `Dialects/`; `SwiftImporter.dialects` lists them in the order a file's dialect is decided.
protocol Dialect {
    /// The library, as messages and docs name it.
    static var library: String { get }
    /// Whether a file speaks it, from what the file imports. Asked once per file, in the order of
    /// the dialect list; the first that says yes is the file's dialect.
    static func speaks(_ file: SwiftFile) -> Bool
    /// Whether a file that imports none of the libraries speaks it through the app's own types: it
    /// extends one that holds the library's container. Asked only when no dialect speaks the file
    /// by its imports.
    static func speaksThrough(_ file: SwiftFile, declarations: TypeDeclarations) -> Bool
    /// What it learns from the files that speak it (a container's declared methods, wrappers),
    /// with the sources' declarations and what `.digraph.yml` states.
    init(learningFrom files: [SwiftFile], declarations: TypeDeclarations, stated: [ContainerMethodStatement])
    /// What it reads, as Swift source and the manifest and findings it imports to: its tests.
    static var examples: [DialectExample] { get }
    /// The scopes it keeps no instance in for a struct or an enum (`Found.scopesAValueLoses`).
    static var scopesAValueLoses: Set<Lifetime> { get }

    /// The container methods a call in its files is read with: a resolve is a call of one of them
    /// (or of `resolve` itself).
    var containerAPI: ContainerAPI { get }
    /// `register` in its files is Swinject's own (a wrapper named `register` is then only the call
    /// that names its factory's label).
    var registerIsSwinjects: Bool { get }
    /// Its keys are types' identities (`ObjectIdentifier`), so two types of one printed name never collide.
    var keysByTypeIdentity: Bool { get }

    /// The registration a call in one of its files makes; nil when the call makes none.
    func registration(of call: FunctionCallExprSyntax, in finder: RegistrationFinder) -> RegistrationFinder.Found?
    /// A call of a wrapper its files declare, read wherever the call is: nil when the call is no
    /// such wrapper's, `.some(nil)` when it is one but reads as no registration.
    func wrapperRegistration(of call: FunctionCallExprSyntax, in finder: RegistrationFinder) -> RegistrationFinder.Found??
    /// A call in one of its files that made no registration: what it says of it, if anything.
    func unread(_ call: FunctionCallExprSyntax, in finder: RegistrationFinder)
    /// Inside a factory a wrapper writes itself: read for each call of the wrapper, never on its own.
    func isInsideWrapper(_ node: Syntax) -> Bool
    /// What it says once, after every file is read (methods it could not read, calls read by their shape).
    func findings(after finders: [RegistrationFinder]) -> [Diagnostic]
}

extension Dialect {
    static func speaksThrough(_ file: SwiftFile, declarations: TypeDeclarations) -> Bool { false }

    static var examples: [DialectExample] { [] }
    /// A hand-rolled container keeps what it stores, value or not.
    static var scopesAValueLoses: Set<Lifetime> { [] }
    var containerAPI: ContainerAPI { ContainerAPI() }
    var registerIsSwinjects: Bool { false }
    var keysByTypeIdentity: Bool { false }
    func wrapperRegistration(of call: FunctionCallExprSyntax, in finder: RegistrationFinder) -> RegistrationFinder.Found?? { nil }
    func unread(_ call: FunctionCallExprSyntax, in finder: RegistrationFinder) {}
    func isInsideWrapper(_ node: Syntax) -> Bool { false }
    func findings(after finders: [RegistrationFinder]) -> [Diagnostic] { [] }
}

/// A dialect's example: Swift source (one file, `App.swift`) and exactly what it imports to, the
/// manifest from its first section on and one `line:column: severity: message` line per finding.
/// The examples are the dialect's tests (`DialectExamplesTests`); a failing one names where it is written.
struct DialectExample: Sendable {
    var source: String
    var expected: String
    var fileID: String
    var filePath: String
    var line: Int

    init(_ source: String, expect expected: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) {
        self.source = source
        self.expected = expected
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
    }
}
