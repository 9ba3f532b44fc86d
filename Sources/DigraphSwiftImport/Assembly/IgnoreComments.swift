import DigraphCore
import SwiftSyntax

/// `// digraph:ignore CODE[, CODE…] [reason]` in Swift sources: at the end of a line, or alone on
/// the line above it, it suppresses findings of those codes on that line's registration, argument
/// or resolve, exactly as `suppress:` does in a manifest, and what the importer could not read of a
/// registration there.
struct IgnoreComments {
    /// Suppressions by the line they apply to, per file.
    private(set) var byLine: [String: [Int: [Suppression]]] = [:]
    /// Comments that name no known code.
    private(set) var findings: [Diagnostic] = []
    /// Lines whose comments something read there took; the others cover nothing and are reported.
    private var taken: [String: Set<Int>] = [:]

    static let marker = "digraph:ignore"

    init(files: [SwiftFile]) {
        for file in files where file.refusal == nil && file.mentionsIgnore {
            read(file)
        }
    }

    /// The comments that apply to the line of `location`, taken by what digraph read there.
    mutating func take(at location: DigraphCore.SourceLocation) -> [Suppression] {
        guard let found = byLine[location.file]?[location.line] else { return [] }
        taken[location.file, default: []].insert(location.line)
        return found
    }

    /// Comments on lines where digraph read nothing they could cover: an info per code, as for an
    /// unused `suppress:` entry, never dropped in silence. In file and line order.
    func untaken() -> [Diagnostic] {
        byLine.sorted { $0.key < $1.key }.flatMap { file, lines in
            lines.filter { taken[file]?.contains($0.key) != true }.sorted { $0.key < $1.key }.flatMap { _, suppressions in
                suppressions.map { suppression in
                    Diagnostic(
                        suppression.code.value, .info,
                        "unused suppression: digraph read no registration, dependency or resolve on the line this comment applies to, and nothing it could not read there; put it on the line of what reports '\(suppression.code.value)', or remove it",
                        at: suppression.code.location)
                }
            }
        }
    }

    private mutating func read(_ file: SwiftFile) {
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            // A comment alone on a line is leading trivia of the next token: it applies to that line.
            var offset = token.position.utf8Offset
            for piece in token.leadingTrivia {
                if case .lineComment(let text) = piece, text.contains(Self.marker) {
                    add(text, at: offset, appliesTo: file.converter.location(for: token.positionAfterSkippingLeadingTrivia).line, in: file)
                }
                offset += piece.sourceLength.utf8Length
            }
            // A comment at the end of a line is trailing trivia of the line's last token.
            offset = token.endPositionBeforeTrailingTrivia.utf8Offset
            for piece in token.trailingTrivia {
                if case .lineComment(let text) = piece, text.contains(Self.marker) {
                    add(text, at: offset, appliesTo: file.converter.location(for: token.positionAfterSkippingLeadingTrivia).line, in: file)
                }
                offset += piece.sourceLength.utf8Length
            }
        }
    }

    private mutating func add(_ comment: String, at offset: Int, appliesTo line: Int, in file: SwiftFile) {
        let body = comment.dropFirst(2).drop { $0 == " " }
        guard body.hasPrefix(Self.marker) else { return }
        let place = file.converter.location(for: AbsolutePosition(utf8Offset: offset))
        let location = DigraphCore.SourceLocation(file: file.path, line: place.line, column: place.column)
        let after = body.dropFirst(Self.marker.count)
        // `// digraph:ignorecycle` is no directive: the marker ends at a space or the line's end.
        if let next = after.first, next != " ", next != "\t" {
            findings.append(
                Diagnostic(
                    .swiftImport, .warning,
                    "`// \(SwiftExpressions.quoted(body, limit: 60))` is not read: write a space after `\(Self.marker)`, as in `// \(Self.marker) cycle the reason`",
                    at: location))
            return
        }
        // Codes are a comma-separated list; the first word that is no code starts the reason.
        var rest = after.drop { $0 == " " || $0 == "\t" }
        var codes: [DiagnosticCode] = []
        while true {
            let word = rest.prefix { $0 != " " && $0 != "," }
            guard !word.isEmpty else { break }
            let code = DiagnosticCode(rawValue: String(word))
            guard DiagnosticCode.all.contains(code), code != .schema else {
                if codes.isEmpty {
                    findings.append(
                        Diagnostic(
                            .swiftImport, .warning,
                            "`// \(Self.marker)` names '\(PrintableText.escape(String(word.prefix(60))))', which is no code digraph reports; the codes are: \(DiagnosticCode.all.filter { $0 != .schema }.map(\.rawValue).joined(separator: ", "))",
                            at: location))
                    return
                }
                break
            }
            codes.append(code)
            rest = rest.dropFirst(word.count).drop { $0 == " " || $0 == "," }
        }
        guard !codes.isEmpty else {
            findings.append(
                Diagnostic(
                    .swiftImport, .warning,
                    "`// \(Self.marker)` names no code; write the codes to ignore, such as `// \(Self.marker) captive-dependency the cache is reset per request`",
                    at: location))
            return
        }
        let reason = rest.isEmpty ? nil : String(rest)
        byLine[file.path, default: [:]][line, default: []] += codes.map { Suppression(code: Located($0, at: location), reason: reason) }
    }
}
