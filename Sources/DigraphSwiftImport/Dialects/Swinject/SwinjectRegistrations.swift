import DigraphCore
import SwiftSyntax

/// Swinject's registrations as a file reads them: a container's default scope, the modifiers chained
/// on `register` (scope, `initCompleted`, `implements`), and calls of the app's own wrappers.
extension RegistrationFinder {
    /// What a Swinject registration without `inObjectScope` gets: the container's
    /// `defaultObjectScope` where the variable it is made on is declared with one
    /// (`let container = Container(defaultObjectScope: .container)`, a local before the call or a
    /// property of the enclosing type), else graph. Each block is read once, whatever the
    /// number of registrations in it.
    func defaultLifetime(of receiver: ExprSyntax?, at node: Syntax) -> Lifetime {
        declaredDefaultLifetime(of: receiver, at: node) ?? .graph
    }

    /// The `defaultObjectScope` of the container the registration is made on, where the code
    /// declares it; nil when it does not (an assembly's `container` parameter).
    func declaredDefaultLifetime(of receiver: ExprSyntax?, at node: Syntax) -> Lifetime? {
        guard let name = receiver?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        var current: Syntax? = node
        while let scope = current {
            if scope.is(CodeBlockItemListSyntax.self) || scope.is(MemberBlockItemListSyntax.self) {
                if defaultScopes[scope.id] == nil { defaultScopes[scope.id] = Self.containerScopes(declaredIn: scope) }
                if let lifetime = defaultScopes[scope.id]?[name] { return lifetime }
            }
            current = scope.parent
        }
        return nil
    }

    static func containerScopes(declaredIn block: Syntax) -> [String: Lifetime] {
        let variables =
            block.as(CodeBlockItemListSyntax.self)?.compactMap { $0.item.as(VariableDeclSyntax.self) }
            ?? block.as(MemberBlockItemListSyntax.self)?.compactMap { $0.decl.as(VariableDeclSyntax.self) } ?? []
        var scopes: [String: Lifetime] = [:]
        for binding in variables.flatMap(\.bindings) {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let made = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                made.calledExpression.trimmedDescription.hasSuffix("Container")
            else { continue }
            scopes[name] =
                made.arguments.first { $0.label?.text == "defaultObjectScope" }.flatMap { SwinjectDialect.lifetime(ofScope: $0.expression) } ?? .graph
        }
        return scopes
    }

    /// Modifiers chained on a registration: scope, initCompleted, implements.
    func applyModifiers(
        of call: FunctionCallExprSyntax, lifetime: inout Lifetime, reading: inout ClosureReading,
        keys: inout [(type: String, location: DigraphCore.SourceLocation)], argumentNames: [String], subject: String
    ) {
        for (modifier, outer) in SwiftExpressions.chained(after: call) {
            switch modifier {
            case "inObjectScope":
                if let scope = outer.arguments.first.flatMap({ SwinjectDialect.lifetime(ofScope: $0.expression) }) {
                    lifetime = scope
                } else if let name = outer.arguments.first?.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                    let scope = declarations.customScopes[name]
                {
                    lifetime = scope
                } else if let written = outer.arguments.first?.expression, let scope = TypeDeclarations.scopeLifetime(made: written) {
                    // `.inObjectScope(ObjectScope(storageFactory: PermanentStorage.init))`, written in place.
                    lifetime = scope
                } else {
                    reading.findings.append(
                        Diagnostic(
                            .swiftImport, .warning,
                            SwinjectMessages.unknownScope(subject, outer.arguments, importedAs: lifetime),
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
                    reading.staticValues += completionReader.reading.staticValues
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
    func wrapped(_ call: FunctionCallExprSyntax, _ wrapper: SwinjectWrappers.Wrapper, _ bound: [Int: ExprSyntax]) -> Found? {
        guard let keyed = bound[wrapper.key], let (type, node) = SwiftExpressions.metatype(keyed),
            !isGenericParameter(type, at: Syntax(call))
        else { return nil }
        let name = wrapper.qualifier.flatMap { qualifier in
            bound[qualifier].flatMap { declarations.constants.value(of: $0, givenTo: wrapper.parameters[qualifier].type, through: wrapper.qualifierMember) }
        }
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
            reader.read(closure: template.closure, takesResolver: true)
            for (position, argument) in bound where position != wrapper.key {
                if let resolve = SwiftExpressions.calls(in: argument).first(where: {
                    ResolveSite.ofCall($0, constants: declarations.constants, helpers: declarations.resolveHelpers) != nil
                }) {
                    findings.append(
                        Diagnostic(.swiftImport, .warning, SwinjectMessages.callbackNotRead(subject, wrapper), at: file.location(of: resolve)))
                }
            }
            return found(call, wrapper, bound, reading: reader.reading, reader: reader, type: type, node: Syntax(node), name: name, subject: subject)
        }
        var reader = ClosureReader(file: file, declarations: declarations, subject: subject)
        reader.read(outer: outerStatements(before: call))
        guard let closure = wrapper.factory.flatMap({ bound[$0] }).flatMap({ SwiftExpressions.unwrap($0).core.as(ClosureExprSyntax.self) }) else {
            findings.append(
                Diagnostic(.swiftImport, .warning, SwinjectMessages.wrappedFactoryUnread(subject, wrapper), at: file.location(of: call)))
            return nil
        }
        reader.read(closure: closure, takesResolver: wrapper.factoryTakesResolver, argumentsOnly: !wrapper.factoryTakesResolver)
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
            lifetime = bound[position].flatMap(SwinjectDialect.lifetime(ofScope:)) ?? defaultScope ?? defaultLifetime(of: container, at: Syntax(call))
        case nil: lifetime = defaultLifetime(of: container, at: Syntax(call))
        }
        var keys = [(type: type, location: file.location(of: node))]
        applyModifiers(of: call, lifetime: &lifetime, reading: &reading, keys: &keys, argumentNames: reader.argumentNames, subject: subject)
        return Found(
            keys: keys, name: name, lifetime: lifetime, reading: reading, argumentNames: reader.argumentNames,
            argumentTypes: reader.argumentTypes, location: file.location(of: call), module: file.module,
            eagerResolves: eagerResolves(reading))
    }
}
