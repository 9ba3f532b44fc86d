import DigraphCore
import SwiftSyntax

/// Swinject containers a type makes for itself: a property whose value is a new `Container()`
/// (`private lazy var container: Container = { let c = Container(); c.register(…); return c }()`),
/// or a `convenience init` in `extension Container` that registers on `self`. Each is a container
/// of its own, which never meets another one: a key registered on two of them is registered once
/// in each, and one's missing key is not found in the other. A helper in `extension Container`
/// (`func injectCore()`) registers on whichever container calls it, so its registrations belong
/// to each caller. Windscribe's iOS app applies its assemblies to `Assembler.container`, while its
/// App Intents build `ContainerResolver`'s own container and its tunnel `Container(isExt:)`.
struct OwnContainers {
    struct Own {
        /// `ContainerResolver.container`, `Container.init(isExt:)`.
        var name: String
        /// The type whose property holds it (`ContainerResolver`); nil for a container's initializer.
        var holder: String?
        /// Where the container is made: the `Container()` call, or the initializer.
        var location: DigraphCore.SourceLocation
        /// The registrations made on it, by offset into what the finder found.
        var offsets: [Int] = []
        /// The helpers called on it.
        var helpers = Set<String>()
        /// The resolves made on it, by location.
        var resolves = Set<DigraphCore.SourceLocation>()
    }

    private(set) var containers: [Own] = []
    /// The registrations each helper of the container type makes, by the helper's name.
    private(set) var helperOffsets: [String: [Int]] = [:]
    /// The helpers some other container calls (an assembly's `container.injectCore()`).
    private(set) var helpersCalledElsewhere = Set<String>()

    private enum Holder: Hashable {
        case property(type: String, name: String)
        case initializer(SyntaxIdentifier)
    }

    /// `kept`: the offsets still in the app's graph.
    init(files: [SwiftFile], found: [RegistrationFinder.Found], kept: Set<Int>, resolves: Set<DigraphCore.SourceLocation>) {
        let readable = files.filter { $0.refusal == nil && $0.imports("Swinject") }
        guard !readable.isEmpty else { return }
        var numberOf: [Holder: Int] = [:]
        var helperNames = Set<String>()
        // What some call is given as its `container:` (`Assembler([…], container: container)`,
        // `assembly.assemble(container: self.container)`): the container assemblies register on.
        var handedOn: [(argument: ExprSyntax, call: FunctionCallExprSyntax)] = []
        for file in readable {
            for group in Self.groups(in: Syntax(file.tree)) {
                guard let type = SwiftExpressions.typeName(declaredBy: group) else { continue }
                let extendsContainer = group.is(ExtensionDeclSyntax.self) && Self.isContainerType(type)
                for member in group.memberBlock.members {
                    if extendsContainer, let function = member.decl.as(FunctionDeclSyntax.self) {
                        helperNames.insert(function.name.text)
                    } else if extendsContainer, let initializer = member.decl.as(InitializerDeclSyntax.self),
                        initializer.modifiers.contains(where: { $0.name.text == "convenience" }), let body = initializer.body,
                        SwiftExpressions.calls(in: body).contains(where: { Self.isSelfInit($0) })
                    {
                        let labels = initializer.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
                        numberOf[.initializer(initializer.id)] = containers.count
                        containers.append(Own(name: "Container.init(\(labels))", holder: nil, location: file.location(of: initializer.initKeyword)))
                    } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                        for binding in variable.bindings {
                            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                                let made = binding.initializer.flatMap({ Self.madeContainer(by: $0.value) })
                            else { continue }
                            let holder = Holder.property(type: FactoryCatalogue.lastName(type), name: name)
                            guard numberOf[holder] == nil else { continue }
                            numberOf[holder] = containers.count
                            containers.append(
                                Own(
                                    name: "\(FactoryCatalogue.lastName(type)).\(name)", holder: FactoryCatalogue.lastName(type),
                                    location: file.location(of: made)))
                        }
                    }
                }
            }
            for call in SwiftExpressions.calls(in: file.tree) {
                for argument in call.arguments where argument.label?.text == "container" { handedOn.append((argument.expression, call)) }
            }
        }
        guard !containers.isEmpty else { return }
        let offsetAt = Dictionary(found.indices.filter(kept.contains).map { (found[$0].location, $0) }, uniquingKeysWith: { first, _ in first })
        for file in readable {
            for call in SwiftExpressions.calls(in: file.tree) {
                guard let (name, receiver) = SwiftExpressions.callee(of: call) else { continue }
                let place = file.location(of: call)
                let offset = offsetAt[place]
                let isHelperCall = helperNames.contains(name) && offset == nil
                let isResolve = name == "resolve" && resolves.contains(place)
                guard offset != nil || isHelperCall || isResolve else { continue }
                let number = Self.container(receiver, at: call, numberOf: numberOf)
                if let offset {
                    if let number {
                        containers[number].offsets.append(offset)
                    } else if receiver == nil || receiver?.trimmedDescription == "self", let helper = Self.helper(around: call) {
                        helperOffsets[helper, default: []].append(offset)
                    }
                } else if isHelperCall {
                    if let number { containers[number].helpers.insert(name) } else { helpersCalledElsewhere.insert(name) }
                } else if let number {
                    containers[number].resolves.insert(place)
                }
            }
        }
        // A container handed on as an `Assembler`'s or an assembly's is the one assemblies register on.
        var assembled = Set<Int>()
        for (argument, call) in handedOn {
            if let access = argument.as(MemberAccessExprSyntax.self), let base = access.base, base.trimmedDescription != "self" {
                // `DI.container`, `DI.shared.container`: that type's; `holder.container`: any of the name.
                let name = access.declName.baseName.text
                let type = RegistrationOrder.rootName(of: base).flatMap { $0.first?.isUppercase == true ? $0 : nil }
                assembled.formUnion(
                    numberOf.compactMap { holder, number in
                        guard case .property(let owner, name) = holder, type == nil || type == owner else { return nil }
                        return number
                    })
            } else if let number = Self.container(argument, at: call, numberOf: numberOf) {
                assembled.insert(number)
            }
        }
        containers = containers.indices.filter { !containers[$0].offsets.isEmpty && !assembled.contains($0) }.map { containers[$0] }
    }

    /// The type declarations and extensions in a tree, nested ones too.
    private static func groups(in node: Syntax) -> [any DeclGroupSyntax] {
        var found: [any DeclGroupSyntax] = []
        var stack = [node]
        while let current = stack.popLast() {
            if let group = current.asProtocol(DeclGroupSyntax.self) { found.append(group) }
            if current.is(CodeBlockSyntax.self) || current.is(ClosureExprSyntax.self) || current.is(AccessorBlockSyntax.self) { continue }
            stack.append(contentsOf: current.children(viewMode: .sourceAccurate))
        }
        return found
    }

    private static func isContainerType(_ type: String) -> Bool { type == "Container" || type == "Swinject.Container" }

    /// `self.init()` in a convenience initializer.
    private static func isSelfInit(_ call: FunctionCallExprSyntax) -> Bool {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return access.declName.baseName.text == "init" && access.base?.trimmedDescription == "self"
    }

    /// The `Container()` a property's value makes: the value itself, or a call in the closure
    /// run to make it (`{ let container = Container(); …; return container }()`). A child
    /// (`Container(parent:)`) looks up its parent's keys: it is not a container of its own.
    private static func madeContainer(by value: ExprSyntax) -> FunctionCallExprSyntax? {
        guard let call = value.as(FunctionCallExprSyntax.self) else { return nil }
        if let type = SwiftExpressions.typeName(call.calledExpression), isContainerType(type) {
            return call.arguments.contains { $0.label?.text == "parent" } ? nil : call
        }
        guard let closure = call.calledExpression.as(ClosureExprSyntax.self), call.arguments.isEmpty else { return nil }
        let made = SwiftExpressions.calls(in: closure).filter { SwiftExpressions.typeName($0.calledExpression).map(isContainerType) == true }
        guard made.count == 1, !made[0].arguments.contains(where: { $0.label?.text == "parent" }) else { return nil }
        return made[0]
    }

    /// The own container a receiver names where `call` is: the enclosing convenience initializer's
    /// `self`, or the enclosing type's property (`container`, `self.container`) unless a parameter
    /// or closure parameter of that name hides it.
    private static func container(_ receiver: ExprSyntax?, at call: FunctionCallExprSyntax, numberOf: [Holder: Int]) -> Int? {
        let isSelf = receiver == nil || receiver?.trimmedDescription == "self"
        var name: String?
        var viaSelf = false
        if let reference = receiver?.as(DeclReferenceExprSyntax.self), reference.baseName.text != "self" {
            name = reference.baseName.text
        } else if let access = receiver?.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
            name = access.declName.baseName.text
            viaSelf = true
        }
        var scope = Syntax(call).parent
        while let current = scope {
            if let initializer = current.as(InitializerDeclSyntax.self) {
                if isSelf { return numberOf[.initializer(initializer.id)] }
                if let name, !viaSelf, initializer.signature.parameterClause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }) {
                    return nil
                }
            }
            if let function = current.as(FunctionDeclSyntax.self), let name, !viaSelf,
                function.signature.parameterClause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name })
            {
                return nil
            }
            if let closure = current.as(ClosureExprSyntax.self), let name, !viaSelf, SwiftExpressions.parameterNames(of: closure).contains(name) { return nil }
            if let group = current.asProtocol(DeclGroupSyntax.self) {
                guard let name, let type = SwiftExpressions.typeName(declaredBy: group) else { return nil }
                return numberOf[.property(type: FactoryCatalogue.lastName(type), name: name)]
            }
            scope = current.parent
        }
        return nil
    }

    /// The helper of the container type a call on `self` sits in: a method of `extension Container`.
    private static func helper(around call: FunctionCallExprSyntax) -> String? {
        guard let function = Syntax(call).ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }),
            let group = Syntax(function).parent?.ancestorOrSelf(mapping: { $0.asProtocol(DeclGroupSyntax.self) }),
            group.is(ExtensionDeclSyntax.self), let type = SwiftExpressions.typeName(declaredBy: group), isContainerType(type)
        else { return nil }
        return function.name.text
    }
}
