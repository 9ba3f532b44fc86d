import DigraphCore
import DigraphReporters
import Foundation
import Testing

/// Each reporter on a hand-made report with the awkward characters a real one can carry.
struct ReporterTests {
    static let location = SourceLocation(file: "dir/my app,v2:x.yaml", line: 3, column: 7)
    static let report = Report(
        registrations: 2,
        diagnostics: [
            Diagnostic(
                .cycle, .error, "dependency cycle: A -> B -> A; 100% \"sure\"\nsecond line", at: location,
                notes: [Note("'A' depends on 'B' (parameter 'b')", at: SourceLocation(file: "dir/my app,v2:x.yaml", line: 5, column: 9))]),
            Diagnostic(.unusedRegistration, .info, "nothing reachable from a root uses 'C'", at: SourceLocation(file: "a.yaml", line: 1, column: 1)),
            Diagnostic(.keyCollision, .warning, "'Data.User' and 'Domain.User' collide", at: SourceLocation(file: "a.yaml", line: 2, column: 1)),
        ])

    @Test func textIsTheCompilerFormSortedWithASummary() {
        #expect(
            TextReporter().render(Self.report) == """
                a.yaml:1:1: info: nothing reachable from a root uses 'C' [unused-registration]
                a.yaml:2:1: warning: 'Data.User' and 'Domain.User' collide [key-collision]
                dir/my app,v2:x.yaml:3:7: error: dependency cycle: A -> B -> A; 100% "sure"
                second line [cycle]
                dir/my app,v2:x.yaml:5:9: note: 'A' depends on 'B' (parameter 'b')
                digraph: checked 2 registrations: 1 error, 1 warning, 1 info

                """)
    }

    @Test func colourIsOnlyAddedWhenAskedFor() {
        let coloured = TextReporter(colored: true).render(Self.report)
        #expect(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1;33mwarning:\u{1B}[0m"))
        #expect(!TextReporter(colored: false).render(Self.report).contains("\u{1B}"))
    }

    @Test func jsonEscapesAndParses() throws {
        let json = JSONReporter().render(Self.report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["code"] as? String } == ["unused-registration", "key-collision", "cycle"])
        #expect(diagnostics[2]["message"] as? String == "dependency cycle: A -> B -> A; 100% \"sure\"\nsecond line")
        #expect(json.contains(#""message": "dependency cycle: A -> B -> A; 100% \"sure\"\nsecond line""#))
        #expect((object["summary"] as? [String: Int]) == ["registrations": 2, "errors": 1, "warnings": 1, "infos": 1, "suppressed": 0, "baselined": 0])
    }

    @Test func githubCommandsEscapeWhatWouldEndThem() {
        let lines = GitHubReporter().render(Self.report).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "::notice file=a.yaml,line=1,col=1,title=digraph unused-registration::nothing reachable from a root uses 'C'")
        #expect(lines[1] == "::warning file=a.yaml,line=2,col=1,title=digraph key-collision::'Data.User' and 'Domain.User' collide")
        #expect(
            lines[2]
                == "::error file=dir/my app%2Cv2%3Ax.yaml,line=3,col=7,title=digraph cycle::dependency cycle: A -> B -> A; 100%25 \"sure\"%0Asecond line%0Anote: dir/my app,v2:x.yaml:5:9: 'A' depends on 'B' (parameter 'b')"
        )
        #expect(lines[3] == "a.yaml:1:1: info: nothing reachable from a root uses 'C' [unused-registration]", "the full text report follows")
    }

    @Test func sarifHasRulesLevelsAndEncodedURIs() throws {
        let sarif = SARIFReporter().render(Self.report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == 14)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as? String } == ["note", "warning", "error"])
        let cycle = results[2]
        #expect(rules[cycle["ruleIndex"] as! Int]["id"] as? String == "cycle")
        let physical = try #require(((cycle["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "dir/my%20app%2Cv2%3Ax.yaml")
        #expect((physical["region"] as? [String: Int]) == ["startLine": 3, "startColumn": 7])
        #expect((cycle["relatedLocations"] as? [[String: Any]])?.count == 1)
    }

    @Test func outputIsDeterministic() {
        for format in ReportFormat.allCases {
            let reporter = format.reporter(colored: false)
            #expect(reporter.render(Self.report) == reporter.render(Self.report))
        }
    }
}
