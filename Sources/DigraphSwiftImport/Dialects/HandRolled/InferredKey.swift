import SwiftSyntax

/// `register(NetworkService())` or `register(APIRepository() as Repository)`, for a container
/// method `register<T>(_ service: T)` that stores under `T.self`: the key is the type Swift infers
/// for the value, which digraph reads where the call writes it out.
enum InferredKey {
    /// The type an expression has as written: `X(…)`, `X.init(…)`, `X<Y>(…)`, `A.B(…)`, `e as X`,
    /// and a closure whose one statement is one of them (`{ X() }`, for `() -> T`). nil: the call
    /// does not write it (a variable, a function's result), and only the compiler knows it.
    static func type(of expression: ExprSyntax) -> (type: String, node: Syntax)? {
        let unwrapped = SwiftExpressions.unwrap(expression)
        if let cast = unwrapped.castType {
            // `as!`, `as?`: a runtime cast, whose type Swift does not infer for the call.
            guard !unwrapped.isForced, !unwrapped.hasFallback else { return nil }
            return (cast, Syntax(expression))
        }
        let core = unwrapped.core
        if let closure = core.as(ClosureExprSyntax.self) {
            guard closure.statements.count == 1, let item = closure.statements.first?.item else { return nil }
            if let returned = item.as(ReturnStmtSyntax.self)?.expression { return type(of: returned) }
            return item.as(ExprSyntax.self).flatMap(type(of:))
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
}
