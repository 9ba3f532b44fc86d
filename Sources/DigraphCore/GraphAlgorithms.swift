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
}
