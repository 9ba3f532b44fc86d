import DigraphCore

/// What a check found, ready to be written in any format.
public struct Report: Sendable {
    public var registrations: Int
    /// In report order (file, line, column, code).
    public var diagnostics: [Diagnostic]

    public init(registrations: Int, diagnostics: [Diagnostic]) {
        self.registrations = registrations
        self.diagnostics = diagnostics.sortedForReport()
    }

    public var errors: Int { diagnostics.count(of: .error) }
    public var warnings: Int { diagnostics.count(of: .warning) }
    public var infos: Int { diagnostics.count(of: .info) }
    /// Schema problems stop the check before any rule runs.
    public var isInputUnusable: Bool { diagnostics.contains { $0.code == .schema } }
}

public protocol Reporter {
    func render(_ report: Report) -> String
}

public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, github, sarif

    public func reporter(colored: Bool) -> any Reporter {
        switch self {
        case .text: TextReporter(colored: colored)
        case .json: JSONReporter()
        case .github: GitHubReporter()
        case .sarif: SARIFReporter()
        }
    }
}

func plural(_ count: Int, _ word: String) -> String {
    "\(count) \(word)\(count == 1 ? "" : "s")"
}
