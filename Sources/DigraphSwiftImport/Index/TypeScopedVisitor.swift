import SwiftSyntax

/// A visitor that knows the type whose code it is in: the innermost class, struct, actor or enum
/// declaration, or the type an extension extends (by its last name).
class TypeScopedVisitor: SyntaxVisitor {
    /// The types around the node being visited, innermost last.
    private(set) var types: [String] = []

    private func enter(_ name: String) -> SyntaxVisitorContinueKind {
        types.append(name)
        return .visitChildren
    }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { enter(FactoryCatalogue.lastName(node.extendedType)) }
    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }
}
