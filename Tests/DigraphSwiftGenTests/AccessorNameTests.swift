import DigraphCore
import DigraphLoader
import DigraphSwiftGen
import Testing

/// An accessor's name is a function of its own key: adding or reordering registrations renames none.
struct AccessorNameTests {
    func accessors(_ keys: [String]) throws -> [String: String] {
        let manifest = "version: 1\nregistrations:\n" + keys.map { "  - provides: \"\($0)\"\n    implementation: Impl\n" }.joined()
        let graph = try #require(ManifestLoader.load(text: manifest).graph)
        let plan = try GenerationPlan(graph: graph)
        return Dictionary(
            uniqueKeysWithValues: keys.map { ($0, plan.accessor(for: BindingKey(key: (try? TypeExpressionParser.parse($0))?.key ?? $0, name: nil))) })
    }

    @Test func namesDoNotDependOnOtherRegistrationsOrTheirOrder() throws {
        let alone = try accessors(["FooBar"])
        let all = try accessors(["Foo.Bar", "Foo_Bar", "FooBar", "Overrides", "Lock"])
        let reversed = try accessors(["Lock", "Overrides", "FooBar", "Foo_Bar", "Foo.Bar"])
        #expect(alone["FooBar"] == "fooBar")
        #expect(all == reversed)
        #expect(all["FooBar"] == "fooBar" && all["Foo.Bar"] == "foo_Bar" && all["Overrides"] == "overrides_" && all["Lock"] == "lock")
        #expect(all["Foo_Bar"]!.hasPrefix("fooBar_") && all["Foo_Bar"]!.count == "fooBar_".count + 8)
        #expect(Set(all.values).count == 5)
    }

    @Test func keysThatDifferOnlyInLeadingCapitalsAreRefusedWithBothNamed() throws {
        let graph = try #require(ManifestLoader.load(text: "version: 1\nregistrations:\n  - provides: FooBar\n  - provides: FOOBar\n", file: "m.yaml").graph)
        #expect(
            throws: GenerationPlan.Problem(
                message:
                    "'FOOBar' and 'FooBar' (m.yaml:3:15) would both be generated as 'fooBar()'; they differ only in the case of their first letters: rename one of the types",
                location: SourceLocation(file: "m.yaml", line: 4, column: 15))
        ) {
            try GenerationPlan(graph: graph)
        }
    }
}
