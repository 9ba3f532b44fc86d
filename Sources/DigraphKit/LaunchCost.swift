import DigraphReporters

/// `digraph analyze`: what the app builds when it starts, and the shape of the graph around it.
///
/// The launch set starts from what runs before the app's entry returns: values built when they
/// are registered (`eager: true`), keys resolved while registering (eager edges), keys app code
/// resolves at launch (`resolves:` entries with `launch: true`; from Swift, resolves the entry's
/// code makes outside closures) and `root: true` registrations (the contract's entry points). It
/// then takes everything those reach through edges that are not lazy: each is built with the
/// value that needs it.
public struct LaunchCost: Sendable {
    /// Why a registration is built at launch.
    public enum Reason: Sendable {
        case root
        case eagerRegistration
        /// Resolved by this eager edge while its holder was registered.
        case resolvedWhileRegistering(Edge)
        /// App code resolves it at launch.
        case resolvedAtLaunch(DirectResolve)
        /// Built for a launch value through this (non-lazy) edge.
        case neededBy(Edge)
    }

    /// The registrations built at launch, seeds first, then in the order the edges reach them.
    public let launch: [(registration: Int, reason: Reason)]
    /// The longest chain of non-lazy edges among them, from a seed down.
    public let longestChain: [Int]
    /// Per launch registration: the one every launch path to it goes through (its immediate
    /// dominator), nil when only the launch itself does (it is a seed, or several seeds reach it).
    public let dominator: [Int: Int]
    /// Per launch registration: how many other launch registrations only it brings in (the size
    /// of what it dominates). Making its edge lazy removes them all from the launch.
    public let dominates: [Int: Int]
    /// Per binding: the registrations that depend on it, any edge (fan-in); and per registration,
    /// the keys it depends on (fan-out).
    public let fanIn: [BindingKey: Int]
    public let fanOut: [Int]

    public init(_ graph: DependencyGraph) {
        let count = graph.registrations.count
        var reason: [Int: Reason] = [:]
        var order: [Int] = []
        func seed(_ index: Int, _ why: Reason) {
            guard reason[index] == nil else { return }
            reason[index] = why
            order.append(index)
        }
        for (index, registration) in graph.registrations.enumerated() where registration.isRoot { seed(index, .root) }
        for (index, registration) in graph.registrations.enumerated() where registration.isEager { seed(index, .eagerRegistration) }
        for edge in graph.allEdges where edge.isEager {
            if let target = edge.target { seed(target, .resolvedWhileRegistering(edge)) }
        }
        for use in graph.resolves where use.use.atLaunch {
            if let target = use.target { seed(target, .resolvedAtLaunch(use.use)) }
        }
        let seeds = order
        // Each launch registration's non-lazy targets, found once (the walk and the algorithms share them).
        var targets: [[Int]] = []
        var head = 0
        while head < order.count {
            let index = order[head]
            head += 1
            var reached: [Int] = []
            for edge in graph.edges[index] where !edge.isLazy {
                guard let target = edge.target else { continue }
                reached.append(target)
                seed(target, .neededBy(edge))
            }
            targets.append(reached)
        }
        launch = order.map { ($0, reason[$0]!) }

        // Dense numbering of the launch set for the algorithms.
        var position = [Int](repeating: -1, count: count)
        for (number, index) in order.enumerated() { position[index] = number }
        let successors = targets.map { $0.map { position[$0] } }
        let chain = GraphAlgorithms.longestPath(from: seeds.map { position[$0] }, count: order.count) { successors[$0] }
        longestChain = chain.map { order[$0] }
        let idom = GraphAlgorithms.immediateDominators(count: order.count, roots: seeds.map { position[$0] }) { successors[$0] }
        var dominator: [Int: Int] = [:]
        var children = [[Int]](repeating: [], count: order.count)
        for (number, above) in idom.enumerated() where above >= 0 {
            dominator[order[number]] = order[above]
            children[above].append(number)
        }
        self.dominator = dominator
        // Sizes of the dominator tree's subtrees, children before parents (an explicit stack).
        var size = [Int](repeating: 1, count: order.count)
        var postorder: [Int] = []
        var stack = idom.indices.filter { idom[$0] < 0 }
        while let node = stack.popLast() {
            postorder.append(node)
            stack += children[node]
        }
        for node in postorder.reversed() where idom[node] >= 0 { size[idom[node]] += size[node] }
        var dominates: [Int: Int] = [:]
        for (number, index) in order.enumerated() { dominates[index] = size[number] - 1 }
        self.dominates = dominates

        var holders: [BindingKey: Set<Int>] = [:]
        fanOut = graph.edges.map { Set($0.map(\.binding)).count }
        for edge in graph.allEdges { holders[edge.binding, default: []].insert(edge.from) }
        var fanIn: [BindingKey: Int] = [:]
        for registration in graph.registrations {
            fanIn[BindingKey(key: registration.provides[0].key, name: registration.name?.value)] = 0
        }
        for (binding, from) in holders { fanIn[binding] = from.count }
        self.fanIn = fanIn
    }
}

extension LaunchCost {
    /// The analysis as JSON: `launch` (each key with why it is built and its dominator),
    /// `longestChain`, `dominators` (keys that alone bring others in, most first), `fanIn`, `fanOut`.
    public func json(in graph: DependencyGraph) -> String {
        let names = graph.registrations.map(\.displayName)
        func name(_ index: Int) -> String { names[index] }
        let launchEntries: [JSONValue] = launch.map { index, why in
            var fields: [(String, JSONValue)] = [("key", .string(name(index))), ("lifetime", .string(graph.registrations[index].lifetime.rawValue))]
            switch why {
            case .root: fields.append(("reason", .string("root")))
            case .eagerRegistration: fields.append(("reason", .string("eager")))
            case .resolvedWhileRegistering(let edge):
                fields += [("reason", .string("resolvedWhileRegistering")), ("by", .string(name(edge.from))), ("location", .string(edge.location.description))]
            case .resolvedAtLaunch(let use): fields += [("reason", .string("resolvedAtLaunch")), ("location", .string(use.location.description))]
            case .neededBy(let edge):
                fields += [("reason", .string("neededBy")), ("by", .string(name(edge.from))), ("location", .string(edge.location.description))]
            }
            fields.append(("dominator", dominator[index].map { .string(name($0)) } ?? .null))
            return .object(fields)
        }
        let dominating = launch.map(\.registration).filter { dominates[$0]! > 0 }
            .sorted { (dominates[$1]!, name($0)) < (dominates[$0]!, name($1)) }
        let registered = graph.registrations.indices.sorted { (name($0), $0) < (name($1), $1) }
        let fanInEntries = fanIn.sorted { $0.key < $1.key }.map { ($0.key.description, JSONValue.int($0.value)) }
        var seenNames = Set<String>()
        let fanOutEntries = registered.reversed().filter { seenNames.insert(name($0)).inserted }.reversed().map { (name($0), JSONValue.int(fanOut[$0])) }
        return JSONValue.object([
            ("registrations", .int(graph.registrations.count)),
            ("launch", .array(launchEntries)),
            ("longestChain", .array(longestChain.map { .string(name($0)) })),
            ("dominators", .array(dominating.map { .object([("key", .string(name($0))), ("dominates", .int(dominates[$0]!))]) })),
            ("fanIn", .object(fanInEntries)),
            ("fanOut", .object(fanOutEntries)),
        ]).serialized()
    }

    /// The analysis for a person: how much is built at launch and why, the longest chain, and the
    /// top offenders (what alone brings most in, most depended on, most dependencies).
    public func text(in graph: DependencyGraph, top: Int = 5) -> String {
        let names = graph.registrations.map(\.displayName)
        func name(_ index: Int) -> String { "'\(names[index])'" }
        var lines: [String] = []
        let total = graph.registrations.count
        lines.append("Built at launch: \(launch.count) of \(total) registration\(total == 1 ? "" : "s").")
        let seeds = launch.filter { if case .neededBy = $0.reason { return false } else { return true } }
        if seeds.isEmpty {
            lines.append(
                "Nothing is known to run at launch: no `root: true`, eager registration, resolve while registering, or resolve marked `launch: true` (from Swift: a resolve the app's entry makes)."
            )
        } else {
            lines.append("Started by:")
            for (index, why) in seeds.prefix(max(top, 10)) {
                let said: String
                switch why {
                case .root: said = "root: true (\(graph.registrations[index].location))"
                case .eagerRegistration: said = "built when registered (\(graph.registrations[index].location))"
                case .resolvedWhileRegistering(let edge): said = "resolved while registering \(name(edge.from)) (\(edge.location))"
                case .resolvedAtLaunch(let use): said = "app code resolves it at launch (\(use.location))"
                case .neededBy: continue
                }
                lines.append("  \(name(index)): \(said)")
            }
            if seeds.count > max(top, 10) { lines.append("  … and \(seeds.count - max(top, 10)) more (`--format json` lists every one)") }
        }
        if longestChain.count > 1 {
            lines.append("")
            lines.append("Longest chain (\(longestChain.count) keys): " + longestChain.map(name).joined(separator: " -> "))
        }
        let dominating = launch.map(\.registration).filter { dominates[$0]! > 0 }
            .sorted { (dominates[$1]!, names[$0]) < (dominates[$0]!, names[$1]) }
        if !dominating.isEmpty {
            lines.append("")
            lines.append("Brings in the most at launch (what only it needs; resolving it lazily leaves them out):")
            for index in dominating.prefix(top) { lines.append("  \(name(index)): \(dominates[index]!) more") }
        }
        let mostUsed = fanIn.filter { $0.value > 0 }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        if !mostUsed.isEmpty {
            lines.append("")
            lines.append("Most depended on (fan-in): " + mostUsed.prefix(top).map { "'\($0.key)' \($0.value)" }.joined(separator: ", "))
        }
        let mostNeeding = graph.registrations.indices.filter { fanOut[$0] > 0 }
            .sorted { (fanOut[$1], names[$0]) < (fanOut[$0], names[$1]) }
        if !mostNeeding.isEmpty {
            lines.append("Most dependencies (fan-out): " + mostNeeding.prefix(top).map { "\(name($0)) \(fanOut[$0])" }.joined(separator: ", "))
        }
        return PrintableText.shownLines(lines)
    }
}
