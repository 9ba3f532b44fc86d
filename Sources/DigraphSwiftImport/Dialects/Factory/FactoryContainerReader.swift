import DigraphCore
import SwiftSyntax

/// hmlongco/Factory read into registrations: each factory property is one registration keyed by its
/// type and property; its closure gives its dependencies, and so do the `@Injected` properties and
/// `Container.shared.x()` calls of the type it builds. A use anywhere else is an app resolve.
struct FactoryContainerReader {
    let files: [SwiftFile]
    let declarations: TypeDeclarations
    let context: FactoryContext?
    /// The code the app runs as it launches, when the walk from its entry found it.
    let launchCode: LaunchCode?
    private var catalogue: FactoryCatalogue { declarations.factories }

    private(set) var found: [RegistrationFinder.Found] = []
    private(set) var resolves: [RegistrationFinder.AppResolve] = []
    private(set) var findings: [Diagnostic] = []
    /// Registrations scoped `.singleton` by their own modifiers: Factory caches those for every container.
    private var globalSingletons = Set<DigraphCore.SourceLocation>()
    /// The `register { … }` closures read as a registration's factory: what they resolve is its.
    private var readOverrides: [ClosureExprSyntax] = []

    init(files: [SwiftFile], declarations: TypeDeclarations, context: FactoryContext?, launchCode: LaunchCode? = nil) {
        self.files = files
        self.declarations = declarations
        self.context = context
        self.launchCode = launchCode
    }

    /// A factory given another closure outside its declaration: `api.register { … }`,
    /// `api.onTest { … }`, `api { … }` in `autoRegister()` or anywhere else.
    private struct Override {
        /// nil for `register`: every context.
        var context: String?
        var closure: ClosureExprSyntax
        var location: DigraphCore.SourceLocation
        /// Written in a test target: a test's stand-in, never the app's factory.
        var inTestCode = false
        /// Written in a `#Preview` or `PreviewProvider`: the preview's stand-in.
        var inPreview = false
        /// It runs whenever the app does: in launch code, or in a function the app's own code calls
        /// by name, and no `if`, `switch`, `guard`, loop or `#if` around it or around that call
        /// chooses whether it runs.
        var isUnconditional = false
        /// The scope set where it is registered: `x.scope(.cached).register { … }`, `x.singleton.register { … }`.
        var lifetime: Lifetime?

        /// Its file, a function or type around it, or a type it builds says tests or previews
        /// (`setupMocks()`, `PreviewContent/`, a UI-test app's folder, `MockSession()`); or it gives
        /// nil, or a value made before it (`register { token }` at sign-in): no factory of the app's.
        var namesAStandIn = false

        /// What the app's own code registers wherever it runs: its factory from then on.
        var isTheAppsOwn: Bool { context == nil && !inTestCode && !inPreview && isUnconditional && !namesAStandIn }
    }

    mutating func read() {
        guard !catalogue.isEmpty else { return }
        let (overrides, defaultScopes) = configurations()
        var built: [String: [Int]] = [:]
        var builtLazily = Set<BuiltBy>()
        var registered = Set<Int>()
        // A test target's own factories (`extension Container { var folder: Factory<Folder> { self
        // { .mock } } }` in `Tests/`) are not the app's: left out, unless only tests were given.
        let inTests = catalogue.definitions.indices.filter { RegistrationOrder.isTestCode(files[catalogue.definitions[$0].file]) }
        let leavesOutTests = inTests.count < catalogue.definitions.count
        if leavesOutTests, let first = inTests.first {
            let count = inTests.count
            let testFiles = Set(inTests.map { catalogue.definitions[$0].file }).count
            findings.append(
                Diagnostic(
                    .swiftImport, .info,
                    "\(count) Factory registration\(count == 1 ? "" : "s") declared in test code (\(testFiles) file\(testFiles == 1 ? "" : "s") in a `…Tests` or `…Specs` folder or importing XCTest, Testing, Quick or Nimble; the first here) \(count == 1 ? "is" : "are") the tests' own, left out of the app's graph",
                    at: files[catalogue.definitions[first].file].location(of: catalogue.definitions[first].node)))
        }
        for (fileIndex, node) in catalogue.untypedStatics {
            findings.append(
                Diagnostic(
                    .swiftImport, .warning,
                    "`\(SwiftExpressions.quoted(node, limit: 40))`: neither the declaration nor its closure says the type this Factory makes; it is left out: write it (`Factory<T>`, `: Factory<T>`)",
                    at: files[fileIndex].location(of: node)))
        }
        for (index, definition) in catalogue.definitions.enumerated() {
            if leavesOutTests, RegistrationOrder.isTestCode(files[definition.file]) { continue }
            guard let registration = registration(definition, overrides: overrides[index] ?? [], defaultScope: defaultScopes[definition.container]) else {
                continue
            }
            if let implementation = registration.reading.implementation {
                built[declarations.ownerName(of: implementation), default: []].append(found.count)
            }
            for inline in registration.reading.builtInline {
                built[inline.type, default: []].append(found.count)
                if inline.isLazy { builtLazily.insert(BuiltBy(type: inline.type, holder: found.count)) }
            }
            registered.insert(index)
            found.append(registration)
        }
        sharedSingletons()
        readUses(builtBy: built, lazily: builtLazily, registered: registered)
    }

    /// A type a registration's factory builds: inside a closure of its own, what building it
    /// resolves is lazy there.
    private struct BuiltBy: Hashable {
        var type: String
        var holder: Int
    }

    // MARK: Registrations

    /// Declared in several modules: the one with a real factory stands for the key.
    private func chosen(_ given: FactoryCatalogue.Definition) -> (FactoryCatalogue.Definition, notes: [String]) {
        var definition = given
        var notes: [String] = []
        if !given.alsoDeclared.isEmpty {
            let all = [(product: given.product, file: given.file, node: given.node)] + given.alsoDeclared
            let chosen = all.first { $0.product.map { !Self.isPlaceholder($0) } ?? false } ?? all[0]
            (definition.product, definition.file, definition.node) = (chosen.product, chosen.file, chosen.node)
            for other in all where other.node.id != chosen.node.id {
                let location = files[other.file].location(of: other.node)
                notes.append("also declared at \(location.file):\(location.line): one Factory key (type and property)")
            }
        }
        return (definition, notes)
    }

    private mutating func registration(_ given: FactoryCatalogue.Definition, overrides: [Override], defaultScope: Lifetime?) -> RegistrationFinder.Found? {
        var (definition, notes) = chosen(given)
        let file = files[definition.file]
        let location = file.location(of: definition.node)
        let subject = Registration.displayName(key: definition.type, name: definition.name)
        guard let product = definition.product else {
            findings.append(
                Diagnostic(.swiftImport, .warning, "'\(subject)': the factory's getter returns nothing digraph can read; it is left out", at: location))
            return nil
        }
        let (root, modifiers) = Self.chain(product)
        var lifetime = defaultScope ?? .transient
        var closure: ClosureExprSyntax?
        var isPromise = false
        var alternatives: [Override] = []
        if let call = root.as(FunctionCallExprSyntax.self), FactoryCatalogue.isFactoryCall(call) {
            closure = Self.closure(of: call)
            // Factory 1: `Factory(scope: .singleton) { … }` says its scope as an argument.
            if let scope = call.arguments.first(where: { $0.label?.text == "scope" })?.expression.as(MemberAccessExprSyntax.self) {
                readScope(scope, subject: subject, file: file, location: location, lifetime: &lifetime)
            }
        } else if let call = root.as(FunctionCallExprSyntax.self), let (callee, _) = SwiftExpressions.callee(of: call) {
            switch callee {
            case "self", "Factory", "ParameterFactory", "makes": closure = Self.closure(of: call)
            case "promised": isPromise = true
            default: break
            }
        }
        readModifiers(modifiers, subject: subject, file: file, location: location, lifetime: &lifetime, alternatives: &alternatives, notes: &notes)
        alternatives += overrides
        let isNilPlaceholder = closure.map(Self.returnsNil) ?? false
        // `self { fatalError("register X at launch") }`: a value the app registers before anything
        // resolves it (what `gen-swift --target factory` writes for a supplied value).
        let isRegisteredAtLaunch = closure.map(Self.onlyStops) ?? false
        // A promise, or `self { nil }`, is kept by a `register { … }` elsewhere: that is the graph's
        // factory. So is the one `register` the app's own code runs whatever happens (moers-ios
        // declares in-memory stand-ins in its package and registers the real ones at launch).
        let appsOwn = alternatives.filter(\.isTheAppsOwn)
        let kept =
            isPromise || isNilPlaceholder || isRegisteredAtLaunch
            ? alternatives.first(where: { $0.context == nil && !$0.inTestCode }) : appsOwn.count == 1 ? appsOwn[0] : nil
        if let kept {
            let place = "\(kept.location.file):\(kept.location.line)"
            notes.append(
                isPromise || isNilPlaceholder || isRegisteredAtLaunch
                    ? "registered at \(place)" : "registered at \(place), which the app's code runs whatever happens: it replaces the factory declared here")
            closure = kept.closure
            lifetime = kept.lifetime ?? lifetime
            alternatives.removeAll { $0.location == kept.location }
            readOverrides.append(kept.closure)
        }
        if let context, let chosen = alternatives.first(where: { $0.context == context.rawValue }) {
            closure = chosen.closure
            notes.append("--context \(context.rawValue): the factory at \(chosen.location.file):\(chosen.location.line)")
            alternatives.removeAll { $0.location == chosen.location }
        }
        for alternative in alternatives {
            notes.append(
                "\(alternative.context.map { "context \($0)" } ?? "register") (an alternative, not read): \(alternative.location.file):\(alternative.location.line)"
            )
        }
        // `var subscriptionService: Factory<S> { secureSubscriptionService }`: the same Factory, so the
        // same key and scope; resolving it resolves that one (Ritualist: a false missing-binding error).
        if closure == nil, !isPromise, let target = catalogue.reference(root, inside: definition.container),
            catalogue.definitions[target].property != definition.property
        {
            let aliased = catalogue.definitions[target]
            var reading = ClosureReading()
            reading.aliasOf = (aliased.type, aliased.name, location)
            reading.notes = notes + ["the same Factory as '\(aliased.property)': resolving it resolves that one, its scope included"]
            return RegistrationFinder.Found(
                keys: [(definition.type, location)], name: definition.name, lifetime: .transient, reading: reading,
                argumentNames: [], argumentTypes: [:], location: location, module: file.module)
        }
        guard let closure, !Self.returnsNil(closure) else {
            reportUnread(product, definition: definition, subject: subject, location: location, isPromise: isPromise, isNilPlaceholder: isNilPlaceholder)
            return nil
        }

        if Self.onlyStops(closure) {
            var reading = ClosureReading()
            reading.isSupplied = true
            reading.notes =
                notes + [
                    "supplied: the factory stops the app until something registers the value (`\(definition.container).shared.\(definition.property).register { … }` at launch)"
                ]
            return RegistrationFinder.Found(
                keys: [(definition.type, location)], name: definition.name, lifetime: .singleton, reading: reading,
                argumentNames: [], argumentTypes: [:], location: location, module: file.module)
        }
        return readFactory(closure, of: definition, in: file, subject: subject, lifetime: lifetime, notes: notes)
    }

    /// `.singleton`, `.scope(.cached)`, `.timeToLive(…)`, `.onTest { … }`: what each modifier chained on the factory says.
    private mutating func readModifiers(
        _ modifiers: [(name: String, call: FunctionCallExprSyntax?)], subject: String, file: SwiftFile, location: DigraphCore.SourceLocation,
        lifetime: inout Lifetime, alternatives: inout [Override], notes: inout [String]
    ) {
        for modifier in modifiers {
            switch modifier.name {
            case "scope":
                if let argument = modifier.call?.arguments.first?.expression.as(MemberAccessExprSyntax.self) {
                    readScope(argument, subject: subject, file: file, location: location, lifetime: &lifetime)
                }
            case let name where ScopeVocabulary.factory.lifetime(of: name) != nil:
                lifetime = ScopeVocabulary.factory.lifetime(of: name)!
                if name == "singleton" { globalSingletons.insert(location) }
            case "timeToLive":
                notes.append(
                    "timeToLive: the cached value is dropped after \(modifier.call?.arguments.first.map { SwiftExpressions.quoted($0.expression, limit: 20) } ?? "a while") seconds"
                )
            case "decorator":
                notes.append("decorator: code runs on every resolve")
            default:
                if let contexts = Self.contexts(modifier.name, modifier.call), let given = modifier.call.flatMap(Self.closure(of:)) {
                    for context in contexts { alternatives.append(Override(context: context, closure: given, location: file.location(of: given))) }
                }
            }
        }
    }

    /// `.scope(.session)`, or Factory 1's `Factory(scope: .shared)`: the lifetime it names.
    private mutating func readScope(
        _ argument: MemberAccessExprSyntax, subject: String, file: SwiftFile, location: DigraphCore.SourceLocation, lifetime: inout Lifetime
    ) {
        let scope = argument.declName.baseName.text
        if let known = ScopeVocabulary.factory.lifetime(of: scope) {
            lifetime = known
            if scope == "singleton" { globalSingletons.insert(location) }
        } else {
            lifetime = .singleton
            findings.append(
                Diagnostic(
                    .swiftImport, .warning,
                    "'\(subject)': custom scope `.\(scope)` is read as singleton (one value until the scope is reset); digraph cannot tell when the app resets it",
                    at: file.location(of: argument)))
        }
    }

    /// A factory with nothing to read: a promise nothing keeps, a nil nothing replaces, or a shape digraph does not know.
    private mutating func reportUnread(
        _ product: ExprSyntax, definition: FactoryCatalogue.Definition, subject: String, location: DigraphCore.SourceLocation, isPromise: Bool,
        isNilPlaceholder: Bool
    ) {
        if isPromise {
            findings.append(
                Diagnostic(
                    .missingBinding, .error,
                    "'\(subject)' is promised() but nothing in the given paths registers it: in a DEBUG build resolving it stops the app, in a release build it is nil; register it (`Container.shared.\(definition.property).register { … }`) where the app starts, or give digraph the paths that do",
                    at: location, subject: .missing(BindingKey(key: definition.type, name: definition.name), at: nil)))
        } else if isNilPlaceholder {
            findings.append(
                Diagnostic(
                    .swiftImport, .info,
                    "'\(subject)' gives nil until something registers it, and nothing in the given paths does; its uses are optional",
                    at: location))
        } else {
            findings.append(
                Diagnostic(
                    .swiftImport, .warning,
                    "'\(subject)': `\(SwiftExpressions.quoted(product, limit: 80))` is not a factory digraph can read (`self { … }`, `Factory(self) { … }`, `promised()`); it is left out",
                    at: location))
        }
    }

    /// The factory's closure read as its registration; an override elsewhere is read in its own file.
    private func readFactory(
        _ closure: ClosureExprSyntax, of definition: FactoryCatalogue.Definition, in file: SwiftFile, subject: String, lifetime: Lifetime, notes: [String]
    ) -> RegistrationFinder.Found {
        let location = file.location(of: definition.node)
        let closureFile = closure.root.id == Syntax(file.tree).id ? file : files.first { Syntax($0.tree).id == closure.root.id } ?? file
        var argumentNames: [String] = []
        var argumentTypes: [String: String] = [:]
        var options = ClosureReader.Options(factoryContainer: definition.container, productType: definition.type)
        var takesTupleApart = false
        if let parameter = definition.parameter {
            let name = Self.parameterName(of: closure)
            argumentNames = [Self.argumentLabel(name)]
            argumentTypes[argumentNames[0]] = parameter
            if let elements = Self.elementNames(of: closure, taking: parameter) {
                options.argumentElements = Dictionary(uniqueKeysWithValues: elements.enumerated().map { ($1, $0) })
                argumentNames = ["parameter"]
                argumentTypes = ["parameter": parameter]
                takesTupleApart = true
            } else {
                options.argumentNames = [name]
            }
        }
        var reader = ClosureReader(file: closureFile, declarations: declarations, subject: subject, options: options)
        reader.read(closure: closure, takesResolver: false)
        var reading = reader.reading
        if let name = reader.argumentNames.first, name != argumentNames.first {
            reading.dependencies = reading.dependencies.map { item in
                var item = item
                if case .argument(name) = item.source { item.source = .argument(argumentNames[0]) }
                return item
            }
        }
        reading.isolation = reading.isolation ?? definition.isolation
        reading.notes += notes
        // Its elements are used, each as the manifest cannot say.
        if takesTupleApart { reading.argumentsNamed.insert("parameter") }
        var found = RegistrationFinder.Found(
            keys: [(definition.type, location)], name: definition.name, lifetime: lifetime, reading: reading,
            argumentNames: argumentNames, argumentTypes: argumentTypes, location: location, module: file.module)
        // `.shared` boxes an object weakly and keeps nothing of a value (`Scope.Shared.box`).
        found.scopesAValueLoses = [.weak]
        return found
    }

    /// The contexts a modifier sets a factory for: `.onTest` → test, `.context(.test, .preview)`.
    private static func contexts(_ name: String, _ call: FunctionCallExprSyntax?) -> [String]? {
        switch name {
        case "onTest": ["test"]
        case "onPreview": ["preview"]
        case "onDebug": ["debug"]
        case "onSimulator": ["simulator"]
        case "onDevice": ["device"]
        case "onArg", "onArgs": ["arg"]
        case "context":
            call?.arguments.compactMap { $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text }
                ?? call?.arguments.compactMap { $0.expression.as(FunctionCallExprSyntax.self).flatMap { SwiftExpressions.callee(of: $0)?.name } }
        default: nil
        }
    }

    /// `self { … }.singleton.onTest { … }` → (`self { … }`, [singleton, onTest]), innermost first.
    static func chain(_ expression: ExprSyntax) -> (root: ExprSyntax, modifiers: [(name: String, call: FunctionCallExprSyntax?)]) {
        var modifiers: [(name: String, call: FunctionCallExprSyntax?)] = []
        var current = expression
        while true {
            if let access = current.as(MemberAccessExprSyntax.self), let base = access.base {
                modifiers.append((access.declName.baseName.text, nil))
                current = base
            } else if let call = current.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
                let base = access.base
            {
                modifiers.append((access.declName.baseName.text, call))
                current = base
            } else {
                return (current, modifiers.reversed())
            }
        }
    }

    private static func closure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
    }

    /// A body that only stops the app: `fatalError(…)`, `preconditionFailure(…)`.
    private static func onlyStops(_ closure: ClosureExprSyntax) -> Bool {
        guard closure.statements.count == 1, let item = closure.statements.first,
            let call = SwiftExpressions.expression(of: item)?.as(FunctionCallExprSyntax.self)
        else { return false }
        return SwiftExpressions.isStop(call)
    }

    private static func returnsNil(_ closure: ClosureExprSyntax) -> Bool {
        let expression = SwiftExpressions.onlyValue(of: closure)
        return expression?.is(NilLiteralExprSyntax.self) == true || expression?.trimmedDescription == ".none"
    }

    /// `promised()`, `self { nil }` or `self { fatalError(…) }`: a factory waiting for a `register`.
    private static func isPlaceholder(_ product: ExprSyntax) -> Bool {
        guard let call = chain(product).root.as(FunctionCallExprSyntax.self), let (callee, _) = SwiftExpressions.callee(of: call) else { return false }
        return callee == "promised" || closure(of: call).map { returnsNil($0) || onlyStops($0) } == true
    }

    /// The closure's names for the elements of a tuple parameter it takes apart: `{ credential, router
    /// in … }`, or `$0`, `$1` … when it uses `$1`; nil when it takes the parameter whole.
    private static func elementNames(of closure: ClosureExprSyntax, taking parameter: String) -> [String]? {
        guard let arity = tupleArity(parameter), arity > 1 else { return nil }
        let names = SwiftExpressions.parameterNames(of: closure)
        if names.count == arity { return names }
        guard names.isEmpty,
            closure.statements.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .dollarIdentifier("$1") })
        else { return nil }
        return (0..<arity).map { "$\($0)" }
    }

    /// `(Credential, router: Router)` → 2; nil for anything that is not a tuple (`(A) -> B`, `Int`).
    private static func tupleArity(_ type: String) -> Int? {
        guard case .tuple(let elements)? = try? TypeExpressionParser.parse(type) else { return nil }
        return elements.count
    }

    /// A parameter factory's closure parameter: `{ id in … }`, or `$0`.
    private static func parameterName(of closure: ClosureExprSyntax) -> String {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: list.first?.name.text ?? "$0"
        case .parameterClause(let clause)?: clause.parameters.first.map { ($0.secondName ?? $0.firstName).text } ?? "$0"
        case nil: "$0"
        }
    }

    /// A manifest's argument label: `$0` is written `parameter`.
    private static func argumentLabel(_ name: String) -> String { name.hasPrefix("$") || name == "_" ? "parameter" : name }

    // MARK: Configuration outside the declarations

    /// Every override of a factory (`register`, `onTest`, `context`, a trailing closure), and each
    /// container's `manager.defaultScope`.
    private mutating func configurations() -> ([Int: [Override]], [String: Lifetime]) {
        var overrides: [Int: [Override]] = [:]
        var scopes: [String: Lifetime] = [:]
        // A `register` in a function: the app's own when the app's code calls that function, unconditionally.
        var awaitingACall: [(factory: Int, position: Int, function: String)] = []
        for file in files {
            let inTestCode = RegistrationOrder.isTestCode(file)
            for call in SwiftExpressions.calls(in: file.tree) {
                guard let given = Self.closure(of: call) else { continue }
                let enclosing = Self.enclosingContainer(of: Syntax(call), catalogue)
                var context: [String?]?
                var base: ExprSyntax?
                if let access = call.calledExpression.as(MemberAccessExprSyntax.self) {
                    let name = access.declName.baseName.text
                    if name == "register" || name == "callAsFunction" { context = [nil] } else { context = Self.contexts(name, call) }
                    base = access.base
                } else {
                    // `api { Mock() }`: Factory's `callAsFunction(factory:)` registers.
                    context = [nil]
                    base = call.calledExpression
                }
                // `api.onTest { … }.onPreview { … }`: each modifier names the factory at the chain's root;
                // the outermost scope modifier is the one that holds.
                var lifetime: Lifetime?
                while let inner = base?.as(FunctionCallExprSyntax.self), let access = inner.calledExpression.as(MemberAccessExprSyntax.self) {
                    if access.declName.baseName.text == "scope", let scope = inner.arguments.first?.expression.as(MemberAccessExprSyntax.self) {
                        lifetime = lifetime ?? ScopeVocabulary.factory.lifetime(of: scope.declName.baseName.text) ?? .singleton
                    }
                    base = access.base
                }
                guard let contexts = context, let base else { continue }
                var index = catalogue.reference(base, inside: enclosing)
                if index == nil, let access = base.as(MemberAccessExprSyntax.self),
                    let scoped = ScopeVocabulary.factory.lifetime(of: access.declName.baseName.text),
                    let inner = access.base
                {
                    index = catalogue.reference(inner, inside: enclosing)
                    lifetime = lifetime ?? scoped
                }
                guard let index else { continue }
                let inPreview = FactoryUseWalker.inPreview(Syntax(call))
                var isUnconditional = false
                if !inTestCode, !inPreview, contexts == [nil], SwiftExpressions.runsWhenItsCodeRuns(Syntax(call)) {
                    if launchCode?.holds(file.location(of: call)) == true {
                        isUnconditional = true
                    } else if let function = Self.callableName(around: Syntax(call)) {
                        awaitingACall.append((index, overrides[index, default: []].count, function))
                    }
                }
                let namesAStandIn = !inTestCode && !inPreview && contexts == [nil] && Self.namesAStandIn(call, given, in: file)
                for context in contexts {
                    overrides[index, default: []].append(
                        Override(
                            context: context, closure: given, location: file.location(of: given), inTestCode: inTestCode, inPreview: inPreview,
                            isUnconditional: isUnconditional, lifetime: lifetime, namesAStandIn: namesAStandIn))
                }
            }
            for (target, value) in SwiftExpressions.assignments(in: file.tree) {
                let text = target.trimmedDescription
                guard text.hasSuffix("manager.defaultScope"), let scope = value.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                    let lifetime = ScopeVocabulary.factory.lifetime(of: scope)
                else { continue }
                let owner = text.split(separator: ".").first.map(String.init).flatMap { catalogue.containers.contains($0) ? $0 : nil }
                let container = owner ?? Self.enclosingContainer(of: Syntax(target), catalogue) ?? "Container"
                // Factory calls `autoRegister()` only on an `AutoRegistering` container: without the
                // conformance the default scope is never set (protonpass/ios-authenticator's watch app).
                if let function = target.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }), function.name.text == "autoRegister",
                    !declarations.supertypes(of: container).contains("AutoRegistering")
                {
                    findings.append(
                        Diagnostic(
                            .swiftImport, .warning,
                            "'\(container)' sets `manager.defaultScope = .\(scope)` in `autoRegister()`, but does not conform to `AutoRegistering`, so Factory never calls it: its factories keep their own scopes (unique when none); add `AutoRegistering` to its conformances if the default is meant",
                            at: file.location(of: function.name)))
                    continue
                }
                scopes[container] = lifetime
            }
        }
        if !awaitingACall.isEmpty {
            let called = calledByTheApp(among: Set(awaitingACall.map(\.function)))
            for waiting in awaitingACall where called.contains(waiting.function) { overrides[waiting.factory]![waiting.position].isUnconditional = true }
        }
        return (overrides, scopes)
    }

    /// A folder of the file says tests or previews (`PreviewContent/`, `swiyuUITests-App/`).
    private static func folderNamesTestOrPreview(_ file: SwiftFile) -> Bool {
        file.path.split(separator: "/").dropLast().contains(where: RegistrationOrder.namesTestOrPreview)
    }

    /// A `register` that stands in for the app's factory where tests or previews run, as its names
    /// say (`RegistrationOrder.namesTestOrPreview`), or that gives nil or a value made before it.
    private static func namesAStandIn(_ call: FunctionCallExprSyntax, _ given: ClosureExprSyntax, in file: SwiftFile) -> Bool {
        // `register { newClient }`: a value made earlier, registered at run time (after sign-in, a
        // new URL); the declared factory is what builds the key (govuk's `searchAPIClient`).
        if SwiftExpressions.onlyValue(of: given)?.is(DeclReferenceExprSyntax.self) == true { return true }
        if returnsNil(given) || folderNamesTestOrPreview(file) { return true }
        var current = call.parent
        while let scope = current {
            if let function = scope.as(FunctionDeclSyntax.self), RegistrationOrder.namesTestOrPreview(function.name.text) { return true }
            if let group = scope.asProtocol(DeclGroupSyntax.self), let name = SwiftExpressions.typeName(declaredBy: group),
                RegistrationOrder.namesTestOrPreview(name)
            {
                return true
            }
            current = scope.parent
        }
        return given.statements.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind, name.first?.isUppercase == true else { return false }
            return RegistrationOrder.namesTestOrPreview(name)
        }
    }

    /// How a call names the function around `node`: its name, a type's name for its initializer,
    /// nil in an accessor or a closure stored for later.
    private static func callableName(around node: Syntax) -> String? {
        var current = node.parent
        while let scope = current {
            if let function = scope.as(FunctionDeclSyntax.self) { return function.name.text }
            if scope.is(InitializerDeclSyntax.self) { return SwiftExpressions.enclosingTypeName(of: scope) }
            if scope.is(AccessorDeclSyntax.self) || scope.is(PatternBindingSyntax.self) { return nil }
            current = scope.parent
        }
        return nil
    }

    /// Of `names`, those the app's own code calls where nothing decides whether the call runs (not
    /// in the tests, not in a preview). Factory's `autoRegister()` is not among them: a UI-test app
    /// registers its mocks there (eidch-ios-wallet).
    private func calledByTheApp(among names: Set<String>) -> Set<String> {
        var called = Set<String>()
        for file in files
        where !RegistrationOrder.isTestCode(file) && !Self.folderNamesTestOrPreview(file) {
            for call in SwiftExpressions.calls(in: file.tree) {
                guard let name = SwiftExpressions.callee(of: call)?.name, names.contains(name), !called.contains(name),
                    !FactoryUseWalker.inPreview(Syntax(call)), SwiftExpressions.runsWhenItsCodeRuns(Syntax(call)),
                    !(Self.callableName(around: Syntax(call)).map(RegistrationOrder.namesTestOrPreview) ?? false)
                else { continue }
                called.insert(name)
            }
        }
        return called
    }

    /// The container whose declaration or extension holds a node.
    static func enclosingContainer(of node: Syntax, _ catalogue: FactoryCatalogue) -> String? {
        var current = node.parent
        while let parent = current {
            if let type = parent.as(ClassDeclSyntax.self) { return catalogue.containers.contains(type.name.text) ? type.name.text : nil }
            if let extended = parent.as(ExtensionDeclSyntax.self) {
                let name = FactoryCatalogue.lastName(extended.extendedType)
                return catalogue.containers.contains(name) ? name : nil
            }
            current = parent.parent
        }
        return nil
    }

    /// Factory keeps one cache for `.singleton` across containers, keyed by type and property name:
    /// two containers' singletons of one type under one name share a value (Factory issue #99).
    private mutating func sharedSingletons() {
        var first: [String: Int] = [:]
        for (index, registration) in found.enumerated() where registration.lifetime == .singleton {
            guard let name = registration.name else { continue }
            let property = name.split(separator: ".").last.map(String.init) ?? name
            let key = registration.keys[0].type + "\u{0}" + property
            guard let earlier = first[key] else {
                first[key] = index
                continue
            }
            let other = found[earlier]
            guard other.name != name, globalSingletons.contains(registration.location), globalSingletons.contains(other.location) else { continue }
            findings.append(
                Diagnostic(
                    .keyCollision, .warning,
                    "'\(Registration.displayName(key: registration.keys[0].type, name: name))' and '\(Registration.displayName(key: other.keys[0].type, name: other.name))' are `.singleton` in two containers under one property name: Factory keeps singletons in one cache for every container, keyed by type and name, so both share one value; make one `.cached`, or rename it",
                    at: registration.location, notes: [Note("the other singleton is declared here", at: other.location)],
                    subject: .registration(BindingKey(key: registration.keys[0].type, name: name), at: nil)))
        }
    }

    // MARK: Uses outside the factories

    /// The built types below each supertype no factory builds itself (a protocol, a superclass),
    /// whose code they inherit.
    private static func heirs(builtBy built: [String: [Int]], _ declarations: TypeDeclarations) -> [String: [String]] {
        var heirs: [String: [String]] = [:]
        for type in built.keys.sorted() {
            for supertype in declarations.supertypes(of: type) where built[supertype] == nil { heirs[supertype, default: []].append(type) }
        }
        return heirs
    }

    /// What a built type inherits does for it: uses written in a protocol extension it conforms to
    /// (`extension BaseRepository { var monitor: Monitor { Container.shared.monitor() } }`) or in a
    /// superclass, and the helpers that code calls and the types it builds (a router's `extension
    /// PresentationRoutes where Self: RouterProtocol` building a screen's module), owned again by
    /// each built type below, as they were read there (lazy in a computed property or a method).
    /// What a type that is itself built does stays that type's. A protocol extension's member
    /// counts for the conformers whose own code uses it (`MemberReferences`); a superclass's code
    /// runs for each subclass, whoever calls it.
    /// A use's initializer is its own type's: an heir runs a superclass's through `super.init`,
    /// whatever its own construction's labels.
    private func inherited<Item: FactoryUseWalker.Owned>(_ items: [Item], heirs: [String: [String]], references: MemberReferences) -> [Item] {
        var used: [String: Set<String>] = [:]
        return items.flatMap { item -> [Item] in
            guard let owner = item.owner, let types = heirs[owner] else { return [] }
            return types.compactMap { type in
                if let member = item.member, declarations.isProtocol(owner) {
                    let key = type + "\u{0}" + owner
                    if used[key] == nil { used[key] = references.members(of: owner, usedBy: type, containers: catalogue.containers) }
                    guard used[key]!.contains(member) else { return nil }
                }
                var own = item
                own.owner = type
                own.forgetInitializer()
                return own
            }
        }
    }

    /// How many static helpers deep a built type's call is followed (`Function.neverCalled()` calling
    /// another helper is two); past it, a warning.
    static let maximumHelperDepth = 4

    /// A built type calling a type's method (`Function.neverCalled(name)` in `StateManager`) resolves
    /// what that method resolves: those uses again, owned by the caller, lazy (the call may run any
    /// time; a lazy edge never makes a false cycle).
    private mutating func helperUses(
        calls: [FactoryUseWalker.HelperCall], uses: [FactoryUseWalker.Use], builtBy built: [String: [Int]]
    ) -> [FactoryUseWalker.Use] {
        struct Method: Hashable {
            var type: String
            var name: String
        }
        // What a type resolves outside its methods is what building an instance of it resolves.
        var usesIn: [Method: [FactoryUseWalker.Use]] = [:]
        for use in uses {
            if let owner = use.owner { usesIn[Method(type: owner, name: use.function ?? FactoryUseWalker.HelperCall.instance), default: []].append(use) }
        }
        var callsIn: [Method: [FactoryUseWalker.HelperCall]] = [:]
        for call in calls {
            if let owner = call.owner {
                callsIn[Method(type: owner, name: call.function ?? FactoryUseWalker.HelperCall.instance), default: []].append(call)
            }
        }
        guard !usesIn.isEmpty else { return [] }
        // The methods from which some use is reached at any depth: one walk back from the uses, so
        // that the depth limit is said only where something past it resolves.
        var callers: [Method: [Method]] = [:]
        for (caller, made) in callsIn {
            for call in made { callers[Method(type: call.type, name: call.method), default: []].append(caller) }
        }
        var reaching = Set(usesIn.keys)
        var pending = Array(usesIn.keys)
        while let method = pending.popLast() {
            for caller in callers[method] ?? [] where reaching.insert(caller).inserted { pending.append(caller) }
        }
        // One edge per key a holder reaches through helpers, and none where it resolves the key itself.
        struct Edge: Hashable {
            var owner: String
            var definition: Int
        }
        var edges = Set(uses.compactMap { use in use.owner.map { Edge(owner: $0, definition: use.definition) } })
        var followed: [FactoryUseWalker.Use] = []
        for call in calls {
            // A registered type reached by a static helper or `.shared` is its own registration; one built
            // here (`DetailModule(id:)`) resolves what building it resolves, registered or not. A method
            // of a value the caller holds runs as the code of whoever made that value, but the defaults
            // of the parameters the call leaves out run in the caller.
            // A value built in a factory the code registers (`x.register { UserManager(user:) }`) or
            // in a preview is not built by the type that code is in.
            guard let owner = call.owner, built[owner] != nil, !call.inPreviewOrFactory,
                built[call.type] == nil || call.builds || call.onHeldValue
            else { continue }
            let defaultsOnly = call.onHeldValue
            var seen = Set<Method>()
            var frontier = [Method(type: call.type, name: call.method)]
            for depth in 0... {
                frontier = frontier.filter { reaching.contains($0) && seen.insert($0).inserted }
                guard !frontier.isEmpty else { break }
                guard depth < Self.maximumHelperDepth else {
                    findings.append(
                        Diagnostic(
                            .swiftImport, .warning,
                            "'\(owner)' \(call.said), which reaches helpers more than \(Self.maximumHelperDepth) calls deep; what they resolve past that is not read",
                            at: call.location))
                    break
                }
                for method in frontier {
                    // The defaults of the parameters this call passes values for do not run.
                    let passed = depth == 0 ? call.labels : []
                    for use in usesIn[method] ?? []
                    where (use.defaultFor.map { !passed.contains($0) } ?? !defaultsOnly)
                        && edges.insert(Edge(owner: owner, definition: use.definition)).inserted
                    {
                        var own = use
                        own.owner = owner
                        // The caller's now, wherever the helper is (a static one of another type's);
                        // which of the helper type's initializers runs is the call's, not the holder's.
                        own.inStaticMember = false
                        own.initializer = nil
                        // A type the holder builds as it is built resolves then (Ritualist's
                        // `let inspirationVM = InspirationCardViewModel()`); anything else may run any time.
                        own.isLazy = !(depth == 0 && call.runsWhileBuilt && !use.isLazy)
                        own.location = call.location
                        followed.append(own)
                    }
                }
                frontier = defaultsOnly ? [] : frontier.flatMap { callsIn[$0] ?? [] }.map { Method(type: $0.type, name: $0.method) }
            }
        }
        return followed
    }

    /// A parameter factory's edge: the compiler checks the parameter passed. A value used where it
    /// is resolved (`resolve(\.config).isDebug`) is not kept: no captive (nextcloud-passwords).
    private func suppressions(of use: FactoryUseWalker.Use) -> [Suppression] {
        var implied: [Suppression] = []
        if use.passes {
            implied.append(
                Suppression(
                    code: Located(.argumentMismatch, at: use.location), reason: "Factory's ParameterFactory: the compiler checks the parameter passed",
                    isImplied: true))
        }
        if use.isUsedInPlace {
            implied.append(
                Suppression(code: Located(.captiveDependency, at: use.location), reason: "its value is used where it is resolved, not kept", isImplied: true))
        }
        return implied
    }

    /// `@Injected(\.api)` and `Container.shared.api()` in a type a factory builds are that
    /// registration's dependencies; anywhere else they are the app's resolves. A type the app's own
    /// code builds too (`CoordinatorFactory(container: .shared)` where the app starts) resolves
    /// as the app's code as well: what it resolves is then no registration's alone.
    private mutating func readUses(builtBy built: [String: [Int]], lazily builtLazily: Set<BuiltBy>, registered: Set<Int>) {
        var labels: [Int: UniqueLabels] = [:]
        var uses: [FactoryUseWalker.Use] = []
        var calls: [FactoryUseWalker.HelperCall] = []
        var appBuilds: [FactoryUseWalker.HelperCall] = []
        var selfCalls = SelfCalls()
        var initializers = Initializers()
        for file in files {
            let walker = FactoryUseWalker(file: file, catalogue: catalogue, declarations: declarations)
            walker.walk(file.tree)
            findings += walker.findings
            if !RegistrationOrder.isTestCode(file) {
                selfCalls.merge(walker.selfCalls)
                initializers.merge(walker.initializers)
            }
            guard !RegistrationOrder.isTestCode(file) else {
                // A test's extension of a built type (`static func arrange()`) is not in the app: its
                // uses are no registration's, only resolves of the tests' own.
                uses += walker.uses.map { use in
                    var own = use
                    own.owner = nil
                    return own
                }
                continue
            }
            uses += walker.uses
            calls += walker.helperCalls
            appBuilds += walker.helperCalls.filter { $0.builds && !$0.inPreviewOrFactory }
        }
        // A container's own method resolves for the app's code that calls it; one only its factories
        // call (`self { self.makeStore() }`) is read with them (ClosureReader's helpers), and what it
        // builds is theirs.
        let calledByTheApp = Set(
            calls.filter { catalogue.containers.contains($0.type) && !$0.inPreviewOrFactory && $0.owner.map { !catalogue.containers.contains($0) } ?? true }
                .map { $0.type + "." + $0.method })
        appBuilds.removeAll { build in
            build.owner.map { catalogue.containers.contains($0) && !calledByTheApp.contains($0 + "." + (build.function ?? "")) } ?? false
        }
        // A use in a method the type's initializer runs (`init() { start() }`, and what `start`
        // calls in turn) is made as the holder is built.
        let runWhileBuilt = selfCalls.runWhileBuilt()
        uses = uses.map { use in
            guard use.isLazy, let method = use.inMethod, let owner = use.owner, runWhileBuilt[owner]?.contains(method) == true else { return use }
            var eager = use
            eager.isLazy = false
            return eager
        }
        let heirs = Self.heirs(builtBy: built, declarations)
        // Read only where a built type inherits a protocol's extension.
        let references = MemberReferences(files: heirs.keys.contains(where: declarations.isProtocol) ? files.filter { !RegistrationOrder.isTestCode($0) } : [])
        // Built outside any factory (the walker skips containers, previews and `register { … }`) by
        // the app's code: code no factory builds, nor a supertype's (a protocol extension a built
        // router inherits), in the app rather than its tests.
        let builtByApp = Set(appBuilds.filter { $0.owner.map { built[$0] == nil && heirs[$0] == nil } ?? true }.map(\.type))
        calls += inherited(calls, heirs: heirs, references: references)
        uses += helperUses(calls: calls, uses: uses, builtBy: built)
        uses += inherited(uses, heirs: heirs, references: references)
        // What a `register { … }` read as a factory resolves is that registration's (read with it).
        var readOverrideSpans: [String: [(start: DigraphCore.SourceLocation, end: DigraphCore.SourceLocation)]] = [:]
        for closure in readOverrides {
            guard let file = files.first(where: { Syntax($0.tree).id == closure.root.id }) else { continue }
            readOverrideSpans[file.path, default: []].append((file.location(of: closure), file.location(ofEnd: closure)))
        }
        let isInReadOverride = { (location: DigraphCore.SourceLocation) in
            readOverrideSpans[location.file]?.contains { span in
                (span.start.line, span.start.column) <= (location.line, location.column) && (location.line, location.column) <= (span.end.line, span.end.column)
            } ?? false
        }
        for use in uses {
            let definition = catalogue.definitions[use.definition]
            if isInReadOverride(use.location) { continue }
            if let owner = use.owner, catalogue.containers.contains(owner), !calledByTheApp.contains(owner + "." + (use.function ?? "")) { continue }
            // A static member's resolves are not the values' of its type (RIA-DigiDoc's `DigiDocConf.sharedInitializer`).
            if let owner = use.owner, let holders = built[owner], !use.inStaticMember {
                for holder in holders {
                    // One app's type is not another's of the same name (Ritualist's two `WidgetRefreshService`s).
                    if let usedIn = catalogue.app(ofFile: use.location.file), let heldIn = catalogue.app(ofFile: found[holder].location.file), usedIn != heldIn
                    {
                        continue
                    }
                    // A default of its initializer the holder's own construction passes a value for never runs there.
                    let builds = found[holder].reading.implementation.map { declarations.ownerName(of: $0) } == owner
                    if let label = use.defaultFor, use.function == nil, builds, found[holder].reading.constructionLabels?.contains(label) == true {
                        continue
                    }
                    // Nor does an initializer of its type the construction does not run.
                    if let initializer = use.initializer, builds, let labels = found[holder].reading.constructionLabels,
                        let run = initializers.run(by: labels, building: owner), !run.contains(initializer)
                    {
                        continue
                    }
                    // One lazy edge per key: the holder's methods calling `container.store()` in
                    // five places look it up later, once as far as the graph goes; a use made as it
                    // is built says more than a later one.
                    let isLazy = use.isLazy || builtLazily.contains(BuiltBy(type: owner, holder: holder))
                    let key = ClosureReading.Item.key(definition.type, definition.name)
                    if isLazy, let same = found[holder].reading.dependencies.firstIndex(where: { $0.serviceKey == key }) {
                        found[holder].reading.dependencies[same].alsoAt.append(use.location)
                        continue
                    }
                    let later = found[holder].reading.dependencies.firstIndex { $0.serviceKey == key && $0.isLazy }
                    var item = ClosureReading.Item(
                        label: later.map { found[holder].reading.dependencies[$0].label } ?? "",
                        source: .service(type: definition.type, name: definition.name, isLazy: isLazy, isOptional: definition.isOptional, passing: []),
                        location: use.location, suppressions: suppressions(of: use))
                    if let later {
                        // Where the later use was: one edge, now made as the holder is built.
                        let replaced = found[holder].reading.dependencies.filter { $0.serviceKey == key && $0.isLazy }
                        item.alsoAt = replaced.flatMap { [$0.location] + $0.alsoAt }
                        found[holder].reading.dependencies[later] = item
                        found[holder].reading.dependencies.removeAll { $0.serviceKey == key && $0.isLazy }
                    } else {
                        item.label = labels[holder, default: UniqueLabels()].unique(use.label, among: found[holder].reading.dependencies)
                        found[holder].reading.dependencies.append(item)
                    }
                }
            }
            if use.inStaticMember || use.owner.map({ built[$0] == nil || builtByApp.contains($0) }) ?? true,
                registered.contains(use.definition) || !definition.isOptional
            {
                // An optional factory nothing registers gives nil (or, promised, is reported at its declaration).
                resolves.append(
                    RegistrationFinder.AppResolve(
                        type: definition.type, name: definition.name, location: use.location,
                        isolation: use.isolation, compilerChecksArguments: true))
            }
        }
    }
}
