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
}
