import DigraphCore
import SwiftSyntax

/// Swinject's child containers, as values: `self.container = Container(parent: parentContainer)`
/// in a type's initializer (or as a property's value), or `let container = Container(parent:
/// parent)` in a function. What is registered on that container (`container.register`,
/// `self.container.register`, an assembly whose every use is `X(…).assemble(container: container)`)
/// belongs to it, not to the app's container: a child looks its keys up in itself, then in its
/// parent, so the same key in a child and its parent, or in two children, is not registered twice.
/// A parent is followed where the code shows it (the argument every construction passes is another
/// child); otherwise it is taken to be the app's container.
struct ChildContainers {
    private(set) var children: [ChildContainer] = []

    init() {}

    /// Where a child is held: a type's stored property, or a local of one function.
    private enum Holder: Hashable {
        case property(type: String, name: String)
        case local(function: SyntaxIdentifier, name: String)
    }

    /// One `Container(parent:)` as read: who holds it and what it is made from.
    private struct Made {
        var holder: Holder
        var name: String
        var location: DigraphCore.SourceLocation
        /// The parameter of the enclosing initializer or function it is made from: `(init, "parentContainer")`.
        var parentParameter: (owner: String, function: String, label: String?)?
        /// The function or initializer it is made in.
        var function: Syntax?
        /// What it is made from, when that is no parameter: `InstanceContainer.instance`.
        var parentExpression: ExprSyntax?
        /// The property a closure that makes and returns it initializes (`static let instance: Container = { … }()`).
        var heldAs: Holder?
    }

    init(files: [SwiftFile], found: [RegistrationFinder.Found], resolves: [DigraphCore.SourceLocation] = [], reached: Set<DigraphCore.SourceLocation>) {
        let readable = files.filter { $0.refusal == nil && $0.imports("Swinject") }
        var made: [Made] = []
        for file in readable {
            for call in SwiftExpressions.calls(in: file.tree) where Self.isChildConstruction(call) {
                if let one = Self.made(by: call, in: file) { made.append(one) }
            }
        }
        guard !made.isEmpty else { return }
        var numberOf: [Holder: Int] = [:]
        for one in made where numberOf[one.holder] == nil {
            numberOf[one.holder] = children.count
            if let held = one.heldAs { numberOf[held] = children.count }
            children.append(ChildContainer(name: one.name, location: one.location))
        }
        // Every call once: each step below looks through this list, not through the files again.
        let calls = files.filter { $0.refusal == nil }.flatMap { file in SwiftExpressions.calls(in: file.tree).map { (file, $0) } }
        let foundAt = Set(found.map(\.location))
        let resolvedAt = Set(resolves)
        let makers = Self.makers(made, numberOf: numberOf)
        var applied: [String: Set<Int?>] = [:]
        var unchained = Set<String>()
        for (file, call) in calls {
            if let type = SwiftExpressions.typeName(call.calledExpression),
                call.parent?.as(MemberAccessExprSyntax.self)?.declName.baseName.text != "assemble"
            {
                unchained.insert(type)
            }
            guard let (name, receiver) = SwiftExpressions.callee(of: call) else { continue }
            if let receiver, resolvedAt.contains(file.location(of: call)) {
                if let number = Self.child(named: receiver, at: call, numberOf: numberOf) ?? Self.child(madeBy: receiver, makers: makers, numberOf: numberOf) {
                    children[number].resolves.insert(file.location(of: call))
                }
                continue
            }
            guard let receiver else {
                // The app's own helper that registers on the container it is given: `screen(container, ReaderScreen.self)`.
                guard foundAt.contains(file.location(of: call)),
                    let number = call.arguments.lazy.compactMap({ Self.child(named: $0.expression, at: call, numberOf: numberOf) }).first
                else { continue }
                children[number].registrations.insert(file.location(of: call))
                continue
            }
            if name == "register" || name == "autoregister" {
                guard let number = Self.child(named: receiver, at: call, numberOf: numberOf), foundAt.contains(file.location(of: call)) else { continue }
                children[number].registrations.insert(file.location(of: call))
            } else if name == "assemble", let argument = call.arguments.first, argument.label?.text == "container",
                let built = receiver.as(FunctionCallExprSyntax.self), let type = SwiftExpressions.typeName(built.calledExpression)
            {
                applied[type, default: []].insert(Self.child(named: argument.expression, at: call, numberOf: numberOf))
            }
        }
        // An assembly every construction of which is applied to one child (`HomeAssembly(…).assemble(container:
        // container)`): what its `assemble(container:)` registers is that child's.
        assign(
            applied.filter { $0.value.count == 1 && $0.value.first! != nil && !unchained.contains($0.key) }.mapValues { $0.first!! }, files: files, found: found
        )
        followParents(made, numberOf: numberOf, calls: calls)
        for index in children.indices { children[index].isReached = !children[index].registrations.isDisjoint(with: reached) }
    }

    /// A function that makes one child and returns a container hands that child to its caller:
    /// each such function's name, with its child.
    private static func makers(_ made: [Made], numberOf: [Holder: Int]) -> [String: Int] {
        var makers: [String: Int] = [:]
        for one in made {
            guard case .local = one.holder, let function = one.function, let returned = function.as(FunctionDeclSyntax.self),
                let result = returned.signature.returnClause?.type.trimmedDescription, ["Container", "Resolver", "Swinject.Container"].contains(result)
            else { continue }
            makers[returned.name.text] = makers[returned.name.text] == nil ? numberOf[one.holder] : -1
        }
        return makers
    }

    /// What each assembly's `assemble(container:)` registers goes to the child it is applied to.
    private mutating func assign(_ assemblies: [String: Int], files: [SwiftFile], found: [RegistrationFinder.Found]) {
        guard !assemblies.isEmpty else { return }
        let foundIn = Dictionary(grouping: found.map(\.location), by: \.file)
        for file in files where file.refusal == nil && foundIn[file.path] != nil {
            for (type, method) in Self.assembleMethods(in: file) {
                guard let target = assemblies[type] else { continue }
                let lines = file.location(of: method).line...file.location(ofEnd: method).line
                for location in foundIn[file.path]! where lines.contains(location.line) { children[target].registrations.insert(location) }
            }
        }
    }

    /// A child made from its initializer's parameter: its parent is the child every construction
    /// of the type passes there (`HomeAssembly(parentContainer: container, …)` inside `HomeFeature`).
    private mutating func followParents(_ made: [Made], numberOf: [Holder: Int], calls: [(SwiftFile, FunctionCallExprSyntax)]) {
        // What each child's maker is called as: its type (an initializer) or its function's name.
        var wanted: [String: [(number: Int, label: String?)]] = [:]
        for one in made {
            if let number = numberOf[one.holder], let expression = one.parentExpression,
                let parent = Self.child(named: expression, at: expression, numberOf: numberOf), parent != number
            {
                children[number].parent = parent
            }
            guard let number = numberOf[one.holder], let (owner, function, label) = one.parentParameter else { continue }
            wanted[function == "init" ? "init " + owner : function, default: []].append((number, label))
        }
        guard !wanted.isEmpty else { return }
        var parents: [Int: Set<Int?>] = [:]
        for (_, call) in calls {
            let called = SwiftExpressions.typeName(call.calledExpression).map { "init " + $0 } ?? SwiftExpressions.callee(of: call)?.name
            for (number, label) in called.flatMap({ wanted[$0] }) ?? [] {
                guard let argument = call.arguments.first(where: { $0.label?.text == label }) else { continue }
                parents[number, default: []].insert(Self.child(named: argument.expression, at: call, numberOf: numberOf))
            }
        }
        for (number, found) in parents where found.count == 1 {
            if let parent = found.first!, parent != number { children[number].parent = parent }
        }
        // A parent chain that loops is read as no parent.
        for index in children.indices {
            var seen: Set<Int> = [index]
            var current = children[index].parent
            while let next = current {
                guard seen.insert(next).inserted else {
                    children[index].parent = nil
                    break
                }
                current = children[next].parent
            }
        }
    }

    private static func isChildConstruction(_ call: FunctionCallExprSyntax) -> Bool {
        guard let type = SwiftExpressions.typeName(call.calledExpression), type == "Container" || type == "Swinject.Container" else { return false }
        return call.arguments.first?.label?.text == "parent"
    }

    /// Who holds the container `call` makes: `self.container = Container(parent: …)` or `let
    /// container = Container(parent: …)` as a member (a property) or in a function (a local).
    private static func made(by call: FunctionCallExprSyntax, in file: SwiftFile) -> Made? {
        let function = Syntax(call).ancestorOrSelf { $0.is(FunctionDeclSyntax.self) || $0.is(InitializerDeclSyntax.self) }
        let type = SwiftExpressions.enclosingTypeName(of: Syntax(call))
        var holder: Holder?
        var name = ""
        if let sequence = call.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self),
            let (target, value) = SwiftExpressions.assignment(ExprSyntax(sequence)), value.id == ExprSyntax(call).id,
            let property = propertyName(target), let type
        {
            holder = .property(type: type, name: property)
            name = "\(type).\(property)"
        } else if let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let local = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        {
            if let function {
                holder = .local(function: function.id, name: local)
                name = (type.map { $0 + "." } ?? "") + "\(functionName(function)).\(local)"
            } else if let type {
                holder = .property(type: type, name: local)
                name = "\(type).\(local)"
            }
        }
        guard let holder else { return nil }
        var made = Made(holder: holder, name: name, location: file.location(of: call), function: function)
        // `static let instance: Container = { let container = Container(parent: …); …; return container }()`.
        if function == nil, let type, let closure = Syntax(call).ancestorOrSelf(where: { $0.is(ClosureExprSyntax.self) }),
            let invoked = closure.parent?.as(FunctionCallExprSyntax.self), invoked.arguments.isEmpty,
            let property = invoked.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)?.pattern
                .as(IdentifierPatternSyntax.self)?.identifier.text
        {
            made.heldAs = .property(type: type, name: property)
            made.name = "\(type).\(property)"
        }
        if let argument = call.arguments.first?.expression, !argument.is(DeclReferenceExprSyntax.self) { made.parentExpression = argument }
        if let parent = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text, let function,
            let parameter = parameters(of: function).first(where: { ($0.secondName ?? $0.firstName).text == parent })
        {
            let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
            let called = function.as(FunctionDeclSyntax.self)?.name.text ?? "init"
            made.parentParameter = (type ?? "", called, label)
        }
        return made
    }

    /// `self.container` or `container` → `container`.
    private static func propertyName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let access = expression.as(MemberAccessExprSyntax.self), access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            return access.declName.baseName.text
        }
        return nil
    }

    /// The child `expression` names where `node` is: the enclosing type's child property
    /// (`container`, `self.container`), unless a parameter of the enclosing function has that
    /// name, or the enclosing function's local child.
    private static func child(named expression: ExprSyntax, at node: some SyntaxProtocol, numberOf: [Holder: Int]) -> Int? {
        // `InstanceContainer.instance`: a type's static property holding a child.
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base, let type = SwiftExpressions.typeName(base) {
            return numberOf[.property(type: type, name: access.declName.baseName.text)]
        }
        guard let name = propertyName(expression) else { return nil }
        let isSelf = expression.is(MemberAccessExprSyntax.self)
        var scope = Syntax(node).parent
        while let current = scope {
            if !isSelf, let block = current.as(CodeBlockItemListSyntax.self), let value = localValue(named: name, in: block, before: node) {
                // `let container = ViewControllerContainer.instance` before the use.
                return child(named: value, at: value, numberOf: numberOf)
            }
            if current.is(FunctionDeclSyntax.self) || current.is(InitializerDeclSyntax.self) {
                if !isSelf, let local = numberOf[.local(function: current.id, name: name)] { return local }
                if !isSelf, parameters(of: current).contains(where: { ($0.secondName ?? $0.firstName).text == name }) { return nil }
            }
            if let closure = current.as(ClosureExprSyntax.self), !isSelf, SwiftExpressions.parameterNames(of: closure).contains(name) { return nil }
            if let group = current.asProtocol(DeclGroupSyntax.self), let type = SwiftExpressions.typeName(declaredBy: group) {
                return numberOf[.property(type: type, name: name)]
            }
            scope = current.parent
        }
        return nil
    }

    /// The child an expression builds where it is: a call of a function that makes one and returns
    /// it (`ScreenContainer.make(parent: root)`), or a type's child property read from a value built
    /// in place (`HomeFeature(parent: root).container`).
    private static func child(madeBy expression: ExprSyntax, makers: [String: Int], numberOf: [Holder: Int]) -> Int? {
        if let call = expression.as(FunctionCallExprSyntax.self), let name = SwiftExpressions.callee(of: call)?.name, let number = makers[name], number >= 0 {
            return number
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let built = access.base?.as(FunctionCallExprSyntax.self),
            let type = SwiftExpressions.typeName(built.calledExpression)
        {
            return numberOf[.property(type: type, name: access.declName.baseName.text)]
        }
        return nil
    }

    /// The value of `let name = value` among `block`'s statements before `node`, unless it makes a
    /// container itself (that local is a child of its own).
    private static func localValue(named name: String, in block: CodeBlockItemListSyntax, before node: some SyntaxProtocol) -> ExprSyntax? {
        for item in block where item.position < node.position {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                guard let value = binding.initializer?.value, !value.is(FunctionCallExprSyntax.self) else { return nil }
                return value
            }
        }
        return nil
    }

    private static func parameters(of function: Syntax) -> [FunctionParameterSyntax] {
        if let function = function.as(FunctionDeclSyntax.self) { return Array(function.signature.parameterClause.parameters) }
        if let initializer = function.as(InitializerDeclSyntax.self) { return Array(initializer.signature.parameterClause.parameters) }
        return []
    }

    /// `buildAddOneContainer(parent:)`.
    private static func functionName(_ function: Syntax) -> String {
        let labels = parameters(of: function).map { "\($0.firstName.text):" }.joined()
        if let function = function.as(FunctionDeclSyntax.self) { return "\(function.name.text)(\(labels))" }
        return "init(\(labels))"
    }

    /// Each `func assemble(container:)` declared at the top level of a type or extension in `file`, with the type.
    private static func assembleMethods(in file: SwiftFile) -> [(type: String, method: FunctionDeclSyntax)] {
        file.tree.statements.compactMap { $0.item.asProtocol(DeclGroupSyntax.self) }.flatMap { group -> [(type: String, method: FunctionDeclSyntax)] in
            guard let type = SwiftExpressions.typeName(declaredBy: group) else { return [] }
            return group.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
                .filter { $0.name.text == "assemble" && $0.signature.parameterClause.parameters.first?.firstName.text == "container" }
                .map { (type, $0) }
        }
    }
}

/// A Swinject child container the app makes, with what is registered on it.
public struct ChildContainer: Equatable, Sendable {
    /// `HomeAssembly.container` or `buildAddOneContainer(parent:).container`.
    public var name: String
    /// Where `Container(parent:)` is called.
    public var location: DigraphCore.SourceLocation
    /// The registrations made on it, by the location of their `register` call.
    public var registrations: Set<DigraphCore.SourceLocation> = []
    /// The child it is made from, when the code shows one; nil is the app's container.
    public var parent: Int?
    /// The direct resolves the code makes on it, by location.
    public var resolves: Set<DigraphCore.SourceLocation> = []
    /// Whether the app's entry reaches a registration made on it: code known to run.
    public var isReached = false

    /// How a finding names it: `the child container 'HomeAssembly.container' (HomeAssembly.swift:15)`.
    public var label: String { "the child container '\(name)' (\(location.fileNameAndLine))" }
}
