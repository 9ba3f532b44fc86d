import DigraphCore

/// The picture's visual vocabulary, in one place so that the legend and the graph agree.
enum DOTStyle {
    static let font = "Helvetica"
    static let errorColor = "#d62728"
    static let warningColor = "#e8820c"
    static let infoColor = "#8c8c8c"
    static let edgeColor = "#4d4d4d"
    static let clusterFill = "#f6f7f9"
    static let clusterBorder = "#c8ccd2"

    static func fill(for lifetime: Lifetime) -> String {
        switch lifetime {
        case .singleton: "#cfe0fc"
        case .weak: "#e6dcfa"
        case .graph: "#d4f0d9"
        case .transient: "#ffffff"
        }
    }

    static let suppliedFill = "#fff1c7"
    static let externalFill = "#eeeeee"

    static func color(for severity: Severity) -> String {
        switch severity {
        case .error: errorColor
        case .warning: warningColor
        case .info: infoColor
        }
    }
}

/// How each kind of finding is drawn, so that a cycle, a layer violation and an argument mismatch
/// are told apart at a glance. The legend lists the kinds a picture holds, from this same table.
struct ProblemStyle {
    var color: String
    /// Line style of a finding's edges (nil: solid).
    var edgeStyle: String?
    var penwidth: String
    /// How the legend shows it: what the line or border means.
    var legend: String

    static func of(_ code: DiagnosticCode, severity: Severity) -> ProblemStyle {
        switch code {
        case .cycle: ProblemStyle(color: DOTStyle.errorColor, edgeStyle: "bold", penwidth: "3", legend: "cycle: thick red")
        case .missingBinding:
            ProblemStyle(color: DOTStyle.errorColor, edgeStyle: "dashed", penwidth: "2", legend: "missing binding: red dashed, to a placeholder")
        case .layerViolation: ProblemStyle(color: "#b5179e", edgeStyle: nil, penwidth: "2.5", legend: "layer violation: magenta")
        case .argumentMismatch: ProblemStyle(color: "#8c564b", edgeStyle: nil, penwidth: "2.5", legend: "argument mismatch: brown")
        case .captiveDependency: ProblemStyle(color: DOTStyle.warningColor, edgeStyle: nil, penwidth: "2.5", legend: "captive dependency: orange")
        case .duplicateRegistration: ProblemStyle(color: DOTStyle.errorColor, edgeStyle: nil, penwidth: "3", legend: "duplicate registration: red border")
        case .keyCollision: ProblemStyle(color: "#9467bd", edgeStyle: nil, penwidth: "3", legend: "key collision: purple border")
        case .compositionKey: ProblemStyle(color: "#b08800", edgeStyle: nil, penwidth: "3", legend: "composition key: ochre border")
        case .unknownModule: ProblemStyle(color: "#8c564b", edgeStyle: nil, penwidth: "3", legend: "unknown module: brown border")
        case .registrationOrder: ProblemStyle(color: DOTStyle.errorColor, edgeStyle: "dotted", penwidth: "2.5", legend: "registration order: red dotted")
        case .isolationMismatch: ProblemStyle(color: "#1f77b4", edgeStyle: "dashed", penwidth: "2.5", legend: "isolation mismatch: blue dashed")
        case .unusedRegistration: ProblemStyle(color: DOTStyle.infoColor, edgeStyle: nil, penwidth: "1", legend: "unused registration: greyed out")
        default:
            ProblemStyle(
                color: DOTStyle.color(for: severity), edgeStyle: nil, penwidth: "2",
                legend: "\(code.rawValue): \(severity == .error ? "red" : severity == .warning ? "orange" : "grey")")
        }
    }
}
