import Testing

struct ExplainCommandTests {
    @Test func listsEveryCode() throws {
        let result = try CLIRunner.run(["explain"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 14)
        #expect(lines.last?.hasPrefix("swift-import ") == true)
        #expect(lines.first?.hasPrefix("schema ") == true)
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "captive-dependency      warning  A singleton or weak registration holds a transient or graph one, or any registration captures one when it is registered."
                )
            })
        #expect(lines.contains { $0.hasPrefix("registration-order      error    An eager dependency is resolved before its key is registered.") })
    }

    @Test func explainsRegistrationOrderWithTheWriteUpsExample() throws {
        let result = try CLIRunner.run(["explain", "registration-order"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("registration-order (error by default)\n\nAn eager dependency is resolved before its key is registered."))
        #expect(
            result.stdout.contains(
                "    7:7: error: 'TokenRepositoryProtocol' resolves 'NetworkManagerProtocol' when it is registered (parameter 'networkManager'), but 'NetworkManagerProtocol' is registered only after it:"
            ))
        #expect(result.stdout.contains("and this one is fine:"))
    }

    @Test func explainsACodeWithItsDocumentedExample() throws {
        let result = try CLIRunner.run(["explain", "cycle"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("cycle (error by default)\n\nA cycle of non-lazy dependencies."))
        #expect(
            result.stdout.contains(
                "    3:5: error: dependency cycle: LoginUseCase -> TokenRepository -> LoginUseCase; make one edge `lazy: true` or remove it [cycle]"))
        #expect(result.stdout.contains("and this one is fine:"))
    }

    @Test func anUnknownCodeExitsTwoWithASuggestion() throws {
        let result = try CLIRunner.run(["explain", "cycels"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: unknown code 'cycels' (did you mean 'cycle'?)"))
    }
}
