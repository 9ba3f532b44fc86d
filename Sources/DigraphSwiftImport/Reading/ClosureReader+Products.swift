import DigraphCore
import SwiftSyntax

/// What a factory returns: the value built, its parameters and properties, each resolve placed.
extension ClosureReader {
    // MARK: Products

    /// What the factory returns decides the registration's shape.
    mutating func finish(product expression: ExprSyntax) {
        let unwrapped = SwiftExpressions.unwrap(expression)
        if let body = isolatedBody(unwrapped.core) {
            readBody(body.statements)
            return
        }
        if let helper = helperBody(unwrapped.core) {
            guard helperDepth < Self.maximumHelperDepth else {
                reading.isUnread = true
                warn(
                    "it is built by `\(SwiftExpressions.quoted(unwrapped.core, limit: 60))`, a helper \(Self.maximumHelperDepth) calls deep, where digraph stops following helpers; fill in its implementation and dependencies",
                    at: Syntax(expression))
                return
            }
            helperDepth += 1
            let outer = (file, resolverName, argumentAliases, literalAliases)
            (file, resolverName) = (helper.file, helper.resolver)
            // In the helper only its parameters name the factory's arguments.
            (argumentAliases, literalAliases) = (helper.arguments, helper.literals)
            defer {
                (file, resolverName, argumentAliases, literalAliases) = outer
                helperDepth -= 1
            }
            readBody(helper.statements)
            return
        }
        if let (built, configure, instance) = configuredConstruction(unwrapped.core) {
            finish(product: built)
            for item in configure.statements { readStatement(item, instance: instance) }
            return
        }
        if let (body, note) = appsAlternative(unwrapped.core) {
            reading.notes.append(note)
            readBody(body)
            return
        }
        if let tuple = unwrapped.core.as(TupleExprSyntax.self), let elements = readTuple(tuple) {
            // `return (router, interactor)` for a tuple key (`typealias Module = (router: Router, input: Input)`),
            // each element a local the factory built, or a resolve: all it resolves is read.
            readInFull(resolves: elements, at: Syntax(expression)) { listed in
                "it returns a tuple of values the factory builds\(listed.isEmpty ? "" : " and resolves") (`\(SwiftExpressions.quoted(tuple, limit: 60))`), what building them resolves read as its dependencies; a manifest cannot build a tuple, so it is imported with implementation FILL_IN, to fill in only if generated code must build it"
            }
            return
        }
        let returned = value(of: expression, required: true)
        switch returned {
        case .service(let site, _), .earlier(let site, _, _):
            consumed.insert(site.node.id)
            guard let type = site.type else {
                reading.isUnread = true
                warn("it forwards to a resolve digraph cannot read: \(site.problem ?? "")", at: site.node)
                return
            }
            guard site.passed.isEmpty else {
                // `self { self.keychain(false) }`: an aliasOf passes no arguments, and one taken for
                // this would be judged as passing none. The resolve is its dependency, passing them.
                readInFull(resolves: [returned], at: site.node) { listed in
                    "it returns the value '\(type)' makes from the runtime arguments it passes (`\(SwiftExpressions.quoted(site.node, limit: 60))`), read as its dependency (\(listed.joined(separator: ", "))); a manifest cannot say a registration returns another's value made from arguments, so it is imported with implementation FILL_IN, to fill in only if generated code must build it"
                }
                return
            }
            reading.aliasOf = (type, site.name, file.location(of: site.node))
        case .construction(let construction):
            // `KoinApplication.inject(\.splashViewModel)`, the app's `static func inject<T>(…) -> T`:
            // it hands out a value of the caller's type, no `KoinApplication`.
            if let type = construction.implementation, let member = construction.factory, returnsItsGenericParameter(member, of: type) {
                reading.isUnread = true
                warn(
                    "it is built by `\(SwiftExpressions.quoted(construction.node, limit: 80))`, which digraph cannot read (a helper function or an expression); fill in its implementation and dependencies",
                    at: Syntax(expression))
                return
            }
            build(construction)
        case .captured(let name):
            reading.isSupplied = true
            reading.notes.append("supplied: the factory returns `\(name)`, a value made outside the container")
        case .collection(let text, let elements):
            // `[r.resolve(A.self)!, r.resolve(B.self)!]` as `[Plugin]`: every dependency read, no type to build.
            readInFull(resolves: elements, at: Syntax(expression)) { listed in
                "it returns a collection of \(Self.resolves(listed.count)) (`\(SwiftExpressions.quoted(text, limit: 60))`), each read as its dependency (\(listed.joined(separator: ", ")))\(Self.othersLeftOut(elements)); a manifest cannot build a collection, so it is imported with implementation FILL_IN, to fill in only if generated code must build it"
            }
        case .member(let text, let resolved):
            // `self { self.persistence().context }`: the resolve is its dependency, what it hands out is not built here.
            readInFull(resolves: [resolved], at: Syntax(expression)) { listed in
                "it returns `\(SwiftExpressions.quoted(text, limit: 60))`, a member of a resolved value, whose resolve is read as its dependency (\(listed.joined(separator: ", "))); a manifest cannot say a registration hands out part of another's value, so it is imported with implementation FILL_IN, to fill in only if generated code must build it"
            }
        case .argument(let name):
            warn("its factory returns its runtime argument `\(name)` unchanged; a manifest cannot express that", at: Syntax(expression))
        case .lazy, .literal, .unknown, .resolver, .factoryContainer, .element:
            // (`.factoryContainer` is only ever an argument.) `self { 5 }`, `{ _ in .iso8601 }`: a constant, read in full. Nothing in the container
            // builds it, so nothing is missing from the graph; only a manifest cannot hold the value.
            // Its lifetime stays as written.
            // So is a value made from types the app does not declare (`self { "ios-pass@\(Bundle.main.fullAppVersionName)" }`).
            if unwrapped.castType == nil, isOutsideValue(unwrapped.core) {
                reading.isUnread = true
                reading.isReadInFull = true
                let quoted = SwiftExpressions.quoted(unwrapped.core, limit: 60)
                let value =
                    SwiftExpressions.isConstant(unwrapped.core) ? "the constant `\(quoted)`," : "`\(quoted)`, a value made from types the app does not declare,"
                finding(
                    .info,
                    "it returns \(value) which nothing in the container builds and a manifest cannot hold; it is imported with implementation FILL_IN, to fill in only if generated code must build it",
                    at: Syntax(expression))
                return
            }
            reading.isUnread = unwrapped.castType == nil
            if let cast = unwrapped.castType {
                reading.implementation = cast
                warn(
                    "it is built by `\(SwiftExpressions.quoted(unwrapped.core, limit: 80))`, which digraph cannot read; its implementation is taken from the cast to '\(cast)', fill in its dependencies",
                    at: Syntax(expression))
            } else {
                warn(
                    "it is built by `\(SwiftExpressions.quoted(unwrapped.core, limit: 80))`, which digraph cannot read (a helper function or an expression); fill in its implementation and dependencies",
                    at: Syntax(expression))
            }
        }
    }

    /// `switch env { case .mock: Mock() case .production: Live() }`, `if isRunningTests { … } else
    /// { … }`: a factory whose alternatives are one for tests or previews and one for the app builds
    /// the app's. The body of the app's branch, and a note naming what was left out; nil for any
    /// other `switch` or `if`, whose alternatives digraph does not choose between.
    func appsAlternative(_ expression: ExprSyntax) -> (body: CodeBlockItemListSyntax, note: String)? {
        if let choice = expression.as(SwitchExprSyntax.self) {
            var apps: [SwitchCaseSyntax] = []
            var tests: [String] = []
            for element in choice.cases {
                guard let branch = element.as(SwitchCaseSyntax.self) else { return nil }
                if case .case(let label) = branch.label, RegistrationOrder.isTestOrPreviewCase(label) {
                    tests.append(Self.caseText(label.trimmedDescription))
                } else {
                    apps.append(branch)
                }
            }
            guard apps.count == 1, !tests.isEmpty else { return nil }
            return (
                apps[0].statements,
                "the factory's \(tests.map { "`\($0)`" }.joined(separator: ", ")) is what tests or previews build; the app's `\(Self.caseText(apps[0].label.trimmedDescription))` is read"
            )
        }
        // `if #available(iOS 26, *) { return Impl() } else { return NoOp() }`: the newer systems'
        // value is read; a resolve only another branch makes is still an edge, said where it is.
        if let choice = expression.as(IfExprSyntax.self), choice.elseBody != nil,
            choice.conditions.allSatisfy({ if case .availability = $0.condition { true } else { false } })
        {
            return (
                choice.body.statements,
                "the factory builds another value on systems before `\(choice.conditions.trimmedDescription)`; the newer systems' is read"
            )
        }
        guard let choice = expression.as(IfExprSyntax.self), let app = RegistrationOrder.appBranch(of: choice.conditions),
            case .codeBlock(let otherwise) = choice.elseBody
        else { return nil }
        let place = RegistrationOrder.testOrPreviewPlace(app.condition, isElse: app.index == 0)
        return (
            app.index == 0 ? choice.body.statements : otherwise.statements, "the factory's \(place) is what tests or previews build; the app's branch is read"
        )
    }

    /// `case .mock:` as messages quote it: `case .mock`.
    private static func caseText(_ label: String) -> String { label.hasSuffix(":") ? String(label.dropLast()) : label }

    mutating func build(_ construction: Construction) {
        if let madeBy = construction.madeBy {
            reading.isMadeByObject = true
            reading.implementation = construction.castType
            reading.notes.append("built by a method of another registration's object; no implementation to name")
            let before = reading.dependencies.count
            add(parameter: "_factory", value: madeBy, at: construction.node)
            // The maker runs once, while the value is built: a longer-lived value does not hold it
            // for that (ruuvi's singletons made by graph-scoped `*Factory` objects).
            if reading.dependencies.count > before, let last = reading.dependencies.indices.last {
                reading.dependencies[last].suppressions.append(
                    Suppression(
                        code: Located(.captiveDependency, at: reading.dependencies[last].location),
                        reason: "only its method runs, while the value is built", isImplied: true))
            }
        } else {
            // `self { .init() }`: the implicit member builds the key's own type (nextcloud-passwords).
            let implicit = construction.implementation == nil && construction.factory == nil
            reading.implementation =
                construction.implementation ?? (implicit ? options.productType.flatMap { DeclaredType($0).isOptional ? nil : $0 } : nil)
            reading.factory = construction.factory
        }
        // The initializer the call uses, when declared: a resolve that names no type (`resolve()`,
        // a generic helper) takes the type Swift infers, the parameter's.
        let labels = construction.arguments.map { $0.label?.text }
        if construction.madeBy == nil, construction.factory == nil { reading.constructionLabels = labels }
        let parameters =
            construction.madeBy == nil
            ? (construction.implementation ?? (construction.factory == nil ? options.productType : nil)).flatMap {
                declarations.initializer(of: $0, labels: labels, in: file)
            } : nil
        for (position, argument) in construction.arguments.enumerated() {
            let name = argument.label?.text ?? "_"
            var value = self.value(of: argument.expression, required: false)
            // `ViewModelFactory(container: self)` in a Factory container: the container itself.
            if options.factoryContainer != nil, declarations.factories.isContainer(argument.expression) {
                value = .factoryContainer(argument.expression.trimmedDescription)
            }
            if case .service(var site, _) = value, site.isInferred, let parameters {
                // The helper returns what the parameter takes: optional only when the parameter is.
                let declared = DeclaredType(parameters[position].type)
                site.infer(declared)
                value = .service(site, isOptional: declared.isOptional)
            }
            // `plugin: { Locator.resolve() }` given to `plugin: @escaping () -> Plugin`: the closure
            // returns the resolve, which Swift types by the function's result.
            if case .lazy(var site) = value, site.isInferred, let parameters,
                let closure = SwiftExpressions.unwrap(argument.expression).core.as(ClosureExprSyntax.self),
                Self.returnsOnly(site, closure), let returned = DeclaredType.returned(by: parameters[position].type)
            {
                site.infer(returned)
                value = .lazy(site)
            }
            // `self.kmp().get(SampleViewModel.self)`: a constant handed to the maker's method, which
            // no generated code calls; nothing to record or say.
            if construction.madeBy != nil, case .literal = value { continue }
            // An unlabeled argument takes its value's name; one with none, the parameter's as declared
            // (`UserManagerPh(.init())` with `init(_ user: User)`: `_user`, not `_value`).
            var unlabeled = defaultName(for: value)
            if unlabeled == "value", let declared = parameters?[position].name, declared != "_" { unlabeled = declared }
            let label = name == "_" ? "_" + unlabeled : name
            add(parameter: label, value: value, at: Syntax(argument), declared: parameters?[position])
        }
    }

    /// The resolves among a collection's elements, each a dependency under a placeholder label (a
    /// manifest passes one key per parameter); the labels, quoted.
    mutating func addResolves(of elements: [Value]) -> [String] {
        let first = reading.dependencies.count
        for element in elements {
            guard let site = element.resolveSite else { continue }
            // Located at its own resolve: findings on the edge point at the element, not the whole collection.
            add(parameter: ManifestAssembler.placeholder + "_" + defaultName(for: element), value: element, at: site.node)
        }
        return reading.dependencies[first...].map { "'\($0.label)'" }
    }

    /// The values of a tuple of two or more elements, each a local the factory built (`let router =
    /// Router()`) or a resolve; nil when any is something else.
    private func readTuple(_ tuple: TupleExprSyntax) -> [Value]? {
        guard tuple.elements.count > 1 else { return nil }
        var values: [Value] = []
        for element in tuple.elements {
            let core = SwiftExpressions.unwrap(element.expression).core
            let value = value(of: element.expression, required: true)
            switch value {
            case .construction where core.is(DeclReferenceExprSyntax.self): values.append(value)
            case .service: values.append(value)
            default: return nil
            }
        }
        return values
    }

    /// A product a manifest cannot hold whose resolves are all read: each a dependency, under a
    /// placeholder label, and an info that says so (`message` is given the labels, quoted).
    private mutating func readInFull(resolves: [Value], at node: Syntax, saying message: ([String]) -> String) {
        reading.isUnread = true
        reading.isReadInFull = true
        finding(.info, message(addResolves(of: resolves)), at: node)
    }

    /// The label of the dependency a resolve already is (`config.session`, `config.baseURL` on one
    /// resolved local: one dependency), else the resolve added under a placeholder label; quoted.
    private mutating func resolveLabels(of resolved: Value, passing member: String) -> [String] {
        if let site = resolved.resolveSite, consumed.contains(site.node.id) {
            let location = file.location(of: site.node)
            if let item = reading.dependencies.first(where: { $0.location == location }) { return ["'\(item.label)'"] }
        }
        let first = reading.dependencies.count
        let listed = addResolves(of: [resolved])
        for item in reading.dependencies[first...] {
            reading.notes.append(
                "\(item.label): the factory passes a member of it (`\(SwiftExpressions.quoted(member, limit: 60))`), not the value itself; say how generated code builds that"
            )
        }
        return listed
    }

    /// What leaving a value out means for generated code, as far as the initializer's declaration says.
    static func leftOut(_ declared: TypeDeclarations.Parameter?, given: String? = nil) -> String {
        // `session: nil` where the initializer declares `session: Session? = nil`: nothing differs.
        if let given, let value = declared?.defaultValue, value == given {
            return "it is left out, and generated code gets the same from the initializer's default (`\(SwiftExpressions.quoted(value, limit: 40))`)"
        }
        return switch declared?.hasDefault {
        case true?: "it is left out (generated code relies on the initializer's default, which may differ from it)"
        case false?: "it is left out, and the initializer declares no default for it: generated code needs it filled in"
        case nil: "it is left out (generated code relies on a default value, if the initializer has one)"
        }
    }

    /// `HomeCoordinator(resolver: r)` keeping it in a stored property: what its methods resolve
    /// through it are its lazy dependencies. Optional edges: the object may keep another container
    /// (a child's), and each of those resolves stays the app's own, whose miss is judged where the
    /// containers are known. `given`: how the resolver is said.
    mutating func readHeldResolver(label: String, given: String, at node: Syntax) {
        let fills = reading.implementation.map(declarations.fillsWrappersWhenBuilt) ?? false
        if let built = reading.implementation, case let held = declarations.resolvesThroughHeldResolver(of: built, from: file.path), !held.isEmpty || fills {
            for (site, declaringFile) in held {
                guard let type = site.type else { continue }
                reading.dependencies.append(
                    .init(
                        label: uniqueLabel(SwiftExpressions.parameterName(for: type)),
                        source: .service(type: type, name: site.name, isLazy: true, isOptional: true, passing: []),
                        location: declaringFile.location(of: site.node)))
            }
            // Trio's `init(resolver:) { injectServices(resolver) }`: its wrapped properties, read in BuiltTypeResolves.
            let read =
                fills
                ? "the properties its initializer fills through it are read as its dependencies"
                    + (held.isEmpty ? "" : ", what it resolves later as lazy ones")
                : "what '\(built)' resolves through it is read as its lazy dependencies"
            finding(
                .info, "parameter '\(label)' is given \(given), which a manifest does not pass; it is left out, and \(read)", at: node)
        } else if let built = reading.implementation, declarations.readsAllThroughHeldResolver.contains(declarations.ownerName(of: built)) {
            finding(
                .info,
                "parameter '\(label)' is given \(given), which a manifest does not pass; it is left out, and '\(built)' resolves nothing through it later (what its initializer resolves is read as its dependencies)",
                at: node)
        } else {
            warn(
                "parameter '\(label)' is given \(given), so what the object resolves later is invisible to digraph; it is left out. Resolve its dependencies in the factory instead",
                at: node)
        }
    }

    /// `register(Screen.self, factory: Screen.init)` (DamianW93/MovieApp): Swinject calls the
    /// type's initializer with the resolver (and the runtime arguments) on every resolve. The
    /// initializer taking one parameter without a default is the one; what the object resolves
    /// through the resolver it keeps is read as its lazy dependencies.
    mutating func read(initializerReference reference: ExprSyntax, takesResolver: Bool) {
        guard let access = reference.as(MemberAccessExprSyntax.self), let base = access.base, let type = SwiftExpressions.typeName(base) else {
            return warn(
                "its factory `\(SwiftExpressions.quoted(reference, limit: 60))` is a function digraph cannot read; fill in its implementation and dependencies",
                at: Syntax(reference))
        }
        reading.implementation = type
        let written = access.declName.argumentNames.map { names in names.arguments.map { $0.name.text == "_" ? nil : $0.name.text } }
        let given = takesResolver ? 1 : 0
        let candidates = (declarations.initializers(of: type) ?? []).filter { parameters in
            written.map { parameters.map(\.label) == $0 } ?? (parameters.filter { !$0.hasDefault }.count == given)
        }
        guard candidates.count == 1, let parameters = candidates.first else {
            return warn(
                "its factory `\(SwiftExpressions.quoted(reference, limit: 60))` names \(candidates.isEmpty ? "no" : "more than one") initializer of '\(type)' that takes \(given == 1 ? "the resolver alone" : "nothing"); fill in its dependencies",
                at: Syntax(reference))
        }
        reading.constructionLabels = Array(parameters.prefix(given).map(\.label))
        guard takesResolver, let first = parameters.first else { return }
        readHeldResolver(label: first.label ?? "_" + (first.name ?? "resolver"), given: "the resolver Swinject hands `\(type).init`", at: Syntax(reference))
    }

    private static func resolves(_ count: Int) -> String { count == 1 ? "1 resolve" : "\(count) resolves" }

    /// `, its 1 other element is left out`, or nothing when every element is a resolve.
    private static func othersLeftOut(_ elements: [Value]) -> String {
        let others = elements.count(where: { !$0.isResolve })
        return others == 0 ? "" : ", its \(others) other element\(others == 1 ? " is" : "s are") left out"
    }

    /// Whether a closure's one statement is the resolve, returned (`{ resolve() }`, `{ return r.resolve()! }`).
    private static func returnsOnly(_ site: ResolveSite, _ closure: ClosureExprSyntax) -> Bool {
        SwiftExpressions.onlyValue(of: closure).map { SwiftExpressions.unwrap($0).core.id == site.node.id } ?? false
    }

    func defaultName(for value: Value) -> String {
        switch value {
        case .service(let site, _), .lazy(let site), .earlier(let site, _, _): SwiftExpressions.parameterName(for: site.type ?? "value")
        case .argument(let name): name
        default: "value"
        }
    }

    /// `declared`: the initializer's parameter the value is given to, when the declaration is read.
    mutating func add(parameter label: String, value: Value, at node: Syntax, declared: TypeDeclarations.Parameter? = nil) {
        let location = file.location(of: node)
        switch value {
        case .service(let site, let optional):
            if let item = serviceItem(label: label, site: site, isLazy: false, isOptional: optional, at: location) {
                reading.dependencies.append(item)
            }
        case .earlier(let site, let optional, let miss):
            // Located at the resolve: that is where the app stops when the key is not registered yet.
            if var item = serviceItem(label: label, site: site, isLazy: false, isOptional: optional, at: file.location(of: site.node)) {
                item.eager = miss
                reading.dependencies.append(item)
            }
        case .lazy(let site):
            if let item = serviceItem(label: label, site: site, isLazy: true, isOptional: false, at: location) {
                reading.dependencies.append(item)
            }
        case .argument(let name):
            reading.dependencies.append(.init(label: uniqueLabel(label), source: .argument(name), location: location))
        case .construction(let inner) where resolveSites(in: inner.node).isEmpty && (inner.factory == nil || inner.node.is(MemberAccessExprSyntax.self)):
            // `RunLoop.main`, `URL(string: "…")`: a value, with nothing of the container inside
            // (a static method, `Impl.make(…)`, may resolve inside: that stays a warning).
            finding(
                .info,
                "parameter '\(label)' is given `\(SwiftExpressions.quoted(inner.node, limit: 60))`, a value the manifest does not record; \(Self.leftOut(declared, given: inner.node.trimmedDescription))",
                at: node)
        case .construction(let inner):
            builtInPlace.insert(inner.node.id)
            // Built by an initializer, every resolve inside is read: what a manifest lacks is only the
            // value's own shape (an info). A static method or helper may resolve more in its body.
            let isInitializer = inner.factory == nil
            let builtInPlace = Diagnostic(
                .swiftImport, isInitializer ? .info : .warning,
                "'\(subject)': parameter '\(label)' is built in place (`\(SwiftExpressions.quoted(inner.node, limit: 60))`); digraph records the resolves inside it as dependencies of '\(subject)'"
                    + (isInitializer
                        ? "; gen-swift asks how to build it, or register that value separately to model it"
                        : ", register that value separately to model it"),
                at: file.location(of: node))
            // `LogicIDPModule.storageName()`: whether it is a value or a service depends on what its body resolves.
            if let type = inner.implementation, let member = inner.factory, inner.madeBy == nil, declarations.declaration(of: type) != nil,
                resolveSites(in: inner.node).isEmpty
            {
                let value = Diagnostic(
                    .swiftImport, .info,
                    "'\(subject)': parameter '\(label)' is given `\(SwiftExpressions.quoted(inner.node, limit: 60))`, a value a static member of the app makes without resolving anything, which the manifest does not record; \(Self.leftOut(declared))",
                    at: file.location(of: node))
                reading.staticValues.append((type, member, builtInPlace, value))
            } else {
                reading.findings.append(builtInPlace)
            }
        case .literal(let text):
            finding(
                .info,
                "parameter '\(label)' is given `\(SwiftExpressions.quoted(text, limit: 60))`, a value the manifest does not record; \(Self.leftOut(declared, given: text))",
                at: node)
        case .collection(let text, let elements):
            let listed = addResolves(of: elements)
            finding(
                .info,
                "parameter '\(label)' is given a collection of \(Self.resolves(listed.count)) (`\(SwiftExpressions.quoted(text, limit: 60))`), which a manifest cannot pass as one parameter; each is read as a dependency of '\(subject)' (\(listed.joined(separator: ", ")))\(Self.othersLeftOut(elements)); gen-swift asks how to build it",
                at: node)
        case .member(let text, let resolved):
            let listed = resolveLabels(of: resolved, passing: text)
            finding(
                .info,
                "parameter '\(label)' is given `\(SwiftExpressions.quoted(text, limit: 60))`, a member of a resolved value, which a manifest cannot pass; the resolve is read as a dependency of '\(subject)' (\(listed.joined(separator: ", "))); gen-swift asks how to build it",
                at: node)
        case .captured(let name):
            // `ScreensImpl(assembler: self.assembler)`, an initializer taking Swinject's `Assembler`
            // (or a `Resolver`): the object keeps a handle on a container, and what it resolves
            // through it later is read where it keeps it (BuiltTypeResolves), as a resolver's is.
            let handle = declared.map { DeclaredType($0.type).key }.map { ["Assembler", "Swinject.Assembler", "Resolver", "Swinject.Resolver"].contains($0) }
            if handle == true, let built = reading.implementation {
                finding(
                    .info,
                    "parameter '\(label)' is given `\(name)`, a container's handle, which a manifest does not pass; it is left out, and what '\(built)' resolves through it later is read as its lazy dependencies",
                    at: node)
            } else {
                warn(
                    "parameter '\(label)' is given `\(name)`, a value from outside the container; it is left out: register that value in the container and resolve it there to model it",
                    at: node)
            }
        case .element(let name, let position):
            finding(
                .info,
                "parameter '\(label)' is given `\(name)`, element \(position + 1) of the factory's parameter (a tuple), which a manifest can only pass whole; it is left out",
                at: node)
        case .factoryContainer(let text):
            // `ViewModelFactory(container: self)`: read where the object holds it, else said.
            if let built = reading.implementation, declarations.factories.holdsContainer(built) {
                finding(
                    .info,
                    "parameter '\(label)' is given the container itself (`\(text)`), which a manifest does not pass; it is left out, and what '\(built)' resolves through it is read as its lazy dependencies",
                    at: node)
            } else {
                warn(
                    "parameter '\(label)' is given the container itself (`\(text)`); it is left out, and digraph cannot tell what the object resolves through it later (it reads a container the object keeps in a stored property of a container type)",
                    at: node)
            }
        case .resolver(let name):
            readHeldResolver(label: label, given: "the resolver `\(name)` itself", at: node)
        case .unknown(let text):
            warn("parameter '\(label)' is given `\(SwiftExpressions.quoted(text, limit: 60))`, which digraph cannot read; it is left out", at: node)
        }
    }

    /// `instance.label = value` on a value of `builtType` (when known): a resolve that names no type
    /// takes the property's declared type, as Swift infers it.
    mutating func addProperty(_ label: String, value expression: ExprSyntax, at node: Syntax, of builtType: String? = nil) {
        let location = file.location(of: node)
        switch value(of: expression, required: false) {
        case .service(var site, var optional):
            if site.isInferred, let builtType, let declared = declarations.propertyType(of: builtType, named: label).map(DeclaredType.init) {
                site.infer(declared)
                // `c.model = r~>` force-unwraps whatever the property's type: a miss stops the app.
                optional = declared.isOptional && !site.isArrow
            }
            if let item = serviceItem(label: label, site: site, isLazy: false, isOptional: optional, at: location, isProperty: true) {
                reading.properties.append(item)
            }
        case .earlier(let site, let optional, let miss):
            if var item = serviceItem(label: label, site: site, isLazy: false, isOptional: optional, at: file.location(of: site.node), isProperty: true) {
                item.eager = miss
                reading.properties.append(item)
            }
        case .lazy(let site):
            if let item = serviceItem(label: label, site: site, isLazy: true, isOptional: false, at: location, isProperty: true) {
                reading.properties.append(item)
            }
        default:
            break
        }
    }

    mutating func serviceItem(
        label: String, site: ResolveSite, isLazy: Bool, isOptional: Bool, at location: DigraphCore.SourceLocation,
        isProperty: Bool = false
    ) -> ClosureReading.Item? {
        consumed.insert(site.node.id)
        if helperDepth > 0 || site.isInHelper { reading.resolvedInHelpers.append(file.location(of: site.node)) }
        guard let type = site.type else {
            warn("\(isProperty ? "property" : "parameter") '\(label)' resolves something digraph cannot read: \(site.problem ?? "")", at: site.node)
            return nil
        }
        // `r.resolve(BaseView.self, name: name)` with the name a runtime argument (dmytech/timer_vip_swinject):
        // no resolve of the unnamed key, which it would be a false missing binding of.
        if site.nameIsUnread, let problem = site.problem {
            warn(
                "the resolve of '\(type)' for '\(label)' is left out: \(problem), so which of its registrations it reaches is known only when the app runs",
                at: site.node)
            reading.resolvesUnderUnreadNames.append((type, file.location(of: site.node)))
            return nil
        }
        if let problem = site.problem { warn("the resolve of '\(type)' for '\(label)': \(problem)", at: site.node) }
        var passing: [String] = []
        var suppressions: [Suppression] = []
        var unread = 0
        if !isLazy {
            for passed in site.passed {
                let unwrapped = SwiftExpressions.unwrap(passed)
                let core = unwrapped.core
                if let name = core.as(DeclReferenceExprSyntax.self)?.baseName.text, let argument = argumentName(name) {
                    if let cast = unwrapped.castType {
                        // `nav as UIViewController`: its own argument, as another type a manifest cannot write.
                        unread += 1
                        finding(
                            .info,
                            "the resolve of '\(type)' passes its runtime argument `\(argument)` as '\(cast)', a cast a manifest cannot write: the arguments' count is checked, their types are not",
                            at: Syntax(passed))
                    } else {
                        passing.append(argument)
                    }
                } else if site.compilerChecksArguments {
                    // A manifest cannot say what is passed, and the compiler has checked it: nothing to report.
                    suppressions = [
                        Suppression(
                            code: Located(.argumentMismatch, at: location),
                            reason:
                                "Factory's ParameterFactory: the compiler checks the parameter passed (`\(SwiftExpressions.quoted(passed, limit: 40))`)",
                            isImplied: true)
                    ]
                } else {
                    unread += 1
                    warn(
                        "the resolve of '\(type)' passes `\(SwiftExpressions.quoted(passed, limit: 60))`; a manifest passes on only the registration's own runtime arguments, so it is left out (the arguments' count is still checked, their types are not)",
                        at: Syntax(passed))
                }
            }
        }
        return .init(
            label: isProperty ? label : uniqueLabel(label),
            source: .service(type: type, name: site.name, isLazy: isLazy, isOptional: isOptional, passing: passing),
            location: location, eager: options.buildsWhenRegistered && !isLazy ? miss(of: site, isOptional: isOptional) : nil,
            suppressions: suppressions, unreadArguments: unread)
    }

    mutating func uniqueLabel(_ label: String) -> String {
        labels.unique(label, among: reading.dependencies)
    }
}
