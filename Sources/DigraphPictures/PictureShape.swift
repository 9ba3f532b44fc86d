import DigraphCore

/// The ranks of a wide picture, chosen by us rather than by dot.
///
/// Left to dot, an app's graph is a strip: every view model on one rank, every use case on the
/// next, fifteen times wider than tall. Shaping stacks the modules as bands (in dependency order,
/// top to bottom), lays each band out in its own levels, and folds a level wider than a row (800 pt,
/// wider when the folded graph would be a tower) into several rows — the staggering Graphviz's
/// `unflatten` does for the leaves of one node, applied to every wide level. A key that many
/// registrations of other modules use (a router, analytics) is drawn once per using module as a
/// small proxy with the count, instead of long edges across every band. dot still orders the nodes
/// in their rows, places and routes them.
///
/// Linear in nodes and edges (the rows are worked out for at most six widths); widths are
/// estimated from the label text (no layout is run).
struct PictureShape {
    struct Node {
        var id: PictureNodeID
        /// The cluster drawing it (its module), or -1 outside every cluster.
        var band: Int
        var width: Double
    }

    struct Proxy {
        var id: PictureNodeID
        /// The id of the node it stands for, and that node's position among the nodes.
        var target: PictureNodeID
        var targetIndex: Int
        var band: Int
        var uses: Int
    }

    /// Folded levels are at most the first of these wide (points, estimated; 800 is about five
    /// nodes) that cannot make the picture taller than four times its width: a deep graph folded
    /// into narrow rows would trade a strip for a tower.
    static let rowWidths = [800.0, 1_200, 1_600, 2_400, 3_200, 4_800]
    static let tallestRatio = 0.25
    /// The natural picture is shaped when it would be wider than this many times its height, and
    /// wider than a screen (a small picture is readable whatever its shape).
    static let foldRatio = 4.0
    static let screenWidth = 1_600.0
    /// Above this many nodes dot keeps its own ranks: folded bands multiply long edges, and dot's
    /// time with them (docs/performance.md, "Thresholds in the code").
    static let maximumNodes = 1_000
    /// A key with at least this many users is drawn as a proxy in each other module using it.
    static let hubUses = 8
    /// Estimated points: the gap between nodes (nodesep 0.3 in) and the height a rank takes.
    static let nodeGap = 22.0
    static let rankHeight = 75.0
    /// A level of dot's own picture with edge labels (a rank for the labels below each level).
    static let labelledLevelHeight = 95.0

    var proxies: [Proxy] = []
    /// Per edge (by its position in the edges given), the proxy drawn as its head.
    var proxyHeads: [Int: PictureNodeID] = [:]
    /// Node ids per rank, top to bottom: nodes first, then proxies.
    var rows: [[PictureNodeID]] = []
    /// Edges that do not point down in these ranks (a cycle, a layer violation): drawn without
    /// constraining the ranks.
    var upward: Set<Int> = []

    /// Nil when the natural picture is not too wide (it is drawn as dot ranks it). `labelWidths`
    /// gives each edge's label width as dot would draw it, or is empty when dot's picture has none.
    static func fold(nodes: [Node], edges: [(tail: Int, head: Int)], labelWidths: [Double] = []) -> PictureShape? {
        guard nodes.count <= maximumNodes else { return nil }
        let natural = GraphAlgorithms.longestPathLevels(count: nodes.count, edges: edges)
        let levels = (natural.max() ?? 0) + 1
        let widest = naturalWidth(nodes: nodes, edges: edges, labelWidths: labelWidths, levels: natural, count: levels)
        let height = Double(levels) * (labelWidths.isEmpty ? rankHeight : labelledLevelHeight)
        guard widest > screenWidth, widest > foldRatio * height else { return nil }

        var shape = PictureShape()
        var all = nodes
        var links = edges
        shape.addProxies(nodes: &all, edges: &links)

        // Bands: modules in the order their dependencies go, modules on the same level side by side.
        let bandCount = (all.map(\.band).max() ?? -1) + 2
        let bandOf = { (node: Int) in all[node].band + 1 }
        // A proxy keeps its module above the key's, as the edges it replaced did.
        let bandLinks = (links + shape.proxies.enumerated().map { (tail: nodes.count + $0.offset, head: $0.element.targetIndex) })
            .filter { bandOf($0.tail) != bandOf($0.head) }.map { (tail: bandOf($0.tail), head: bandOf($0.head)) }
        let bandLevel = GraphAlgorithms.longestPathLevels(count: bandCount, edges: bandLinks)
        // Levels inside each band, from its own edges.
        let inner = GraphAlgorithms.longestPathLevels(count: all.count, edges: links.filter { bandOf($0.tail) == bandOf($0.head) })

        // Fold each (band, level): its nodes and total width do not depend on the row width.
        let slot = all.indices.map { Slot(band: bandOf($0), level: inner[$0]) }
        var slotWidth: [Slot: Double] = [:]
        for index in all.indices { slotWidth[slot[index], default: 0] += all[index].width + nodeGap }
        var chosen = Ranking(all, slot: slot, slotWidth: slotWidth, bandLevel: bandLevel, rowWidth: rowWidths[0])
        for rowWidth in rowWidths.dropFirst() where chosen.narrowestRatio < tallestRatio {
            chosen = Ranking(all, slot: slot, slotWidth: slotWidth, bandLevel: bandLevel, rowWidth: rowWidth)
        }
        shape.rows = [[PictureNodeID]](repeating: [], count: chosen.rowCount)
        for index in all.indices { shape.rows[chosen.rank[index]].append(all[index].id) }
        for (number, link) in links.enumerated() where chosen.rank[link.head] <= chosen.rank[link.tail] { shape.upward.insert(number) }
        return shape
    }

    /// The width of dot's own picture, estimated: its widest rank. A module's cluster is a box as
    /// wide as its widest level, over all the ranks from its first level to its last, and dot sets
    /// boxes whose ranks overlap side by side (the edges leaving a box pass outside the others). A
    /// rank also holds the nodes outside any module and a place for every edge passing through
    /// it; with labels, dot puts a rank between every two levels and draws each edge's label there,
    /// about halfway down the edge.
    static func naturalWidth(nodes: [Node], edges: [(tail: Int, head: Int)], labelWidths: [Double], levels: [Int], count: Int) -> Double {
        let step = labelWidths.isEmpty ? 1 : 2
        let ranks = (count - 1) * step + 2
        var width = [Double](repeating: 0, count: ranks)
        // Per module: its nodes' width per level, and its first and last level.
        struct Box {
            var first = Int.max, last = Int.min
            var widths: [Int: Double] = [:]
            mutating func add(level: Int, width: Double) {
                (first, last) = (min(first, level), max(last, level))
                widths[level, default: 0] += width
            }
        }
        var boxes: [Int: Box] = [:]
        for (index, node) in nodes.enumerated() {
            if node.band >= 0 {
                boxes[node.band, default: Box()].add(level: levels[index], width: node.width + nodeGap)
            } else {
                width[levels[index] * step] += node.width + nodeGap
            }
        }
        var covering = [Double](repeating: 0, count: ranks + 1)
        for box in boxes.values {
            let boxWidth = (box.widths.values.max() ?? 0) + nodeGap
            covering[box.first * step] += boxWidth
            covering[box.last * step + 1] -= boxWidth
        }
        var passing = [Int](repeating: 0, count: ranks)
        for (number, edge) in edges.enumerated() {
            let (upper, lower) = (min(levels[edge.tail], levels[edge.head]) * step, max(levels[edge.tail], levels[edge.head]) * step)
            guard lower - upper > 1 else { continue }
            passing[upper + 1] += 1
            passing[lower] -= 1
            if !labelWidths.isEmpty { width[(upper + lower) / 2] += labelWidths[number] }
        }
        var through = 0, boxed = 0.0
        for rank in width.indices {
            through += passing[rank]
            boxed += covering[rank]
            width[rank] += Double(through) * nodeGap + boxed
        }
        return width.max() ?? 0
    }

    /// One level of one band (its module).
    struct Slot: Hashable { var band: Int; var level: Int }

    /// The rank of every node when wide levels are folded into rows of at most `rowWidth`.
    struct Ranking {
        var rank: [Int]
        var rowCount: Int
        /// Width over height of the picture at its narrowest: the rows' own nodes (edges passing
        /// through a row only widen it) over the rows' height.
        var narrowestRatio: Double

        init(_ all: [Node], slot: [Slot], slotWidth: [Slot: Double], bandLevel: [Int], rowWidth: Double) {
            // Fold each slot into as few rows as keep it under rowWidth, balanced: a node goes to
            // the row its middle falls in along the slot's total width.
            let rowsIn = slotWidth.mapValues { max(1, Int(($0 / rowWidth).rounded(.up))) }
            var subRow = [Int](repeating: 0, count: all.count)
            var before: [Slot: Double] = [:]
            for index in all.indices {
                let slot = slot[index], width = all[index].width + nodeGap
                let middle = before[slot, default: 0] + width / 2
                subRow[index] = min(rowsIn[slot]! - 1, Int(middle / slotWidth[slot]! * Double(rowsIn[slot]!)))
                before[slot, default: 0] += width
            }
            // Stack: each band's levels one under another; bands on the same level share ranks.
            var firstRank: [Slot: Int] = [:]
            var start = 0
            let slotsByBandLevel = Dictionary(grouping: rowsIn.keys, by: { bandLevel[$0.band] })
            for level in slotsByBandLevel.keys.sorted() {
                var height = 0
                for slots in Dictionary(grouping: slotsByBandLevel[level]!, by: \.band).values {
                    var offset = 0
                    for slot in slots.sorted(by: { $0.level < $1.level }) {
                        firstRank[slot] = start + offset
                        offset += rowsIn[slot]!
                    }
                    height = max(height, offset)
                }
                start += height
            }
            // Ranks without a node are dropped.
            var spread = [Int](repeating: 0, count: all.count)
            var used = [Bool](repeating: false, count: start)
            for index in all.indices {
                spread[index] = firstRank[slot[index]]! + subRow[index]
                used[spread[index]] = true
            }
            var compact = [Int](repeating: 0, count: start)
            var count = 0
            for old in 0..<start where used[old] { compact[old] = count; count += 1 }
            rank = spread.map { compact[$0] }
            rowCount = count

            var width = [Double](repeating: 0, count: count)
            for index in all.indices { width[rank[index]] += all[index].width + nodeGap }
            narrowestRatio = (width.max() ?? 0) / (Double(count) * rankHeight)
        }
    }

    /// Replaces edges into a much-used key from another module by edges into one proxy per module.
    private mutating func addProxies(nodes: inout [Node], edges: inout [(tail: Int, head: Int)]) {
        var users = [Set<Int>](repeating: [], count: nodes.count)
        for edge in edges { users[edge.head].insert(edge.tail) }
        struct Use: Hashable { var target: Int; var band: Int }
        var proxyOf: [Use: Int] = [:]
        for (number, edge) in edges.enumerated() {
            let band = nodes[edge.tail].band
            guard users[edge.head].count >= Self.hubUses, band != nodes[edge.head].band else { continue }
            let use = Use(target: edge.head, band: band)
            if proxyOf[use] == nil {
                proxyOf[use] = proxies.count
                let id = PictureNodeID.proxy(of: nodes[edge.head].id, band: band)
                proxies.append(Proxy(id: id, target: nodes[edge.head].id, targetIndex: edge.head, band: band, uses: 0))
                nodes.append(Node(id: id, band: band, width: nodes[edge.head].width * 0.8))
            }
            let proxy = proxyOf[use]!
            proxies[proxy].uses += 1
            proxyHeads[number] = proxies[proxy].id
            edges[number].head = nodes.count - proxies.count + proxy
        }
    }
}

extension DOTEncoder {
    /// The shape of this picture, or nil when dot's own ranks are fine.
    func shape(of scene: PictureScene.Registrations) -> PictureShape? {
        var nodes: [PictureShape.Node] = []
        var number: [PictureNodeID: Int] = [:]
        func add(_ id: PictureNodeID, band: Int, width: Double) {
            number[id] = nodes.count
            nodes.append(PictureShape.Node(id: id, band: band, width: width))
        }
        var clustered = Set<Int>()
        for (band, cluster) in scene.clusters.enumerated() {
            for node in cluster.interfaces { add(node.id, band: band, width: Self.estimatedWidth([node.spelling], ["interface"])) }
            for index in cluster.registrations {
                clustered.insert(index)
                add(.registration(index), band: band, width: estimatedWidth(of: index, moved: scene.movedKeys[index] ?? []))
            }
        }
        for index in scene.unclustered { add(.registration(index), band: -1, width: estimatedWidth(of: index, moved: scene.movedKeys[index] ?? [])) }
        for placeholder in scene.placeholders.all {
            add(placeholder.id, band: -1, width: Self.estimatedWidth([placeholder.binding.description], ["missing: nothing provides it"]))
        }
        let edges =
            scene.edges.map { (tail: number[$0.tail]!, head: number[$0.head]!) }
            + scene.interfaces.map { (tail: number[$0.id]!, head: number[.registration($0.registration)]!) }
        // dot's own picture labels its edges unless it is large (9 pt, about 5.4 pt a character).
        let labelWidths =
            Self.isLarge(nodes: nodes.count, shaped: false)
            ? []
            : (scene.edges.map { picture.edgeLabel($0.edge).text } + scene.interfaces.map { _ in PictureScene.InterfaceNode.implementedByLabel }).map {
                Double($0.count) * 5.4
            }
        return PictureShape.fold(nodes: nodes, edges: edges, labelWidths: labelWidths)
    }

    private func estimatedWidth(of index: Int, moved: Set<String>) -> Double {
        let parts = picture.labelParts(for: graph.registrations[index], moved: moved)
        return Self.estimatedWidth(parts.keys, [parts.details] + (parts.name.map { ["name: " + $0] } ?? []))
    }

    /// Helvetica's average advance is about 0.6 em: 6.6 pt a character at 11 pt (bold keys),
    /// 5.4 at 9 pt (details), plus the node's margins.
    static func estimatedWidth(_ keys: [String], _ details: [String]) -> Double {
        let key = keys.map(\.count).max() ?? 0
        let detail = details.map(\.count).max() ?? 0
        return max(Double(key) * 6.6, Double(detail) * 5.4) + 18
    }

    func proxyLine(_ proxy: PictureShape.Proxy, scene: PictureScene.Registrations) -> String {
        let target = proxy.target
        let title: String
        if case .registration(let index) = target {
            title = picture.labelParts(for: graph.registrations[index], moved: scene.movedKeys[index] ?? []).keys[0]
        } else if let interface = scene.interfaces.first(where: { $0.id == target }) {
            title = interface.spelling
        } else {
            title = scene.placeholders.all.first { $0.id == target }?.binding.description ?? "\(target)"
        }
        let tooltip = PrintableText.escape(
            "\(title): used by \(proxy.uses) registration\(proxy.uses == 1 ? "" : "s") here, drawn once in this module instead of \(proxy.uses) long edge\(proxy.uses == 1 ? "" : "s")"
        )
        return "  \(proxy.id)"
            + attributes(
                [
                    ("label", "<<i>\(DOTText.html(title))</i> <font point-size=\"9\">×\(proxy.uses)</font>>"),
                    ("style", "rounded,dashed,filled"), ("fillcolor", "#ffffff"), ("color", DOTStyle.infoColor), ("fontsize", "10"),
                ] + (options.tooltips ? [("id", DOTText.quoted("\(proxy.id)")), ("tooltip", DOTText.quoted(tooltip))] : [])) + ";"
    }

    /// Each row on its own rank, the rows in order (an invisible edge between their first nodes,
    /// weight 0 so it pulls nothing sideways).
    func rankLines(_ shape: PictureShape) -> [String] {
        var lines: [String] = []
        for (upper, lower) in zip(shape.rows, shape.rows.dropFirst()) {
            lines.append("  \(upper[0]) -> \(lower[0]) [style=invis, weight=0];")
        }
        for row in shape.rows { lines.append("  { rank=same; " + row.map(\.description).joined(separator: "; ") + "; }") }
        return lines
    }
}
