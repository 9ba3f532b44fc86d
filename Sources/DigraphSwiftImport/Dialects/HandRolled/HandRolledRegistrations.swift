import DigraphCore
import SwiftSyntax

/// A hand-rolled container's registrations as a file reads them: calls of its declared registering
/// methods, and calls that look like registrations of methods nothing declares.
extension RegistrationFinder {
    /// A call of a hand-rolled container's registering method, read as its declaration says.
    func handRolled(_ call: FunctionCallExprSyntax, method: ContainerAPI.Method, lifetime: Lifetime, isEager: Bool, api: ContainerAPI) -> Found? {
        guard let bound = ContainerAPI.bind(call, to: method), let keyed = bound[method.key] else { return nil }
        let type: String
        let node: Syntax
        if method.keyedByValue {
            guard let inferred = InferredKey.type(of: keyed) else {
                findings.append(Diagnostic(.swiftImport, .warning, HandRolledMessages.valueTypeUnwritten(method, keyed), at: file.location(of: call)))
                untypedRegistrations.append(file.location(of: call))
                return nil
            }
            (type, node) = inferred
        } else {
            guard let (metatype, written) = SwiftExpressions.metatype(keyed) else { return nil }
            (type, node) = (metatype, Syntax(written))
        }
        // `register(type: FactoryType.self) { … }` inside the container's own forwarding method is plumbing.
        if isGenericParameter(type, at: Syntax(call)) { return nil }
        var name: String?
        var pending: [(String, Syntax)] = []
        if let qualifier = method.qualifier, let named = bound[qualifier], !named.is(NilLiteralExprSyntax.self) {
            if let text = declarations.constants.value(of: named) {
                name = text
            } else {
                pending.append((ImportMessages.nameNotAConstant(named), Syntax(named)))
            }
        }
        let subject = Registration.displayName(key: type, name: name)
        var lifetime = lifetime
        var isEager = isEager
        if let flag = method.singletonFlag {
            // `register(Cache.self, singleton: true) { … }`: the call's argument says which.
            let given = bound[flag.parameter].map { $0.as(BooleanLiteralExprSyntax.self).map { $0.literal.tokenKind == .keyword(.true) } } ?? flag.default
            if let given {
                lifetime = given ? .singleton : .transient
                isEager = given && method.flagBuildsNow
            } else {
                pending.append((HandRolledMessages.flagUnread(method.parameters[flag.parameter].name), Syntax(call)))
            }
        }
        let options = ClosureReader.Options(api: api, buildsWhenRegistered: isEager, resolveReturnsOptional: false, productType: type)
        var reader = ClosureReader(file: file, declarations: declarations, subject: subject, options: options)
        reader.read(outer: outerStatements(before: call))
        let value = method.value.flatMap { bound[$0] }
        if let closure = value.flatMap({ SwiftExpressions.unwrap($0).core.as(ClosureExprSyntax.self) }) {
            reader.read(closure: closure, takesResolver: method.factoryTakesResolver)
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
                    Diagnostic(.swiftImport, .warning, HandRolledMessages.handedUndeclared(subject, implementation.type), at: file.location(of: call)))
            } else if !(api.resolvesInside[implementation.type]?.isEmpty ?? true) {
                reading.notes.append("the resolves inside '\(implementation.type)', which is handed the container, are lazy dependencies")
            }
        }
        for (message, node) in pending {
            reading.findings.append(Diagnostic(.swiftImport, .warning, "'\(subject)': \(message)", at: file.location(of: node)))
        }
        reading.notes.append("\(method.signature) \(method.reason) (\(method.location.fileNameAndLine))")
        var found = Found(
            keys: [(type, file.location(of: node))], name: name, lifetime: lifetime, reading: reading,
            argumentNames: reader.argumentNames, argumentTypes: reader.argumentTypes,
            location: file.location(of: call), module: file.module, isEager: isEager,
            eagerResolves: eagerResolves(reading), nameIsUnread: !pending.isEmpty && name == nil)
        found.handRolledContainer = method.owner
        return found
    }

    /// Methods of the standard library named like registrations: `bindMemory(to: Int8.self, capacity:)`
    /// in a `main.swift` that hands `argv` to `UIApplicationMain`.
    static let standardLibrary: Set<String> = ["bindMemory"]

    /// `provide(X.self) { … }`, `bindSingleton(X.self, …)`: a registering name and a type, but no
    /// declaration says what it does. Not read, and said once per method.
    func unknownRegistration(_ call: FunctionCallExprSyntax, api: ContainerAPI) {
        guard let (name, _) = SwiftExpressions.callee(of: call),
            name.hasPrefix("provide") || name.hasPrefix("bind"), !Self.standardLibrary.contains(name), api.method(for: call) == nil, !api.declares(call),
            let first = call.arguments.first, SwiftExpressions.metatype(first.expression) != nil,
            call.trailingClosure != nil || call.arguments.count > 1
        else { return }
        unknown.append((Self.signature(of: call, named: name), file.location(of: call)))
    }
}
