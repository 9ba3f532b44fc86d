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
}
