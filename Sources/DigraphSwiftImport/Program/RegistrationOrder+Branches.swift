import DigraphCore
import SwiftSyntax

/// The branches around a registration: `if`/`else`, `switch` cases and `#if` clauses, which of
/// them tests or previews take, and how a condition is said.
extension RegistrationOrder {
    /// One branch taken: the branching statement and which of its branches (the node of the `if`
    /// body or `else`, the `switch` case, the `#if` clause: an identity, found in constant time).
    struct Branch: Equatable {
        var statement: SyntaxIdentifier
        var taken: SyntaxIdentifier
        /// The tree and the byte ranges of the statement and of the branch taken.
        var root: SyntaxIdentifier
        var statementSpan: Range<Int>
        var takenSpan: Range<Int>
        /// For an `if` that asks whether tests or previews run: the branch the app itself takes,
        /// and the condition as written.
        var app: (taken: SyntaxIdentifier, condition: String)? = nil
        /// The branching statement (an `if`, a `switch`'s cases, an `#if`'s clauses) and the branch taken.
        var nodes: (statement: Syntax, taken: Syntax)? = nil

        static func == (lhs: Branch, rhs: Branch) -> Bool { lhs.statement == rhs.statement && lhs.taken == rhs.taken }

        /// Where it is, when this is the branch tests or previews take and the app does not:
        /// `` `if isRunningTests` `` or `` the `else` of `if !isRunningTests` ``.
        var notTheApps: String? {
            guard let app, app.taken != taken else { return nil }
            return RegistrationOrder.testOrPreviewPlace(app.condition, isElse: isElse)
        }
        var isElse = false

        /// The condition as written, read only when asked: `` `if useOffline` ``, `` `switch environment` ``, `` `#if os(iOS)` ``.
        var condition: String {
            guard let (statement, taken) = nodes else { return "a branch" }
            if let branch = statement.as(IfExprSyntax.self) { return "`if \(SwiftExpressions.quoted(branch.conditions, limit: 60))`" }
            if let cases = statement.as(SwitchCaseListSyntax.self), let switchStatement = cases.parent?.as(SwitchExprSyntax.self) {
                return "`switch \(SwiftExpressions.quoted(switchStatement.subject, limit: 60))`"
            }
            if let clause = taken.as(IfConfigClauseSyntax.self) {
                let first = statement.as(IfConfigClauseListSyntax.self)?.first?.condition
                return
                    "`#if \(SwiftExpressions.quoted(first ?? clause.condition.map(ExprSyntax.init) ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier("?"))), limit: 60))`"
            }
            return "a branch"
        }
    }

    /// What a condition that detects tests or previews is written with: XCTest's environment
    /// variables and classes, Xcode's preview variable, launch arguments, the usual flag names.
    static let testOrPreviewDetections = [
        "xctest", "runningtests", "runningunittests", "istesting", "isunittest", "isuitest", "uitesting", "ui-testing", "unittesting",
        "running_for_previews", "runningforpreviews", "ispreview", "inpreview",
    ]

    /// A test target's file: in a folder whose name ends in `Tests` or `Specs`, or importing XCTest,
    /// Testing, Quick or Nimble.
    static func isTestCode(_ file: SwiftFile) -> Bool {
        let folders = file.path.split(separator: "/").dropLast()
        return folders.contains { $0.hasSuffix("Tests") || $0.hasSuffix("Specs") }
            || ["XCTest", "Testing", "Quick", "Nimble"].contains(where: file.imports)
    }

    /// The words of an enum case that names what tests or previews build (`.mock`, `.preview`,
    /// `.uiTesting`, `.stubbed`): camel-case words, so `.latest` and `.contest` are not tests.
    static let testOrPreviewCaseWords: Set<String> = [
        "mock", "mocks", "mocked", "test", "tests", "testing", "preview", "previews", "stub", "stubs", "stubbed", "fake", "fakes", "dummy",
    ]

    /// Whether a `switch` case's pattern (`.mock`, `case .preview, .test`) names only what tests
    /// or previews build.
    static func isTestOrPreviewCase(_ label: SwitchCaseLabelSyntax) -> Bool {
        label.caseItems.allSatisfy { item in
            guard let name = item.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            else { return false }
            return namesTestOrPreview(name)
        }
    }

    /// Whether a name's camel-case words (or those between `-`, `_`, spaces) say tests or previews:
    /// `setupMocks`, `MockUserSession`, `PreviewContent`, `swiyuUITests-App`; not `latest`, `contest`.
    static func namesTestOrPreview(_ name: some StringProtocol) -> Bool {
        var words: [String] = [""]
        for character in name {
            if !(character.isLetter || character.isNumber) {
                words.append("")
                continue
            }
            if character.isUppercase, !words[words.count - 1].isEmpty { words.append("") }
            words[words.count - 1].append(Character(character.lowercased()))
        }
        return words.contains { testOrPreviewCaseWords.contains($0) }
    }

    /// For `if isRunningTests { … } else { … }` (or `!…`): which branch the app takes (0 the body,
    /// 1 the `else`), and the condition's text; nil for any other condition.
    static func appBranch(of conditions: ConditionElementListSyntax) -> (index: Int, condition: String)? {
        guard conditions.count == 1, let expression = conditions.first?.condition.as(ExprSyntax.self) else { return nil }
        var core = expression
        var negated = false
        while let prefix = core.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            negated.toggle()
            core = prefix.expression
        }
        let text = core.trimmedDescription.lowercased()
        guard testOrPreviewDetections.contains(where: { text.contains($0) }) else { return nil }
        return (negated ? 0 : 1, SwiftExpressions.quoted(expression, limit: 80))
    }

    /// The branches around a call, up to the function body: an `if`'s body or `else`, a
    /// `switch`'s case, an `#if`'s clause.
    /// Each `if`'s app branch is worked out once (`appBranches`, by statement): a call nested in a
    /// 1,900-rung `else if` ladder reads each rung's condition once, not once per call.
    static func branches(
        of call: FunctionCallExprSyntax, in body: Syntax, appBranches: inout [SyntaxIdentifier: (taken: SyntaxIdentifier, condition: String)?]
    ) -> [Branch] {
        var found: [Branch] = []
        var node = Syntax(call)
        while let parent = node.parent, node.id != body.id {
            if let branch = parent.as(IfExprSyntax.self), branch.body.id == node.id || branch.elseBody?.id == node.id {
                let app = appBranch(of: branch, known: &appBranches)
                found.append(
                    Branch(
                        statement: branch.id, taken: node.id, root: node.root.id, statementSpan: span(of: parent), takenSpan: span(of: node), app: app,
                        nodes: (parent, node), isElse: branch.elseBody?.id == node.id))
            } else if parent.is(SwitchCaseListSyntax.self) || parent.is(IfConfigClauseListSyntax.self) {
                found.append(
                    Branch(
                        statement: parent.id, taken: node.id, root: node.root.id, statementSpan: span(of: parent), takenSpan: span(of: node),
                        nodes: (parent, node)))
            }
            node = parent
        }
        return found
    }

    /// The branch the app takes of an `if` whose condition detects tests or previews (its body or
    /// its `else`; the `if` itself when the app takes an `else` there is none of), read once per
    /// `if` into `known`.
    static func appBranch(
        of branch: IfExprSyntax, known: inout [SyntaxIdentifier: (taken: SyntaxIdentifier, condition: String)?]
    ) -> (taken: SyntaxIdentifier, condition: String)? {
        if let answer = known[branch.id] { return answer }
        let answer = appBranch(of: branch.conditions).map {
            (taken: $0.index == 0 ? branch.body.id : branch.elseBody?.id ?? branch.id, condition: $0.condition)
        }
        known[branch.id] = .some(answer)
        return answer
    }

    /// How messages name the branch tests or previews take: `` `if isRunningTests` `` or
    /// `` the `else` of `if !isRunningTests` ``.
    static func testOrPreviewPlace(_ condition: String, isElse: Bool) -> String {
        isElse ? "the `else` of `if \(condition)`" : "`if \(condition)`"
    }

    fileprivate static func span(of node: Syntax) -> Range<Int> { node.position.utf8Offset..<node.endPosition.utf8Offset }
}
