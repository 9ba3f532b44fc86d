import DigraphCore
import SwiftSyntax

extension ClosureReader {
    func value(of expression: ExprSyntax, required: Bool) -> Value {
        let unwrapped = SwiftExpressions.unwrap(expression)
        let core = unwrapped.core
        if let call = core.as(FunctionCallExprSyntax.self), let site = declarations.factories.site(ofCall: call, inside: options.factoryContainer) {
            return .service(site, isOptional: site.onMiss == .givesNil && !unwrapped.isForced)
        }
        if let site = ResolveSite.at(core, api: options.api, constants: declarations.constants, helpers: declarations.resolveHelpers).map(bindingGenerics) {
            let throughResolver = site.receiver.flatMap { $0.as(DeclReferenceExprSyntax.self)?.baseName.text } == resolverName && resolverName != nil
            // Swinject's resolve is optional unless unwrapped; a hand-rolled one returns the value.
            let returnsOptional = site.onMiss.map { $0 == .givesNil } ?? (throughResolver && options.resolveReturnsOptional)
            // `r.resolve() as Settings`: the cast is the type Swift infers.
            if site.isInferred, let cast = unwrapped.castType.map(DeclaredType.init) {
                var site = site
                site.infer(cast)
                return .service(site, isOptional: cast.isOptional)
            }
            let optional = unwrapped.hasFallback || (!(unwrapped.isForced || required || site.isArrow) && returnsOptional)
            return .service(site, isOptional: optional)
        }
        if let reference = core.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let argument = argumentName(name) { return .argument(argument) }
            if let literal = literalAliases[name] { return .literal(literal) }
            if let position = options.argumentElements[name] { return .element(name, position: position) }
            if let local = locals[name] {
                if case .service(let site, let optional) = local { return .service(site, isOptional: optional && !unwrapped.isForced) }
                if case .earlier(let site, let optional, let miss) = local { return .earlier(site, isOptional: optional && !unwrapped.isForced, miss: miss) }
                return local
            }
            if name == resolverName || Self.namesTheAssemblysContainer(name, at: Syntax(reference)) || declarations.holdsContainer(name, at: Syntax(reference))
                || (name == "self" && SwiftExpressions.enclosingTypeName(of: Syntax(reference)).map(TypeDeclarations.isResolver) == true)
            {
                // `factory: self` in an `extension Container`: the container hands itself over (cmarioRV/MLChallenge).

                return .resolver(name)
            }
            if name.first?.isUppercase == true { return .literal(name) }
            if let resolved = computedResolve(name, at: Syntax(reference)) { return resolved }
            // `kSharedUserDefaults`, a global `let` of `UserDefaults(suiteName: …)!`: a value with
            // nothing of the app inside, as `UserDefaults.standard` is.
            if let global = declarations.globalConstant(name), isOutsideValue(SwiftExpressions.unwrap(global).core) { return .literal(name) }
            return .captured(name)
        }
        // `container.synchronize()`: Swinject's thread-safe view of the same container (orion-assignment).
        if let call = core.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.declName.baseName.text == "synchronize", let base = access.base, case .resolver = value(of: base, required: false)
        {
            return .resolver(core.trimmedDescription)
        }
        // `clock: { r.resolve(Clock.self)! }()`: the closure runs now, its value is the argument.
        if let call = core.as(FunctionCallExprSyntax.self), let only = SwiftExpressions.immediatelyCalledValue(call) {
            return value(of: only, required: required)
        }
        if let closure = core.as(ClosureExprSyntax.self) {
            let sites = resolveSites(in: closure)
            if let first = sites.first { return .lazy(first) }
            // Code with nothing of the container in it, read in full: a value, as a literal is.
            return .literal(core.trimmedDescription)
        }
        if var construction = construction(core) {
            construction.castType = unwrapped.castType
            return .construction(construction)
        }
        if let access = core.as(MemberAccessExprSyntax.self) {
            if access.base == nil || access.declName.baseName.tokenKind == .keyword(.self) { return .literal(core.trimmedDescription) }
            // `info.nav` where the factory takes `info: (nav: UINavigationController, model: Model)`
            // (ranjan2807/RestImageRender): an element of a runtime argument, as a destructured one is.
            if let base = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, let argument = argumentName(base),
                let written = argumentTypes[argument], case .tuple(let elements)? = try? TypeExpressionParser.parse(written),
                let position = elements.firstIndex(where: { $0.label == access.declName.baseName.text })
            {
                return .element(core.trimmedDescription, position: position)
            }
            if access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                // `SwinjectLocator(self.container)`: the container itself (shopping-list's `TestContainer`).
                if declarations.holdsContainer(access.declName.baseName.text, at: Syntax(access)) { return .resolver(core.trimmedDescription) }
                return computedResolve(access.declName.baseName.text, at: Syntax(access)) ?? .captured(core.trimmedDescription)
            }
        }
        if let elements = collectionElements(core) {
            let values = elements.map { value(of: $0, required: false) }
            if values.contains(where: \.isResolve) { return .collection(core.trimmedDescription, elements: values) }
        }
        if core.is(StringLiteralExprSyntax.self) || core.is(IntegerLiteralExprSyntax.self) || core.is(FloatLiteralExprSyntax.self)
            || core.is(BooleanLiteralExprSyntax.self) || core.is(NilLiteralExprSyntax.self) || core.is(ArrayExprSyntax.self)
            || core.is(DictionaryExprSyntax.self)
        {
            return .literal(core.trimmedDescription)
        }
        // `Tab.search.rawValue`, `RouterName.root`: a string constant declared in the given paths.
        if declarations.constants.value(of: core) != nil { return .literal(core.trimmedDescription) }
        if let call = core.as(FunctionCallExprSyntax.self), let (site, forced) = resolveThroughHelper(call) {
            return .service(site, isOptional: !(forced || unwrapped.isForced || required))
        }
        if let resolved = resolvedBase(of: core) { return .member(core.trimmedDescription, of: resolved) }
        // `50 * 1024 * 1024`, `Bundle.main.url(forResource: "Model", withExtension: "momd")`: a value
        // with nothing of the app inside, so nothing of the container either.
        if isOutsideValue(core) { return .literal(core.trimmedDescription) }
        return .unknown(core.trimmedDescription)
    }

    /// `self.logManager` where the type the factory is written in computes `var logManager: LogManager
    /// { Tooling.shared.logManager() }` in this file (ios-pass keeps such shortcuts to other
    /// containers in a `private extension` of each): the resolve the getter makes, each time the
    /// factory runs. Only a getter that is itself one resolve, so that reading it never recurses.
    private func computedResolve(_ name: String, at node: Syntax) -> Value? {
        guard let owner = SwiftExpressions.enclosingTypeName(of: node), let getter = declarations.getter(of: owner, named: name, in: file) else {
            return nil
        }
        let unwrapped = SwiftExpressions.unwrap(getter)
        if let call = unwrapped.core.as(FunctionCallExprSyntax.self), let site = declarations.factories.site(ofCall: call, inside: options.factoryContainer) {
            return .service(site, isOptional: site.onMiss == .givesNil && !unwrapped.isForced)
        }
        return nil
    }

    /// The resolve a member chain starts from (`self.persistence().container` on Factory's
    /// `persistence`, `store.context` on a resolved local), or nil.
    private func resolvedBase(of expression: ExprSyntax) -> Value? {
        var current = expression
        while true {
            if let access = current.as(MemberAccessExprSyntax.self), let base = access.base {
                current = base
            } else if let call = current.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
                current = forced.expression
            } else if let chained = current.as(OptionalChainingExprSyntax.self) {
                current = chained.expression
            } else {
                return nil
            }
            if current.is(FunctionCallExprSyntax.self) || current.is(DeclReferenceExprSyntax.self) || current.is(SequenceExprSyntax.self) {
                let base = value(of: current, required: true)
                if base.isResolve { return base }
            }
        }
    }

    /// A constant, or a chain from a type the app does not declare (`UIScreen.main.bounds`,
    /// `UserDefaults.standard.string(forKey: "token")`, `UserDefaults(suiteName: "group.x")`) whose
    /// calls take constants only (a string constant the app declares, `Constants.appGroup`, too).
    func isOutsideValue(_ expression: ExprSyntax) -> Bool {
        if SwiftExpressions.isConstant(expression) { return true }
        // `"ios-pass@\(Bundle.main.fullAppVersionName)"`.
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return string.segments.allSatisfy { segment in
                segment.as(ExpressionSegmentSyntax.self).map { $0.expressions.allSatisfy { isOutsideValue($0.expression) } } ?? true
            }
        }
        if let type = SwiftExpressions.typeName(expression) { return declarations.declaration(of: type) == nil }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base { return isOutsideValue(base) }
        if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty {
            let takesConstants = call.arguments.allSatisfy {
                SwiftExpressions.isConstant($0.expression) || declarations.constants.value(of: $0.expression) != nil
            }
            if let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base { return isOutsideValue(base) && takesConstants }
            if let type = SwiftExpressions.typeName(call.calledExpression) { return declarations.declaration(of: type) == nil && takesConstants }
        }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return isOutsideValue(forced.expression) }
        if let chained = expression.as(OptionalChainingExprSyntax.self) { return isOutsideValue(chained.expression) }
        // `isRunningTests ? Bundle.main : Bundle.module`: either value, the condition calling nothing.
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let ternary = sequence.elements.dropFirst().first?.as(UnresolvedTernaryExprSyntax.self), let condition = sequence.elements.first,
            let otherwise = sequence.elements.last, SwiftExpressions.calls(in: Syntax(condition)).isEmpty
        {
            return isOutsideValue(ternary.thenExpression) && isOutsideValue(otherwise)
        }
        return false
    }

    /// `AuthDataSourceImpl(keychain: self.keychain(resolver))`: a helper of the type the factory is
    /// written in, in its file (a method, or a stored closure `let keychain = { (r: Resolver) in
    /// r.resolve(Keychain.self)! }`), handed the factory's resolver, whose one value is a resolve
    /// through it: that resolve, made as the factory runs.
    private func resolveThroughHelper(_ call: FunctionCallExprSyntax) -> (ResolveSite, forced: Bool)? {
        guard let resolverName, call.arguments.count == 1, call.trailingClosure == nil,
            call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == resolverName,
            let (name, receiver) = SwiftExpressions.callee(of: call), receiver == nil || receiver!.trimmedDescription == "self",
            let owner = SwiftExpressions.enclosingTypeName(of: Syntax(call))
        else { return nil }
        var helper: (parameter: String, value: ExprSyntax)?
        for item in file.tree.statements {
            guard let group = item.item.asProtocol(DeclGroupSyntax.self), SwiftExpressions.typeName(declaredBy: group) == owner else { continue }
            for member in group.memberBlock.members {
                if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == name,
                    let parameter = function.signature.parameterClause.parameters.first, function.signature.parameterClause.parameters.count == 1,
                    let statements = function.body?.statements, statements.count == 1, let only = statements.first
                {
                    let value = only.item.as(ReturnStmtSyntax.self)?.expression ?? SwiftExpressions.expression(of: only)
                    helper = value.map { ((parameter.secondName ?? parameter.firstName).text, $0) }
                }
                if let variable = member.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                    let closure = binding.initializer?.value.as(ClosureExprSyntax.self),
                    let parameters = closure.signature?.parameterClause, let value = SwiftExpressions.onlyValue(of: closure)
                {
                    let names: [String] =
                        switch parameters {
                        case .simpleInput(let list): list.map(\.name.text)
                        case .parameterClause(let clause): clause.parameters.map { ($0.secondName ?? $0.firstName).text }
                        }
                    if names.count == 1 { helper = (names[0], value) }
                }
            }
        }
        guard let helper else { return nil }
        let unwrapped = SwiftExpressions.unwrap(helper.value)
        guard var site = ResolveSite.at(unwrapped.core, api: options.api, constants: declarations.constants, helpers: declarations.resolveHelpers),
            site.type != nil, site.receiver?.as(DeclReferenceExprSyntax.self)?.baseName.text == helper.parameter
        else { return nil }
        site.isInHelper = true
        return (site, unwrapped.isForced)
    }

    /// The elements of an array literal, the values of a dictionary literal.
    private func collectionElements(_ expression: ExprSyntax) -> [ExprSyntax]? {
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.map(\.expression) }
        if case .elements(let pairs)? = expression.as(DictionaryExprSyntax.self)?.content { return pairs.map(\.value) }
        return nil
    }

    /// Whether every method of that name the app declares on `type` returns one of its own generic
    /// parameters (`static func inject<T>(_ keyPath: PartialKeyPath<Koin>) -> T`); false when it declares none.
    func returnsItsGenericParameter(_ member: String, of type: String) -> Bool {
        let declared = (declarations.methods[declarations.ownerName(of: type)] ?? []).filter { $0.node.name.text == member }
        return !declared.isEmpty
            && declared.allSatisfy { method in
                guard let returned = method.node.signature.returnClause?.type.trimmedDescription else { return false }
                return method.node.genericParameterClause?.parameters.contains { $0.name.text == returned } == true
            }
    }

    /// `Impl(…)`, `Impl.init(…)`, `.init(…)`, `Module.Impl(…)`, `Impl.make(…)`, `Impl.shared`,
    /// or `resolvedObject.makeService(…)`.
    private func construction(_ expression: ExprSyntax) -> Construction? {
        if let call = expression.as(FunctionCallExprSyntax.self) {
            let arguments = Array(call.arguments)
            if let type = SwiftExpressions.typeName(call.calledExpression) {
                // `Impl(…)` inside `extension Root.ViewModel` builds `Root.ViewModel.Impl` when other `Impl`s exist.
                let type = declarations.nestedType(type, around: Syntax(call)) ?? type
                return Construction(implementation: options.genericBindings[type] ?? type, arguments: arguments, node: Syntax(call))
            }
            guard let access = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
            let member = access.declName.baseName.text
            guard let base = access.base else {
                return member == "init" ? Construction(implementation: nil, arguments: arguments, node: Syntax(call)) : nil
            }
            if let type = SwiftExpressions.typeName(base) {
                return Construction(
                    implementation: options.genericBindings[type] ?? type, factory: member == "init" ? nil : member, arguments: arguments, node: Syntax(call))
            }
            let object = value(of: base, required: true)
            switch object {
            case .service, .lazy, .earlier:
                return Construction(arguments: arguments, madeBy: object, node: Syntax(call))
            default:
                return nil
            }
        }
        // `Configuration.self` is a metatype, a value nothing builds (a manifest holds none): no `factory: self`.
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base, let type = SwiftExpressions.typeName(base),
            access.declName.baseName.text.first?.isLowercase == true, access.declName.baseName.tokenKind != .keyword(.self)
        {
            return Construction(implementation: type, factory: access.declName.baseName.text, arguments: [], node: Syntax(access))
        }
        return nil
    }

    /// `ListFactory(container: container)` inside `func assemble(container: Container)`: the
    /// function's Swinject `Container` (or `Resolver`) parameter is the container itself, handed on
    /// as a factory's resolver is (MosSport: 13 "a value from outside the container" warnings).
    static func namesTheAssemblysContainer(_ name: String, at node: Syntax) -> Bool {
        var current = node.parent
        while let scope = current {
            let parameters =
                scope.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
                ?? scope.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
            if let parameters {
                guard let parameter = parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) else { return false }
                var type = Substring(parameter.type.trimmedDescription)
                while type.last == "?" || type.last == "!" { type = type.dropLast() }
                return ["Container", "Resolver", "Swinject.Container", "Swinject.Resolver"].contains(type)
            }
            current = scope.parent
        }
        return false
    }
}

extension ClosureReader.Value {
    /// A resolve, made now, before the `register` call, or later.
    var isResolve: Bool { resolveSite != nil }

    /// The resolve this value is, if it is one.
    var resolveSite: ResolveSite? {
        switch self {
        case .service(let site, _), .earlier(let site, _, _), .lazy(let site): site
        default: nil
        }
    }
}
