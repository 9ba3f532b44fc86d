import DigraphCore
import Foundation
import SwiftParser
import SwiftSyntax

/// One parsed Swift file and how to turn its nodes into locations.
struct SwiftFile {
    let path: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    let module: String?
    /// The source as read: searched as text where a name matters, not as a tree.
    let text: String

    /// Why the file was not read, located: too large, or nested deeper than digraph walks.
    private(set) var refusal: Diagnostic?

    /// The largest Swift file read (parsing takes about 150 bytes of memory per byte of source).
    static let maximumBytes = 4 << 20
    /// How deep a syntax tree digraph walks: swift-syntax bounds its own nesting at 256, but a chain
    /// (`a.b.b…`, `f()()…`, `try try …`, `else if` × 50,000) builds a tree as deep as it is long, and
    /// every walk over it (ours and swift-syntax's) recurses.
    static let maximumDepth = 1_000
    /// What a refused file is read as: nothing.
    private static let emptyTree = Parser.parse(source: "")

    init(path: String, text: String, module: String?) {
        self.path = path
        self.module = module
        self.text = text
        self.mentionsIgnore = text.contains(IgnoreComments.marker)
        self.mentionsMirror = text.contains("Mirror(")
        self.hasConditionalCompilation = text.contains("#if")
        let empty = Self.emptyTree
        if text.utf8.count > Self.maximumBytes {
            self.tree = empty
            self.refusal = Self.tooLarge(path, bytes: text.utf8.count)
        } else if let (offset, what) = SourceDepth.excess(in: text) {
            self.tree = empty
            let (line, column) = Self.lineAndColumn(of: offset, in: text)
            self.refusal = Diagnostic(
                .swiftImport, .error,
                "\(what), more than digraph reads; the file is skipped, the others are read",
                at: DigraphCore.SourceLocation(file: path, line: line, column: column))
        } else {
            var source = text
            var parsed = source.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: 128) }
            // `@MainActor([T]) -> Void` parses in the Swift 5 language mode (the app's, maybe), not in Swift 6's.
            if parsed.hasError, case let older = source.withUTF8({ Parser.parse(source: $0, maximumNestingLevel: 128, swiftVersion: .v5) }), !older.hasError {
                parsed = older
            }
            // What the compiler takes and swift-syntax does not: `#warning("…")` alone on a line
            // before a `switch`'s first case, `#selector` with its `(` on the next line. Patched
            // (same length and lines: every location stays), and what still does not parse is a
            // real error, said where it is.
            if parsed.hasError, text.contains("#warning") || text.contains("#error") || text.contains("#selector"),
                var patched = Self.patchingWhatTheCompilerTakes(in: text)
            {
                parsed = patched.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: 128) }
            }
            // A chain as deep as the tree limit is thousands of characters without a space: only then is the tree walked.
            if SourceDepth.longestUnbrokenRun(in: text) > Self.maximumDepth, let deepest = Self.nodeDeeperThan(Self.maximumDepth, in: Syntax(parsed)) {
                self.tree = empty
                let (line, column) = Self.lineAndColumn(of: deepest.position.utf8Offset, in: text)
                self.refusal = Diagnostic(
                    .swiftImport, .error,
                    "this expression is nested more than \(Self.maximumDepth) levels deep, more than digraph reads; the file is skipped, the others are read",
                    at: DigraphCore.SourceLocation(file: path, line: line, column: column))
            } else {
                self.tree = parsed
                self.refusal = nil
            }
        }
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
        self.topLevelItems = Self.flattened(tree.statements)
        self.importDeclarations = topLevelItems.compactMap { item in
            item.item.as(ImportDeclSyntax.self)?.path.first.map { (module: $0.name.text, node: item) }
        }
    }

    /// The text with each line that is only `#warning("…")` or `#error("…")` turned to spaces, and
    /// each `(` that opens a `#selector`'s argument on the next line moved up to it; nil when there
    /// is none.
    static func patchingWhatTheCompilerTakes(in text: String) -> String? {
        var changed = false
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            let trimmed = lines[index].trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.hasPrefix("#warning(") || trimmed.hasPrefix("#error("), trimmed.hasSuffix(")") {
                lines[index] = String(repeating: " ", count: lines[index].utf8.count)
                changed = true
            } else if trimmed.hasSuffix("#selector"), index + 1 < lines.count, lines[index + 1].trimmingCharacters(in: .whitespaces).hasPrefix("("),
                !lines[index].hasSuffix("\r")
            {
                // `#selector` / `    (Foo.bar)` -> `#selector(` / `    Foo.bar)`: the `(` moves up a line.
                let next = lines[index + 1]
                let open = next.firstIndex(of: "(")!
                lines[index] += "("
                lines[index + 1] = String(next[..<open]) + String(next[next.index(after: open)...])
                changed = true
            }
        }
        return changed ? lines.joined(separator: "\n") : nil
    }

    /// A file known to be too large before it is read: skipped with the same refusal.
    init(path: String, tooLarge bytes: Int, module: String?) {
        self.init(path: path, text: "", module: module)
        refusal = Self.tooLarge(path, bytes: bytes)
    }

    private static func tooLarge(_ path: String, bytes: Int) -> Diagnostic {
        Diagnostic(
            .swiftImport, .error,
            "\(PrintableText.escape(path)) is \(bytes / 1_048_576) MB, more than the \(maximumBytes >> 20) MB digraph reads in one Swift file (generated code?); the file is skipped, the others are read. Exclude it with --exclude",
            at: .start(of: path))
    }

    /// The first node found below `limit` levels, walking with an explicit stack (no recursion).
    static func nodeDeeperThan(_ limit: Int, in root: Syntax) -> Syntax? {
        var stack: [(Syntax, Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return node }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return nil
    }

    /// 1-based line and column (in bytes, as swift-syntax counts) of a UTF-8 offset.
    static func lineAndColumn(of offset: Int, in text: String) -> (Int, Int) {
        var line = 1, column = 1
        for byte in text.utf8.prefix(offset) {
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    /// The file's top-level items, those inside `#if` clauses included (a clause the build leaves
    /// out is blank by now): an `extension Container` or an `import` wrapped in `#if` is read like
    /// any other.
    let topLevelItems: [CodeBlockItemSyntax]

    private static func flattened(_ items: CodeBlockItemListSyntax) -> [CodeBlockItemSyntax] {
        items.flatMap { item -> [CodeBlockItemSyntax] in
            guard let conditional = item.item.as(IfConfigDeclSyntax.self) else { return [item] }
            return conditional.clauses.flatMap { clause -> [CodeBlockItemSyntax] in
                if case .statements(let inner)? = clause.elements { return flattened(inner) }
                return []
            }
        }
    }

    /// The modules the file imports, in order, with each import: which dialect the file speaks.
    let importDeclarations: [(module: String, node: CodeBlockItemSyntax)]

    func imports(_ module: String) -> Bool { importDeclarations.contains { $0.module == module } }
    /// The text holds `digraph:ignore`: only such files are searched for the comments.
    let mentionsIgnore: Bool
    /// Whether the text builds a `Mirror` (code reflecting over a value): checked before any walk for one.
    let mentionsMirror: Bool
    /// The text holds `#if`: only such files differ from one build to another.
    let hasConditionalCompilation: Bool

    /// The byte ranges `build` leaves out of this file: the inactive clauses of its `#if`s.
    func inactiveRanges(in build: BuildConfiguration) -> [Range<Int>] {
        guard refusal == nil, hasConditionalCompilation else { return [] }
        return build.inactiveRanges(in: tree)
    }

    /// The file as a build compiles it: the given clauses blanked (spaces, line breaks kept, so
    /// every location stays where it was) and parsed again; the file itself when none is left out.
    func leavingOut(_ ranges: [Range<Int>]) -> SwiftFile {
        guard !ranges.isEmpty else { return self }
        var bytes = tree.syntaxTextBytes
        for range in ranges {
            for offset in range where bytes[offset] != 0x0A && bytes[offset] != 0x0D { bytes[offset] = 0x20 }
        }
        return SwiftFile(path: path, text: String(decoding: bytes, as: UTF8.self), module: module)
    }

    /// Where a node ends (after its last token).
    func location(ofEnd node: some SyntaxProtocol) -> DigraphCore.SourceLocation {
        let location = converter.location(for: node.endPositionBeforeTrailingTrivia)
        return DigraphCore.SourceLocation(file: path, line: location.line, column: location.column)
    }

    func location(of node: some SyntaxProtocol) -> DigraphCore.SourceLocation {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return DigraphCore.SourceLocation(file: path, line: location.line, column: location.column)
    }
}

/// A Swift file that does not parse is reported once, at its first error; what parsed is still read.
enum SyntaxProblems {
    static func first(in file: SwiftFile) -> Diagnostic? {
        guard file.tree.hasError else { return nil }
        let token = file.tree.tokens(viewMode: .all).first { token in
            token.presence == .missing || token.parent?.is(UnexpectedNodesSyntax.self) == true
        }
        let location = token.map { file.location(of: $0) } ?? .start(of: file.path)
        return Diagnostic(
            .swiftImport, .warning,
            "the file does not parse as Swift here; registrations around this point may be incomplete. Fix the syntax error (swiftc shows it) and import again",
            at: location)
    }
}
