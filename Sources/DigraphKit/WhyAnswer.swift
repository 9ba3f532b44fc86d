import DigraphReporters
import Foundation

/// `digraph why KEY`: every way the app's roots reach a key (each path root → … → KEY, edge by
/// edge), and what the key itself needs. Paths are listed depth first from each root in a fixed
/// order, up to a limit, so the same graph always gives the same answer.
public struct WhyAnswer: Sendable {
    /// Where a path starts: what makes the app build its first registration.
    public enum Origin: Sendable {
        /// App code resolves the key (`resolves:`, or a resolve read from Swift).
        case resolve(DirectResolve)
        /// A registration marked `root: true`.
        case root(Int)
        /// A value built when it is registered (`eager: true`).
        case eager(Int)
        /// Registering a registration resolves its eager edges, whether or not it is ever resolved.
        case registering(Int)
        /// The graph names no roots: a registration nothing depends on stands for one.
        case unused(Int)
    }

    public struct Path: Sendable {
        public var origin: Origin
        /// The registration the path starts at (nil when app code resolves the key itself).
        public var start: Int?
        /// The edges from `start` down to the key, the last one naming it.
        public var edges: [Edge]
    }

    public let binding: BindingKey
    /// The registrations providing the key, in registration order (the last one serves it).
    public let providers: [Int]
    public let paths: [Path]
    /// False when the listing stopped at the limit: more paths exist.
    public let isComplete: Bool
    /// True when the graph names no roots, resolves or eager registrations, so paths start at
    /// registrations nothing depends on.
    public let startsAtUnused: Bool
    /// The edges of the registration serving the key: what it needs.
    public let needs: [Edge]

    /// Paths to list before stopping, unless the caller asks for another limit.
    public static let defaultLimit = 100

    /// The answer for `binding`, or nil when no registration provides it and nothing uses it.
    public init?(_ binding: BindingKey, in graph: DependencyGraph, limit: Int = WhyAnswer.defaultLimit) {
        let providers = graph.providers[binding] ?? []
        let count = graph.registrations.count
        var dependents = [[Int]](repeating: [], count: count)
        var holders: [Int] = []
        for edge in graph.allEdges {
            if let target = edge.target { dependents[target].append(edge.from) }
            if edge.binding == binding { holders.append(edge.from) }
        }
        let direct = graph.resolves.filter { $0.binding == binding }
        guard !providers.isEmpty || !holders.isEmpty || !direct.isEmpty else { return nil }
        // What reaches the key at all, found once backwards: the search below never enters the rest.
        let reaches = GraphAlgorithms.reachable(from: holders, count: count) { dependents[$0] }

        var origins: [(origin: Origin, start: Int?)] = graph.resolves.compactMap { use in
            if use.binding == binding { return (.resolve(use.use), nil) }
            guard let target = use.target, reaches[target] else { return nil }
            return (.resolve(use.use), target)
        }
        let registrations = graph.registrations
        for index in registrations.indices where registrations[index].isRoot && reaches[index] { origins.append((.root(index), index)) }
        for index in registrations.indices where registrations[index].isEager && reaches[index] { origins.append((.eager(index), index)) }
        for index in registrations.indices where !registrations[index].isEager && reaches[index] && graph.edges[index].contains(where: \.isEager) {
            origins.append((.registering(index), index))
        }
        let hasRoots =
            !graph.resolves.isEmpty || registrations.contains { $0.isRoot || $0.isEager } || graph.allEdges.contains { $0.isEager }
        if !hasRoots {
            for index in registrations.indices where dependents[index].isEmpty && reaches[index] { origins.append((.unused(index), index)) }
        }
        startsAtUnused = !hasRoots

        var paths: [Path] = []
        var complete = true
        var onPath = [Bool](repeating: false, count: count)
        // Paths through a cycle can dead-end on a node already on the path; the edges tried are
        // bounded so such a graph cannot make the search exponential (the answer then says more exist).
        var budget = 20 * (count + graph.edges.reduce(0) { $0 + $1.count }) + 1000
        search: for (origin, start) in origins {
            guard let start else {
                paths.append(Path(origin: origin, start: nil, edges: []))
                if paths.count >= limit { complete = false; break }
                continue
            }
            let onlyEager: Bool
            if case .registering = origin { onlyEager = true } else { onlyEager = false }
            var trail: [Edge] = []
            var frames: [(node: Int, position: Int)] = [(start, 0)]
            onPath[start] = true
            while let frame = frames.last {
                let edges = graph.edges[frame.node]
                guard frame.position < edges.count else {
                    onPath[frame.node] = false
                    frames.removeLast()
                    if !trail.isEmpty { trail.removeLast() }
                    continue
                }
                frames[frames.count - 1].position += 1
                budget -= 1
                if budget < 0 {
                    complete = false
                    for frame in frames { onPath[frame.node] = false }
                    break search
                }
                let edge = edges[frame.position]
                if onlyEager, frames.count == 1, !edge.isEager { continue }
                if edge.binding == binding {
                    if paths.count >= limit {
                        complete = false
                        for frame in frames { onPath[frame.node] = false }
                        break search
                    }
                    paths.append(Path(origin: origin, start: start, edges: trail + [edge]))
                    continue
                }
                guard let target = edge.target, reaches[target], !onPath[target] else { continue }
                onPath[target] = true
                trail.append(edge)
                frames.append((target, 0))
            }
        }
        self.binding = binding
        self.providers = providers
        self.paths = paths
        self.isComplete = complete
        self.needs = providers.last.map { graph.edges[$0] } ?? []
    }
}

extension Edge {
    /// How the edge is resolved, as `why` and `analyze` name it: `alias`, `lazy` (later, through a
    /// closure or provider), `property` (set once its holder is built) or `eager` (while its holder
    /// is built; `isEager` edges even when the holder is registered).
    public var kindName: String {
        if case .alias = kind { return "alias" }
        if isLazy { return "lazy" }
        return isProperty ? "property" : "eager"
    }

    /// The edge as a list of `why` shows it: `eager, parameter 'store'` (`, when registered`).
    var summary: String {
        kindName + (isEager ? " when its holder is registered" : "") + ", " + role
    }
}

extension WhyAnswer {
    /// The answer as text: where the key is registered, each path, and what it needs.
    public func text(in graph: DependencyGraph) -> String {
        let quotedKey = "'\(binding)'"
        var lines: [String] = []
        if providers.isEmpty {
            lines.append("\(quotedKey) is not registered: what needs it would fail to resolve it.")
        } else {
            let places = providers.map { "(\(graph.registrations[$0].lifetime.rawValue)) at \(graph.registrations[$0].location)" }
            lines.append(
                "\(quotedKey) is registered \(places.count == 1 ? "" : "\(places.count) times, the last one serving it: ")\(places.joined(separator: "; ")).")
        }
        lines.append("")
        if paths.isEmpty, startsAtUnused {
            lines.append("Nothing depends on it, and the graph names no roots (no `root: true`, `resolves:` or eager registration).")
        } else if paths.isEmpty {
            lines.append("No root reaches it: nothing app code resolves, no `root: true` and no eager registration needs it.")
        } else {
            let counted = "\(paths.count)\(isComplete ? "" : " (the first; more exist)") path\(paths.count == 1 ? "" : "s")"
            let starts = startsAtUnused ? "registrations nothing depends on (the graph names no roots)" : "a root"
            lines.append("\(counted) from \(starts) \(paths.count == 1 && isComplete ? "reaches" : "reach") it:")
            for (number, path) in paths.enumerated() {
                lines.append("  \(number + 1). \(Self.describe(path.origin, in: graph))")
                for edge in path.edges {
                    let target = "'\(edge.binding)'"
                    lines.append("       -> \(target)  \(edge.summary) (\(edge.location))")
                }
            }
            if !isComplete { lines.append("  Pass --max-paths with a larger number to list more.") }
        }
        lines.append("")
        if needs.isEmpty {
            lines.append(providers.isEmpty ? "" : "It needs nothing from the container.")
        } else {
            lines.append("It needs \(needs.count) key\(needs.count == 1 ? "" : "s"):")
            for edge in needs {
                lines.append("  '\(edge.binding)'  \(edge.summary) (\(edge.location))\(edge.target == nil ? ", not registered" : "")")
            }
        }
        while lines.last == "" { lines.removeLast() }
        return PrintableText.shownLines(lines)
    }

    static func describe(_ origin: Origin, in graph: DependencyGraph) -> String {
        func named(_ index: Int) -> String { "'\(graph.registrations[index].displayName)'" }
        func at(_ index: Int) -> String { "\(graph.registrations[index].location)" }
        switch origin {
        case .resolve(let use):
            let key = Registration.displayName(key: use.type.key, name: use.name?.value)
            return "app code resolves '\(key)'\(use.atLaunch ? " at launch" : "") (\(use.location))"
        case .root(let index): return "\(named(index)) is a root (root: true, registered at \(at(index)))"
        case .eager(let index): return "\(named(index)) is built when it is registered (\(at(index)))"
        case .registering(let index): return "registering \(named(index)) (\(at(index))) resolves its eager edges"
        case .unused(let index): return "\(named(index)), which nothing depends on (\(at(index)))"
        }
    }

    /// The answer as JSON: `key`, `registered`, `paths` (each with its `root` and `steps`),
    /// `complete`, `needs`.
    public func json(in graph: DependencyGraph) -> String {
        func key(_ binding: BindingKey) -> [(String, JSONValue)] {
            [("key", .string(binding.key))] + (binding.name.map { [("name", .string($0))] } ?? [])
        }
        func step(_ edge: Edge) -> JSONValue {
            var fields = [("from", JSONValue.string(graph.registrations[edge.from].displayName))] + key(edge.binding)
            fields += [("kind", .string(edge.kindName)), ("whenRegistered", .bool(edge.isEager))]
            switch edge.kind {
            case .alias: fields.append(("role", .string("aliasOf")))
            case .dependency: fields += [("role", .string("parameter")), ("label", .string(edge.label ?? "_"))]
            case .property: fields += [("role", .string("property")), ("label", .string(edge.label ?? "_"))]
            }
            fields += [("location", .string(edge.location.description)), ("registered", .bool(edge.target != nil))]
            return .object(fields)
        }
        func root(_ path: Path) -> JSONValue {
            switch path.origin {
            case .resolve(let use):
                return .object(
                    [("kind", .string("resolve"))] + key(BindingKey(key: use.type.key, name: use.name?.value))
                        + [("location", .string(use.location.description)), ("launch", .bool(use.atLaunch))])
            case .root(let index), .eager(let index), .registering(let index), .unused(let index):
                let kind: String
                switch path.origin {
                case .root: kind = "root"
                case .eager: kind = "eager"
                case .registering: kind = "registering"
                default: kind = "unused"
                }
                let registration = graph.registrations[index]
                return .object(
                    [("kind", .string(kind))] + key(BindingKey(key: registration.provides[0].key, name: registration.name?.value))
                        + [("location", .string(registration.location.description))])
            }
        }
        let value = JSONValue.object(
            key(binding) + [
                (
                    "registered",
                    .array(
                        providers.map { index in
                            .object([
                                ("lifetime", .string(graph.registrations[index].lifetime.rawValue)),
                                ("location", .string(graph.registrations[index].location.description)),
                            ])
                        })
                ),
                ("paths", .array(paths.map { path in .object([("root", root(path)), ("steps", .array(path.edges.map(step)))]) })),
                ("complete", .bool(isComplete)),
                ("rootsNamed", .bool(!startsAtUnused)),
                ("needs", .array(needs.map(step))),
            ])
        return value.serialized()
    }
}

extension WhyAnswer {
    /// The key a question asked without `--name` is about: the one named key of that type when the
    /// graph knows no unnamed one (a Factory key always carries its property's name:
    /// `why ToDoOfTargetRepository` means `--name todoOfTargetRepository`), with a line saying so;
    /// else the key as asked.
    public static func answeredKey(_ asked: BindingKey, in graph: DependencyGraph) -> (key: BindingKey, note: String?) {
        guard asked.name == nil, graph.providers[asked] == nil, !graph.allEdges.contains(where: { $0.binding == asked }) else { return (asked, nil) }
        var named = Set(graph.providers.keys.filter { $0.key == asked.key })
        for edge in graph.allEdges where edge.binding.key == asked.key { named.insert(edge.binding) }
        guard named.count == 1, let only = named.first, let name = only.name else { return (asked, nil) }
        return (only, "digraph: '\(PrintableText.escape(asked.key))' is known only with --name \(PrintableText.escape(name)); answering for that key\n")
    }

    /// The message for a key the graph neither registers nor uses, with the nearest spellings.
    public static func unknownKey(_ binding: BindingKey, in graph: DependencyGraph) -> String {
        var known = Set(graph.providers.keys)
        for edge in graph.allEdges { known.insert(edge.binding) }
        let sameKey = known.filter { $0.key == binding.key }.sorted()
        if !sameKey.isEmpty {
            let names = sameKey.map { $0.name.map { "--name \(PrintableText.escape($0))" } ?? "no --name" }
            return
                "'\(PrintableText.escape(binding.description))' is neither registered nor used; '\(PrintableText.escape(binding.key))' is, with \(names.joined(separator: ", "))"
        }
        let keys = Set(known.map(\.key))
        var near = Array(nearSpellings(of: binding.key, in: keys).prefix(3))
        if near.isEmpty {
            // The start of a longer name, maybe mistyped (`TokenRepositry` for `TokenRepositoryProtocol`).
            let limit = max(1, min(3, binding.key.count / 3))
            near = Array(
                keys.filter { $0.count > binding.key.count && editDistance(binding.key, String($0.prefix(binding.key.count)), limit: limit) <= limit }.sorted()
                    .prefix(3))
        }
        let hint = near.isEmpty ? "" : "; did you mean \(near.map { "'\(PrintableText.escape($0))'" }.joined(separator: " or "))?"
        return "'\(PrintableText.escape(binding.description))' is neither registered nor used in this graph (\(graph.registrations.count) registrations)\(hint)"
    }
}
