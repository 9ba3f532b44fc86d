import DigraphCore
import SwiftSyntax

/// Walks one file for uses of Factory's factories outside their declarations: property wrappers
/// (`@Injected(\.api)`, `@LazyInjected`, `@InjectedObject`…) and resolving calls, each with the
/// type that holds it, its isolation, and whether it resolves while the holder is built.
final class FactoryUseWalker: SyntaxVisitor {
    /// What is written in a type's code: a built type inherits it from its supertypes.
    protocol Owned {
        /// The type the code is written in (nil at the top level or in a free function).
        var owner: String? { get set }
        /// The member of that type it is written in (`func update()`, `var monitor: M { … }`).
        var member: String? { get }
        /// Owned by another type than the one it is written in: no initializer of that type's.
        mutating func forgetInitializer()
    }

    struct Use: Owned {
        var definition: Int
        var label: String
        var isLazy: Bool
        /// The type the use is written in (nil at the top level or in a free function).
        var owner: String?
        var isolation: String?
        var location: DigraphCore.SourceLocation
        /// Passes a parameter to a parameter factory.
        var passes = false
        /// The function the use is written in, for a static helper's uses.
        var function: String? = nil
        /// The initializer's or method's parameter whose default value it is (`init(router: R =
        /// Container.shared.router())`): it runs only when a call leaves that parameter out.
        var defaultFor: String? = nil
        var member: String? = nil
        /// The value is used where it is resolved, not kept: `resolve(\.config).isDebug`,
        /// `Container.shared.logger().log(…)`.
        var isUsedInPlace = false
        /// Later only because it is in this method of its type's: made as the holder is built when
        /// the type's initializer calls the method (`init() { start() }`).
        var inMethod: String? = nil
        /// In a static member of its type (`static let engine = Engine(repo: Container.shared.repo())`):
        /// it runs where the app names that member, never as a value of the type is built or used.
        var inStaticMember = false
        /// The initializer of its type it is written in: made only when a call runs that one.
        var initializer: Initializers.Signature? = nil

        mutating func forgetInitializer() { initializer = nil }
    }

    /// Where code runs relative to building the value holding it.
    enum RunContext: Equatable {
        case whileBuilt
        case inMethod(String)
        case later
    }

    /// `Helpers.neverCalled(…)`: a call of a type's (static) method, which may resolve in its body.
    struct HelperCall: Owned {
        var type: String
        var method: String
        var owner: String?
        /// The function the call is written in, for calls from one helper to another.
        var function: String?
        var location: DigraphCore.SourceLocation

        /// Builds the type (`Model()`) rather than reading its shared instance or calling a method.
        var builds = false
        /// The call's argument labels: the parameter defaults it passes a value for never run.
        var labels: Set<String> = []
        /// A method of a value the caller holds (`network.request(…)`): its body is the code of whoever
        /// made that value; only its parameters' defaults run in the caller.
        var onHeldValue = false
        /// Written in a SwiftUI preview or in a closure handed to a factory (`.register { Impl() }`,
        /// `.onTest { … }`): code the app's own run does not reach as written.
        var inPreviewOrFactory = false
        var member: String? = nil
        /// Built while its holder is built (`let card = CardModel()`, in an `init`): what building
        /// it resolves is resolved then too.
        var runsWhileBuilt = false

        /// The method name that stands for building an instance: what the type resolves outside its
        /// methods (its stored properties, its initializers).
        static let instance = ""

        mutating func forgetInitializer() {}

        /// How the call is said in a message: ``builds `Model` `` or ``calls `Function.neverCalled` ``.
        var said: String {
            if builds { return "builds `\(type)`" }
            return method == Self.instance ? "reads a shared `\(type)`" : "calls `\(type).\(method)`"
        }
    }

    /// Factory's modifiers whose closure builds the value in place of the factory's own.
    static let overridingModifiers: Set<String> = [
        "register", "onTest", "onPreview", "onDebug", "onSimulator", "onDevice", "onArg", "onArgs", "context",
    ]

    /// Inside a `#Preview`, a `PreviewProvider`, or a closure given to one of the overriding modifiers.
    static func inPreviewOrFactory(_ node: Syntax) -> Bool {
        inPreview(node, orFactory: true)
    }

    /// Inside a `#Preview` or a `PreviewProvider`.
    static func inPreview(_ node: Syntax) -> Bool {
        inPreview(node, orFactory: false)
    }

    private static func inPreview(_ node: Syntax, orFactory: Bool) -> Bool {
        var current = node.parent
        while let scope = current {
            if scope.as(MacroExpansionExprSyntax.self)?.macroName.text == "Preview" || scope.as(MacroExpansionDeclSyntax.self)?.macroName.text == "Preview" {
                return true
            }
            if let group = scope.asProtocol(DeclGroupSyntax.self),
                group.inheritanceClause?.inheritedTypes.contains(where: { FactoryCatalogue.lastName($0.type) == "PreviewProvider" }) == true
            {
                return true
            }
            if orFactory, let closure = scope.as(ClosureExprSyntax.self),
                let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                let name = SwiftExpressions.callee(of: call)?.name, overridingModifiers.contains(name)
            {
                return true
            }
            current = scope.parent
        }
        return false
    }

    static let wrappers: [String: Bool] = [
        "Injected": false, "InjectedObject": false, "InjectedObservable": false,
        "LazyInjected": true, "WeakLazyInjected": true, "DynamicInjected": true,
    ]

    let file: SwiftFile
    let catalogue: FactoryCatalogue
    let declarations: TypeDeclarations
    private(set) var uses: [Use] = []
    private(set) var helperCalls: [HelperCall] = []
    private(set) var selfCalls = SelfCalls()
    /// The initializers of the types declared here, and each one's signature by its node.
    private(set) var initializers = Initializers()
    private var signatures: [SyntaxIdentifier: Initializers.Signature] = [:]
    private(set) var findings: [Diagnostic] = []
    private var types: [(name: String, isolation: String?)] = []
    /// Inside a container's own method (`func appLifecycleCoordinator(appStartTime:) -> …`): that
    /// container, whose factories its bare calls (`notificationService()`) resolve.
    private var inContainer: String?

    init(file: SwiftFile, catalogue: FactoryCatalogue, declarations: TypeDeclarations) {
        self.file = file
        self.catalogue = catalogue
        self.declarations = declarations
        super.init(viewMode: .sourceAccurate)
    }

    private func enter(
        _ name: String, _ attributes: AttributeListSyntax, _ inherited: InheritanceClauseSyntax?, written: String? = nil,
        members: MemberBlockSyntax? = nil
    ) -> SyntaxVisitorContinueKind {
        if catalogue.isContainer(named: name) {
            // Its factories are registrations, read apart; its methods are helpers the app may call
            // (Ritualist's `Container.shared.appLifecycleCoordinator(appStartTime:)`): their uses are
            // the container's, reached where something calls them.
            for member in members?.members ?? [] {
                guard let function = member.decl.as(FunctionDeclSyntax.self), function.body != nil else { continue }
                types.append((name, catalogue.isolation(in: function.attributes) ?? catalogue.isolation(in: attributes)))
                inContainer = name
                walk(function)
                inContainer = nil
                types.removeLast()
            }
            return .skipChildren
        }
        // A nested type sharing its name with another is filed under its path.
        let name = written.map { declarations.ownerName(of: $0) } ?? declarations.ownerName(of: name, in: types.last?.name)
        // SwiftUI's `View` and `App` are `@MainActor`: so is every type conforming to them.
        let isView = inherited?.inheritedTypes.contains { ["View", "App", "Scene"].contains(FactoryCatalogue.lastName($0.type)) } ?? false
        types.append((name, catalogue.isolation(in: attributes) ?? (isView ? "MainActor" : types.last?.isolation)))
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node.attributes, node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: ClassDeclSyntax) { if !catalogue.isContainer(named: node.name.text) { types.removeLast() } }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node.attributes, node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: StructDeclSyntax) { if !catalogue.isContainer(named: node.name.text) { types.removeLast() } }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node.attributes, node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: ActorDeclSyntax) { if !catalogue.isContainer(named: node.name.text) { types.removeLast() } }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node.attributes, node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: EnumDeclSyntax) { if !catalogue.isContainer(named: node.name.text) { types.removeLast() } }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            FactoryCatalogue.lastName(node.extendedType), node.attributes, node.inheritanceClause, written: node.extendedType.trimmedDescription,
            members: node.memberBlock)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) {
        if !catalogue.isContainer(named: FactoryCatalogue.lastName(node.extendedType)) { types.removeLast() }
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for attribute in node.attributes {
            // `@StoreValue var current`, the app's own wrapper: the property builds one as its holder
            // is built (wallabag's `@CoreDataViewContext`, whose `@Injected(\.coreData)` resolves then).
            if let attribute = attribute.as(AttributeSyntax.self), catalogue.wrapperIsLazy(attribute) == nil,
                case let wrapper = FactoryCatalogue.lastName(attribute.attributeName), declarations.propertyWrappers.contains(wrapper)
            {
                helperCalls.append(
                    HelperCall(
                        type: wrapper, method: HelperCall.instance, owner: types.last?.name, function: Self.function(around: Syntax(node)),
                        location: file.location(of: attribute), builds: true, inPreviewOrFactory: Self.inPreviewOrFactory(Syntax(node)),
                        member: MemberReferences.member(around: Syntax(node)), runsWhileBuilt: !resolvesLater(Syntax(attribute))))
            }
            guard let attribute = attribute.as(AttributeSyntax.self), let isLazy = catalogue.wrapperIsLazy(attribute),
                case .argumentList(let arguments)? = attribute.arguments, let keyPath = arguments.first?.expression,
                keyPath.is(KeyPathExprSyntax.self) || keyPath.is(MemberAccessExprSyntax.self)
            else { continue }
            let property = node.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? "value"
            guard let index = catalogue.site(ofWrapperArgument: keyPath) else {
                findings.append(
                    Diagnostic(
                        .swiftImport, .warning,
                        "`\(SwiftExpressions.quoted(attribute, limit: 80))` names no factory declared in the given paths; it is left out",
                        at: file.location(of: keyPath)))
                continue
            }
            // A local `@Injected var x` resolves where it is declared: as the holder is built in its
            // initializer (Moroverse/VetNet's `PatientListViewModel.init`), when a method runs in one
            // (as it is built, when the initializer calls that method).
            let isLocal = node.parent?.is(CodeBlockItemSyntax.self) == true
            let context = isLocal ? runContext(Syntax(node)) : .whileBuilt
            var inMethod: String?
            if !isLazy, case .inMethod(let method) = context { inMethod = method }
            uses.append(
                Use(
                    definition: index, label: property, isLazy: isLazy || context != .whileBuilt, owner: types.last?.name,
                    isolation: isolation(of: Syntax(node)), location: file.location(of: keyPath), inMethod: inMethod))
        }
        return .visitChildren
    }

    /// `Store.shared`: reading a type's shared instance reaches what that instance resolves when it
    /// is built, as a call of its initializer would (`HelperCall.instance`). `Identity.isSignedIn`:
    /// reading another static property runs its code (flexa's `FlexaIdentity.isSignedIn`).
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard let base = node.base, let type = SwiftExpressions.typeName(base), type.first?.isUppercase == true, !catalogue.isContainer(named: type)
        else { return .visitChildren }
        let member = node.declName.baseName.text
        let isCalled = node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
        // A shared instance is built by its property's code: both are read.
        var methods = declarations.isSharedInstance(member, of: type) ? [HelperCall.instance] : []
        if !isCalled, member.first?.isLowercase == true, node.declName.baseName.tokenKind != .keyword(.self) { methods.append(member) }
        for method in methods {
            helperCalls.append(
                HelperCall(
                    type: type, method: method, owner: types.last?.name, function: Self.function(around: Syntax(node)),
                    location: file.location(of: node), member: MemberReferences.member(around: Syntax(node))))
        }
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let signature = Initializers.Signature(node)
        signatures[node.id] = signature
        if let type = types.last?.name { initializers.add(signature, of: type) }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let type = types.last?.name, inContainer == nil, let method = SelfCalls.method(calledBy: node) {
            switch runContext(Syntax(node)) {
            case .whileBuilt: selfCalls.add(type: type, from: nil, method: method)
            case .inMethod(let from): selfCalls.add(type: type, from: from, method: method)
            case .later: break
            }
        }
        guard let (index, site) = catalogue.resolving(node, inside: inContainer) else {
            let labels = Set(node.arguments.compactMap { $0.label?.text })
            if let type = builtType(node) {
                helperCalls.append(
                    HelperCall(
                        type: type, method: HelperCall.instance, owner: types.last?.name, function: Self.function(around: Syntax(node)),
                        location: file.location(of: node), builds: true, labels: labels, inPreviewOrFactory: Self.inPreviewOrFactory(Syntax(node)),
                        member: MemberReferences.member(around: Syntax(node)), runsWhileBuilt: !resolvesLater(Syntax(node))))
            } else if let container = calledContainer(node) {
                helperCalls.append(
                    HelperCall(
                        type: container, method: SwiftExpressions.callee(of: node)?.name ?? "", owner: types.last?.name,
                        function: Self.function(around: Syntax(node)), location: file.location(of: node), labels: labels,
                        inPreviewOrFactory: Self.inPreviewOrFactory(Syntax(node)), member: MemberReferences.member(around: Syntax(node))))
            } else if let access = node.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base {
                if let type = SwiftExpressions.typeName(base), type.first?.isUppercase == true, !catalogue.isContainer(named: type) {
                    helperCalls.append(
                        HelperCall(
                            type: type, method: access.declName.baseName.text, owner: types.last?.name, function: Self.function(around: Syntax(node)),
                            location: file.location(of: node), labels: labels, member: MemberReferences.member(around: Syntax(node))))
                } else if let type = heldType(base) {
                    helperCalls.append(
                        HelperCall(
                            type: type, method: access.declName.baseName.text, owner: types.last?.name, function: Self.function(around: Syntax(node)),
                            location: file.location(of: node), labels: labels, onHeldValue: true, member: MemberReferences.member(around: Syntax(node))))
                }
            }
            return .visitChildren
        }
        let context = runContext(Syntax(node))
        var inMethod: String?
        if case .inMethod(let method) = context { inMethod = method }
        uses.append(
            Use(
                definition: index, label: label(of: node) ?? catalogue.definitions[index].property, isLazy: context != .whileBuilt,
                owner: types.last?.name, isolation: isolation(of: Syntax(node)), location: file.location(of: node), passes: !site.passed.isEmpty,
                function: Self.function(around: Syntax(node)), defaultFor: Self.parameterDefault(around: Syntax(node)),
                member: MemberReferences.member(around: Syntax(node)),
                isUsedInPlace: isUsedInPlace(ResolveSite.outermost(Syntax(node))), inMethod: inMethod, inStaticMember: Self.isInStaticMember(Syntax(node)),
                initializer: context == .whileBuilt ? Initializers.initializer(around: Syntax(node)).flatMap { signatures[$0.id] } : nil))
        return .visitChildren
    }

    /// `Container.shared.setUp(…)`, or `setUp(…)` / `self.setUp(…)` in a container's own method: a
    /// call of a container's method (its factories' calls are resolves, read before this). The container.
    private func calledContainer(_ call: FunctionCallExprSyntax) -> String? {
        guard let (_, receiver) = SwiftExpressions.callee(of: call) else { return nil }
        guard let receiver else { return inContainer }
        if receiver.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" { return inContainer }
        guard let access = receiver.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "shared", let base = access.base,
            catalogue.containers.contains(FactoryCatalogue.lastName(base))
        else { return nil }
        return FactoryCatalogue.lastName(base)
    }

    /// A resolved value read where it is resolved (`resolve(\.config).isDebug`), or kept in a local
    /// of a function or initializer whose every use reads a member of it (`let c = resolve(\.config);
    /// log = c.isDebug`): nothing keeps it.
    func isUsedInPlace(_ resolved: Syntax) -> Bool {
        if resolved.parent?.is(MemberAccessExprSyntax.self) == true { return true }
        guard let binding = resolved.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            binding.parent?.parent?.as(VariableDeclSyntax.self)?.parent?.is(CodeBlockItemSyntax.self) == true,
            let body = binding.ancestorOrSelf(mapping: { $0.as(CodeBlockSyntax.self) })
        else { return false }
        return (localReferences(in: body)[name] ?? []).allSatisfy { reference in
            reference.parent?.as(MemberAccessExprSyntax.self)?.base?.id == reference.id
        }
    }

    /// Each body's references to names that stand alone (`config`, not the member in
    /// `shared.config()`), by name: gathered once per body, however many locals it binds.
    private var localReferencesIn: [SyntaxIdentifier: [String: [DeclReferenceExprSyntax]]] = [:]

    private func localReferences(in body: CodeBlockSyntax) -> [String: [DeclReferenceExprSyntax]] {
        if let known = localReferencesIn[body.id] { return known }
        var found: [String: [DeclReferenceExprSyntax]] = [:]
        for token in body.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id
            else { continue }
            found[name, default: []].append(reference)
        }
        localReferencesIn[body.id] = found
        return found
    }

    /// `network.request(…)`, `self.network.request(…)`: the app's type of the property `network` of
    /// the type the call is written in, as declared (`let network: NetworkService`, `@Injected(…)
    /// var network: NetworkService?`). Nil for a local, a library's type or a container.
    private func heldType(_ base: ExprSyntax) -> String? {
        var reference = base.as(DeclReferenceExprSyntax.self)
        if let access = base.as(MemberAccessExprSyntax.self), access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            reference = DeclReferenceExprSyntax(baseName: access.declName.baseName)
        }
        guard let property = reference?.baseName.text, property.first?.isLowercase == true, property != "self", let owner = types.last?.name,
            let declared = declarations.propertyType(of: owner, named: property),
            let parsed = (try? TypeExpressionParser.parse(declared))?.normalized(sortingCompositions: false)
        else { return nil }
        // `NetworkService?`, `(any NetworkService)!`: the type whose method is called.
        let held = parsed.isOptional ? parsed.unwrapped : parsed
        guard case .nominal = held else { return nil }
        let type = FactoryCatalogue.lastName(held.spelling)
        guard declarations.declaration(of: type) != nil, !catalogue.isContainer(named: type) else { return nil }
        return type
    }

    /// `Model()`, `Model.init(…)`: a type of the app's built here (what building it resolves, the
    /// code around reaches too); a container is not one.
    private func builtType(_ call: FunctionCallExprSyntax) -> String? {
        declarations.typeBuilt(by: call).flatMap { catalogue.containers.contains($0) ? nil : $0 }
    }

    /// The label of the initializer's or method's parameter whose default value holds `node`, if it
    /// is in one: Swift evaluates it in the caller, and only where the call leaves it out.
    private static func parameterDefault(around node: Syntax) -> String? {
        guard let parameter = node.ancestorOrSelf(where: { $0.is(FunctionParameterSyntax.self) })?.as(FunctionParameterSyntax.self),
            parameter.defaultValue != nil,
            let declaration = parameter.parent?.parent?.parent?.parent,
            declaration.is(InitializerDeclSyntax.self) || declaration.is(FunctionDeclSyntax.self)
        else { return nil }
        return parameter.firstName.text
    }

    /// The function a node is written in, or the static property (`static var isSignedIn: Bool { … }`):
    /// its code runs where the app names it, as a static method's does.
    private static func function(around node: Syntax) -> String? {
        guard let scope = node.ancestorOrSelf(where: { $0.is(FunctionDeclSyntax.self) || $0.is(VariableDeclSyntax.self) && isStatic($0) }) else { return nil }
        if let function = scope.as(FunctionDeclSyntax.self) { return function.name.text }
        return scope.as(VariableDeclSyntax.self)?.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// Written in a static method or property of the type around it.
    private static func isInStaticMember(_ node: Syntax) -> Bool {
        guard
            let member = node.ancestorOrSelf(where: {
                $0.is(FunctionDeclSyntax.self) || $0.is(VariableDeclSyntax.self) && $0.parent?.is(MemberBlockItemSyntax.self) == true
            })
        else { return false }
        if let function = member.as(FunctionDeclSyntax.self) { return SwiftExpressions.isTypeLevel(function.modifiers) }
        return isStatic(member)
    }

    private static func isStatic(_ node: Syntax) -> Bool {
        node.as(VariableDeclSyntax.self).map { SwiftExpressions.isTypeLevel($0.modifiers) } == true
    }

    /// The stored property or local a resolve is assigned to: `self.api = …`, `let api = …`.
    private func label(of call: FunctionCallExprSyntax) -> String? {
        let outer = ResolveSite.outermost(Syntax(call))
        if let binding = outer.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        if let sequence = outer.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[2].id == outer.id, elements[1].is(AssignmentExprSyntax.self) {
                let target = elements[0]
                return target.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? target.as(DeclReferenceExprSyntax.self)?.baseName.text
            }
        }
        return nil
    }

    /// Resolved while its holder is built: in an initializer (outside closures) or a stored
    /// property's initial value. Anywhere else (methods, computed properties, closures, `lazy var`) later.
    private func resolvesLater(_ node: Syntax) -> Bool { runContext(node) != .whileBuilt }

    /// Whether code runs as its holder is built, in one of its instance methods (when called), or later.
    private func runContext(_ node: Syntax) -> RunContext {
        var current = node.parent
        while let parent = current {
            if declarations.isDeferredClosure(parent) || parent.is(AccessorBlockSyntax.self) { return .later }
            if let function = parent.as(FunctionDeclSyntax.self) {
                return SwiftExpressions.isTypeLevel(function.modifiers) ? .later : .inMethod(function.name.text)
            }
            if parent.is(InitializerDeclSyntax.self) { return .whileBuilt }
            if let variable = parent.as(VariableDeclSyntax.self) {
                let isDeferred = variable.modifiers.contains { $0.name.text == "lazy" || $0.name.text == "static" }
                // A local (`let viewModel = …` in an `init`) runs where its block runs.
                if parent.parent?.is(CodeBlockItemSyntax.self) == true, !isDeferred {
                    current = parent.parent
                    continue
                }
                return isDeferred || parent.parent?.parent?.is(MemberBlockItemListSyntax.self) != true ? .later : .whileBuilt
            }
            if parent.is(MemberBlockItemSyntax.self) { return .later }
            current = parent.parent
        }
        return .later
    }

    /// The global actor the code runs on: its function's or closure's attribute, else its type's.
    private func isolation(of node: Syntax) -> String? {
        var current = node.parent
        while let parent = current {
            if let function = parent.as(FunctionDeclSyntax.self), let actor = catalogue.isolation(in: function.attributes) { return actor }
            if let variable = parent.as(VariableDeclSyntax.self), let actor = catalogue.isolation(in: variable.attributes) { return actor }
            if parent.is(MemberBlockItemSyntax.self) { break }
            current = parent.parent
        }
        return types.last?.isolation
    }
}
