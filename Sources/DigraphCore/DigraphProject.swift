/// Facts about the tool that reports and generated files state.
public enum DigraphProject {
    public static let version = "0.1.0"
    /// Where the documentation lives; SARIF points its rules' help here. (The one place to change
    /// when the project's public home moves.)
    public static let homepage = "https://github.com/digraph-swift/digraph"

    /// The documentation of a diagnostic code: the table of codes in docs/manifest.md.
    public static func helpURI(for code: DiagnosticCode) -> String {
        homepage + "/blob/main/docs/manifest.md#what-digraph-check-reports"
    }
}
