import DigraphCore
import SwiftSyntax

/// Walks one file for `register`/`autoregister` calls (any receiver, any container type) and for
/// `resolve` calls outside every registration (app code resolving directly).
final class RegistrationFinder: SyntaxVisitor {
    /// One registration as read from Swift, before its types are parsed.
    struct Found {
        var keys: [(type: String, location: DigraphCore.SourceLocation)]
        var name: String?
        var lifetime: Lifetime
        var reading: ClosureReading
        var argumentNames: [String]
        var argumentTypes: [String: String]
        var location: DigraphCore.SourceLocation
        var module: String?
        /// Built when registered (a value, or a factory the container calls at once).
        var isEager = false
        /// Resolves of the registering code this registration captured: eager edges, not app resolves.
        var eagerResolves: [DigraphCore.SourceLocation] = []
        /// Registered under a name digraph could not read (`name: kind.rawValue`): imported without one.
        var nameIsUnread = false
        /// Swinject's, with no scope of its own on a container the code around declares none for (an
        /// assembly's `container`): the `defaultObjectScope` of the `Assembler` applying it decides.
        var takesContainersScope = false
        /// Registered by code that runs later than launch, and how to name it (an app delegate's
        /// callback the walk from the entry does not reach); set by the order pass.
        var runsLater: String?
        /// The scopes its library keeps no instance in when the value built is a struct or an enum
        /// (Swinject ignores a value type's scope; Factory's `.shared` holds a weak reference, which
        /// a value cannot have): such a registration makes a new value on every resolve.
        var scopesAValueLoses: Set<Lifetime> = []
        /// The call itself: the branches around it are read from it when needed (`RegistrationOrder`),
        /// never stored per registration (a 1,900-rung `else if` ladder would hold millions).
        var call: FunctionCallExprSyntax?
        /// The app's own container type whose method made it (`ServiceLocator`); nil for a library's
        /// (Swinject's `Container`, Factory's): two containers never share a key.
        var handRolledContainer: String?
    }

    struct AppResolve {
        var type: String?
        var castType: String?
        var name: String?
        var location: DigraphCore.SourceLocation
        /// The runtime arguments the call passes: each one's type where the source says it.
        var arguments: [String?] = []
        /// The global actor the resolving code runs on, when it is isolated.
        var isolation: String?
        /// A Factory parameter: the compiler has checked what is passed.
        var compilerChecksArguments = false
        /// Made by code that runs while the app launches (`LaunchCode`).
        var atLaunch = false
    }

    let file: SwiftFile
    let declarations: TypeDeclarations
    /// The dialect the file speaks: what its calls mean.
    let dialect: any Dialect
    /// Every dialect learned: a library's wrappers are read wherever they are called.
    let dialects: [any Dialect]
    private(set) var found: [Found] = []
    /// Calls read by their shape because no declaration says what the method does: signature → first call.
    var assumed: [(signature: String, location: DigraphCore.SourceLocation, meaning: String)] = []
    /// Calls that look like registrations of a method nothing declares or states: not read.
    var unknown: [(signature: String, location: DigraphCore.SourceLocation)] = []
    private(set) var resolves: [AppResolve] = []
    /// Resolves of a type under a name digraph cannot read (`name: clientType`): left out, each
    /// of the type's named registrations maybe the one it reaches.
    private(set) var resolvesUnderUnreadNames: [AppResolve] = []
    /// Registrations whose key is a generic parameter (`register(Assembled.self, …)` in a generic
    /// assembly of a wrapper package): each use registers its own type, which is not read here.
    private(set) var genericRegistrations: [(type: String, location: DigraphCore.SourceLocation)] = []
    /// Calls of a method keyed by its value's inferred type that do not write the type out
    /// (`register(makeLogger())`): each may register any key.
    var untypedRegistrations: [DigraphCore.SourceLocation] = []
    /// Resolves from the container of a library digraph does not read (`Resolver.resolve()`), with the library.
    private(set) var unreadLibraryResolves: [(library: String, location: DigraphCore.SourceLocation)] = []
    var findings: [Diagnostic] = []
    /// Closures of modifiers (`.initCompleted { … }`) already read with their registration.
    var handled = Set<SyntaxIdentifier>()
    /// Factories written as local closures before their `register` call: what the walk took for
    /// the app's resolves inside them is the registration's, and is dropped when the file is done.
    var factoryClosures: [ClosureExprSyntax] = []
    /// The default object scope of each container variable, by the block that declares it.
    var defaultScopes: [SyntaxIdentifier: [String: Lifetime]] = [:]

    init(file: SwiftFile, declarations: TypeDeclarations, dialect: any Dialect, dialects: [any Dialect]) {
        self.file = file
        self.declarations = declarations
        self.dialect = dialect
        self.dialects = dialects
        super.init(viewMode: .sourceAccurate)
    }

    /// `@Inject var repo: Repo`, where `Inject` is the app's property wrapper resolving its generic
    /// parameter: a resolve of the declared type, made when the value holding the property is built.
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !declarations.injectingWrappers.isEmpty else { return .visitChildren }
        for attribute in node.attributes.compactMap({ $0.as(AttributeSyntax.self) }) {
            let name = FactoryCatalogue.lastName(attribute.attributeName)
            guard let wrapper = declarations.injectingWrapper(name) else { continue }
            for binding in node.bindings {
                guard let type = binding.typeAnnotation?.type else {
                    findings.append(
                        Diagnostic(
                            .swiftImport, .warning,
                            "this `@\(name)` property has no written type, so digraph cannot tell what it resolves; write its type to have it checked",
                            at: file.location(of: attribute)))
                    continue
                }
                let key = declarations.key(of: attribute, wrapper: wrapper, declared: type)
                resolves.append(AppResolve(type: key, castType: nil, name: nil, location: file.location(of: attribute)))
            }
        }
        // `var store: Inject<Store> = .init()`: the wrapper's type written out, built by its `init()`
        // (KrazyManJ/Haby): a resolve of its generic argument where it is built.
        for binding in node.bindings {
            guard let annotated = binding.typeAnnotation?.type.as(IdentifierTypeSyntax.self), declarations.injectingWrapper(annotated.name.text) != nil,
                let argument = annotated.genericArgumentClause?.arguments.first, annotated.genericArgumentClause?.arguments.count == 1,
                let built = binding.initializer?.value.as(FunctionCallExprSyntax.self), built.arguments.isEmpty, built.trailingClosure == nil
            else { continue }
            let key = DeclaredType(argument.argument.trimmedDescription).key
            resolves.append(AppResolve(type: key, castType: nil, name: nil, location: file.location(of: built)))
        }
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        handled.contains(node.id) ? .skipChildren : .visitChildren
    }

    override func visitPost(_ node: SourceFileSyntax) {
        guard !factoryClosures.isEmpty else { return }
        let spans = factoryClosures.map { (start: file.location(of: $0), end: file.location(ofEnd: $0)) }
        resolves.removeAll { use in
            spans.contains {
                ($0.start.line, $0.start.column) <= (use.location.line, use.location.column)
                    && (use.location.line, use.location.column) < ($0.end.line, $0.end.column)
            }
        }
    }

    /// SwinjectAutoregistration's `r ~> X.self` in the app's code (`window = resolver ~> UIWindow.self`).
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let site = ResolveSite.ofArrow(node, constants: declarations.constants) { appResolve(site) }
        return .visitChildren
    }

    /// … and its postfix `resolver~>`, typed where its value goes.
    override func visit(_ node: PostfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if let site = ResolveSite.ofPostfixArrow(node) { appResolve(site) }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if var registration = registration(node) {
            // Not a key: each use of the generic code registers its own type (RubenMaccabi/
            // SwinjectImplemetation's `AssemblyContainer(scope:type:) { r in … }` builds an
            // `Assembled<T>` assembly registering `Assembled.self`).
            if let key = registration.keys.first?.type, isGenericParameter(DeclaredType(key).key, at: Syntax(node)),
                !isResolvedWhereDeclared(DeclaredType(key).key, at: Syntax(node))
            {
                genericRegistrations.append((key, registration.location))
                findings.append(
                    Diagnostic(
                        .swiftImport, .warning,
                        "this registers '\(key)', a generic parameter: each use of the code around it registers its own type, which digraph does not follow from here; a key nothing it read provides may be registered this way, so it is a warning, not an error",
                        at: registration.location))
                return .skipChildren
            }
            registration.call = node
            found.append(registration)
            return .skipChildren
        }
        dialect.unread(node, in: self)
        // A Factory factory's use is read with the type that holds it (FactoryContainerReader).
        if !declarations.factories.isEmpty,
            declarations.factories.resolving(node, inside: FactoryContainerReader.enclosingContainer(of: Syntax(node), declarations.factories)) != nil
        {
            return .visitChildren
        }
        if let property = declarations.factories.factoryOnUnknownReceiver(node) {
            findings.append(
                Diagnostic(
                    .swiftImport, .warning,
                    "`\(SwiftExpressions.quoted(node, limit: 60))` resolves the factory '\(property)' on a value digraph cannot tell is a container; it is left out (digraph follows `Container.shared`, `self` in a container, a property injected with one and a variable named `…container`)",
                    at: file.location(of: node)))
            return .visitChildren
        }
        if let site = ResolveSite.ofCall(
            node, api: dialect.containerAPI, constants: declarations.constants,
            helpers: declarations.resolveHelpers)
        {
            appResolve(site)
        }
        return .visitChildren
    }

    // MARK: Registrations

    /// The registration a call makes: a call of a library's wrapper (read wherever it is called),
    /// else what the file's own dialect reads.
    private func registration(_ call: FunctionCallExprSyntax) -> Found? {
        for library in dialects {
            if var claimed = library.wrapperRegistration(of: call, in: self) {
                claimed?.scopesAValueLoses = type(of: library).scopesAValueLoses
                return claimed
            }
        }
        var found = dialect.registration(of: call, in: self)
        found?.scopesAValueLoses = type(of: dialect).scopesAValueLoses
        return found
    }

    func eagerResolves(_ reading: ClosureReading) -> [DigraphCore.SourceLocation] {
        (reading.dependencies + reading.properties).filter { $0.eager != nil }.map(\.location)
    }

    /// Says once per method that a call was read by its shape, not by a declaration.
    func assume(_ call: FunctionCallExprSyntax, _ meaning: String) {
        // Declared but taking no type (`register(instance:instanceName:)`, a name-keyed registry): its shape is its meaning.
        guard let (name, _) = SwiftExpressions.callee(of: call), !dialect.containerAPI.declares(call) else { return }
        assumed.append((Self.signature(of: call, named: name), file.location(of: call), meaning))
    }

    /// How a call names the method it uses: `register(_:instance:)`, a trailing closure as `_:`.
    static func signature(of call: FunctionCallExprSyntax, named name: String) -> String {
        "\(name)(\(call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined())\(call.trailingClosure == nil ? "" : "_:"))"
    }

    /// What the registering code did before the call, outermost first: the statements before it in
    /// each enclosing block up to its function that bind a name the call's statement uses (or one
    /// they use in turn), and the conditions of each `if` it is inside. Only those: reading every
    /// earlier binding for each of 4,000 registrations interleaved with their locals was quadratic
    /// (68 s); the reading keeps locals by name, so the others never changed it.
    func outerStatements(before call: FunctionCallExprSyntax) -> [OuterStatement] {
        var levels: [[OuterStatement]] = []
        var node = Syntax(call)
        var needed = Self.referencedNames(in: node.ancestorOrSelf(where: { $0.is(CodeBlockItemSyntax.self) }) ?? node)
        while let parent = node.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(AccessorDeclSyntax.self) { break }
            if let item = node.as(CodeBlockItemSyntax.self), let list = parent.as(CodeBlockItemListSyntax.self) {
                levels.append(bindingStatements(in: list, before: item, binding: &needed).map { .statement($0) })
            }
            if let branch = parent.as(IfExprSyntax.self), branch.body.id == node.id {
                levels.append([.ifConditions(branch.conditions)])
                needed.formUnion(Self.referencedNames(in: Syntax(branch.conditions)))
            }
            node = parent
        }
        return levels.reversed().flatMap { $0 }
    }

    /// The names code refers to (`x`, `x.y`'s `x` and `y`): a superset of the locals it reads.
    private static func referencedNames(in node: Syntax) -> Set<String> {
        Set(node.tokens(viewMode: .sourceAccurate).compactMap { $0.parent?.is(DeclReferenceExprSyntax.self) == true ? $0.text : nil })
    }

    /// Each statement list's binding statements (`let`/`var`, `guard`: all that a registration
    /// reads of what came before it), every item's position, and the bindings of each name,
    /// indexed once per list, so that 16,000 registrations in one function take linear time.
    private var bindingIndex:
        [SyntaxIdentifier: (position: [SyntaxIdentifier: Int], bindings: [(position: Int, item: CodeBlockItemSyntax)], byName: [String: [Int]])] = [:]

    /// The binding statements before `item` that bind a name in `needed`, the last one before each
    /// use, and those binding what their values use in turn; `needed` gains those names, for the
    /// enclosing blocks.
    private func bindingStatements(in list: CodeBlockItemListSyntax, before item: CodeBlockItemSyntax, binding needed: inout Set<String>)
        -> [CodeBlockItemSyntax]
    {
        if bindingIndex[list.id] == nil {
            var position: [SyntaxIdentifier: Int] = [:]
            var bindings: [(position: Int, item: CodeBlockItemSyntax)] = []
            var byName: [String: [Int]] = [:]
            for (offset, element) in list.enumerated() {
                position[element.id] = offset
                let names: [String]
                if let variable = element.item.as(VariableDeclSyntax.self) {
                    names = variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
                } else if let guardStatement = element.item.as(GuardStmtSyntax.self) {
                    names = guardStatement.conditions.compactMap {
                        if case .optionalBinding(let binding) = $0.condition { return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
                        return nil
                    }
                } else {
                    continue
                }
                for name in names { byName[name, default: []].append(bindings.count) }
                bindings.append((offset, element))
            }
            bindingIndex[list.id] = (position, bindings, byName)
        }
        guard let index = bindingIndex[list.id], let limit = index.position[item.id] else { return [] }
        var chosen = Set<Int>()
        var pending = needed.map { ($0, limit) }
        while let (name, before) = pending.popLast() {
            // The last binding of the name before the use: the positions are in order.
            guard let positions = index.byName[name] else { continue }
            var low = 0
            var high = positions.count
            while low < high {
                let middle = (low + high) / 2
                if index.bindings[positions[middle]].position < before { low = middle + 1 } else { high = middle }
            }
            guard low > 0, chosen.insert(positions[low - 1]).inserted else { continue }
            let statement = index.bindings[positions[low - 1]]
            for used in Self.referencedNames(in: Syntax(statement.item)) {
                needed.insert(used)
                pending.append((used, statement.position))
            }
        }
        return chosen.sorted().map { index.bindings[$0].item }
    }

    // MARK: Direct resolves

    private func appResolve(_ site: ResolveSite) {
        // `Resolver.resolve()` in a file importing hmlongco/Resolver, which the app does not declare:
        // that library's container, which digraph does not read, not the one it checks.
        if let root = site.receiver.map(SwiftExpressions.rootName), UnreadLibraries.byModule[root] != nil, file.imports(root),
            declarations.declaration(of: root) == nil, !declarations.isAppModule(root)
        {
            unreadLibraryResolves.append((UnreadLibraries.byModule[root]!, file.location(of: site.node)))
            return
        }
        let node = ResolveSite.outermost(site.node)
        var castType = ResolveSite.typeWrittenBeside(node, orAnnotation: site.type == nil)
        if site.type == nil, castType == nil, site.name == nil {
            castType = typeWhereUsed(node)
        }
        // `serviceType.self`, a value's metatype, is plumbing; `bibleReadingInterface.self` is a type
        // the sources declare (SHcommit/BibleAsIs' lower-case protocol), a key like any other.
        if let type = site.type, isGenericParameter(type, at: site.node) || (type.first?.isLowercase == true && declarations.declaration(of: type) == nil) {
            return
        }
        // A key the object was handed when built (MosSport's `RequestFactory<S>`:
        // `container?.resolve(self.serviceType, …)`) is known only to the running app: said. A
        // function's parameter, a local or a wrapper's key is plumbing, typed at its callers.
        let keyedByAValue = site.type == nil && site.name == nil && site.problem != nil && !site.isInferred
        if keyedByAValue, let problem = site.problem, Self.keyIsAStoredProperty(of: site), !dialects.contains(where: { $0.isInsideWrapper(site.node) }) {
            findings.append(
                Diagnostic(
                    .swiftImport, .info,
                    "this resolve is left out: \(problem), so which registration it reaches is known only when the app runs",
                    at: file.location(of: site.node)))
            return
        }
        // `resolve(Strategy.self, name: clientType)` with the name in a variable (ranjan2807/
        // RestImageRender picks a cache or a network client so): which of the type's registrations
        // it reaches is known only when the app runs, so it is no resolve of the unnamed key.
        // (A test's own resolves are left out of the app's roots later, as every one there is.)
        if let type = site.type, site.nameIsUnread, let problem = site.problem, !RegistrationOrder.isTestCode(file) {
            findings.append(
                Diagnostic(
                    .swiftImport, .warning,
                    "this resolve of '\(type)' is left out: \(problem), so which of its registrations it reaches is known only when the app runs",
                    at: file.location(of: site.node)))
            resolvesUnderUnreadNames.append(AppResolve(type: type, castType: nil, name: nil, location: file.location(of: site.node)))
            return
        }
        // `var value: T { container.resolve() }` in a generic wrapper: typed at each use, never here.
        if site.type == nil, let castType, isGenericParameter(DeclaredType(castType).key, at: site.node) { return }
        // Inside a wrapper's own factory: read for each call of the wrapper, never as the app's.
        if dialects.contains(where: { $0.isInsideWrapper(site.node) }) { return }
        // `resolve(type: type) as AnyObject?`: the key is a metatype value; the cast says nothing of it.
        if keyedByAValue { return }
        guard site.type != nil || castType != nil || site.name != nil else {
            // `func resolve<T>() -> T { container.resolve() }`: the app's generic plumbing, typed at
            // each call of the function (ResolveHelpers), never here.
            // `self.wrappedValue = box.resolve()` in `@propertyWrapper class DI<T>`: typed at each `@DI var`.
            if site.isInferred, !Self.returnsGenericParameter(node), !isInsideInjectingWrapper(node), !callsADomainMethod(site.node) {
                findings.append(
                    Diagnostic(
                        .swiftImport, .warning,
                        "this resolve names no type (`\(SwiftExpressions.quoted(site.node, limit: 60))`) and digraph cannot tell the type Swift infers here (it reads an initializer's parameter, `as X`, `let x: X =` and a function's return type); it is left out",
                        at: file.location(of: site.node)))
            }
            return
        }
        resolves.append(
            AppResolve(
                type: site.type, castType: castType, name: site.name, location: file.location(of: site.node),
                arguments: site.passed.map { passedType($0, at: site.node) }))
    }

    private func isInsideInjectingWrapper(_ node: Syntax) -> Bool {
        node.ancestorOrSelf { scope in
            guard let group = scope.asProtocol(DeclGroupSyntax.self), let name = SwiftExpressions.typeName(declaredBy: group) else { return false }
            return declarations.injectingWrapper(name) != nil
        } != nil
    }

    /// Whether the metatype a resolve is given is a stored property of the type around it
    /// (`self.serviceType`): a key the object was handed when built. A parameter, a local or a
    /// member of one (`resolve(type)`, `resolve(key)`, `resolve(service.type)`) is plumbing, read
    /// at its callers where digraph reads them at all.
    private static func keyIsAStoredProperty(of site: ResolveSite) -> Bool {
        guard let key = site.node.as(FunctionCallExprSyntax.self)?.arguments.first?.expression,
            let group = site.node.ancestorOrSelf(mapping: { $0.asProtocol(DeclGroupSyntax.self) }),
            // A property wrapper's key is its use's: read at each use.
            !group.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "propertyWrapper" })
        else { return false }
        if let access = key.as(MemberAccessExprSyntax.self), access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" { return true }
        guard let name = key.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        // A local or a parameter of that name shadows the property: not one then.
        var current = site.node.parent
        while let scope = current, scope.id != Syntax(group).id {
            if let function = scope.as(FunctionDeclSyntax.self),
                function.signature.parameterClause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name })
                    || function.body.map({ SwiftExpressions.declaresLocal(name, in: $0) }) == true
            {
                return false
            }
            current = scope.parent
        }
        return group.memberBlock.members.contains { member in
            member.decl.as(VariableDeclSyntax.self)?.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name } == true
        }
    }

    /// Where the value of a resolve that names no type goes, the type Swift gives it there: the
    /// declared parameter of an initializer it is passed to (`Screen(model: resolve())`), or the
    /// enclosing function's return type (`return resolve()`, one element of a returned tuple).
    private func typeWhereUsed(_ node: Syntax) -> String? {
        if let argument = node.parent?.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self),
            let position = list.firstIndex(where: { $0.id == argument.id }).map({ list.distance(from: list.startIndex, to: $0) })
        {
            if list.parent?.is(FunctionCallExprSyntax.self) == true {
                return ResolveSite.parameterReceiving(node, declarations: declarations, in: file)?.type
            }
            guard let tuple = list.parent?.as(TupleExprSyntax.self),
                let types = returnType(of: Syntax(tuple))?.as(TupleTypeSyntax.self)?.elements, types.count == list.count
            else { return nil }
            return Array(types)[position].type.trimmedDescription
        }
        if let assigned = storyboardProperty(assignedFrom: node) { return assigned }
        if let assigned = ownPropertyType(assignedFrom: node) { return assigned }
        return returnType(of: node)?.trimmedDescription
    }

    /// `dataManager = DIContainer.shared.resolve()` or `self.dataManager = …` in a type's own code:
    /// the declared type of its property of that name (KrazyManJ/Haby's view models).
    private func ownPropertyType(assignedFrom node: Syntax) -> String? {
        guard let sequence = node.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[2].id == node.id, elements[1].is(AssignmentExprSyntax.self) else { return nil }
        let property: String
        if let reference = elements[0].as(DeclReferenceExprSyntax.self) {
            property = reference.baseName.text
        } else if let access = elements[0].as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
            property = access.declName.baseName.text
        } else {
            return nil
        }
        guard let owner = node.ancestorOrSelf(where: { $0.is(MemberBlockSyntax.self) })?.parent else { return nil }
        let type =
            owner.as(ClassDeclSyntax.self)?.name.text ?? owner.as(StructDeclSyntax.self)?.name.text ?? owner.as(ActorDeclSyntax.self)?.name.text
            ?? owner.as(EnumDeclSyntax.self)?.name.text ?? owner.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
        return type.flatMap { declarations.propertyType(of: $0, named: property) }
    }

    /// SwinjectStoryboard's `storyboardInitCompleted(Screen.self) { r, c in c.model = r~> }`: the
    /// declared type of the property of `Screen` the resolve is assigned to.
    private func storyboardProperty(assignedFrom node: Syntax) -> String? {
        guard let sequence = node.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[2].id == node.id, elements[1].is(AssignmentExprSyntax.self),
            let target = elements[0].as(MemberAccessExprSyntax.self), let base = target.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let closure = node.ancestorOrSelf(where: { $0.is(ClosureExprSyntax.self) })?.as(ClosureExprSyntax.self),
            let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
            SwiftExpressions.callee(of: call)?.name == "storyboardInitCompleted",
            let keyed = call.arguments.first, let (screen, _) = SwiftExpressions.metatype(keyed.expression)
        else { return nil }
        let parameters = SwiftExpressions.parameterNames(of: closure)
        guard base == "$1" || (parameters.count == 2 && parameters[1] == base) else { return nil }
        return declarations.propertyType(of: screen, named: target.declName.baseName.text)
    }

    /// `func makeFeed() -> Feed { resolve() }` / `return resolve()`: the type the function returns.
    private func returnType(of node: Syntax) -> TypeSyntax? {
        guard let function = Self.functionReturning(node), function.genericParameterClause == nil else { return nil }
        return function.signature.returnClause?.type
    }

    /// The function whose value `node` is: `return node`, or the single expression of its body.
    static func functionReturning(_ node: Syntax) -> FunctionDeclSyntax? {
        let returned =
            node.parent?.is(ReturnStmtSyntax.self) == true
            || (node.parent?.as(CodeBlockItemSyntax.self)?.parent?.as(CodeBlockItemListSyntax.self)?.count == 1)
        guard returned else { return nil }
        return node.ancestorOrSelf(where: { $0.is(FunctionDeclSyntax.self) })?.as(FunctionDeclSyntax.self)
    }

    /// `node` is what a generic function returns as one of its generic parameters (`-> T`).
    private static func returnsGenericParameter(_ node: Syntax) -> Bool {
        guard let function = functionReturning(node), let generics = function.genericParameterClause,
            let returned = function.signature.returnClause?.type.trimmedDescription
        else { return false }
        return generics.parameters.contains { $0.name.text == returned }
    }

    /// The type of a value passed as a runtime argument, where the source says it: a literal's, or
    /// the declared type of a parameter (a function's, an initializer's, a closure's), a local or a
    /// stored property of the type around it it names. Nil when it does not say.
    /// `x as? T` or `x as! T` written as the whole expression: the type and the mark.
    private static func outermostCast(_ expression: ExprSyntax) -> (type: String, mark: String)? {
        if let cast = expression.as(AsExprSyntax.self), let mark = cast.questionOrExclamationMark?.text { return (cast.type.trimmedDescription, mark) }
        guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let cast = sequence.elements.dropFirst().first?.as(UnresolvedAsExprSyntax.self), let mark = cast.questionOrExclamationMark?.text,
            let type = sequence.elements.last?.as(TypeExprSyntax.self)?.type.trimmedDescription
        else { return nil }
        return (type, mark)
    }

    private func passedType(_ expression: ExprSyntax, at node: Syntax) -> String? {
        let unwrapped = SwiftExpressions.unwrap(expression)
        // `self as ContactListCoordinator`: the type Swift passes is the cast's.
        if let cast = unwrapped.castType, !unwrapped.isForced, !unwrapped.hasFallback { return cast }
        // `parameters as? DetailParameter` passes a `DetailParameter?`, `x as! T` a `T` (ari munandar's VIP modules).
        if let (type, mark) = Self.outermostCast(expression) {
            return mark == "?" ? (type.contains("&") || type.contains("->") ? "(\(type))?" : type + "?") : type
        }
        let core = unwrapped.core
        if core.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if core.is(FloatLiteralExprSyntax.self) { return "Double" }
        if core.is(StringLiteralExprSyntax.self) { return "String" }
        if core.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        // `self.orgName`: the stored property's declared type.
        if let access = core.as(MemberAccessExprSyntax.self), access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            return propertyType(access.declName.baseName.text, at: Syntax(core))
        }
        guard let name = core.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        if name == "self" { return selfType(at: Syntax(core)) }
        var scope: Syntax? = node
        while let current = scope {
            // blueprint_ios' `init(userName: GithubOrgName) { … resolve(VM.self, argument: userName) }`.
            let parameters =
                current.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
                ?? current.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
            if let parameters {
                if let parameter = parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) { return parameter.type.trimmedDescription }
                return propertyType(name, at: current)
            }
            if let closure = current.as(ClosureExprSyntax.self), let clause = closure.signature?.parameterClause {
                switch clause {
                case .simpleInput(let list): if list.contains(where: { $0.name.text == name }) { return nil }
                case .parameterClause(let list):
                    if let parameter = list.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                        return parameter.type?.trimmedDescription
                    }
                }
            }
            if let list = current.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    for binding in item.item.as(VariableDeclSyntax.self)?.bindings ?? [] where binding.pattern.trimmedDescription == name {
                        if let annotated = binding.typeAnnotation?.type.trimmedDescription { return annotated }
                        if let initial = binding.initializer?.value { return passedType(initial, at: Syntax(initial)) }
                    }
                    // `guard let rootViewController = rootViewController else { … }` (links): the
                    // unwrapped value, not the optional property it shadows.
                    if let guarded = item.item.as(GuardStmtSyntax.self), Self.binds(name, in: Syntax(guarded.conditions)) { return nil }
                }
            }
            // `if let x`, `while let x`, `for x in`, `case let x`: bound here, of a type not written.
            if let choice = current.as(IfExprSyntax.self), Self.binds(name, in: Syntax(choice.conditions)) { return nil }
            if let loop = current.as(WhileStmtSyntax.self), Self.binds(name, in: Syntax(loop.conditions)) { return nil }
            if let loop = current.as(ForStmtSyntax.self), Self.binds(name, in: Syntax(loop.pattern)) { return nil }
            if let branch = current.as(SwitchCaseSyntax.self), Self.binds(name, in: Syntax(branch.label)) { return nil }
            if current.is(CatchClauseSyntax.self), name == "error" { return nil }
            scope = current.parent
        }
        return propertyType(name, at: node)
    }

    /// Whether a condition list or pattern binds `name` (`let name = …`, `let name`, `case .x(let name)`).
    private static func binds(_ name: String, in node: Syntax) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { token in
            token.tokenKind == .identifier(name) && token.parent?.is(IdentifierPatternSyntax.self) == true
        }
    }

    /// The declared type of the stored property `name` of the type whose code `node` is in.
    private func propertyType(_ name: String, at node: Syntax) -> String? {
        SwiftExpressions.enclosingTypeName(of: node).flatMap { declarations.propertyType(of: $0, named: name) }
    }

    /// The static type of `self` at a node: the type whose instance code it is in. Nil where that is
    /// not one named type: in static code (`self` is the metatype), in a generic type (its
    /// parameters are not known here), in a protocol's extension (`Self`).
    private func selfType(at node: Syntax) -> String? {
        var current = node.parent
        while let scope = current {
            if let function = scope.as(FunctionDeclSyntax.self), SwiftExpressions.isTypeLevel(function.modifiers) { return nil }
            if let variable = scope.as(VariableDeclSyntax.self), SwiftExpressions.isTypeLevel(variable.modifiers) { return nil }
            if let group = scope.asProtocol(DeclGroupSyntax.self) {
                guard let name = SwiftExpressions.typeName(declaredBy: group), let declared = declarations.declaration(of: name),
                    !declared.isGeneric, !declarations.isProtocol(name)
                else { return nil }
                return declarations.ownerName(of: name)
            }
            current = scope.parent
        }
        return nil
    }

    /// `apiData.resolve()` where `let apiData = APIError(data: data)` and the app's `APIError`
    /// declares a `resolve()` of its own that is no container's (not generic, handed no metatype):
    /// a method of the app's value, not a resolve (Windscribe's `APIUtil`).
    func callsADomainMethod(_ node: Syntax) -> Bool {
        guard let call = node.as(FunctionCallExprSyntax.self) ?? node.parent?.as(FunctionCallExprSyntax.self),
            let (name, receiver) = SwiftExpressions.callee(of: call), let local = receiver?.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return false }
        var scope = Syntax(call).parent
        while let current = scope, !current.is(FunctionDeclSyntax.self), !current.is(ClosureExprSyntax.self) {
            if let block = current.as(CodeBlockItemListSyntax.self) {
                for item in block where item.position < call.position {
                    guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == local {
                        guard let built = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                            let type = SwiftExpressions.typeName(built.calledExpression), declarations.declaration(of: type) != nil
                        else { return false }
                        let own = (declarations.methods[declarations.ownerName(of: type)] ?? []).filter { $0.node.name.text == name }
                        return !own.isEmpty
                            && own.allSatisfy { method in
                                method.node.genericParameterClause == nil
                                    && !method.node.signature.parameterClause.parameters.contains { $0.type.trimmedDescription.hasSuffix(".Type") }
                            }
                    }
                }
            }
            scope = current.parent
        }
        return false
    }

    /// Whether the declaration that makes `type` a generic parameter also resolves it
    /// (GrassChoppers' `ListAssembly<Adapter, …>` registers `Adapter` and resolves it for its view):
    /// within it the parameter is one key, whatever each use makes it.
    func isResolvedWhereDeclared(_ type: String, at node: Syntax) -> Bool {
        guard let scope = Self.declaration(makingGeneric: type, around: node) else { return false }
        return SwiftExpressions.calls(in: scope).contains { call in
            ResolveSite.ofCall(call, api: dialect.containerAPI, constants: declarations.constants, helpers: declarations.resolveHelpers)?.type == type
        }
    }

    /// `resolve(T.self)` inside `func make<T>()` is plumbing, not a key (and so is `resolve(type.self)`
    /// of a metatype value, which the caller above checks by its lowercase name).
    func isGenericParameter(_ type: String, at node: Syntax) -> Bool { Self.declaration(makingGeneric: type, around: node) != nil }

    /// The innermost function, initializer, struct or class around `node` whose generic parameters
    /// include `type`.
    private static func declaration(makingGeneric type: String, around node: Syntax) -> Syntax? {
        var current: Syntax? = node
        while let scope = current {
            let clause =
                scope.as(FunctionDeclSyntax.self)?.genericParameterClause
                ?? scope.as(StructDeclSyntax.self)?.genericParameterClause
                ?? scope.as(ClassDeclSyntax.self)?.genericParameterClause
                ?? scope.as(InitializerDeclSyntax.self)?.genericParameterClause
            if clause?.parameters.contains(where: { $0.name.text == type }) == true { return scope }
            current = scope.parent
        }
        return nil
    }
}
