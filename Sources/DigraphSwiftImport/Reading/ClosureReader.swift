import DigraphCore
import SwiftSyntax

/// Reads what a registration's factory says about its value: a closure (Swinject's, a hand-rolled
/// container's, a Factory property's) or an eager instance. One reader per registration: it keeps
/// the body's locals and which resolve calls it has accounted for, so that every resolve ends up
/// somewhere.
struct ClosureReader {
    /// How a reader reads, fixed when it is made.
    struct Options {
        /// A hand-rolled container's methods, from its declaration.
        var api = ContainerAPI()
        /// The value is built when it is registered: every resolve in it is eager.
        var buildsWhenRegistered = false
        /// A hand-rolled container's resolve returns the value (or crashes); Swinject's returns an optional.
        var resolveReturnsOptional = true
        /// A wrapper's own factory read for one call: `T` is the type that call registers.
        var genericBindings: [String: String] = [:]
        /// A Factory factory's container: `api()` and `self.api()` in its closure name its factories.
        var factoryContainer: String?
        /// Runtime arguments known before the closure is read (a Factory parameter; a registration's
        /// own arguments, for its `initCompleted`).
        var argumentNames: [String] = []
        /// The registered type: what `.init(…)` alone builds (Swift infers it from the closure's return type).
        var productType: String?
        /// Closure parameters that each stand for one element of the runtime argument, a tuple the
        /// closure takes apart (`ParameterFactory<(Credential, Router), VM> { VM($0, router: $1) }`),
        /// by position.
        var argumentElements: [String: Int] = [:]
    }

    /// The file being read: a helper's body is read in its own file.
    var file: SwiftFile
    let declarations: TypeDeclarations
    /// The registration's display name, for messages.
    let subject: String
    let options: Options
    /// The closure's first parameter in a Swinject factory (`r`); nil in a hand-rolled closure.
    var resolverName: String?
    /// Runtime arguments: the closure's other parameters, with their written types.
    var argumentNames: [String]
    var argumentTypes: [String: String] = [:]

    var locals: [String: Value] = [:]
    /// How many helper bodies the reading is inside (`{ self.makeRepo() }` reads `makeRepo`'s).
    var helperDepth = 0
    /// Inside a helper: its parameters given the factory's runtime arguments (parameter → argument);
    /// nil in the factory's own code.
    var argumentAliases: [String: String]?
    /// Inside a helper: its parameters given literals (parameter → the literal's text).
    var literalAliases: [String: String] = [:]
    /// How deep helpers are followed; a deeper one is a warning, as an unread product is.
    static let maximumHelperDepth = 4
    var labels = UniqueLabels()
    var consumed = Set<SyntaxIdentifier>()
    /// Arguments built in place (`useCases: .init(fetch: r.resolve(…)!)`), already a warning that
    /// says their resolves are the registration's: those resolves are not warned one by one.
    var builtInPlace = Set<SyntaxIdentifier>()
    var reading = ClosureReading()

    init(file: SwiftFile, declarations: TypeDeclarations, subject: String, options: Options = Options()) {
        self.file = file
        self.declarations = declarations
        self.subject = subject
        self.options = options
        self.argumentNames = options.argumentNames
    }

    /// What an expression gives a parameter or a local.
    indirect enum Value {
        case service(ResolveSite, isOptional: Bool)
        /// Resolved by the registering code before the `register` call and captured: an eager edge.
        case earlier(ResolveSite, isOptional: Bool, miss: EagerMiss)
        case lazy(ResolveSite)
        case argument(String)
        case construction(Construction)
        case literal(String)
        /// An array or dictionary literal holding resolves (`[r.resolve(A.self)!, r.resolve(B.self)!]`):
        /// a manifest passes one key per parameter, so each resolve is a dependency of its own.
        case collection(String, elements: [Value])
        case captured(String)
        /// The resolver itself, handed to the object (a service locator): what it resolves later is invisible.
        case resolver(String)
        /// Factory's container itself (`self` in a factory, `.shared`), handed to the object: what it
        /// resolves through a container it holds is read as that object's uses.
        case factoryContainer(String)
        /// One element of a runtime argument that is a tuple: a manifest passes arguments whole.
        case element(String, position: Int)
        /// A property or method of a resolved value (`self.persistence().container`, `store.context`):
        /// the resolve is a dependency, but no parameter takes the resolved value itself.
        case member(String, of: Value)
        case unknown(String)
    }

    struct Construction {
        var implementation: String?
        var factory: String?
        var arguments: [LabeledExprSyntax]
        /// For a value made by a method of a resolved object: that object.
        var madeBy: Value?
        var node: Syntax
        var castType: String?
    }

    // MARK: Entry points

    /// What the registering code did before the `register` call: locals it resolved (`let`,
    /// `guard let`, `if let` around the call) are eager when the factory or the value uses them.
    mutating func read(outer: [OuterStatement]) {
        for statement in outer {
            switch statement {
            case .statement(let item):
                if let variable = item.item.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let initial = binding.initializer?.value else {
                            continue
                        }
                        let value = self.value(of: initial, required: false)
                        if case .service(var site, let optional) = value {
                            let annotation = binding.typeAnnotation.map { DeclaredType($0.type) }
                            if site.isInferred, let annotation { site.infer(annotation) }
                            let isOptional = annotation?.isOptional ?? optional
                            locals[name] = .earlier(site, isOptional: isOptional, miss: miss(of: site, isOptional: isOptional))
                        } else if case .collection(let text, let elements) = value {
                            locals[name] = .collection(text, elements: elements.map(resolvedEarlier))
                        } else {
                            locals[name] = value
                        }
                    }
                } else if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                    bindEarlier(guardStatement.conditions, miss: .skipsRest)
                }
            case .ifConditions(let conditions):
                bindEarlier(conditions, miss: .givesNil)
            }
        }
    }

    /// A resolve the registering code made before the `register` call, as its eager edge.
    private func resolvedEarlier(_ value: Value) -> Value {
        guard case .service(let site, let optional) = value else { return value }
        return .earlier(site, isOptional: optional, miss: miss(of: site, isOptional: optional))
    }

    private mutating func bindEarlier(_ conditions: ConditionElementListSyntax, miss: EagerMiss) {
        for condition in conditions {
            guard case .optionalBinding(let binding) = condition.condition,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            else { continue }
            let initial = binding.initializer?.value ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))
            if case .service(var site, _) = value(of: initial, required: false) {
                // `guard let repository: Repository = locator.resolve() else { … }`: the binding's type is the key.
                if site.isInferred, let annotation = binding.typeAnnotation { site.infer(DeclaredType(annotation.type)) }
                locals[name] = .earlier(site, isOptional: false, miss: miss)
            }
        }
    }

    /// What a resolve that finds nothing does: the container's own declaration says (a throwing
    /// resolve leaves the registering code), else an optional gives nil and the rest stop.
    func miss(of site: ResolveSite, isOptional: Bool) -> EagerMiss {
        if site.onMiss == .skipsRest { return .skipsRest }
        if isOptional { return .givesNil }
        return .stops
    }

    /// A closure factory: `{ r, a in … }`, `{ @MainActor r in … }`, `{ Impl() }`.
    /// `argumentsOnly`: every parameter is a runtime argument (an app's wrapper hands the factory
    /// no resolver, only what the caller passes).
    mutating func read(closure: ClosureExprSyntax, takesResolver: Bool, argumentsOnly: Bool = false) {
        var parameters: [(name: String, type: String?)] = []
        if let clause = closure.signature?.parameterClause {
            switch clause {
            case .simpleInput(let list): parameters = list.map { ($0.name.text, nil) }
            case .parameterClause(let clause):
                parameters = clause.parameters.map { (($0.secondName ?? $0.firstName).text, $0.type?.trimmedDescription) }
            }
        }
        // `{ Impl(api: $0.resolve()) }`: the resolver is `$0`.
        if takesResolver, parameters.isEmpty { resolverName = "$0" }
        if takesResolver, let first = parameters.first {
            resolverName = first.name == "_" ? nil : first.name
        }
        if takesResolver || argumentsOnly {
            for parameter in parameters.dropFirst(takesResolver ? 1 : 0) {
                argumentNames.append(parameter.name)
                if let type = parameter.type { argumentTypes[parameter.name] = type }
            }
        }
        for attribute in closure.signature?.attributes ?? [] {
            if case .attribute(let attribute) = attribute {
                let name = attribute.attributeName.trimmedDescription
                if name != "Sendable", name != "escaping" { reading.isolation = name }
            }
        }
        readBody(closure.statements)
        reading.builtInline = Self.typesBuiltInline(in: closure, besides: reading.implementation, declarations: declarations)
        reading.staticMembersRun = Self.staticMembersRun(in: closure, declarations: declarations)
        typeArgumentsPassedToValuesBuiltInPlace(in: closure)
        accountForUnreadResolves(in: closure)
        if !argumentNames.isEmpty {
            let named = Set(argumentNames)
            reading.argumentsNamed = Set(
                closure.statements.tokens(viewMode: .sourceAccurate).lazy.compactMap { token in
                    switch token.tokenKind {
                    case .identifier(let name), .dollarIdentifier(let name): named.contains(name) ? name : nil
                    default: nil
                    }
                })
        }
    }

    /// The app's types a factory's closure builds besides its product, by their last name, each
    /// once: `Store(initialState: …) { LoginFeature() }` builds `LoginFeature` (lazily: inside a
    /// closure of its own), `Screen(model: Model(), …)` builds `Model`. A type no declaration in the
    /// given paths names (a library's) is left out: its code is not read.
    static func typesBuiltInline(
        in closure: ClosureExprSyntax, besides product: String?, declarations: TypeDeclarations
    ) -> [(type: String, isLazy: Bool)] {
        let productName = product.map { declarations.ownerName(of: $0) }
        var built: [(type: String, isLazy: Bool)] = []
        var position: [String: Int] = [:]
        for call in SwiftExpressions.calls(in: closure.statements) {
            guard let type = declarations.typeBuilt(by: call), type != productName else { continue }
            let isLazy = !SwiftExpressions.runsAtOnce(Syntax(call), within: closure, runsClosuresAtOnce: declarations.runsClosuresAtOnce)
            if let earlier = position[type] {
                built[earlier].isLazy = built[earlier].isLazy && isLazy
            } else {
                position[type] = built.count
                built.append((type, isLazy))
            }
        }
        return built
    }

    /// The app's static members a factory's closure runs, each once: `{ Favoriter.forProd }`, and
    /// `Screen(model: Model.make())`. Lazy when only run inside a closure of its own.
    static func staticMembersRun(in closure: ClosureExprSyntax, declarations: TypeDeclarations) -> [(type: String, member: String, isLazy: Bool)] {
        var run: [(type: String, member: String, isLazy: Bool)] = []
        var position: [String: Int] = [:]
        for access in SwiftExpressions.memberAccesses(in: closure.statements) {
            guard let (type, member) = declarations.staticMember(accessedBy: access) else { continue }
            let isLazy = !SwiftExpressions.runsAtOnce(Syntax(access), within: closure, runsClosuresAtOnce: declarations.runsClosuresAtOnce)
            let key = type + "." + member
            if let earlier = position[key] {
                run[earlier].isLazy = run[earlier].isLazy && isLazy
            } else {
                position[key] = run.count
                run.append((type, member, isLazy))
            }
        }
        return run
    }

    /// `{ r, direction in … Reactor(direction: direction, …) … }`: a runtime argument whose type the
    /// closure does not write takes the type of the declared parameter it is passed to, as Swift
    /// infers it, also where the value is built in place rather than returned.
    private mutating func typeArgumentsPassedToValuesBuiltInPlace(in closure: ClosureExprSyntax) {
        guard argumentNames.contains(where: { argumentTypes[$0] == nil }) else { return }
        for call in SwiftExpressions.calls(in: closure) {
            for argument in call.arguments {
                guard let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text, argumentNames.contains(name), argumentTypes[name] == nil,
                    let parameter = parameterReceiving(Syntax(argument.expression))
                else { continue }
                argumentTypes[name] = parameter.type
            }
        }
    }

    func parameterReceiving(_ node: Syntax) -> TypeDeclarations.Parameter? {
        ResolveSite.parameterReceiving(node, declarations: declarations, bindings: options.genericBindings, in: file)
    }

    /// An eager value: `register(T.self, instance: Impl(…))`; `earlier` holds the statements
    /// before the call in the same block, where a local it names may be declared.
    mutating func read(instance expression: ExprSyntax) {
        finish(product: expression)
        accountForUnreadResolves(in: expression)
    }

    /// `.initCompleted { r, instance in instance.delegate = r.resolve(D.self) }`.
    mutating func read(initCompleted closure: ClosureExprSyntax) {
        let names = SwiftExpressions.parameterNames(of: closure)
        let savedResolver = resolverName
        resolverName = names.first.flatMap { $0 == "_" ? nil : $0 }
        let instance = names.count > 1 ? names[1] : nil
        for item in closure.statements { readStatement(item, instance: instance) }
        accountForUnreadResolves(in: closure, asProperties: true)
        resolverName = savedResolver
    }

    // MARK: Bodies

    mutating func readBody(_ statements: CodeBlockItemListSyntax) {
        let items = Self.flattened(statements)
        for (position, item) in items.enumerated() {
            if let statement = item.item.as(ReturnStmtSyntax.self) {
                if let value = statement.expression { finish(product: value) }
                return
            }
            let isLast = position == items.count - 1
            if isLast, let expression = SwiftExpressions.expression(of: item), !isAssignment(expression) {
                finish(product: expression)
                return
            }
            readStatement(item, instance: nil)
        }
        if reading.implementation == nil, reading.aliasOf == nil, !reading.isSupplied, !reading.isMadeByObject {
            reading.isUnread = true
            warn("its factory returns nothing digraph can read; fill in its implementation and dependencies", at: Syntax(statements))
        }
    }

    /// A body's statements with each `#if` replaced by its clauses' statements: the clauses the
    /// build leaves out are empty by now (`SwiftFile.leavingOut`), so what is left is what runs
    /// (`#if STUB … #else MoyaProvider<API>() #endif`).
    static func flattened(_ statements: CodeBlockItemListSyntax) -> [CodeBlockItemSyntax] {
        statements.flatMap { item -> [CodeBlockItemSyntax] in
            // `do { return try Database(path:) } catch { fatalError("\(error)") }`: what the factory
            // gives is what its `do` gives, when every `catch` only stops the app.
            if let attempt = item.item.as(DoStmtSyntax.self), !attempt.catchClauses.isEmpty,
                attempt.catchClauses.allSatisfy({ clause in
                    clause.body.statements.last.flatMap(SwiftExpressions.expression(of:))?.as(FunctionCallExprSyntax.self).map(SwiftExpressions.isStop) == true
                })
            {
                return flattened(attempt.body.statements)
            }
            guard let config = item.item.as(IfConfigDeclSyntax.self) else { return [item] }
            return config.clauses.flatMap { clause -> [CodeBlockItemSyntax] in
                if case .statements(let inner) = clause.elements { return flattened(inner) }
                return []
            }
        }
    }

    /// `let x = …`, `guard let x = … else`, `if let x = … { … }`, `instance.property = …`.
    mutating func readStatement(_ item: CodeBlockItemSyntax, instance: String?) {
        if readDeclaration(item) { return }
        if let guardStatement = item.item.as(GuardStmtSyntax.self) {
            bind(guardStatement.conditions, required: true)
            return
        }
        guard let expression = SwiftExpressions.expression(of: item) else { return }
        if let body = isolatedBody(expression) {
            for inner in body.statements { readStatement(inner, instance: instance) }
            return
        }
        if let ifExpression = expression.as(IfExprSyntax.self) {
            bind(ifExpression.conditions, required: false)
            for inner in ifExpression.body.statements { readStatement(inner, instance: instance) }
            return
        }
        if let (target, value) = SwiftExpressions.assignment(expression), let member = target.as(MemberAccessExprSyntax.self),
            let base = member.base.map({ SwiftExpressions.unwrap($0).core }), let owner = base.as(DeclReferenceExprSyntax.self)?.baseName.text,
            owner == instance || isBuiltLocal(owner)
        {
            var builtType = reading.implementation
            if owner != instance, case .construction(let construction) = locals[owner] { builtType = construction.implementation }
            addProperty(member.declName.baseName.text, value: value, at: Syntax(member), of: builtType)
            return
        }
        // `vc.bindViewModel(to: r.resolve(ViewModel.self)!)`: method injection on the value built.
        if let call = expression.as(FunctionCallExprSyntax.self), let (method, receiver) = SwiftExpressions.callee(of: call),
            let owner = receiver.flatMap({ SwiftExpressions.unwrap($0).core.as(DeclReferenceExprSyntax.self)?.baseName.text }),
            owner == instance || isBuiltLocal(owner)
        {
            for argument in call.arguments {
                let value = self.value(of: argument.expression, required: false)
                guard value.isResolve else { continue }
                let first = reading.dependencies.count
                let listed = addResolves(of: [value])
                let called = "\(owner).\(method)(" + call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
                for item in reading.dependencies[first...] {
                    reading.notes.append("\(item.label): passed to `\(called)`, a method of the value built; say how generated code calls it")
                }
                finding(
                    .info,
                    "it passes the resolved value to `\(called)`, a method of the value it builds, which a manifest cannot call; the resolve is read as its dependency (\(listed.joined(separator: ", "))); gen-swift asks how to build it",
                    at: Syntax(argument))
            }
        }
    }

    /// Reads a `let`/`var` into the locals; true when the item was one.
    @discardableResult
    private mutating func readDeclaration(_ item: CodeBlockItemSyntax) -> Bool {
        guard let variable = item.item.as(VariableDeclSyntax.self) else { return false }
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let initial = binding.initializer?.value else { continue }
            var value = self.value(of: initial, required: false)
            if case .service(var site, _) = value, let annotation = binding.typeAnnotation.map({ DeclaredType($0.type) }) {
                // `let settings: Settings = r.resolve()`: the annotation is the type Swift infers.
                if site.isInferred { site.infer(annotation) }
                value = .service(site, isOptional: annotation.isOptional)
            }
            locals[name] = value
        }
        return true
    }

    private mutating func bind(_ conditions: ConditionElementListSyntax, required: Bool) {
        for condition in conditions {
            guard case .optionalBinding(let binding) = condition.condition,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            else { continue }
            let initial = binding.initializer?.value ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))
            var value = self.value(of: initial, required: required)
            if case .service(var site, _) = value {
                if site.isInferred, let annotation = binding.typeAnnotation { site.infer(DeclaredType(annotation.type)) }
                value = .service(site, isOptional: !required)
            }
            locals[name] = value
        }
    }

    /// `MainActor.assumeIsolated { … }`: the body runs on that actor, and is read as the factory's own.
    mutating func isolatedBody(_ expression: ExprSyntax) -> ClosureExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self), let (name, receiver) = SwiftExpressions.callee(of: call),
            name == "assumeIsolated", let actor = receiver?.trimmedDescription,
            let body = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self)
        else { return nil }
        reading.isolation = actor
        return body
    }

    /// A helper's body as the factory runs it: its file, the name its resolver has there, and which
    /// of its parameters receive the factory's runtime arguments (parameter → argument).
    struct HelperBody {
        var statements: CodeBlockItemListSyntax
        var file: SwiftFile
        var resolver: String?
        var arguments: [String: String] = [:]
        /// Parameters given a literal (`style: .dark`): that literal there.
        var literals: [String: String] = [:]
    }

    /// `{ self.makeRepo() }`: a method of the same type (a Factory container's, an assembly's)
    /// taking nothing, or `{ r in makeReporter(r) }` / `{ r, id in Self.makeFeed(r, id: id, style: .x) }`:
    /// a free function or a method of the same type handed the resolver (and anything else). Its
    /// body is what the factory runs, read in its own file, with the parameter that receives the
    /// resolver as the resolver and those that receive runtime arguments as those arguments; a
    /// Factory container's own method needs no resolver handed (it resolves through `self`). A
    /// parameter given a plain value (`url: Constants.defaultURL`) is that value there; any other
    /// is a value from outside the container there. Only the enclosing type's own
    /// method or a free function, and only when exactly one is declared (the same file's first),
    /// so that a same-named function elsewhere is never taken for it.
    func helperBody(_ expression: ExprSyntax) -> HelperBody? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let (name, receiver) = SwiftExpressions.callee(of: call)
        else { return nil }
        let owner = SwiftExpressions.enclosingTypeName(of: Syntax(call))
        let onSelf = receiver == nil || ["self", "Self"].contains(receiver?.trimmedDescription ?? "") || receiver?.trimmedDescription == owner
        guard onSelf else { return nil }
        if call.arguments.isEmpty {
            guard let owner else { return nil }
            let method = file.tree.statements.lazy.compactMap { item -> FunctionDeclSyntax? in
                guard let group = item.item.asProtocol(DeclGroupSyntax.self), SwiftExpressions.typeName(declaredBy: group) == owner else { return nil }
                return group.memberBlock.members.lazy.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.first {
                    $0.name.text == name && $0.signature.parameterClause.parameters.isEmpty && $0.body != nil
                }
            }.first
            if let body = method?.body { return HelperBody(statements: body.statements, file: file, resolver: resolverName) }
            guard let helper = declarations.helper(of: owner, named: name, parameters: 0), let body = helper.node.body else { return nil }
            return HelperBody(statements: body.statements, file: helper.file, resolver: resolverName)
        }
        // Handed the resolver once: the helper resolves through that parameter. A Factory
        // container's own method (`self.makeClient(url: u)`) resolves through `self`, as the factory does.
        let passed = call.arguments.map { $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text }
        let handedResolver = resolverName.flatMap { name in passed.filter { $0 == name }.count == 1 ? passed.firstIndex(of: name) : nil }
        guard handedResolver != nil || (options.factoryContainer != nil && owner == options.factoryContainer),
            let helper = owner.flatMap({ declarations.helper(of: $0, named: name, parameters: call.arguments.count) })
                ?? (receiver == nil && handedResolver != nil ? declarations.helper(of: nil, named: name, parameters: call.arguments.count) : nil),
            let body = helper.node.body
        else { return nil }
        let parameters = helper.node.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }
        // The labels must be the declaration's: a call Swift would not match is not this helper.
        let labels = helper.node.signature.parameterClause.parameters.map { $0.firstName.text == "_" ? nil : $0.firstName.text }
        guard labels == call.arguments.map({ $0.label?.text }) else { return nil }
        var read = HelperBody(statements: body.statements, file: helper.file, resolver: handedResolver.map { parameters[$0] })
        for (parameter, argument) in zip(parameters, call.arguments) {
            if let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text, let given = argumentName(name) {
                read.arguments[parameter] = given
                continue
            }
            switch value(of: argument.expression, required: false) {
            case .literal(let text): read.literals[parameter] = text
            // `url: Constants.defaultURL`: a value with nothing of the container inside, said as it would be at the call.
            case .construction(let inner) where resolveSites(in: inner.node).isEmpty && (inner.factory == nil || inner.node.is(MemberAccessExprSyntax.self)):
                read.literals[parameter] = inner.node.trimmedDescription
            default: break
            }
        }
        return read
    }

    /// The runtime argument a name stands for here: the factory's own, or a helper's parameter given one.
    func argumentName(_ name: String) -> String? {
        guard let argumentAliases else { return argumentNames.contains(name) ? name : nil }
        return argumentAliases[name]
    }

    /// `Impl(…).then { $0.reactor = r.resolve() }` (the Then library): the closure runs at once on
    /// the value just built, so its assignments are the value's properties. Only on a construction:
    /// a promise's `then` runs later, on something else.
    func configuredConstruction(_ expression: ExprSyntax) -> (built: ExprSyntax, configure: ClosureExprSyntax, instance: String)? {
        guard let call = expression.as(FunctionCallExprSyntax.self), let (name, receiver) = SwiftExpressions.callee(of: call), name == "then",
            let receiver, call.arguments.isEmpty || call.trailingClosure == nil,
            let closure = call.trailingClosure ?? (call.arguments.count == 1 ? call.arguments.first?.expression.as(ClosureExprSyntax.self) : nil),
            case .construction = value(of: receiver, required: false)
        else { return nil }
        switch closure.signature?.parameterClause {
        case nil: return (receiver, closure, "$0")
        case .simpleInput(let list) where list.count == 1: return (receiver, closure, list.first!.name.text)
        case .parameterClause(let clause) where clause.parameters.count == 1:
            let parameter = clause.parameters.first!
            return (receiver, closure, (parameter.secondName ?? parameter.firstName).text)
        default: return nil
        }
    }

    private func isBuiltLocal(_ name: String) -> Bool {
        if case .construction = locals[name] { return true }
        return false
    }

    private func isAssignment(_ expression: ExprSyntax) -> Bool { SwiftExpressions.assignment(expression) != nil }

    // MARK: Every resolve ends up somewhere

    func resolveSites(in node: some SyntaxProtocol) -> [ResolveSite] {
        let sites =
            SwiftExpressions.calls(in: node).compactMap {
                declarations.factories.site(ofCall: $0, inside: options.factoryContainer)
                    ?? ResolveSite.ofCall($0, api: options.api, constants: declarations.constants, helpers: declarations.resolveHelpers)
            }
            + SwiftExpressions.arrowResolves(in: node).compactMap { ResolveSite.ofArrow($0, constants: declarations.constants) }
        return sites.map(bindingGenerics)
    }

    /// `resolve(M.self)` inside a wrapper's own factory resolves this call's type for `M`.
    func bindingGenerics(_ site: ResolveSite) -> ResolveSite {
        guard let type = site.type, let bound = options.genericBindings[type] else { return site }
        var site = site
        site.type = bound
        return site
    }

    /// Resolves the reading did not place (inside a helper call, a built-in-place argument, a
    /// statement it does not follow) still become edges, with a warning that says so.
    private mutating func accountForUnreadResolves(in node: some SyntaxProtocol, asProperties: Bool = false) {
        let sites = resolveSites(in: node)
        for var site in sites where !consumed.contains(site.node.id) {
            consumed.insert(site.node.id)
            var isOptional = false
            if site.isInferred, let written = ResolveSite.typeWrittenBeside(ResolveSite.outermost(site.node), orAnnotation: true) {
                site.infer(DeclaredType(written))
            } else if site.isInferred, let parameter = parameterReceiving(ResolveSite.outermost(site.node)) {
                // Passed to a value built in place: the parameter's type, optional only when it is.
                let declared = DeclaredType(parameter.type)
                site.infer(declared)
                isOptional = declared.isOptional
            }
            guard let type = site.type else {
                warn("it resolves something digraph cannot read: \(site.problem ?? "")", at: site.node)
                continue
            }
            let isLazy = site.node.ancestorOrSelf(where: { declarations.isDeferredClosure($0) && $0.id != Syntax(node).id }) != nil
            // No parameter is known to take it: a placeholder label, never an invented one, so that
            // gen-swift asks for the real label instead of writing a call that does not compile.
            let label =
                asProperties ? SwiftExpressions.parameterName(for: type) : ManifestAssembler.placeholder + "_" + SwiftExpressions.parameterName(for: type)
            // Its runtime arguments are read as a placed resolve's: dropping them made a false `argument-mismatch`.
            guard
                let item = serviceItem(
                    label: label, site: site, isLazy: isLazy, isOptional: isOptional, at: file.location(of: site.node), isProperty: asProperties)
            else { continue }
            if asProperties {
                reading.properties.append(item)
            } else {
                reading.dependencies.append(item)
                // An unread product, or an argument built in place, is already a warning that asks for
                // its dependencies: one is enough.
                let inBuiltArgument = site.node.ancestorOrSelf { builtInPlace.contains($0.id) } != nil
                if !reading.isUnread, !inBuiltArgument {
                    if let target = siblingPropertyFed(by: site.node) {
                        // VIPER's `interactor.presenter = presenter`: wiring between two resolved values, read in full.
                        finding(
                            .info,
                            "it resolves '\(type)' and sets it on `\(target)`, a property of another value it resolves: read as its dependency '\(item.label)'; gen-swift asks how to wire it",
                            at: site.node)
                    } else {
                        warn(
                            "it resolves '\(type)' where digraph cannot tell which parameter it feeds; it is listed as '\(item.label)': rename it to the initializer's label (gen-swift refuses it until then)",
                            at: site.node)
                    }
                }
                reading.notes.append("\(item.label): resolved in the factory, but which parameter takes it is not known; rename it to the initializer's label")
            }
        }
    }

    /// `var presenter = r.resolve(P.self)!` whose only use is `interactor.presenter = presenter`, with
    /// `interactor` another local the factory resolves: the member it is set on (`interactor.presenter`).
    /// Read in the closure around the resolve.
    func siblingPropertyFed(by resolve: Syntax) -> String? {
        guard let body = resolve.ancestorOrSelf(mapping: { $0.as(ClosureExprSyntax.self) }).map(Syntax.init),
            let binding = ResolveSite.outermost(resolve).parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let local = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return nil }
        // The locals bound to a resolve in this body.
        var resolved = Set<String>()
        for variable in body.tokens(viewMode: .sourceAccurate).compactMap({ $0.parent?.as(VariableDeclSyntax.self) }) {
            for other in variable.bindings {
                guard let name = other.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = other.initializer?.value,
                    !resolveSites(in: value).isEmpty
                else { continue }
                resolved.insert(name)
            }
        }
        let assignments = SwiftExpressions.assignments(in: body)
        // Set on another resolved value's member (`interactor.presenter = presenter`).
        let fed = assignments.filter { assignment in
            guard assignment.value.as(DeclReferenceExprSyntax.self)?.baseName.text == local, let access = assignment.target.as(MemberAccessExprSyntax.self),
                let owner = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
            else { return false }
            return owner != local && resolved.contains(owner)
        }
        guard let first = fed.first?.target else { return nil }
        // Every other use wires the value itself (`presenter.view = view`): none hands it to the built value.
        let fedValues = Set(fed.map(\.value.id))
        let ownMembersSet = Set(assignments.compactMap { $0.target.as(MemberAccessExprSyntax.self)?.base?.id })
        let uses = SwiftExpressions.references(in: body).filter { $0.baseName.text == local }
        guard uses.allSatisfy({ fedValues.contains(ExprSyntax($0).id) || ownMembersSet.contains(ExprSyntax($0).id) }) else { return nil }
        return first.trimmedDescription
    }

    // MARK: Findings

    mutating func warn(_ message: String, at node: Syntax) {
        finding(.warning, message, at: node)
    }

    mutating func finding(_ severity: Severity, _ message: String, at node: Syntax) {
        reading.findings.append(Diagnostic(.swiftImport, severity, "'\(subject)': \(message)", at: file.location(of: node)))
    }
}
