import DigraphCore
import Foundation
import SwiftSyntax

/// What the given sources declare: which names are protocols, each type's initializers (for
/// `autoregister` and untyped runtime arguments), typealiases, and the module that declares each.
struct TypeDeclarations {
    enum Kind: String {
        case `class`, `struct`, actor, `enum`, `protocol`
    }

    struct Parameter: Hashable {
        var label: String?
        var type: String
        /// Declared with a default value (`b: B = .x`): a call may leave it out.
        var hasDefault = false
        /// That default as written (`nil`, `.x`), where the declaration says it.
        var defaultValue: String? = nil
        /// The file declaring it: whose module and imports say which type a shared name is.
        var writtenIn: String? = nil
        /// The name the initializer's body uses (`user` of `init(_ user: User)`), where declared.
        var name: String? = nil
    }

    struct Declaration {
        var kind: Kind
        var module: String?
        var initializers: [[Parameter]] = []
        /// Stored properties without a value, in order: a struct's memberwise initializer.
        var storedProperties: [Parameter] = []
        var hasExplicitInitializer = false
        /// Declared with generic parameters (`final class SearchViewModel<S: Scheduler>`).
        var isGeneric = false
        var genericParameters: [String] = []
        /// A class's first inherited type with its generic arguments (`MVVMViewController<HomeViewModel>`):
        /// a class that declares no initializer inherits its superclass's.
        var inherits: (name: String, arguments: [String])?
        /// The declared type of each instance property (`var reactor: Reactor?`); ReactorKit's
        /// `reactor`, which its `View` protocol declares, takes the type `bind(reactor:)` names.
        var propertyTypes: [String: String] = [:]
        /// Static properties holding one instance of the type itself (`static let shared = Store()`):
        /// code that reads one reaches what that instance resolves when it is built.
        var sharedInstances: Set<String> = []
        /// An enum's cases: `Endpoint.submit(payload:)` builds an `Endpoint`.
        var cases: Set<String> = []
    }

    private(set) var types: [String: Declaration] = [:]
    /// The modules some file imports (`Swinject`, `Foundation`, the app's own).
    private var importedModules = Set<String>()
    /// Each top-level type (protocols too) by its name, then by the module declaring it, where the
    /// files' modules are known: a name two of the app's modules declare (`Domain.UserRepository`,
    /// a protocol, and `AppData.UserRepository`, its class) is two types told apart by module.
    private var moduleDeclarations: [String: [String: Declaration]] = [:]
    /// The modules the given files are compiled into, and each file's module and imports.
    private var appModules = Set<String>()
    /// A module the given paths declare (a package target, a folder's module): the app's own.
    func isAppModule(_ name: String) -> Bool { appModules.contains(name) }
    private var fileScopes: [String: (module: String, imports: Set<String>)] = [:]

    /// A type spelled as the manifest keys it: with a module only where two of the app's modules
    /// declare the name. `Domain.Clock` is `Clock` when no other module declares a `Clock`;
    /// `UserRepository` written in a file of `Domain`, or in one importing `Domain` and not
    /// `AppData`, is `Domain.UserRepository` when `AppData` declares one too, as the compiler
    /// reads it. Unchanged where the file's module is not known, or the name stays ambiguous.
    func spellingModules(_ type: TypeExpression, in file: String) -> TypeExpression {
        guard !appModules.isEmpty else { return type }
        return type.mappingNominals { components in
            let first = components[0]
            if components.count > 1, first.genericArguments.isEmpty, appModules.contains(first.name), types[first.name] == nil {
                return .nominal(isModuleShared(components[1].name) ? components : Array(components.dropFirst()))
            }
            guard let declared = moduleDeclarations[first.name], declared.count > 1, let scope = fileScopes[file] else { return .nominal(components) }
            let seen = Self.seen(Array(declared.keys), moduleOf: { $0 }, from: scope.module, imports: scope.imports.contains)
            // A module that declares a type of its own name cannot qualify anything: Swift finds the type.
            guard seen.count == 1, let module = seen.first, types[module] == nil else { return .nominal(components) }
            return .nominal([TypeExpression.NameComponent(module)] + components)
        }
    }

    /// The same for a type written as text; the text unchanged when no name in it is a module or a
    /// shared name (most types: nothing is parsed).
    func spellingModules(_ type: String, in file: String) -> String {
        guard !appModules.isEmpty, Self.words(of: type).contains(where: { appModules.contains(String($0)) || isModuleShared(String($0)) }),
            let parsed = try? TypeExpressionParser.parse(type)
        else { return type }
        let spelled = spellingModules(parsed, in: file)
        return spelled == parsed ? type : spelled.spelling
    }

    private func isModuleShared(_ name: String) -> Bool { (moduleDeclarations[name]?.count ?? 0) > 1 }

    private static func words(of type: String) -> [Substring] {
        type.split { !($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// Once every file is added: each declared parameter's type spelled by its own file's module
    /// (`init(remoteDataSource: UserRemoteDataSource)` in `AppData` takes `AppData.UserRemoteDataSource`
    /// when `Networking` declares one too), so that a call anywhere resolves the key it means.
    mutating func spellModules() {
        guard !appModules.isEmpty else { return }
        let spelled = self
        func respell(_ parameters: inout [Parameter]) {
            for index in parameters.indices {
                guard let file = parameters[index].writtenIn else { continue }
                parameters[index].type = spelled.spellingModules(parameters[index].type, in: file)
            }
        }
        func respell(_ declaration: inout Declaration) {
            for index in declaration.initializers.indices { respell(&declaration.initializers[index]) }
            respell(&declaration.storedProperties)
        }
        for name in types.keys.sorted() { respell(&types[name]!) }
        for name in sameNamed.keys.sorted() { for index in sameNamed[name]!.indices { respell(&sameNamed[name]![index]) } }
        for name in moduleDeclarations.keys.sorted() { for module in moduleDeclarations[name]!.keys.sorted() { respell(&moduleDeclarations[name]![module]!) } }
    }

    /// `Swinject.Assembler` is the `Assembler` a registration of `Assembler.self` provides: a
    /// module a file imports, qualifying a type no given path declares (a library's), is dropped
    /// from the key. `Domain.User`, whose `User` the sources declare, keeps its module: two
    /// modules' `User`s are two keys.
    func droppingLibraryModules(_ type: TypeExpression) -> TypeExpression {
        guard !importedModules.isEmpty else { return type }
        return type.mappingNominals { components in
            guard components.count > 1, components[0].genericArguments.isEmpty, importedModules.contains(components[0].name),
                !appModules.contains(components[0].name),
                types[components[0].name] == nil, declaration(of: components.dropFirst().map(\.name).joined(separator: ".")) == nil
            else { return .nominal(components) }
            return .nominal(Array(components.dropFirst()))
        }
    }
    /// Simple names `types` holds a nested type's declaration under, no top-level type having it.
    private var borrowedNames = Set<String>()
    /// A function a factory may hand its work to, and the file that declares it.
    struct Helper {
        var node: FunctionDeclSyntax
        var file: SwiftFile
    }

    /// Functions a factory may call, by owner, name and parameter count (`Container.makeRepo/0`,
    /// `makeReporter/2` for a free function): a helper may be declared in another file.
    private(set) var helperMethods: [String: [Helper]] = [:]
    /// Each type's methods (its extensions' included), by the name its code is filed under
    /// (`ownerName`), once every file is added (`fileMethods()`).
    private(set) var methods: [String: [Helper]] = [:]
    /// The same methods by the path of the type or extension declaring them, as files are added.
    private var methodsByPath: [String: [Helper]] = [:]

    /// Once every file is added: each type's methods filed under its last name, or its path when
    /// nested types share that name (orion-assignment's `Root.ViewModel.Impl`, `Window.ViewModel.Impl`).
    mutating func fileMethods() {
        methods = [:]
        for path in methodsByPath.keys.sorted() { methods[ownerName(of: path), default: []] += methodsByPath[path]! }
    }
    /// An instance property computed by one expression (`var logManager: LogManager {
    /// Tooling.shared.logManager() }`), by `Owner.name`, with its file: a factory that reads it
    /// runs that expression.
    private(set) var propertyGetters: [String: [(value: ExprSyntax, file: SwiftFile)]] = [:]
    /// The values of global constants (`let kSharedDefaults = UserDefaults(suiteName: group)!`), by name.
    private(set) var globalConstants: [String: [ExprSyntax]] = [:]

    /// The value of the one global constant so named, or nil.
    func globalConstant(_ name: String) -> ExprSyntax? {
        guard let values = globalConstants[name], values.count == 1 else { return nil }
        return values[0]
    }

    /// The expression `owner`'s computed property `name` returns, when `file` declares exactly one
    /// such property (a `private extension` in each file may declare its own of the same name).
    func getter(of owner: String, named name: String, in file: SwiftFile) -> ExprSyntax? {
        let inFile = (propertyGetters[owner + "." + name] ?? []).filter { $0.file.path == file.path }
        return inFile.count == 1 ? inFile[0].value : nil
    }
    /// The app's functions taking a Factory key path (`func receive<S>(on key: KeyPath<Container,
    /// Factory<S>>)`), as `name/label` (`_` for none): a key path literal passed there is a use of
    /// that factory, as `resolve(\.x)` is (nextcloud-passwords' `receive(on: \.mainScheduler)`).
    private(set) var factoryKeyPathTakers = Set<String>()
    /// The app's own methods that hand their `initializer:` parameter on to SwinjectAutoregistration's
    /// `autoregister` (Antoszku/Payback's `Resolver.register(_:initializer:)`), by name: a call of one
    /// with `initializer: Impl.init` is an autoregistration.
    private(set) var autoregisterForwarders = Set<String>()

    /// The app's functions that take closures, by name and parameter count (`registration/1`): true
    /// when every one so declared calls each closure it takes before it returns
    /// (`func registration(register: (Container) -> Void) { register(self) }`), so a registration
    /// written in the closure runs where the call is.
    private(set) var closureRunners: [String: Bool] = [:]

    /// Each typealias's name and the simple name of the type it stands for, generic ones included
    /// (`typealias Inject = Injected`, `typealias Inject<T> = FactoryKit.Injected<T>`: `Injected`).
    private(set) var aliasedNames: [String: String] = [:]

    /// Whether `node` is a closure that runs later, the app's own functions that run the closures
    /// they take at once included (`SwiftExpressions.isDeferredClosure`).
    func isDeferredClosure(_ node: Syntax) -> Bool {
        SwiftExpressions.isDeferredClosure(node, runsAtOnce: runsClosuresAtOnce)
    }

    /// Whether `call` hands its closures to an app function that runs them at once.
    func runsClosuresAtOnce(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = SwiftExpressions.callee(of: call)?.name else { return false }
        let count = call.arguments.count + (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
        return closureRunners["\(name)/\(count)"] == true
    }

    /// What each type's methods resolve through a resolver it keeps in a stored property
    /// (`let resolver: Resolver`, `self.container.resolve(Feed.self)`): an object handed the resolver
    /// (`HomeCoordinator(resolver: r)`) looks these up later. One site per key, in source order.
    private(set) var heldResolverResolves: [String: [(site: ResolveSite, file: SwiftFile)]] = [:]

    /// The types that keep a resolver in a stored property, or are given one by an initializer, and
    /// use it only in resolves digraph reads, or not at all: nothing they resolve through it is hidden.
    private(set) var readsAllThroughHeldResolver = Set<String>()
    /// The member blocks of each type and extension, by its path.
    private var memberBlocksByPath: [String: [MemberBlockSyntax]] = [:]

    /// … of the one declaration so named in the app of `file` (`ofApp(_:as:)`).
    func resolvesThroughHeldResolver(of type: String, from file: String) -> [(site: ResolveSite, file: SwiftFile)] {
        ofApp(heldResolverResolves[ownerName(of: type)] ?? [], of: FactoryCatalogue.lastName(type), as: file) { $0.file.path }
    }

    /// The folders of the apps (`@main` types, `@UIApplicationMain` delegates) when there are several.
    private(set) var appFolders: [String] = []

    /// Once every file is added: where each app's own code is.
    mutating func findApps(in files: [SwiftFile]) {
        let mains = files.filter { file in
            file.topLevelItems.contains { $0.item.asProtocol(DeclGroupSyntax.self).map { FunctionIndex.isBuiltAtLaunch($0.attributes) } ?? false }
        }
        appFolders = mains.count > 1 ? AppPartition.folders(of: mains.map(\.path), modules: mains.map(\.module)).compactMap { $0 } : []
    }

    /// Of the places the code of a type runs, those outside the other apps' folders (than the app
    /// of `file`) when several declarations share the type's name (an iOS app's `ViewModelsFactory`
    /// and its watch app's, adrianswiatek/shopping-list): one app's type is not another's.
    func ofApp<Place>(_ places: [Place], of type: String, as file: String, _ path: (Place) -> String) -> [Place] {
        guard !places.isEmpty, !appFolders.isEmpty, !type.contains("."), (sameNamed[type]?.count ?? 0) > 1 else { return places }
        let others = appFolders.filter { !file.hasPrefix($0) }
        return places.filter { place in !others.contains(where: path(place).hasPrefix) }
    }

    /// Generic functions returning their parameter that no `resolve` call made a helper yet.
    private var helperCandidates: [FunctionDeclSyntax] = []

    /// Once every file is added: a generic function returning its parameter whose body calls a
    /// resolve helper is one too (`getModule(_:)` calling `resolveType(_:)`), a few steps deep.
    mutating func readHelpersOfHelpers() {
        for _ in 0..<3 {
            let known = Set(resolveHelpers.overloads.keys)
            var added = false
            helperCandidates.removeAll { function in
                guard let helper = ResolveHelpers.Helper(function, resolving: known) else { return false }
                resolveHelpers.overloads[function.name.text, default: []].append(helper)
                added = true
                return true
            }
            if !added { break }
        }
        helperCandidates = []
    }

    /// Once every file is added: each type keeping a resolver has its methods read once.
    mutating func readHeldResolvers() {
        // `extension Container: CoordinatorFactoryProtocol`: a property of that protocol's type holds
        // the container when a factory hands it over (`factory: self`), and calling one of its
        // methods runs the container's own (cmarioRV/MLChallenge's coordinators).
        var containerMethods: [String: [Helper]] = [:]
        for container in ["Container", "Resolver"] {
            guard let own = methods[container] else { continue }
            for conformed in supertypes(of: container) where isProtocol(conformed) { containerMethods[conformed] = own }
        }
        for (owner, list) in methods {
            var held = Set<String>()
            var heldConformances: [String: [Helper]] = [:]
            var current: String? = owner
            var visited = Set<String>()
            while let name = current, visited.insert(name).inserted, let found = declaration(of: name) {
                for (property, declared) in found.propertyTypes {
                    if Self.isResolver(declared) {
                        held.insert(property)
                    } else if let nominal = Self.nominalName(declared), let implemented = containerMethods[nominal] {
                        heldConformances[property] = implemented
                    }
                }
                current = found.inherits?.name
            }
            guard !held.isEmpty || !heldConformances.isEmpty else { continue }
            var found: [(site: ResolveSite, file: SwiftFile)] = []
            var seen = Set<String>()
            for method in list {
                guard let body = method.node.body else { continue }
                for call in SwiftExpressions.calls(in: body) {
                    if let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base,
                        let implemented = Self.names(base).flatMap({ heldConformances[$0] })
                    {
                        for implementation in implemented where implementation.node.name.text == access.declName.baseName.text {
                            guard let inner = implementation.node.body else { continue }
                            for resolve in SwiftExpressions.calls(in: inner) {
                                guard let site = ResolveSite.ofCall(resolve, constants: constants, helpers: resolveHelpers), let key = site.type,
                                    site.problem == nil, site.receiver.map({ Self.names($0) == "self" }) ?? true,
                                    seen.insert(key + "|" + (site.name ?? "")).inserted
                                else { continue }
                                found.append((site, implementation.file))
                            }
                        }
                        continue
                    }
                    guard let site = ResolveSite.ofCall(call, constants: constants, helpers: resolveHelpers), let key = site.type, site.problem == nil,
                        let receiver = site.receiver, Self.names(receiver).map(held.contains) == true, seen.insert(key + "|" + (site.name ?? "")).inserted
                    else { continue }
                    found.append((site, method.file))
                }
            }
            if !found.isEmpty { heldResolverResolves[owner] = found }
        }
        // A type keeping a resolver whose own code uses it only in resolves digraph reads, or not at
        // all (tribushevsky/playermaker's `ServiceDependencyResolver`, orion-assignment's `Impl`s,
        // whose initializers resolve through the resolver they are given).
        var blocksOf: [String: [MemberBlockSyntax]] = [:]
        for (path, blocks) in memberBlocksByPath { blocksOf[ownerName(of: path), default: []] += blocks }
        for (owner, blocks) in blocksOf {
            guard let declared = declaration(of: owner) else { continue }
            // Its stored resolvers, and the resolvers its initializers are given.
            var held = Set(declared.propertyTypes.filter({ Self.isResolver($0.value) }).keys)
            for block in blocks {
                for member in block.members {
                    guard let initializer = member.decl.as(InitializerDeclSyntax.self) else { continue }
                    for parameter in initializer.signature.parameterClause.parameters where Self.isResolver(parameter.type.trimmedDescription) {
                        held.insert((parameter.secondName ?? parameter.firstName).text)
                    }
                }
            }
            if !held.isEmpty, blocks.allSatisfy({ usesOnlyReadably(held, in: $0) }) { readsAllThroughHeldResolver.insert(owner) }
        }
        memberBlocksByPath = [:]
    }

    /// Whether each use of the properties (or parameters) named `names` in `block` is a resolve
    /// digraph reads (`resolver.resolve(Feed.self)!`) or the assignment keeping it (`self.resolver =
    /// resolver`). Handing it on, or a resolve digraph cannot read, is not.
    private func usesOnlyReadably(_ names: Set<String>, in block: MemberBlockSyntax) -> Bool {
        for token in block.tokens(viewMode: .sourceAccurate) where names.contains(token.text) {
            // A declaration's name, a parameter's, a label: no use.
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            var use = ExprSyntax(reference)
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
                // `other.resolver` is another object's.
                guard access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { continue }
                use = ExprSyntax(access)
            }
            if let sequence = use.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self),
                sequence.elements.contains(where: { $0.is(AssignmentExprSyntax.self) }),
                let target = sequence.elements.first, Self.names(target).map(names.contains) == true
            {
                continue
            }
            if let access = use.parent?.as(MemberAccessExprSyntax.self), access.base?.id == use.id,
                let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id,
                let site = ResolveSite.ofCall(call, constants: constants, helpers: resolveHelpers), site.type != nil, site.problem == nil
            {
                continue
            }
            return false
        }
        return true
    }

    /// `resolver` or `self.resolver`: the property named; nil for any other receiver.
    private static func names(_ receiver: ExprSyntax) -> String? {
        let core = SwiftExpressions.unwrap(receiver).core
        if let access = core.as(MemberAccessExprSyntax.self) {
            return access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" ? access.declName.baseName.text : nil
        }
        return core.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// `CoordinatorFactory`, `any CoordinatorFactory`, `Swinject.Resolver?`: the last name of the
    /// one nominal type declared, unwrapped; nil for any other spelling.
    private static func nominalName(_ declared: String) -> String? {
        guard let unwrapped = unwrapped(declared), case .nominal = unwrapped else { return nil }
        return FactoryCatalogue.lastName(unwrapped.spelling)
    }

    /// A declared type without its optional and `any`: `any Resolver!` is `Resolver`.
    private static func unwrapped(_ declared: String) -> TypeExpression? {
        guard let parsed = try? TypeExpressionParser.parse(declared) else { return nil }
        let unwrapped = parsed.isOptional ? parsed.unwrapped : parsed
        if case .existential(let inner) = unwrapped { return inner }
        return unwrapped
    }

    /// `Resolver`, `Container`, `Swinject.Resolver?`, `any Resolver`, `Resolver!`.
    static func isResolver(_ declared: String) -> Bool {
        unwrapped(declared).map { ["Resolver", "Container"].contains(FactoryCatalogue.lastName($0.spelling)) } ?? false
    }

    /// The one function of `owner` (a free function when nil) named `name` taking `parameters`
    /// values; nil when none is, or several are.
    func helper(of owner: String?, named name: String, parameters: Int) -> Helper? {
        guard let found = helperMethods[(owner.map { $0 + "." } ?? "") + name + "/\(parameters)"], found.count == 1 else { return nil }
        return found[0]
    }

    /// The declarations of each simple name, one per module or outer type that declares it.
    private(set) var sameNamed: [String: [Declaration]] = [:]

    /// Nested types whose name another declaration shares, qualified (`Root.ViewModel.Interface`
    /// beside `Settings.ViewModel.Interface`): written bare inside their enclosing type, they are
    /// that type's. A nested name no other type shares stays as written.
    var sharedNestedTypes: [String] {
        types.keys.filter { $0.contains(".") && (sameNamed[FactoryCatalogue.lastName($0)]?.count ?? 0) > 1 }.sorted()
    }
    private(set) var typealiases: [String: String] = [:]
    /// Strings the sources name: `static let root = "root"`, `enum RouterName: String { case root }`,
    /// a global `let kName = "x"`, so that `name: RouterName.root` is the name it spells.
    private(set) var constants = StringConstants()
    /// `func inject<T>() -> T { container.resolve(T.self)! }`: the app's own resolves.
    private(set) var resolveHelpers = ResolveHelpers()
    /// `@propertyWrapper struct Inject<T> { let wrappedValue: T = container.resolve(T.self)! }`: the
    /// wrappers whose value is resolved by their generic parameter, so that a property they wrap
    /// (`@Inject var repo: Repo`) resolves its declared type.
    private(set) var injectingWrappers = Set<String>()
    /// … those whose value is resolved when first read (`lazy var wrappedValue`, a computed one),
    /// not when the wrapper, and the value holding it, is built.
    private(set) var lazilyInjectingWrappers = Set<String>()

    /// `@Inject`, or an alias of it (`typealias Navigator = Inject`): the injecting wrapper it names.
    func injectingWrapper(_ name: String) -> String? {
        if injectingWrappers.contains(name) { return name }
        return aliasedNames[name].flatMap { injectingWrappers.contains($0) ? $0 : nil }
    }

    /// Whether the property an injecting wrapper wraps resolves only when first read.
    func injectsLazily(_ wrapper: String) -> Bool { lazilyInjectingWrappers.contains(wrapper) }
    /// Wrappers resolving in a method of theirs the holder calls, handing them its resolver, through
    /// reflection (Trio's `injectServices(resolver)`: `Mirror(reflecting: self)` over the properties).
    private(set) var wrappersFilledByHolder = Set<String>()
    /// `init(as _: Resolve.Type)`: per wrapper, the label whose `X.self` is the key (`@Injected(as: X.self)`).
    private var wrapperKeyLabels: [String: String] = [:]
    /// Wrappers holding `T!` or `T?`: the optional a property declares is theirs, not the key's.
    private var wrappersHoldingOptionals = Set<String>()
    /// Functions reflecting over `self` (`Mirror(reflecting: self)`): called by a holder, they fill its wrappers.
    private var reflectingInjectors = Set<String>()
    /// Per type (by last name): what its initializers call on the value itself.
    private var initializerCalls: [String: Set<String>] = [:]

    /// Whether building `type` fills the wrappers of its properties: an initializer of it calls a
    /// function reflecting over the value (Trio's `init(resolver:) { injectServices(resolver) }`).
    func fillsWrappersWhenBuilt(_ type: String) -> Bool {
        guard !wrappersFilledByHolder.isEmpty, let calls = initializerCalls[FactoryCatalogue.lastName(type)] else { return false }
        return !calls.isDisjoint(with: reflectingInjectors)
    }

    /// The key an injecting wrapper's property resolves: the `X.self` its attribute gives
    /// (`@Injected(as: X.self)`), else the property's declared type.
    func key(of attribute: AttributeSyntax, wrapper: String, declared: TypeSyntax) -> String {
        if let label = wrapperKeyLabels[wrapper], case .argumentList(let arguments)? = attribute.arguments,
            let given = arguments.first(where: { ($0.label?.text ?? "_") == label }), let (type, _) = SwiftExpressions.metatype(given.expression)
        {
            return type
        }
        guard wrappersHoldingOptionals.contains(wrapper),
            let wrapped = declared.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType ?? declared.as(OptionalTypeSyntax.self)?.wrappedType
        else { return declared.trimmedDescription }
        return wrapped.trimmedDescription
    }
    /// Property wrappers that may inject once the resolve helpers they call are known.
    private var wrapperCandidates: [String: WrapperCandidate] = [:]
    /// The app's `@propertyWrapper` types, by name: a property written with one builds one.
    private(set) var propertyWrappers = Set<String>()

    /// A property wrapper generic over `T` and wrapping a `T`: it resolves `T.self` itself, or calls
    /// functions with `T.self` (or with nothing, Swift inferring `T`) that may be resolve helpers.
    struct WrapperCandidate {
        var resolves = false
        /// Resolves in `lazy var wrappedValue: T = { … }()` or a computed one: when first read.
        var isLazy = false
        /// Resolves in a method of its own (`func resolve(_ resolver: Resolver)`), which the
        /// holder's code reaches through reflection (`Mirror(reflecting: self)`): when it does.
        var resolvesInMethod = false
        /// `init(as _: Resolve.Type)`: the label whose `X.self` is the key (`@Injected(as: X.self)`).
        var keyLabel: String?
        /// `var wrappedValue: T!`: a property `@Injected var store: Store!` resolves `Store`.
        var holdsOptional = false
        /// `toleratesMiss`: the call's nil is taken care of (`?? fallback`), so a miss does not stop the app.
        var callees: [(name: String, passesGeneric: Bool, toleratesMiss: Bool)] = []

        /// A helper returning `T` stops the app on a miss itself; one returning `T?` only where the
        /// wrapper does not go on without the value.
        func injects(through helpers: ResolveHelpers) -> Bool {
            resolves
                || callees.contains { callee in
                    helpers.overloads[callee.name, default: []].contains { helper in
                        (helper.key != nil) == callee.passesGeneric && !(helper.returnsOptional && callee.toleratesMiss)
                    }
                }
        }
    }
    /// The types each type names in its inheritance clauses, its extensions' included (by last name):
    /// its superclass and the protocols it conforms to.
    private(set) var inheritedTypes: [String: [String]] = [:]
    /// hmlongco/Factory's containers and their factories, where the sources declare any.
    var factories = FactoryCatalogue()
    /// Aliases declared inside types, and where those types' bodies are.
    var nestedNames = NestedNames()
    /// Initializers that fix generic parameters (`extension SearchViewModel where S == RunLoop`), by type.
    private(set) var constrainedInitializers: [String: [(labels: [String?], fixed: [String: String])]] = [:]

    /// The declared type of `type`'s instance property `property`, its superclasses' included.
    /// Whether `name`, written in `node`'s type, is a stored property of it holding a container
    /// (`private let container = Swinject.Container()`, `let resolver: Resolver`).
    func holdsContainer(_ name: String, at node: Syntax) -> Bool {
        guard let owner = SwiftExpressions.enclosingTypeName(of: node), let type = propertyType(of: FactoryCatalogue.lastName(owner), named: name) else {
            return false
        }
        return Self.isResolver(type)
    }

    func propertyType(of type: String, named property: String) -> String? {
        var current: String? = type
        var seen = Set<String>()
        while let name = current, seen.insert(name).inserted, let found = declaration(of: name) {
            if let declared = found.propertyTypes[property] { return declared }
            current = found.inherits?.name
        }
        return nil
    }

    /// Every type `type` inherits from, however far (superclasses, protocols, the protocols those
    /// inherit), by last name; each visited once.
    func supertypes(of type: String) -> Set<String> {
        var found = Set<String>()
        var next = inheritedTypes[type] ?? []
        while let name = next.popLast() {
            guard found.insert(name).inserted else { continue }
            next += inheritedTypes[name] ?? []
            // `typealias Routes = ClosableRoutes & VersionEnforcementRoutes`: conforming to the alias
            // is conforming to each protocol it composes.
            if let aliased = typealiases[name] {
                next += aliased.split(separator: "&").map { FactoryCatalogue.lastName(String($0).trimmingCharacters(in: .whitespaces)) }
            }
        }
        return found
    }

    /// `SearchViewModel(store:)` through an initializer that fixes S to RunLoop:
    /// `SearchViewModel<RunLoop>`; nil when no declared initializer with those labels fixes every
    /// generic parameter.
    func specialization(of type: String, calledWith labels: [String?]) -> String? {
        guard let declaration = declaration(of: type), !declaration.genericParameters.isEmpty,
            let fixed = constrainedInitializers[type]?.first(where: { $0.labels == labels })?.fixed
        else { return nil }
        let arguments = declaration.genericParameters.compactMap { fixed[$0] }
        return arguments.count == declaration.genericParameters.count ? type + "<" + arguments.joined(separator: ", ") + ">" : nil
    }

    /// The declaration of a type as a key or implementation spells it (`Domain.User` finds `User`).
    func declaration(of type: String) -> Declaration? {
        // `AppData.UserRepository<T>`: the one `AppData` declares.
        if let (module, rest) = moduleQualified(type) {
            let name = String(rest.prefix { $0 != "<" })
            // `User.Collection.Module`: a member of the module's `Collection`, looked up as written there.
            if name.contains(".") { return declaration(of: String(rest)) }
            if let found = moduleDeclarations[name]?[module] { return found }
        }
        if let found = types[type] { return found }
        let base = type.split(separator: "<").first.map(String.init) ?? type
        if let found = types[base] { return found }
        let components = base.split(separator: ".")
        // `Map.Module`, a member of `enum Map` that is no type digraph holds (a typealias): not the
        // top-level `Module` another module declares.
        if components.count > 1, types[components.dropLast().joined(separator: ".")] != nil { return nil }
        return components.last.flatMap { types[String($0)] }
    }

    private var variableConstants: [(qualified: String, name: String, value: String)] = []

    /// The lifetime `ObjectScope(storageFactory: PermanentStorage.init)` gives, by its storage.
    static func scopeLifetime(made value: ExprSyntax) -> Lifetime? {
        guard let call = value.as(FunctionCallExprSyntax.self), ["ObjectScope", "Swinject.ObjectScope"].contains(call.calledExpression.trimmedDescription),
            let storage = call.arguments.first(where: { $0.label?.text == "storageFactory" })?.expression
        else { return nil }
        let type =
            storage.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "init"
            ? storage.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription : storage.trimmedDescription
        switch type.map({ FactoryCatalogue.lastName($0) }) {
        case "PermanentStorage": return .singleton
        case "GraphStorage": return .graph
        case "TransientStorage": return .transient
        case "WeakStorage": return .weak
        default: return nil
        }
    }

    /// Once every file is added: each static `var` holding a string literal that no code assigns
    /// (its name followed by `=`, `+=`… only where it is declared) is a constant, as a `let` is
    /// (aShaforostov/mvvm-c-swinject's `static var registrationName = "FeedViewCoordinatorFactory"`).
    mutating func settleStaticVariables(_ files: [SwiftFile]) {
        guard !variableConstants.isEmpty else { return }
        let names = Set(variableConstants.map(\.name))
        var writes: [String: Int] = [:]
        // The text is searched (the standard library's search), each file's tree is not walked.
        for file in files where file.refusal == nil {
            for name in names where file.text.contains(name) { writes[name, default: 0] += Self.assignments(of: name, in: file.text) }
        }
        let declared = Dictionary(grouping: variableConstants, by: \.name).mapValues(\.count)
        for constant in variableConstants where constants.values[constant.qualified] == nil {
            guard writes[constant.name, default: 0] <= declared[constant.name, default: 0] else { continue }
            constants.values[constant.qualified] = constant.value
        }
    }

    /// How many times `name`, as a whole word, is followed by an assignment (`=` but not `==`, `+=`…),
    /// its declaration (`name = "…"`) included.
    private static func assignments(of name: String, in text: String) -> Int {
        var count = 0
        var rest = text[...]
        while let range = rest.range(of: name) {
            defer { rest = text[range.upperBound...] }
            if range.lowerBound > text.startIndex, Self.isWordCharacter(text[text.index(before: range.lowerBound)]) { continue }
            let after = text[range.upperBound...].drop { $0 == " " || $0 == "\t" }
            guard let first = after.first, !Self.isWordCharacter(first) else { continue }
            if after.hasPrefix("==") { continue }
            if after.hasPrefix("=") || ["+=", "-=", "*=", "/="].contains(where: after.hasPrefix) { count += 1 }
        }
        return count
    }

    private static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }

    /// The module whose file declares a typealias (`Map.Module` in `Map`), where known.
    func module(ofAlias alias: String) -> String? { moduleQualified(alias)?.module ?? aliasModules[alias] }

    /// `AppData.UserRepository`: the app's module a name is qualified by, and the rest; nil when the
    /// first name is no module of the app's, or is a type too (Swift finds the type first).
    private func moduleQualified(_ type: String) -> (module: String, rest: Substring)? {
        guard !appModules.isEmpty, let dot = type.firstIndex(of: ".") else { return nil }
        let module = String(type[..<dot])
        guard appModules.contains(module), types[module] == nil else { return nil }
        return (module, type[type.index(after: dot)...])
    }
    private var aliasModules: [String: String] = [:]

    /// The app's type a call builds, by its last name (by its path when nested types share that
    /// name, `ownerName(of:)`): `Model()`, `Model.init(…)`, `Module.Model(…)`,
    /// `Box<Int>()`, an enum's case with values (`Endpoint.submit(payload:)`). Nil for a library's
    /// type (no declaration in the given paths) or any other call.
    func typeBuilt(by call: FunctionCallExprSyntax) -> String? {
        var called = call.calledExpression
        if let access = called.as(MemberAccessExprSyntax.self), let base = access.base,
            access.declName.baseName.text == "init"
                || SwiftExpressions.typeName(base).flatMap(declaration(of:))?.cases.contains(access.declName.baseName.text) == true
        {
            called = base
        }
        guard let name = SwiftExpressions.typeName(called), declaration(of: name) != nil else { return nil }
        // `ViewModel()` written inside `extension SpendView` builds `SpendView.ViewModel` when another `ViewModel` exists too.
        return ownerName(of: nestedType(name, around: Syntax(call)) ?? name)
    }

    /// `Dependencies` written inside `enum ProfileModule` (or an extension of it) is
    /// `ProfileModule.Dependencies` when that type declares one: the compiler looks in the
    /// enclosing types first, innermost out.
    func nestedType(_ written: String, around node: Syntax) -> String? {
        guard !written.contains("."), sameNamed[written].map({ $0.count > 1 }) == true else { return nil }
        var outer: [String] = []
        var current = node.parent
        while let scope = current {
            if let group = scope.asProtocol(DeclGroupSyntax.self), let name = SwiftExpressions.typeName(declaredBy: group) { outer.insert(name, at: 0) }
            current = scope.parent
        }
        for depth in stride(from: outer.count, to: 0, by: -1) {
            let qualified = (outer.prefix(depth) + [written]).joined(separator: ".")
            if types[qualified] != nil { return qualified }
        }
        return nil
    }

    /// The name a type's code is filed under: its last name, or, when several declarations share
    /// that name (`AuthMainView.ViewModel` and `ScannerView.ViewModel`), its path as written or
    /// from the type it is declared in, so that one's uses are not the other's.
    func ownerName(of written: String, in enclosing: String? = nil) -> String {
        let base = written.split(separator: "<").first.map(String.init) ?? written
        let last = FactoryCatalogue.lastName(base)
        guard sameNamed[last].map({ $0.count > 1 }) == true else { return last }
        if let enclosing { return enclosing + "." + last }
        return base
    }

    func isProtocol(_ type: String) -> Bool { declaration(of: type)?.kind == .protocol }

    /// `Favoriter.forProd`, `Model.make(…)`: a static member of a type the app declares (not an
    /// initializer, a case or the metatype), as the type's name and the member's.
    func staticMember(accessedBy access: MemberAccessExprSyntax) -> (type: String, member: String)? {
        let member = access.declName.baseName.text
        guard let base = access.base, member.first?.isLowercase == true, access.declName.baseName.tokenKind != .keyword(.self),
            access.declName.baseName.tokenKind != .keyword(.`init`), let name = SwiftExpressions.typeName(base), let declared = declaration(of: name),
            !declared.cases.contains(member)
        else { return nil }
        return (ownerName(of: nestedType(name, around: Syntax(access)) ?? name), member)
    }

    /// Whether `type.member` is a static property holding an instance of `type` (`Store.shared`).
    func isSharedInstance(_ member: String, of type: String) -> Bool {
        declaration(of: type)?.sharedInstances.contains(member) == true
            || (declaration(of: type) != nil && extensionSharedInstances[type]?.contains(member) == true)
    }
    /// `extension Socket { static let shared = Socket() }`: shared instances declared in extensions,
    /// by the extended type as written (seugi-ios' `ApeunStompService.shared`).
    private var extensionSharedInstances: [String: Set<String>] = [:]
    /// Swinject scopes the app declares (`extension ObjectScope { static let userScope =
    /// ObjectScope(storageFactory: PermanentStorage.init) }`), by name, with the lifetime their
    /// storage gives: `PermanentStorage` keeps one value as `.container` does (until
    /// `resetObjectScope`), `GraphStorage`, `TransientStorage`, `WeakStorage` as theirs.
    private(set) var customScopes: [String: Lifetime] = [:]

    /// The initializers a call can use: explicit ones, else the memberwise one of a struct, else `init()`.
    func initializers(of type: String) -> [[Parameter]]? {
        initializers(of: type, depth: 0)
    }

    /// The declared initializer a call with these argument labels uses (`Screen(model:)`), as the
    /// parameters the call passes, in its order: one with a default value may be left out
    /// (`init(model: M, style: Style = .plain)`). Nil when none fits, or more than one fits that way.
    /// `file`, the file the call is written in, says which modules' declarations the name can mean.
    func initializer(of type: String, labels: [String?], in file: SwiftFile? = nil) -> [Parameter]? {
        // `Dependencies(loginUseCase: …)` where three modules each declare a `Dependencies`: the one
        // the file sees, and of those the one whose initializer these labels fit, when exactly one does.
        if !type.contains("."), !type.contains("<"), var declared = sameNamed[type], declared.count > 1 {
            if let file { declared = Self.visible(declared, from: file) }
            let fitting = declared.compactMap { declaration -> [Parameter]? in
                let candidates = Self.ownInitializers(of: declaration)
                if let exact = candidates.first(where: { $0.map(\.label) == labels }) { return exact }
                let passing = candidates.compactMap { Self.passed(labels, to: $0) }
                return passing.count == 1 ? passing[0] : nil
            }
            // Two that take the same (one type declared in both clauses of an `#if`) are one.
            let distinct = Set(fitting.map { $0.map { "\($0.label ?? "_"): \($0.type)" }.joined(separator: ", ") })
            if distinct.count == 1 { return fitting[0] }
            if distinct.count > 1 { return nil }
        }
        guard let candidates = initializers(of: type) else { return nil }
        if let exact = candidates.first(where: { $0.map(\.label) == labels }) { return exact }
        let fitting = candidates.compactMap { Self.passed(labels, to: $0) }
        return fitting.count == 1 ? fitting[0] : nil
    }

    /// The declarations of one name a file sees as Swift does: its own module's shadow the modules it
    /// imports; others it cannot name. All of them when the modules are not known (a lone file).
    static func visible(_ declared: [Declaration], from file: SwiftFile) -> [Declaration] {
        guard let module = file.module, declared.allSatisfy({ $0.module != nil }) else { return declared }
        let seen = Self.seen(declared, moduleOf: \.module, from: module, imports: file.imports)
        return seen.isEmpty ? declared : seen
    }

    /// Of candidates each declared in a module, those code in `module` can name as Swift reads it:
    /// its own module's, which shadow every other; else those of the modules it imports. The one
    /// rule for declarations, keys and Factory properties alike.
    static func seen<T>(_ candidates: [T], moduleOf: (T) -> String?, from module: String, imports: (String) -> Bool) -> [T] {
        let own = candidates.filter { moduleOf($0) == module }
        return own.isEmpty ? candidates.filter { moduleOf($0).map(imports) == true } : own
    }

    /// What one declaration alone says a call may use: its explicit initializers, else a struct's
    /// memberwise one, else `init()`.
    private static func ownInitializers(of declaration: Declaration) -> [[Parameter]] {
        if !declaration.initializers.isEmpty { return declaration.initializers }
        if declaration.kind == .struct, !declaration.hasExplicitInitializer { return [declaration.storedProperties] }
        return declaration.hasExplicitInitializer ? [] : [[]]
    }

    /// The parameters a call with these labels passes, skipping defaulted ones it leaves out.
    static func passed(_ labels: [String?], to parameters: [Parameter]) -> [Parameter]? {
        var passed: [Parameter] = []
        var index = parameters.startIndex
        for label in labels {
            while index < parameters.endIndex, parameters[index].label != label {
                guard parameters[index].hasDefault else { return nil }
                index += 1
            }
            guard index < parameters.endIndex else { return nil }
            passed.append(parameters[index])
            index += 1
        }
        return parameters[index...].allSatisfy(\.hasDefault) ? passed : nil
    }

    private func initializers(of type: String, depth: Int) -> [[Parameter]]? {
        guard let declaration = declaration(of: type), declaration.kind != .protocol else { return nil }
        // `ClipboardView<Impl>` of `struct ClipboardView<ViewModel>`: `init(viewModel: ViewModel)` takes Impl.
        let arguments = Self.genericArguments(of: type)
        if !arguments.isEmpty, arguments.count == declaration.genericParameters.count {
            let bindings = Dictionary(zip(declaration.genericParameters, arguments), uniquingKeysWith: { first, _ in first })
            let base = String(type.prefix { $0 != "<" })
            return initializers(of: base, depth: depth)?.map {
                $0.map {
                    Parameter(
                        label: $0.label, type: Self.substitute(bindings, in: $0.type), hasDefault: $0.hasDefault, defaultValue: $0.defaultValue,
                        name: $0.name)
                }
            }
        }
        if !declaration.initializers.isEmpty { return declaration.initializers }
        if declaration.kind == .struct, !declaration.hasExplicitInitializer { return [declaration.storedProperties] }
        // `final class HomeViewController: MVVMViewController<HomeViewModel> {}` has the superclass's
        // `init(viewModel: ViewModel)` with `ViewModel` as HomeViewModel (a few levels, never a loop).
        if declaration.kind == .class, !declaration.hasExplicitInitializer, depth < 8, let inherits = declaration.inherits,
            let superclass = self.declaration(of: inherits.name), superclass.kind == .class,
            let inherited = initializers(of: inherits.name, depth: depth + 1)
        {
            let bindings = Dictionary(zip(superclass.genericParameters, inherits.arguments), uniquingKeysWith: { first, _ in first })
            return inherited.map {
                $0.map {
                    Parameter(
                        label: $0.label, type: Self.substitute(bindings, in: $0.type), hasDefault: $0.hasDefault, defaultValue: $0.defaultValue,
                        name: $0.name)
                }
            }
        }
        return [[]]
    }

    /// The generic arguments `type` gives the superclass `named` somewhere up its chain:
    /// `Feed: Screen<FeedModel>` gives `[FeedModel]` for `Screen`.
    func superclassArguments(of type: String, named superclass: String) -> [String]? {
        var current = type
        for _ in 0..<8 {
            guard let inherits = declaration(of: current)?.inherits else { return nil }
            if inherits.name == superclass { return inherits.arguments }
            current = inherits.name
        }
        return nil
    }

    /// `Box<A, [B: C]>` gives `["A", "[B: C]"]`; a type without arguments gives none.
    static func genericArguments(of type: String) -> [String] {
        guard let open = type.firstIndex(of: "<"), type.hasSuffix(">") else { return [] }
        var arguments: [String] = []
        var depth = 0
        var current = ""
        for character in type[type.index(after: open)..<type.index(before: type.endIndex)] {
            switch character {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case "," where depth == 0:
                arguments.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        arguments.append(current.trimmingCharacters(in: .whitespaces))
        return arguments
    }

    /// `[ViewModel] -> HomeViewModel` in `ViewModel?` gives `HomeViewModel?`: whole identifiers only,
    /// never a member (`Outer.ViewModel`).
    static func substitute(_ bindings: [String: String], in type: String) -> String {
        guard !bindings.isEmpty else { return type }
        var result = ""
        var word = ""
        var previous: Character = " "
        func flush() {
            result += previous == "." ? word : (bindings[word] ?? word)
            word = ""
        }
        for character in type {
            if character.isLetter || character.isNumber || character == "_" {
                if word.isEmpty { previous = result.last ?? " " }
                word.append(character)
            } else {
                if !word.isEmpty { flush() }
                result.append(character)
            }
        }
        if !word.isEmpty { flush() }
        return result
    }

    mutating func add(_ file: SwiftFile) {
        let collector = Collector(module: file.module, file: file)
        collector.walk(file.tree)
        importedModules.formUnion(file.importDeclarations.map(\.module))
        if let module = file.module {
            appModules.insert(module)
            for alias in collector.typealiases.keys where aliasModules[alias] == nil { aliasModules[alias] = module }
            fileScopes[file.path] = (module, Set(file.importDeclarations.map(\.module)))
            for (name, declaration) in collector.topLevel {
                if var existing = moduleDeclarations[name]?[module] {
                    existing.initializers += declaration.initializers
                    moduleDeclarations[name]![module] = existing
                } else {
                    moduleDeclarations[name, default: [:]][module] = declaration
                }
            }
        }
        for (name, declaration) in collector.types {
            let borrowing = collector.borrowed.contains(name)
            if types[name] != nil, borrowedNames.contains(name) != borrowing {
                // `AdamantVibroService()` written outside `AdamantNotifications` builds the top-level
                // class, not the struct nested there (adamant-iOS): the top-level type keeps the name.
                if !borrowing {
                    types[name] = declaration
                    borrowedNames.remove(name)
                }
                continue
            }
            if borrowing, types[name] == nil { borrowedNames.insert(name) }
            if var existing = types[name] {
                existing.initializers += declaration.initializers
                existing.hasExplicitInitializer = existing.hasExplicitInitializer || declaration.hasExplicitInitializer
                if existing.storedProperties.isEmpty { existing.storedProperties = declaration.storedProperties }
                if existing.inherits == nil { existing.inherits = declaration.inherits }
                if existing.genericParameters.isEmpty { existing.genericParameters = declaration.genericParameters }
                types[name] = existing
            } else {
                types[name] = declaration
            }
        }
        for (extended, initializers) in collector.extensionInitializers {
            types[extended, default: Declaration(kind: .class, module: nil)].initializers += initializers
        }
        extensionSharedInstances.merge(collector.extensionSharedInstances) { $0.union($1) }
        customScopes.merge(collector.customScopes) { first, _ in first }
        sameNamed.merge(collector.separately) { $0 + $1 }
        typealiases.merge(collector.typealiases) { first, _ in first }
        constants.values.merge(collector.constants) { first, _ in first }
        variableConstants += collector.variableConstants
        constants.typeNamingMembers.merge(collector.typeNamingMembers) { $0 && $1 }
        resolveHelpers.overloads.merge(collector.resolveHelpers) { $0 + $1 }
        helperCandidates += collector.helperCandidates
        resolveHelpers.argumentPassing += collector.argumentPassing
        resolveHelpers.plainResolveOwners.formUnion(collector.plainResolveOwners)
        // A wrapper may call a resolve helper another file declares: decided once both are known.
        wrapperCandidates.merge(collector.wrapperCandidates) { first, _ in first }
        propertyWrappers.formUnion(collector.propertyWrappers)
        for (name, candidate) in wrapperCandidates where candidate.injects(through: resolveHelpers) {
            injectingWrappers.insert(name)
            if candidate.isLazy { lazilyInjectingWrappers.insert(name) }
            if candidate.resolvesInMethod { wrappersFilledByHolder.insert(name) }
            if candidate.holdsOptional { wrappersHoldingOptionals.insert(name) }
            if let label = candidate.keyLabel { wrapperKeyLabels[name] = label }
            wrapperCandidates[name] = nil
        }
        helperMethods.merge(collector.helperMethods) { $0 + $1 }
        closureRunners.merge(collector.closureRunners) { $0 && $1 }
        aliasedNames.merge(collector.aliasedNames) { first, _ in first }
        methodsByPath.merge(collector.methods) { $0 + $1 }
        memberBlocksByPath.merge(collector.memberBlocks) { $0 + $1 }
        propertyGetters.merge(collector.propertyGetters) { $0 + $1 }
        globalConstants.merge(collector.globalConstants) { $0 + $1 }
        factoryKeyPathTakers.formUnion(collector.factoryKeyPathTakers)
        autoregisterForwarders.formUnion(collector.autoregisterForwarders)
        reflectingInjectors.formUnion(collector.reflectingInjectors)
        initializerCalls.merge(collector.initializerCalls) { $0.union($1) }
        inheritedTypes.merge(collector.inheritedTypes) { $0 + $1 }
        constrainedInitializers.merge(collector.constrained) { $0 + $1 }
    }

    private final class Collector: SyntaxVisitor {
        let module: String?
        var types: [String: Declaration] = [:]
        /// Every declaration by its simple name, nested ones too: `LoginModule.Dependencies` and
        /// `FeedModule.Dependencies` are two `Dependencies`.
        var separately: [String: [Declaration]] = [:]
        /// The file's top-level types, protocols too.
        var topLevel: [String: Declaration] = [:]
        /// Static `var`s holding a string literal: by qualified name, last name and value.
        var variableConstants: [(qualified: String, name: String, value: String)] = []
        /// Simple names in `types` that hold a nested type's declaration (`Notifications.Vibro`
        /// under `Vibro`): a top-level type of that name, in any file, takes the name back.
        var borrowed = Set<String>()
        var extensionInitializers: [String: [[Parameter]]] = [:]
        var extensionSharedInstances: [String: Set<String>] = [:]
        var customScopes: [String: Lifetime] = [:]
        var typealiases: [String: String] = [:]
        var constants: [String: String] = [:]
        var typeNamingMembers: [String: Bool] = [:]
        var resolveHelpers: [String: [ResolveHelpers.Helper]] = [:]
        /// Generic functions that may hand their work to a resolve helper another file declares.
        var helperCandidates: [FunctionDeclSyntax] = []
        var plainResolveOwners = Set<String>()
        var argumentPassing: [ResolveHelpers.Helper] = []
        var wrapperCandidates: [String: WrapperCandidate] = [:]
        var propertyWrappers = Set<String>()
        var helperMethods: [String: [Helper]] = [:]
        var closureRunners: [String: Bool] = [:]
        var aliasedNames: [String: String] = [:]
        var methods: [String: [Helper]] = [:]
        var memberBlocks: [String: [MemberBlockSyntax]] = [:]
        var propertyGetters: [String: [(value: ExprSyntax, file: SwiftFile)]] = [:]
        var globalConstants: [String: [ExprSyntax]] = [:]
        var factoryKeyPathTakers = Set<String>()
        var autoregisterForwarders = Set<String>()
        var inheritedTypes: [String: [String]] = [:]
        var reflectingInjectors = Set<String>()
        var initializerCalls: [String: Set<String>] = [:]
        var constrained: [String: [(labels: [String?], fixed: [String: String])]] = [:]

        /// `where S == RunLoop, T == Int`: `[S: RunLoop, T: Int]`.
        static func sameTypes(_ clause: GenericWhereClauseSyntax?) -> [String: String] {
            var fixed: [String: String] = [:]
            for requirement in clause?.requirements ?? [] {
                if case .sameTypeRequirement(let same) = requirement.requirement {
                    fixed[same.leftType.trimmedDescription] = same.rightType.trimmedDescription
                }
            }
            return fixed
        }
        /// The enclosing type names, for nested declarations (`Outer.Inner`).
        private var scope: [String] = []

        let file: SwiftFile

        init(module: String?, file: SwiftFile) {
            self.module = module
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        private func declare(
            _ name: String, _ kind: Kind, members: MemberBlockSyntax, generics: GenericParameterClauseSyntax? = nil,
            inheritance: InheritanceClauseSyntax? = nil
        ) {
            var declaration = Declaration(kind: kind, module: module)
            declaration.isGeneric = generics != nil
            declaration.genericParameters = generics?.parameters.map(\.name.text) ?? []
            if kind == .class, let first = inheritance?.inheritedTypes.first?.type.as(IdentifierTypeSyntax.self) {
                declaration.inherits = (first.name.text, first.genericArgumentClause?.arguments.map(\.argument.trimmedDescription) ?? [])
            }
            for member in members.members {
                if let cases = member.decl.as(EnumCaseDeclSyntax.self) { declaration.cases.formUnion(cases.elements.map(\.name.text)) }
                if let variable = member.decl.as(VariableDeclSyntax.self), SwiftExpressions.isTypeLevel(variable.modifiers) {
                    for binding in variable.bindings where Self.holdsInstance(of: name, binding) {
                        if let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { declaration.sharedInstances.insert(property) }
                    }
                }
                if let variable = member.decl.as(VariableDeclSyntax.self), !SwiftExpressions.isTypeLevel(variable.modifiers) {
                    for binding in variable.bindings {
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                        if let type = binding.typeAnnotation?.type {
                            declaration.propertyTypes[name] = type.trimmedDescription
                        } else if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                            let type = SwiftExpressions.typeName(call.calledExpression)
                        {
                            // `private let container = Swinject.Container()`: the type it builds.
                            declaration.propertyTypes[name] = type
                        }
                    }
                }
                if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "bind",
                    let parameter = function.signature.parameterClause.parameters.first, function.signature.parameterClause.parameters.count == 1,
                    parameter.firstName.text == "reactor", declaration.propertyTypes["reactor"] == nil
                {
                    declaration.propertyTypes["reactor"] = parameter.type.trimmedDescription + "?"
                }
                if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                    declaration.hasExplicitInitializer = true
                    if !initializer.modifiers.contains(where: { $0.name.text == "private" }) {
                        declaration.initializers.append(parameters(of: initializer))
                    }
                } else if let variable = member.decl.as(VariableDeclSyntax.self), kind == .struct,
                    !variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) })
                {
                    // The memberwise initializer takes every stored property but a `let` with a value; a
                    // `var` with a value, or an optional `var`, may be left out of the call.
                    let isVar = variable.bindingSpecifier.text == "var"
                    for binding in variable.bindings where binding.accessorBlock == nil && (binding.initializer == nil || isVar) {
                        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let type = binding.typeAnnotation?.type {
                            let defaulted =
                                binding.initializer != nil
                                || (isVar && (type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)))
                            declaration.storedProperties.append(
                                Parameter(label: name, type: type.trimmedDescription, hasDefault: defaulted, writtenIn: file.path))
                        }
                    }
                }
            }
            let qualified = (scope + [name]).joined(separator: ".")
            types[qualified] = declaration
            if kind != .protocol { memberBlocks[qualified, default: []].append(members) }
            if qualified == name {
                borrowed.remove(name)
                topLevel[name] = declaration
            } else if types[name] == nil {
                types[name] = declaration
                borrowed.insert(name)
            }
            if kind != .protocol { separately[name, default: []].append(declaration) }
        }

        /// `var named: String { rawValue }` (or `{ return self.rawValue }`): the property's name.
        static func rawValueAlias(_ decl: DeclSyntax) -> String? {
            guard let variable = decl.as(VariableDeclSyntax.self), !SwiftExpressions.isTypeLevel(variable.modifiers), variable.bindings.count == 1,
                let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                case .getter(let body)? = binding.accessorBlock?.accessors, body.count == 1, let only = body.first
            else { return nil }
            let returned = (only.item.as(ExprSyntax.self) ?? only.item.as(ReturnStmtSyntax.self)?.expression)?.trimmedDescription
            return returned == "rawValue" || returned == "self.rawValue" ? name : nil
        }

        /// `container.autoregister(type, initializer: initializer)` with the function's own parameter.
        static func forwardsInitializerToAutoregister(_ function: FunctionDeclSyntax, body: CodeBlockSyntax) -> Bool {
            guard let parameter = function.signature.parameterClause.parameters.first(where: { $0.firstName.text == "initializer" }) else { return false }
            let name = (parameter.secondName ?? parameter.firstName).text
            return SwiftExpressions.calls(in: body).contains { call in
                SwiftExpressions.callee(of: call)?.name == "autoregister"
                    && call.arguments.contains { $0.label?.text == "initializer" && $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name }
            }
        }

        /// `static let shared = Store()`, `= .init(…)`, `: Store = …`: a binding holding an instance of `type`.
        static func holdsInstance(of type: String, _ binding: PatternBindingSyntax) -> Bool {
            if let annotated = binding.typeAnnotation?.type {
                return annotated.trimmedDescription == type || annotated.trimmedDescription == "Self"
            }
            guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) else { return false }
            let called = call.calledExpression.trimmedDescription
            return called == type || called == type + ".init" || called == ".init" || called == "Self" || called == "Self.init"
        }

        /// A `@propertyWrapper` generic over `T` whose `wrappedValue` is a `T` (not a `T?`) and that
        /// resolves `T.self` somewhere in its members, itself or through a resolve helper
        /// (`component = appResolve(serviceType: T.self)`) without a fallback for a miss: a miss
        /// cannot give a value, so it stops the app, and a `missing-binding` error on a use rests on
        /// that. Nil for any other type.
        static func wrapperCandidate(_ attributes: AttributeListSyntax, generics: GenericParameterClauseSyntax?, members: MemberBlockSyntax)
            -> WrapperCandidate?
        {
            guard let names = generics?.parameters.map(\.name.text), !names.isEmpty,
                attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "propertyWrapper" })
            else { return nil }
            // `var wrappedValue: T`, or `T!` / `T?` filled by a forced resolve (Trio's
            // `Injected<Resolve, Service>` holds a `Service!`).
            let wrapped = members.members.lazy.compactMap { member -> (VariableDeclSyntax, PatternBindingSyntax, String, Bool)? in
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { return nil }
                for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "wrappedValue" {
                    guard let type = binding.typeAnnotation?.type else { continue }
                    if names.contains(type.trimmedDescription) { return (variable, binding, type.trimmedDescription, false) }
                    let unwrapped =
                        type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType ?? type.as(OptionalTypeSyntax.self)?.wrappedType
                    if let unwrapped, names.contains(unwrapped.trimmedDescription) { return (variable, binding, unwrapped.trimmedDescription, true) }
                }
                return nil
            }.first
            guard let (variable, binding, generic, holdsOptional) = wrapped else { return nil }
            // With one generic parameter that is the one resolved; with more, any of them may be
            // (`resolve(Resolve.self) as! Service`), the key then given to an initializer (`init(as _: Resolve.Type)`).
            let resolvable = Set(names.count == 1 ? [generic] : names)
            var candidate = WrapperCandidate()
            let isDeferred = variable.modifiers.contains { $0.name.text == "lazy" } || binding.accessorBlock != nil
            // Properties holding a key made from `T.self` (`identifier = .by(type: T.self)`): a
            // `resolve(identifier)` resolves `T`.
            let keyedByGeneric = Set(
                SwiftExpressions.assignments(in: members).compactMap { target, value -> String? in
                    guard value.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == generic }), value.trimmedDescription.contains(".self") else {
                        return nil
                    }
                    return target.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? target.as(DeclReferenceExprSyntax.self)?.baseName.text
                })
            for call in SwiftExpressions.calls(in: members) {
                guard let name = SwiftExpressions.callee(of: call)?.name else { continue }
                let passesKey =
                    call.arguments.count == 1
                    && call.arguments.first.map { argument in
                        let reference = argument.expression.as(MemberAccessExprSyntax.self)?.declName ?? argument.expression.as(DeclReferenceExprSyntax.self)
                        return reference.map { keyedByGeneric.contains($0.baseName.text) } ?? false
                    } == true
                let passed = call.arguments.lazy.compactMap { SwiftExpressions.metatype($0.expression)?.type }.first { resolvable.contains($0) }
                let passesGeneric = passesKey || passed != nil
                // `resolve(T.self) ?? Fallback()`: a miss gives the fallback, no error to rest on.
                // `var value: T { container.resolve() }`: Swift infers `T` from where the value goes.
                if name == "resolve", passesGeneric || call.arguments.isEmpty && Self.returns(generic, call) {
                    // An optional `wrappedValue` takes a miss as nil unless the resolve is forced.
                    if !SwiftExpressions.toleratesMiss(call), !holdsOptional || Self.isForced(call) {
                        candidate.resolves = true
                        // Resolved in a `lazy` or computed `wrappedValue` itself, not in `init` (whose
                        // value a computed `wrappedValue` may only hand back).
                        candidate.isLazy = isDeferred && Syntax(call).ancestorOrSelf(where: { $0.id == Syntax(variable).id }) != nil
                        // In a method (`func resolve(_ resolver: Resolver)`): when the holder's code calls it.
                        candidate.resolvesInMethod = Self.resolvesFromParameter(call)
                        if let passed, passed != generic { candidate.keyLabel = Self.label(takingMetatypeOf: passed, in: members) }
                        candidate.holdsOptional = holdsOptional
                        return candidate
                    }
                } else if passesGeneric || call.arguments.isEmpty {
                    candidate.callees.append((name, passesGeneric, SwiftExpressions.toleratesMiss(call)))
                }
            }
            return candidate.callees.isEmpty ? nil : candidate
        }

        /// `resolve(X.self)!`, `(resolve(X.self) as! Y)`: a miss stops the app.
        static func isForced(_ call: FunctionCallExprSyntax) -> Bool {
            var node = Syntax(call).parent
            for _ in 0..<8 {
                guard let current = node else { return false }
                if let expression = current.as(ExprSyntax.self) {
                    let unwrapped = SwiftExpressions.unwrap(expression)
                    if unwrapped.core.id == Syntax(call).id, unwrapped.isForced { return true }
                }
                node = current.parent
            }
            return false
        }

        /// `func resolve(_ resolver: Resolver) { … resolver.resolve(Resolve.self) … }`: a method
        /// resolving from the resolver it is handed, by the code holding the wrapper.
        static func resolvesFromParameter(_ call: FunctionCallExprSyntax) -> Bool {
            guard let function = Syntax(call).ancestorOrSelf(where: { $0.is(FunctionDeclSyntax.self) })?.as(FunctionDeclSyntax.self),
                let receiver = SwiftExpressions.callee(of: call)?.receiver?.as(DeclReferenceExprSyntax.self)?.baseName.text
            else { return false }
            return function.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == receiver }
        }

        /// `init(as _: Resolve.Type)`: the argument label that gives the wrapper the type it resolves.
        static func label(takingMetatypeOf generic: String, in members: MemberBlockSyntax) -> String? {
            for member in members.members {
                guard let initializer = member.decl.as(InitializerDeclSyntax.self) else { continue }
                for parameter in initializer.signature.parameterClause.parameters where parameter.type.trimmedDescription == generic + ".Type" {
                    return parameter.firstName.text
                }
            }
            return nil
        }

        /// Whether a call's value goes where `generic` is written, as an app resolve's inferred type is
        /// read (`var value: T { container.resolve() }`, `func make() -> T { resolve() }`).
        static func returns(_ generic: String, _ call: FunctionCallExprSyntax) -> Bool {
            let node = ResolveSite.outermost(Syntax(call))
            // `self.wrappedValue = box.resolve()`: the wrapped value's type, which is the generic's.
            if let (target, value) = node.parent?.parent?.as(SequenceExprSyntax.self).flatMap({ SwiftExpressions.assignment(ExprSyntax($0)) }),
                value.id == node.id
            {
                if ["wrappedValue", "self.wrappedValue"].contains(target.trimmedDescription) { return true }
                // `self.value = container.resolve()` with `private var value: T`, which `wrappedValue`
                // gives back (kenesbekov/Gitty's `Injected`).
                if let property = SwiftExpressions.ownName(target),
                    let group = Syntax(call).ancestorOrSelf(where: { $0.isProtocol(DeclGroupSyntax.self) })?.asProtocol(DeclGroupSyntax.self),
                    group.memberBlock.members.contains(where: { member in
                        member.decl.as(VariableDeclSyntax.self)?.bindings.contains {
                            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == property && $0.typeAnnotation?.type.trimmedDescription == generic
                        } == true
                    })
                {
                    return true
                }
            }
            let written =
                ResolveSite.typeWrittenBeside(node, orAnnotation: true)
                ?? RegistrationFinder.functionReturning(node)?.signature.returnClause?.type.trimmedDescription
            return written == generic
        }

        private func parameters(of initializer: InitializerDeclSyntax) -> [Parameter] {
            initializer.signature.parameterClause.parameters.map { parameter in
                let label = parameter.firstName.text
                return Parameter(
                    label: label == "_" ? nil : label, type: parameter.type.trimmedDescription, hasDefault: parameter.defaultValue != nil,
                    defaultValue: parameter.defaultValue?.value.trimmedDescription, writtenIn: file.path,
                    name: (parameter.secondName ?? parameter.firstName).text)
            }
        }

        /// For a function taking closures: whether its body calls each of them itself (not in a
        /// closure of its own, which may run later); nil for a function taking none.
        static func runsClosuresAtOnce(_ function: FunctionDeclSyntax) -> Bool? {
            let closures = function.signature.parameterClause.parameters.filter { isFunction($0.type) }.map { ($0.secondName ?? $0.firstName).text }
            guard !closures.isEmpty else { return nil }
            guard let body = function.body else { return false }
            let called = Set(
                body.statements.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
                    // `register(self)`, `register?(self)`, not inside a closure of the body's own.
                    guard case .identifier(let name) = token.tokenKind, closures.contains(name),
                        let reference = token.parent?.as(DeclReferenceExprSyntax.self)
                    else { return nil }
                    let callee = ResolveSite.outermost(Syntax(reference))
                    guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id else { return nil }
                    var node = Syntax(call)
                    while let parent = node.parent, parent.id != body.id {
                        if parent.is(ClosureExprSyntax.self) { return nil }
                        node = parent
                    }
                    return name
                })
            return closures.allSatisfy(called.contains)
        }

        /// `(Container) -> Void`, `@escaping ((Container) -> Void)`, `(() -> Void)?`.
        private static func isFunction(_ type: TypeSyntax) -> Bool {
            if let attributed = type.as(AttributedTypeSyntax.self) { return isFunction(attributed.baseType) }
            if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first { return isFunction(only.type) }
            if let optional = type.as(OptionalTypeSyntax.self) { return isFunction(optional.wrappedType) }
            if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return isFunction(unwrapped.wrappedType) }
            return type.is(FunctionTypeSyntax.self)
        }

        /// `: Base, Managing` on a declaration or an extension of `name`.
        private func inherit(_ name: String, _ clause: InheritanceClauseSyntax?) {
            guard let clause else { return }
            inheritedTypes[name, default: []] += clause.inheritedTypes.map { FactoryCatalogue.lastName($0.type) }
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            if node.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "propertyWrapper" }) {
                propertyWrappers.insert(node.name.text)
            }
            inherit(node.name.text, node.inheritanceClause)
            declare(node.name.text, .class, members: node.memberBlock, generics: node.genericParameterClause, inheritance: node.inheritanceClause)
            if let candidate = Self.wrapperCandidate(node.attributes, generics: node.genericParameterClause, members: node.memberBlock) {
                wrapperCandidates[node.name.text] = candidate
            }
            scope.append(node.name.text)
            return .visitChildren
        }
        override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            if node.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "propertyWrapper" }) {
                propertyWrappers.insert(node.name.text)
            }
            inherit(node.name.text, node.inheritanceClause)
            declare(node.name.text, .struct, members: node.memberBlock, generics: node.genericParameterClause)
            if let candidate = Self.wrapperCandidate(node.attributes, generics: node.genericParameterClause, members: node.memberBlock) {
                wrapperCandidates[node.name.text] = candidate
            }
            scope.append(node.name.text)
            return .visitChildren
        }
        override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }

        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            inherit(node.name.text, node.inheritanceClause)
            declare(node.name.text, .actor, members: node.memberBlock)
            scope.append(node.name.text)
            return .visitChildren
        }
        override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            inherit(node.name.text, node.inheritanceClause)
            declare(node.name.text, .enum, members: node.memberBlock)
            // `enum RouterName: String { case root; case detail = "details" }`: each case's raw value.
            let qualified = (scope + [node.name.text]).joined(separator: ".")
            if node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription == "String" {
                // `var named: String { rawValue }`: another spelling of each case's raw value.
                let aliases = node.memberBlock.members.compactMap { Self.rawValueAlias($0.decl) }
                for member in node.memberBlock.members {
                    for element in member.decl.as(EnumCaseDeclSyntax.self)?.elements ?? [] {
                        let raw = element.rawValue.flatMap { SwiftExpressions.stringLiteral($0.value) } ?? element.name.text
                        constants[qualified + "." + element.name.text] = raw
                        for alias in aliases { constants[qualified + "." + element.name.text + "." + alias] = raw }
                    }
                }
            }
            scope.append(node.name.text)
            return .visitChildren
        }
        override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            inherit(node.name.text, node.inheritanceClause)
            declare(node.name.text, .protocol, members: node.memberBlock)
            return .skipChildren
        }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            let extended = node.extendedType.trimmedDescription
            inherit(FactoryCatalogue.lastName(node.extendedType), node.inheritanceClause)
            for member in node.memberBlock.members {
                if let initializer = member.decl.as(InitializerDeclSyntax.self),
                    !initializer.modifiers.contains(where: { $0.name.text == "private" })
                {
                    extensionInitializers[extended, default: []].append(parameters(of: initializer))
                    // `extension SearchViewModel where S == RunLoop { init(…) }`: this initializer fixes S.
                    let fixed = Self.sameTypes(node.genericWhereClause).merging(Self.sameTypes(initializer.genericWhereClause)) { first, _ in first }
                    if !fixed.isEmpty { constrained[extended, default: []].append((parameters(of: initializer).map(\.label), fixed)) }
                }
                if extended == "ObjectScope" || extended == "Swinject.ObjectScope", let variable = member.decl.as(VariableDeclSyntax.self),
                    SwiftExpressions.isTypeLevel(variable.modifiers)
                {
                    for binding in variable.bindings {
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                            let lifetime = binding.initializer.flatMap({ TypeDeclarations.scopeLifetime(made: $0.value) })
                        else { continue }
                        customScopes[name] = lifetime
                    }
                }
                // `extension Socket { static let shared = Socket() }` (seugi-ios' `ApeunStompService`).
                if let variable = member.decl.as(VariableDeclSyntax.self), SwiftExpressions.isTypeLevel(variable.modifiers) {
                    for binding in variable.bindings where Self.holdsInstance(of: FactoryCatalogue.lastName(node.extendedType), binding) {
                        if let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                            extensionSharedInstances[extended, default: []].insert(property)
                        }
                    }
                }
            }
            memberBlocks[extended, default: []].append(node.memberBlock)
            scope.append(extended)
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

        /// `static let name = "x"` in a type, or a global `let name = "x"`.
        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            // `class var className: String { String(describing: self) }` on `NSObject` is type-level too.
            let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
            if !SwiftExpressions.isTypeLevel(node.modifiers), let owner = scope.last, node.bindings.count == 1, let binding = node.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = Self.onlyExpression(ofGetter: binding)
            {
                propertyGetters[owner + "." + name, default: []].append((value, file))
            }
            if isStatic, !scope.isEmpty {
                for binding in node.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    let names = Self.onlyExpression(ofGetter: binding).map(StringConstants.describesSelf) ?? false
                    typeNamingMembers[name] = (typeNamingMembers[name] ?? true) && names
                }
            }
            // `static var registrationName = "FeedCoordinator"`: a constant unless something assigns it (`settleStaticVariables`).
            if node.bindingSpecifier.text == "var", isStatic, !scope.isEmpty, node.bindings.count == 1, let binding = node.bindings.first,
                binding.accessorBlock == nil, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer.flatMap({ SwiftExpressions.stringLiteral($0.value) })
            {
                variableConstants.append(((scope + [name]).joined(separator: "."), name, value))
            }
            guard node.bindingSpecifier.text == "let", isStatic || scope.isEmpty else { return .skipChildren }
            if scope.isEmpty, node.bindings.count == 1, let binding = node.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value
            {
                globalConstants[name, default: []].append(value)
            }
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let value = binding.initializer.flatMap({ SwiftExpressions.stringLiteral($0.value) })
                else { continue }
                constants[(scope + [name]).joined(separator: ".")] = value
            }
            return .skipChildren
        }

        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
            aliasedNames[node.name.text] = FactoryCatalogue.lastName(node.initializer.value)
            if node.genericParameterClause == nil {
                typealiases[(scope + [node.name.text]).joined(separator: ".")] = node.initializer.value.trimmedDescription
            }
            return .skipChildren
        }

        /// `var x: X { expression }`, `var x: X { get { return expression } }`: that expression.
        static func onlyExpression(ofGetter binding: PatternBindingSyntax) -> ExprSyntax? {
            guard binding.initializer == nil, let block = binding.accessorBlock else { return nil }
            var statements: CodeBlockItemListSyntax?
            switch block.accessors {
            case .getter(let items): statements = items
            case .accessors(let accessors):
                guard accessors.count == 1, let only = accessors.first, only.accessorSpecifier.tokenKind == .keyword(.get) else { return nil }
                statements = only.body?.statements
            }
            guard let statements, statements.count == 1, let item = statements.first else { return nil }
            return item.item.as(ReturnStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self)
        }

        // Bodies declare nothing the wiring needs and are most of a file: skip them, but for a
        // generic function returning its own parameter, whose body may be a resolve helper.
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            if let helper = ResolveHelpers.Helper(node) {
                if node.name.text == "resolve" { argumentPassing.append(helper) } else { resolveHelpers[node.name.text, default: []].append(helper) }
            } else if node.genericParameterClause != nil, node.signature.returnClause != nil, node.name.text != "resolve" {
                helperCandidates.append(node)
            }
            if node.name.text == "resolve", node.genericParameterClause == nil, let owner = scope.last,
                SwiftExpressions.isTypeLevel(node.modifiers),
                let returned = node.signature.returnClause.map({ DeclaredType($0.type).key }), returned != "Any", !returned.contains("Any")
            {
                plainResolveOwners.insert(owner)
            }
            // Helpers a factory may call: a type's methods, and free functions taking at least
            // one value (the resolver).
            let parameters = node.signature.parameterClause.parameters.count
            if node.body != nil, parameters >= 1 || !scope.isEmpty {
                helperMethods[(scope.last.map { $0 + "." } ?? "") + node.name.text + "/\(parameters)", default: []].append(Helper(node: node, file: file))
            }
            if node.body != nil, !scope.isEmpty { methods[scope.joined(separator: "."), default: []].append(Helper(node: node, file: file)) }
            for parameter in node.signature.parameterClause.parameters {
                let type = parameter.type.trimmedDescription
                if type.contains("KeyPath<"), type.contains("Factory<") { factoryKeyPathTakers.insert(node.name.text + "/" + parameter.firstName.text) }
            }
            if node.name.text != "autoregister", let body = node.body, Self.forwardsInitializerToAutoregister(node, body: body) {
                autoregisterForwarders.insert(node.name.text)
            }
            if let runsAtOnce = Self.runsClosuresAtOnce(node) {
                let key = node.name.text + "/\(parameters)"
                closureRunners[key] = (closureRunners[key] ?? true) && runsAtOnce
            }
            if file.mentionsMirror, let body = node.body,
                SwiftExpressions.calls(in: body).contains(where: { call in
                    call.calledExpression.trimmedDescription == "Mirror" && call.arguments.first?.expression.trimmedDescription == "self"
                })
            {
                reflectingInjectors.insert(node.name.text)
            }
            return .skipChildren
        }
        /// What an initializer calls on the value itself (`injectServices(resolver)`), by name.
        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let owner = scope.last.map(FactoryCatalogue.lastName), let body = node.body else { return .skipChildren }
            for call in SwiftExpressions.calls(in: body) {
                guard let (name, receiver) = SwiftExpressions.callee(of: call), receiver == nil || receiver!.trimmedDescription == "self" else { continue }
                initializerCalls[owner, default: []].insert(name)
            }
            return .skipChildren
        }
        override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}

/// Strings the sources declare once and use by name.
struct StringConstants {
    var values: [String: String] = [:]
    /// Static properties spelling the name of the type they are read on, by name: true when every
    /// one so named is `String(describing: Self.self)` (`extension Reactor { static var _identifier
    /// … }`), so that `HomeReactor._identifier` is `"HomeReactor"`.
    var typeNamingMembers: [String: Bool] = [:]

    /// `String(describing: T.self)` or `.init(describing: T.self)`: the type `T` written there.
    static func describedType(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let argument = call.arguments.first,
            argument.label?.text == "describing", call.trailingClosure == nil
        else { return nil }
        let callee = call.calledExpression
        let isString =
            callee.as(DeclReferenceExprSyntax.self)?.baseName.text == "String"
            || callee.as(MemberAccessExprSyntax.self).map { $0.declName.baseName.text == "init" && ($0.base == nil || $0.base?.trimmedDescription == "String") }
                == true
        guard isString, let (_, type) = SwiftExpressions.metatype(argument.expression) else { return nil }
        return type
    }

    /// A name given to a parameter the function turns into its name through a member (`serviceName:
    /// .movieService` where the wrapper passes `name: serviceName.named`, `enum AssemblerName:
    /// String`): the case's raw value. Without a member, `value(of:)`.
    func value(of expression: ExprSyntax, givenTo type: TypeSyntax, through member: String?) -> String? {
        guard let member else { return value(of: expression) }
        var text = expression.trimmedDescription
        if text.hasPrefix(".") {
            var declared = type.trimmedDescription
            while declared.hasSuffix("?") || declared.hasSuffix("!") { declared.removeLast() }
            text = declared + text
        }
        return values[text + "." + member] ?? (member == "rawValue" ? values[text] : nil)
    }

    /// `String(describing: Self.self)`: the name of the type the member is read on.
    /// In a type-level member `self` is the type too: `String(describing: self)`.
    static func describesSelf(_ expression: ExprSyntax) -> Bool {
        if describedType(expression)?.trimmedDescription == "Self" { return true }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1, call.arguments.first?.label?.text == "describing",
            call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String"
        else { return false }
        return true
    }

    /// What Swift spells a type written `text` as: its last name (`Outer.Inner` is `"Inner"`); nil
    /// for a generic one or `Self`, whose spelling depends on more than the text.
    private static func spelling(ofType text: String) -> String? {
        guard !text.contains("<"), !text.contains("?"), text != "Self", let last = text.split(separator: ".").last, last.first?.isUppercase == true else {
            return nil
        }
        return String(last)
    }

    /// A string literal, or a constant it names: `"root"`, `RouterName.root`, `RouterName.root.rawValue`,
    /// `Names.primary`, `kPrimary`, the name of a type (`String(describing: HomeReactor.self)`,
    /// `HomeReactor._identifier`). Nil for anything else (`.root`, whose type is not written).
    func value(of expression: ExprSyntax) -> String? {
        if let literal = SwiftExpressions.stringLiteral(expression) { return literal }
        if let described = Self.describedType(expression) { return Self.spelling(ofType: described.trimmedDescription) }
        if let access = expression.as(MemberAccessExprSyntax.self), typeNamingMembers[access.declName.baseName.text] == true, let base = access.base {
            return Self.spelling(ofType: base.trimmedDescription)
        }
        var text = expression.trimmedDescription
        if text.hasSuffix(".rawValue") { text = String(text.dropLast(".rawValue".count)) }
        guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }), !text.hasPrefix(".") else { return nil }
        if let value = values[text] { return value }
        // `Module.RouterName.root`: the type's own name and the member.
        let parts = text.split(separator: ".")
        return parts.count > 2 ? values[parts.suffix(2).joined(separator: ".")] : nil
    }
}

/// The app's own generic functions around a container's `resolve`, whatever their name:
/// `func inject<T>() -> T { container.resolve(T.self)! }`, `func get<T>(_ t: T.Type, named: String? = nil) -> T`.
/// A call of one is a resolve of the type it is given, or of the type Swift infers.
struct ResolveHelpers {
    struct Helper {
        var parameters: [ContainerAPI.Parameter]
        /// The `T.Type` parameter; nil when Swift infers `T` from where the value goes.
        var key: Int?
        /// A `String` parameter: the name.
        var qualifier: Int?
        /// `name: serviceName?.named`: the member of the qualifier (an enum) passed as the name.
        var qualifierMember: String?
        /// The parameters the body hands the container as runtime arguments, in order
        /// (`container.resolve(type, argument: injectable)`).
        var arguments: [Int] = []
        var returnsOptional: Bool

        /// A generic function that returns its parameter (`T` or `T?`) and calls `resolve` in its body.
        /// One named `resolve` itself counts only where it passes runtime arguments (Planus's
        /// `resolve<T>(_:injectable:)`): a plain one is read as the `resolve` it is.
        /// `resolving`: the names whose calls resolve (`resolve`, and the app's helpers once known:
        /// `func getModule<T>(_ type: T.Type) -> T { resolver.resolveType(type) }`).
        init?(_ function: FunctionDeclSyntax, resolving: Set<String> = ["resolve"]) {
            guard let generics = function.genericParameterClause,
                let returned = function.signature.returnClause.map({ DeclaredType($0.type) }),
                let generic = generics.parameters.first(where: { returned.key == $0.name.text })?.name.text,
                let body = function.body
            else { return nil }
            let resolves = SwiftExpressions.calls(in: body).filter { SwiftExpressions.callee(of: $0).map { resolving.contains($0.name) } == true }
            guard !resolves.isEmpty else { return nil }
            parameters = function.signature.parameterClause.parameters.map { ContainerAPI.Parameter($0) }
            key = parameters.firstIndex { $0.type.trimmedDescription == generic + ".Type" }
            qualifier = parameters.firstIndex(where: \.isString)
            // `resolve(serviceType, name: serviceName?.named)` with `serviceName: AssemblerName?`.
            if qualifier == nil, resolves.count == 1, let named = resolves[0].arguments.first(where: { $0.label?.text == "name" }),
                let (position, member) = ContainerAPI.memberOfParameter(named.expression, named: parameters.map(\.name))
            {
                (qualifier, qualifierMember) = (position, member)
            }
            returnsOptional = returned.isOptional
            // `argument: x` or `arguments: x, y`, each a parameter of the function's own.
            if resolves.count == 1, let resolve = resolves.first {
                var passing = false
                for argument in resolve.arguments {
                    let label = argument.label?.text
                    if label == "arguments" { passing = true }
                    guard label == "argument" || label == "arguments" || (label == nil && passing) else { continue }
                    let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
                    guard let index = parameters.firstIndex(where: { $0.name == name }) else { return nil }
                    arguments.append(index)
                }
            }
            // Swinject's `resolve` takes no such name: a call passing one is this overload's.
            if function.name.text == "resolve", arguments.isEmpty, qualifierMember == nil { return nil }
        }
    }

    /// The helpers by name, each overload in the order declared (`resolveOptional(_:)` and
    /// `resolveOptional(_:argument:)`): a call is read with the first whose parameters it fits.
    var overloads: [String: [Helper]] = [:]
    /// The app's `resolve` overloads that pass runtime arguments, tried on a `resolve` call with
    /// labels Swinject's own do not have.
    var argumentPassing: [Helper] = []
    /// Types declaring a static `resolve` that is no container's: not generic, returning a type of
    /// the app's (`static func resolve() -> AppDependencies`). `Type.resolve()` calls it.
    var plainResolveOwners = Set<String>()
}
