import SwiftSyntax

/// One way the app is compiled, as far as `#if` goes: which compilation conditions are set.
///
/// digraph reads a debug and a release build (`DEBUG` set or not), each with the flags a team
/// names (`--define`, `import.define` in `.digraph.yml`). A condition it cannot decide on its own
/// (`os(iOS)`, `canImport(UIKit)`, `targetEnvironment(simulator)`, a flag nobody named) leaves that
/// `#if`'s clauses read as alternatives, as before: never guessed either way.
public struct BuildConfiguration: Hashable, Sendable {
    /// How messages name it: "a debug build", "a release build".
    public var name: String
    /// The conditions set.
    public var set: Set<String>
    /// The conditions this build decides: set, or known to be unset.
    public var decided: Set<String>

    public init(name: String, set: Set<String>, decided: Set<String>) {
        self.name = name
        self.set = set
        self.decided = decided.union(set)
    }

    /// The debug and the release build, each with `defines` set.
    public static func standard(defining defines: [String] = []) -> [BuildConfiguration] {
        [
            BuildConfiguration(name: "debug", set: Set(defines + ["DEBUG"]), decided: ["DEBUG"]),
            BuildConfiguration(name: "release", set: Set(defines), decided: ["DEBUG"]),
        ]
    }

    /// The build `import`, `render` and one-graph answers read: what a developer runs.
    public static let debug = standard()[0]

    /// Whether a condition holds in this build: nil when digraph cannot tell.
    func holds(_ condition: ExprSyntax) -> Bool? {
        if let literal = condition.as(BooleanLiteralExprSyntax.self) { return literal.literal.tokenKind == .keyword(.true) }
        if let name = condition.as(DeclReferenceExprSyntax.self), name.argumentNames == nil {
            let flag = name.baseName.text
            return decided.contains(flag) ? set.contains(flag) : nil
        }
        if let negated = condition.as(PrefixOperatorExprSyntax.self), negated.operator.text == "!" {
            return holds(negated.expression).map { !$0 }
        }
        if let parenthesized = condition.as(TupleExprSyntax.self), parenthesized.elements.count == 1, let only = parenthesized.elements.first,
            only.label == nil
        {
            return holds(only.expression)
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
            return combine(holds(infix.leftOperand), op.operator.text, holds(infix.rightOperand))
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            // `a && b || c`: `&&` binds tighter, so the sequence is `||` of `&&` groups.
            let elements = Array(sequence.elements)
            guard elements.count % 2 == 1 else { return nil }
            var groups: [Bool?] = []
            var group = holds(elements[0])
            for index in stride(from: 1, to: elements.count, by: 2) {
                guard let op = elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "&&" || op == "||" else { return nil }
                let operand = holds(elements[index + 1])
                if op == "&&" {
                    group = combine(group, "&&", operand)
                } else {
                    groups.append(group)
                    group = operand
                }
            }
            groups.append(group)
            return groups.dropFirst().reduce(groups[0]) { combine($0, "||", $1) }
        }
        // `os(iOS)`, `canImport(X)`, `swift(>=5.9)`, `targetEnvironment(simulator)`, …: not decided here.
        return nil
    }

    private func combine(_ left: Bool?, _ op: String, _ right: Bool?) -> Bool? {
        switch op {
        case "&&":
            if left == false || right == false { return false }
            return left == true && right == true ? true : nil
        case "||":
            if left == true || right == true { return true }
            return left == false && right == false ? false : nil
        default: return nil
        }
    }

    /// The byte ranges of `#if` clauses this build leaves out: after an active clause, and those
    /// whose condition is false, up to the first clause it cannot decide (that one and the rest stay).
    func inactiveRanges(in tree: SourceFileSyntax) -> [Range<Int>] {
        let finder = InactiveClauses(build: self)
        finder.walk(tree)
        return finder.ranges
    }

    private final class InactiveClauses: SyntaxVisitor {
        let build: BuildConfiguration
        var ranges: [Range<Int>] = []

        init(build: BuildConfiguration) {
            self.build = build
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
            var taken = false
            for clause in node.clauses {
                let active: Bool?
                if taken {
                    active = false
                } else if let condition = clause.condition {
                    active = build.holds(condition)
                } else {
                    active = true  // `#else`
                }
                guard let active else { break }
                if active {
                    taken = true
                } else if let elements = clause.elements {
                    ranges.append(elements.position.utf8Offset..<elements.endPosition.utf8Offset)
                }
            }
            return .visitChildren
        }
    }

    /// The `#if` clauses this build cannot decide, with the lines their code spans and the
    /// condition as written: from the first clause whose condition it cannot tell (`#if os(iOS)`)
    /// to the end of that `#if`, each later one too (`#elseif os(tvOS)`, `#else`). Code there is
    /// compiled in some builds of the app only.
    func undecidedClauses(in file: SwiftFile) -> [(lines: ClosedRange<Int>, condition: String)] {
        let finder = UndecidedClauses(build: self, file: file)
        finder.walk(file.tree)
        return finder.clauses
    }

    private final class UndecidedClauses: SyntaxVisitor {
        let build: BuildConfiguration
        let file: SwiftFile
        var clauses: [(lines: ClosedRange<Int>, condition: String)] = []

        init(build: BuildConfiguration, file: SwiftFile) {
            self.build = build
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
            var undecided: String?
            for clause in node.clauses {
                if undecided == nil, let condition = clause.condition, build.holds(condition) == nil {
                    undecided = condition.trimmedDescription
                }
                guard let first = undecided, let elements = clause.elements else { continue }
                let condition =
                    clause.condition.map { "`\(clause.poundKeyword.text) \(SwiftExpressions.oneLine($0.trimmedDescription))`" }
                    ?? "`#else` of `\(SwiftExpressions.oneLine(first))`"
                clauses.append((file.location(of: elements).line...file.location(ofEnd: elements).line, condition))
            }
            return .visitChildren
        }
    }
}
