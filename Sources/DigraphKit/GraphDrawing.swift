import DigraphPictures

/// What `render` draws: the DOT text of a graph (or the part `--focus` picks, or one node per
/// module), and whether a layout of it is within reason. Laying it out as a picture is
/// DigraphGraphviz's job, which this library does not link.
public struct GraphDrawing {
    /// Above these, a layout takes minutes: a picture of that size is refused unless asked for
    /// anyway (the measurements: docs/performance.md, "Thresholds in the code").
    public static let maximumNodes = 5_000
    public static let maximumEdges = 20_000
    /// Above this many nodes edge labels are dropped and dot's layout limits are tightened.
    public static let largeGraphThreshold = DOTEncoder.largeGraphThreshold
    public static let largeShapedThreshold = DOTEncoder.largeShapedThreshold
    public static let largeShapedEdgeThreshold = DOTEncoder.largeShapedEdgeThreshold

    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    private let picture: PictureScene
    private let graph: DependencyGraph
    private let options: DOTOptions
    /// Registrations and edges the picture holds (0 when modules are collapsed: few nodes).
    public let registrations: Int
    public let edges: Int

    /// Fails when `options` focus on keys no registration provides (with a near spelling).
    public init(graph: DependencyGraph, diagnostics: [Diagnostic], options: DOTOptions) throws(Refusal) {
        picture = PictureScene(graph: graph, diagnostics: diagnostics, options: options)
        self.graph = graph
        self.options = options
        let included = options.collapseModules ? [] : picture.includedRegistrations()
        if !options.focusKeys.isEmpty, included.isEmpty {
            let known = graph.registrations.flatMap { $0.provides.map(\.key) }
            let hint = options.focusKeys.compactMap { nearSpellings(of: $0, in: known).first }.first.map { " (did you mean '\($0)'?)" } ?? ""
            throw Refusal(description: "no registration provides \(options.focusKeys.joined(separator: ", "))\(hint)")
        }
        registrations = included.count
        edges = included.reduce(0) { $0 + graph.edges[$1].count }
    }

    /// Too big to lay out in reasonable time (the DOT text is always fine).
    public var exceedsLayoutLimits: Bool {
        registrations > Self.maximumNodes || edges > Self.maximumEdges
    }

    public func dot() -> String { DOTEncoder(picture: picture).encode() }

    /// The interactive page around Graphviz's SVG of `dot()`.
    public func page(svg: String, title: String) -> String {
        let index = picture.pictureIndex()
        return InteractivePage.html(svg: svg, index: index, title: title, launch: launchView(index))
    }

    /// The launch set and longest chain (`digraph analyze`) as the drawn nodes and edges that show them.
    private func launchView(_ index: PictureIndex) -> InteractivePage.LaunchView {
        let cost = LaunchCost(graph)
        let drawn = Set(index.nodes.map(\.id))
        let node = PictureIndex.nodeID(ofRegistration:)
        let chain = cost.longestChain.map(node).filter(drawn.contains)
        var edgeIDs: [String: String] = [:]
        for edge in index.edges where edgeIDs[edge.from + "\u{0}" + edge.to] == nil { edgeIDs[edge.from + "\u{0}" + edge.to] = edge.id }
        let chainEdges = zip(chain, chain.dropFirst()).compactMap { edgeIDs[$0 + "\u{0}" + $1] }
        let names = cost.longestChain.map { graph.registrations[$0].displayName }
        let summary =
            "Built at launch: \(cost.launch.count) of \(graph.registrations.count)"
            + (names.count > 1 ? "; longest chain (\(names.count)): " + names.joined(separator: " → ") : "")
        return InteractivePage.LaunchView(
            nodes: cost.launch.map { node($0.registration) }.filter(drawn.contains), chain: chain, chainEdges: chainEdges, summary: summary)
    }

    /// The Mermaid flowchart; refused past Mermaid's own limits (500 edges, 50,000 characters:
    /// with its default settings Mermaid draws an error box instead) unless `ignoringLimits`.
    public func mermaid(ignoringLimits: Bool = false) throws(Refusal) -> String {
        let (text, edges) = MermaidEncoder(picture: picture).encode()
        guard !ignoringLimits else { return text }
        let ways = options.collapseModules ? "" : ": draw part of it (--focus KEY --depth 1) or one node per module (--collapse modules)"
        if edges > MermaidEncoder.maximumEdges {
            throw Refusal(
                description:
                    "the Mermaid diagram would have \(edges) edges, more than Mermaid draws (\(MermaidEncoder.maximumEdges))\(ways), or pass --no-limit if your Mermaid is set up with a higher maxEdges"
            )
        }
        if text.utf8.count > MermaidEncoder.maximumCharacters {
            throw Refusal(
                description:
                    "the Mermaid diagram would have \(text.utf8.count) characters, more than Mermaid reads (\(MermaidEncoder.maximumCharacters))\(ways), or pass --no-limit if your Mermaid is set up with a higher maxTextSize"
            )
        }
        return text
    }
}

extension GraphDrawing {
    /// Graphviz's layout engines `render` offers.
    public enum Layout: String, CaseIterable, Sendable {
        case dot, neato, fdp, sfdp, circo, twopi
    }

    /// Said when a picture is asked of a build without the Graphviz trait.
    public static let picturesNeedGraphviz = """
        this digraph was built without Graphviz, so it draws text only: DOT (--dot) and Mermaid \
        (--format mermaid). For PNG, SVG, PDF, JSON and the HTML page, build it with the default 'Graphviz' trait and the Graphviz \
        development files installed (Debian/Ubuntu: apt-get install libgraphviz-dev pkg-config; \
        macOS: brew install graphviz), or pipe the DOT text to Graphviz's own `dot -Tpng`
        """
}
