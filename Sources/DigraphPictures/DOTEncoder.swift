import DigraphCore

/// Maps the dependency graph, and what `check` found in it, to Graphviz DOT text.
///
/// Pure Swift and deterministic: nodes in registration order, edges in parameter order, clusters by
/// module name, so the same input gives byte-identical DOT. Node ids are generated (`r12`), never
/// taken from the manifest; every manifest string is escaped by `DOTText`.
public struct DOTEncoder {
    /// Above this many nodes, edge labels are dropped and the layout is tuned for speed.
    public static let largeGraphThreshold = 300
    /// The same for a shaped picture (PictureShape): its folded rows make long edges, and edge
    /// labels double the ranks dot routes them through (docs/performance.md, "Thresholds in the code").
    public static let largeShapedThreshold = 150
    /// A shaped picture with more edges than this drops its labels too: dot's time with labels
    /// grows far faster than the edge count there (measured in docs/performance.md).
    public static let largeShapedEdgeThreshold = 200

    /// Whether a picture of this many nodes and edges drops edge labels and gets the large layout tier.
    static func isLarge(nodes: Int, edges: Int = 0, shaped: Bool) -> Bool {
        shaped ? nodes > largeShapedThreshold || edges > largeShapedEdgeThreshold : nodes > largeGraphThreshold
    }
    /// Above this many, the layout gives up more quality (straight edges, fewer crossing passes,
    /// plain-text labels).
    public static let hugeGraphThreshold = 1_500

    /// dot's defaults do not scale: network simplex and crossing minimisation dominate, and both
    /// grow much faster than the node count. (Ranking's own limit, nslimit1, is left alone: cut
    /// short, dot fails with "trouble in init_rank" on big graphs.) Each tier trades a little layout quality for an order
    /// of magnitude of time (figures in docs/performance.md).
    static func layoutTier(nodes: Int, edges: Int = 0, shaped: Bool = false) -> [(String, String)] {
        if nodes > hugeGraphThreshold {
            return [
                ("nslimit", "0.1"), ("mclimit", "0.01"), ("searchsize", "10"),
                ("remincross", "false"), ("splines", "false"), ("outputorder", "edgesfirst"),
            ]
        }
        if isLarge(nodes: nodes, edges: edges, shaped: shaped) {
            return [
                ("nslimit", "0.2"), ("mclimit", "0.1"), ("searchsize", "10"),
                ("remincross", "false"), ("splines", "line"), ("outputorder", "edgesfirst"),
            ]
        }
        return []
    }

    /// What the picture shows; this writer decides how it looks in DOT.
    public let picture: PictureScene
    var graph: DependencyGraph { picture.graph }
    var options: DOTOptions { picture.options }
    var problems: ProblemMap { picture.problems }

    public init(picture: PictureScene) {
        self.picture = picture
    }

    public init(graph: DependencyGraph, diagnostics: [Diagnostic], options: DOTOptions = DOTOptions()) {
        self.init(picture: PictureScene(graph: graph, diagnostics: diagnostics, options: options))
    }

    public func encode() -> String {
        options.collapseModules ? encodeModules() : encodeRegistrations()
    }

    // MARK: One node per registration

    private func encodeRegistrations() -> String {
        let scene = picture.registrations()
        let nodeCount = scene.included.count + scene.placeholders.all.count + scene.interfaces.count
        // Rows are measured across the page: shaping is for top-to-bottom pictures.
        let shape = options.fold && options.rankDirection == .topToBottom ? shape(of: scene) : nil
        let edgeCount = scene.edges.count + scene.interfaces.count
        let isLarge = Self.isLarge(nodes: nodeCount, edges: edgeCount, shaped: shape != nil)
        let plainLabels = options.tuneLayoutForSize && nodeCount > Self.hugeGraphThreshold
        var lines = header(nodes: nodeCount, edges: edgeCount, shaped: shape != nil)
        for (number, cluster) in scene.clusters.enumerated() {
            lines.append("  subgraph cluster_\(number) {")
            lines.append("    label=<<b>\(DOTText.html(cluster.module))</b>>;")
            lines.append("    style=\"rounded,filled\"; fillcolor=\"\(DOTStyle.clusterFill)\"; color=\"\(DOTStyle.clusterBorder)\"; fontsize=12;")
            for node in cluster.interfaces { lines.append("  " + interfaceLine(node)) }
            for index in cluster.registrations { lines.append("  " + nodeLine(index, plainLabel: plainLabels, moved: scene.movedKeys[index] ?? [])) }
            for proxy in shape?.proxies ?? [] where proxy.band == number { lines.append("  " + proxyLine(proxy, scene: scene)) }
            lines.append("  }")
        }
        for index in scene.unclustered { lines.append(nodeLine(index, plainLabel: plainLabels, moved: scene.movedKeys[index] ?? [])) }
        for placeholder in scene.placeholders.all { lines.append(placeholderLine(placeholder)) }
        for proxy in shape?.proxies ?? [] where proxy.band < 0 { lines.append(proxyLine(proxy, scene: scene)) }
        if options.legend { lines.append(legendLine(scene)) }
        for (number, edge) in scene.edges.enumerated() {
            var attributes = edgeAttributes(edge.edge, problem: ProblemMap.leading(problems.edges[edge.id]), labelled: !isLarge)
            if options.tooltips { attributes += [("id", DOTText.quoted(edge.svgID)), ("tooltip", DOTText.quoted(tooltip(for: edge)))] }
            if shape?.upward.contains(number) == true { attributes.append(("constraint", "false")) }
            lines.append("  \(edge.tail) -> \(shape?.proxyHeads[number] ?? edge.head)" + self.attributes(attributes) + ";")
        }
        for (number, node) in scene.interfaces.enumerated() {
            let upward = shape?.upward.contains(scene.edges.count + number) == true
            lines.append(
                "  \(node.id) -> \(PictureNodeID.registration(node.registration))"
                    + attributes(
                        [
                            ("constraint", upward ? "false" : ""),
                            ("style", "dotted"), ("arrowhead", "empty"),
                            ("label", isLarge ? "" : DOTText.quoted(PictureScene.InterfaceNode.implementedByLabel)),
                            ("fontcolor", DOTStyle.infoColor),
                            ("id", options.tooltips ? DOTText.quoted(node.implementedByID) : ""),
                            (
                                "tooltip",
                                options.tooltips
                                    ? DOTText.quoted(
                                        PrintableText.escape(
                                            "\(node.spelling) is implemented by \(implementationSpelling(of: node.registration)) in module \(graph.registrations[node.registration].module?.value ?? "(none)")"
                                        )) : ""
                            ),
                        ].filter { !$0.1.isEmpty }) + ";")
        }
        if let shape { lines += rankLines(shape) }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func header(nodes: Int, edges: Int = 0, shaped: Bool = false) -> [String] {
        var graphAttributes = [
            ("fontname", DOTStyle.font), ("rankdir", options.rankDirection.rawValue), ("newrank", "true"),
            ("nodesep", "0.3"), ("ranksep", "0.5"), ("bgcolor", "white"),
        ]
        if options.tuneLayoutForSize { graphAttributes += Self.layoutTier(nodes: nodes, edges: edges, shaped: shaped) }
        return [
            "digraph dependencies {",
            "  graph" + attributes(graphAttributes) + ";",
            "  node"
                + attributes([
                    ("fontname", DOTStyle.font), ("fontsize", "11"), ("shape", "box"), ("style", "rounded,filled"),
                    ("fillcolor", "#ffffff"), ("color", DOTStyle.edgeColor), ("margin", "0.12,0.06"),
                ]) + ";",
            "  edge"
                + attributes([
                    ("fontname", DOTStyle.font), ("fontsize", "9"), ("color", DOTStyle.edgeColor),
                    ("fontcolor", DOTStyle.edgeColor), ("arrowsize", "0.7"),
                ]) + ";",
        ]
    }

    private func interfaceLine(_ node: PictureScene.InterfaceNode) -> String {
        let tooltip = [
            node.spelling, "interface of module \(node.module)",
            "implemented by \(implementationSpelling(of: node.registration)) (\(graph.registrations[node.registration].location))",
        ]
        .map { PrintableText.escape($0) }.joined(separator: "\n")
        return "  \(node.id)"
            + attributes(
                [
                    ("label", "<<b><i>\(DOTText.html(node.spelling))</i></b><br/><font point-size=\"9\">interface</font>>")
                ] + (options.tooltips ? [("id", DOTText.quoted("\(node.id)")), ("tooltip", DOTText.quoted(tooltip))] : [])) + ";"
    }

    func implementationSpelling(of index: Int) -> String {
        let registration = graph.registrations[index]
        return registration.implementation?.writtenSpelling ?? registration.provides[0].writtenSpelling
    }

    private func nodeLine(_ index: Int, plainLabel: Bool, moved: Set<String> = []) -> String {
        let registration = graph.registrations[index]
        let parts = picture.labelParts(for: registration, moved: moved)
        var attributes: [(String, String)] = [("label", plainLabel ? parts.plain : parts.html)]
        if registration.isSupplied {
            attributes += [("shape", "note"), ("style", "filled"), ("fillcolor", DOTStyle.suppliedFill)]
        } else if registration.aliasOf != nil {
            attributes += [("style", "rounded,dashed,filled"), ("fillcolor", DOTStyle.fill(for: registration.lifetime))]
        } else if registration.lifetime != .transient {
            attributes.append(("fillcolor", DOTStyle.fill(for: registration.lifetime)))
        }
        if registration.isRoot { attributes.append(("peripheries", "2")) }
        if let finding = ProblemMap.leading(problems.nodes[index]) {
            let style = ProblemStyle.of(finding.code, severity: finding.severity)
            attributes += [("color", style.color), ("penwidth", style.penwidth)]
            if finding.severity == .info { attributes.append(("fontcolor", DOTStyle.infoColor)) }
        }
        if options.tooltips {
            attributes += [("id", DOTText.quoted("\(PictureNodeID.registration(index))")), ("tooltip", DOTText.quoted(tooltip(for: index)))]
        }
        return "  \(PictureNodeID.registration(index))" + self.attributes(attributes) + ";"
    }

    private func edgeAttributes(_ edge: Edge, problem: Diagnostic?, labelled: Bool) -> [(String, String)] {
        var attributes: [(String, String)] = []
        let (label, passesArguments) = picture.edgeLabel(edge)
        if passesArguments { attributes.append(("arrowhead", "normaltee")) }
        if labelled, !label.isEmpty { attributes.append(("label", DOTText.quoted(label))) }
        switch edge.kind {
        case .alias: attributes += [("style", "dotted"), ("arrowhead", "empty")]
        case .dependency: if edge.isLazy { attributes.append(("style", "dashed")) }
        case .property: attributes.append(("arrowhead", edge.isLazy ? "vee" : "veevee"))
        }
        if edge.isOptional { attributes.append(("arrowhead", "onormal")) }
        if let problem {
            let style = ProblemStyle.of(problem.code, severity: problem.severity)
            attributes += [("color", style.color), ("fontcolor", style.color), ("penwidth", style.penwidth)]
            if let line = style.edgeStyle { attributes.append(("style", line)) }
        }
        return attributes
    }

    private func placeholderLine(_ placeholder: Placeholders.Entry) -> String {
        let key = DOTText.html(placeholder.binding.description)
        if placeholder.isExternal {
            return "  \(placeholder.id)"
                + attributes([
                    ("label", "<<b>\(key)</b><br/><font point-size=\"9\">external</font>>"),
                    ("style", "rounded,dashed,filled"), ("fillcolor", DOTStyle.externalFill), ("color", DOTStyle.infoColor),
                ]) + ";"
        }
        return "  \(placeholder.id)"
            + attributes([
                ("label", "<<b>\(key)</b><br/><font point-size=\"9\">missing: nothing provides it</font>>"),
                ("style", "rounded,dashed,bold"), ("color", DOTStyle.errorColor), ("fontcolor", DOTStyle.errorColor),
            ]) + ";"
    }

    private func legendLine(_ scene: PictureScene.Registrations) -> String {
        func cell(_ text: String, fill: String = "#ffffff", color: String? = nil) -> String {
            let content = color.map { "<font color=\"\($0)\">\(text)</font>" } ?? text
            return "<td bgcolor=\"\(fill)\">\(content)</td>"
        }
        var rows = [
            "<tr><td colspan=\"2\"><b>Legend</b></td></tr>",
            "<tr>" + cell("singleton", fill: DOTStyle.fill(for: .singleton)) + cell("weak", fill: DOTStyle.fill(for: .weak)) + "</tr>",
            "<tr>" + cell("graph", fill: DOTStyle.fill(for: .graph)) + cell("transient", fill: DOTStyle.fill(for: .transient)) + "</tr>",
            "<tr>" + cell("supplied", fill: DOTStyle.suppliedFill) + cell("external", fill: DOTStyle.externalFill) + "</tr>",
            "<tr>" + cell("<b><i>Protocol</i></b>") + cell("<b>Concrete</b>") + "</tr>",
            "<tr>" + cell("double border: root") + cell("dashed box: alias") + "</tr>",
            "<tr>" + cell("dashed edge: lazy") + cell("dotted edge: aliasOf") + "</tr>",
            "<tr>" + cell("hollow arrow: optional") + cell("tee arrow: passes args") + "</tr>",
        ]
        // Only the kinds of problem this picture shows, each in its own colour.
        var present: [DiagnosticCode: ProblemStyle] = [:]
        for finding in scene.edges.compactMap({ ProblemMap.leading(problems.edges[$0.id]) })
            + scene.included.compactMap({ ProblemMap.leading(problems.nodes[$0]) })
        {
            present[finding.code] = present[finding.code] ?? ProblemStyle.of(finding.code, severity: finding.severity)
        }
        // A missing key's placeholder is drawn even when its finding is ignored or suppressed.
        if scene.placeholders.all.contains(where: { !$0.isExternal }), present[.missingBinding] == nil {
            present[.missingBinding] = ProblemStyle.of(.missingBinding, severity: .error)
        }
        for code in present.keys.sorted() {
            rows.append("<tr><td colspan=\"2\"><font color=\"\(present[code]!.color)\">\(DOTText.html(present[code]!.legend))</font></td></tr>")
        }
        return "  legend [shape=plaintext, margin=0, fontsize=9, label=<<table border=\"0\" cellborder=\"1\" cellspacing=\"0\" cellpadding=\"3\">"
            + rows.joined() + "</table>>];"
    }

    /// A node's tooltip (SVG, the HTML page): what it is, how long it lives, where it is written,
    /// and every finding about it, in full.
    func tooltip(for index: Int) -> String {
        let registration = graph.registrations[index]
        var lines = registration.provides.map(\.writtenSpelling)
        if let name = registration.name?.value { lines.append("name: " + name) }
        if let implementation = registration.implementation { lines.append("implementation: " + implementation.writtenSpelling) }
        if let alias = registration.aliasOf { lines.append("alias of: " + alias.writtenSpelling) }
        lines.append("lifetime: " + (registration.isSupplied ? "supplied" : registration.lifetime.rawValue))
        if let module = registration.module?.value { lines.append("module: " + module) }
        lines.append(registration.location.description)
        return (lines + findingLines(problems.nodes[index])).map { PrintableText.escape($0) }.joined(separator: "\n")
    }

    /// An edge's tooltip: holder, label and key, and its findings in full.
    func tooltip(for drawn: PictureScene.DrawnEdge) -> String {
        let edge = drawn.edge
        let label = picture.edgeLabel(edge).text
        let head = "\(graph.binding(of: edge.from)) -[\(label.isEmpty ? edge.subjectLabel : label)]-> \(edge.binding)"
        return ([head, edge.location.description] + findingLines(problems.edges[drawn.id])).map { PrintableText.escape($0) }.joined(separator: "\n")
    }

    /// A finding in a tooltip: its message up to `tooltipMessageLength` characters. A cycle of
    /// 2,000 keys names them all, and that message sits on each of its nodes and edges: shown
    /// whole, the picture would grow with the square of the cycle (`check` prints it in full).
    private func findingLines(_ findings: [Diagnostic]?) -> [String] {
        (findings ?? []).map { finding in
            let message =
                finding.message.count > Self.tooltipMessageLength
                ? finding.message.prefix(Self.tooltipMessageLength) + "… (`digraph check` prints it in full)" : Substring(finding.message)
            return "\(finding.severity.rawValue) [\(finding.code.rawValue)]: \(message)"
        }
    }

    static let tooltipMessageLength = 400

    // MARK: One node per module

    private func encodeModules() -> String {
        let summary = picture.moduleSummary()
        let modules = summary.modules
        let ids = Dictionary(uniqueKeysWithValues: modules.enumerated().map { ($1, "m\($0)") })
        var lines = header(nodes: modules.count)
        for module in modules {
            let count = summary.members[module]!
            lines.append(
                "  \(ids[module]!)"
                    + attributes(
                        [
                            ("label", "<<b>\(DOTText.html(module))</b><br/><font point-size=\"9\">\(count) registration\(count == 1 ? "" : "s")</font>>"),
                            ("fillcolor", DOTStyle.clusterFill),
                        ] + (options.tooltips ? [("id", DOTText.quoted(ids[module]!))] : [])) + ";")
        }
        for pair in summary.counts.keys.sorted() {
            let count = summary.counts[pair]!
            var attributes: [(String, String)] = [("penwidth", String(min(6, 1 + count / 5)))]
            if let bad = summary.violations[pair] {
                attributes += [
                    ("label", DOTText.quoted("\(count) (\(bad) layer violation\(bad == 1 ? "" : "s"))")),
                    ("color", DOTStyle.errorColor), ("fontcolor", DOTStyle.errorColor),
                ]
            } else {
                attributes.append(("label", DOTText.quoted("\(count)")))
            }
            if options.tooltips { attributes.append(("id", DOTText.quoted(PictureScene.ModuleSummary.edgeID(from: ids[pair.from]!, to: ids[pair.to]!)))) }
            lines.append("  \(ids[pair.from]!) -> \(ids[pair.to]!)" + self.attributes(attributes) + ";")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Helpers

    func attributes(_ pairs: [(String, String)]) -> String {
        // A later pair overrides an earlier one with the same name (arrowhead for optional edges).
        var seen: [String: Int] = [:]
        var merged: [(String, String)] = []
        for (name, value) in pairs {
            if let index = seen[name] { merged[index].1 = value } else { seen[name] = merged.count; merged.append((name, value)) }
        }
        guard !merged.isEmpty else { return "" }
        return " ["
            + merged.map { name, value in
                value.hasPrefix("<") || value.hasPrefix("\"") ? "\(name)=\(value)" : "\(name)=\(DOTText.quoted(value))"
            }.joined(separator: ", ") + "]"
    }

}

extension PictureScene.LabelParts {
    /// An HTML-like label: bold keys, small details.
    var html: String {
        var label = keys.map { key in
            let text = DOTText.html(key)
            return isAbstraction ? "<b><i>\(text)</i></b>" : "<b>\(text)</b>"
        }.joined(separator: "<br/>")
        if let name { label += "<br/><font point-size=\"9\">name: \(DOTText.html(name))</font>" }
        return "<" + label + "<br/><font point-size=\"9\">" + DOTText.html(details) + "</font>>"
    }

    /// Plain text, for the biggest graphs: Graphviz lays it out faster than HTML.
    var plain: String {
        DOTText.quoted((keys + (name.map { ["name: " + $0] } ?? []) + [details]).joined(separator: "\n"))
    }
}
