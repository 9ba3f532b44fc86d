/// Graph algorithms over dense integer nodes `0..<count`, knowing nothing of the model.
/// All are iterative so that deep graphs (100,000 registrations in a chain) cannot overflow the stack.
public enum GraphAlgorithms {
    /// Strongly connected components (Tarjan), each sorted ascending, in order of their smallest node.
    public static func stronglyConnectedComponents(count: Int, successors: (Int) -> [Int]) -> [[Int]] {
        var indexOf = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var components: [[Int]] = []
        var nextIndex = 0

        for root in 0..<count where indexOf[root] == -1 {
            // Each frame: the node and the position of the next successor to visit.
            var frames: [(node: Int, successors: [Int], position: Int)] = []
            func open(_ node: Int) {
                indexOf[node] = nextIndex
                lowLink[node] = nextIndex
                nextIndex += 1
                stack.append(node)
                onStack[node] = true
                frames.append((node, successors(node), 0))
            }
            open(root)
            while let frame = frames.last {
                if frame.position < frame.successors.count {
                    frames[frames.count - 1].position += 1
                    let next = frame.successors[frame.position]
                    if indexOf[next] == -1 {
                        open(next)
                    } else if onStack[next] {
                        lowLink[frame.node] = min(lowLink[frame.node], indexOf[next])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    lowLink[parent.node] = min(lowLink[parent.node], lowLink[frame.node])
                }
                if lowLink[frame.node] == indexOf[frame.node] {
                    var component: [Int] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component.append(member)
                        if member == frame.node { break }
                    }
                    components.append(component.sorted())
                }
            }
        }
        return components.sorted { $0[0] < $1[0] }
    }

    /// The shortest path of nodes from `start` back to `start`, staying inside `allowed`,
    /// closed on the first node (`[a, b, a]`). nil when no such cycle exists.
    public static func shortestCycle(through start: Int, within allowed: Set<Int>, successors: (Int) -> [Int]) -> [Int]? {
        var parent: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in successors(node) where allowed.contains(next) {
                if next == start {
                    var backwards = [start]
                    var cursor = node
                    while cursor != start {
                        backwards.append(cursor)
                        cursor = parent[cursor]!
                    }
                    backwards.append(start)
                    return backwards.reversed()
                }
                if parent[next] == nil {
                    parent[next] = node
                    queue.append(next)
                }
            }
        }
        return nil
    }

    /// Every node reachable from `starts` (the starts included).
    public static func reachable(from starts: [Int], count: Int, successors: (Int) -> [Int]) -> [Bool] {
        var seen = [Bool](repeating: false, count: count)
        var stack = starts
        for start in starts { seen[start] = true }
        while let node = stack.popLast() {
            for next in successors(node) where !seen[next] {
                seen[next] = true
                stack.append(next)
            }
        }
        return seen
    }

    /// Levels by longest path from the sources, ignoring the edges that close a cycle (found by a
    /// depth-first search, iterative so a deep graph cannot overflow the stack). Linear.
    public static func longestPathLevels(count: Int, edges: [(tail: Int, head: Int)]) -> [Int] {
        var successors = [[Int]](repeating: [], count: count)
        for edge in edges where edge.tail != edge.head { successors[edge.tail].append(edge.head) }
        // Reverse postorder is a topological order once back edges are dropped.
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on the stack, 2 done
        var position = [Int](repeating: 0, count: count)
        var postorder: [Int] = []
        postorder.reserveCapacity(count)
        for root in 0..<count where state[root] == 0 {
            var stack = [(node: root, next: 0)]
            state[root] = 1
            while let top = stack.last {
                if top.next < successors[top.node].count {
                    stack[stack.count - 1].next += 1
                    let next = successors[top.node][top.next]
                    if state[next] == 0 { state[next] = 1; stack.append((next, 0)) }
                } else {
                    state[top.node] = 2
                    postorder.append(top.node)
                    stack.removeLast()
                }
            }
        }
        for (order, node) in postorder.reversed().enumerated() { position[node] = order }
        var level = [Int](repeating: 0, count: count)
        for node in postorder.reversed() {
            for next in successors[node] where position[next] > position[node] {
                level[next] = max(level[next], level[node] + 1)
            }
        }
        return level
    }

    /// The nodes at most `depth` steps from the seeds, following `neighbours` (breadth first),
    /// in index order. Linear in the nodes and edges reached.
    public static func withinDistance(_ depth: Int, of seeds: [Int], neighbours: (Int) -> [Int]) -> [Int] {
        var distance: [Int: Int] = [:]
        var queue = seeds
        for seed in seeds { distance[seed] = 0 }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            guard distance[node]! < depth else { continue }
            for next in neighbours(node) where distance[next] == nil {
                distance[next] = distance[node]! + 1
                queue.append(next)
            }
        }
        return distance.keys.sorted()
    }
    /// The immediate dominator of every node reachable from `roots` through `successors`, where a
    /// virtual root stands above all of `roots`: `-1` for a node only the virtual root dominates
    /// (several roots reach it, or it is a root), `-2` for a node not reached. Lengauer and Tarjan's
    /// algorithm with path compression, iterative: O(edges · log nodes), no recursion.
    public static func immediateDominators(count: Int, roots: [Int], successors: (Int) -> [Int]) -> [Int] {
        let top = count  // the virtual root
        var number = [Int](repeating: -1, count: count + 1)
        var vertex: [Int] = []
        var parent = [Int](repeating: -1, count: count + 1)
        var predecessors = [[Int]](repeating: [], count: count + 1)
        vertex.reserveCapacity(count + 1)
        // Depth-first numbering from the virtual root; each frame holds its successors and the next one to try.
        number[top] = 0
        vertex.append(top)
        var frames: [(node: Int, next: [Int], position: Int)] = [(top, roots, 0)]
        while let frame = frames.last {
            guard frame.position < frame.next.count else {
                frames.removeLast()
                continue
            }
            frames[frames.count - 1].position += 1
            let next = frame.next[frame.position]
            predecessors[next].append(frame.node)
            guard number[next] < 0 else { continue }
            number[next] = vertex.count
            vertex.append(next)
            parent[next] = frame.node
            frames.append((next, successors(next), 0))
        }
        let reached = vertex.count
        var semi = [Int](repeating: 0, count: count + 1)
        for node in vertex { semi[node] = number[node] }
        var ancestor = [Int](repeating: -1, count: count + 1)
        var label = Array(0...count)
        var idom = [Int](repeating: -1, count: count + 1)
        var bucket = [[Int]](repeating: [], count: count + 1)

        /// The node of smallest semidominator on the forest path above `node`, compressing the path (iteratively).
        func evaluate(_ node: Int) -> Int {
            guard ancestor[node] >= 0 else { return node }
            var path: [Int] = []
            var cursor = node
            while ancestor[cursor] >= 0, ancestor[ancestor[cursor]] >= 0 {
                path.append(cursor)
                cursor = ancestor[cursor]
            }
            for member in path.reversed() {
                let above = ancestor[member]
                if semi[label[above]] < semi[label[member]] { label[member] = label[above] }
                ancestor[member] = ancestor[above]
            }
            return label[node]
        }

        for position in stride(from: reached - 1, through: 1, by: -1) {
            let node = vertex[position]
            for predecessor in predecessors[node] where number[predecessor] >= 0 {
                let found = evaluate(predecessor)
                if semi[found] < semi[node] { semi[node] = semi[found] }
            }
            bucket[vertex[semi[node]]].append(node)
            let above = parent[node]
            ancestor[node] = above
            for waiting in bucket[above] {
                let found = evaluate(waiting)
                idom[waiting] = semi[found] < semi[waiting] ? found : above
            }
            bucket[above].removeAll()
        }
        for position in 1..<max(reached, 1) {
            let node = vertex[position]
            if idom[node] != vertex[semi[node]] { idom[node] = idom[idom[node]] }
        }
        var result = [Int](repeating: -2, count: count)
        for position in 1..<max(reached, 1) {
            let node = vertex[position]
            result[node] = idom[node] == top ? -1 : idom[node]
        }
        return result
    }

    /// The longest path through `successors` starting at one of `starts`, as nodes from the start
    /// down; edges that close a cycle (found depth first, in order) are not followed. Ties go to the
    /// earlier start and the earlier successor. Linear.
    public static func longestPath(from starts: [Int], count: Int, successors: (Int) -> [Int]) -> [Int] {
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on the stack, 2 done
        var length = [Int](repeating: 1, count: count)
        var best = [Int](repeating: -1, count: count)
        for start in starts where state[start] == 0 {
            var stack: [(node: Int, next: [Int], position: Int)] = [(start, successors(start), 0)]
            state[start] = 1
            while let top = stack.last {
                if top.position < top.next.count {
                    stack[stack.count - 1].position += 1
                    let next = top.next[top.position]
                    if state[next] == 0 {
                        state[next] = 1
                        stack.append((next, successors(next), 0))
                    }
                    continue
                }
                // Done: its length is one more than its longest finished successor's.
                for next in top.next where state[next] == 2 && length[next] + 1 > length[top.node] {
                    length[top.node] = length[next] + 1
                    best[top.node] = next
                }
                state[top.node] = 2
                stack.removeLast()
            }
        }
        guard var cursor = starts.first else { return [] }
        for start in starts where length[start] > length[cursor] { cursor = start }
        var path = [cursor]
        while best[cursor] >= 0 {
            cursor = best[cursor]
            path.append(cursor)
        }
        return path
    }
}
