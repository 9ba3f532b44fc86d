import SwiftSyntax

/// `register(NetworkService())` or `register(APIRepository() as Repository)`, for a container
/// method `register<T>(_ service: T)` that stores under `T.self`: the key is the type Swift infers
/// for the value, which digraph reads where the call writes it out.
enum InferredKey {
    /// The type an expression has as written: `X(…)`, `X.init(…)`, `X<Y>(…)`, `A.B(…)`, `e as X`,
    /// and a closure whose one statement is one of them (`{ X() }`, for `() -> T`); a local or a
    /// parameter is typed where it is declared (`let api: API = …`, `let api = APIClient()`,
    /// `func add(_ api: APIClient)`, not a generic parameter's type). nil: the code does not write
    /// it (a function's result, a setter's `newValue`), and only the compiler knows it.
    static func type(of expression: ExprSyntax, depth: Int = 0) -> (type: String, node: Syntax)? {
        guard depth < 4 else { return nil }
        let unwrapped = SwiftExpressions.unwrap(expression)
        if let reference = unwrapped.core.as(DeclReferenceExprSyntax.self), unwrapped.castType == nil,
            reference.baseName.text.first?.isLowercase == true
        {
            return declaredType(of: reference.baseName.text, before: Syntax(reference), depth: depth)
        }
        if let cast = unwrapped.castType {
            // `as!`, `as?`: a runtime cast, whose type Swift does not infer for the call.
            guard !unwrapped.isForced, !unwrapped.hasFallback else { return nil }
            return (cast, Syntax(expression))
        }
        let core = unwrapped.core
        if let closure = core.as(ClosureExprSyntax.self) {
            guard closure.statements.count == 1, let item = closure.statements.first?.item else { return nil }
            if let returned = item.as(ReturnStmtSyntax.self)?.expression { return type(of: returned, depth: depth + 1) }
            return item.as(ExprSyntax.self).flatMap { type(of: $0, depth: depth + 1) }
        }
        guard let call = core.as(FunctionCallExprSyntax.self) else { return nil }
        if let name = SwiftExpressions.typeName(call.calledExpression) { return (name, Syntax(call.calledExpression)) }
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "init", let base = access.base,
            let name = SwiftExpressions.typeName(base)
        {
            return (name, Syntax(base))
        }
        return nil
    }

    static let lookBack = 64

    /// The type `name` is declared with in the code before `node`: a local of an enclosing block
    /// (its annotation, else its value's type), or a parameter of the enclosing function.
    private static func declaredType(of name: String, before node: Syntax, depth: Int) -> (type: String, node: Syntax)? {
        var current = node
        while let parent = current.parent {
            if let statements = parent.as(CodeBlockItemListSyntax.self), let here = current.as(CodeBlockItemSyntax.self),
                let end = statements.index(of: here)
            {
                // The nearest statements only: a long list of calls each looking back through all of
                // it would be quadratic; a local declared further up is left unread (a warning).
                for item in statements[..<end].reversed().prefix(Self.lookBack) {
                    guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        if let annotation = binding.typeAnnotation?.type { return (annotation.trimmedDescription, Syntax(annotation)) }
                        return binding.initializer.flatMap { type(of: $0.value, depth: depth + 1) }
                    }
                }
            }
            if let function = parent.as(FunctionDeclSyntax.self) {
                let generics = Set(function.genericParameterClause?.parameters.map(\.name.text) ?? [])
                guard let parameter = function.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }),
                    !generics.contains(parameter.type.trimmedDescription)
                else { return nil }
                return (parameter.type.trimmedDescription, Syntax(parameter.type))
            }
            // A closure's own parameter is typed by its signature, which is not read here; a local it
            // captures is the enclosing code's.
            if let closure = parent.as(ClosureExprSyntax.self), let clause = closure.signature?.parameterClause {
                switch clause {
                case .simpleInput(let names): if names.contains(where: { $0.name.text == name }) { return nil }
                case .parameterClause(let list): if list.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }) { return nil }
                }
            }
            if parent.isProtocol(DeclGroupSyntax.self) { return nil }
            current = parent
        }
        return nil
    }
}
