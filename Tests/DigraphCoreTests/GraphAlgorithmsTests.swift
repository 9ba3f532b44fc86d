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

    @Test func editDistanceCountsTranspositionsOnce() {
        #expect(editDistance("Dtaa", "Data") == 1)
        #expect(editDistance("lifetime", "lifetime") == 0)
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(nearSpellings(of: "TokenRepositoryProtocl", in: ["TokenRepositoryProtocol", "LoginRepository"]) == ["TokenRepositoryProtocol"])
    }
}
