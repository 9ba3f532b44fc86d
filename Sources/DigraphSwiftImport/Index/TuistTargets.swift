import SwiftParser
import SwiftSyntax

/// The programs a Tuist `Project.swift` builds, and the folders each one's sources are in: a
/// target written in place (`.target(name: "ActionExtension", product: .appExtension, sources:
/// ["Modules/App/ActionExtension/Source/**"])`, or `Target(…)`) whose product is an app, an app
/// extension or another program the system starts. A target made by a helper of the project's
/// own (`Project.app(name:)`) says nothing digraph reads; nor does a framework's, whose code any
/// program may link.
enum TuistTargets {
    /// The products that are programs of their own.
    static let programProducts: Set<String> = [
        "app", "appExtension", "appClip", "watch2App", "watch2Extension", "tvTopShelfExtension", "messagesExtension",
        "stickerPackExtension", "extensionKitExtension", "commandLineTool", "xpc", "systemExtension",
    ]

    /// The program targets building each folder (relative to the manifest's folder: a source
    /// pattern's part before its first wildcard), by target name.
    static func programFolders(inManifest text: String) -> [(folder: String, target: String)] {
        let tree = Parser.parse(source: text)
        var found: [(folder: String, target: String)] = []
        for call in SwiftExpressions.calls(in: Syntax(tree)) {
            let callee = call.calledExpression.trimmedDescription
            guard [".target", "Target", "Target.target", ".init"].contains(callee) else { continue }
            let arguments = Dictionary(call.arguments.compactMap { argument in argument.label.map { ($0.text, argument.expression) } }) { first, _ in first }
            guard let product = arguments["product"]?.as(MemberAccessExprSyntax.self)?.declName.baseName.text, programProducts.contains(product),
                let name = arguments["name"].flatMap(literal), let sources = arguments["sources"]
            else { continue }
            for pattern in literals(in: sources) {
                let folder = folderBeforeWildcards(pattern)
                guard !folder.isEmpty else { continue }
                found.append((folder, name))
            }
        }
        return found
    }

    /// `"Sources/**"` → `Sources`; `"App/Sources/**/*.swift"` → `App/Sources`; `"*.swift"` → "".
    static func folderBeforeWildcards(_ pattern: String) -> String {
        let components = pattern.split(separator: "/", omittingEmptySubsequences: true)
        let plain = components.prefix { !$0.contains(where: { "*?[{".contains($0) }) }
        // A last component without wildcards names a file or a folder: a folder only when more follows.
        let folders = plain.count == components.count ? plain.dropLast(plain.last?.contains(".") == true ? 1 : 0) : plain
        return folders.filter { $0 != "." }.joined(separator: "/")
    }

    private static func literal(_ expression: ExprSyntax) -> String? {
        guard let string = expression.as(StringLiteralExprSyntax.self), string.segments.count == 1,
            let segment = string.segments.first?.as(StringSegmentSyntax.self)
        else { return nil }
        return segment.content.text
    }

    /// The plain string literals anywhere in an argument (`["A/**", "B/**"]`, `.paths(["A/**"])`).
    private static func literals(in expression: ExprSyntax) -> [String] {
        final class Literals: SyntaxVisitor {
            var found: [String] = []
            override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
                if let text = TuistTargets.literal(ExprSyntax(node)) { found.append(text) }
                return .skipChildren
            }
        }
        let visitor = Literals(viewMode: .sourceAccurate)
        visitor.walk(expression)
        return visitor.found
    }
}
