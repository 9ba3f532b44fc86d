import DigraphCore
import SwiftParser
import SwiftSyntax

/// What a hand-rolled container's methods do, learned from the container's own declaration: a
/// method that takes a metatype and stores into, or reads from, the type's own storage. The names
/// do not matter (`register`, `registerSingleton`, `add`, `provide` …); the bodies do.
struct ContainerAPI {
    /// How the container turns a type into a dictionary key.
    enum Keying: String {
        /// `String(describing:)` or `"\(type)"`: two types with one printed name collide.
        case printedName
        /// `ObjectIdentifier`, `String(reflecting:)`: every type its own key.
        case identity
    }

    struct Method {
        enum Role: Equatable {
            /// Stores a value or a factory. `isEager`: the value is built when registered.
            case register(lifetime: Lifetime, isEager: Bool)
            /// Reads a value back; what a miss does.
            case resolve(onMiss: EagerMiss)
        }

        var role: Role
        /// The type that declares it.
        var owner: String
        var name: String
        var parameters: [Parameter]
        /// The metatype parameter that is the key, or, with `keyedByValue`, the value parameter
        /// whose type Swift infers is.
        var key: Int
        /// `register<T>(_ service: T)` storing under `T.self`: each call's key is its value's type (`InferredKey`).
        var keyedByValue = false
        /// The value or factory parameter (registrations).
        var value: Int?
        /// A second metatype whose type is built (`registerFactory(P.self, Impl.self)`).
        var implementation: Int?
        /// A `String` parameter that qualifies the key.
        var qualifier: Int?
        /// The factory closure is handed the container (its first parameter resolves).
        var factoryTakesResolver = false
        /// A `Bool` parameter stored with the factory that the resolve path caches under
        /// (`register(_:singleton:factory:)`): each call's argument decides singleton or transient;
        /// `default` is its default value, when it has one.
        var singletonFlag: (parameter: Int, default: Bool?)?
        /// With that flag true, the factory is also called when registering (`if cached { cache[key]
        /// = service() }`): a value built then.
        var flagBuildsNow = false
        var keying: Keying
        var location: DigraphCore.SourceLocation
        /// How the role was found, for notes and warnings.
        var reason: String

        var isResolve: Bool {
            if case .resolve = role { return true }
            return false
        }

        var signature: String { "\(name)(\(parameters.map { ($0.label ?? "_") + ":" }.joined()))" }
    }

    /// `serviceName.named` or `serviceName?.named`, `serviceName` one of `names`: its position and the member.
    static func memberOfParameter(_ expression: ExprSyntax, named names: [String]) -> (position: Int, member: String)? {
        guard let access = expression.as(MemberAccessExprSyntax.self), var base = access.base else { return nil }
        if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
        guard let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text, let position = names.firstIndex(of: name) else { return nil }
        return (position, access.declName.baseName.text)
    }

    struct Parameter {
        var label: String?
        var name: String
        var type: TypeSyntax
        var hasDefault: Bool
        var isFunction: Bool { Self.functionType(type) != nil }
        /// A function that returns something: a factory, unlike a `(T, Resolver) -> Void` callback.
        var makesValue: Bool {
            guard let function = Self.functionType(type) else { return false }
            return !["Void", "()"].contains(function.returnClause.type.trimmedDescription)
        }
        /// `(A) -> B`, `@escaping @MainActor (A) -> B`, `@escaping ((A) -> B)` (Connect-Crew/TeamOne-iOS).
        static func functionType(_ type: TypeSyntax) -> FunctionTypeSyntax? {
            var type = type
            while true {
                if let function = type.as(FunctionTypeSyntax.self) { return function }
                if let attributed = type.as(AttributedTypeSyntax.self) {
                    type = attributed.baseType
                } else if let parenthesized = type.as(TupleTypeSyntax.self), parenthesized.elements.count == 1,
                    let only = parenthesized.elements.first, only.firstName == nil
                {
                    type = only.type
                } else {
                    return nil
                }
            }
        }
        /// `T.Type` (or `Any.Type`), optional too (`type: T.Type? = nil`): the parameter names a type.
        var isMetatype: Bool { metatype != nil }
        var metatype: MetatypeTypeSyntax? { Self.metatype(type) }
        static func metatype(_ type: TypeSyntax) -> MetatypeTypeSyntax? {
            type.as(MetatypeTypeSyntax.self) ?? type.as(OptionalTypeSyntax.self)?.wrappedType.as(MetatypeTypeSyntax.self)
        }
        /// `String` or `String?`: a name that qualifies the key.
        var isString: Bool { ["String", "String?"].contains(type.trimmedDescription) }

        init(label: String?, name: String, type: TypeSyntax, hasDefault: Bool) {
            self.label = label
            self.name = name
            self.type = type
            self.hasDefault = hasDefault
        }

        /// A declared parameter, its type as written or as `expanding` makes it.
        init(_ parameter: FunctionParameterSyntax, expanding: (TypeSyntax) -> TypeSyntax = { $0 }) {
            self.init(
                label: parameter.argumentLabel, name: (parameter.secondName ?? parameter.firstName).text,
                type: expanding(parameter.type), hasDefault: parameter.defaultValue != nil)
        }
    }

    private(set) var methods: [String: [Method]] = [:]
    /// Stores keyed by a value made from the type (`InjectIdentifier<V>`), by name: read only
    /// through the metatype-taking methods that forward to them.
    private var identifierStores: [String: [Method]] = [:]
    /// The sources' typealiases: `factory: @escaping FactoryClosure` is a function parameter.
    private var aliases: [String: String] = [:]
    /// The container's resolves inside each type's declaration: what an object handed the
    /// container (`Impl.init(resolver:)`) looks up later.
    private(set) var resolvesInside: [String: [(type: String, name: String?, location: DigraphCore.SourceLocation)]] = [:]
    /// Methods that look like a registration or a resolve but whose body says neither.
    private(set) var unread: [(name: String, owner: String, location: DigraphCore.SourceLocation, why: String)] = []

    /// Every function of the types read, by name: a call one of them declares is not "undeclared".
    private(set) var declared: [String: [[Parameter]]] = [:]

    var isEmpty: Bool { methods.isEmpty }

    /// Every container read keys by type identity: printed names cannot collide.
    var keysByTypeIdentity: Bool {
        let all = methods.values.flatMap { $0 }.filter { $0.owner != Self.statedOwner }
        return !all.isEmpty && all.allSatisfy { $0.keying == .identity }
    }

    /// True when a type in the given paths declares the method a call uses (whatever it does).
    func declares(_ call: FunctionCallExprSyntax) -> Bool {
        guard let (name, _) = SwiftExpressions.callee(of: call), let candidates = declared[name] else { return false }
        return candidates.contains { Self.bind(call, to: $0) != nil }
    }

    /// The method a call uses: its base name and argument labels fit one declaration.
    func method(for call: FunctionCallExprSyntax) -> Method? {
        guard let (name, _) = SwiftExpressions.callee(of: call) else { return nil }
        // `Container.shared(API.self) { … }` calls the container's `callAsFunction`.
        guard let candidates = methods[name] ?? (declared[name] == nil ? methods["callAsFunction"] : nil) else { return nil }
        if let stated = candidates.first, stated.owner == Self.statedOwner { return stated }
        return candidates.first { Self.bind(call, to: $0.parameters) != nil }
    }

    /// Which parameter of the method each argument of a call binds to (nil: it fits no parameter).
    /// A method only stated in `.digraph.yml` has no declaration: its key is the first `X.self`
    /// argument, its value the trailing closure or the first other argument, its qualifier `name:`.
    static func bind(_ call: FunctionCallExprSyntax, to method: Method) -> [Int: ExprSyntax]? {
        guard method.owner == Self.statedOwner else { return bind(call, to: method.parameters) }
        // UIKit's and AppKit's `register(Cell.self, forCellReuseIdentifier: "id")` is no container's.
        guard !call.arguments.contains(where: { Self.isViewRegistrationLabel($0.label?.text) }) else { return nil }
        var bound: [Int: ExprSyntax] = [:]
        for argument in call.arguments {
            if bound[0] == nil, SwiftExpressions.metatype(argument.expression) != nil {
                bound[0] = argument.expression
            } else if argument.label?.text == "name" {
                bound[2] = argument.expression
            } else if bound[1] == nil {
                bound[1] = argument.expression
            }
        }
        if let closure = call.trailingClosure { bound[1] = ExprSyntax(closure) }
        return bound[0] == nil ? nil : bound
    }

    /// `forCellReuseIdentifier:`, `forCellWithReuseIdentifier:`, `forHeaderFooterViewReuseIdentifier:`,
    /// `forSupplementaryViewOfKind:`, `forItemWithIdentifier:`: a view registered for reuse.
    static func isViewRegistrationLabel(_ label: String?) -> Bool {
        guard let label, label.hasPrefix("for") else { return false }
        return label.hasSuffix("Identifier") || label.hasSuffix("OfKind")
    }

    /// The owner of a method stated in `.digraph.yml` and declared nowhere in the given paths.
    static let statedOwner = "(.digraph.yml)"

    static func bind(_ call: FunctionCallExprSyntax, to parameters: [Parameter]) -> [Int: ExprSyntax]? {
        var bound: [Int: ExprSyntax] = [:]
        var next = 0
        for argument in call.arguments {
            let label = argument.label?.text
            while next < parameters.count, parameters[next].label != label {
                guard parameters[next].hasDefault else { return nil }
                next += 1
            }
            guard next < parameters.count else { return nil }
            bound[next] = argument.expression
            next += 1
        }
        if let closure = call.trailingClosure {
            guard let position = parameters.indices.first(where: { $0 >= next && parameters[$0].isFunction }) else { return nil }
            bound[position] = ExprSyntax(closure)
            next = position + 1
        }
        for rest in parameters.indices where rest >= next && bound[rest] == nil && !parameters[rest].hasDefault { return nil }
        return bound
    }

    // MARK: Learning

    /// Reads every type (and extension) of the given files that stores by metatype.
    static func learn(from files: [SwiftFile], stated: [ContainerMethodStatement] = [], aliases: [String: String] = [:]) -> ContainerAPI {
        var api = ContainerAPI()
        api.aliases = aliases
        var bodies: [ContainerBody] = []
        var collectors: [ContainerCollector] = []
        for file in files {
            let collector = ContainerCollector(file: file)
            collector.walk(file.tree)
            bodies += collector.found
            collectors.append(collector)
        }
        // Types grouped: an extension's methods see the storage its type declares.
        var byOwner: [String: [ContainerBody]] = [:]
        for body in bodies { byOwner[body.owner, default: []].append(body) }
        for owner in byOwner.keys.sorted() {
            // A container keeps what it is given: a type without stored properties of its own (a
            // UIKit extension's `dequeue(_:for:)`, `register(_:forCellReuseIdentifier:)`) is not one.
            guard byOwner[owner]!.contains(where: { !$0.storedProperties.isEmpty }) else { continue }
            api.classify(owner: owner, parts: byOwner[owner]!)
        }
        for statement in stated { api.apply(statement) }
        guard !api.isEmpty else { return api }
        for collector in collectors {
            let file = collector.file
            for (name, members) in collector.declarations {
                let sites = SwiftExpressions.calls(in: members).compactMap { ResolveSite.ofCall($0, api: api) }
                for site in sites {
                    guard let type = site.type, type.first?.isUppercase == true else { continue }
                    api.resolvesInside[name, default: []].append((type, site.name, file.location(of: site.node)))
                }
            }
        }
        return api
    }

    /// `func register<T>(_ service: T) { services[String(describing: T.self)] = service }`: stores a
    /// parameter in the type's storage under a key made from its own generic parameter.
    private static func storesUnderInferredType(_ function: FunctionDeclSyntax, storage: [String: TypeSyntax], parameters: [Parameter]) -> Bool {
        guard let generics = function.genericParameterClause, let body = function.body,
            storedValue(body, storage: storage, parameters: parameters) != nil
        else { return false }
        final class Metatypes: SyntaxVisitor {
            var named = Set<String>()
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                if node.declName.baseName.text == "self", let base = node.base?.trimmedDescription { named.insert(base) }
                return .visitChildren
            }
        }
        let metatypes = Metatypes(viewMode: .sourceAccurate)
        metatypes.walk(body)
        return generics.parameters.contains { metatypes.named.contains($0.name.text) }
    }

    /// One type's (or extension's) members as read.
    struct ContainerBody {
        var owner: String
        var file: SwiftFile
        var functions: [FunctionDeclSyntax]
        var storedProperties: [String: TypeSyntax]
    }

    private mutating func classify(owner: String, parts: [ContainerBody]) {
        var storage: [String: TypeSyntax] = [:]
        var functions: [(FunctionDeclSyntax, SwiftFile)] = []
        for part in parts {
            storage.merge(part.storedProperties) { first, _ in first }
            functions += part.functions.map { ($0, part.file) }
        }
        // Only a type with a method taking a type can be a container: the rest cost nothing more.
        guard
            functions.contains(where: {
                $0.0.genericParameterClause != nil || $0.0.signature.parameterClause.parameters.contains { Parameter.metatype($0.type) != nil }
            })
        else { return }
        let keying = Self.keying(of: functions.map(\.0))
        let writers = Set(functions.filter { Self.writesStorage($0.0.body, storage: storage) }.map { $0.0.name.text })
        var pending: [(FunctionDeclSyntax, SwiftFile, [Parameter])] = []
        let functionDeclarations = functions.map(\.0)
        var facts = CachingFacts()
        for (function, file) in functions {
            let parameters = function.signature.parameterClause.parameters.map { Parameter($0, expanding: expanded) }
            declared[function.name.text, default: []].append(parameters)
            let metatypeKey = parameters.firstIndex(where: \.isMetatype)
            // `register<T>(_ service: T)` storing under `T.self`: keyed by the type of the value each call writes.
            let valueKey =
                metatypeKey == nil && Self.storesUnderInferredType(function, storage: storage, parameters: parameters)
                ? function.body.flatMap { Self.storedValue($0, storage: storage, parameters: parameters)?.parameter } : nil
            // A store keyed by a value made from the type is read only through the methods forwarding to it.
            let isIdentifierKeyed = metatypeKey == nil && valueKey == nil
            guard let key = metatypeKey ?? valueKey ?? Self.identifierKey(function, parameters: parameters), let body = function.body else { continue }
            let location = file.location(of: function.name)
            var method = Method(
                role: .resolve(onMiss: .stops), owner: owner, name: function.name.text, parameters: parameters, key: key,
                qualifier: parameters.firstIndex(where: \.isString), keying: keying, location: location, reason: "")
            method.keyedByValue = valueKey != nil
            // What it stores decides before what it returns: a `@discardableResult` register returns
            // the value it stores, and is no resolve.
            let stored = Self.storedValue(body, storage: storage, parameters: parameters)
            if stored == nil, !isIdentifierKeyed, let onMiss = Self.resolveMeaning(function, key: parameters[key]) {
                method.role = .resolve(onMiss: onMiss)
                method.reason = "returns the stored value"
                methods[method.name, default: []].append(method)
                continue
            }
            if let stored, stored.parameter != key || method.keyedByValue {
                method.value = stored.parameter
                let isFunction = parameters[stored.parameter].isFunction
                method.factoryTakesResolver = isFunction && Self.functionTakesArguments(parameters[stored.parameter].type)
                if !isFunction || stored.isCalled {
                    method.role = .register(lifetime: .singleton, isEager: true)
                    method.reason = isFunction ? "calls the factory once, when registering, and stores its value" : "stores the value it is given"
                } else {
                    let cached = Self.isCached(
                        stored, by: function, storage: storage, functions: functionDeclarations, writers: writers, facts: &facts)
                    method.role = .register(lifetime: cached ? .singleton : .transient, isEager: false)
                    method.reason = cached ? "stores a factory whose first value the container keeps" : "stores a factory the container calls on every resolve"
                    if cached, let flag = Self.storedFlag(stored, parameters: parameters, in: function) {
                        method.singletonFlag = flag
                        method.reason = "stores a factory whose first value the container keeps when '\(parameters[flag.parameter].name)' is true"
                    } else if let flag = Self.flagCallingNow(stored.parameter, in: function, storage: storage, parameters: parameters) {
                        // KrazyManJ/Haby: `resolvers[key] = service; if cached { cache[key] = service() }`.
                        method.singletonFlag = flag
                        method.flagBuildsNow = true
                        method.reason =
                            "stores a factory the container calls on every resolve, or, when '\(parameters[flag.parameter].name)' is true, calls it once when registering and keeps its value"
                    }
                }
                if isIdentifierKeyed {
                    identifierStores[method.name, default: []].append(method)
                } else {
                    methods[method.name, default: []].append(method)
                }
                continue
            }
            if !isIdentifierKeyed { pending.append((function, file, parameters)) }
        }
        // Forwarding: a method that calls another registering method of the same type, two levels deep and more.
        for _ in 0..<3 {
            var still: [(FunctionDeclSyntax, SwiftFile, [Parameter])] = []
            for (function, file, parameters) in pending {
                if let method = forwarded(function, file: file, parameters: parameters, owner: owner, keying: keying) {
                    methods[method.name, default: []].append(method)
                } else {
                    still.append((function, file, parameters))
                }
            }
            pending = still
        }
        // A type that registers nothing is no container: its `T`-returning methods are no resolves.
        let registers = methods.values.contains { $0.contains { $0.owner == owner && !$0.isResolve } }
        guard registers else {
            for name in methods.keys { methods[name]!.removeAll { $0.owner == owner } }
            methods = methods.filter { !$0.value.isEmpty }
            return
        }
        for (function, file, _) in pending where function.name.text.lowercased().contains("register") || function.name.text.lowercased().contains("resolve") {
            unread.append(
                (
                    function.name.text, owner, file.location(of: function.name),
                    "its body neither stores what it is given in the container's storage nor forwards to a method that does"
                ))
        }
    }

    /// `register(type: T.self) { … }` inside `registerSingleton`: the callee's meaning, with the
    /// caller's parameters in the callee's places.
    private func forwarded(_ function: FunctionDeclSyntax, file: SwiftFile, parameters: [Parameter], owner: String, keying: Keying) -> Method? {
        guard let body = function.body else { return nil }
        for call in SwiftExpressions.calls(in: body) {
            guard let callee = method(for: call) ?? identifierStore(for: call), callee.owner == owner,
                callee.name != function.name.text || callee.parameters.map(\.label) != parameters.map(\.label),
                case .register(_, let isEager) = callee.role,
                let bound = Self.bind(call, to: callee.parameters)
            else { continue }
            var method = Method(
                role: callee.role, owner: owner, name: function.name.text, parameters: parameters,
                key: parameters.firstIndex(where: \.isMetatype)!, keying: keying,
                location: file.location(of: function.name), reason: "forwards to \(callee.signature)")
            method.qualifier = parameters.firstIndex(where: \.isString)
            method.factoryTakesResolver = callee.factoryTakesResolver
            guard let value = callee.value, let passed = bound[value] else { return nil }
            var core = SwiftExpressions.unwrap(passed).core
            let names = parameters.map(\.name)
            // `let instance = handler(self); _register(for: type, instance)` (Modakbul-iOS): the
            // local's value is what is passed.
            if let local = core.as(DeclReferenceExprSyntax.self)?.baseName.text, !names.contains(local),
                let initial = Self.localValue(named: local, in: body)
            {
                core = SwiftExpressions.unwrap(initial).core
            }
            if let reference = core.as(DeclReferenceExprSyntax.self), let position = names.firstIndex(of: reference.baseName.text) {
                method.value = position
                if !parameters[position].isFunction, !isEager { method.role = .register(lifetime: .singleton, isEager: true) }
            } else if let called = core.as(FunctionCallExprSyntax.self), let name = called.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                let position = names.firstIndex(of: name), parameters[position].isFunction
            {
                // `register(type: type, component: factory())`: built now, one value.
                method.value = position
                method.role = .register(lifetime: .singleton, isEager: true)
                method.factoryTakesResolver = Self.functionTakesArguments(parameters[position].type)
                method.reason += ", calling the factory once when registering"
            } else if let closure = core.as(ClosureExprSyntax.self) {
                // `register(type: F.self) { r in Impl.init(resolver: r) }` with `Impl` a metatype parameter: it builds that type.
                let generics = Set(parameters.compactMap { $0.metatype?.baseType.trimmedDescription })
                let metatypes = parameters.indices.filter { parameters[$0].isMetatype && $0 != method.key }
                for call in SwiftExpressions.calls(in: closure) {
                    let built = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription ?? call.calledExpression.trimmedDescription
                    if let position = metatypes.first(where: {
                        parameters[$0].name == built || parameters[$0].metatype?.baseType.trimmedDescription == built
                    }),
                        generics.contains(parameters[position].metatype!.baseType.trimmedDescription)
                            || parameters[position].name == built
                    {
                        method.implementation = position
                        method.factoryTakesResolver =
                            call.arguments.contains { argument in
                                closure.signature?.parameterClause.map { "\($0)".contains(argument.expression.trimmedDescription) } ?? false
                            } || call.arguments.contains { $0.expression.trimmedDescription == "self" }
                        break
                    }
                }
            } else {
                return nil
            }
            return method
        }
        return nil
    }

    /// The value a `let` (or `var`) among the body's own statements starts with.
    private static func localValue(named name: String, in body: CodeBlockSyntax) -> ExprSyntax? {
        for variable in body.statements.compactMap({ $0.item.as(VariableDeclSyntax.self) }) {
            for binding in variable.bindings where binding.pattern.trimmedDescription == name {
                return binding.initializer?.value
            }
        }
        return nil
    }

    /// `func register<V>(_ id: InjectIdentifier<V>, _ make: (Resolvable) throws -> V) { storage[id]
    /// = try make(self) }`: the key of a store keyed by a value made from the type rather than by
    /// a metatype. Its calls name no type digraph reads; a method taking a metatype that forwards
    /// to it (`register(type: V.Type? = nil, …) { register(.by(type: type), make) }`) is read through it.
    private static func identifierKey(_ function: FunctionDeclSyntax, parameters: [Parameter]) -> Int? {
        guard let generics = function.genericParameterClause?.parameters.map(\.name.text) else { return nil }
        return parameters.firstIndex { parameter in
            !parameter.isFunction && generics.contains { generic in parameter.type.tokens(viewMode: .sourceAccurate).contains { $0.text == generic } }
        }
    }

    /// The identifier-keyed store a call inside a forwarding method uses.
    private func identifierStore(for call: FunctionCallExprSyntax) -> Method? {
        guard let (name, _) = SwiftExpressions.callee(of: call) else { return nil }
        return identifierStores[name]?.first { Self.bind(call, to: $0.parameters) != nil }
    }

    private mutating func apply(_ statement: ContainerMethodStatement) {
        unread.removeAll { $0.name == statement.name }
        let location = DigraphCore.SourceLocation.start(of: ".digraph.yml")
        var existing = methods[statement.name] ?? []
        if existing.isEmpty {
            // Not declared in the given paths: the key is the first argument, the value or factory any other.
            var parser = Parser("T.Type")
            let metatype = TypeSyntax.parse(from: &parser)
            var closure = Parser("() -> Any")
            let function = TypeSyntax.parse(from: &closure)
            let parameters = [
                Parameter(label: nil, name: "type", type: metatype, hasDefault: false),
                Parameter(label: nil, name: "value", type: function, hasDefault: true),
            ]
            existing = [
                Method(
                    role: statement.meaning.role, owner: Self.statedOwner, name: statement.name, parameters: parameters, key: 0, value: 1,
                    qualifier: 2, factoryTakesResolver: true, keying: .printedName, location: location, reason: "as .digraph.yml states")
            ]
        } else {
            for index in existing.indices { existing[index].role = statement.meaning.role; existing[index].reason = "as .digraph.yml states" }
        }
        methods[statement.name] = existing
    }

    // MARK: Reading bodies

    /// A parameter type through a typealias to a function type (`@escaping FactoryClosure`).
    private func expanded(_ type: TypeSyntax) -> TypeSyntax {
        let base = type.as(AttributedTypeSyntax.self)?.baseType ?? type
        guard let name = base.as(IdentifierTypeSyntax.self)?.name.text, let target = aliases[name], target.contains("->") else { return type }
        var parser = Parser(target)
        return TypeSyntax.parse(from: &parser)
    }

    /// `String(describing:)`, `"\(type)"` → printed names; `ObjectIdentifier`, `String(reflecting:)` → identity.
    private static func keying(of functions: [FunctionDeclSyntax]) -> Keying {
        var printed = false
        var identity = false
        for function in functions {
            guard let body = function.body else { continue }
            let text = body.description
            if text.contains("ObjectIdentifier(") || text.contains("String(reflecting:") { identity = true }
            if text.contains("String(describing:") || (text.contains("\\(") && interpolatesAKey(body)) { printed = true }
        }
        return identity && !printed ? .identity : .printedName
    }

    /// A string interpolation outside a message (`fatalError("No entry for \\(T.self)")`, Drinkie):
    /// one that may be the key.
    private static func interpolatesAKey(_ body: CodeBlockSyntax) -> Bool {
        let messages: Set<String> = [
            "fatalError", "preconditionFailure", "assertionFailure", "precondition", "assert", "print", "debugPrint", "NSLog",
        ]
        return body.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.tokenKind == .backslash, let literal = token.parent?.ancestorOrSelf(where: { $0.is(StringLiteralExprSyntax.self) }) else {
                return false
            }
            let call = literal.ancestorOrSelf(where: { $0.is(FunctionCallExprSyntax.self) })?.as(FunctionCallExprSyntax.self)
            return !(call.flatMap { SwiftExpressions.callee(of: $0)?.name }.map(messages.contains) ?? false)
        }
    }

    /// Returns the metatype's type (`T`, `T?`, `throws -> T`): a resolve, with what a miss does.
    private static func resolveMeaning(_ function: FunctionDeclSyntax, key: Parameter) -> EagerMiss? {
        guard let generic = key.metatype?.baseType.trimmedDescription,
            let returned = function.signature.returnClause.map({ DeclaredType($0.type) }), returned.key == generic
        else { return nil }
        if returned.isOptional { return .givesNil }
        return function.signature.effectSpecifiers?.throwsClause != nil ? .skipsRest : .stops
    }
}
