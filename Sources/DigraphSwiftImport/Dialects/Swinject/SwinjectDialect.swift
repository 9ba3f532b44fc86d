import DigraphCore
import SwiftSyntax

/// Swinject: `container.register(T.self) { r in … }` with its scopes and modifiers,
/// SwinjectAutoregistration's `autoregister`, and the app's own wrappers around `register`.
struct SwinjectDialect: Dialect {
    static let library = "Swinject"
    /// Swinject's `.weak` keeps no value type (its `WeakStorage` "does not persist value types"): a
    /// struct or an enum registered so is made on every resolve. `.container` keeps one
    /// (`PermanentStorage` holds `Any`): the factory runs once, as for an object, and each resolve
    /// hands out a copy (run against Swinject 2.10.0); a graph one is read as written.
    static let scopesAValueLoses: Set<Lifetime> = [.weak]

    /// The one place a file's import of Swinject is looked at.
    static func speaks(_ file: SwiftFile) -> Bool { file.imports("Swinject") }

    /// `extension DIContainer { func register() { container.register(Api.self) { … } } }` in a file
    /// that does not import Swinject, where `DIContainer` (declared elsewhere) holds `let container:
    /// Container` and the app declares no `Container` of its own: Swift lets the file call members
    /// of Swinject's type without importing it, so `register` there is Swinject's.
    static func speaksThrough(_ file: SwiftFile, declarations: TypeDeclarations) -> Bool {
        guard declarations.declaration(of: "Container") == nil else { return false }
        return file.topLevelItems.contains { item in
            guard let extended = item.item.as(ExtensionDeclSyntax.self),
                let properties = declarations.declaration(of: extended.extendedType.trimmedDescription)?.propertyTypes.values
            else { return false }
            return properties.contains { ["Container", "Swinject.Container"].contains($0) }
        }
    }

    /// The app's own methods around Swinject's `register`, from the files that import Swinject.
    let wrappers: SwinjectWrappers

    init(learningFrom files: [SwiftFile], declarations: TypeDeclarations, stated: [ContainerMethodStatement]) {
        wrappers = SwinjectWrappers(files: files)
    }

    var registerIsSwinjects: Bool { true }

    /// Swinject keys a registration by its type's `ObjectIdentifier` (and name and arguments).
    var keysByTypeIdentity: Bool { true }

    /// `register`'s factory takes the resolver, whether it names it (`{ r in … }`) or not (`$0`).
    func registration(of call: FunctionCallExprSyntax, in finder: RegistrationFinder) -> RegistrationFinder.Found? {
        guard let register = RegisterCall(call, file: finder.file, constants: finder.declarations.constants) else { return nil }
        return finder.read(register, of: call, meaning: RegisterMeaning(closureTakesResolver: { _ in true }, referenceTakesResolver: true, isAssumed: false))
    }

    func wrapperRegistration(of call: FunctionCallExprSyntax, in finder: RegistrationFinder) -> RegistrationFinder.Found?? {
        guard let (wrapper, bound) = wrappers.wrapper(for: call, inSwinjectFile: finder.dialect.registerIsSwinjects) else { return nil }
        return .some(finder.wrapped(call, wrapper, bound))
    }

    func isInsideWrapper(_ node: Syntax) -> Bool { wrappers.isTemplate(node) }

    /// Swinject's object scopes: `.container`, `ObjectScope.graph`, ….
    static func lifetime(ofScope expression: ExprSyntax) -> Lifetime? {
        expression.as(MemberAccessExprSyntax.self).flatMap { ScopeVocabulary.swinject.lifetime(of: $0.declName.baseName.text) }
    }
}

/// What the Swinject dialect says, in one place.
enum SwinjectMessages {
    static func unknownScope(_ subject: String, _ given: some SyntaxProtocol, importedAs lifetime: Lifetime) -> String {
        let known = ScopeVocabulary.swinject.scopes.map(\.name).joined(separator: ", ")
        return
            "'\(subject)': the object scope `\(SwiftExpressions.quoted(given, limit: 60))` is not one of Swinject's (\(known)); it is imported as \(lifetime.rawValue), check it"
    }

    static func callbackNotRead(_ subject: String, _ wrapper: SwinjectWrappers.Wrapper) -> String {
        "'\(subject)': this closure, passed to `\(wrapper.name)`, resolves here; digraph reads the factory `\(wrapper.name)` writes (\(wrapper.location.fileNameAndLine)), not this closure: add what it resolves to the manifest by hand"
    }

    static func wrappedFactoryUnread(_ subject: String, _ wrapper: SwinjectWrappers.Wrapper) -> String {
        "'\(subject)': its factory, passed to `\(wrapper.name)`, is not a closure digraph can read; the registration is imported without its implementation"
    }
}
