import DigraphCore
import SwiftSyntax

extension ClosureReader {
    /// An `autoregister(P.self, argument: A.self, initializer: Impl.init(a:b:))`.
    mutating func read(autoregister initializer: ExprSyntax, argumentTypes arguments: [String], key: String? = nil) {
        var expression = initializer
        var labels: [String?]?
        if let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "init", let base = access.base {
            if let names = access.declName.argumentNames {
                labels = names.arguments.map { $0.name.text == "_" ? nil : $0.name.text }
            }
            expression = base
        }
        guard var implementation = SwiftExpressions.typeName(expression) else {
            warn(
                "its initializer `\(SwiftExpressions.quoted(initializer, limit: 80))` is not `Type.init`; fill in its implementation and dependencies",
                at: Syntax(initializer))
            return
        }
        // `autoregister(ClipboardView<Impl>.self, initializer: ClipboardView.init)`: Swift takes the
        // generic arguments from the key.
        if let key, !implementation.contains("<"), key.hasPrefix(implementation + "<") { implementation = key }
        reading.implementation = implementation
        guard let candidates = declarations.initializers(of: implementation) else {
            warn(
                "'\(implementation)' is not declared in the imported sources, so its initializer's parameters are unknown; add the file that declares it, or fill in the dependencies",
                at: Syntax(initializer))
            return
        }
        let matching = labels.map { labels in candidates.filter { $0.map(\.label) == labels } } ?? candidates
        guard let chosen = matching.first else {
            warn(
                "'\(implementation)' declares no initializer `init(\((labels ?? []).map { ($0 ?? "_") + ":" }.joined()))`; fill in the dependencies",
                at: Syntax(initializer))
            return
        }
        if matching.count > 1 {
            warn(
                "'\(implementation)' has \(matching.count) initializers that fit; digraph took the first, `init(\(chosen.map { ($0.label ?? "_") + ":" }.joined()))`; name one with `\(implementation).init(a:b:)`",
                at: Syntax(initializer))
        }
        var remaining = arguments
        for parameter in chosen {
            let label = uniqueLabel(parameter.label ?? "_" + SwiftExpressions.parameterName(for: parameter.type))
            let location = file.location(of: Syntax(initializer))
            // Autoregistration hands the runtime arguments to the parameters of their types, in order.
            if let position = remaining.firstIndex(of: parameter.type) {
                remaining.remove(at: position)
                argumentNames.append(label)
                argumentTypes[label] = parameter.type
                reading.dependencies.append(.init(label: label, source: .argument(label), location: location))
                continue
            }
            let declared = DeclaredType(parameter.type)
            reading.dependencies.append(
                .init(
                    label: label, source: .service(type: declared.key, name: nil, isLazy: false, isOptional: declared.isOptional, passing: []),
                    location: location))
        }
        if !remaining.isEmpty {
            warn("the argument type(s) \(remaining.joined(separator: ", ")) match no parameter of '\(implementation)'s initializer", at: Syntax(initializer))
        }
    }
}
