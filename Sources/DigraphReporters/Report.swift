import DigraphCore

/// What a check found, ready to be written in any format.
public struct Report: Sendable {
    public var registrations: Int
    /// In report order (file, line, column, code).
    public var diagnostics: [Diagnostic]
    /// Findings silenced by `suppress:` in the manifests, and by the baseline: counted, not listed.
    public var suppressed: Int
    public var baselined: Int

    public init(registrations: Int, diagnostics: [Diagnostic], suppressed: Int = 0, baselined: Int = 0) {
        self.registrations = registrations
        self.diagnostics = diagnostics.sortedForReport()
        self.suppressed = suppressed
        self.baselined = baselined
    }

    public var errors: Int { diagnostics.count(of: .error) }
    public var warnings: Int { diagnostics.count(of: .warning) }
    public var infos: Int { diagnostics.count(of: .info) }
    /// Schema problems stop the check before any rule runs.
    public var isInputUnusable: Bool { diagnostics.contains { $0.code == .schema && $0.severity == .error } }
}

public protocol Reporter {
    func render(_ report: Report) -> String
}

public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, github, sarif

    /// `workingDirectory` (absolute) is what SARIF URIs and GitHub annotation paths are relative
    /// to; `githubWorkspace` ($GITHUB_WORKSPACE) takes its place for annotations when set.
    public func reporter(colored: Bool, workingDirectory: String? = nil, githubWorkspace: String? = nil) -> any Reporter {
        switch self {
        case .text: TextReporter(colored: colored)
        case .json: JSONReporter()
        case .github: GitHubReporter(workingDirectory: workingDirectory, workspace: githubWorkspace)
        case .sarif: SARIFReporter(workingDirectory: workingDirectory)
        }
    }
}

func plural(_ count: Int, _ word: String) -> String {
    "\(count) \(word)\(count == 1 ? "" : "s")"
}
