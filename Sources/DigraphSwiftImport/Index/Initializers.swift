import SwiftSyntax

/// The app's types' initializers, by their parameters: which of them a call with given argument
/// labels runs. What one initializer resolves is not resolved by a call of another
/// (dreamzero-oxm/ios-dreamzero-blog: a factory calls `PhotoListViewModel(repo:)`, and the
/// `convenience init(container: Container = .shared)` beside it, resolving the repository itself,
/// never runs there).
struct Initializers {
    /// One initializer: its parameters, and the initializers of its own type it hands on to
    /// (`self.init(repo: …)`), by argument labels.
    struct Signature: Hashable {
        var parameters: [TypeDeclarations.Parameter]
        var delegatesTo: [[String?]] = []

        init(_ node: InitializerDeclSyntax) {
            parameters = node.signature.parameterClause.parameters.map {
                TypeDeclarations.Parameter(label: $0.argumentLabel, type: $0.type.trimmedDescription, hasDefault: $0.defaultValue != nil)
            }
            guard let body = node.body else { return }
            for call in SwiftExpressions.calls(in: Syntax(body)) where ["self.init", "Self.init"].contains(call.calledExpression.trimmedDescription) {
                delegatesTo.append(call.arguments.map { $0.label?.text })
            }
        }

        /// A call with these argument labels can run it: each label in its place, the parameters
        /// it leaves out defaulted (as `TypeDeclarations.passed` matches a call to a declaration).
        func fits(_ labels: [String?]) -> Bool { TypeDeclarations.passed(labels, to: parameters) != nil }
    }

    private var byType: [String: [Signature]] = [:]

    mutating func add(_ signature: Signature, of type: String) { byType[type, default: []].append(signature) }

    mutating func merge(_ other: Initializers) { byType.merge(other.byType) { $0 + $1 } }

    /// The initializers of `type` a call with `labels` runs: the one it fits and those it hands on
    /// to. Nil when none fits (a memberwise or inherited initializer, a trailing closure): then
    /// any of them may run.
    func run(by labels: [String?], building type: String) -> Set<Signature>? {
        let all = byType[type] ?? []
        var next = all.filter { $0.fits(labels) }
        guard !next.isEmpty else { return nil }
        var run = Set<Signature>()
        while let initializer = next.popLast() {
            guard run.insert(initializer).inserted else { continue }
            for labels in initializer.delegatesTo { next += all.filter { $0.fits(labels) } }
        }
        return run
    }

    /// The initializer `node` is written in, outside any function or closure declared in it.
    static func initializer(around node: Syntax) -> InitializerDeclSyntax? {
        var current = node.parent
        while let parent = current {
            if let initializer = parent.as(InitializerDeclSyntax.self) { return initializer }
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(AccessorBlockSyntax.self)
                || parent.is(MemberBlockSyntax.self)
            {
                return nil
            }
            current = parent.parent
        }
        return nil
    }
}
