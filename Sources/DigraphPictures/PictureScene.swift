import DigraphCore

/// What a picture shows, worked out once for its three writers (the DOT text, the Mermaid text and
/// the interactive page's index): which registrations are drawn, the interface nodes, placeholders,
/// edges and clusters, what each node and edge says, the findings on each, and the module summary.
/// No output syntax here: the writers decide how it looks.
public struct PictureScene {
    let graph: DependencyGraph
    let options: DOTOptions
    /// Every finding, in report order (the page lists them all), and those on each node and edge.
    let diagnostics: [Diagnostic]
    let problems: ProblemMap

    public init(graph: DependencyGraph, diagnostics: [Diagnostic], options: DOTOptions = DOTOptions()) {
        self.graph = graph
        self.options = options
        self.diagnostics = diagnostics
        self.problems = ProblemMap(diagnostics: diagnostics)
    }

    /// The registrations drawn: all, or the neighbourhood of the focus keys.
    public func includedRegistrations() -> [Int] {
        options.focusKeys.isEmpty
            ? Array(graph.registrations.indices) : graph.neighbourhood(ofKeys: Set(options.focusKeys), depth: options.depth)
    }

    // MARK: One node per registration

    /// An edge as drawn: the registration's edge, its position, and the id of the node it points
    /// to (another registration, an interface node, or a placeholder for a missing or external key).
    struct DrawnEdge {
        var edge: Edge
        var position: Int
        var head: PictureNodeID
        var id: Edge.ID { edge.id }
        /// Its id in DOT and SVG, and the id of the node it leaves.
        var svgID: String { "e\(edge.from)_\(position)" }
        var tail: PictureNodeID { .registration(edge.from) }
    }

    /// What a picture of one node per registration holds: the registrations, interface nodes and
    /// placeholders drawn, the edges, and the clusters (by module name, sorted) with what each holds.
    struct Registrations {
        struct Cluster {
            var module: String
            var interfaces: [InterfaceNode]
            var registrations: [Int]
        }

        var included: [Int]
        var interfaces: [InterfaceNode]
        var edges: [DrawnEdge]
        var placeholders: Placeholders
        /// Per registration, the keys drawn as interface nodes instead of in its label.
        var movedKeys: [Int: Set<String>]
        var clusters: [Cluster]
        var unclustered: [Int]
    }

    func registrations() -> Registrations {
        let included = includedRegistrations()
        let interfaces = interfaceNodes(among: included)
        let (edges, placeholders) = drawnEdges(among: included, interfaces: interfaces)
        var clusters: [Registrations.Cluster] = []
        var unclustered = included
        if options.clusters, graph.modules != nil {
            var byModule: [String: [Int]] = [:]
            unclustered = []
            for index in included {
                if let module = graph.registrations[index].module?.value { byModule[module, default: []].append(index) } else { unclustered.append(index) }
            }
            let interfacesByModule = Dictionary(grouping: interfaces, by: \.module)
            clusters = Set(byModule.keys).union(interfacesByModule.keys).sorted().map {
                Registrations.Cluster(module: $0, interfaces: interfacesByModule[$0] ?? [], registrations: byModule[$0] ?? [])
            }
        } else if options.clusters {
            // No modules: the file each registration is written in stands for its assembly.
            let byFile = Dictionary(grouping: included) { Self.assemblyName(of: graph.registrations[$0]) }
            if byFile.count > 1 {
                unclustered = []
                clusters = byFile.keys.sorted().map { Registrations.Cluster(module: $0, interfaces: [], registrations: byFile[$0]!) }
            }
        }
        return Registrations(
            included: included, interfaces: interfaces, edges: edges, placeholders: placeholders,
            movedKeys: Dictionary(grouping: interfaces, by: \.registration).mapValues { Set($0.map(\.key)) },
            clusters: clusters, unclustered: unclustered)
    }

    /// `Sources/DI/HomeAssembly.swift` → `HomeAssembly`; a manifest `data.yaml` → `data`.
    static func assemblyName(of registration: Registration) -> String {
        let file = registration.location.file.split(separator: "/").last.map(String.init) ?? registration.location.file
        return file.split(separator: ".").first.map(String.init) ?? file
    }

    /// A key that `interfaces:` places in another module than the registration implementing it:
    /// drawn in its own module's cluster, with an "implemented by" edge to the registration, so a
    /// dependency on it is seen to reach that module, not the implementation's.
    struct InterfaceNode {
        var id: PictureNodeID
        var registration: Int
        var key: String
        var spelling: String
        var module: String
        /// The id of its "implemented by" edge.
        var implementedByID: String { "\(id)_impl" }
        /// The label of that edge.
        static let implementedByLabel = "implemented by"
    }

    private func interfaceNodes(among included: [Int]) -> [InterfaceNode] {
        guard options.clusters, graph.modules != nil, !graph.interfaces.isEmpty else { return [] }
        var nodes: [InterfaceNode] = []
        for index in included {
            let registration = graph.registrations[index]
            for (position, provided) in registration.provides.enumerated() {
                guard let module = graph.interfaces[provided.key]?.module?.value, module != registration.module?.value else { continue }
                nodes.append(
                    InterfaceNode(
                        id: .interface(registration: index, position: position), registration: index, key: provided.key,
                        spelling: provided.writtenSpelling, module: module))
            }
        }
        return nodes
    }

    /// The edges between included registrations, and placeholders for the keys nothing provides
    /// (optional ones are left out: asking for them is fine).
    private func drawnEdges(among included: [Int], interfaces: [InterfaceNode]) -> (edges: [DrawnEdge], placeholders: Placeholders) {
        let isIncluded = Set(included)
        var interfaceIDs: [Int: [String: PictureNodeID]] = [:]
        for node in interfaces { interfaceIDs[node.registration, default: [:]][node.key] = node.id }
        var placeholders = Placeholders()
        var drawn: [DrawnEdge] = []
        for index in included {
            for (position, edge) in graph.edges[index].enumerated() {
                let head: PictureNodeID
                if let target = edge.target {
                    guard isIncluded.contains(target) else { continue }
                    head = interfaceIDs[target]?[edge.binding.key] ?? .registration(target)
                } else if graph.externalKeys.contains(edge.binding.key) {
                    head = placeholders.id(for: edge.binding, external: true)
                } else if edge.isOptional {
                    continue
                } else {
                    head = placeholders.id(for: edge.binding, external: false)
                }
                drawn.append(DrawnEdge(edge: edge, position: position, head: head))
            }
        }
        return (drawn, placeholders)
    }

    /// What a node says: its keys (an abstraction over another implementation is set in italics),
    /// the name qualifier, then how the value is made and how long it lives.
    struct LabelParts {
        var keys: [String]
        var isAbstraction: Bool
        var name: String?
        var details: String
    }

    /// `moved`: keys drawn as interface nodes elsewhere; when every key moved, the node is named
    /// by its implementation.
    func labelParts(for registration: Registration, moved: Set<String> = []) -> LabelParts {
        let implementationKey = registration.implementation?.key
        let shownKeys = registration.provides.filter { !moved.contains($0.key) }
        let namedByImplementation = shownKeys.isEmpty && registration.implementation != nil
        let isAbstraction = !namedByImplementation && implementationKey != nil && !registration.provides.contains { $0.key == implementationKey }
        var details: [String] = []
        if registration.isSupplied {
            details.append("supplied")
        } else if let alias = registration.aliasOf {
            details.append("alias of " + alias.writtenSpelling)
            if registration.lifetime != .transient { details.append(registration.lifetime.rawValue) }
        } else {
            var made = isAbstraction ? registration.implementation!.writtenSpelling : ""
            if let factory = registration.factory { made += (made.isEmpty ? registration.implementation!.writtenSpelling : "") + "." + factory.value }
            if !made.isEmpty { details.append(made) }
            details.append(registration.lifetime.rawValue)
        }
        if let isolation = registration.isolation { details.append("@" + isolation.writtenSpelling) }
        if !registration.arguments.isEmpty {
            details.append("args: " + registration.arguments.map { "\($0.label.value): \($0.type.writtenSpelling)" }.joined(separator: ", "))
        }
        if registration.isRoot { details.append("root") }
        let keys =
            namedByImplementation
            ? [registration.implementation!.writtenSpelling] : (shownKeys.isEmpty ? registration.provides : shownKeys).map(\.writtenSpelling)
        return LabelParts(
            keys: keys, isAbstraction: isAbstraction,
            name: registration.name?.value, details: details.joined(separator: " · "))
    }

    /// What an edge says: the parameter (`.name` for a property, `alias` for aliasOf), the
    /// arguments it passes, `?` when optional.
    func edgeLabel(_ edge: Edge) -> (text: String, passesArguments: Bool) {
        var label = edge.label.map { $0.hasPrefix("_") ? "" : $0 } ?? "alias"
        let written: Dependency? =
            switch edge.kind {
            case .dependency(let position): graph.registrations[edge.from].dependencies[position]
            case .property(let position): graph.registrations[edge.from].properties[position]
            case .alias: nil
            }
        // A property is set on the instance after construction: `.delegate`.
        if case .property = edge.kind { label = "." + label }
        var passes = false
        if case .service(_, _, _, let passing) = written?.source, !passing.isEmpty {
            label += "(" + passing.map(\.value).joined(separator: ", ") + ")"
            passes = true
        }
        if edge.isOptional { label += "?" }
        return (label, passes)
    }

    // MARK: One node per module

    /// Modules and the dependencies between them, counted; a key belongs to its interface's
    /// module, as the layer rule sees it (a Domain protocol implemented in Data is a dependency on
    /// Domain). Only layer violations are counted as violations: that is what a red module edge means.
    struct ModuleSummary {
        struct Pair: Hashable, Comparable {
            var from: String
            var to: String
            static func < (lhs: Pair, rhs: Pair) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
        }

        var members: [String: Int] = [:]
        var counts: [Pair: Int] = [:]
        var violations: [Pair: Int] = [:]
        var modules: [String] { members.keys.sorted() }

        /// The SVG id of the edge between two module nodes.
        static func edgeID(from: String, to: String) -> String { "\(from)_\(to)" }
    }

    static let noModule = "(no module)"

    func moduleSummary() -> ModuleSummary {
        let moduleOf: (Int) -> String = { self.graph.registrations[$0].module?.value ?? Self.noModule }
        var summary = ModuleSummary()
        for index in graph.registrations.indices { summary.members[moduleOf(index), default: 0] += 1 }
        for interface in graph.interfaces.values { if let module = interface.module?.value, summary.members[module] == nil { summary.members[module] = 0 } }
        for (index, edges) in graph.edges.enumerated() {
            for edge in edges {
                guard let target = edge.target else { continue }
                let targetModule = graph.module(ofKey: edge.binding, servedBy: target) ?? Self.noModule
                guard moduleOf(index) != targetModule else { continue }
                let pair = ModuleSummary.Pair(from: moduleOf(index), to: targetModule)
                summary.counts[pair, default: 0] += 1
                if problems.edges[edge.id]?.contains(where: { $0.code == .layerViolation }) == true {
                    summary.violations[pair, default: 0] += 1
                }
            }
        }
        return summary
    }
}

/// Nodes for keys that are not registrations: missing bindings and externals, one per key.
struct Placeholders {
    struct Entry {
        var id: PictureNodeID
        var binding: BindingKey
        var isExternal: Bool
    }

    private(set) var all: [Entry] = []
    private var ids: [BindingKey: PictureNodeID] = [:]

    mutating func id(for binding: BindingKey, external: Bool) -> PictureNodeID {
        if let id = ids[binding] { return id }
        let id: PictureNodeID = external ? .external(all.count) : .missing(all.count)
        ids[binding] = id
        all.append(Entry(id: id, binding: binding, isExternal: external))
        return id
    }
}
