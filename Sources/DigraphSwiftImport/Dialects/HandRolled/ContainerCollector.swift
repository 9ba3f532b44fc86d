import DigraphCore
import SwiftParser
import SwiftSyntax

/// The types of a file with their stored properties and the functions that take a metatype.
final class ContainerCollector: SyntaxVisitor {
    let file: SwiftFile
    var found: [ContainerAPI.ContainerBody] = []
    /// Every class and struct with its members, for what an object handed the container resolves.
    var declarations: [(name: String, members: MemberBlockSyntax)] = []

    init(file: SwiftFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    private func collect(_ name: String, members: MemberBlockSyntax) {
        var functions: [FunctionDeclSyntax] = []
        var stored: [String: TypeSyntax] = [:]
        for member in members.members {
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                functions.append(function)
            } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    if let type = binding.typeAnnotation?.type {
                        stored[name] = type
                    } else if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
                        call.calledExpression.is(DictionaryExprSyntax.self) || call.calledExpression.is(ArrayExprSyntax.self)
                    {
                        // `[String: (isSingleton: Bool, builder: …)]()`: the written element type.
                        var parser = Parser(call.calledExpression.trimmedDescription)
                        stored[name] = TypeSyntax.parse(from: &parser)
                    } else if let initial = binding.initializer?.value, initial.is(DictionaryExprSyntax.self) || initial.is(ArrayExprSyntax.self) {
                        stored[name] = TypeSyntax(IdentifierTypeSyntax(name: .identifier("Any")))
                    } else if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                        let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
                        generic.genericArgumentClause.arguments.contains(where: { $0.argument.is(DictionaryTypeSyntax.self) })
                    {
                        // `Atomic<[String: Any]>(with: [:])` (kenesbekov/Gitty): a table kept in a box.
                        var parser = Parser(generic.trimmedDescription)
                        stored[name] = TypeSyntax.parse(from: &parser)
                    }
                }
            }
        }
        // A container candidate keeps storage, or takes a type (an extension of one that does).
        guard
            functions.contains(where: { $0.signature.parameterClause.parameters.contains { ContainerAPI.Parameter.metatype($0.type) != nil } })
                || !stored.isEmpty
        else {
            return
        }
        found.append(.init(owner: name, file: file, functions: functions, storedProperties: stored))
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        collect(node.name.text, members: node.memberBlock)
        declarations.append((node.name.text, node.memberBlock))
        return .skipChildren
    }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        collect(node.name.text, members: node.memberBlock)
        declarations.append((node.name.text, node.memberBlock))
        return .skipChildren
    }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { collect(node.name.text, members: node.memberBlock); return .skipChildren }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { collect(node.name.text, members: node.memberBlock); return .skipChildren }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        collect(node.extendedType.trimmedDescription, members: node.memberBlock)
        return .skipChildren
    }
    /// A protocol's property requirements are the storage its extension's methods use
    /// (`protocol Injectable: AnyObject { var dependencies: [AnyHashable: Any] { get set } }`).
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        collect(node.name.text, members: node.memberBlock)
        return .skipChildren
    }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension ContainerMethodStatement.Meaning {
    var role: ContainerAPI.Method.Role {
        switch self {
        case .eager: .register(lifetime: .singleton, isEager: true)
        case .transient: .register(lifetime: .transient, isEager: false)
        case .singleton: .register(lifetime: .singleton, isEager: false)
        case .resolve: .resolve(onMiss: .stops)
        case .resolveOptional: .resolve(onMiss: .givesNil)
        }
    }
}
