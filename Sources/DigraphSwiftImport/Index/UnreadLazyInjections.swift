import DigraphCore
import SwiftSyntax

/// `@Inject private var headerBuilder: HeaderBuilder`, where the app's wrapper resolves only when
/// the property is first read (`var wrappedValue { storage ?? resolve() }`), and no code reads
/// `headerBuilder`: that resolve never runs (curzel-it/bit-therapy's `PetDetailsViewModel`). What
/// it would resolve is not known to be missing when the app runs, only once code reads it.
enum UnreadLazyInjections {
    /// Where each such property's wrapper is written (the place its resolve is recorded), with the
    /// property's name. A name written anywhere in the files, as `x`, `self.x`, `_x` or `$x`, in any
    /// type, counts as read: digraph does not tell which value a member is read on.
    static func find(in files: [SwiftFile], declarations: TypeDeclarations) -> [DigraphCore.SourceLocation: String] {
        let lazy = declarations.injectingWrappers.filter {
            declarations.injectsLazily($0) && !declarations.wrappersFilledByHolder.contains($0)
        }
        guard !lazy.isEmpty else { return [:] }
        var properties: [(location: DigraphCore.SourceLocation, name: String)] = []
        for file in files where file.refusal == nil && file.text.contains("@") {
            let collector = PropertyCollector(file: file, declarations: declarations, lazy: lazy)
            collector.walk(file.tree)
            properties += collector.found
        }
        guard !properties.isEmpty else { return [:] }
        let names = Set(properties.flatMap { [$0.name, "_" + $0.name, "$" + $0.name] })
        var read = Set<String>()
        for file in files where file.refusal == nil {
            for token in file.tree.tokens(viewMode: .sourceAccurate) where names.contains(token.text) {
                if token.parent?.is(DeclReferenceExprSyntax.self) == true { read.insert(token.text) }
            }
        }
        var unread: [DigraphCore.SourceLocation: String] = [:]
        for property in properties where ![property.name, "_" + property.name, "$" + property.name].contains(where: read.contains) {
            unread[property.location] = property.name
        }
        return unread
    }

    /// Stored properties of types written with a lazily resolving wrapper; code in bodies is not
    /// looked into (a local `@Inject var` is read where it is declared, or not at all).
    private final class PropertyCollector: SyntaxVisitor {
        let file: SwiftFile
        let declarations: TypeDeclarations
        let lazy: Set<String>
        var found: [(location: DigraphCore.SourceLocation, name: String)] = []

        init(file: SwiftFile, declarations: TypeDeclarations, lazy: Set<String>) {
            self.file = file
            self.declarations = declarations
            self.lazy = lazy
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            for attribute in node.attributes.compactMap({ $0.as(AttributeSyntax.self) }) {
                guard let wrapper = declarations.injectingWrapper(FactoryCatalogue.lastName(attribute.attributeName)), lazy.contains(wrapper)
                else { continue }
                for binding in node.bindings where binding.typeAnnotation != nil {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    found.append((file.location(of: attribute), name))
                }
            }
            return .skipChildren
        }
    }
}
