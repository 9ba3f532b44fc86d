import SwiftSyntax

/// What the given sources declare: which names are protocols, each type's initializers (for
/// `autoregister` and untyped runtime arguments), typealiases, and the module that declares each.
struct TypeDeclarations {
    enum Kind: String {
        case `class`, `struct`, actor, `enum`, `protocol`
    }

    struct Parameter {
        var label: String?
        var type: String
    }

    struct Declaration {
        var kind: Kind
        var module: String?
        var initializers: [[Parameter]] = []
        /// Stored properties without a value, in order: a struct's memberwise initializer.
        var storedProperties: [Parameter] = []
        var hasExplicitInitializer = false
    }

    private(set) var types: [String: Declaration] = [:]
    private(set) var typealiases: [String: String] = [:]

    /// The declaration of a type as a key or implementation spells it (`Domain.User` finds `User`).
    func declaration(of type: String) -> Declaration? {
        if let found = types[type] { return found }
        let base = type.split(separator: "<").first.map(String.init) ?? type
        if let found = types[base] { return found }
        return base.split(separator: ".").last.flatMap { types[String($0)] }
    }

    func isProtocol(_ type: String) -> Bool { declaration(of: type)?.kind == .protocol }

    /// The initializers a call can use: explicit ones, else the memberwise one of a struct, else `init()`.
    func initializers(of type: String) -> [[Parameter]]? {
        guard let declaration = declaration(of: type), declaration.kind != .protocol else { return nil }
        if !declaration.initializers.isEmpty { return declaration.initializers }
        if declaration.kind == .struct, !declaration.hasExplicitInitializer { return [declaration.storedProperties] }
        return [[]]
    }

    mutating func add(_ file: SourceFileSyntax, module: String?) {
        let collector = Collector(module: module)
        collector.walk(file)
        for (name, declaration) in collector.types {
            if var existing = types[name] {
                existing.initializers += declaration.initializers
                existing.hasExplicitInitializer = existing.hasExplicitInitializer || declaration.hasExplicitInitializer
                if existing.storedProperties.isEmpty { existing.storedProperties = declaration.storedProperties }
                types[name] = existing
            } else {
                types[name] = declaration
            }
        }
        for (extended, initializers) in collector.extensionInitializers {
            types[extended, default: Declaration(kind: .class, module: nil)].initializers += initializers
        }
        typealiases.merge(collector.typealiases) { first, _ in first }
    }

    private final class Collector: SyntaxVisitor {
        let module: String?
        var types: [String: Declaration] = [:]
        var extensionInitializers: [String: [[Parameter]]] = [:]
        var typealiases: [String: String] = [:]
        /// The enclosing type names, for nested declarations (`Outer.Inner`).
        private var scope: [String] = []

        init(module: String?) {
            self.module = module
            super.init(viewMode: .sourceAccurate)
        }

        private func declare(_ name: String, _ kind: Kind, members: MemberBlockSyntax) {
            var declaration = Declaration(kind: kind, module: module)
            for member in members.members {
                if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                    declaration.hasExplicitInitializer = true
                    if !initializer.modifiers.contains(where: { $0.name.text == "private" }) {
                        declaration.initializers.append(parameters(of: initializer))
                    }
                } else if let variable = member.decl.as(VariableDeclSyntax.self), kind == .struct,
                          !variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }) {
                    for binding in variable.bindings where binding.accessorBlock == nil && binding.initializer == nil {
                        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let type = binding.typeAnnotation?.type {
                            declaration.storedProperties.append(Parameter(label: name, type: type.trimmedDescription))
                        }
                    }
                }
            }
            let qualified = (scope + [name]).joined(separator: ".")
            types[qualified] = declaration
            if qualified != name, types[name] == nil { types[name] = declaration }
        }

        private func parameters(of initializer: InitializerDeclSyntax) -> [Parameter] {
            initializer.signature.parameterClause.parameters.map { parameter in
                let label = parameter.firstName.text
                return Parameter(label: label == "_" ? nil : label, type: parameter.type.trimmedDescription)
            }
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            declare(node.name.text, .class, members: node.memberBlock)
            scope.append(node.name.text)
            return .visitChildren
        }
        override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            declare(node.name.text, .struct, members: node.memberBlock)
            scope.append(node.name.text)
            return .visitChildren
        }
        override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }

        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            declare(node.name.text, .actor, members: node.memberBlock)
            scope.append(node.name.text)
            return .visitChildren
        }
        override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            declare(node.name.text, .enum, members: node.memberBlock)
            scope.append(node.name.text)
            return .visitChildren
        }
        override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            declare(node.name.text, .protocol, members: node.memberBlock)
            return .skipChildren
        }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            let extended = node.extendedType.trimmedDescription
            for member in node.memberBlock.members {
                if let initializer = member.decl.as(InitializerDeclSyntax.self),
                   !initializer.modifiers.contains(where: { $0.name.text == "private" }) {
                    extensionInitializers[extended, default: []].append(parameters(of: initializer))
                }
            }
            scope.append(extended)
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
            if node.genericParameterClause == nil {
                typealiases[(scope + [node.name.text]).joined(separator: ".")] = node.initializer.value.trimmedDescription
            }
            return .skipChildren
        }

        // Bodies declare nothing the wiring needs and are most of a file: skip them.
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
