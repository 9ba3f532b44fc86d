import DigraphCore
import SwiftSyntax

/// How a test builds and reads an app's hand-rolled container (`gen-swift --target tests`): the
/// container type that declares the registering methods, the functions the app registers in (called
/// with a fresh container, or on `shared`), and the methods that read a key back. What the sources
/// do not say becomes an editor placeholder in the team's setup file, never a guess.
enum HandRolledRecipe {
    static func read(api: ContainerAPI, found: [RegistrationFinder.Found], files: [SwiftFile], declarations: TypeDeclarations)
        -> ContainerRecipe.HandRolled?
    {
        let methods = api.methods.values.flatMap { $0 }
        var registering: [String: Int] = [:]
        for method in methods where !method.isResolve { registering[method.owner, default: 0] += 1 }
        guard let container = registering.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key,
            container.split(separator: ".").allSatisfy({ TypeExpressionParser.isIdentifierShaped(String($0)) })
        else { return nil }
        let readers = methods.filter { $0.owner == container && $0.isResolve }.sorted {
            ($0.parameters.count, $0.name, $0.signature) < ($1.parameters.count, $1.name, $1.signature)
        }
        func onlyDefaultsBesides(_ method: ContainerAPI.Method, _ kept: [Int]) -> Bool {
            method.parameters.indices.allSatisfy { kept.contains($0) || method.parameters[$0].hasDefault }
        }
        func givesNil(_ method: ContainerAPI.Method) -> Bool {
            if case .resolve(.givesNil) = method.role { return true }
            return false
        }
        let plain = readers.first { $0.qualifier == nil && onlyDefaultsBesides($0, [$0.key]) }
        let named = readers.first { method in method.qualifier.map { onlyDefaultsBesides(method, [method.key, $0]) } ?? false }

        // The functions the app registers in, in the order their registrations run.
        var functions: [FunctionDeclSyntax] = []
        var seen = Set<SyntaxIdentifier>()
        for registration in found {
            guard let call = registration.call, let function = Syntax(call).ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }),
                seen.insert(function.id).inserted
            else { continue }
            functions.append(function)
        }
        var calls: [String] = []
        var needsInstance = false
        for function in functions {
            let location = files.first { $0.tree.id == function.root.id }.map { $0.location(of: function.name) }
            let place = location.map { "  // as the app registers (\($0.fileNameAndLine))" } ?? ""
            let owner = SwiftExpressions.enclosingTypeName(of: Syntax(function))
            let isStatic = SwiftExpressions.isTypeLevel(function.modifiers)
            var arguments: [String] = []
            var readable = TypeExpressionParser.isIdentifierShaped(function.name.text)
            for parameter in function.signature.parameterClause.parameters {
                if parameter.defaultValue != nil { continue }
                guard parameter.type.trimmedDescription == container else {
                    readable = false
                    break
                }
                needsInstance = true
                arguments.append(parameter.firstName.text == "_" ? "container" : "\(parameter.firstName.text): container")
            }
            let receiver: String?
            switch (owner, isStatic) {
            case (nil, _): receiver = ""
            case (let type?, true): receiver = type + "."
            case (let type?, false) where type == container:
                needsInstance = true
                receiver = "container."
            default: receiver = nil
            }
            guard readable, let receiver else {
                calls.append("<#call the app's \(function.name.text) as the app does#>\(place)")
                continue
            }
            calls.append("\(receiver)\(function.name.text)(\(arguments.joined(separator: ", ")))\(place)")
        }
        let hasShared = files.contains { file in declaresShared(container, in: file.tree) }
        let builds = declarations.initializer(of: container, labels: []) != nil
        let made: String
        if needsInstance || !hasShared {
            made = builds ? "\(container)()" : hasShared ? "\(container).shared" : "\(container)(<#as the app builds it#>)"
        } else {
            made = "\(container).shared"
        }
        return ContainerRecipe.HandRolled(
            containerType: container, makeContainer: ["let container = \(made)"] + calls + ["return container"],
            resolve: plain.map { ($0.name, $0.parameters[$0.key].label, givesNil($0)) },
            namedResolve: named.map { method in
                (method.name, method.parameters[method.key].label, method.qualifier.flatMap { method.parameters[$0].label }, givesNil(method))
            })
    }

    /// Whether `type` (or an extension of it) in this file declares `static let shared` or `static var shared`.
    private static func declaresShared(_ type: String, in tree: SourceFileSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            let type: String
            var found = false
            init(_ type: String) {
                self.type = type
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
                guard let group = node.parent?.asProtocol(DeclGroupSyntax.self), SwiftExpressions.typeName(declaredBy: group) == type else {
                    return .visitChildren
                }
                for member in node.members {
                    guard let variable = member.decl.as(VariableDeclSyntax.self), variable.modifiers.contains(where: { $0.name.text == "static" }) else {
                        continue
                    }
                    if variable.bindings.contains(where: { $0.pattern.trimmedDescription == "shared" }) { found = true }
                }
                return .visitChildren
            }
        }
        let finder = Finder(type)
        finder.walk(tree)
        return finder.found
    }
}
