import SwiftSyntax

/// Which members of a protocol's extension a conforming type uses: those its own code names, those
/// other code calls on a value, and those such members name in turn, however deep.
/// `extension BaseRepository { var monitor: M { Container.shared.monitor() } func update() { … } }`
/// resolves for `WorkoutRepository` only what the members it uses resolve: a conformer whose code
/// never calls `update()`, and on which nothing else calls it, does not depend on what `update()`
/// resolves. A member some code calls on a value (`router.openDetail(id)`, on a router inheriting
/// its routes) counts for every conformer: digraph does not tell which one the value is.
struct MemberReferences {
    /// Type → member ("" for code outside any member) → names written there.
    private var names: [String: [String: Set<String>]] = [:]
    /// Name → where code calls it on a value other than `self`: the type the code is in ("" outside
    /// any), and the name the value's chain of properties starts from (`Container` in
    /// `Container.shared.api`, "" past a call).
    private var calledOnValues: [String: Set<Call>] = [:]

    private struct Call: Hashable {
        var type: String
        var root: String
    }

    /// One walk over the files (the app's, not its tests': a test calling a member is no use of it).
    init(files: [SwiftFile]) {
        for file in files where file.refusal == nil {
            let collector = Collector(viewMode: .sourceAccurate)
            collector.walk(file.tree)
            names.merge(collector.names) { mine, theirs in mine.merging(theirs) { $0.union($1) } }
            calledOnValues.merge(collector.calledOnValues) { $0.union($1) }
        }
    }

    /// The members of `protocolType`'s extensions that `type` uses; a call on a value whose chain
    /// starts at one of `containers` (`NetworkContainer.shared.userManager()`) is a container's
    /// own property, not the member of the same name.
    func members(of protocolType: String, usedBy type: String, containers: Set<String> = []) -> Set<String> {
        let offered = names[protocolType] ?? [:]
        let own = (names[type] ?? [:]).values.reduce(into: Set<String>()) { $0.formUnion($1) }
        let calledFromOutside = offered.keys.filter { member in
            calledOnValues[member]?.contains { $0.type != protocolType && !containers.contains($0.root) } == true
        }
        var used = Set<String>()
        var pending = own.filter { offered[$0] != nil }.union(calledFromOutside)
        while let member = pending.popFirst() {
            guard used.insert(member).inserted else { continue }
            pending.formUnion((offered[member] ?? []).filter { offered[$0] != nil && !used.contains($0) })
        }
        return used
    }

    /// The member of the enclosing type a node is written in: a method's, an initializer's
    /// (`init`) or a property's name.
    static func member(around node: Syntax) -> String? {
        var current = node
        while let parent = current.parent {
            if parent.is(MemberBlockItemSyntax.self) {
                if let function = current.as(FunctionDeclSyntax.self) { return function.name.text }
                if current.is(InitializerDeclSyntax.self) { return "init" }
                return current.as(VariableDeclSyntax.self)?.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            current = parent
        }
        return nil
    }

    private final class Collector: TypeScopedVisitor {
        var names: [String: [String: Set<String>]] = [:]
        var calledOnValues: [String: Set<Call>] = [:]

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if let type = types.last {
                names[type, default: [:]][MemberReferences.member(around: Syntax(node)) ?? "", default: []].insert(node.baseName.text)
            }
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            if let base = node.base, !Self.isSelf(base) {
                calledOnValues[node.declName.baseName.text, default: []].insert(Call(type: types.last ?? "", root: SwiftExpressions.rootName(base)))
            }
            return .visitChildren
        }

        /// `self`, `self?`, `self!`: the value's own code, not another's call on it.
        private static func isSelf(_ base: ExprSyntax) -> Bool {
            let core = base.as(OptionalChainingExprSyntax.self)?.expression ?? base.as(ForceUnwrapExprSyntax.self)?.expression ?? base
            return core.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        }
    }
}
