import DigraphCore
import SwiftSyntax

/// Which container each Swinject assembly is applied to, as far as the code shows it: the
/// assemblies built in one `Assembler([…])` (or handed together to an initializer that builds its
/// `Assembler` from them, `DIContainer(assemblies: [PreviewAssembly()])`) share a container; each
/// such call builds a new one. An assembly also built anywhere digraph cannot place (`apply`, a
/// direct `assemble(container:)`, a value passed on) may meet any container: it is never taken
/// apart from the others. Two assemblies are apart only when the code proves it.
struct ContainerGroups {
    /// One call that builds a container from the assemblies it is given.
    struct Group {
        var location: DigraphCore.SourceLocation
        var assemblies: Set<String> = []
        /// Each assembly as the call builds it, in source order: its type and, when it is one line
        /// without comments, the expression (`PresentationAssembly(navigation: NavigationRouter())`).
        var built: [(type: String, expression: String?)] = []
        /// `Assembler(…, defaultObjectScope: .container)`: the scope of what its assemblies register without one.
        var defaultLifetime: Lifetime?
        /// Built in test code: says nothing of the scope the app gives its assemblies.
        var isInTests = false
        /// Given a `parent:` the code does not say (a stored property, a parameter): its keys may
        /// come from a container digraph cannot place.
        var hasUnknownParent = false
        /// `let child = Assembler([…], parent: parent)`: the local it is kept in, and the code
        /// around it, where `child.resolver.resolve(…)` resolves from this container.
        var local: (name: String, scope: Syntax)?
    }

    private(set) var groups: [Group] = []
    /// The assembly types every construction of which sits in a group, with those groups.
    private(set) var placed: [String: Set<Int>] = [:]
    /// Groups built as a child and its parent (`Assembler(vcs, parent: services)`): the child looks
    /// up in its parent what it does not hold, so the two are one graph for whoever resolves from
    /// the child.
    private(set) var parentOf: [Int: Int] = [:]

    init(files: [SwiftFile], assemblies: Set<String>) {
        guard !assemblies.isEmpty else { return }
        var builders = Set<String>()
        for file in files where file.refusal == nil {
            let finder = BuilderFinder(viewMode: .sourceAccurate)
            finder.walk(file.tree)
            builders.formUnion(finder.builders)
        }
        var unplaced = Set<String>()
        var groupOfCall: [SyntaxIdentifier: Int] = [:]
        var buildingCalls: [SyntaxIdentifier: FunctionCallExprSyntax] = [:]
        for file in files where file.refusal == nil {
            for call in SwiftExpressions.calls(in: file.tree) {
                guard let type = SwiftExpressions.typeName(call.calledExpression), assemblies.contains(type) else { continue }
                guard let building = Self.buildingCall(around: call, builders: builders) else {
                    unplaced.insert(type)
                    continue
                }
                let number =
                    groupOfCall[building.id]
                    ?? {
                        let scope = building.arguments.first { $0.label?.text == "defaultObjectScope" }
                        let hasParent = building.arguments.contains { $0.label?.text == "parent" }
                        groups.append(
                            Group(
                                location: file.location(of: building), defaultLifetime: scope.flatMap { SwinjectDialect.lifetime(ofScope: $0.expression) },
                                isInTests: RegistrationOrder.isTestCode(file),
                                hasUnknownParent: hasParent && Self.parentCall(of: building, builders: builders) == nil, local: Self.local(holding: building)))
                        groupOfCall[building.id] = groups.count - 1
                        buildingCalls[building.id] = building
                        return groups.count - 1
                    }()
                if groups[number].assemblies.insert(type).inserted {
                    let text = call.trimmedDescription
                    let plain = !text.contains("\n") && !text.contains("//") && !text.contains("/*")
                    groups[number].built.append((type, plain ? text : nil))
                }
                placed[type, default: []].insert(number)
            }
        }
        for (id, number) in groupOfCall {
            guard let call = buildingCalls[id], let parent = Self.parentCall(of: call, builders: builders), let other = groupOfCall[parent.id],
                other != number
            else { continue }
            parentOf[number] = other
        }
        for type in unplaced { placed[type] = nil }
        for index in groups.indices {
            groups[index].assemblies.subtract(unplaced)
            groups[index].built.removeAll { unplaced.contains($0.type) }
        }
    }

    /// The scope an assembly's registrations without one take: the `defaultObjectScope` of every
    /// `Assembler` applying it, when they all say the same; nil otherwise (graph, Swinject's own default).
    /// The tests' `Assembler`s vote only for an assembly no app code applies.
    func defaultLifetime(of assembly: String) -> Lifetime? {
        guard let all = placed[assembly] else { return nil }
        let apps = all.filter { !groups[$0].isInTests }
        let numbers = apps.isEmpty ? all : apps
        guard let first = numbers.first.flatMap({ groups[$0].defaultLifetime }) else { return nil }
        return numbers.allSatisfy { groups[$0].defaultLifetime == first } ? first : nil
    }

    /// The groups joined by an assembly they share: one container each, as far as the code tells.
    var containers: [[Int]] {
        var parent = Array(groups.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index { index = parent[index] }
            return index
        }
        for numbers in placed.values {
            guard let first = numbers.min() else { continue }
            for other in numbers { parent[root(other)] = root(first) }
        }
        for (child, itsParent) in parentOf { parent[root(child)] = root(itsParent) }
        var members: [Int: [Int]] = [:]
        for index in groups.indices where !groups[index].assemblies.isEmpty { members[root(index), default: []].append(index) }
        return members.values.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    /// The call that builds a container from an assembly built at `call`: an `Assembler(…)` or a
    /// builder's initializer it is an argument of (through array literals and `+`), directly or
    /// through a local `let` that call is given. Nil when it is anything else.
    static func buildingCall(around call: FunctionCallExprSyntax, builders: Set<String>) -> FunctionCallExprSyntax? {
        var node = Syntax(call)
        while let parent = node.parent {
            if parent.is(ArrayElementSyntax.self) || parent.is(ArrayElementListSyntax.self) || parent.is(ArrayExprSyntax.self)
                || parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self) || parent.is(ExprListSyntax.self)
            {
                node = parent
                continue
            }
            if let sequence = parent.as(SequenceExprSyntax.self),
                sequence.elements.allSatisfy({ !$0.is(BinaryOperatorExprSyntax.self) || $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" })
            {
                node = parent
                continue
            }
            if let building = parent.as(FunctionCallExprSyntax.self), building.arguments.id == node.id {
                return isBuilding(building, builders: builders) ? building : nil
            }
            if let initial = parent.as(InitializerClauseSyntax.self), let binding = initial.parent?.as(PatternBindingSyntax.self),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let block = Syntax(binding).ancestorOrSelf(where: { $0.is(CodeBlockItemListSyntax.self) })
            {
                return SwiftExpressions.calls(in: block).first { candidate in
                    isBuilding(candidate, builders: builders)
                        && candidate.arguments.contains { $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name }
                }
            }
            return nil
        }
        return nil
    }

    /// The container-building call a `parent:` argument names: built in place, or the value of a
    /// local `let` of the same block (`let services = Assembler(…)`; `Assembler(vcs, parent: services)`).
    private static func parentCall(of call: FunctionCallExprSyntax, builders: Set<String>) -> FunctionCallExprSyntax? {
        guard let argument = call.arguments.first(where: { $0.label?.text == "parent" })?.expression else { return nil }
        if let built = argument.as(FunctionCallExprSyntax.self) { return isBuilding(built, builders: builders) ? built : nil }
        guard let name = argument.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let block = Syntax(call).ancestorOrSelf(where: { $0.is(CodeBlockItemListSyntax.self) })?.as(CodeBlockItemListSyntax.self)
        else { return nil }
        for item in block {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                guard let value = binding.initializer?.value.as(FunctionCallExprSyntax.self), isBuilding(value, builders: builders) else { return nil }
                return value
            }
        }
        return nil
    }

    /// `let child = Assembler(…)` in a function's code: `child` and that code.
    private static func local(holding call: FunctionCallExprSyntax) -> (name: String, scope: Syntax)? {
        guard let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let scope = Syntax(binding).ancestorOrSelf(where: { $0.is(CodeBlockItemListSyntax.self) })
        else { return nil }
        return (name, scope)
    }

    private static func isBuilding(_ call: FunctionCallExprSyntax, builders: Set<String>) -> Bool {
        guard let type = SwiftExpressions.typeName(call.calledExpression) else { return false }
        return isAssembler(type) || builders.contains(type)
    }

    private static func isAssembler(_ type: String) -> Bool { type == "Assembler" || type == "Swinject.Assembler" }

    /// Types whose initializer builds an `Assembler` from assemblies it is given
    /// (`init(assemblies: [Assembly]) { assembler = Assembler(assemblies) }`).
    private final class BuilderFinder: SyntaxVisitor {
        var builders = Set<String>()

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let body = node.body,
                let owner = Syntax(node).ancestorOrSelf(where: {
                    $0.is(ClassDeclSyntax.self) || $0.is(StructDeclSyntax.self) || $0.is(ExtensionDeclSyntax.self)
                })
            else { return .skipChildren }
            let parameters = Set(node.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
            let buildsFromThem = SwiftExpressions.calls(in: body).contains { call in
                SwiftExpressions.typeName(call.calledExpression).map(ContainerGroups.isAssembler) == true
                    && call.arguments.first.flatMap { $0.expression.as(DeclReferenceExprSyntax.self) }.map { parameters.contains($0.baseName.text) } == true
            }
            guard buildsFromThem else { return .skipChildren }
            let name =
                owner.as(ClassDeclSyntax.self)?.name.text ?? owner.as(StructDeclSyntax.self)?.name.text
                ?? owner.as(ExtensionDeclSyntax.self).map { FactoryCatalogue.lastName($0.extendedType) }
            if let name { builders.insert(name) }
            return .skipChildren
        }
    }
}
