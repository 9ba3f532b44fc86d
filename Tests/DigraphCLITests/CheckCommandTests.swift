import Foundation
import Testing

struct CheckCommandTests {
    static let cleanFixtures = ["fixtures/popcorn/manifest.yaml", "fixtures/issue-tracker/manifest.yaml", "fixtures/workout"]
    static let codes = [
        "missing-binding", "cycle", "duplicate-registration", "composition-key", "key-collision",
        "captive-dependency", "layer-violation", "unknown-module", "argument-mismatch", "unused-registration", "registration-order", "isolation-mismatch",
        "schema",
    ]

    @Test func popcornIsCleanInText() throws {
        let result = try CLIRunner.run(["check", "fixtures/popcorn/manifest.yaml"])
        #expect(result.stdout == "digraph: checked 19 registrations: 0 errors, 0 warnings, 0 infos\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test(arguments: cleanFixtures)
    func cleanFixtureMatchesItsExpectedJSON(_ path: String) throws {
        let result = try CLIRunner.run(["check", path, "--format", "json"])
        let name = path.split(separator: "/")[1]
        #expect(result.stdout == (try CLIRunner.expected("\(name).json")))
        #expect(result.status == 0)
    }

    /// Each broken manifest triggers exactly its own code, with the contract's exit code.
    @Test(arguments: codes)
    func brokenManifestTriggersExactlyItsCode(_ code: String) throws {
        let path = "fixtures/broken/\(code).yaml"
        let json = try CLIRunner.run(["check", path, "--format", "json"])
        #expect(json.stdout == (try CLIRunner.expected("\(code).json")))
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let found = Set((object["diagnostics"] as! [[String: Any]]).map { $0["code"] as! String })
        #expect(found == [code])
        let expectedStatus: Int32 =
            switch code {
            case "schema": 2
            case "key-collision", "captive-dependency", "unused-registration", "isolation-mismatch": 0
            default: 1
            }
        #expect(json.status == expectedStatus)

        let sarif = try CLIRunner.run(["check", path, "--format", "sarif"])
        #expect(sarif.stdout == (try CLIRunner.expected("\(code).sarif")))
        #expect(sarif.status == expectedStatus)
    }

    @Test func textFormatIsTheCompilerForm() throws {
        let result = try CLIRunner.run(["check", "fixtures/broken/missing-binding.yaml"])
        #expect(
            result.stdout == """
                fixtures/broken/missing-binding.yaml:6:7: error: nothing provides 'TokenRepositoryProtocol', needed by 'LoginUseCase' (parameter 'tokenRepository') [missing-binding]
                fixtures/broken/missing-binding.yaml:9:7: note: also needed by 'SignUpUseCase' (parameter 'tokenRepository')
                fixtures/broken/missing-binding.yaml:10:15: note: did you mean 'TokenRepositoryProtocl'? It is registered here
                digraph: checked 3 registrations: 1 error, 0 warnings, 0 infos

                """)
        #expect(result.stderr == "")
        #expect(result.status == 1)
        #expect(!result.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test func githubFormatAnnotatesThenPrintsTheFullReport() throws {
        let result = try CLIRunner.run(["check", "fixtures/broken/cycle.yaml", "--format", "github"])
        #expect(
            result.stdout == """
                ::error file=fixtures/broken/cycle.yaml,line=4,col=5,title=digraph cycle::dependency cycle: LoginUseCase -> TokenRepository -> TokenRefresher -> LoginUseCase; make one edge `lazy: true` or remove it%0Anote: fixtures/broken/cycle.yaml:6:7: 'LoginUseCase' depends on 'TokenRepository' (parameter 'tokenRepository')%0Anote: fixtures/broken/cycle.yaml:9:7: 'TokenRepository' depends on 'TokenRefresher' (parameter 'refresher')%0Anote: fixtures/broken/cycle.yaml:12:7: 'TokenRefresher' depends on 'LoginUseCase' (parameter 'login')
                fixtures/broken/cycle.yaml:4:5: error: dependency cycle: LoginUseCase -> TokenRepository -> TokenRefresher -> LoginUseCase; make one edge `lazy: true` or remove it [cycle]
                fixtures/broken/cycle.yaml:6:7: note: 'LoginUseCase' depends on 'TokenRepository' (parameter 'tokenRepository')
                fixtures/broken/cycle.yaml:9:7: note: 'TokenRepository' depends on 'TokenRefresher' (parameter 'refresher')
                fixtures/broken/cycle.yaml:12:7: note: 'TokenRefresher' depends on 'LoginUseCase' (parameter 'login')
                digraph: checked 3 registrations: 1 error, 0 warnings, 0 infos

                """)
        #expect(result.status == 1)
    }

    @Test func warningsFailOnlyWithStrict() throws {
        #expect(try CLIRunner.run(["check", "fixtures/broken/captive-dependency.yaml"]).status == 0)
        #expect(try CLIRunner.run(["check", "fixtures/broken/captive-dependency.yaml", "--strict"]).status == 1)
        // Infos never fail.
        #expect(try CLIRunner.run(["check", "fixtures/broken/unused-registration.yaml", "--strict"]).status == 0)
    }

    @Test func ignoredCodesAreDropped() throws {
        let result = try CLIRunner.run(["check", "fixtures/broken/cycle.yaml", "fixtures/broken/key-collision.yaml", "--ignore", "cycle,key-collision"])
        #expect(result.stdout == "digraph: checked 5 registrations: 0 errors, 0 warnings, 0 infos\n")
        #expect(result.status == 0)
    }

    @Test func schemaErrorsWinOverGraphErrors() throws {
        let result = try CLIRunner.run(["check", "fixtures/broken/cycle.yaml", "fixtures/broken/schema.yaml"])
        #expect(result.stdout.hasPrefix("fixtures/broken/schema.yaml:5:5: error: unknown field 'lifecycle'"))
        #expect(result.stdout.hasSuffix("digraph: 1 error in the input; fix the manifest first, nothing else was checked\n"))
        #expect(result.status == 2)
    }

    @Test(arguments: [
        (["check"], "digraph: error: no manifests given, and no .digraph.yml in \(CLIRunner.packageRoot.path) or its parents up to the repository root."),
        (["check", "fixtures/popcorn/manifest.yaml", "--format", "xml"], "Error: The value 'xml' is invalid for '--format <format>'"),
        (["check", "fixtures/popcorn/manifest.yaml", "--ignore", "schema"], "Error: 'schema' cannot be ignored"),
        (["check", "fixtures/popcorn/manifest.yaml", "--ignore", "cycles"], "Error: unknown code 'cycles' for --ignore"),
        (["chekc"], "digraph: error: unknown command 'chekc'; did you mean 'check'?"),
    ])
    func badCommandLinesExitTwo(_ arguments: [String], message: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    @Test func missingFileExitsTwoWithALocatedMessage() throws {
        let result = try CLIRunner.run(["check", "fixtures/nope.yaml"])
        #expect(result.stdout.hasPrefix("fixtures/nope.yaml:1:1: error: cannot read the file: it does not exist [schema]\n"))
        #expect(result.status == 2)
    }

    @Test func helpExplainsExitCodes() throws {
        let result = try CLIRunner.run(["check", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("2  the input could not be used"))
        #expect(result.stdout.contains("--format <format>"))
    }

    static let script = ["/usr/bin/script", "/bin/script"].first(where: FileManager.default.isExecutableFile)

    /// On a terminal (a pseudo-terminal from util-linux `script`) the report is coloured, unless
    /// NO_COLOR is set.
    @Test(.enabled(if: script != nil, "needs util-linux script for a pseudo-terminal"))
    func colourOnlyOnATerminalWithoutNoColor() throws {
        let binary = CLIRunner.executable("digraph").path
        let command = "\(binary) check fixtures/broken/cycle.yaml"
        let terminal = try CLIRunner.runProgram(Self.script!, ["-qec", command, "/dev/null"])
        #expect(terminal.stdout.contains("\u{1B}[1;31merror:\u{1B}[0m"), "\(terminal.stdout)")
        let noColor = try CLIRunner.runProgram(Self.script!, ["-qec", command, "/dev/null"], environment: ["NO_COLOR": "1"])
        #expect(noColor.stdout.contains("error: dependency cycle"))
        #expect(!noColor.stdout.contains("\u{1B}["))
    }
}
