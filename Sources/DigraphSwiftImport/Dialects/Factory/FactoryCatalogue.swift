import DigraphCore
import SwiftSyntax

/// Which of Factory's contexts `check` and `render` read: the default factory is the graph's;
/// `--context test` reads each factory's `.onTest { … }` (or `.context(.test) { … }`) instead.
public enum FactoryContext: String, CaseIterable, Sendable {
    case test, preview, debug
}

/// hmlongco/Factory as the app declares it: every `var x: Factory<T>` (or `ParameterFactory<P, T>`)
/// on a container (`Container`, `SharedContainer`, or a class conforming to either), and how code
/// names one (`self.x()`, `Container.shared.x()`, `\.x`).
struct FactoryCatalogue {
    struct Definition {
        /// The container type the property is declared on (`Container`, `Services`, `SharedContainer`).
        var container: String
        var property: String
        /// The value's type, without the optional Factory may wrap it in.
        var type: String
        /// `Factory<T?>`: a resolve gives nil when nothing is registered.
        var isOptional: Bool
        /// `ParameterFactory<P, T>`: the parameter's type.
        var parameter: String?
        /// A global actor written on the property or the extension around it.
        var isolation: String?
        /// What the getter returns: `self { … }.cached`, `promised()`.
        var product: ExprSyntax?
        var file: Int
        var node: Syntax
        /// The same property on the same container declared again in another module: one Factory
        /// key (type and property), so one registration; a `register` replaces the factory for all.
        var alsoDeclared: [(product: ExprSyntax?, file: Int, node: Syntax)] = []
        /// The app (`@main` type) whose folder declares it; nil in code the apps share.
        var app: Int? = nil
        /// The module whose file declares it, where known.
        var module: String? = nil

        /// The key's name qualifier: the property, qualified by its container unless it is the default one.
        var name: String { container == "Container" ? property : "\(container).\(property)" }
    }

    private(set) var definitions: [Definition] = []
    private var byProperty: [String: [Int]] = [:]
    /// Types that are containers: `Container`, and every class declared conforming to `SharedContainer`.
    private(set) var containers: Set<String> = ["Container", "SharedContainer"]
    /// `typealias Dependencies = Container`: another name of a container, and the container's.
    private var containerAliases: [String: String] = [:]
    /// Whether a type name is a container's, or another name of one (`typealias Dependencies = Container`).
    func isContainer(named name: String) -> Bool { containers.contains(name) || containerAliases[name] != nil }
    /// Factory 1's `static let api = Factory { … }` whose type neither the declaration nor its
    /// closure says (`Factory { makeAPI() }`): left out, and said where they are.
    private(set) var untypedStatics: [(file: Int, node: Syntax)] = []
    /// Global actors the sources declare (`@globalActor actor DatabaseActor`), and `MainActor`.
    private(set) var globalActors: Set<String> = ["MainActor"]
    /// Properties that hold a container, by the type declaring them: `@Injected(\.factory) var factory`
    /// where `factory` is a `Factory<Container>`, so `factory.api()` resolves `api` there.
    private var containerHolders: [String: [String: String]] = [:]

    var isEmpty: Bool { definitions.isEmpty }

    /// Several `@main` types (an app and its widget): the app whose folder each file's tree is in.
    /// A widget that declares a factory the app declares too (Ritualist's `Factory<HabitRepository?>`
    /// beside the app's `Factory<HabitRepository>`) has its own; its code uses its own.
    private var appOfTree: [SyntaxIdentifier: Int] = [:]

    private func app(of node: Syntax) -> Int? { appOfTree.isEmpty ? nil : appOfTree[node.root.id] }
    /// Each file's module and imports, by its tree, where its module is known: two modules may each
    /// declare `var viewModel: Factory<ViewModel>` for their own `ViewModel`, two keys; a use means
    /// the one its file sees.
    private var scopeOfTree: [SyntaxIdentifier: (module: String, imports: Set<String>, path: String)] = [:]
    /// How the sources' module-shared names are spelled (`TypeDeclarations.spellingModules`).
    private let spelling: (_ type: String, _ file: String) -> String
    /// The `@main` types' folders (`AppPartition.folders`), when there are several.
    private var appFolders: [String?] = []

    /// The app whose folder holds the file at `path`; nil in shared code or with one app.
    func app(ofFile path: String) -> Int? {
        appFolders.indices.filter { appFolders[$0].map(path.hasPrefix) ?? false }.max { appFolders[$0]!.count < appFolders[$1]!.count }
    }

    static let libraries: Set<String> = ["Factory", "FactoryKit"]

    init() { spelling = { type, _ in type } }

    /// Factory's property wrappers (`Injected`, `LazyInjected`, …) and the app's aliases of them
    /// (`typealias Inject = Injected`), each with whether it resolves lazily.
    private var wrappers = FactoryUseWalker.wrappers

    /// For one of Factory's property wrappers, whether it resolves lazily; nil for any other attribute.
    func wrapperIsLazy(_ attribute: AttributeSyntax) -> Bool? { wrappers[Self.lastName(attribute.attributeName)] }

    /// The app's functions taking a Factory key path, as `name/label` (`TypeDeclarations.factoryKeyPathTakers`).
    private var keyPathTakers = Set<String>()

    private func takesKeyPath(_ name: String, _ label: String?) -> Bool {
        !keyPathTakers.isEmpty && keyPathTakers.contains(name + "/" + (label ?? "_"))
    }

    init(
        files: [SwiftFile], aliases: [String: String] = [:], keyPathTakers: Set<String> = [],
        spelling: @escaping (_ type: String, _ file: String) -> String = { type, _ in type }
    ) {
        self.keyPathTakers = keyPathTakers
        self.spelling = spelling
        for (alias, name) in aliases { if let isLazy = FactoryUseWalker.wrappers[name] { wrappers[alias] = isLazy } }
        // Containers and global actors first: an extension may come before the class it extends.
        for file in files {
            for item in file.topLevelItems {
                if let type = item.item.as(ClassDeclSyntax.self),
                    type.inheritanceClause?.inheritedTypes.contains(where: { ["SharedContainer", "ManagedContainer"].contains(Self.lastName($0.type)) }) == true
                {
                    containers.insert(type.name.text)
                }
                if let attributes = Self.attributes(of: item.item), attributes.contains("globalActor"),
                    let name = item.item.as(ActorDeclSyntax.self)?.name.text ?? item.item.as(ClassDeclSyntax.self)?.name.text
                        ?? item.item.as(StructDeclSyntax.self)?.name.text
                {
                    globalActors.insert(name)
                }
            }
        }
        let mains = files.filter { file in
            file.topLevelItems.contains { Self.attributes(of: $0.item)?.contains("main") == true }
        }
        if mains.count > 1 {
            appFolders = AppPartition.folders(of: mains.map(\.path), modules: mains.map(\.module))
            for file in files {
                if let app = app(ofFile: file.path) { appOfTree[Syntax(file.tree).id] = app }
            }
        }
        for (alias, name) in aliases where containers.contains(name) { containerAliases[alias] = name }
        for file in files {
            if let module = file.module { scopeOfTree[Syntax(file.tree).id] = (module, Set(file.importDeclarations.map(\.module)), file.path) }
        }
        for (index, file) in files.enumerated() {
            let importsFactory = file.topLevelItems.contains { item in
                item.item.as(ImportDeclSyntax.self).map { Self.libraries.contains($0.path.first?.name.text ?? "") } ?? false
            }
            for item in file.topLevelItems {
                if let type = item.item.as(ClassDeclSyntax.self), containers.contains(type.name.text), type.name.text != "Container" {
                    collect(type.memberBlock, container: type.name.text, isolation: isolation(in: type.attributes), file: index)
                } else if let extended = item.item.as(ExtensionDeclSyntax.self), importsFactory || containers.contains(Self.lastName(extended.extendedType)) {
                    let name = Self.lastName(extended.extendedType)
                    collect(extended.memberBlock, container: containerAliases[name] ?? name, isolation: isolation(in: extended.attributes), file: index)
                }
            }
        }
        guard !definitions.isEmpty else { return }
        for file in files {
            for item in file.topLevelItems { collectHolders(item.item) }
        }
    }

    /// Every `@Injected(\.x) var name` in a type (and its nested types) whose factory gives a container.
    private mutating func collectHolders(_ node: some SyntaxProtocol) {
        guard let group = node.asProtocol(DeclGroupSyntax.self), let type = SwiftExpressions.typeName(declaredBy: group) else { return }
        for member in group.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else {
                collectHolders(member.decl)
                continue
            }
            // `private let container: Container`: handed the container (`ViewModelFactory(container: self)`).
            if let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let annotated = binding.typeAnnotation.map({ DeclaredType($0.type) }), containers.contains(Self.lastName(annotated.key))
            {
                containerHolders[Self.lastName(type), default: [:]][name] = Self.lastName(annotated.key)
            }
            for attribute in variable.attributes {
                guard let attribute = attribute.as(AttributeSyntax.self), wrapperIsLazy(attribute) != nil,
                    case .argumentList(let arguments)? = attribute.arguments, let keyPath = arguments.first?.expression.as(KeyPathExprSyntax.self),
                    let index = site(ofKeyPath: keyPath), containers.contains(definitions[index].type),
                    let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                else { continue }
                containerHolders[Self.lastName(type), default: [:]][name] = definitions[index].type
            }
        }
    }

    private mutating func collect(_ members: MemberBlockSyntax, container: String, isolation outer: String?, file: Int) {
        collect(members.members, container: container, isolation: outer, file: file)
    }

    /// The members, those inside `#if DEBUG … #endif` included: a clause the build leaves out is
    /// empty by now (`SwiftFile.leavingOut`), so what is left is what this build declares.
    private mutating func collect(_ members: MemberBlockItemListSyntax, container: String, isolation outer: String?, file: Int) {
        for member in members {
            if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
                for clause in conditional.clauses {
                    if case .decls(let inner)? = clause.elements { collect(inner, container: container, isolation: outer, file: file) }
                }
                continue
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let typed: (value: String, parameter: String?)?
                if let annotation = binding.typeAnnotation?.type {
                    typed = Self.factoryType(annotation)
                } else if isStatic, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), Self.isFactoryCall(call) {
                    // Factory 1: `static let api = Factory(scope: .shared) { APIService() }`.
                    typed = Self.factoryType(ofCall: call)
                    if typed == nil { untypedStatics.append((file, Syntax(binding.pattern))) }
                } else {
                    typed = nil
                }
                guard let (value, parameter) = typed else { continue }
                let declared = DeclaredType(value)
                let scope = scopeOfTree[binding.root.id]
                let definition = Definition(
                    container: container, property: name, type: scope.map { spelling(declared.key, $0.path) } ?? declared.key, isOptional: declared.isOptional,
                    parameter: parameter, isolation: isolation(in: variable.attributes) ?? outer,
                    product: Self.product(of: binding), file: file, node: Syntax(binding.pattern), app: app(of: Syntax(binding)), module: scope?.module)
                // Two apps' own declarations are two registrations, one in each app's graph.
                if let same = byProperty[name]?.first(where: {
                    definitions[$0].container == container && definitions[$0].type == definition.type
                        && (definitions[$0].app == nil || definition.app == nil || definitions[$0].app == definition.app)
                }) {
                    definitions[same].alsoDeclared.append((definition.product, file, definition.node))
                    continue
                }
                byProperty[name, default: []].append(definitions.count)
                definitions.append(definition)
            }
        }
    }

    /// `Factory<T>` → (T, nil); `ParameterFactory<P, T>` → (T, P); module-qualified too.
    static func factoryType(_ type: TypeSyntax) -> (value: String, parameter: String?)? {
        let generic: GenericArgumentClauseSyntax?
        let name: String
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            name = identifier.name.text
            generic = identifier.genericArgumentClause
        } else if let member = type.as(MemberTypeSyntax.self), Self.libraries.contains(member.baseType.trimmedDescription) {
            name = member.name.text
            generic = member.genericArgumentClause
        } else {
            return nil
        }
        let arguments = (generic?.arguments ?? []).map { argument -> String in
            var text = SwiftExpressions.oneLine(argument.trimmedDescription)
            if text.hasSuffix(",") { text.removeLast() }
            return text
        }
        switch (name, arguments.count) {
        case ("Factory", 1): return (arguments[0], nil)
        case ("ParameterFactory", 2): return (arguments[1], arguments[0])
        default: return nil
        }
    }

    /// `Factory(…) { … }`, `Factory<T>(…)`, `ParameterFactory<P, T> { … }`.
    static func isFactoryCall(_ call: FunctionCallExprSyntax) -> Bool {
        let callee = call.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression ?? call.calledExpression
        return ["Factory", "ParameterFactory"].contains(callee.as(DeclReferenceExprSyntax.self)?.baseName.text ?? "")
    }

    /// A Factory 1 call's value type: its generic arguments (`Factory<API>`, `ParameterFactory<Int,
    /// Detail>`), else the type its closure builds (`Factory { APIService() }`, `{ Live() as API }`).
    static func factoryType(ofCall call: FunctionCallExprSyntax) -> (value: String, parameter: String?)? {
        if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
            let name = generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return factoryType(TypeSyntax(IdentifierTypeSyntax(name: .identifier(name), genericArgumentClause: generic.genericArgumentClause)))
        }
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Factory",
            let closure = call.trailingClosure ?? call.arguments.first(where: { $0.label?.text == "factory" })?.expression.as(ClosureExprSyntax.self),
            closure.statements.count == 1, let only = closure.statements.first.flatMap(SwiftExpressions.expression(of:))
        else { return nil }
        let unwrapped = SwiftExpressions.unwrap(only)
        if let cast = unwrapped.castType { return (cast, nil) }
        guard let built = unwrapped.core.as(FunctionCallExprSyntax.self), let type = SwiftExpressions.typeName(built.calledExpression),
            type.first?.isUppercase == true
        else { return nil }
        return (type, nil)
    }

    /// The expression a computed property returns: its getter's last expression or `return`.
    private static func product(of binding: PatternBindingSyntax) -> ExprSyntax? {
        guard let accessors = binding.accessorBlock?.accessors else { return binding.initializer?.value }
        let statements: CodeBlockItemListSyntax?
        switch accessors {
        case .getter(let items): statements = items
        case .accessors(let list): statements = list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
        }
        guard let last = statements?.last else { return nil }
        if let returned = last.item.as(ReturnStmtSyntax.self) { return returned.expression }
        return SwiftExpressions.expression(of: last)
    }

    private static func attributes(of node: some SyntaxProtocol) -> [String]? {
        let list = node.asProtocol(WithAttributesSyntax.self)?.attributes
        return list?.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
    }

    /// The global actor among attributes (`@MainActor`, a declared `@globalActor`), if any.
    func isolation(in attributes: AttributeListSyntax) -> String? {
        attributes.lazy.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }.first { globalActors.contains($0) }
    }

    static func lastName(_ type: some SyntaxProtocol) -> String { lastName(type.trimmedDescription) }

    /// `Domain.Impl<X>` → `Impl`.
    static func lastName(_ text: String) -> String {
        let base = text.split(separator: "<").first.map(String.init) ?? text
        return base.split(separator: ".").last.map(String.init) ?? base
    }

    // MARK: Naming a factory

    /// The factory a property name stands for on a container: its own, else one every container
    /// has (`extension SharedContainer`); with no container known, the default `Container`'s first.
    func definition(_ property: String, on container: String?, at node: Syntax? = nil) -> Int? {
        guard var candidates = byProperty[property] else { return nil }
        // In an app's folder, its own declaration, else one the apps share, before another app's.
        if candidates.count > 1, let node, !appOfTree.isEmpty {
            let app = app(of: node)
            candidates.sort { (rank(definitions[$0].app, in: app), $0) < (rank(definitions[$1].app, in: app), $1) }
        }
        // Declared in two modules: the one the use's own module declares, else the one it imports.
        if candidates.count > 1, let node, let scope = scopeOfTree[node.root.id], candidates.allSatisfy({ definitions[$0].module != nil }) {
            let seen = TypeDeclarations.seen(candidates, moduleOf: { definitions[$0].module }, from: scope.module, imports: scope.imports.contains)
            if !seen.isEmpty { candidates = seen }
        }
        if let container {
            return candidates.first { definitions[$0].container == container }
                ?? candidates.first { definitions[$0].container == "SharedContainer" }
        }
        return candidates.first { definitions[$0].container == "Container" } ?? (candidates.count == 1 ? candidates[0] : nil)
    }

    private func rank(_ declaredIn: Int?, in app: Int?) -> Int { declaredIn == app ? 0 : declaredIn == nil ? 1 : 2 }

    /// The container an expression names: `self` or `shared` inside a container, `Services.shared`,
    /// a property injected with a container (`@Injected(\.factory) var factory`), or a variable
    /// named like one (`container`, `appContainer`).
    private func container(of base: ExprSyntax?, inside enclosing: String?) -> String?? {
        guard let base else { return enclosing.map { .some($0) } }
        if let access = base.as(MemberAccessExprSyntax.self), access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self",
            let held = heldContainer(access.declName.baseName.text, at: Syntax(access))
        {
            return .some(held)
        }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "self" || name == "shared" { return enclosing.map { .some($0) } }
            // Factory 1's static factories: `Container.api()`, `Dependencies.api()` through an alias.
            if let container = containerAliases[name] ?? (containers.contains(name) ? name : nil) { return .some(container) }
            if let held = heldContainer(name, at: Syntax(reference)) { return .some(held) }
            if let local = localContainer(name, at: Syntax(reference)) { return .some(local) }
            if name.lowercased().hasSuffix("container") { return .some(nil) }
            return nil
        }
        if let access = base.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "shared",
            let owner = access.base, containers.contains(Self.lastName(owner))
        {
            return .some(Self.lastName(owner))
        }
        return nil
    }

    /// `let cont = Repositories.shared` written before `node` in a block around it (ios-pass's
    /// `cont.appPreferencesDatasource()`): the container the constant names. The blocks around
    /// the node up to its function or type, each read once.
    private func localContainer(_ name: String, at node: Syntax) -> String? {
        var current = node.parent
        while let scope = current, !scope.is(FunctionDeclSyntax.self), !scope.is(MemberBlockSyntax.self) {
            if let items = scope.as(CodeBlockItemListSyntax.self) {
                for item in items {
                    guard item.position < node.position else { break }
                    guard let declaration = item.item.as(VariableDeclSyntax.self), declaration.bindingSpecifier.tokenKind == .keyword(.let),
                        let binding = declaration.bindings.first, declaration.bindings.count == 1,
                        binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name, let value = binding.initializer?.value,
                        let access = value.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "shared", let owner = access.base,
                        containers.contains(Self.lastName(owner))
                    else { continue }
                    return Self.lastName(owner)
                }
            }
            current = scope.parent
        }
        return nil
    }

    /// The container a property of the type around `node` holds, when it is injected with one.
    private func heldContainer(_ property: String, at node: Syntax) -> String? {
        guard !containerHolders.isEmpty, let type = SwiftExpressions.enclosingTypeName(of: node) else { return nil }
        return containerHolders[Self.lastName(type)]?[property]
    }

    /// `self` inside a container's factory, `Container.shared`: the container itself. (A bare
    /// `.shared` may be any type's: `session: .shared` is `URLSession.shared`.)
    func isContainer(_ expression: ExprSyntax) -> Bool {
        if expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" { return true }
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "shared", let base = access.base else { return false }
        return containers.contains(Self.lastName(base))
    }

    /// Whether a type keeps a container in a property digraph reads its resolves through.
    func holdsContainer(_ type: String) -> Bool { containerHolders[Self.lastName(type)]?.isEmpty == false }

    /// A reference to a factory, not yet resolved: `self.api`, `Container.shared.api`, `api` inside a container.
    func reference(_ expression: ExprSyntax, inside enclosing: String?) -> Int? {
        if let access = expression.as(MemberAccessExprSyntax.self) {
            // Most calls name no factory: told before their receiver is looked into.
            guard byProperty[access.declName.baseName.text] != nil, let owner = container(of: access.base, inside: enclosing) else { return nil }
            return definition(access.declName.baseName.text, on: owner, at: Syntax(access))
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self), let enclosing {
            return definition(reference.baseName.text, on: enclosing, at: Syntax(reference))
        }
        return nil
    }

    /// A call that resolves a factory: `self.api()`, `api()`, `Container.shared.api()`,
    /// `container.api.resolve()`, `self.detail(id)`, `resolve(\.api)`. A trailing closure is a
    /// registration (`api { Mock() }`), never a resolve.
    func site(ofCall call: FunctionCallExprSyntax, inside enclosing: String?) -> ResolveSite? {
        resolving(call, inside: enclosing)?.site
    }

    /// The factory a call resolves, and the resolve.
    func resolving(_ call: FunctionCallExprSyntax, inside enclosing: String?) -> (definition: Int, site: ResolveSite)? {
        guard !isEmpty, call.trailingClosure == nil else { return nil }
        var target = call.calledExpression
        let keyPath = call.arguments.count == 1 ? call.arguments.first?.expression.as(KeyPathExprSyntax.self) : nil
        if let access = target.as(MemberAccessExprSyntax.self), ["resolve", "callAsFunction"].contains(access.declName.baseName.text), let base = access.base {
            if let keyPath {
                return site(ofKeyPath: keyPath).map { ($0, ResolveSite(resolving: definitions[$0], at: Syntax(call), passed: [])) }
            }
            target = base
        } else if let reference = target.as(DeclReferenceExprSyntax.self), reference.baseName.text == "resolve", let keyPath {
            return site(ofKeyPath: keyPath).map { ($0, ResolveSite(resolving: definitions[$0], at: Syntax(call), passed: [])) }
        }
        // `publisher.receive(on: \.mainScheduler)`, the app's function resolving the key path it takes.
        if !keyPathTakers.isEmpty, !call.arguments.isEmpty, let name = SwiftExpressions.callee(of: call)?.name,
            let argument = call.arguments.first(where: { $0.expression.is(KeyPathExprSyntax.self) && takesKeyPath(name, $0.label?.text) }),
            let index = site(ofKeyPath: argument.expression.as(KeyPathExprSyntax.self)!)
        {
            return (index, ResolveSite(resolving: definitions[index], at: Syntax(call), passed: []))
        }
        guard let index = reference(target, inside: enclosing) else { return nil }
        let definition = definitions[index]
        // `api()` takes nothing; a parameter factory takes its parameter.
        guard (definition.parameter == nil) == call.arguments.isEmpty else { return nil }
        return (index, ResolveSite(resolving: definition, at: Syntax(call), passed: call.arguments.map(\.expression)))
    }

    /// `something.api.resolve()` where `api` is a factory's property but digraph cannot tell that
    /// `something` is a container: the property's name, so the call is said, never read as an
    /// unnamed resolve of the type Swift infers (a key no Factory registration has).
    func factoryOnUnknownReceiver(_ call: FunctionCallExprSyntax) -> String? {
        guard !isEmpty, call.arguments.isEmpty, call.trailingClosure == nil,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self), ["resolve", "callAsFunction"].contains(access.declName.baseName.text),
            let property = access.base?.as(MemberAccessExprSyntax.self)?.declName.baseName.text, byProperty[property] != nil
        else { return nil }
        return property
    }

    /// What a property wrapper is given: a key path (`@Injected(\.api)`), or Factory 1's static
    /// factory (`@Injected(Container.api)`).
    func site(ofWrapperArgument argument: ExprSyntax) -> Int? {
        if let keyPath = argument.as(KeyPathExprSyntax.self) { return site(ofKeyPath: keyPath) }
        guard let access = argument.as(MemberAccessExprSyntax.self), access.base?.is(DeclReferenceExprSyntax.self) == true else { return nil }
        return reference(argument, inside: nil)
    }

    /// `\.api`, `\Container.api`, `\Services.api`.
    func site(ofKeyPath keyPath: KeyPathExprSyntax) -> Int? {
        guard keyPath.components.count == 1, case .property(let component) = keyPath.components.first!.component else { return nil }
        let root = keyPath.root.map { Self.lastName($0) }
        return definition(component.declName.baseName.text, on: root ?? "Container", at: Syntax(keyPath))
    }
}

extension ResolveSite {
    /// A resolve of one of Factory's factories: keyed by its type and property.
    init(resolving definition: FactoryCatalogue.Definition, at node: Syntax, passed: [ExprSyntax]) {
        self.init(
            type: definition.type, name: definition.name, passed: passed, receiver: nil, node: node, isArrow: false,
            onMiss: definition.isOptional ? .givesNil : .stops)
        compilerChecksArguments = true
    }
}
