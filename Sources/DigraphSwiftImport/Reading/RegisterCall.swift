import DigraphCore
import SwiftSyntax

/// A `register(…)` or `autoregister(…)` call, its arguments sorted by role as Swinject and
/// hand-rolled containers spell them: the key, a name, a factory closure or a value,
/// autoregistration's initializer and argument types.
struct RegisterCall {
    var callee: String
    var keys: [(type: String, location: DigraphCore.SourceLocation)] = []
    var name: String?
    var instance: ExprSyntax?
    var closure: ClosureExprSyntax?
    /// The factory is a local closure (`factory: factory`): the function type written for it.
    var localClosureType: FunctionTypeSyntax?
    var isLocalClosure = false
    /// `factory: Screen.init`: a function the container calls to build each value.
    var functionReference: ExprSyntax?
    var initializer: ExprSyntax?
    var autoArguments: [String] = []
    /// Arguments that could not be read, with why: warnings about the registration.
    var unread: [(message: String, node: Syntax)] = []
    /// Its name is not a literal or constant digraph can read.
    var nameIsUnread = false
    /// An argument label no container's `register` uses (UIKit's `forCellReuseIdentifier:`).
    var hasForeignLabel = false

    /// `register(instance: x, instanceName: "n")`: a string-named registry; the key is the value's type.
    var isNamedRegistry: Bool { keys.isEmpty && instance != nil && name != nil }
    /// Built when registered: a value, not a factory.
    var isEager: Bool { instance != nil && closure == nil }

    private static let instanceLabels: Set<String> = ["instance", "dependency", "component", "value", "object", "service"]

    /// Nil when the call is neither, or names no key it can read.
    init?(_ call: FunctionCallExprSyntax, file: SwiftFile, constants: StringConstants) {
        guard let (callee, _) = SwiftExpressions.callee(of: call), callee == "register" || callee == "autoregister" else { return nil }
        self.callee = callee
        closure = call.trailingClosure
        var passingTypes = false
        for (position, argument) in call.arguments.enumerated() {
            let label = argument.label?.text
            switch label {
            case nil where position == 0, "type"?:
                guard let (type, node) = SwiftExpressions.metatype(argument.expression) else { return nil }
                keys.append((type, file.location(of: node)))
            case "name"?, "instanceName"?:
                if let text = constants.value(of: argument.expression) {
                    name = text
                } else {
                    unread.append((ImportMessages.nameNotAConstant(argument.expression), Syntax(argument)))
                    nameIsUnread = true
                }
            case "factory"?:
                // `factory: Screen.init`, `factory: Screen.init(resolver:)`: called on every resolve, not a value.
                if let reference = argument.expression.as(MemberAccessExprSyntax.self), reference.declName.baseName.text == "init" {
                    functionReference = ExprSyntax(reference)
                } else {
                    take(argument.expression)
                }
            case "initializer"?:
                // `autoregister(Library.self, initializer: { Library.make(fetcher: c ~> Fetcher.self) })`:
                // a closure is a factory like a trailing one.
                if let literal = argument.expression.as(ClosureExprSyntax.self) { closure = literal } else { initializer = argument.expression }
            case "argument"?, "arguments"?:
                passingTypes = true
                if let (type, _) = SwiftExpressions.metatype(argument.expression) { autoArguments.append(type) }
            case nil where passingTypes:
                if let (type, _) = SwiftExpressions.metatype(argument.expression) { autoArguments.append(type) }
            case let label? where Self.instanceLabels.contains(label):
                take(argument.expression)
            case nil:
                if let literal = argument.expression.as(ClosureExprSyntax.self) { closure = literal }
            default:
                // `tableView.register(Cell.self, forCellReuseIdentifier:)`: another library's register.
                hasForeignLabel = true
            }
        }
        guard !keys.isEmpty || isNamedRegistry, keys.count <= 1 else { return nil }
    }

    private mutating func take(_ expression: ExprSyntax) {
        if let literal = expression.as(ClosureExprSyntax.self) {
            closure = literal
        } else if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let local = SwiftExpressions.localClosure(named: name, before: Syntax(expression))
        {
            // `let factory: (Resolver, String) -> Client = { … }` then `register(Client.self, factory: factory)`.
            closure = local.closure
            localClosureType = local.type
            isLocalClosure = true
        } else {
            instance = expression
        }
    }
}

/// What a dialect makes of the `register` shape.
struct RegisterMeaning {
    /// The factory closure's first parameter is the resolver.
    var closureTakesResolver: (ClosureExprSyntax) -> Bool
    /// A function given as the factory (`factory: Screen.init`) is handed the resolver.
    var referenceTakesResolver = false
    /// Read by its shape, with no declaration behind it: said once per method, with what it was taken to mean.
    var isAssumed: Bool
}

extension RegistrationFinder {
    /// A `register`/`autoregister` call read as the dialect means it.
    func read(_ register: RegisterCall, of call: FunctionCallExprSyntax, meaning: RegisterMeaning) -> Found? {
        var keys = register.keys
        let name = register.name
        let subject = Registration.displayName(key: keys.first?.0 ?? name ?? "?", name: keys.isEmpty ? nil : name)
        let eager = ClosureReader.Options(buildsWhenRegistered: register.callee != "autoregister" && register.isEager, productType: keys.first?.type)
        var reader = ClosureReader(file: file, declarations: declarations, subject: subject, options: eager)
        var lifetime: Lifetime
        // Swinject's factories and autoregistrations take the container's default scope.
        var containersScope: Lifetime? {
            declaredDefaultLifetime(of: SwiftExpressions.callee(of: call)?.receiver, at: Syntax(call))
        }
        var takesContainersScope = false
        let autoregisters =
            register.callee == "autoregister"
            || (register.closure == nil && register.initializer != nil && declarations.autoregisterForwarders.contains(register.callee))
        if autoregisters {
            lifetime = containersScope ?? .graph
            takesContainersScope = containersScope == nil
            if let initializer = register.initializer {
                reader.read(autoregister: initializer, argumentTypes: register.autoArguments, key: keys.first?.type)
            } else if let closure = register.closure {
                reader.read(closure: closure, takesResolver: true)
            }
        } else if let closure = register.closure {
            // Swinject's factories take the resolver (`{ r in … }`, or `$0`); a hand-rolled container's closure takes nothing.
            let takesResolver = meaning.closureTakesResolver(closure)
            lifetime = takesResolver ? containersScope ?? .graph : .transient
            takesContainersScope = takesResolver && containersScope == nil
            reader.read(outer: outerStatements(before: call))
            reader.read(closure: closure, takesResolver: takesResolver)
            if let written = register.localClosureType {
                // The types the local's annotation gives its runtime arguments (after the resolver).
                let types = written.parameters.map { $0.type.trimmedDescription }.dropFirst(takesResolver ? 1 : 0)
                for (name, type) in zip(reader.argumentNames, types) where reader.argumentTypes[name] == nil { reader.argumentTypes[name] = type }
            }
            if register.isLocalClosure { factoryClosures.append(closure) }
            if meaning.isAssumed, register.callee == "register" {
                assume(call, takesResolver ? HandRolledMessages.assumedSwinjectRegister : HandRolledMessages.assumedFactory)
            }
        } else if let reference = register.functionReference {
            lifetime = meaning.referenceTakesResolver ? containersScope ?? .graph : .transient
            takesContainersScope = meaning.referenceTakesResolver && containersScope == nil
            reader.read(initializerReference: reference, takesResolver: meaning.referenceTakesResolver)
        } else if let instance = register.instance {
            lifetime = .singleton
            reader.read(outer: outerStatements(before: call))
            reader.read(instance: instance)
            if meaning.isAssumed { assume(call, HandRolledMessages.assumedValue) }
        } else {
            // Never silent: a key was named, but neither a factory nor a value digraph can read.
            // `register(Cell.self)` alone is a cell helper's, not a container's.
            if !register.hasForeignLabel, call.arguments.count > 1 {
                findings.append(Diagnostic(.swiftImport, .warning, ImportMessages.registerUnread(subject, call), at: file.location(of: call)))
            }
            return nil
        }
        var reading = reader.reading
        if register.isNamedRegistry {
            guard let implementation = reading.implementation else {
                findings.append(Diagnostic(.swiftImport, .warning, ImportMessages.namedValueUnread(name!), at: file.location(of: call)))
                return nil
            }
            keys.append((implementation, file.location(of: call)))
        }
        for (message, node) in register.unread {
            reading.findings.append(Diagnostic(.swiftImport, .warning, "'\(subject)': \(message)", at: file.location(of: node)))
        }
        applyModifiers(of: call, lifetime: &lifetime, reading: &reading, keys: &keys, argumentNames: reader.argumentNames, subject: subject)
        if SwiftExpressions.chained(after: call).contains(where: { $0.0 == "inObjectScope" }) { takesContainersScope = false }
        return Found(
            keys: keys, name: name, lifetime: lifetime, reading: reading,
            argumentNames: reader.argumentNames, argumentTypes: reader.argumentTypes,
            location: file.location(of: call), module: file.module, isEager: register.isEager,
            eagerResolves: eagerResolves(reading), nameIsUnread: register.nameIsUnread, takesContainersScope: takesContainersScope)
    }
}
