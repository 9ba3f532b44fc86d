import DigraphCore

/// Generates a Swift Testing file that builds the app's own container the way the app does (its
/// Swinject assemblies, its Factory containers) and resolves every registration, one test per key:
/// it resolves, and a singleton is one instance. What the sources cannot tell (runtime arguments,
/// an assembly built from values) comes from a setup file written once for the team to fill in.
public struct ResolveAllTestsGenerator {
    let plan: GenerationPlan
    let recipe: ContainerRecipe
    let library: ContainerRecipe.Library
    let module: String
    /// The modules that declare the keys, besides the app's (a modular app's packages).
    let imports: [String]
    let sources: [String]

    /// The generated suite, and the team's setup type it asks.
    public static let suite = "ResolveAllTests"
    public static let setup = "ResolveAllSetup"

    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    public init(plan: GenerationPlan, recipe: ContainerRecipe?, module: String, imports: [String] = [], sources: [String]) throws(Refusal) {
        guard let recipe else {
            throw Refusal(
                description:
                    "--target tests builds the app's container the way the app does, which only its Swift sources say: give the app's Swift folder, not manifests"
            )
        }
        guard let library = recipe.libraries.first?.library else {
            throw Refusal(description: "the Swift sources register nothing digraph read, so there is nothing to resolve")
        }
        guard recipe.libraries.count == 1 else {
            let listed = recipe.libraries.map { "\($0.library.rawValue) (\($0.registrations))" }.joined(separator: ", ")
            throw Refusal(
                description:
                    "the app registers through several libraries (\(listed)); --target tests builds one container: leave the others' folders out with --exclude"
            )
        }
        if let odd = recipe.assemblies.first(where: { !$0.type.split(separator: ".").allSatisfy { TypeExpressionParser.isIdentifierShaped(String($0)) } }) {
            throw Refusal(description: "the assembly type '\(PrintableText.escape(odd.type))' is not a Swift type name")
        }
        if library == .handRolled, recipe.handRolled == nil {
            throw Refusal(
                description:
                    "the hand-rolled container's type could not be told from its declarations (no method of it stores what it is given), so a test cannot build it; write its resolve-all test by hand (`digraph import` lists every key to resolve)"
            )
        }
        self.plan = plan
        self.recipe = recipe
        self.library = library
        self.module = module
        // The modules the sources place keys in (SwiftPM packages), and those the team names.
        let graph = plan.graph
        let declared = graph.registrations.compactMap(\.module?.value) + graph.interfaces.values.compactMap(\.module?.value)
        self.imports = Set(declared + imports).subtracting([module]).filter(TypeExpressionParser.isIdentifierShaped).sorted()
        self.sources = sources
    }

    var graph: DependencyGraph { plan.graph }

    /// Registrations made outside every assembly, by location: a container built from the
    /// assemblies does not hold them.
    private var outside: Set<SourceLocation> { Set(recipe.registeredOutsideAssemblies) }

    public func generate() -> String {
        var out = SwiftWriter()
        let options = [("--target", "tests"), ("--module", module)]
        for line in GeneratedHeader.lines(sources: sources, options: options) { out.line(line) }
        out.line()
        let libraryModule = library == .swinject ? "Swinject" : (recipe.factoryModule ?? "FactoryKit")
        for name in ([libraryModule, "Testing"] + imports).sorted() { out.line("import \(name)") }
        out.line()
        out.line("@testable import \(module)")
        out.line()
        out.line("/// Builds the app's container as the app does and resolves every registration digraph read:")
        out.line("/// a failing test names the key. Runtime arguments and values the sources cannot tell come")
        out.line("/// from \(Self.setup) (\(Self.setup).swift, yours to edit).")
        // Factory's containers and a hand-rolled `shared` container are one per process: one test at a time.
        out.block("@Suite\(library == .swinject ? "" : "(.serialized)") struct \(Self.suite)") { out in
            if library == .swinject { writeSwinjectContainer(&out) }
            for index in graph.registrations.indices {
                for provided in graph.registrations[index].provides { writeTest(index, provided, &out) }
            }
            out.line()
            out.line("/// A value type is copied on every resolve: only a class instance can be one instance.")
            out.block("static func isOneInstance(_ first: Any?, _ second: Any?) -> Bool") { out in
                out.line("guard let first, let second else { return false }")
                out.line("guard type(of: first) is AnyClass else { return true }")
                out.line("return (first as AnyObject) === (second as AnyObject)")
            }
        }
        return out.text
    }

    private func writeSwinjectContainer(_ out: inout SwiftWriter) {
        out.line()
        out.line("/// The assemblies the app applies, in the order their registrations run.")
        out.block("static func makeContainer() -> Swinject.Container") { out in
            let built = recipe.assemblies.map { assembly in
                assembly.buildsWithoutArguments ? "\(assembly.type)()" : "\(Self.setup).\(Self.builderName(of: assembly.type))()"
            }
            out.line("let container = Swinject.Container()")
            out.line("_ = Swinject.Assembler([\(built.joined(separator: ", "))], container: container)")
            out.line("return container")
        }
        // A factory that force-unwraps a missing key would stop the whole test run without naming
        // it: each test first looks for its key and every key its factory resolves at once.
        out.line()
        out.line("/// Whether the container holds `key` and every key its factory resolves at once; if not, an")
        out.line("/// issue names the first one missing.")
        out.block(
            "static func holdsWhatResolving(_ key: String, needs container: Swinject.Container, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool"
        ) { out in
            out.line("guard let missing = missingKey(from: key, in: container) else { return true }")
            out.line(
                "let said = missing == key ? \"'\\(key)' is not registered in the app's container\" : \"'\\(missing)' is not registered in the app's container, and resolving '\\(key)' needs it\""
            )
            out.line("Issue.record(Comment(rawValue: said), sourceLocation: sourceLocation)")
            out.line("return false")
        }
        out.line()
        out.line("/// The first key that resolving `key` needs and the container does not hold, if any.")
        out.block("static func missingKey(from key: String, in container: Swinject.Container) -> String?") { out in
            out.line("var seen = Set<String>()")
            out.line("var pending = [key]")
            out.block("while let next = pending.popLast()") { out in
                out.line("guard seen.insert(next).inserted else { continue }")
                out.line("guard isRegistered(next, in: container) else { return next }")
                out.line("pending += needs(of: next)")
            }
            out.line("return nil")
        }
        out.line()
        out.block("static func isRegistered(_ key: String, in container: Swinject.Container) -> Bool") { out in
            out.line("switch key {")
            var seen = Set<BindingKey>()
            for registration in graph.registrations {
                for provided in registration.provides {
                    let binding = BindingKey(key: provided.key, name: registration.name?.value)
                    guard seen.insert(binding).inserted else { continue }
                    let name = registration.name.map { ", name: \(SwiftWriter.literal($0.value))" } ?? ""
                    out.line(
                        "case \(SwiftWriter.literal(binding.description)): return container.hasAnyRegistration(of: \(plan.naming.metatype(provided.expression))\(name))"
                    )
                }
            }
            out.line("default: return true")
            out.line("}")
        }
        out.line()
        out.line("/// The keys each registration's factory resolves while it builds (lazy and optional ones left out).")
        out.block("static func needs(of key: String) -> [String]") { out in
            out.line("switch key {")
            var seen = Set<BindingKey>()
            for (index, registration) in graph.registrations.enumerated() {
                var needed: [String] = []
                for edge in graph.edges[index] where !edge.isLazy && !edge.isOptional && !needed.contains(edge.binding.description) {
                    needed.append(edge.binding.description)
                }
                for provided in registration.provides {
                    let binding = BindingKey(key: provided.key, name: registration.name?.value)
                    guard !needed.isEmpty, seen.insert(binding).inserted else { continue }
                    out.line("case \(SwiftWriter.literal(binding.description)): return [\(needed.map(SwiftWriter.literal).joined(separator: ", "))]")
                }
            }
            out.line("default: return []")
            out.line("}")
        }
    }

    static func builderName(of type: String) -> String {
        let plain = type.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        return (plain.first.map { String($0).lowercased() } ?? "") + plain.dropFirst()
    }

    private func writeTest(_ index: Int, _ provided: TypeReference, _ out: inout SwiftWriter) {
        let registration = graph.registrations[index]
        let binding = BindingKey(key: provided.key, name: registration.name?.value)
        let shown = binding.description
        let function = "resolves_" + plan.accessor(for: binding).filter { $0 != "`" }
        let arguments = graph.registrations[plan.argumentOwner(of: index)].arguments
        let isOne = registration.lifetime == .singleton || registration.lifetime == .weak
        var traits: [String] = []
        if library == .swinject, outside.contains(registration.location) {
            traits.append(
                ".disabled(\(SwiftWriter.literal("registered outside every assembly (\(registration.location)): a container built from the assemblies does not hold it")))"
            )
        }
        if library == .handRolled, handRolledRead(registration) == nil, let container = recipe.handRolled {
            let missing = registration.name == nil ? "takes its type" : "takes a type and a name"
            traits.append(".disabled(\(SwiftWriter.literal("no method of \(container.containerType) \(missing) to read it back: resolve it by hand")))")
        }
        let argumentTypes = arguments.map { plan.naming.spell($0.type.expression) }
        let argumentsType = argumentTypes.count == 1 ? argumentTypes[0] : "(" + argumentTypes.joined(separator: ", ") + ")"
        let lookup = "\(Self.setup).arguments(for: \(SwiftWriter.literal(shown)))"
        if !arguments.isEmpty {
            traits.append(
                ".enabled(if: \(lookup) != nil, \(SwiftWriter.literal("give its runtime arguments (\(argumentsType)) in \(Self.setup).arguments(for:)")))")
        }
        let title = SwiftWriter.literal("'\(shown)' resolves" + (isOne ? ", one instance" : ""))
        let actor = plan.isolation[index].map { "@\($0) " } ?? ""
        out.line()
        out.block("@Test(\(([title] + traits).joined(separator: ", "))) \(actor)func \(function)() throws") { out in
            var passed: [String] = []
            if !arguments.isEmpty {
                out.line(
                    "let arguments = try #require(\(lookup) as? \(argumentsType), \(SwiftWriter.literal("\(Self.setup).arguments(for: \"\(shown)\") is not a \(argumentsType)")))"
                )
                passed = arguments.count == 1 ? ["arguments"] : arguments.indices.map { "arguments.\($0)" }
            }
            let resolve = resolveExpression(registration, provided, passing: passed)
            switch library {
            case .swinject:
                out.line("let container = Self.makeContainer()")
                out.line("guard Self.holdsWhatResolving(\(SwiftWriter.literal(shown)), needs: container) else { return }")
                out.line("let first = \(resolve)")
                out.line(
                    "#expect(first != nil, \(SwiftWriter.literal("resolving '\(shown)' gives nil: its registration takes other runtime arguments, or its factory gave nil")))"
                )
                if isOne {
                    out.line(
                        "#expect(Self.isOneInstance(first, \(resolve)), \(SwiftWriter.literal("'\(shown)' is registered as one instance (\(registration.lifetime.rawValue)), but two resolves gave two")))"
                    )
                }
            case .handRolled:
                guard let read = handRolledRead(registration) else { break }
                out.line("let container = \(Self.setup).makeContainer()")
                // A resolve that stops on a miss stops the run: its own message (the app's) names the key.
                out.line("let first = \(resolve)")
                if read.givesNil {
                    out.line("#expect(first != nil, \(SwiftWriter.literal("'\(shown)' is not registered in the app's container: resolving it gives nil")))")
                }
                if isOne {
                    out.line(
                        "#expect(Self.isOneInstance(first, \(resolve)), \(SwiftWriter.literal("'\(shown)' is registered as one instance (\(registration.lifetime.rawValue)), but two resolves gave two")))"
                    )
                } else if !read.givesNil {
                    out.line("_ = first")
                }
            case .factory:
                // A factory always gives a value (or stops the test); an optional one may give nil.
                out.line("let first = \(resolve)")
                if provided.expression.isOptional {
                    out.line("#expect(first != nil, \(SwiftWriter.literal("'\(shown)' gave nil: nothing registers a value for it")))")
                }
                if isOne {
                    out.line(
                        "#expect(Self.isOneInstance(first, \(resolve)), \(SwiftWriter.literal("'\(shown)' is registered as one instance (\(registration.lifetime.rawValue)), but two resolves gave two")))"
                    )
                } else if !provided.expression.isOptional {
                    out.line("_ = first")
                }
            }
        }
    }

    private func resolveExpression(_ registration: Registration, _ provided: TypeReference, passing passed: [String]) -> String {
        switch library {
        case .swinject:
            let name = registration.name.map { ", name: \(SwiftWriter.literal($0.value))" } ?? ""
            let arguments =
                passed.isEmpty ? "" : passed.count == 1 ? ", argument: \(passed[0])" : ", arguments: " + passed.joined(separator: ", ")
            return "container.resolve(\(plan.naming.metatype(provided.expression))\(name)\(arguments))"
        case .handRolled:
            guard let read = handRolledRead(registration) else { return "" }
            var arguments: [String] = []
            arguments.append((read.label.map { "\($0): " } ?? "") + plan.naming.metatype(provided.expression))
            if let name = registration.name { arguments.append((read.nameLabel.map { "\($0): " } ?? "") + SwiftWriter.literal(name.value)) }
            return "container.\(read.method)(\(arguments.joined(separator: ", ")))"
        case .factory:
            // A Factory key's name is its property, qualified by its container unless it is `Container`.
            let name = registration.name?.value ?? ""
            let parts = name.split(separator: ".")
            let container = parts.count > 1 ? parts.dropLast().joined(separator: ".") : "Container"
            let property = SwiftNaming.escaped(String(parts.last ?? ""))
            let argument = passed.isEmpty ? "" : passed.count == 1 ? passed[0] : "(" + passed.joined(separator: ", ") + ")"
            return "\(container).shared.\(property)(\(argument))"
        }
    }

    /// How a hand-rolled container reads a registration back: its method for a key with or without a name.
    private func handRolledRead(_ registration: Registration) -> (method: String, label: String?, nameLabel: String?, givesNil: Bool)? {
        guard let container = recipe.handRolled else { return nil }
        if registration.name != nil {
            guard let named = container.namedResolve else { return nil }
            return (named.name, named.label, named.nameLabel, named.givesNil)
        }
        guard let plain = container.resolve else { return nil }
        return (plain.name, plain.label, nil, plain.givesNil)
    }

    /// The team's setup file, written once: a builder for each assembly the app builds from values,
    /// and the runtime arguments of each registration that takes some, as commented-out placeholders.
    public func setupFile() -> String {
        var out = SwiftWriter()
        out.line("// Written once by `digraph gen-swift --target tests`; digraph never overwrites it: it is yours.")
        out.line("// \(Self.suite).swift (generated) asks it for what the app's sources cannot tell.")
        out.line()
        let setupImports = ((library == .swinject ? ["Swinject"] : []) + imports).sorted()
        for name in setupImports { out.line("import \(name)") }
        if !setupImports.isEmpty { out.line() }
        out.line("@testable import \(module)")
        out.line()
        out.block("enum \(Self.setup)") { out in
            if library == .swinject {
                for assembly in recipe.assemblies where !assembly.buildsWithoutArguments {
                    out.line("/// The app builds \(assembly.type) from values: build it here as the app does.")
                    out.block("static func \(Self.builderName(of: assembly.type))() -> \(assembly.type)") { out in
                        out.line(assembly.asTheAppBuildsIt.map { "\($0)  // as the app's Assembler builds it" } ?? "\(assembly.type)(<#as the app builds it#>)")
                    }
                    out.line()
                }
            }
            if library == .handRolled, let container = recipe.handRolled {
                out.line("/// The app's container, filled as the app fills it (read from where it registers).")
                out.block("static func makeContainer() -> \(container.containerType)") { out in
                    for line in container.makeContainer { out.line(line) }
                }
                out.line()
            }
            out.line("/// The runtime arguments to resolve each registration that takes some with, as the app")
            out.line("/// passes them: one value, or a tuple for several. A key left out here is not tested.")
            out.block("static func arguments(for key: String) -> Any?") { out in
                out.line("switch key {")
                for (index, registration) in graph.registrations.enumerated() where !registration.arguments.isEmpty && registration.aliasOf == nil {
                    let types = registration.arguments.map { plan.naming.spell($0.type.expression) }
                    let binding = BindingKey(key: registration.provides[0].key, name: registration.name?.value)
                    _ = index
                    let placeholder = types.count == 1 ? types[0] : "(" + types.joined(separator: ", ") + ")"
                    out.line("// case \(SwiftWriter.literal(binding.description)): return <#\(placeholder)#>")
                }
                out.line("default: return nil")
                out.line("}")
            }
        }
        return out.text
    }
}
