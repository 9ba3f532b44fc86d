import DigraphCore
import SwiftSyntax

/// The functions of the given files, by name, with the type that declares each.
struct FunctionIndex {
    struct Function {
        var name: TokenSyntax
        var labels: [String?]
        var owner: String?
        var body: Syntax
        var file: SwiftFile
        var isEntry: Bool
        /// Declared `override`: a subclass's version of a method its superclass calls on itself.
        var isOverride = false
        /// A `static` or `class` function or property: a bare name in it may be another static member.
        var isStatic = false
    }

    /// A SwiftUI preview: a `#Preview` or a `PreviewProvider` type, and the lines it spans.
    struct Preview {
        var name: String
        var body: Function
        var location: DigraphCore.SourceLocation
        var lines: ClosedRange<Int>
    }

    struct Owner {
        var name: String
        var location: DigraphCore.SourceLocation
        var file: String
        var endLine: Int
    }

    private(set) var functions: [String: [Function]] = [:]
    /// The same functions by file: `function(around:)` looks in one file, not in every function.
    private var functionsIn: [String: [Function]] = [:]
    private(set) var entries: [Function] = []
    /// An app delegate's launch methods where the app is a SwiftUI `App` that names no such delegate
    /// (`@UIApplicationDelegateAdaptor(AppDelegate.self)`): UIKit never calls them. Not entries.
    private(set) var unattachedDelegates: [(function: Function, app: String)] = []
    private(set) var previews: [Preview] = []
    /// The `@main` types (and `@UIApplicationMain`, `@NSApplicationMain` delegates): each one is an
    /// app (or an app extension, a tool) of its own.
    private(set) var mains: [DigraphCore.SourceLocation] = []
    /// The types the app builds as it starts: the `@main` types and the `@UIApplicationMain` or
    /// `@NSApplicationMain` delegate. Their stored properties are built with them.
    private(set) var builtAtLaunch: [DigraphCore.SourceLocation] = []
    /// The stored properties that have a value of the `@main` types and of the types declaring a
    /// launch method (a scene delegate), each as a body to walk: built before that method runs.
    /// Walked for each app of several (the one app's walk does not take them yet).
    private(set) var launchProperties: [Function] = []
    /// Static stored properties with a value (`static let shared = WalletContainer()`), by name, each
    /// its value as a body: it runs where the app first reads the property.
    private var staticProperties: [String: [Function]] = [:]
    /// Instance `lazy var`s with a value, by name, each its value as a body: it runs where a method
    /// of its type first reads the property (an app delegate's `lazy var database =
    /// Assembler.resolve(…)`, read in its launch method).
    private var lazyProperties: [String: [Function]] = [:]
    /// Types and top-level functions, with their extent, to tell where a registration is.
    private var owners: [String: [Owner]] = [:]
    private let files: [SwiftFile]

    /// The SwiftPM target a file belongs to, where known.
    func module(ofFile path: String) -> String? { files.first { $0.path == path }?.module }
    /// The name tokens of declarations, which are no references.
    private var declaredNames = Set<SyntaxIdentifier>()
    /// Types that declare an `assemble` method: building one applies it when it is handed on.
    private var assemblers: [String: [Function]] = [:]
    var assemblerTypes: Set<String> { Set(assemblers.keys) }

    /// The `assemble` methods of an assembly type.
    func assembleMethods(of type: String) -> [Function] { assemblers[type] ?? [] }

    /// Marked `@main`, `@UIApplicationMain` or `@NSApplicationMain`: the app builds the type as it starts.
    static func isBuiltAtLaunch(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { ["main", "UIApplicationMain", "NSApplicationMain"].contains($0.as(AttributeSyntax.self)?.attributeName.trimmedDescription) }
    }

    /// UIKit's launch (will or did finish), AppKit's and WatchKit's, a scene's.
    static func isLaunchMethod(_ name: String, labels: [String?]) -> Bool {
        (name == "application" && ["didFinishLaunchingWithOptions", "willFinishLaunchingWithOptions"].contains(labels.dropFirst().first))
            || name == "applicationDidFinishLaunching" || name == "applicationWillFinishLaunching"
            || (name == "scene" && labels.dropFirst().first == "willConnectTo")
    }

    /// `struct ShopApp: App`: a SwiftUI app, which SwiftUI builds and whose `body` makes its windows.
    static func isSwiftUIApp(_ group: any DeclGroupSyntax) -> Bool {
        group.inheritanceClause?.inheritedTypes.contains { ["App", "SwiftUI.App"].contains($0.type.trimmedDescription) } == true
    }

    /// `declarations`: the types each type inherits from, for the delegates a named one inherits launch code from.
    init(files: [SwiftFile], declarations: TypeDeclarations) {
        self.files = files
        for file in files {
            let collector = Collector(file: file)
            collector.walk(file.tree)
            functionsIn[file.path] = collector.functions
            for function in collector.functions {
                functions[function.name.text, default: []].append(function)
                if function.isEntry { entries.append(function) }
                if function.name.text == "assemble", let owner = function.owner { assemblers[owner, default: []].append(function) }
            }
            for owner in collector.owners { owners[owner.file, default: []].append(owner) }
            previews += collector.previews
            mains += collector.mains
            builtAtLaunch += collector.builtAtLaunch
            launchProperties += collector.launchProperties
            for property in collector.staticProperties { staticProperties[property.name.text, default: []].append(property) }
            for property in collector.lazyProperties { lazyProperties[property.name.text, default: []].append(property) }
            declaredNames.formUnion(collector.declaredNames)
            swiftUIApps += collector.swiftUIApps
            delegates.formUnion(collector.delegates)
            startsUIKit = startsUIKit || collector.startsUIKit
        }
        // By first line, for `owner(of:)`'s search (a stable sort: owners on one line keep their order).
        owners = owners.mapValues { $0.sorted { $0.location.line < $1.location.line } }
        // A SwiftUI app runs an app delegate only through an adaptor naming it (or one marked `@main`),
        // and with it the launch methods the delegate inherits (`AppDelegate: CommonAppDelegate`).
        // Only where that SwiftUI app is the one entry: beside another `@main` or a `main.swift`
        // starting UIKit (`UIApplicationMain(…)`), a delegate may be that other app's.
        if swiftUIApps.count == 1, mains.count == 1, !startsUIKit {
            for delegate in delegates { delegates.formUnion(declarations.supertypes(of: delegate)) }
            let isDelegateLaunch: (Function) -> Bool = {
                ["application", "applicationDidFinishLaunching", "applicationWillFinishLaunching"].contains($0.name.text)
            }
            for entry in entries where isDelegateLaunch(entry) && !delegates.contains(entry.owner ?? "") {
                unattachedDelegates.append((entry, swiftUIApps[0]))
            }
            entries.removeAll { isDelegateLaunch($0) && !delegates.contains($0.owner ?? "") }
        }
    }
    /// The `@main` types conforming to SwiftUI's `App`.
    private var swiftUIApps: [String] = []
    /// Some top-level code calls `UIApplicationMain(…)` or `NSApplicationMain(…)` (a `main.swift`).
    private var startsUIKit = false
    /// The types the app runs as its delegate: named by a `@UIApplicationDelegateAdaptor` (AppKit's,
    /// WatchKit's), or marked `@main`, `@UIApplicationMain`, `@NSApplicationMain`.
    private var delegates = Set<String>()

    /// Where code writes these names, outside their declarations (one pass over the tokens, made
    /// only when some registration was not reached).
    func references(to names: Set<String>) -> [String: [(file: String, line: Int)]] {
        var found: [String: [(file: String, line: Int)]] = [:]
        for file in files {
            for token in file.tree.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let name) = token.tokenKind, names.contains(name), !declaredNames.contains(token.id) else { continue }
                found[name, default: []].append((file.path, file.converter.location(for: token.positionAfterSkippingLeadingTrivia).line))
            }
        }
        return found
    }

    /// The innermost function (a `func`, not an initializer or a property) whose body holds a line.
    func function(around place: (file: String, line: Int)) -> Function? {
        (functionsIn[place.file] ?? []).filter { function in
            guard function.body.is(CodeBlockSyntax.self), function.name.text != "init" else { return false }
            let start = function.file.location(of: function.body).line
            return start <= place.line && place.line <= function.file.converter.location(for: function.body.endPosition).line
        }.max { $0.file.location(of: $0.body).line < $1.file.location(of: $1.body).line }
    }

    /// The innermost type or top-level function around a location.
    /// The owners that start at or before the line, nearest first: the first that still spans it
    /// is the innermost (4,000 types in one file were searched in full for each of 4,000 lookups).
    func owner(of location: DigraphCore.SourceLocation) -> Owner? {
        guard let sorted = owners[location.file] else { return nil }
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].location.line <= location.line { low = middle + 1 } else { high = middle }
        }
        guard let innermost = sorted[..<low].lastIndex(where: { $0.endLine >= location.line }) else { return nil }
        // Of several starting on that line and spanning it, the first, as before.
        let line = sorted[innermost].location.line
        var first = innermost
        var index = innermost
        while index > 0, sorted[index - 1].location.line == line {
            index -= 1
            if sorted[index].endLine >= location.line { first = index }
        }
        return sorted[first]
    }

    /// What a call may run: a function of that name whose labels fit (the caller's own type first),
    /// or the `assemble` of a type it builds.
    func callees(of call: FunctionCallExprSyntax, from caller: Function) -> [Function] {
        let labels = call.arguments.map { $0.label?.text }
        // `PreviewAppModule(coordinator:)` runs the type's initializer (an assembly's builds the
        // assemblies it lists); an assembly built is applied when it is handed on.
        func initializers(of type: String) -> [Function] { (functions["init"] ?? []).filter { $0.owner == type && $0.labels == labels } }
        if let type = SwiftExpressions.typeName(call.calledExpression), let assemble = assemblers[type] { return assemble + initializers(of: type) }
        // `var container: AppDIContainer = .init()`: an initializer of the type the property declares.
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.base == nil, access.declName.baseName.text == "init",
            let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let declared = binding.typeAnnotation?.type
        {
            return initializers(of: FactoryCatalogue.lastName(declared))
        }
        guard let (name, receiver) = SwiftExpressions.callee(of: call) else { return [] }
        if receiver == nil, name.first?.isUppercase == true, functions[name] == nil { return initializers(of: name) }
        guard let candidates = functions[name] else { return [] }
        var fitting = candidates.filter { $0.labels.count >= labels.count && Array($0.labels.prefix(labels.count)) == labels || $0.labels == labels }
        if receiver == nil || receiver?.trimmedDescription == "self" || receiver?.trimmedDescription == "Self" {
            let own = fitting.filter { $0.owner == caller.owner }
            if !own.isEmpty { fitting = own }
        } else if let type = receiver.flatMap(SwiftExpressions.typeName) {
            let typed = fitting.filter { $0.owner == type }
            if !typed.isEmpty { fitting = typed }
        }
        // A name many types share (`setup`, `configure`) says too little to follow.
        return fitting.count <= 3 ? fitting : []
    }

    /// The properties a body reads whose value is code that runs there, the first time: static
    /// properties read on a type (`_ = WalletContainer.shared`, `Self.shared`), or by a bare name in
    /// a static function or property of their type (`static func resolve(…) { assembler.resolver… }`,
    /// tomdwipo/DI-Swinject's `static let main = assembler.resolver.resolve(…)`), and the `lazy var`s
    /// of the caller's type its instance code reads (`database.migrate()`, `self.database`;
    /// Windscribe's app delegate).
    func propertiesRead(in body: Syntax, from caller: Function) -> [Function] {
        guard !staticProperties.isEmpty || !lazyProperties.isEmpty else { return [] }
        let qualified = SwiftExpressions.memberAccesses(in: body).flatMap { access -> [Function] in
            let name = access.declName.baseName.text
            guard let base = access.base else { return [] }
            if base.trimmedDescription == "self", !caller.isStatic, let owner = caller.owner {
                return (lazyProperties[name] ?? []).filter { $0.owner == owner && $0.body.id != caller.body.id }
            }
            guard let candidates = staticProperties[name], let type = SwiftExpressions.typeName(base) else { return [] }
            let owner = type == "Self" ? caller.owner : FactoryCatalogue.lastName(type)
            return candidates.filter { $0.owner == owner }
        }
        guard let owner = caller.owner else { return qualified }
        // A bare name is a static member only in static code; in instance code it may be a lazy one.
        let table = caller.isStatic ? staticProperties : lazyProperties
        guard !table.isEmpty else { return qualified }
        let bare = SwiftExpressions.references(in: body).flatMap { reference -> [Function] in
            (table[reference.baseName.text] ?? []).filter { $0.owner == owner && $0.body.id != caller.body.id }
        }
        return qualified + bare
    }

    /// The overrides in `folder` of the method a call on `self` names: what runs instead when the
    /// object is the app's subclass (`super.initializeContainer()` then more, in a Dev app).
    /// Of the functions a call may run, those in `folder` when there are some: within an app, its
    /// own type of a name (`FeatureCakeShopAssembly`) hides a shared one.
    static func preferring(_ folder: String?, _ callees: [Function]) -> [Function] {
        guard let folder else { return callees }
        let own = callees.filter { $0.file.path.hasPrefix(folder) }
        let ownOwners = Set(own.compactMap(\.owner))
        return own.isEmpty ? callees : callees.filter { $0.file.path.hasPrefix(folder) || !ownOwners.contains($0.owner ?? "") }
    }

    func overrides(of call: FunctionCallExprSyntax, in folder: String) -> [Function] {
        guard let (name, receiver) = SwiftExpressions.callee(of: call), receiver == nil || receiver?.trimmedDescription == "self",
            let candidates = functions[name]
        else { return [] }
        let labels = call.arguments.map { $0.label?.text }
        return candidates.filter { $0.isOverride && $0.labels == labels && $0.file.path.hasPrefix(folder) }
    }

    private final class Collector: SyntaxVisitor {
        let file: SwiftFile
        var functions: [Function] = []
        var previews: [Preview] = []
        var owners: [Owner] = []
        var swiftUIApps: [String] = []
        var delegates = Set<String>()
        var startsUIKit = false
        var declaredNames = Set<SyntaxIdentifier>()
        var mains: [DigraphCore.SourceLocation] = []
        var builtAtLaunch: [DigraphCore.SourceLocation] = []
        var launchProperties: [Function] = []
        var staticProperties: [Function] = []
        var lazyProperties: [Function] = []
        /// The types around, each with whether it is an `@main` type, and whether the app builds it as
        /// it starts (`@main`, or the `@UIApplicationMain`/`@NSApplicationMain` delegate).
        private var scope: [(name: String, isMain: Bool, isBuiltAtLaunch: Bool)] = []

        init(file: SwiftFile) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        private func enter(_ name: TokenSyntax, attributes: AttributeListSyntax, node: some DeclGroupSyntax) {
            declaredNames.insert(name.id)
            if node.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedDescription.hasSuffix("PreviewProvider") }) == true {
                preview(name.text, body: Syntax(node.memberBlock), at: name, spanning: node)
            }
            let isMain = attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "main" }
            let isBuiltAtLaunch = FunctionIndex.isBuiltAtLaunch(attributes)
            if isBuiltAtLaunch {
                delegates.insert(name.text)
                builtAtLaunch.append(file.location(of: name))
            }
            if isMain, FunctionIndex.isSwiftUIApp(node) {
                swiftUIApps.append(name.text)
            }
            // `@UIApplicationMain` is the older spelling of an app delegate's `@main`: an app too
            // (adrianswiatek/shopping-list's iOS app beside its watch app's `@main`).
            if isBuiltAtLaunch {
                mains.append(file.location(of: name))
            }
            // Its stored properties are built with it, before its launch method runs (`let assembler =
            // Assembler([…])`; a scene delegate's `var container = AppDIContainer()`).
            if isMain || declaresLaunchMethod(node.memberBlock) {
                for member in node.memberBlock.members {
                    guard let variable = member.decl.as(VariableDeclSyntax.self), LaunchCode.isStored(variable),
                        variable.bindings.contains(where: { $0.initializer != nil })
                    else { continue }
                    launchProperties.append(
                        Function(name: name, labels: [], owner: name.text, body: Syntax(variable), file: file, isEntry: false))
                }
            }
            scope.append((name.text, isMain, isBuiltAtLaunch))
            owners.append(
                Owner(
                    name: name.text, location: file.location(of: name), file: file.path,
                    endLine: file.converter.location(for: node.endPosition).line))
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.name, attributes: node.attributes, node: node); return .visitChildren
        }
        override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.name, attributes: node.attributes, node: node); return .visitChildren
        }
        override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.name, attributes: node.attributes, node: node); return .visitChildren
        }
        override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.name, attributes: node.attributes, node: node); return .visitChildren
        }
        override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            scope.append((node.extendedType.trimmedDescription, false, false))
            // What an extension registers is its type's (`extension AppAssembly { func registerViews(…) }`).
            owners.append(
                Owner(
                    name: FactoryCatalogue.lastName(node.extendedType), location: file.location(of: node.extendedType), file: file.path,
                    endLine: file.converter.location(for: node.endPosition).line))
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

        private func preview(_ name: String, body: Syntax, at token: some SyntaxProtocol, spanning node: some SyntaxProtocol) {
            let first = file.converter.location(for: node.positionAfterSkippingLeadingTrivia).line
            let last = file.converter.location(for: node.endPositionBeforeTrailingTrivia).line
            let function = Function(name: .identifier(name), labels: [], owner: scope.last?.name, body: body, file: file, isEntry: false)
            previews.append(Preview(name: name, body: function, location: file.location(of: token), lines: first...last))
        }

        // `#Preview { … }`: a declaration at the top level, an expression elsewhere.
        override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
            if node.macroName.text == "Preview" { preview("#Preview", body: Syntax(node), at: node.pound, spanning: node) }
            return .skipChildren
        }
        override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
            if node.macroName.text == "Preview" { preview("#Preview", body: Syntax(node), at: node.pound, spanning: node) }
            return .skipChildren
        }

        /// `UIApplicationMain(CommandLine.argc, …, NSStringFromClass(AppDelegate.self))` in a `main.swift`.
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = SwiftExpressions.callee(of: node)?.name, ["UIApplicationMain", "NSApplicationMain"].contains(name) { startsUIKit = true }
            return .visitChildren
        }

        /// `@UIApplicationDelegateAdaptor(AppDelegate.self) var delegate`, or `… var delegate:
        /// AppDelegate`: the delegate SwiftUI runs.
        override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
            guard node.attributeName.trimmedDescription.hasSuffix("DelegateAdaptor") else { return .skipChildren }
            if case .argumentList(let arguments)? = node.arguments, let first = arguments.first, let (type, _) = SwiftExpressions.metatype(first.expression) {
                delegates.insert(FactoryCatalogue.lastName(type))
            } else if let declared = node.parent?.parent?.as(VariableDeclSyntax.self)?.bindings.first?.typeAnnotation?.type {
                delegates.insert(FactoryCatalogue.lastName(declared))
            }
            return .skipChildren
        }

        /// A type declaring UIKit's, AppKit's or a scene's launch method in its own body.
        private func declaresLaunchMethod(_ members: MemberBlockSyntax) -> Bool {
            members.members.contains { member in
                guard let function = member.decl.as(FunctionDeclSyntax.self) else { return false }
                return FunctionIndex.isLaunchMethod(function.name.text, labels: function.signature.parameterClause.parameters.map(\.argumentLabel))
            }
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            declaredNames.insert(node.name.id)
            guard let body = node.body else { return .skipChildren }
            let labels = node.signature.parameterClause.parameters.map(\.argumentLabel)
            let owner = scope.last
            let name = node.name.text
            // UIKit's launch (will or did finish), AppKit's and WatchKit's, a scene's, an `@main` type's.
            let isEntry = FunctionIndex.isLaunchMethod(name, labels: labels) || (name == "main" && owner?.isMain == true)
            functions.append(
                Function(
                    name: node.name, labels: labels, owner: owner?.name, body: Syntax(body), file: file, isEntry: isEntry,
                    isOverride: node.modifiers.contains { $0.name.text == "override" }, isStatic: SwiftExpressions.isTypeLevel(node.modifiers)))
            if owner == nil {
                owners.append(
                    Owner(
                        name: name, location: file.location(of: node.name), file: file.path,
                        endLine: file.converter.location(for: node.endPosition).line))
            }
            return .skipChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let owner = scope.last else { return .visitChildren }
            let isStatic = SwiftExpressions.isTypeLevel(node.modifiers)
            let isLazy = node.modifiers.contains { $0.name.text == "lazy" }
            guard isStatic || isLazy, node.parent?.parent?.parent?.is(MemberBlockSyntax.self) == true else { return .visitChildren }
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier, let value = binding.initializer?.value else { continue }
                let property = Function(name: name, labels: [], owner: owner.name, body: Syntax(value), file: file, isEntry: false, isStatic: isStatic)
                if isStatic { staticProperties.append(property) } else { lazyProperties.append(property) }
            }
            return .visitChildren
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let body = node.body, let owner = scope.last else { return .skipChildren }
            let labels = node.signature.parameterClause.parameters.map(\.argumentLabel)
            // UIKit builds the `@UIApplicationMain` delegate as the app starts: its `init` runs at launch.
            functions.append(
                Function(name: node.initKeyword, labels: labels, owner: owner.name, body: Syntax(body), file: file, isEntry: owner.isBuiltAtLaunch))
            return .skipChildren
        }
    }
}
