import DigraphCore

/// Generates one Swinject `Assembly` per manifest file: registrations with their object scope,
/// names, runtime arguments, forwarding for `aliasOf`, and supplied values as initializer
/// parameters of the assembly that declares them.
public struct SwinjectAssemblyGenerator {
    let plan: GenerationPlan
    let access: AccessLevel
    let sources: [String]

    public init(plan: GenerationPlan, access: AccessLevel = .internal, sources: [String]) {
        self.plan = plan
        self.access = access
        self.sources = sources
    }

    var graph: DependencyGraph { plan.graph }

    /// The argument counts some resolve passes, for the `required` helpers.
    var argumentCounts: [Int] {
        Set(graph.registrations.map { $0.arguments.count }).sorted()
    }

    public func generate() -> String {
        var out = SwiftWriter()
        for line in GeneratedHeader.lines(sources: sources, options: [("--target", "swinject"), ("--access", access.rawValue)]) { out.line(line) }
        out.line()
        for module in plan.imports(needed: ["Foundation", "Swinject"]) { out.line("import \(module)") }

        var offset = 0
        for manifest in graph.manifests {
            let indices = Array(offset..<(offset + manifest.registrations.count))
            offset += manifest.registrations.count
            writeAssembly(manifest, indices, &out)
        }
        out.line()
        out.line("/// Resolves what the manifest guarantees is registered. A miss means not every generated")
        out.line("/// assembly was added to the container (or they came from different manifests).")
        out.block("private extension Swinject.Resolver") { out in
            out.block("func required<Service>(_ type: Service.Type, name: String? = nil) -> Service") { out in
                out.line("guard let service = resolve(type, name: name) else { Self.missing(type) }")
                out.line("return service")
            }
            for count in argumentCounts where count > 0 {
                let generics = (1...count).map { "A\($0)" }
                let parameters = count == 1 ? "argument a1: A1" : "arguments a1: A1, " + (2...count).map { "_ a\($0): A\($0)" }.joined(separator: ", ")
                let call = count == 1 ? "argument: a1" : "arguments: " + (1...count).map { "a\($0)" }.joined(separator: ", ")
                out.block("func required<Service, \(generics.joined(separator: ", "))>(_ type: Service.Type, name: String? = nil, \(parameters)) -> Service") {
                    out in
                    out.line("guard let service = resolve(type, name: name, \(call)) else { Self.missing(type) }")
                    out.line("return service")
                }
            }
            out.block("static func missing<Service>(_ type: Service.Type) -> Never") { out in
                out.line("preconditionFailure(\"digraph: \\(type) is not registered; add every generated assembly to the container\")")
            }
        }
        if graph.registrations.indices.contains(where: { plan.weakImplementation(of: $0) != nil }) {
            out.line()
            out.line("/// Compiles only for a class: what a `.weak` scope holds must be one to be shared.")
            out.line("private func weakLifetimeRequiresAClass<Value: AnyObject>(_ type: Value.Type) {}")
        }
        for actor in Set(plan.isolation.compactMap { $0 }).subtracting(["MainActor"]).sorted() {
            out.line()
            out.line("/// `MainActor.assumeIsolated` for \(actor): runs a \(actor) closure on this thread, which must")
            out.line("/// be running on \(actor) (resolve \(actor) types from code isolated to it).")
            out.block("private func assumeIsolated_\(actor)<T>(_ operation: @\(actor) () -> T) -> T") { out in
                out.line("\(actor).shared.preconditionIsolated()")
                out.line("return withoutActuallyEscaping(operation) { operation in unsafeBitCast(operation, to: (() -> T).self)() }")
            }
        }
        return out.text
    }

    private func writeAssembly(_ manifest: Manifest, _ indices: [Int], _ out: inout SwiftWriter) {
        let supplied = indices.filter { graph.registrations[$0].isSupplied }
        out.line()
        out.line("/// The registrations of \(manifest.file).")
        out.block("\(access.prefix)final class \(manifest.assembly.value): Swinject.Assembly") { out in
            for index in supplied {
                out.line("private let _supplied_\(plan.registrationNames[index]): \(plan.valueType(of: index))")
            }
            if !supplied.isEmpty { out.line() }
            // `label arg_label`: the label may be a keyword; a stored function value escapes.
            let parameters = supplied.map { index in
                "\(plan.registrationNames[index]) \(SwiftNaming.argumentName(plan.registrationNames[index])): "
                    + SwiftNaming.escapingIfFunction(graph.registrations[index].provides[0].expression, plan.valueType(of: index))
            }
            out.block("\(access.prefix)init(\(parameters.joined(separator: ", ")))") { out in
                for index in supplied {
                    out.line("self._supplied_\(plan.registrationNames[index]) = \(SwiftNaming.argumentName(plan.registrationNames[index]))")
                }
            }
            out.line()
            out.block("\(access.prefix)func assemble(container: Swinject.Container)") { out in
                if indices.isEmpty { out.line("_ = container") }
                for index in indices { writeRegistration(index, &out) }
            }
        }
    }

    private func scope(_ lifetime: Lifetime) -> String { "." + ScopeVocabulary.swinject.name(of: lifetime) }

    private func writeRegistration(_ index: Int, _ out: inout SwiftWriter) {
        let registration = graph.registrations[index]
        let nameArgument = registration.name.map { ", name: \"\($0.value)\"" } ?? ""
        let owner = plan.argumentOwner(of: index)
        let arguments = graph.registrations[owner].arguments
        let closureParameters = (["r"] + arguments.map { "\(SwiftNaming.argumentName($0.label.value)): \(plan.naming.spell($0.type.expression))" }).joined(
            separator: ", ")
        let first = registration.provides[0]
        let scopeSuffix = ".inObjectScope(\(scope(registration.lifetime)))"

        if registration.isSupplied {
            let stored = "_supplied_" + plan.registrationNames[index]
            out.line("let \(stored) = self.\(stored)")
            out.line(
                "container.register(\(plan.naming.metatype(first.expression))\(nameArgument)) { _ in \(stored) }.inObjectScope(.container)\(forwarding(registration, nameArgument))"
            )
            return
        }
        if let implementation = plan.weakImplementation(of: index) {
            // `.weak` keeps no strong reference (a struct would be boxed and never shared).
            out.line("weakLifetimeRequiresAClass(\(plan.naming.metatype(implementation)))")
        }
        let body: String
        if let aliasEdge = graph.edges[index].first(where: { $0.kind == .alias }) {
            body = resolve(aliasEdge, passing: arguments.map { SwiftNaming.argumentName($0.label.value) })
        } else {
            let (callee, arguments) = plan.construction(of: index) { value(for: graph.edge(from: index, dependency: $1), $0) }
            body = arguments.map { "\(callee)(\($0.joined(separator: ", ")))" } ?? callee
        }
        out.line(
            "container.register(\(plan.naming.metatype(first.expression))\(nameArgument)) { (\(closureParameters)) -> \(SwiftNaming.returnType(plan.valueType(of: index))) in"
        )
        if let actor = plan.isolation[index] {
            // Swinject calls factories on whatever thread resolves; a MainActor type is built
            // assuming that is the main thread, as it is for UI code (and a value on another global
            // actor assuming the resolve runs on that actor). The resolver crosses into the actor's
            // closure: Swinject's containers are not Sendable, but this is one thread.
            let usesResolver = body.contains("r.required(") || body.contains("r.resolve(")
            if usesResolver { out.line("    nonisolated(unsafe) let r = r") }
            out.line("    return \(assumeIsolated(actor)) { \(body) }")
        } else {
            out.line("    \(body)")
        }
        if registration.properties.isEmpty {
            out.line("}\(scopeSuffix)\(forwarding(registration, nameArgument))")
        } else {
            // Properties are set once the instance exists (and is stored in its scope), as Swinject
            // documents for circular dependencies. A value built on another actor is fetched there.
            let implementation = plan.naming.spell(registration.implementation!.expression)
            let needsCast = implementation != plan.valueType(of: index)
            let holderActor = plan.isolation[index]
            var hops: [Int: String] = [:]
            for edge in graph.edges[index] where edge.isProperty && edge.isImmediate && holderActor == nil {
                if case .property(let position) = edge.kind, let target = edge.target, let actor = plan.isolation[target] { hops[position] = actor }
            }
            out.line("}\(scopeSuffix)\(forwarding(registration, nameArgument)).initCompleted { r, \(needsCast ? "service" : "instance") in")
            if needsCast { out.line("    let instance = service as! \(implementation)") }
            // Swinject's resolver is not Sendable; these closures run on the resolving thread.
            if holderActor != nil || !hops.isEmpty { out.line("    nonisolated(unsafe) let r = r") }
            var lines: [String] = []
            for (position, property) in registration.properties.enumerated() {
                var value = value(for: graph.edge(from: index, property: position), property)
                if let actor = hops[position] { value = "\(assumeIsolated(actor)) { \(value) }" }
                lines.append("instance.\(SwiftNaming.escaped(property.label.value)) = \(value)")
            }
            if let holderActor {
                out.line("    \(assumeIsolated(holderActor)) {")
                for line in lines { out.line("        " + line) }
                out.line("    }")
            } else {
                for line in lines { out.line("    " + line) }
            }
            out.line("}")
        }
    }

    /// Further keys of a registration forward to its entry with Swinject's `implements`: one entry,
    /// so one scope and one instance, and each resolve casts that instance to the key asked for.
    private func forwarding(_ registration: Registration, _ nameArgument: String) -> String {
        registration.provides.dropFirst().map { ".implements(\(plan.naming.metatype($0.expression))\(nameArgument))" }.joined()
    }

    /// `MainActor.assumeIsolated`, or the helper written for another global actor.
    private func assumeIsolated(_ actor: String) -> String {
        actor == "MainActor" ? "MainActor.assumeIsolated" : "assumeIsolated_\(actor)"
    }

    private func argumentsLabel(_ count: Int) -> String { count == 1 ? "argument" : "arguments" }

    private func value(for edge: @autoclosure () -> Edge, _ dependency: Dependency) -> String {
        switch dependency.source {
        case .argument(let label):
            return SwiftNaming.argumentName(label.value)
        case .service(_, _, let isLazy, let passing):
            let edge = edge()
            guard isLazy else { return resolve(edge, passing: passing.map { SwiftNaming.argumentName($0.value) }) }
            guard let target = edge.target else { return edge.isOptional ? "{ nil }" : "{ \(resolve(edge, passing: [])) }" }
            let closure = plan.lazyClosure(to: target) { resolve(edge, passing: $0.map { SwiftNaming.argumentName($0.label.value) }) }
            guard let actor = plan.isolation[target] else { return closure }
            // The resolver is not Sendable; the actor's closure runs where the resolve happens (on
            // that actor), so it is handed over explicitly.
            let arguments = graph.registrations[plan.argumentOwner(of: target)].arguments
            let closureType =
                "@\(actor) (\(arguments.map { plan.naming.spell($0.type.expression) }.joined(separator: ", "))) -> \(SwiftNaming.returnType(plan.naming.spell(edge.type.expression)))"
            return "{ () -> \(closureType) in nonisolated(unsafe) let r = r; return \(closure) }()"
        }
    }

    private func resolve(_ edge: Edge, passing values: [String]) -> String {
        let type = plan.naming.metatype(edge.type.expression.unwrapped)
        let name = edge.binding.name.map { ", name: \"\($0)\"" } ?? ""
        if edge.target == nil, edge.isOptional, !graph.externalKeys.contains(edge.binding.key) { return "nil" }
        if edge.isOptional { return "r.resolve(\(type)\(name))" }
        if values.isEmpty { return "r.required(\(type)\(name))" }
        return "r.required(\(type)\(name), \(argumentsLabel(values.count)): \(values.joined(separator: ", ")))"
    }
}
