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
