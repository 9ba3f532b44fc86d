import DigraphCore
import DigraphLoader
import DigraphRules
import Testing

/// `suppress:` covers the finding its own registration, dependency or resolve is the subject of,
/// wherever the rule prints it: the lookup goes by the finding's place in the graph, never by line.
struct SuppressionTests {
    func outcome(_ manifest: String) throws -> (kept: [String], suppressed: [String]) {
        let loaded = ManifestLoader.load(text: manifest)
        let graph = try #require(loaded.graph, "\(loaded.diagnostics)")
        let outcome = Suppressions.apply(to: RuleCatalog.check(graph).sortedForReport(), in: graph)
        return (outcome.kept.map(RuleExample.render), outcome.suppressed.map(RuleExample.render))
    }

    /// Two registrations of one key: the finding is printed on the second one's key (line 8), not on
    /// its registration (line 6). Both registrations have the same identity (`registration Clock`),
    /// so only the place tells them apart.
    func duplicate(suppressingFirst: Bool, suppressingSecond: Bool) -> String {
        """
        version: 1
        registrations:
          - provides: Clock
            root: true\(suppressingFirst ? "\n    suppress: [duplicate-registration]" : "")
          - implementation: SystemClock
            root: true\(suppressingSecond ? "\n    suppress: [duplicate-registration]" : "")
            provides:
              - Clock
        """
    }

    @Test func aFindingPrintedOnAnotherLineIsHiddenByItsOwnRegistrationsEntry() throws {
        let found = try outcome(duplicate(suppressingFirst: false, suppressingSecond: false))
        #expect(
            found.kept == [
                "8:9: error: 'Clock' is registered again; this registration silently replaces the one at manifest.yaml:3:15 [duplicate-registration]\n  3:15: note: first registered here"
            ])
        let hidden = try outcome(duplicate(suppressingFirst: false, suppressingSecond: true))
        #expect(hidden.kept == [])
        #expect(hidden.suppressed.count == 1 && hidden.suppressed[0].hasPrefix("9:9: error: 'Clock' is registered again"))
    }

    @Test func theEntryOfAnotherRegistrationOfTheSameKeyDoesNotHideIt() throws {
        let found = try outcome(duplicate(suppressingFirst: true, suppressingSecond: false))
        #expect(
            found.kept == [
                "9:9: error: 'Clock' is registered again; this registration silently replaces the one at manifest.yaml:3:15 [duplicate-registration]\n  3:15: note: first registered here",
                "5:16: info: unused suppression: nothing on Clock reports 'duplicate-registration'; remove it from 'suppress' [duplicate-registration]",
            ])
        #expect(found.suppressed == [])
    }

    /// A cycle is printed on the registration it starts from and covered by that registration's entry;
    /// a dependency's entry covers that dependency only, wherever its finding is printed.
    @Test func aCycleBelongsToItsStartAndADependencysEntryToThatDependency() throws {
        let cycle = try outcome(
            """
            version: 1
            registrations:
              - provides: A
                suppress: [cycle]
                dependencies: { b: B }
              - provides: B
                dependencies: { a: A }
            """)
        #expect(cycle.kept == [] && cycle.suppressed.count == 1)
        let otherEnd = try outcome(
            """
            version: 1
            registrations:
              - provides: A
                dependencies: { b: B }
              - provides: B
                suppress: [cycle]
                dependencies: { a: A }
            """)
        #expect(otherEnd.suppressed == [])
        #expect(otherEnd.kept.first?.hasPrefix("3:5: error: dependency cycle: A -> B -> A") == true)
        let argument = try outcome(
            """
            version: 1
            registrations:
              - provides: Screen
                arguments: { id: Int }
                dependencies:
                  model: { type: Model, arguments: [identifier], suppress: [argument-mismatch] }
              - provides: Model
                arguments: { id: Int }
            """)
        // Printed on the argument's name (6:41), hidden by the entry of the dependency that passes it.
        #expect(argument.suppressed.map { String($0.prefix(5)) } == ["6:41:"], "\(argument.suppressed)")
        #expect(
            argument.kept == [
                "4:18: warning: runtime argument 'id' of 'Screen' is never used: no parameter takes it and no dependency is passed it [argument-mismatch]",
                "8:18: warning: runtime argument 'id' of 'Model' is never used: no parameter takes it and no dependency is passed it [argument-mismatch]",
            ])
    }
}

/// The importer's findings carry a source location only; `placing` puts each on the element declared
/// exactly there, so a `suppress:` entry and the picture treat them as the rules' findings.
struct ImportedFindingPlacementTests {
    @Test func aFindingIsPlacedOnWhatIsDeclaredWhereItIsReported() throws {
        let loaded = ManifestLoader.load(
            text: """
                version: 1
                registrations:
                  - provides: Screen
                    arguments: { id: Int }
                    dependencies:
                      model: Model
                  - provides: Model
                """)
        let graph = try #require(loaded.graph)
        func at(_ line: Int, _ column: Int) -> Diagnostic {
            Diagnostic(.swiftImport, .warning, "read \(line):\(column)", at: SourceLocation(file: "manifest.yaml", line: line, column: column))
        }
        let placed = graph.placing([at(3, 5), at(3, 15), at(4, 18), at(6, 7), at(7, 15), at(5, 5)]).map { $0.subject?.place }
        #expect(
            placed == [
                .registration(0), .registration(0), .argument(of: 0, position: 0),
                .dependency(Edge.ID(from: 0, kind: .dependency(index: 0))), .registration(1), nil,
            ])
        // Placing keeps the fingerprint: the message still names what the finding is about.
        #expect(graph.placing([at(6, 7)])[0].fingerprint == "swift-import: read 6:7")
    }
}
