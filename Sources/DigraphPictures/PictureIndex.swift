import DigraphCore

/// What an interactive page needs to know about a drawn picture, by the SVG ids the DOT text gives
/// (`r12`, `i12_0`, `missing0`, `e12_0`, `m3`): each node's text for search, each edge's ends, and
/// each finding with the elements it is about.
public struct PictureIndex: Sendable {
    public struct Node: Sendable {
        public var id: String
        /// The first line of its label (a key, an implementation, a module).
        public var title: String
        /// Everything search matches: keys, name, implementation, module.
        public var searchText: String
    }

    public struct EdgeEntry: Sendable {
        public var id: String
        public var from: String
        public var to: String
    }

    public struct Finding: Sendable {
        public var diagnostic: Diagnostic
        /// Node and edge ids it marks; the first node is the one to select.
        public var elements: [String]
    }

    public var nodes: [Node] = []
    public var edges: [EdgeEntry] = []
    public var findings: [Finding] = []

    /// The SVG id of a registration's node.
    public static func nodeID(ofRegistration index: Int) -> String { "\(PictureNodeID.registration(index))" }
}

extension PictureScene {
    /// The index of the picture the DOT writer draws from this scene, with the same ids.
    public func pictureIndex() -> PictureIndex {
        var index = PictureIndex()
        if options.collapseModules {
            let summary = moduleSummary()
            let ids = Dictionary(uniqueKeysWithValues: summary.modules.enumerated().map { ($1, "m\($0)") })
            index.nodes = summary.modules.map { PictureIndex.Node(id: ids[$0]!, title: $0, searchText: $0) }
            index.edges = summary.counts.keys.sorted().map {
                PictureIndex.EdgeEntry(id: ModuleSummary.edgeID(from: ids[$0.from]!, to: ids[$0.to]!), from: ids[$0.from]!, to: ids[$0.to]!)
            }
            return index
        }
        let scene = registrations()
        for node in scene.interfaces {
            index.nodes.append(PictureIndex.Node(id: "\(node.id)", title: node.spelling, searchText: "\(node.spelling) \(node.module)"))
        }
        for registration in scene.included {
            let value = graph.registrations[registration]
            let parts = labelParts(for: value, moved: scene.movedKeys[registration] ?? [])
            let words =
                value.provides.map(\.writtenSpelling) + [value.name?.value, value.implementation?.writtenSpelling, value.module?.value].compactMap { $0 }
            index.nodes.append(
                PictureIndex.Node(id: "\(PictureNodeID.registration(registration))", title: parts.keys[0], searchText: words.joined(separator: " ")))
        }
        for placeholder in scene.placeholders.all {
            index.nodes.append(PictureIndex.Node(id: "\(placeholder.id)", title: placeholder.binding.description, searchText: placeholder.binding.description))
        }
        for edge in scene.edges {
            index.edges.append(PictureIndex.EdgeEntry(id: edge.svgID, from: "\(edge.tail)", to: "\(edge.head)"))
        }
        for node in scene.interfaces {
            index.edges.append(PictureIndex.EdgeEntry(id: node.implementedByID, from: "\(node.id)", to: "\(PictureNodeID.registration(node.registration))"))
        }
        // Findings: each with the drawn elements that carry it (in the order drawn).
        var elements: [Diagnostic: [String]] = [:]
        for registration in scene.included {
            for finding in problems.nodes[registration] ?? [] { elements[finding, default: []].append("\(PictureNodeID.registration(registration))") }
        }
        for edge in scene.edges {
            for finding in problems.edges[edge.id] ?? [] {
                elements[finding, default: []].append(contentsOf: ["\(edge.tail)", edge.svgID])
            }
        }
        index.findings = diagnostics.map { PictureIndex.Finding(diagnostic: $0, elements: Self.unique(elements[$0] ?? [])) }
        return index
    }

    private static func unique(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }
}
