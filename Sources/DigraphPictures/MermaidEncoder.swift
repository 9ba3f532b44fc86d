import DigraphCore

/// The graph as a Mermaid `flowchart`, for Markdown that renders it (GitHub, GitLab, docs sites):
/// the same selection as the DOT picture (`--focus`, `--collapse modules`, clusters), lifetimes as
/// fills, roots with a double border, findings in red and orange. Deterministic, like the DOT text.
public struct MermaidEncoder {
    /// Mermaid refuses bigger diagrams with its default settings (`maxEdges`, `maxTextSize`).
    public static let maximumEdges = 500
    public static let maximumCharacters = 50_000

    private let picture: PictureScene
    private var graph: DependencyGraph { picture.graph }
    private var options: DOTOptions { picture.options }

    public init(graph: DependencyGraph, diagnostics: [Diagnostic], options: DOTOptions = DOTOptions()) {
        picture = PictureScene(graph: graph, diagnostics: diagnostics, options: options)
    }

    /// The same picture as an existing DOT encoder's (its selection and findings, worked out once).
    public init(picture: PictureScene) {
        self.picture = picture
    }

    /// The diagram's text and how many edges it has (Mermaid's limits are the caller's to apply).
    public func encode() -> (text: String, edges: Int) {
        let chart = MermaidFlowchart(direction: options.rankDirection.rawValue)
        for (name, style) in Self.classes { chart.defineClass(name, style: style) }
        if options.collapseModules { drawModules(on: chart) } else { drawRegistrations(on: chart) }
        return (chart.text(), chart.edgeCount)
    }

    /// Style classes; lifetimes are prefixed (`graph` and `end` are Mermaid words).
    static let classes: [(String, String)] = [
        ("default", "fill:#ffffff,stroke:\(DOTStyle.edgeColor),color:#1a1a1a"),
        ("lifeSingleton", "fill:\(DOTStyle.fill(for: .singleton))"), ("lifeWeak", "fill:\(DOTStyle.fill(for: .weak))"),
        ("lifeGraph", "fill:\(DOTStyle.fill(for: .graph))"), ("supplied", "fill:\(DOTStyle.suppliedFill)"),
        ("external", "fill:\(DOTStyle.externalFill),stroke-dasharray:4 3"),
        ("missing", "fill:#ffffff,stroke:\(DOTStyle.errorColor),color:\(DOTStyle.errorColor),stroke-dasharray:4 3,stroke-width:2px"),
        ("error", "stroke:\(DOTStyle.errorColor),stroke-width:2px"), ("warning", "stroke:\(DOTStyle.warningColor),stroke-width:2px"),
        ("info", "color:\(DOTStyle.infoColor)"),
        ("module", "fill:\(DOTStyle.clusterFill),stroke:\(DOTStyle.clusterBorder)"),
    ]

    private func drawRegistrations(on chart: MermaidFlowchart) {
        let scene = picture.registrations()
        for (number, cluster) in scene.clusters.enumerated() {
            chart.subgraph("cluster\(number)", title: cluster.module, style: "fill:\(DOTStyle.clusterFill),stroke:\(DOTStyle.clusterBorder)") {
                for node in cluster.interfaces { chart.node("\(node.id)", lines: [node.spelling, "interface"], shape: .rounded) }
                for index in cluster.registrations { drawNode(index, moved: scene.movedKeys[index] ?? [], on: chart) }
            }
        }
        for index in scene.unclustered { drawNode(index, moved: scene.movedKeys[index] ?? [], on: chart) }
        for placeholder in scene.placeholders.all {
            chart.node(
                "\(placeholder.id)", lines: [placeholder.binding.description, placeholder.isExternal ? "external" : "missing: nothing provides it"],
                shape: .rounded, classes: [placeholder.isExternal ? "external" : "missing"])
        }
        for drawn in scene.edges {
            let problem = ProblemMap.leading(picture.problems.edges[drawn.id])
            let style = problem.map { "stroke:\(ProblemStyle.of($0.code, severity: $0.severity).color),stroke-width:2px" }
            let dashed = drawn.edge.isLazy || { if case .alias = drawn.edge.kind { true } else { false } }()
            chart.edge(from: "\(drawn.tail)", to: "\(drawn.head)", label: picture.edgeLabel(drawn.edge).text, dashed: dashed, style: style)
        }
        for node in scene.interfaces {
            chart.edge(
                from: "\(node.id)", to: "\(PictureNodeID.registration(node.registration))", label: PictureScene.InterfaceNode.implementedByLabel, dashed: true)
        }
    }

    private func drawNode(_ index: Int, moved: Set<String> = [], on chart: MermaidFlowchart) {
        let registration = graph.registrations[index]
        let parts = picture.labelParts(for: registration, moved: moved)
        var classes: [String] = []
        if registration.isSupplied {
            classes.append("supplied")
        } else if registration.lifetime != .transient {
            classes.append("life" + registration.lifetime.rawValue.prefix(1).uppercased() + registration.lifetime.rawValue.dropFirst())
        }
        if let severity = picture.problems.severity(ofNode: index) { classes.append(severity.rawValue) }
        let shape: MermaidFlowchart.Shape =
            registration.isRoot
            ? .subroutine
            : registration.isSupplied
                ? .parallelogram
                : registration.aliasOf != nil ? .rounded : .box
        chart.node(
            "\(PictureNodeID.registration(index))", lines: parts.keys + (parts.name.map { ["name: " + $0] } ?? []) + [parts.details], shape: shape,
            classes: classes)
    }

    private func drawModules(on chart: MermaidFlowchart) {
        let summary = picture.moduleSummary()
        let ids = Dictionary(uniqueKeysWithValues: summary.modules.enumerated().map { ($1, "m\($0)") })
        for module in summary.modules {
            let count = summary.members[module]!
            chart.node(ids[module]!, lines: [module, "\(count) registration\(count == 1 ? "" : "s")"], classes: ["module"])
        }
        for pair in summary.counts.keys.sorted() {
            let count = summary.counts[pair]!
            if let bad = summary.violations[pair] {
                chart.edge(
                    from: ids[pair.from]!, to: ids[pair.to]!, label: "\(count) (\(bad) layer violation\(bad == 1 ? "" : "s"))",
                    style: "stroke:\(DOTStyle.errorColor),stroke-width:2px")
            } else {
                chart.edge(from: ids[pair.from]!, to: ids[pair.to]!, label: "\(count)")
            }
        }
    }
}
