import DigraphCore

/// The compiler's form, `file:line:column: error: message [code]`, which editors and CI logs link
/// to the spot, each finding followed by its notes, and a closing summary line.
public struct TextReporter: Reporter {
    public var colored: Bool
    /// What the summary says was done: "checked", or "imported" for `digraph import`.
    public var verb: String

    public init(colored: Bool = false, verb: String = "checked") {
        self.colored = colored
        self.verb = verb
    }

    public func render(_ report: Report) -> String {
        var text = ""
        for diagnostic in report.diagnostics {
            text += line(
                diagnostic.location, paint(diagnostic.severity.rawValue + ":", severity: diagnostic.severity),
                bold(Self.printable(diagnostic.message, keepingNewlines: true)) + " [\(diagnostic.code)]")
            for note in diagnostic.notes {
                text += line(note.location, paint("note:", severity: nil), Self.printable(note.message, keepingNewlines: true))
            }
        }
        return text + PrintableText.inertInLog(summary(report)) + "\n"
    }

    /// One finding on one line, without its notes (how `digraph diff` lists findings).
    public func line(for diagnostic: Diagnostic) -> String {
        String(line(diagnostic.location, diagnostic.severity.rawValue + ":", Self.printable(diagnostic.message) + " [\(diagnostic.code)]").dropLast())
    }

    /// One finding or note. File names and messages are untrusted (a file may be named
    /// `x⏎::error …` or hold an escape sequence), so they are made printable, and no line can run
    /// as a GitHub Actions workflow command (`::…` at its start, `##[…` anywhere).
    private func line(_ location: SourceLocation, _ label: String, _ message: String) -> String {
        let text = "\(Self.printable(location.file)):\(location.line):\(location.column): \(label) \(message)"
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { PrintableText.inertInLog(String($0)) }.joined(separator: "\n") + "\n"
    }

    /// Untrusted text made printable (see `PrintableText`).
    public static func printable(_ text: String, keepingNewlines: Bool = false) -> String {
        PrintableText.escape(text, keepingNewlines: keepingNewlines)
    }

    public func summary(_ report: Report) -> String {
        let counts = [plural(report.errors, "error"), plural(report.warnings, "warning"), plural(report.infos, "info")]
        if report.isInputUnusable {
            return "digraph: \(plural(report.errors, "error")) in the input; fix the manifest first, nothing else was checked"
        }
        let silenced = [
            report.suppressed > 0 ? "\(report.suppressed) suppressed" : nil,
            report.baselined > 0 ? "\(report.baselined) in the baseline" : nil,
        ].compactMap { $0 }
        return "digraph: \(verb) \(plural(report.registrations, "registration")): " + counts.joined(separator: ", ")
            + (silenced.isEmpty ? "" : " (\(silenced.joined(separator: ", ")) not shown)")
    }

    private func paint(_ text: String, severity: Severity?) -> String {
        guard colored else { return text }
        let code =
            switch severity {
            case .error: "1;31"
            case .warning: "1;33"
            case .info: "1;36"
            case nil: "1;30"
            }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    private func bold(_ text: String) -> String {
        colored ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}
