import DigraphCore

public enum AccessLevel: String, CaseIterable, Sendable {
    case `public`, `internal`

    var prefix: String { self == .public ? "public " : "" }
}

/// Generates a dependency container in plain Swift, with no runtime library: one accessor per key,
/// lazy thread-safe singletons, fresh transients, graph scope per top-level resolve, weak sharing,
/// runtime arguments as parameters, lazy dependencies as closures, and overrides for tests.
public struct PlainContainerGenerator {
    let plan: GenerationPlan
    /// App types named like the container's nested types, and the aliases they are spelled through.
    let outerAliases: [(outer: String, alias: String)]
    let access: AccessLevel
    let sources: [String]
    /// How many files of registrations to write beside the container's own (1: one file).
    let parts: Int

    public init(plan: GenerationPlan, access: AccessLevel = .internal, sources: [String], parts: Int = 1) {
        let container = plan.graph.manifests.compactMap(\.container).first?.value ?? "AppContainer"
        (self.plan, outerAliases) = plan.aliasing(["Overrides", "_GraphScope"], prefix: container)
        self.access = access
        self.sources = sources
        self.parts = max(1, parts)
        usesGraphScope = plan.graph.registrations.contains { $0.lifetime == .graph && !$0.isSupplied }
    }

    /// Internal members are `private` in one file; split across files they must be visible to the
    /// extensions in the other files of the module.
    var memberAccess: String { parts > 1 ? "" : "private " }

    var graph: DependencyGraph { plan.graph }
    /// The graph scope is threaded through the builders only when some registration needs it:
    /// without `graph` lifetimes a resolve allocates nothing but what it builds.
    /// (Computed once: it is asked for every registration.)
    let usesGraphScope: Bool
    /// The leading arguments of internal calls: the scope, when there is one.
    var scopeArgument: [String] { usesGraphScope ? ["scope"] : [] }
    var containerName: String { graph.manifests.compactMap(\.container).first?.value ?? "AppContainer" }

    public func generate() -> String {
        generateFiles()[0].text
    }

    /// The container's source: one file, or with `parts` > 1 the class (overrides, storage, init)
    /// in `<Container>.swift` and its registrations spread over `<Container>+Registrations<n>.swift`
    /// extensions, which the compiler can work on in parallel.
    public func generateFiles() -> [(name: String, text: String)] {
        let registrations = Array(graph.registrations.indices)
        let chunkSize = parts > 1 ? (registrations.count + parts - 1) / parts : registrations.count
        var main = fileStart()
        for (outer, alias) in outerAliases { main.line("\(access.prefix)typealias \(alias) = \(outer)") }
        if !outerAliases.isEmpty { main.line() }
        main.line("/// The composition root: one accessor per registered key. Nothing is built until asked for.")
        main.line("/// Replace registrations in tests by passing `overrides` to the initializer.")
        main.line("/// Sendable: the overrides are immutable, every stored instance is guarded by `_lock` and every")
        main.line("/// first build by `_buildLock`.")
        main.block("\(access.prefix)final class \(containerName): @unchecked Sendable") { out in
            writeOverrides(&out)
            writeStorage(&out)
            writeInitializer(&out)
            if parts == 1 { for index in registrations { writeRegistration(index, &out) } }
            for external in plan.externals { writeExternalAccessor(external, &out) }
            writeHelpers(&out)
            if usesGraphScope {
                out.line()
                out.line("/// Values shared within one top-level resolve (the `graph` lifetime).")
                out.block("\(memberAccess)final class _GraphScope") { out in
                    out.line("var instances: [Int: Any] = [:]")
                }
            }
        }
        var files = [(name: "\(containerName).swift", text: main.text)]
        guard parts > 1 else { return files }
        for (number, start) in stride(from: 0, to: registrations.count, by: max(1, chunkSize)).enumerated() {
            var file = fileStart()
            file.block("extension \(containerName)") { out in
                for index in registrations[start..<min(start + chunkSize, registrations.count)] { writeRegistration(index, &out) }
            }
            files.append((name: "\(containerName)+Registrations\(number + 1).swift", text: file.text))
        }
        return files
    }

    /// The options that shape this output, recorded in the header for `--check`.
    var headerOptions: [(flag: String, value: String)] {
        [("--target", "plain"), ("--access", access.rawValue)] + (parts > 1 ? [("--split", String(parts))] : [])
    }

    private func fileStart() -> SwiftWriter {
        var out = SwiftWriter()
        for line in GeneratedHeader.lines(sources: sources, options: headerOptions) { out.line(line) }
        out.line()
        for module in plan.imports(needed: ["Foundation"]) { out.line("import \(module)") }
        out.line()
        return out
    }

    // MARK: Overrides

    private func overrideType(_ index: Int) -> String {
        let owner = plan.argumentOwner(of: index)
        let arguments = graph.registrations[owner].arguments.map { plan.naming.spell($0.type.expression) }
        return GenerationPlan.optional(
            "@Sendable \(plan.actorAttribute(of: index))(\(([containerName] + arguments).joined(separator: ", "))) -> \(plan.valueType(of: index))")
    }

    private func writeOverrides(_ out: inout SwiftWriter) {
        out.line("/// Replacements for registrations, for tests and previews: set them on a value of this type and")
        out.line("/// pass it to the initializer. Each closure receives the container (and the runtime arguments).")
        out.block("\(access.prefix)struct Overrides: Sendable") { out in
            for (index, registration) in graph.registrations.enumerated() where !registration.isSupplied {
                out.line("\(access.prefix)var \(SwiftNaming.escaped(plan.registrationNames[index])): \(overrideType(index))")
            }
            out.line("\(access.prefix)init() {}")
            out.line()
            out.line("/// Whether nothing is replaced; the container then never looks for a replacement.")
            out.block("\(access.prefix)var isEmpty: Bool") { out in
                // One test per line: a long `&&` chain is slow to type-check in a big container.
                for (index, registration) in graph.registrations.enumerated() where !registration.isSupplied {
                    out.line("if \(SwiftNaming.escaped(plan.registrationNames[index])) != nil { return false }")
                }
                out.line("return true")
            }
        }
        out.line()
        out.line("/// Given to the initializer and never changed, so every lifetime sees the same replacements.")
        out.line("\(access.prefix)let overrides: Overrides")
        out.line("/// `!overrides.isEmpty`, worked out once: a build looks for its replacement only when there are some.")
        out.line("\(memberAccess)let _overridden: Bool")
    }

    // MARK: Storage and init

    private var suppliedIndices: [Int] { graph.registrations.indices.filter { graph.registrations[$0].isSupplied } }

    private func writeStorage(_ out: inout SwiftWriter) {
        out.line()
        // NSLock rather than Synchronization.Mutex: the generated code must build for apps that
        // still support OS versions older than Mutex (iOS 18, macOS 15).
        out.line("/// Guards the stored instances. Held only to read or store one, never while building, so it")
        out.line("/// need not be recursive: a resolve of a value already built takes it once and lets go.")
        out.line("\(memberAccess)let _lock = Foundation.NSLock()")
        out.line("/// Held while a shared value is built for the first time: one thread builds at a time, and the")
        out.line("/// `_building_` flags it guards catch a value asked for again while it is built. Recursive")
        out.line("/// because building one singleton builds others.")
        out.line("\(memberAccess)let _buildLock = Foundation.NSRecursiveLock()")
        for index in suppliedIndices {
            out.line("\(memberAccess)let _supplied_\(plan.registrationNames[index]): \(plan.valueType(of: index))")
        }
        for external in plan.externals {
            out.line(
                "\(memberAccess)let _external_\(plan.accessor(for: BindingKey(key: external.key, name: nil))): \(plan.naming.spell(external.keyExpression))")
        }
        for (index, registration) in graph.registrations.enumerated() where !registration.isSupplied {
            let name = plan.registrationNames[index]
            switch registration.lifetime {
            case .singleton: out.line("\(memberAccess)var _singleton_\(name): \(GenerationPlan.optional(plan.valueType(of: index)))")
            case .weak: out.line("\(memberAccess)weak var _weak_\(name): AnyObject?")
            case .transient, .graph: continue
            }
            // Set while the value is being built: asking for it again then is a re-entrant construction.
            out.line("\(memberAccess)var _building_\(name) = false")
            if !registration.properties.isEmpty {
                // Built and having its properties set: only the building thread (which may be led
                // back to it by a property) sees it; the others wait until it is complete.
                out.line("\(memberAccess)var _pending_\(name): \(GenerationPlan.optional(plan.valueType(of: index)))")
            }
        }
    }

    private func writeInitializer(_ out: inout SwiftWriter) {
        var parameters: [(label: String, type: String, storage: String)] = []
        for index in suppliedIndices {
            parameters.append(
                (
                    plan.registrationNames[index], SwiftNaming.escapingIfFunction(graph.registrations[index].provides[0].expression, plan.valueType(of: index)),
                    "_supplied_\(plan.registrationNames[index])"
                ))
        }
        for external in plan.externals {
            let name = plan.accessor(for: BindingKey(key: external.key, name: nil))
            let type = external.keyExpression
            parameters.append((name, SwiftNaming.escapingIfFunction(type, plan.naming.spell(type)), "_external_\(name)"))
        }
        parameters.append(("overrides", "Overrides = Overrides()", "overrides"))
        out.line()
        out.line("/// Supplied values and external keys are handed in here, and replacements for tests;")
        out.line("/// everything else is built on demand.")
        // `label arg_label`: the label may be a keyword (`default`), the name inside may not.
        out.block("\(access.prefix)init(\(parameters.map { "\($0.label) \(SwiftNaming.argumentName($0.label)): \($0.type)" }.joined(separator: ", ")))") {
            out in
            for parameter in parameters { out.line("self.\(parameter.storage) = \(SwiftNaming.argumentName(parameter.label))") }
            out.line("self._overridden = !\(SwiftNaming.argumentName("overrides")).isEmpty")
        }
    }

    // MARK: One registration

    private func writeRegistration(_ index: Int, _ out: inout SwiftWriter) {
        let registration = graph.registrations[index]
        let name = plan.registrationNames[index]
        let actor = plan.actorAttribute(of: index)
        let owner = plan.argumentOwner(of: index)
        let arguments = graph.registrations[owner].arguments
        let argumentList = plan.argumentParameters(of: owner)
        let passArguments = arguments.map { "\($0.label.value): \(SwiftNaming.argumentName($0.label.value))" }
        let valueType = plan.valueType(of: index)

        out.line()
        out.line("// MARK: \(registration.displayName) (\(registration.isSupplied ? "supplied" : registration.lifetime.rawValue))")

        // Public accessors, one per key.
        for provided in registration.provides {
            let accessor = plan.accessor(for: BindingKey(key: provided.key, name: registration.name?.value))
            out.line()
            out.block("\(actor)\(access.prefix)func \(SwiftNaming.escaped(accessor))(\(argumentList)) -> \(plan.naming.spell(provided.expression))") { out in
                out.line(instanceCall(of: index, scope: usesGraphScope ? ["_GraphScope()"] : [], passing: passArguments))
            }
        }
        guard !registration.isSupplied else { return }

        let scopeParameter = ((usesGraphScope ? ["_ scope: _GraphScope"] : []) + (argumentList.isEmpty ? [] : [argumentList])).joined(separator: ", ")
        let buildCall = "_build_\(name)(\((scopeArgument + passArguments).joined(separator: ", ")))"
        // Transients are built on every call: they need no cache function of their own.
        if registration.lifetime != .transient {
            out.line()
            out.block("\(actor)\(memberAccess)func _instance_\(name)(\(scopeParameter)) -> \(valueType)") { out in
                writeCache(index, buildCall: buildCall, &out)
            }
        }

        out.line()
        out.block("\(actor)\(memberAccess)func _build_\(name)(\(scopeParameter)) -> \(valueType)") { out in
            out.line(
                "if _overridden, let override = self.overrides.\(name) { return override(\((["self"] + arguments.map { SwiftNaming.argumentName($0.label.value) }).joined(separator: ", "))) }"
            )
            if let aliasEdge = graph.edges[index].first(where: { $0.kind == .alias }) {
                out.line("return " + resolution(of: aliasEdge, from: index, passing: passArguments))
                return
            }
            let (callee, arguments) = plan.construction(of: index) { value(for: graph.edge(from: index, dependency: $1), $0) }
            // A transient has no cache to keep it in while its properties are set: it gets them here.
            let injectsHere = registration.lifetime == .transient && !registration.properties.isEmpty
            let start = injectsHere ? "let instance = " : "return "
            if let arguments, arguments.count > 1 {
                // One parameter per line keeps long initializers readable in review.
                out.line("\(start)\(callee)(")
                for (position, argument) in arguments.enumerated() {
                    out.line("    " + argument + (position < arguments.count - 1 ? "," : ""))
                }
                out.line(")")
            } else {
                out.line(start + callee + (arguments.map { "(\($0.joined()))" } ?? ""))
            }
            if injectsHere {
                out.line("_inject_\(name)(\((["instance"] + scopeArgument + passArguments).joined(separator: ", ")))")
                out.line("return instance")
            }
        }
        if !registration.properties.isEmpty { writeInjection(index, scopeParameter: scopeParameter, &out) }
    }

    /// Properties are set after construction, and for a shared value after it is stored: a property
    /// may lead back to its holder (how a cycle is legitimately closed), which then finds it.
    private func writeInjection(_ index: Int, scopeParameter: String, _ out: inout SwiftWriter) {
        let registration = graph.registrations[index]
        let name = plan.registrationNames[index]
        let implementation = plan.naming.spell(registration.implementation!.expression)
        let parameters = (["_ instance: \(implementation)"] + (scopeParameter.isEmpty ? [] : [scopeParameter])).joined(separator: ", ")
        out.line()
        out.block("\(plan.actorAttribute(of: index))\(memberAccess)func _inject_\(name)(\(parameters))") { out in
            let hops = hoppingProperties(of: index)
            // A value built on another actor is fetched there; the scope crosses with it.
            if !hops.isEmpty, usesGraphScope { out.line("nonisolated(unsafe) let scope = scope") }
            for (position, property) in registration.properties.enumerated() {
                let edge = graph.edge(from: index, property: position)
                var value = value(for: edge, property)
                if let actor = hops[position] { value = "\(actor).assumeIsolated { \(value) }" }
                out.line("instance.\(SwiftNaming.escaped(property.label.value)) = \(value)")
            }
        }
    }

    /// Properties whose value is built on a global actor the holder does not run on, by position.
    private func hoppingProperties(of index: Int) -> [Int: String] {
        var hops: [Int: String] = [:]
        for edge in graph.edges[index] where edge.isProperty && edge.isImmediate {
            guard case .property(let position) = edge.kind, let target = edge.target,
                let actor = plan.isolation[target], plan.isolation[index] == nil
            else { continue }
            hops[position] = actor
        }
        return hops
    }

    /// The body that keeps a shared value: a singleton or a weak reference read under `_lock` and
    /// built once under `_buildLock`, or the graph scope.
    private func writeCache(_ index: Int, buildCall: String, _ out: inout SwiftWriter) {
        let name = plan.registrationNames[index]
        let valueType = plan.valueType(of: index)
        let registration = graph.registrations[index]
        let stored: (slot: String, read: String)
        switch registration.lifetime {
        case .transient:
            out.line(buildCall)
            return
        case .graph:
            out.line("if let existing = scope.instances[\(index)] as? \(valueType) { return existing }")
            out.line("let created = \(buildCall)")
            out.line("scope.instances[\(index)] = created")
            if let inject = injection(of: index) { out.line(inject) }
            out.line("return created")
            return
        case .singleton:
            stored = ("_singleton_\(name)", "_singleton_\(name)")
        case .weak:
            if let implementation = plan.weakImplementation(of: index) {
                out.line("// `weak` keeps no strong reference, so what it holds must be a class.")
                out.line("Self._weakLifetimeRequiresAClass(\(plan.naming.metatype(implementation)))")
            }
            stored = ("_weak_\(name)", "_weak_\(name) as? \(valueType)")
        }
        // Already built: one short hold of the plain lock.
        out.line("_lock.lock()")
        out.line("if let existing = \(stored.read) { _lock.unlock(); return existing }")
        out.line("_lock.unlock()")
        // First build. Every store happens under `_buildLock` too, so holding it is enough to read;
        // a thread that waited here finds what the other one stored.
        out.line("_buildLock.lock()")
        out.line("defer { _buildLock.unlock() }")
        out.line("if let existing = \(stored.read) { return existing }")
        let inject = injection(of: index)
        if inject != nil { out.line("if let pending = _pending_\(name) { return pending }") }
        // Asked for while being built (a lazy dependency called from its own initializer): only
        // this thread can, and going on would build a second one.
        out.line(
            "if _building_\(name) { Self._failure(\(SwiftWriter.literal("'\(registration.displayName)' was asked for while it was being built: a lazy dependency called from its initializer leads back to it; call that closure after initialization"))) }"
        )
        out.line("_building_\(name) = true")
        out.line("defer { _building_\(name) = false }")
        out.line("let created = \(buildCall)")
        if registration.lifetime == .weak {
            // An override (or an alias) may hand back a struct, which a weak reference cannot share.
            out.line(
                "if !(Swift.type(of: created as Any) is AnyClass) { Self._failure(\(SwiftWriter.literal("'\(registration.displayName)' has lifetime weak but was given a value that is not a class instance, which cannot be shared"))) }"
            )
        }
        if let inject {
            out.line("_pending_\(name) = created")
            out.line(inject)
            out.line("_pending_\(name) = nil")
        }
        out.line("_lock.lock()")
        out.line("\(stored.slot) = created\(registration.lifetime == .weak ? " as AnyObject" : "")")
        out.line("_lock.unlock()")
        out.line("return created")
    }

    /// The call that sets a shared value's properties once it is built, unless an override built it.
    private func injection(of index: Int) -> String? {
        let registration = graph.registrations[index]
        guard !registration.properties.isEmpty else { return nil }
        let name = plan.registrationNames[index]
        let implementation = plan.naming.spell(registration.implementation!.expression)
        let instance = implementation == plan.valueType(of: index) ? "created" : "created as! \(implementation)"
        let passing = graph.registrations[plan.argumentOwner(of: index)].arguments.map { "\($0.label.value): \(SwiftNaming.argumentName($0.label.value))" }
        return "if overrides.\(name) == nil { _inject_\(name)(\(([instance] + scopeArgument + passing).joined(separator: ", "))) }"
    }

    /// The helpers shared values need: the diagnosis of misuse, and the static check for `weak`.
    private func writeHelpers(_ out: inout SwiftWriter) {
        let lifetimes = Set(graph.registrations.filter { !$0.isSupplied }.map(\.lifetime))
        guard lifetimes.contains(.singleton) || lifetimes.contains(.weak) else { return }
        out.line()
        out.block("\(memberAccess)static func _failure(_ message: String) -> Never") { out in
            out.line("preconditionFailure(\(SwiftWriter.literal(containerName + ": ")) + message)")
        }
        if graph.registrations.indices.contains(where: { plan.weakImplementation(of: $0) != nil }) {
            out.line()
            out.line("\(memberAccess)static func _weakLifetimeRequiresAClass<Value: AnyObject>(_ type: Value.Type) {}")
        }
    }

    /// How a value of a registration is obtained: the stored value of a supplied one, a fresh build
    /// of a transient, the cache function of a shared one.
    private func instanceCall(of index: Int, scope: [String], passing: [String]) -> String {
        let registration = graph.registrations[index]
        let name = plan.registrationNames[index]
        if registration.isSupplied { return "_supplied_\(name)" }
        let function = registration.lifetime == .transient ? "_build_" : "_instance_"
        return "\(function)\(name)(\((scope + passing).joined(separator: ", ")))"
    }

    /// The expression passed for one initializer parameter or property.
    private func value(for edge: @autoclosure () -> Edge, _ dependency: Dependency) -> String {
        switch dependency.source {
        case .argument(let label):
            return SwiftNaming.argumentName(label.value)
        case .service(_, _, let isLazy, let passing):
            let edge = edge()
            let index = edge.from
            let passed = passing.map { SwiftNaming.argumentName($0.value) }
            guard isLazy else { return resolution(of: edge, from: index, passing: targetLabels(edge, passed)) }
            return lazyClosure(for: edge)
        }
    }

    /// `label: value` pairs for a target's arguments, matched by position.
    private func targetLabels(_ edge: Edge, _ values: [String]) -> [String] {
        guard let target = edge.target else { return [] }
        let owner = plan.argumentOwner(of: target)
        return zip(graph.registrations[owner].arguments, values).map { "\($0.label.value): \($1)" }
    }

    /// How a builder gets the value of an edge: the target's instance (sharing the graph scope),
    /// a supplied or external value, or nil for an optional nothing provides.
    private func resolution(of edge: Edge, from index: Int, passing: [String]) -> String {
        if let target = edge.target {
            return instanceCall(of: target, scope: scopeArgument, passing: passing)
        }
        if graph.externalKeys.contains(edge.binding.key) {
            return "_external_\(plan.accessor(for: BindingKey(key: edge.binding.key, name: nil)))"
        }
        return "nil"
    }

    /// A closure that resolves the dependency when called, through the public accessor (a new
    /// top-level resolve). It holds the container strongly, as Swinject's closures hold their
    /// resolver: it works for as long as it exists, even after everyone else let go of the container.
    private func lazyClosure(for edge: Edge) -> String {
        guard let target = edge.target else {
            if graph.externalKeys.contains(edge.binding.key) {
                return "{ self._external_\(plan.accessor(for: BindingKey(key: edge.binding.key, name: nil))) }"
            }
            return "{ nil }"
        }
        let accessor = SwiftNaming.escaped(plan.accessor(for: edge.binding))
        return plan.lazyClosure(to: target) { arguments in
            "self.\(accessor)(\(arguments.map { "\($0.label.value): \(SwiftNaming.argumentName($0.label.value))" }.joined(separator: ", ")))"
        }
    }

    private func writeExternalAccessor(_ external: TypeReference, _ out: inout SwiftWriter) {
        let accessor = plan.accessor(for: BindingKey(key: external.key, name: nil))
        out.line()
        out.line("// MARK: \(external.key) (external)")
        out.line()
        out.block("\(access.prefix)func \(SwiftNaming.escaped(accessor))() -> \(plan.naming.spell(external.keyExpression))") { out in
            out.line("_external_\(accessor)")
        }
    }
}
