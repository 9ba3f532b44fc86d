import DigraphCore

/// Writes Swift declarations for every type a manifest names, so that generated code can be
/// compiled and run without the app (`gen-swift --target stubs`): a protocol per key the generator
/// treats as a protocol, and a class per implementation whose initializer takes exactly the declared
/// parameters. Each class counts its instances and keeps what it was given, which is what the
/// behaviour tests and the resolve benchmark check.
public struct StubGenerator {
    /// Types Foundation declares on every platform. (`URLSession` is not among them: on Linux it
    /// lives in FoundationNetworking, so the stubs declare their own.)
    static let standardTypes: Set<String> = [
        "String", "Int", "Double", "Bool", "URL", "Date", "Calendar", "UUID", "Data",
        "TimeInterval", "Void", "Any", "AnyObject",
    ]

    let plan: GenerationPlan
    var graph: DependencyGraph { plan.graph }

    let sources: [String]

    public init(plan: GenerationPlan, sources: [String] = []) {
        self.plan = plan
        self.sources = sources
    }

    public func generate() -> String {
        var lines = GeneratedHeader.lines(
            sources: sources, options: [("--target", "stubs")],
            purpose: "stand-ins for the manifest's types, to try generated code without the app.")
        lines += [
            "", "import Foundation", "",
            "/// Guards the instance counters: containers build on many threads at once.",
            "public let stubCounting = NSLock()", "",
        ]
        var declared = Set<String>()

        // Protocols, with the protocols they refine: an interface's `composes`, and the key of an
        // alias to a protocol (Swift converts `any Target` to `any Alias` only when Target: Alias).
        var refinements: [String: [String]] = [:]
        for key in graph.interfaces.keys.sorted() { refinements[key, default: []] += graph.interfaces[key]!.composes.map(\.key) }
        for registration in graph.registrations {
            guard let target = registration.aliasOf?.key, plan.naming.protocolKeys.contains(target) else { continue }
            for provided in registration.provides where provided.key != target { refinements[target, default: []].append(provided.key) }
        }
        // Global actors other than MainActor.
        for actor in Set(plan.isolation.compactMap { $0 }).subtracting(["MainActor"]).sorted() {
            lines.append("@globalActor public actor \(actor) { public static let shared = \(actor)() }")
            declared.insert(actor)
        }
        // A generic protocol key (`Repository<Order>`) is a protocol with primary associated types.
        for key in plan.naming.protocolKeys.sorted() {
            guard let type = try? TypeExpressionParser.parse(key), case .nominal(let components) = type,
                components.dropLast().allSatisfy({ $0.genericArguments.isEmpty })
            else { continue }
            let base = components.map(\.name).joined(separator: ".")
            guard !declared.contains(base) else { continue }
            let arity = components.last!.genericArguments.count
            let refined = (refinements[key] ?? []).filter { !$0.contains("<") }
            let associated = (0..<arity).map { "T\($0 + 1)" }
            let primary = associated.isEmpty ? "" : "<" + associated.joined(separator: ", ") + ">"
            let body = associated.isEmpty ? "{}" : "{ " + associated.map { "associatedtype \($0)" }.joined(separator: "; ") + " }"
            lines += nested(base, declared: &declared) {
                "public protocol \($0)\(primary): \((refined.isEmpty ? ["AnyObject"] : refined).joined(separator: ", ")) \(body)"
            }
        }

        // Implementations: what each is registered as, and its initializer.
        var conformances: [String: [String]] = [:]
        var initializers: [String: (parameters: [Parameter], isolation: String?, factory: String?)] = [:]
        // Properties set after construction: optional (nil until the container sets them).
        var properties: [String: [(name: String, type: String)]] = [:]
        var order: [String] = []
        var ordered = Set<String>()
        var conformed = Set<[String]>()
        for (index, registration) in graph.registrations.enumerated() {
            // An alias's keys are conformances of the implementation it forwards to.
            let builder = graph.registrations[plan.argumentOwner(of: index)]
            guard let implementation = builder.implementation?.key, !builder.isSupplied else { continue }
            if ordered.insert(implementation).inserted { order.append(implementation) }
            for provided in registration.provides where provided.key != implementation {
                // Only named types can be conformed to (a class is not a `(Int) -> String`).
                for member in provided.expression.normalized().compositionMembers {
                    guard case .nominal = member, conformed.insert([implementation, member.key]).inserted else { continue }
                    conformances[implementation, default: []].append(member.key)
                }
            }
            if initializers[implementation] == nil, registration.aliasOf == nil {
                let parameters = registration.dependencies.enumerated().map { position, dependency in
                    Parameter(
                        isUnlabeled: dependency.isUnlabeled,
                        name: dependency.isUnlabeled ? "unlabeled" + dependency.label.value : dependency.label.value,
                        type: parameterType(dependency, position: position, of: index))
                }
                initializers[implementation] = (parameters, plan.isolation[index], registration.factory?.value)
                properties[implementation] = registration.properties.enumerated().map { position, property in
                    let type = parameterType(property, edge: graph.edge(from: index, property: position), of: index).replacingEscaping
                    return (SwiftNaming.escaped(property.label.value), property.service?.expression.isOptional == true ? type : GenerationPlan.optional(type))
                }
            }
        }
        for implementation in order {
            let protocols = conformances[implementation] ?? []
            if Self.standardTypes.contains(implementation) {
                lines.append("extension \(implementation): \(protocols.joined(separator: ", ")) {}")
                continue
            }
            let (parameters, isolation, factory) = initializers[implementation]!
            let actor = isolation.map { "@\($0) " } ?? ""
            // `Repository<Order>` is conformed to as `Repository`, with `typealias T1 = Order`.
            var typealiases: [String] = []
            let conformed = protocols.map { member -> String in
                guard let type = try? TypeExpressionParser.parse(member), case .nominal(let components) = type,
                    let last = components.last, !last.genericArguments.isEmpty
                else { return member }
                for (position, argument) in last.genericArguments.enumerated() {
                    typealiases.append("    public typealias T\(position + 1) = \(plan.naming.spell(argument))")
                }
                return components.map(\.name).joined(separator: ".")
            }
            let inherits = (conformed + (isolation == nil ? ["@unchecked Sendable"] : [])).joined(separator: ", ")
            var classLines = ["\(actor)public final class \(simpleName(implementation))\(inherits.isEmpty ? "" : ": " + inherits) {"]
            classLines += typealiases
            swap(&lines, &classLines)
            lines.append("    nonisolated(unsafe) public static var instances = 0")
            for parameter in parameters { lines.append("    public let \(parameter.identifier): \(parameter.type.replacingEscaping)") }
            for property in properties[implementation] ?? [] { lines.append("    public var \(property.name): \(property.type)") }
            lines.append("    public init(\(parameters.map(\.declaration).joined(separator: ", "))) {")
            for parameter in parameters { lines.append("        self.\(parameter.identifier) = \(parameter.identifier)") }
            lines.append("        stubCounting.lock(); Self.instances += 1; stubCounting.unlock()")
            lines.append("    }")
            if let factory = factory.map(SwiftNaming.escaped) {
                lines.append(
                    parameters.isEmpty
                        ? "    public static var \(factory): \(implementation) { \(implementation)() }"
                        : "    public static func \(factory)(\(parameters.map(\.declaration).joined(separator: ", "))) -> \(implementation) { \(implementation)(\(parameters.map(\.call).joined(separator: ", "))) }"
                )
            }
            lines.append("}")
            swap(&lines, &classLines)
            lines += nested(implementation, declared: &declared) { _ in classLines.joined(separator: "\n") }
        }

        // Every other type named (arguments, externals, supplied values): an empty class.
        var others = Set<String>()
        func collect(_ type: TypeExpression) {
            type.normalized().visitAll { nested in
                if case .nominal(let components) = nested, components.allSatisfy({ $0.genericArguments.isEmpty }) {
                    others.insert(components.map(\.name).joined(separator: "."))
                }
            }
        }
        for registration in graph.registrations {
            for type in registration.provides + registration.arguments.map(\.type) { collect(type.expression) }
            for dependency in registration.dependencies + registration.properties { if let type = dependency.service { collect(type.expression) } }
        }
        for external in graph.externals { collect(external.keyExpression) }
        for name in others.sorted() where !declared.contains(name) && !Self.standardTypes.contains(name) && name != "MainActor" {
            lines += nested(name, declared: &declared) { "public final class \($0): @unchecked Sendable { public init() {} }" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Foo.Bar`'s declaration inside `extension Foo { … }`, declaring `Foo` as an empty enum first
    /// when nothing else declares it; a top-level name is declared as it is.
    private func nested(_ qualified: String, declared: inout Set<String>, _ declaration: (String) -> String) -> [String] {
        let parts = qualified.split(separator: ".").map(String.init)
        declared.insert(qualified)
        guard parts.count > 1 else { return [declaration(qualified)] }
        var lines: [String] = []
        for depth in 1..<parts.count {
            let outer = parts[..<depth].joined(separator: ".")
            guard !declared.contains(outer) else { continue }
            declared.insert(outer)
            lines.append(
                depth == 1 ? "public enum \(outer) {}" : "extension \(parts[..<(depth - 1)].joined(separator: ".")) { public enum \(parts[depth - 1]) {} }")
        }
        lines.append("extension \(parts.dropLast().joined(separator: ".")) {")
        lines.append(declaration(parts.last!))
        lines.append("}")
        return lines
    }

    private func simpleName(_ qualified: String) -> String {
        String(qualified.split(separator: ".").last ?? Substring(qualified))
    }

    struct Parameter {
        var isUnlabeled: Bool
        var name: String
        var type: String
        /// The name where it is an identifier (a label like `default` needs backticks there).
        var identifier: String { SwiftNaming.escaped(name) }
        var declaration: String { (isUnlabeled ? "_ " : "") + identifier + ": " + type }
        var call: String { isUnlabeled ? identifier : name + ": " + identifier }
    }

    private func parameterType(_ dependency: Dependency, position: Int, of index: Int) -> String {
        parameterType(dependency, edge: graph.edge(from: index, dependency: position), of: index)
    }

    private func parameterType(_ dependency: Dependency, edge: @autoclosure () -> Edge, of index: Int) -> String {
        let registration = graph.registrations[index]
        switch dependency.source {
        case .argument(let label):
            return SwiftNaming.escapingIfFunction(
                registration.argument(named: label.value)!.type.expression, plan.naming.spell(registration.argument(named: label.value)!.type.expression))
        case .service(let type, _, let isLazy, _):
            let spelled = plan.naming.spell(type.expression)
            guard isLazy else { return SwiftNaming.escapingIfFunction(type.expression, spelled) }
            let edge = edge()
            guard let target = edge.target else { return "@escaping () -> \(spelled)" }
            let arguments = graph.registrations[plan.argumentOwner(of: target)].arguments.map { plan.naming.spell($0.type.expression) }
            let actor = plan.isolation[target].map { "@\($0) " } ?? ""
            return "@escaping \(actor)(\(arguments.joined(separator: ", "))) -> \(spelled)"
        }
    }
}

extension String {
    /// A stored property's type: `@escaping` belongs to parameters only.
    fileprivate var replacingEscaping: String { hasPrefix("@escaping ") ? String(dropFirst("@escaping ".count)) : self }
}
