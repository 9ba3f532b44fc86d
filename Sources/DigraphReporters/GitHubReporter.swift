import DigraphCore

/// GitHub Actions workflow commands (`::error file=…,line=…,col=…::message`), which annotate the
/// pull request, followed by the full text report: GitHub shows only the first ten annotations of
/// each kind, the log keeps everything.
public struct GitHubReporter: Reporter {
    let workingDirectory: String?
    let workspace: String?

    /// Annotation paths are made relative to `workspace` (GitHub resolves them against the
    /// repository checkout), else to `workingDirectory`; nil for both leaves paths as they are.
    public init(workingDirectory: String? = nil, workspace: String? = nil) {
        self.workingDirectory = workingDirectory
        self.workspace = workspace
    }

    func annotationPath(_ file: String) -> String {
        guard let base = workspace ?? workingDirectory, let workingDirectory = workingDirectory ?? workspace else { return file }
        let absolute = PathSpelling.absolute(file, from: workingDirectory)
        let root = PathSpelling.absolute(base, from: workingDirectory)
        return absolute.hasPrefix(root + "/") ? PathSpelling.relative(absolute, to: root) : absolute
    }

    public func render(_ report: Report) -> String {
        var text = ""
        for diagnostic in report.diagnostics {
            let command =
                switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .info: "notice"
                }
            let location = diagnostic.location
            let properties = [
                "file=" + Self.escapeProperty(TextReporter.printable(annotationPath(location.file))),
                "line=\(location.line)",
                "col=\(location.column)",
                "title=" + Self.escapeProperty("digraph " + diagnostic.code.rawValue),
            ].joined(separator: ",")
            // Names and messages are made printable first, so that no escape sequence reaches the log.
            let message = ([diagnostic.message] + diagnostic.notes.map { "note: \(TextReporter.printable($0.location.description)): \($0.message)" })
                .map { TextReporter.printable($0, keepingNewlines: true) }.joined(separator: "\n")
            // The command's own `::` opens the line; `##[` inside it would be read as a second command.
            text += "::\(command) \(properties)::\(Self.escapeData(PrintableText.inertInLog(message)))\n"
        }
        return text + TextReporter(colored: false).render(report)
    }

    /// Workflow-command escaping: these characters would end or split the command.
    static func escapeData(_ text: String) -> String {
        text.replacingAll(["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    static func escapeProperty(_ text: String) -> String {
        // `##[` anywhere in a line is the runner's legacy command form.
        escapeData(text).replacingAll([":": "%3A", ",": "%2C"]).replacing("##[", with: "#%23[")
    }
}

extension String {
    /// Replaces characters in one pass (so that a replacement is never replaced again).
    func replacingAll(_ table: [Character: String]) -> String {
        var result = ""
        for character in self {
            if let replacement = table[character] { result += replacement } else { result.append(character) }
        }
        return result
    }
}
