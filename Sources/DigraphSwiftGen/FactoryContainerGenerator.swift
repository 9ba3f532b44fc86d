import DigraphCore

/// Generates the graph as an extension of hmlongco/Factory's `Container` (Factory 2.x/3.x): one
/// factory property per key, the lifetime as a scope, runtime arguments as a `ParameterFactory`,
/// isolation on the property and its closure. A Swinject or hand-rolled app moves to Factory with
/// `digraph import` → `gen-swift --target factory`.
public struct FactoryContainerGenerator {
    let plan: GenerationPlan
    let access: AccessLevel
    let sources: [String]

    public init(plan: GenerationPlan, access: AccessLevel = .internal, sources: [String]) {
        self.plan = plan
        self.access = access
        self.sources = sources
    }

    var graph: DependencyGraph { plan.graph }

    /// Members every container has: a factory named like one would hide it.
    static let containerMembers: Set<String> = [
        "manager", "shared", "promised", "reset", "decorator", "with", "callAsFunction", "preview", "autoRegister", "push", "pop",
    ]

    /// The factory property of a binding: its accessor name, kept clear of the container's own
    /// members, a keyword in backticks (`` var `default`: Factory<Default> ``, `` self.`init`() ``).
    func property(_ binding: BindingKey) -> String {
        let name = plan.accessor(for: binding)
        return SwiftNaming.escaped(Self.containerMembers.contains(name) ? name + "_" : name)
    }

    public func generate() -> String {
        var out = SwiftWriter()
        for line in GeneratedHeader.lines(sources: sources, options: [("--target", "factory"), ("--access", access.rawValue)]) { out.line(line) }
        out.line()
        for module in plan.imports(needed: ["FactoryKit"]) { out.line("import \(module)") }
        out.line()
        out.block("extension Container") { out in
            out.line("// One factory property per key.")
            for index in graph.registrations.indices { writeFactories(index, &out) }
            for external in plan.externals {
                writeSupplied(BindingKey(key: external.key, name: nil), type: plan.naming.spell(external.keyExpression), &out)
            }
        }
        return out.text
    }

    /// Factory's scopes for the manifest's lifetimes: `cached` lives as long as the container, as a
    /// Swinject `.container` does (Factory's `.singleton` is one value for every container).
    private func scope(_ lifetime: Lifetime) -> String { "." + ScopeVocabulary.factory.name(of: lifetime) }

    private func writeFactories(_ index: Int, _ out: inout SwiftWriter) {
        let registration = graph.registrations[index]
        let main = BindingKey(key: registration.provides[0].key, name: registration.name?.value)
        let valueType = plan.valueType(of: index)
        if registration.isSupplied {
            writeSupplied(main, type: valueType, &out)
        } else {
            let arguments = graph.registrations[plan.argumentOwner(of: index)].arguments
            let actor = plan.isolation[index]
            let attribute = actor.map { "@\($0) " } ?? ""
            let names = arguments.map { Self.localName($0.label.value) }
            let factoryType: String
            // The property's attribute isolates its closure too (Factory's documented form): an explicit
            // `@MainActor in` would not convert to Factory's `() -> T` in Swift 6.
            var opening = "self { "
            switch arguments.count {
            case 0:
                factoryType = "Factory<\(valueType)>"
            case 1:
                factoryType = "ParameterFactory<\(plan.naming.spell(arguments[0].type.expression)), \(valueType)>"
                opening += "\(names[0]) "
            default:
                let tuple = arguments.map { "\($0.label.value): \(plan.naming.spell($0.type.expression))" }.joined(separator: ", ")
                factoryType = "ParameterFactory<(\(tuple)), \(valueType)>"
                opening += "arguments "
            }
            if arguments.count > 0 { opening += "in" }
            out.line()
            out.line(doc(registration))
            out.block("\(access.prefix)\(attribute)var \(property(main)): \(factoryType)") { out in
                out.line(opening.hasSuffix(" ") ? String(opening.dropLast()) : opening)
                if arguments.count > 1 {
                    out.line("    let (\(names.joined(separator: ", "))) = (\(arguments.indices.map { "arguments.\($0)" }.joined(separator: ", ")))")
                }
                var lines = body(index, passing: names)
                if arguments.count > 1, lines.count == 1 { lines[0] = "return " + lines[0] }
                for line in lines { out.line("    " + line) }
                out.line("}\(scope(registration.lifetime))")
            }
        }
        // Further keys are the same value: each forwards to the first key's factory.
        for provided in registration.provides.dropFirst() {
            let binding = BindingKey(key: provided.key, name: registration.name?.value)
            out.line()
            out.line("/// '\(PrintableText.escape(binding.description))': the value of '\(PrintableText.escape(main.description))'.")
            out.block("\(access.prefix)\(plan.actorAttribute(of: index))var \(property(binding)): Factory<\(plan.naming.spell(provided.expression))>") { out in
                out.line("self { self.\(property(main))() }")
            }
        }
    }

    /// A value the app hands over (`supplied`, or an `external` key): registered at launch.
    private func writeSupplied(_ binding: BindingKey, type: String, _ out: inout SwiftWriter) {
        out.line()
        out.line("/// Supplied by the app: `Container.shared.\(property(binding)).register { … }` before anything resolves it.")
        out.block("\(access.prefix)var \(property(binding)): Factory<\(type)>") { out in
            let message = SwiftWriter.literal("digraph: register '\(binding)' at launch: Container.shared.\(property(binding)).register { … }")
            out.line("self { preconditionFailure(\(message)) }.cached")
        }
    }

    private func doc(_ registration: Registration) -> String {
        "/// '\(PrintableText.escape(registration.displayName))', \(registration.lifetime.rawValue)" + (registration.isolation.map { ", on \($0.key)" } ?? "")
            + "."
    }

    /// The closure's statements: the construction (or the forwarded resolve), then any properties.
    private func body(_ index: Int, passing names: [String]) -> [String] {
        let registration = graph.registrations[index]
        if let alias = graph.edges[index].first(where: { $0.kind == .alias }) {
            return [resolve(alias, passing: names)]
        }
        let (callee, arguments) = plan.construction(of: index) { value(for: graph.edge(from: index, dependency: $1), $0) }
        let built = arguments.map { "\(callee)(\($0.joined(separator: ", ")))" } ?? callee
        guard !registration.properties.isEmpty else { return [built] }
        var lines = ["let instance = \(built)"]
        for (position, property) in registration.properties.enumerated() {
            lines.append("instance.\(SwiftNaming.escaped(property.label.value)) = \(value(for: graph.edge(from: index, property: position), property))")
        }
        lines.append("return instance")
        return lines
    }

    /// A runtime argument inside a factory closure is named by its label, as a person writes it and
    /// as `digraph import` reads it back; `arg_<label>` only where the label is a keyword or a name
    /// the closure uses itself (`instance`, `arguments`).
    static func localName(_ label: String) -> String {
        let taken: Set<String> = ["instance", "arguments", "self", "Self", "super"]
        let plain = !taken.contains(label) && !label.hasPrefix("_") && !label.hasPrefix("arg_") && SwiftNaming.escaped(label) == label
        return plain ? label : SwiftNaming.argumentName(label)
    }

    private func value(for edge: @autoclosure () -> Edge, _ dependency: Dependency) -> String {
        switch dependency.source {
        case .argument(let label):
            return Self.localName(label.value)
        case .service(_, _, let isLazy, let passing):
            let edge = edge()
            guard isLazy else { return resolve(edge, passing: passing.map { Self.localName($0.value) }) }
            guard let target = edge.target else { return edge.isOptional ? "{ nil }" : "{ \(resolve(edge, passing: [])) }" }
            return plan.lazyClosure(to: target) { resolve(edge, passing: $0.map { SwiftNaming.argumentName($0.label.value) }) }
        }
    }

    private func resolve(_ edge: Edge, passing values: [String]) -> String {
        if edge.target == nil, edge.isOptional, !graph.externalKeys.contains(edge.binding.key) { return "nil" }
        // The key asked for has its own property; one the graph answers otherwise (a typealias, a
        // specialization) asks the registration's first key.
        let target =
            edge.target.map {
                plan.accessors[edge.binding] != nil
                    ? edge.binding : BindingKey(key: graph.registrations[$0].provides[0].key, name: graph.registrations[$0].name?.value)
            } ?? edge.binding
        let call = "self.\(property(target))"
        switch values.count {
        case 0: return call + "()"
        case 1: return call + "(\(values[0]))"
        default: return call + "((\(values.joined(separator: ", "))))"
        }
    }
}
