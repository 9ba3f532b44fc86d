import DigraphCore
import Testing

struct GraphAlgorithmsTests {
    @Test func componentsOfAGraphWithTwoCyclesAndATail() {
        // 0 -> 1 -> 2 -> 0, 3 -> 3, 4 -> 0
        let edges = [[1], [2], [0], [3], [0]]
        let components = GraphAlgorithms.stronglyConnectedComponents(count: 5) { edges[$0] }
        #expect(components == [[0, 1, 2], [3], [4]])
    }

    @Test func shortestCycleIsClosedOnItsStart() {
        // 0 -> 1 -> 2 -> 0 and a longer way 0 -> 3 -> 4 -> 2
        let edges = [[3, 1], [2], [0], [4], [2]]
        let cycle = GraphAlgorithms.shortestCycle(through: 0, within: [0, 1, 2, 3, 4]) { edges[$0] }
        #expect(cycle == [0, 1, 2, 0])
        #expect(GraphAlgorithms.shortestCycle(through: 3, within: [3, 4]) { edges[$0] } == nil)
    }

    @Test func aHundredThousandNodeChainDoesNotOverflowTheStack() {
        let count = 100_000
        let components = GraphAlgorithms.stronglyConnectedComponents(count: count) { $0 + 1 < count ? [$0 + 1] : [0] }
        #expect(components.count == 1)
        #expect(components[0].count == count)
        let reached = GraphAlgorithms.reachable(from: [0], count: count) { $0 + 1 < count ? [$0 + 1] : [] }
        #expect(reached.allSatisfy { $0 })
    }

    @Test func longestPathLevelsIgnoreTheEdgeThatClosesACycle() {
        // 0 -> 1 -> 2, 0 -> 2 (the longer way sets 2's level), 2 -> 0 closes a cycle, 3 alone, 4 -> 4.
        let edges = [(tail: 0, head: 1), (1, 2), (0, 2), (2, 0), (4, 4)]
        #expect(GraphAlgorithms.longestPathLevels(count: 5, edges: edges) == [0, 1, 2, 0, 0])
        let chain = (0..<99_999).map { (tail: $0, head: $0 + 1) }
        #expect(GraphAlgorithms.longestPathLevels(count: 100_000, edges: chain).last == 99_999, "iterative: no stack overflow")
    }

    @Test func withinDistanceStopsAtTheDepthAndListsInIndexOrder() {
        // 5 -> 3 -> 1 -> 0 -> 2, 4 unconnected
        let neighbours = [[2, 1], [0, 3], [0], [1, 5], [], [3]]
        #expect(GraphAlgorithms.withinDistance(1, of: [1]) { neighbours[$0] } == [0, 1, 3])
        #expect(GraphAlgorithms.withinDistance(2, of: [1]) { neighbours[$0] } == [0, 1, 2, 3, 5])
        #expect(GraphAlgorithms.withinDistance(0, of: [4, 2]) { neighbours[$0] } == [2, 4])
    }

    @Test func editDistanceCountsTranspositionsOnce() {
        #expect(editDistance("Dtaa", "Data") == 1)
        #expect(editDistance("lifetime", "lifetime") == 0)
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(nearSpellings(of: "TokenRepositoryProtocl", in: ["TokenRepositoryProtocol", "LoginRepository"]) == ["TokenRepositoryProtocol"])
    }
    @Test func immediateDominatorsOfADiamondAChainAndTwoRoots() {
        // Root 0: 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3, 3 -> 4; 5 reached from no root; 4 -> 1 closes a cycle.
        let edges = [[1, 2], [3], [3], [4], [1], [4]]
        #expect(GraphAlgorithms.immediateDominators(count: 6, roots: [0]) { edges[$0] } == [-1, 0, 0, 0, 3, -2])
        // Two roots reaching 3 each their own way: only the launch itself dominates it.
        #expect(GraphAlgorithms.immediateDominators(count: 6, roots: [1, 2]) { edges[$0] } == [-2, -1, -1, -1, 3, -2])
        // A root that another root also reaches is still dominated by the start alone.
        #expect(GraphAlgorithms.immediateDominators(count: 6, roots: [0, 1]) { edges[$0] } == [-1, -1, 0, -1, 3, -2])
    }

    @Test func dominatorsAgreeWithTheirDefinitionOnSmallRandomGraphs() {
        // d strictly dominates n when n cannot be reached from the roots once d is taken away; the
        // immediate dominator is the strict dominator all the others dominate (the closest one).
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let count = Int.random(in: 1...9, using: &random)
            let edges = (0..<count).map { _ in (0..<Int.random(in: 0...3, using: &random)).map { _ in Int.random(in: 0..<count, using: &random) } }
            let roots = Array(Set((0..<Int.random(in: 1...2, using: &random)).map { _ in Int.random(in: 0..<count, using: &random) })).sorted()
            let reached = GraphAlgorithms.reachable(from: roots, count: count) { edges[$0] }
            func reachedWithout(_ removed: Int) -> [Bool] {
                GraphAlgorithms.reachable(from: roots.filter { $0 != removed }, count: count) { node in
                    node == removed ? [] : edges[node].filter { $0 != removed }
                }
            }
            let without = (0..<count).map(reachedWithout)
            let strict = (0..<count).map { node in Set((0..<count).filter { $0 != node && reached[$0] && !without[$0][node] }) }
            let idom = GraphAlgorithms.immediateDominators(count: count, roots: roots) { edges[$0] }
            for node in 0..<count {
                let expected: Int
                if !reached[node] {
                    expected = -2
                } else if let closest = strict[node].first(where: { candidate in strict[node].subtracting([candidate]).isSubset(of: strict[candidate]) }) {
                    expected = closest
                } else {
                    expected = -1
                }
                #expect(idom[node] == expected, "edges \(edges), roots \(roots), node \(node)")
            }
        }
    }

    @Test func longestPathFromTheStartsSkipsTheEdgeClosingACycle() {
        // 0 -> 3 -> 1 -> 2, 0 -> 1; 2 -> 3 closes a cycle (3 is on the stack when it is met); 4 -> 3.
        let edges = [[3, 1], [2], [3], [1], [3]]
        #expect(GraphAlgorithms.longestPath(from: [0, 4], count: 5) { edges[$0] } == [0, 3, 1, 2])
        // Two starts as long: the earlier one.
        #expect(GraphAlgorithms.longestPath(from: [4, 0], count: 5) { edges[$0] } == [4, 3, 1, 2])
        // Without a cycle: the longer of two ways (0 -> 1 -> 2 -> 3 over 0 -> 3).
        let dag = [[3, 1], [2], [3], []]
        #expect(GraphAlgorithms.longestPath(from: [0], count: 4) { dag[$0] } == [0, 1, 2, 3])
        #expect(GraphAlgorithms.longestPath(from: [], count: 5) { edges[$0] } == [])
        let count = 100_000
        #expect(GraphAlgorithms.longestPath(from: [0], count: count) { $0 + 1 < count ? [$0 + 1] : [] }.count == count, "iterative: no stack overflow")
        let idom = GraphAlgorithms.immediateDominators(count: count, roots: [0]) { $0 + 1 < count ? [$0 + 1] : [] }
        #expect(idom.last == count - 2 && idom.first == -1)
    }
}
