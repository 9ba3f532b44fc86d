import DigraphCore
import SwiftSyntax

/// The code that runs while the app launches, before its entry returns: the entry's body and the
/// functions it calls, each outside its closures (a closure may run later: a button's action,
/// `DispatchQueue.main.async`), and the stored properties of the entry's type, built with the app
/// object (`@Injected var x`, `let store = container.resolve(…)`). A resolve written there builds
/// its key at launch.
struct LaunchCode {
    /// Per file, the launch ranges (UTF-8 offsets) and the closures inside them.
    private var spans: [String: [(range: Range<Int>, holes: [Range<Int>])]] = [:]
    private var converters: [String: SourceLocationConverter] = [:]

    init(index: FunctionIndex, files: [SwiftFile]) {
        var walk = Walk(index: index, files: files)
        // An `@main` type is built at launch even when it declares no entry function (a SwiftUI
        // `App`); UIKit builds the `@UIApplicationMain` delegate before it calls it.
        for file in files where index.builtAtLaunch.contains(where: { $0.file == file.path }) {
            let finder = LaunchTypeFinder(viewMode: .sourceAccurate)
            finder.walk(file.tree)
            for group in finder.found { walk.build(group, in: file, depth: 0) }
        }
        walk.pending += index.entries.map { ($0, 0) }
        walk.run()
        // A `lazy var` of a type built at launch is built there too when launch code uses it.
        var lazyDone = 0
        while lazyDone < walk.lazyProperties.count {
            let (property, file) = walk.lazyProperties[lazyDone]
            lazyDone += 1
            let names = property.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
            guard names.contains(where: walk.referenced.contains) else { continue }
            walk.add(Syntax(property), in: file, depth: 1)
            walk.run()
        }
        spans = walk.spans
        converters = walk.converters
    }

    /// The walk from the entry: functions it calls, types it builds (their initializers and stored
    /// properties), each body outside its closures.
    private struct Walk {
        let index: FunctionIndex
        let files: [SwiftFile]
        var pending: [(FunctionIndex.Function, Int)] = []
        var visited = Set<SyntaxIdentifier>()
        var built = Set<SyntaxIdentifier>()
        var referenced = Set<String>()
        var lazyProperties: [(VariableDeclSyntax, SwiftFile)] = []
        var spans: [String: [(range: Range<Int>, holes: [Range<Int>])]] = [:]
        var converters: [String: SourceLocationConverter] = [:]
        /// The type declarations by name, read once when a type built at launch is first looked up.
        var declarations: [String: [(group: any DeclGroupSyntax, file: SwiftFile)]]?
        /// Each type's initializers, so a call that builds one finds them in one lookup.
        let initializers: [String: [FunctionIndex.Function]]

        init(index: FunctionIndex, files: [SwiftFile]) {
            self.index = index
            self.files = files
            initializers = Dictionary(grouping: (index.functions["init"] ?? []).filter { $0.owner != nil }, by: { $0.owner! })
        }

        mutating func run() {
            while let (function, depth) = pending.popLast() {
                guard depth < RegistrationOrder.maximumDepth, visited.insert(function.body.id).inserted else { continue }
                add(function.body, in: function.file, depth: depth)
                if function.isEntry || function.name.tokenKind == .keyword(.`init`),
                    let group = function.body.ancestorOrSelf(mapping: { $0.asProtocol(DeclGroupSyntax.self) })
                {
                    build(group, in: function.file, depth: depth)
                }
            }
        }

        /// Code that runs now: its range (closures left out), what it calls and the types it builds.
        mutating func add(_ node: Syntax, in file: SwiftFile, depth: Int) {
            let finder = LaunchCallFinder(viewMode: .sourceAccurate)
            finder.walk(node)
            converters[file.path] = file.converter
            let range = node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
            spans[file.path, default: []].append((range, finder.closures))
            referenced.formUnion(finder.references)
            let owner = SwiftExpressions.enclosingTypeName(of: node)
            let caller = FunctionIndex.Function(name: .identifier("launch"), labels: [], owner: owner, body: node, file: file, isEntry: false)
            for call in finder.calls.reversed() {
                let callees = index.callees(of: call, from: caller)
                // `MusculosApp.main()` in a custom `@main` launcher: SwiftUI builds that `App` now.
                if call.arguments.isEmpty, let access = call.calledExpression.as(MemberAccessExprSyntax.self),
                    access.declName.baseName.text == "main", let type = access.base.flatMap(SwiftExpressions.typeName)
                {
                    if declarations == nil { declarations = Self.typeDeclarations(in: files) }
                    let apps = (declarations?[type] ?? []).filter { FunctionIndex.isSwiftUIApp($0.group) }
                    for declared in apps { build(declared.group, in: declared.file, depth: depth + 1) }
                    if !apps.isEmpty { continue }
                }
                for callee in callees { pending.append((callee, depth + 1)) }
                // `HomeViewController()`: its initializer runs now, and its stored properties are built.
                guard callees.isEmpty, let type = SwiftExpressions.typeName(call.calledExpression), !type.contains("<") else { continue }
                let labels = call.arguments.map { $0.label?.text }
                for initializer in initializers[type] ?? [] where initializer.labels.starts(with: labels) {
                    pending.append((initializer, depth + 1))
                }
                if declarations == nil { declarations = Self.typeDeclarations(in: files) }
                for declared in declarations?[type] ?? [] { build(declared.group, in: declared.file, depth: depth + 1) }
            }
        }

        /// A type's instance is built: its stored properties' values are made with it.
        mutating func build(_ group: some DeclGroupSyntax, in file: SwiftFile, depth: Int) {
            guard depth < RegistrationOrder.maximumDepth, built.insert(group.id).inserted else { return }
            let isApp = FunctionIndex.isSwiftUIApp(group)
            for member in group.memberBlock.members {
                guard let property = member.decl.as(VariableDeclSyntax.self) else { continue }
                // A SwiftUI `App`'s `body`: the window's content (`WindowGroup { ContentView() }`)
                // is built as the app starts, with its stored properties (`@StateObject var
                // model = Model()`); what the content's own views show later is not followed.
                if isApp, property.bindings.first?.pattern.trimmedDescription == "body", let getter = property.bindings.first?.accessorBlock {
                    for call in SwiftExpressions.calls(in: Syntax(getter))
                    where ["WindowGroup", "Window", "UtilityWindow"].contains(SwiftExpressions.callee(of: call)?.name ?? "") {
                        if let content = call.trailingClosure { addContent(content, in: file, depth: depth + 1) }
                    }
                    continue
                }
                if property.modifiers.contains(where: { $0.name.text == "lazy" }) {
                    lazyProperties.append((property, file))
                } else if LaunchCode.isStored(property) {
                    add(Syntax(property), in: file, depth: depth)
                }
            }
        }

        /// A window's content, and what the stacks in it lay out (`WindowGroup { ZStack { ContentView() } }`):
        /// built now. Another view's closures (a button's action, a sheet's content) stay later.
        mutating func addContent(_ closure: ClosureExprSyntax, in file: SwiftFile, depth: Int) {
            add(Syntax(closure.statements), in: file, depth: depth)
            for call in SwiftExpressions.calls(in: Syntax(closure.statements)) {
                guard let inner = call.trailingClosure, Self.layouts.contains(SwiftExpressions.callee(of: call)?.name ?? ""),
                    call.parent?.ancestorOrSelf(mapping: { $0.as(ClosureExprSyntax.self) })?.id == closure.id
                else { continue }
                addContent(inner, in: file, depth: depth)
            }
        }

        /// SwiftUI's containers that build their content as they are built.
        static let layouts: Set<String> = [
            "ZStack", "VStack", "HStack", "Group", "NavigationStack", "NavigationView", "NavigationSplitView", "TabView", "ScrollView",
            "GeometryReader",
        ]

        static func typeDeclarations(in files: [SwiftFile]) -> [String: [(group: any DeclGroupSyntax, file: SwiftFile)]] {
            var found: [String: [(group: any DeclGroupSyntax, file: SwiftFile)]] = [:]
            for file in files {
                let finder = TypeFinder(viewMode: .sourceAccurate)
                finder.walk(file.tree)
                for (name, group) in finder.found { found[name, default: []].append((group, file)) }
            }
            return found
        }
    }

    /// A stored instance property, built with its instance: not `static`, `lazy` or computed.
    static func isStored(_ property: VariableDeclSyntax) -> Bool {
        guard !property.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }) else { return false }
        return property.bindings.allSatisfy { binding in
            guard let accessors = binding.accessorBlock?.accessors else { return true }
            // `{ didSet … }` observes a stored property; a bare block or a `get` computes one.
            guard case .accessors(let list) = accessors else { return false }
            return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
    }

    /// Whether code at `location` runs at launch.
    func holds(_ location: DigraphCore.SourceLocation) -> Bool {
        guard let converter = converters[location.file], let fileSpans = spans[location.file] else { return false }
        let offset = converter.position(ofLine: location.line, column: location.column).utf8Offset
        return fileSpans.contains { span in span.range.contains(offset) && !span.holes.contains { $0.contains(offset) } }
    }
}

/// The types of a file the app builds as it starts (`@main`, `@UIApplicationMain`, `@NSApplicationMain`).
private final class LaunchTypeFinder: SyntaxVisitor {
    var found: [any DeclGroupSyntax] = []
    private func visitGroup(_ node: some DeclGroupSyntax) -> SyntaxVisitorContinueKind {
        if FunctionIndex.isBuiltAtLaunch(node.attributes) { found.append(node) }
        return .visitChildren
    }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { visitGroup(node) }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { visitGroup(node) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { visitGroup(node) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { visitGroup(node) }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// The types a file declares (classes, structs, enums, actors, nested ones too), by name.
private final class TypeFinder: SyntaxVisitor {
    var found: [(String, any DeclGroupSyntax)] = []
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        found.append((node.name.text, node))
        return .visitChildren
    }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        found.append((node.name.text, node))
        return .visitChildren
    }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        found.append((node.name.text, node))
        return .visitChildren
    }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        found.append((node.name.text, node))
        return .visitChildren
    }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// The calls a function makes itself, outside its closures, where those closures are, and the
/// names it refers to.
private final class LaunchCallFinder: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []
    var closures: [Range<Int>] = []
    var references = Set<String>()
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        references.insert(node.baseName.text)
        return .visitChildren
    }
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        references.insert(node.declName.baseName.text)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        closures.append(node.position.utf8Offset..<node.endPosition.utf8Offset)
        return .skipChildren
    }
    // A nested function runs when called, not where it is written.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        closures.append(node.position.utf8Offset..<node.endPosition.utf8Offset)
        return .skipChildren
    }
}
