import DigraphCore
import SwiftSyntax

/// An app's own methods around Swinject's `register`, read from their declarations:
/// `extension Container { func register<S>(_ s: S.Type, mainActorFactory: @escaping @MainActor (Resolver) -> S) { … register(s) { r in MainActor.assumeIsolated { mainActorFactory(r) } } } }`.
/// A call of one is read as the `register` it makes, with the wrapper's closure as the factory and
/// its other parameters in the places they are passed to.
struct SwinjectWrappers {
    struct Wrapper {
        var name: String
        var parameters: [ContainerAPI.Parameter]
        var key: Int
        /// The closure parameter the caller's factory arrives in; nil when the wrapper writes the
        /// factory itself (`template`).
        var factory: Int?
        /// The caller's factory is handed the resolver first, as Swinject's is; false when the
        /// wrapper hands it only the runtime arguments (`register(type) { _, arg1 in factory(arg1) }`
        /// for `factory: @escaping (Arg1) -> Service`) or nothing.
        var factoryTakesResolver = true
        /// `container.register(type) { T.init(viewModel: $0.resolve()) }` inside
        /// `func quickRegister<T: …>(_ type: T.Type, …)`: one factory for every call, its generic
        /// parameter (`keyGeneric`) standing for the type each call registers.
        var template: Template?
        var qualifier: Int?
        /// `name: serviceName.named`: the member of the qualifier parameter (an enum) passed as the name.
        var qualifierMember: String?
        /// The parameter holding the container the wrapper registers on (`container.register(…)`);
        /// nil when it registers on itself, an extension of the container.
        var receiver: Int?
        /// The type that declares the wrapper (`DIContainer`), or the one it extends.
        var owner: String?
        /// `.inObjectScope(…)` on the wrapper's own `register`.
        var scope: Scope?
        /// The global actor the factory runs on (`@MainActor` on the closure parameter, or the body's
        /// `MainActor.assumeIsolated`).
        var isolation: String?
        var location: DigraphCore.SourceLocation

        /// `DIContainer.shared.register(…)`: called on its owner or a static member of it, not on
        /// a Swinject container the owner holds (`DIContainer.shared.container.register(…)`).
        func isCalled(through call: FunctionCallExprSyntax) -> Bool {
            guard let owner, var receiver = SwiftExpressions.callee(of: call)?.receiver else { return false }
            if let access = receiver.as(MemberAccessExprSyntax.self), let base = access.base { receiver = base }
            return receiver.as(DeclReferenceExprSyntax.self)?.baseName.text == owner
        }
    }

    /// A scope the wrapper fixes, or the parameter the caller gives it in
    /// (`scope: NWObjectScope = .graph` … `.inObjectScope(scope.swinjectScope)`).
    enum Scope {
        case fixed(Lifetime)
        case parameter(Int, default: Lifetime?)
    }

    struct Template {
        var closure: ClosureExprSyntax
        var file: SwiftFile
        var keyGeneric: String
        /// `S: Screen<M>`: the superclass the key's type has, whose arguments the other generic
        /// parameters name.
        var keyConstraint: (name: String, arguments: [String])?
    }

    private(set) var wrappers: [String: [Wrapper]] = [:]

    var isEmpty: Bool { wrappers.isEmpty }

    init(files: [SwiftFile] = []) {
        for file in files where file.refusal == nil {
            for function in Self.functions(in: file.tree) {
                // SwinjectAutoregistration's `autoregister` is read natively (a shim of it declares it too).
                guard function.name.text != "autoregister", let body = function.body,
                    let wrapper = Self.wrapper(function, body: body, file: file)
                else { continue }
                wrappers[wrapper.name, default: []].append(wrapper)
            }
        }
    }

    /// Inside the factory a wrapper writes itself.
    func isTemplate(_ node: Syntax) -> Bool {
        guard let function = node.ancestorOrSelf(where: { $0.is(FunctionDeclSyntax.self) })?.as(FunctionDeclSyntax.self),
            let candidates = wrappers[function.name.text]
        else { return false }
        return candidates.contains { wrapper in
            guard let closure = wrapper.template?.closure else { return false }
            return node.ancestorOrSelf(where: { $0.id == Syntax(closure).id }) != nil
        }
    }

    /// The wrapper a call uses, and its arguments by parameter.
    func wrapper(for call: FunctionCallExprSyntax, inSwinjectFile: Bool = true) -> (Wrapper, [Int: ExprSyntax])? {
        guard let (name, _) = SwiftExpressions.callee(of: call), var candidates = wrappers[name] else { return nil }
        // Overloads told apart by their factory's parameters (`() -> S`, `(Arg1) -> S`): Swift picks
        // the one whose closure type the passed closure's parameters fit.
        if candidates.count > 1 {
            let fitting = candidates.filter { wrapper in
                guard let factory = wrapper.factory, let bound = ContainerAPI.bind(call, to: wrapper.parameters), let passed = bound[factory],
                    let closure = SwiftExpressions.unwrap(passed).core.as(ClosureExprSyntax.self), let taken = Self.parameterCount(of: closure),
                    let declared = ContainerAPI.Parameter.functionType(wrapper.parameters[factory].type)?.parameters.count
                else { return true }
                return taken == declared
            }
            if !fitting.isEmpty { candidates = fitting }
        }
        for wrapper in candidates {
            guard let bound = ContainerAPI.bind(call, to: wrapper.parameters) else { continue }
            // A wrapper named like Swinject's own `register` is only the call that names its factory's
            // label (`mainActorFactory:`); a trailing closure or `factory:` is Swinject's, where
            // Swinject is imported (elsewhere the wrapper is the only `register` in sight).
            // A value passed without a label (`register(Coordinator.self, coordinator)`) is no call
            // of Swinject's, whose factory is a closure or `factory:`: the wrapper's.
            // A label Swinject's `register` does not take that the wrapper does (`serviceName: .movieService`): the wrapper's too.
            let takesTheWrappersLabel = call.arguments.contains { argument in
                guard let label = argument.label?.text, !["name", "factory"].contains(label) else { return false }
                return wrapper.parameters.contains { $0.label == label }
            }
            let notSwinjects =
                takesTheWrappersLabel || call.arguments.dropFirst().contains { $0.label == nil && !$0.expression.is(ClosureExprSyntax.self) }
            if wrapper.name == "register", !(!inSwinjectFile && wrapper.isCalled(through: call)), !notSwinjects {
                guard let factory = wrapper.factory else { continue }
                let label = wrapper.parameters[factory].label
                guard let label, label != "factory", call.arguments.contains(where: { $0.label?.text == label }) else { continue }
            }
            return (wrapper, bound)
        }
        return nil
    }

    /// A method whose body calls `register(param, …)` (or `register(T.self, …)`) with one of its
    /// closure parameters as the factory, directly or called inside the closure it passes.
    private static func wrapper(_ function: FunctionDeclSyntax, body: CodeBlockSyntax, file: SwiftFile) -> Wrapper? {
        let parameters = function.signature.parameterClause.parameters.map { ContainerAPI.Parameter($0) }
        let names = parameters.map(\.name)
        guard let key = parameters.firstIndex(where: \.isMetatype) else { return nil }
        for call in SwiftExpressions.calls(in: body) {
            guard let (callee, _) = SwiftExpressions.callee(of: call), callee == "register" || callee == "_register" else { continue }
            // The factory: a parameter that makes a value, passed as is or called inside the closure
            // passed; else the closure passed is the factory itself (a template).
            var factory: Int?
            var qualifier: Int?
            var qualifierMember: String?
            var literal: ClosureExprSyntax?
            var calledInside: FunctionCallExprSyntax?
            let passed = Array(call.arguments.map { ($0.label?.text, $0.expression) }) + (call.trailingClosure.map { [(nil, ExprSyntax($0))] } ?? [])
            for (label, expression) in passed {
                if let reference = expression.as(DeclReferenceExprSyntax.self), let position = names.firstIndex(of: reference.baseName.text) {
                    if parameters[position].makesValue { factory = position }
                    if label == "name", parameters[position].isString { qualifier = position }
                } else if label == "name", let (position, member) = ContainerAPI.memberOfParameter(expression, named: names) {
                    (qualifier, qualifierMember) = (position, member)
                } else if let closure = expression.as(ClosureExprSyntax.self) {
                    literal = closure
                    for inner in SwiftExpressions.calls(in: closure) {
                        if let reference = inner.calledExpression.as(DeclReferenceExprSyntax.self),
                            let position = names.firstIndex(of: reference.baseName.text), parameters[position].makesValue
                        {
                            factory = position
                            calledInside = inner
                        }
                    }
                }
            }
            let receiver = SwiftExpressions.callee(of: call)?.receiver?.as(DeclReferenceExprSyntax.self).flatMap { names.firstIndex(of: $0.baseName.text) }
            if factory == nil, let literal, let generic = parameters[key].type.as(MetatypeTypeSyntax.self)?.baseType.as(IdentifierTypeSyntax.self)?.name.text,
                let declared = function.genericParameterClause?.parameters.first(where: { $0.name.text == generic })
            {
                let constraint = declared.inheritedType?.as(IdentifierTypeSyntax.self).map {
                    ($0.name.text, $0.genericArgumentClause?.arguments.map(\.argument.trimmedDescription) ?? [])
                }
                let template = Template(closure: literal, file: file, keyGeneric: generic, keyConstraint: constraint)
                return Wrapper(
                    name: function.name.text, parameters: parameters, key: key, factory: nil, template: template,
                    qualifier: qualifier, qualifierMember: qualifierMember, receiver: receiver, owner: owner(of: function),
                    scope: scope(of: call, in: function), isolation: nil, location: file.location(of: function.name))
            }
            guard let factory, factory != key else { continue }
            var isolation: String?
            if let attributed = parameters[factory].type.as(AttributedTypeSyntax.self) {
                for attribute in attributed.attributes {
                    if case .attribute(let attribute) = attribute, attribute.attributeName.trimmedDescription.hasSuffix("Actor") {
                        isolation = attribute.attributeName.trimmedDescription
                    }
                }
            }
            if isolation == nil, let assumed = SwiftExpressions.calls(in: body).first(where: { SwiftExpressions.callee(of: $0)?.name == "assumeIsolated" }) {
                isolation = SwiftExpressions.callee(of: assumed)?.receiver?.trimmedDescription
            }
            // `{ resolver, arg1 in factory(arg1) }`, `{ _ in factory() }`: the factory is handed the
            // runtime arguments only. Handed anything else first (`factory(DIResolver(resolver: r))`),
            // it is handed a resolver.
            var takesResolver = true
            if let calledInside, let literal {
                let arguments = SwiftExpressions.parameterNames(of: literal).dropFirst()
                takesResolver = calledInside.arguments.first.map { !arguments.contains($0.expression.trimmedDescription) } ?? false
            }
            return Wrapper(
                name: function.name.text, parameters: parameters, key: key, factory: factory, factoryTakesResolver: takesResolver,
                qualifier: qualifier, qualifierMember: qualifierMember, receiver: receiver, owner: owner(of: function), scope: scope(of: call, in: function),
                isolation: isolation, location: file.location(of: function.name))
        }
        return nil
    }

    /// The parameters a closure declares (`{ a, b in … }`: 2); nil for one using `$0`, `$1`…, whose
    /// count is not written.
    private static func parameterCount(of closure: ClosureExprSyntax) -> Int? {
        if closure.signature?.parameterClause != nil { return SwiftExpressions.parameterNames(of: closure).count }
        let usesShorthand = closure.statements.tokens(viewMode: .sourceAccurate).contains {
            if case .dollarIdentifier = $0.tokenKind { return true }
            return false
        }
        return usesShorthand ? nil : 0
    }

    private static func scope(of register: FunctionCallExprSyntax, in function: FunctionDeclSyntax) -> Scope? {
        for (modifier, outer) in SwiftExpressions.chained(after: register) {
            if modifier == "inObjectScope", let argument = outer.arguments.first?.expression {
                if let fixed = SwinjectDialect.lifetime(ofScope: argument) { return .fixed(fixed) }
                // `scope.swinjectScope` or `scope`: the parameter it starts from.
                var root = argument
                while let member = root.as(MemberAccessExprSyntax.self), let base = member.base { root = base }
                let parameters = Array(function.signature.parameterClause.parameters)
                if let name = root.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    let position = parameters.firstIndex(where: { ($0.secondName ?? $0.firstName).text == name })
                {
                    return .parameter(position, default: parameters[position].defaultValue.flatMap { SwinjectDialect.lifetime(ofScope: $0.value) })
                }
            }
        }
        return nil
    }

    private static func owner(of function: FunctionDeclSyntax) -> String? {
        SwiftExpressions.enclosingTypeName(of: Syntax(function))
    }

    private static func functions(in tree: SourceFileSyntax) -> [FunctionDeclSyntax] {
        tree.tokens(viewMode: .sourceAccurate).compactMap { token in
            token.tokenKind == .keyword(.func) ? token.parent?.as(FunctionDeclSyntax.self) : nil
        }
    }
}
