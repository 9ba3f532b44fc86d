import DigraphCore
import SwiftSyntax

/// Walks one file for `register`/`autoregister` calls (any receiver, any container type) and for
/// `resolve` calls outside every registration (app code resolving directly).
final class RegistrationFinder: SyntaxVisitor {
    /// One registration as read from Swift, before its types are parsed.
    struct Found {
        var keys: [(type: String, location: DigraphCore.SourceLocation)]
        var name: String?
        var lifetime: Lifetime
        var reading: ClosureReading
        var argumentNames: [String]
        var argumentTypes: [String: String]
        var location: DigraphCore.SourceLocation
        var module: String?
        /// Built when registered (a value, or a factory the container calls at once).
        var isEager = false
        /// Resolves of the registering code this registration captured: eager edges, not app resolves.
        var eagerResolves: [DigraphCore.SourceLocation] = []
    }

    struct AppResolve {
        var type: String?
        var castType: String?
        var name: String?
        var location: DigraphCore.SourceLocation
        /// The runtime arguments the call passes: each one's type where the source says it.
        var arguments: [String?] = []
        /// The global actor the resolving code runs on, when it is isolated.
        var isolation: String?
        /// A Factory parameter: the compiler has checked what is passed.
        var compilerChecksArguments = false
    }

    let file: SwiftFile
    let declarations: TypeDeclarations
    let api: ContainerAPI
    /// The app's own methods around Swinject's `register`.
    var wrappers = SwinjectWrappers()
    private(set) var found: [Found] = []
    /// Calls read by their shape because no declaration says what the method does: signature → first call.
    private(set) var assumed: [(signature: String, location: DigraphCore.SourceLocation, meaning: String)] = []
    /// Calls that look like registrations of a method nothing declares or states: not read.
    private(set) var unknown: [(signature: String, location: DigraphCore.SourceLocation)] = []
    private(set) var resolves: [AppResolve] = []
    private(set) var findings: [Diagnostic] = []
    /// Closures of modifiers (`.initCompleted { … }`) already read with their registration.
    private var handled = Set<SyntaxIdentifier>()
    /// The default object scope of each container variable, by the block that declares it.
    private var defaultScopes: [SyntaxIdentifier: [String: Lifetime]] = [:]

    init(file: SwiftFile, declarations: TypeDeclarations, api: ContainerAPI = ContainerAPI()) {
        self.file = file
        self.declarations = declarations
        self.api = api
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        handled.contains(node.id) ? .skipChildren : .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let registration = registration(node) {
            found.append(registration)
            return .skipChildren
        }
        unknownRegistration(node)
        // A Factory factory's use is read with the type that holds it (FactoryContainerReader).
        if !declarations.factories.isEmpty,
            declarations.factories.resolving(node, inside: FactoryContainerReader.enclosingContainer(of: Syntax(node), declarations.factories)) != nil
        {
            return .visitChildren
        }
        if let site = ResolveSite.ofCall(
            node, api: file.importsSwinject ? ContainerAPI() : api, constants: declarations.constants,
            helpers: declarations.resolveHelpers)
        {
            appResolve(site)
        }
        return .visitChildren
    }

    // MARK: Registrations

    private static let instanceLabels: Set<String> = ["instance", "dependency", "component", "value", "object", "service"]

    private func registration(_ call: FunctionCallExprSyntax) -> Found? {
        if let (wrapper, bound) = wrappers.wrapper(for: call, inSwinjectFile: file.importsSwinject) {
            return wrapped(call, wrapper, bound)
        }
        if !file.importsSwinject, let method = api.method(for: call), case .register(let lifetime, let isEager) = method.role {
            return handRolled(call, method: method, lifetime: lifetime, isEager: isEager)
        }
        guard let (callee, _) = SwiftExpressions.callee(of: call), callee == "register" || callee == "autoregister" else { return nil }
        let arguments = Array(call.arguments)
        var keys: [(type: String, location: DigraphCore.SourceLocation)] = []
        var name: String?
        var instance: ExprSyntax?
        var closure = call.trailingClosure
        var initializer: ExprSyntax?
        var autoArguments: [String] = []
        var passingTypes = false
        var pending: [(String, Syntax)] = []

        for (position, argument) in arguments.enumerated() {
            let label = argument.label?.text
            switch label {
            case nil where position == 0, "type"?:
                guard let (type, node) = SwiftExpressions.metatype(argument.expression) else { return nil }
                keys.append((type, file.location(of: node)))
            case "name"?, "instanceName"?:
                if let text = declarations.constants.value(of: argument.expression) {
                    name = text
                } else {
                    pending.append(
                        (
                            "its name `\(argument.expression.trimmedDescription.prefix(60))` is not a string literal or a constant declared in the given paths; the registration is imported without a name",
                            Syntax(argument)
                        ))
                }
            case "factory"?:
                if let literal = argument.expression.as(ClosureExprSyntax.self) { closure = literal } else { instance = argument.expression }
            case "initializer"?:
                initializer = argument.expression
            case "argument"?, "arguments"?:
                passingTypes = true
                if let (type, _) = SwiftExpressions.metatype(argument.expression) { autoArguments.append(type) }
            case nil where passingTypes:
                if let (type, _) = SwiftExpressions.metatype(argument.expression) { autoArguments.append(type) }
            case let label? where Self.instanceLabels.contains(label):
                if let literal = argument.expression.as(ClosureExprSyntax.self) { closure = literal } else { instance = argument.expression }
            case nil:
                if let literal = argument.expression.as(ClosureExprSyntax.self) { closure = literal }
            default:
                break
            }
        }
        // `register(instance: x, instanceName: "n")`: a string-named registry; the key is the value's type.
        let isNamedRegistry = keys.isEmpty && instance != nil && name != nil
        guard !keys.isEmpty || isNamedRegistry else { return nil }
        guard keys.isEmpty || keys.count == 1 else { return nil }

        let subject = Registration.displayName(key: keys.first?.0 ?? name ?? "?", name: keys.isEmpty ? nil : name)
        let eager = ClosureReader.Options(buildsWhenRegistered: callee != "autoregister" && closure == nil && instance != nil)
        var reader = ClosureReader(file: file, declarations: declarations, subject: subject, options: eager)
        var lifetime: Lifetime
        if callee == "autoregister" {
            lifetime = .graph
            if let initializer {
                reader.read(autoregister: initializer, argumentTypes: autoArguments, key: keys.first?.type)
            } else if let closure {
                reader.read(closure: closure, isSwinject: true)
            }
        } else if let closure {
            // Swinject's factories take the resolver (`{ r in … }`, or `$0` in a file importing
            // Swinject); a hand-rolled container's closure takes nothing.
            let isSwinject = closure.signature?.parameterClause != nil || file.importsSwinject
            lifetime = isSwinject ? defaultLifetime(of: SwiftExpressions.callee(of: call)?.receiver, at: Syntax(call)) : .transient
            reader.read(outer: outerStatements(before: call))
            reader.read(closure: closure, isSwinject: isSwinject)
            if !file.importsSwinject, callee == "register" {
                assume(
                    call,
                    isSwinject
                        ? "Swinject's register: the closure's parameter is the resolver, lifetime graph" : "a factory called on every resolve (transient)")
            }
        } else if let instance {
            lifetime = .singleton
            reader.read(outer: outerStatements(before: call))
            reader.read(instance: instance)
            if !file.importsSwinject { assume(call, "stores the value it is given (eager, one value for the container's life)") }
        } else {
            return nil
        }
        var reading = reader.reading
        if isNamedRegistry {
            guard let implementation = reading.implementation else {
                findings.append(
                    Diagnostic(
                        .swiftImport, .warning,
                        "'\(name!)': the type of the value registered under this name is not a constructor call digraph can read; register it with its type to import it",
                        at: file.location(of: call)))
                return nil
            }
            keys.append((implementation, file.location(of: call)))
        }
        for (message, node) in pending {
            reading.findings.append(Diagnostic(.swiftImport, .warning, "'\(subject)': \(message)", at: file.location(of: node)))
        }

        applyModifiers(of: call, lifetime: &lifetime, reading: &reading, keys: &keys, argumentNames: reader.argumentNames, subject: subject)
        return Found(
            keys: keys, name: isNamedRegistry || keys.isEmpty ? name : name, lifetime: lifetime, reading: reading,
            argumentNames: reader.argumentNames, argumentTypes: reader.argumentTypes,
            location: file.location(of: call), module: file.module, isEager: instance != nil && closure == nil,
            eagerResolves: eagerResolves(reading))
    }

    /// Swinject's object scopes: `.container`, `ObjectScope.graph`, ….
    static func lifetime(ofScope expression: ExprSyntax) -> Lifetime? {
        switch expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
        case "container"?: .singleton
        case "graph"?: .graph
        case "transient"?: .transient
        case "weak"?: .weak
        default: nil
        }
    }

    /// What a Swinject registration without `inObjectScope` gets: the container's
    /// `defaultObjectScope` where the variable it is made on is declared with one
    /// (`let container = Container(defaultObjectScope: .container)`, a local before the call or a
    /// property of the enclosing type), else graph. Each block is read once, whatever the
    /// number of registrations in it.
    private func defaultLifetime(of receiver: ExprSyntax?, at node: Syntax) -> Lifetime {
        guard let name = receiver?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return .graph }
        var current: Syntax? = node
        while let scope = current {
            if scope.is(CodeBlockItemListSyntax.self) || scope.is(MemberBlockItemListSyntax.self) {
                if defaultScopes[scope.id] == nil { defaultScopes[scope.id] = Self.containerScopes(declaredIn: scope) }
                if let lifetime = defaultScopes[scope.id]?[name] { return lifetime }
            }
            current = scope.parent
        }
        return .graph
    }

    private static func containerScopes(declaredIn block: Syntax) -> [String: Lifetime] {
        let variables =
            block.as(CodeBlockItemListSyntax.self)?.compactMap { $0.item.as(VariableDeclSyntax.self) }
            ?? block.as(MemberBlockItemListSyntax.self)?.compactMap { $0.decl.as(VariableDeclSyntax.self) } ?? []
        var scopes: [String: Lifetime] = [:]
        for binding in variables.flatMap(\.bindings) {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let made = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                made.calledExpression.trimmedDescription.hasSuffix("Container")
            else { continue }
            scopes[name] = made.arguments.first { $0.label?.text == "defaultObjectScope" }.flatMap { lifetime(ofScope: $0.expression) } ?? .graph
        }
        return scopes
    }

    /// Modifiers chained on a registration: scope, initCompleted, implements.
    private func applyModifiers(
        of call: FunctionCallExprSyntax, lifetime: inout Lifetime, reading: inout ClosureReading,
        keys: inout [(type: String, location: DigraphCore.SourceLocation)], argumentNames: [String], subject: String
    ) {
        for (modifier, outer) in SwiftExpressions.chained(after: call) {
            switch modifier {
            case "inObjectScope":
                if let scope = outer.arguments.first.flatMap({ Self.lifetime(ofScope: $0.expression) }) {
                    lifetime = scope
                } else {
                    reading.findings.append(
                        Diagnostic(
                            .swiftImport, .warning,
                            "'\(subject)': the object scope `\(outer.arguments.trimmedDescription.prefix(60))` is not one of Swinject's (container, graph, transient, weak); it is imported as \(lifetime.rawValue), check it",
                            at: file.location(of: outer)))
                }
            case "initCompleted":
                if let completion = outer.trailingClosure ?? outer.arguments.first?.expression.as(ClosureExprSyntax.self) {
                    handled.insert(completion.id)
                    var completionReader = ClosureReader(
                        file: file, declarations: declarations, subject: subject, options: .init(argumentNames: argumentNames))
                    completionReader.read(initCompleted: completion)
                    reading.properties += completionReader.reading.properties
                    reading.findings += completionReader.reading.findings
                }
            case "implements":
                for argument in outer.arguments {
                    if let (type, node) = SwiftExpressions.metatype(argument.expression) { keys.append((type, file.location(of: node))) }
                }
            default:
                break
            }
        }
    }

    /// A call of one of the app's own wrappers around Swinject's `register`.
    private func wrapped(_ call: FunctionCallExprSyntax, _ wrapper: SwinjectWrappers.Wrapper, _ bound: [Int: ExprSyntax]) -> Found? {
        guard let keyed = bound[wrapper.key], let (type, node) = SwiftExpressions.metatype(keyed),
            !isGenericParameter(type, at: Syntax(call))
        else { return nil }
        let name = wrapper.qualifier.flatMap { bound[$0] }.flatMap(declarations.constants.value(of:))
        let subject = Registration.displayName(key: type, name: name)
        if let template = wrapper.template {
            // The wrapper's own factory, with its generic parameter as this call's type. A closure
            // the call passes (a callback) runs after it; what it resolves is not read.
            var bindings = [template.keyGeneric: type]
            // `S: Screen<M>` with `Feed: Screen<FeedModel>`: M is FeedModel.
            if let constraint = template.keyConstraint, let given = declarations.superclassArguments(of: type, named: constraint.name) {
                for (name, argument) in zip(constraint.arguments, given) where bindings[name] == nil { bindings[name] = argument }
            }
            var reader = ClosureReader(file: template.file, declarations: declarations, subject: subject, options: .init(genericBindings: bindings))
            reader.read(closure: template.closure, isSwinject: true)
            for (position, argument) in bound where position != wrapper.key {
                if let resolve = SwiftExpressions.calls(in: argument).first(where: {
                    ResolveSite.ofCall($0, constants: declarations.constants, helpers: declarations.resolveHelpers) != nil
                }) {
                    findings.append(
                        Diagnostic(
                            .swiftImport, .warning,
                            "'\(subject)': this closure, passed to `\(wrapper.name)`, resolves here; digraph reads the factory `\(wrapper.name)` writes (\(wrapper.location.fileNameAndLine)), not this closure: add what it resolves to the manifest by hand",
                            at: file.location(of: resolve)))
                }
            }
            return found(call, wrapper, bound, reading: reader.reading, reader: reader, type: type, node: Syntax(node), name: name, subject: subject)
        }
        var reader = ClosureReader(file: file, declarations: declarations, subject: subject)
        reader.read(outer: outerStatements(before: call))
        guard let closure = wrapper.factory.flatMap({ bound[$0] }).flatMap({ SwiftExpressions.unwrap($0).core.as(ClosureExprSyntax.self) }) else {
            findings.append(
                Diagnostic(
                    .swiftImport, .warning,
                    "'\(subject)': its factory, passed to `\(wrapper.name)`, is not a closure digraph can read; the registration is imported without its implementation",
                    at: file.location(of: call)))
            return nil
        }
        reader.read(closure: closure, isSwinject: true)
        return found(call, wrapper, bound, reading: reader.reading, reader: reader, type: type, node: Syntax(node), name: name, subject: subject)
    }

    private func found(
        _ call: FunctionCallExprSyntax, _ wrapper: SwinjectWrappers.Wrapper, _ bound: [Int: ExprSyntax], reading: ClosureReading,
        reader: ClosureReader, type: String, node: Syntax, name: String?, subject: String
    ) -> Found {
        var reading = reading
        if reading.isolation == nil { reading.isolation = wrapper.isolation }
        reading.notes.append("registered through \(wrapper.name) (\(wrapper.location.fileNameAndLine))")
        let container = wrapper.receiver.map { bound[$0] } ?? SwiftExpressions.callee(of: call)?.receiver
        var lifetime: Lifetime
        switch wrapper.scope {
        case .fixed(let fixed)?: lifetime = fixed
        case .parameter(let position, let defaultScope)?:
            lifetime = bound[position].flatMap(Self.lifetime(ofScope:)) ?? defaultScope ?? defaultLifetime(of: container, at: Syntax(call))
        case nil: lifetime = defaultLifetime(of: container, at: Syntax(call))
        }
        var keys = [(type: type, location: file.location(of: node))]
        applyModifiers(of: call, lifetime: &lifetime, reading: &reading, keys: &keys, argumentNames: reader.argumentNames, subject: subject)
        return Found(
            keys: keys, name: name, lifetime: lifetime, reading: reading, argumentNames: reader.argumentNames,
            argumentTypes: reader.argumentTypes, location: file.location(of: call), module: file.module,
            eagerResolves: eagerResolves(reading))
    }

    /// A call of a hand-rolled container's registering method, read as its declaration says.
    private func handRolled(_ call: FunctionCallExprSyntax, method: ContainerAPI.Method, lifetime: Lifetime, isEager: Bool) -> Found? {
        guard let bound = ContainerAPI.bind(call, to: method), let keyed = bound[method.key],
            let (type, node) = SwiftExpressions.metatype(keyed)
        else { return nil }
        // `register(type: FactoryType.self) { … }` inside the container's own forwarding method is plumbing.
        if isGenericParameter(type, at: Syntax(call)) { return nil }
        var name: String?
        var pending: [(String, Syntax)] = []
        if let qualifier = method.qualifier, let named = bound[qualifier], !named.is(NilLiteralExprSyntax.self) {
            if let text = declarations.constants.value(of: named) {
                name = text
            } else {
                pending.append(
                    (
                        "its name `\(named.trimmedDescription.prefix(60))` is not a string literal or a constant declared in the given paths; the registration is imported without a name",
                        Syntax(named)
                    ))
            }
        }
        let subject = Registration.displayName(key: type, name: name)
        let options = ClosureReader.Options(api: api, buildsWhenRegistered: isEager, resolveReturnsOptional: false)
        var reader = ClosureReader(file: file, declarations: declarations, subject: subject, options: options)
        reader.read(outer: outerStatements(before: call))
        let value = method.value.flatMap { bound[$0] }
        if let closure = value.flatMap({ SwiftExpressions.unwrap($0).core.as(ClosureExprSyntax.self) }) {
            reader.read(closure: closure, isSwinject: method.factoryTakesResolver)
        } else if let value {
            reader.read(instance: value)
        }
        var reading = reader.reading
        if let implementation = method.implementation.flatMap({ bound[$0] }).flatMap(SwiftExpressions.metatype) {
            // `registerFactory(P.self, Impl.self)`: the container builds `Impl`, handing it the resolver.
            reading.implementation = implementation.type
            // One lazy edge per key, however often the object resolves it.
            var seen = Set<String>()
            var labels = UniqueLabels()
            for use in api.resolvesInside[implementation.type] ?? [] where seen.insert("\(use.type)|\(use.name ?? "")").inserted {
                reading.dependencies.append(
                    .init(
                        label: labels.unique(SwiftExpressions.parameterName(for: use.type), among: reading.dependencies),
                        source: .service(type: use.type, name: use.name, isLazy: true, isOptional: false, passing: []),
                        location: use.location))
            }
            if declarations.declaration(of: implementation.type) == nil {
                reading.findings.append(
                    Diagnostic(
                        .swiftImport, .warning,
                        "'\(subject)': '\(implementation.type)' is built and handed the container, but it is not declared in the given paths, so what it resolves later is unknown; give the file that declares it",
                        at: file.location(of: call)))
            } else if !(api.resolvesInside[implementation.type]?.isEmpty ?? true) {
                reading.notes.append("the resolves inside '\(implementation.type)', which is handed the container, are lazy dependencies")
            }
        }
        for (message, node) in pending {
            reading.findings.append(Diagnostic(.swiftImport, .warning, "'\(subject)': \(message)", at: file.location(of: node)))
        }
        reading.notes.append("\(method.signature) \(method.reason) (\(method.location.fileNameAndLine))")
        return Found(
            keys: [(type, file.location(of: node))], name: name, lifetime: lifetime, reading: reading,
            argumentNames: reader.argumentNames, argumentTypes: reader.argumentTypes,
            location: file.location(of: call), module: file.module, isEager: isEager,
            eagerResolves: eagerResolves(reading))
    }

    private func eagerResolves(_ reading: ClosureReading) -> [DigraphCore.SourceLocation] {
        (reading.dependencies + reading.properties).filter { $0.eager != nil }.map(\.location)
    }

    /// `provide(X.self) { … }`, `bindSingleton(X.self, …)`: a registering name and a type, but no
    /// declaration says what it does. Not read, and said once per method.
    private func unknownRegistration(_ call: FunctionCallExprSyntax) {
        guard !file.importsSwinject, let (name, _) = SwiftExpressions.callee(of: call),
            name.hasPrefix("provide") || name.hasPrefix("bind"), api.method(for: call) == nil, !api.declares(call),
            let first = call.arguments.first, SwiftExpressions.metatype(first.expression) != nil,
            call.trailingClosure != nil || call.arguments.count > 1
        else { return }
        unknown.append((Self.signature(of: call, named: name), file.location(of: call)))
    }

    /// Says once per method that a call was read by its shape, not by a declaration.
    private func assume(_ call: FunctionCallExprSyntax, _ meaning: String) {
        // Declared but taking no type (`register(instance:instanceName:)`, a name-keyed registry): its shape is its meaning.
        guard let (name, _) = SwiftExpressions.callee(of: call), !api.declares(call) else { return }
        assumed.append((Self.signature(of: call, named: name), file.location(of: call), meaning))
    }

    /// How a call names the method it uses: `register(_:instance:)`, a trailing closure as `_:`.
    private static func signature(of call: FunctionCallExprSyntax, named name: String) -> String {
        "\(name)(\(call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined())\(call.trailingClosure == nil ? "" : "_:"))"
    }

    /// What the registering code did before the call, outermost first: the statements before it in
    /// each enclosing block up to its function, and the conditions of each `if` it is inside.
    private func outerStatements(before call: FunctionCallExprSyntax) -> [OuterStatement] {
        var levels: [[OuterStatement]] = []
        var node = Syntax(call)
        while let parent = node.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(AccessorDeclSyntax.self) { break }
            if let item = node.as(CodeBlockItemSyntax.self), let list = parent.as(CodeBlockItemListSyntax.self) {
                levels.append(list.prefix { $0.id != item.id }.map { .statement($0) })
            }
            if let branch = parent.as(IfExprSyntax.self), branch.body.id == node.id {
                levels.append([.ifConditions(branch.conditions)])
            }
            node = parent
        }
        return levels.reversed().flatMap { $0 }
    }

    // MARK: Direct resolves

    private func appResolve(_ site: ResolveSite) {
        let node = ResolveSite.outermost(site.node)
        var castType = ResolveSite.typeWrittenBeside(node, orAnnotation: site.type == nil)
        if site.type == nil, castType == nil, site.name == nil {
            castType = typeWhereUsed(node)
        }
        if let type = site.type, isGenericParameter(type, at: site.node) || type.first?.isLowercase == true { return }
        // Inside a wrapper's own factory: read for each call of the wrapper, never as the app's.
        if wrappers.isTemplate(site.node) { return }
        // `resolve(type: type) as AnyObject?`: the key is a metatype value (plumbing); the cast says nothing of it.
        if site.type == nil, site.name == nil, site.problem != nil, !site.isInferred { return }
        guard site.type != nil || castType != nil || site.name != nil else {
            if site.isInferred {
                findings.append(
                    Diagnostic(
                        .swiftImport, .warning,
                        "this resolve names no type (`\(site.node.trimmedDescription.prefix(60))`) and digraph cannot tell the type Swift infers here (it reads an initializer's parameter, `as X`, `let x: X =` and a function's return type); it is left out",
                        at: file.location(of: site.node)))
            }
            return
        }
        resolves.append(
            AppResolve(
                type: site.type, castType: castType, name: site.name, location: file.location(of: site.node),
                arguments: site.passed.map { passedType($0, at: site.node) }))
    }

    /// Where the value of a resolve that names no type goes, the type Swift gives it there: the
    /// declared parameter of an initializer it is passed to (`Screen(model: resolve())`), or the
    /// enclosing function's return type (`return resolve()`, one element of a returned tuple).
    private func typeWhereUsed(_ node: Syntax) -> String? {
        if let argument = node.parent?.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self),
            let position = list.firstIndex(where: { $0.id == argument.id }).map({ list.distance(from: list.startIndex, to: $0) })
        {
            if let call = list.parent?.as(FunctionCallExprSyntax.self), let type = SwiftExpressions.typeName(call.calledExpression) {
                return declarations.initializer(of: type, labels: list.map { $0.label?.text })?[position].type
            }
            guard let tuple = list.parent?.as(TupleExprSyntax.self),
                let types = returnType(of: Syntax(tuple))?.as(TupleTypeSyntax.self)?.elements, types.count == list.count
            else { return nil }
            return Array(types)[position].type.trimmedDescription
        }
        return returnType(of: node)?.trimmedDescription
    }

    /// `func makeFeed() -> Feed { resolve() }` / `return resolve()`: the type the function returns.
    private func returnType(of node: Syntax) -> TypeSyntax? {
        let returned =
            node.parent?.is(ReturnStmtSyntax.self) == true
            || (node.parent?.as(CodeBlockItemSyntax.self)?.parent?.as(CodeBlockItemListSyntax.self)?.count == 1)
        guard returned, let function = node.ancestorOrSelf(where: { $0.is(FunctionDeclSyntax.self) })?.as(FunctionDeclSyntax.self),
            function.genericParameterClause == nil
        else { return nil }
        return function.signature.returnClause?.type
    }

    /// The type of a value passed as a runtime argument, where the source says it: a literal's, or
    /// the declared type of a parameter or a local it names. Nil when it does not say.
    private func passedType(_ expression: ExprSyntax, at node: Syntax) -> String? {
        let core = SwiftExpressions.unwrap(expression).core
        if core.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if core.is(FloatLiteralExprSyntax.self) { return "Double" }
        if core.is(StringLiteralExprSyntax.self) { return "String" }
        if core.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        guard let name = core.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        var scope: Syntax? = node
        while let current = scope {
            if let function = current.as(FunctionDeclSyntax.self) {
                return function.signature.parameterClause.parameters.first { ($0.secondName ?? $0.firstName).text == name }?.type.trimmedDescription
            }
            if let list = current.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    for binding in item.item.as(VariableDeclSyntax.self)?.bindings ?? [] where binding.pattern.trimmedDescription == name {
                        if let annotated = binding.typeAnnotation?.type.trimmedDescription { return annotated }
                        if let initial = binding.initializer?.value { return passedType(initial, at: Syntax(initial)) }
                    }
                }
            }
            scope = current.parent
        }
        return nil
    }

    /// `resolve(T.self)` inside `func make<T>()` is plumbing, not a key (and so is `resolve(type.self)`
    /// of a metatype value, which the caller above checks by its lowercase name).
    private func isGenericParameter(_ type: String, at node: Syntax) -> Bool {
        var current: Syntax? = node
        while let scope = current {
            let clause =
                scope.as(FunctionDeclSyntax.self)?.genericParameterClause
                ?? scope.as(StructDeclSyntax.self)?.genericParameterClause
                ?? scope.as(ClassDeclSyntax.self)?.genericParameterClause
                ?? scope.as(InitializerDeclSyntax.self)?.genericParameterClause
            if clause?.parameters.contains(where: { $0.name.text == type }) == true { return true }
            current = scope.parent
        }
        return false
    }
}
