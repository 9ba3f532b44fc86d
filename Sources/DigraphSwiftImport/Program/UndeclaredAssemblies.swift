import DigraphCore
import SwiftSyntax

/// Swinject assemblies the app applies (`Assembler([BibleAssembly(), …])`, `apply(assemblies:
/// […])`, `apply(assembly: …)`) whose type no given path declares: a package's, or a git
/// submodule's that is not checked out. What they register is unknown, so a key nothing digraph
/// read provides may be theirs: no `missing-binding` is certain.
struct UndeclaredAssemblies {
    /// Each such type once, at the first place it is applied, with how many other places apply it.
    private(set) var applied: [(type: String, location: DigraphCore.SourceLocation, others: Int)] = []

    init(files: [SwiftFile], isDeclared: (String) -> Bool) {
        var order: [String] = []
        var places: [String: [DigraphCore.SourceLocation]] = [:]
        // Only a file importing Swinject names its `Assembler` or `Assembly`: the others are not walked.
        for file in files
        where file.refusal == nil && file.importDeclarations.contains(where: { $0.module == "Swinject" }) && !RegistrationOrder.isTestCode(file) {
            for call in SwiftExpressions.calls(in: file.tree) {
                guard let type = SwiftExpressions.typeName(call.calledExpression), Self.isApplied(call), !isDeclared(FactoryCatalogue.lastName(type))
                else { continue }
                if places[type] == nil { order.append(type) }
                places[type, default: []].append(file.location(of: call))
            }
        }
        applied = order.map { type in
            let all = places[type]!.sorted()
            return (type, all[0], all.count - 1)
        }
    }

    /// The warning at each place: what digraph does not know, and how to tell it.
    var findings: [Diagnostic] {
        applied.map { type, location, others in
            Diagnostic(
                .swiftImport, .warning,
                "'\(type)' is applied here\(others > 0 ? " (and in \(others) more place\(others == 1 ? "" : "s"))" : ""), but no given path declares it (a package's, or a submodule not checked out?): what it registers is unknown, so a key nothing digraph read provides is a warning, not an error; give digraph its sources",
                at: location)
        }
    }

    /// Why a key nothing read provides is not certainly missing.
    var reason: String? {
        guard let first = applied.first else { return nil }
        let more = applied.count > 1 ? " and \(applied.count - 1) more assembl\(applied.count == 2 ? "y" : "ies")" : ""
        return
            "'\(first.type)'\(more), applied at \(first.location.file):\(first.location.line), \(applied.count > 1 ? "are" : "is") not in the given paths and may register it"
    }

    /// An element of the assemblies an `Assembler(…)` is built with (its unlabelled array) or an
    /// `apply` is given (`assemblies:`, `assembly:`); never its `container:` or `parent:`.
    private static func isApplied(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        var label: String??
        while let parent = node.parent {
            if let argument = parent.as(LabeledExprSyntax.self) { label = .some(argument.label?.text) }
            if parent.is(ArrayElementSyntax.self) || parent.is(ArrayElementListSyntax.self) || parent.is(ArrayExprSyntax.self)
                || parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
            {
                node = parent
                continue
            }
            guard let applying = parent.as(FunctionCallExprSyntax.self), applying.arguments.id == node.id, let label else { return false }
            if let type = SwiftExpressions.typeName(applying.calledExpression) {
                return (type == "Assembler" || type == "Swinject.Assembler") && [nil, "assemblies"].contains(label)
            }
            return SwiftExpressions.callee(of: applying)?.name == "apply" && ["assemblies", "assembly"].contains(label)
        }
        return false
    }
}
