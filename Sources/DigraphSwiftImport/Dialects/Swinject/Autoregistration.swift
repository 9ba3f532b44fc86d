import DigraphCore
import SwiftSyntax

extension ClosureReader {
    /// An `autoregister(P.self, argument: A.self, initializer: Impl.init(a:b:))`.
    mutating func read(autoregister initializer: ExprSyntax, argumentTypes arguments: [String], key: String? = nil) {
        var expression = initializer
        var labels: [String?]?
        var method: String?
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base,
            SwiftExpressions.typeName(base) != nil
                || access.declName.baseName.text == "init"
        {
            if let names = access.declName.argumentNames {
                labels = names.arguments.map { $0.name.text == "_" ? nil : $0.name.text }
            }
            // `initializer: Cache.getInstance`: a static method making the value, its parameters resolved.
            if access.declName.baseName.text != "init" { method = access.declName.baseName.text }
            expression = base
        }
        if let method, let type = SwiftExpressions.typeName(expression) {
            readAutoregistered(method: method, of: type, labels: labels, argumentTypes: arguments, at: initializer)
            return
        }
        guard var implementation = SwiftExpressions.typeName(expression) else {
            warn(
                "its initializer `\(SwiftExpressions.quoted(initializer, limit: 80))` is not `Type.init`; fill in its implementation and dependencies",
                at: Syntax(initializer))
            return
        }
        // `autoregister(ClipboardView<Impl>.self, initializer: ClipboardView.init)`: Swift takes the
        // generic arguments from the key.
        if let key, !implementation.contains("<"), key.hasPrefix(implementation + "<") { implementation = key }
        reading.implementation = implementation
        guard let candidates = declarations.initializers(of: implementation) else {
            warn(
                "'\(implementation)' is not declared in the imported sources, so its initializer's parameters are unknown; add the file that declares it, or fill in the dependencies",
                at: Syntax(initializer))
            return
        }
        let matching = labels.map { labels in candidates.filter { $0.map(\.label) == labels } } ?? candidates
        guard let chosen = matching.first else {
            warn(
                "'\(implementation)' declares no initializer `init(\((labels ?? []).map { ($0 ?? "_") + ":" }.joined()))`; fill in the dependencies",
                at: Syntax(initializer))
            return
        }
        if matching.count > 1 {
            warn(
                "'\(implementation)' has \(matching.count) initializers that fit; digraph took the first, `init(\(chosen.map { ($0.label ?? "_") + ":" }.joined()))`; name one with `\(implementation).init(a:b:)`",
                at: Syntax(initializer))
        }
        addAutoregistered(parameters: chosen, argumentTypes: arguments, implementation: implementation, at: initializer)
    }

    /// `autoregister(Cache.self, initializer: Cache.getInstance)`: the type's one static method of
    /// that name (and labels) makes the value; autoregistration resolves its parameters.
    private mutating func readAutoregistered(method: String, of type: String, labels: [String?]?, argumentTypes arguments: [String], at initializer: ExprSyntax)
    {
        let candidates = (declarations.methods[declarations.ownerName(of: type)] ?? []).map(\.node).filter { function in
            function.name.text == method && SwiftExpressions.isTypeLevel(function.modifiers)
                && labels.map { labels in function.signature.parameterClause.parameters.map { $0.firstName.text == "_" ? nil : $0.firstName.text } == labels }
                    ?? true
        }
        guard candidates.count == 1, let function = candidates.first else {
            warn(
                "its initializer `\(SwiftExpressions.quoted(initializer, limit: 80))` names \(candidates.isEmpty ? "no" : "more than one") static method of '\(type)' digraph can read; fill in its implementation and dependencies",
                at: Syntax(initializer))
            return
        }
        reading.implementation = type
        reading.factory = method
        let parameters = function.signature.parameterClause.parameters.map { parameter in
            TypeDeclarations.Parameter(label: parameter.firstName.text == "_" ? nil : parameter.firstName.text, type: parameter.type.trimmedDescription)
        }
        addAutoregistered(parameters: parameters, argumentTypes: arguments, implementation: type, at: initializer)
    }

    /// A runtime argument's type as autoregistration matches it to a parameter, one spelling for
    /// each type: `Optional<Delegate>` is `Delegate?`, `(() -> Void)` is `@escaping () -> Void`
    /// (DamianW93/MovieApp).
    static func argumentKey(_ spelled: String) -> String {
        guard let parsed = try? TypeExpressionParser.parse(spelled) else { return spelled }
        guard case .function(var function) = parsed.normalized() else { return parsed.key }
        function.attributes.removeAll { $0 == "escaping" }
        return TypeExpression.function(function).spelling
    }

    /// Each parameter resolved by its type, or handed the runtime argument of its type, in order.
    private mutating func addAutoregistered(
        parameters chosen: [TypeDeclarations.Parameter], argumentTypes arguments: [String], implementation: String, at initializer: ExprSyntax
    ) {
        var remaining = arguments
        var remainingKeys = arguments.map(Self.argumentKey)
        for parameter in chosen {
            let label = uniqueLabel(parameter.label ?? "_" + SwiftExpressions.parameterName(for: parameter.type))
            let location = file.location(of: Syntax(initializer))
            // Autoregistration hands the runtime arguments to the parameters of their types, in order.
            if let position = remainingKeys.firstIndex(of: Self.argumentKey(parameter.type)) {
                remaining.remove(at: position)
                remainingKeys.remove(at: position)
                argumentNames.append(label)
                argumentTypes[label] = parameter.type
                reading.dependencies.append(.init(label: label, source: .argument(label), location: location))
                continue
            }
            let declared = DeclaredType(parameter.type)
            reading.dependencies.append(
                .init(
                    label: label, source: .service(type: declared.key, name: nil, isLazy: false, isOptional: declared.isOptional, passing: []),
                    location: location))
        }
        if !remaining.isEmpty {
            warn("the argument type(s) \(remaining.joined(separator: ", ")) match no parameter of '\(implementation)'s initializer", at: Syntax(initializer))
        }
    }
}
