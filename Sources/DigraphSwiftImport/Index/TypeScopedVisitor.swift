import SwiftSyntax

/// A visitor that knows the type whose code it is in: the innermost class, struct, actor or enum
/// declaration, or the type an extension extends (by its last name, and by its path).
class TypeScopedVisitor: SyntaxVisitor {
    /// The types around the node being visited, innermost last.
    private(set) var types: [String] = []
    /// The same types by their paths (`Root.ViewModel.Impl` inside `extension Root.ViewModel`).
    private(set) var paths: [String] = []

    private func enter(_ name: String) -> SyntaxVisitorContinueKind {
        types.append(name)
        paths.append((paths.last.map { $0 + "." } ?? "") + name)
        return .visitChildren
    }
    private func leave() {
        types.removeLast()
        paths.removeLast()
    }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { leave() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { leave() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { leave() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { leave() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(FactoryCatalogue.lastName(node.extendedType))
        paths.append(node.extendedType.trimmedDescription)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leave() }
}
