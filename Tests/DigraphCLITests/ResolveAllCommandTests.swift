import Foundation
import Testing

/// `gen-swift --target tests`, run as a user would: the whole generated file and setup file for the
/// shop fixture, the setup file written once, `--check`, and the refusals. SwinjectAssemblyBehaviourTests
/// compiles and runs what it writes.
struct ResolveAllCommandTests {
    /// A folder holding a copy of the shop fixture as `shop/`, so that headers name it the same way on every machine.
    func withShop(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-resolve-all-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Tests"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("fixtures/import/shop"), to: folder.appendingPathComponent("shop"))
        try body(folder)
    }

    func expected(_ name: String) throws -> String {
        try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Tests/DigraphCLITests/Expected/\(name)"), encoding: .utf8)
    }

    static let arguments = ["gen-swift", "shop", "--target", "tests", "--module", "App", "-o", "Tests/ResolveAllTests.swift"]
    static let read = "digraph: read 3 Swift files: 9 registrations, 11 resolves, 1 call not understood\n"

    @Test func writesTheTestsAndTheSetupFileOnceThenKeepsTheTeamsSetup() throws {
        try withShop { folder in
            let first = try CLIRunner.run(Self.arguments, directory: folder)
            #expect(first.status == 0)
            #expect(
                first.stderr
                    == Self.read + """
                        digraph: wrote Tests/ResolveAllTests.swift
                        digraph: wrote Tests/ResolveAllSetup.swift once: fill in what it marks (runtime arguments, assemblies built from values); digraph never replaces it

                        """)
            let tests = folder.appendingPathComponent("Tests/ResolveAllTests.swift")
            let setup = folder.appendingPathComponent("Tests/ResolveAllSetup.swift")
            #expect(try String(contentsOf: tests, encoding: .utf8) == (try expected("resolve-all-shop.swift")))
            #expect(try String(contentsOf: setup, encoding: .utf8) == (try expected("resolve-all-shop-setup.swift")))

            let filled = "// filled in by the team\n"
            try filled.write(to: setup, atomically: true, encoding: .utf8)
            let again = try CLIRunner.run(Self.arguments, directory: folder)
            #expect(again.status == 0)
            #expect(again.stderr.hasSuffix("digraph: kept Tests/ResolveAllSetup.swift: it is yours to edit, and digraph never replaces it\n"))
            #expect(try String(contentsOf: setup, encoding: .utf8) == filled)

            let fresh = try CLIRunner.run(Self.arguments + ["--check"], directory: folder)
            #expect(fresh.status == 0)
            #expect(fresh.stderr == Self.read + "digraph: Tests/ResolveAllTests.swift is up to date\n")
            // The app gains a registration: the tests are stale, the setup file is not compared.
            let assemblies = folder.appendingPathComponent("shop/Assemblies.swift")
            let source = try String(contentsOf: assemblies, encoding: .utf8)
            try source.replacingOccurrences(
                of: "        container.register(Logger.self) { _ in Logger() }.inObjectScope(.container)\n",
                with:
                    "        container.register(Logger.self) { _ in Logger() }.inObjectScope(.container)\n        container.register(Clock.self) { _ in Clock() }\n"
            ).write(to: assemblies, atomically: true, encoding: .utf8)
            let stale = try CLIRunner.run(Self.arguments + ["--check"], directory: folder)
            #expect(stale.status == 1)
            #expect(stale.stderr.contains("Tests/ResolveAllTests.swift is stale"), "\(stale.stderr)")
            #expect(!stale.stderr.contains("ResolveAllSetup"), "\(stale.stderr)")
        }
    }

    /// A hand-rolled container: the setup file builds it and calls the function the app registers
    /// in, as read from the sources; a registration no method reads back by name is a disabled test.
    @Test func aHandRolledContainerIsFilledWhereTheAppRegisters() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-resolve-all-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tests = folder.appendingPathComponent("ResolveAllTests.swift")
        let result = try CLIRunner.run(["gen-swift", "fixtures/import/handrolled", "--target", "tests", "--module", "App", "-o", tests.path])
        #expect(result.status == 0, "\(result.stderr)")
        let setup = try String(contentsOf: folder.appendingPathComponent("ResolveAllSetup.swift"), encoding: .utf8)
        #expect(
            setup.contains(
                """
                    static func makeContainer() -> DependencyContainer {
                        let container = DependencyContainer()
                        Registrations.registerAll(in: container)  // as the app registers (Registrations.swift:5)
                        return container
                    }
                """), "\(setup)")
        let suite = try String(contentsOf: tests, encoding: .utf8)
        #expect(suite.contains("        let first = container.resolve((any MovieRepositoryProtocol).self)\n"))
        #expect(
            suite.contains(
                ".disabled(\"no method of DependencyContainer takes a type and a name to read it back: resolve it by hand\")) func resolves_issueCreateViewModel_issueCreateViewModel() throws {"
            ), "\(suite)")
    }

    @Test func refusalsSayWhatToDo() throws {
        let manifest = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "--target", "tests", "--module", "App", "-o", "/tmp/never.swift"])
        #expect(manifest.status == 1)
        #expect(
            manifest.stderr
                == "--target tests builds the app's container the way the app does, which only its Swift sources say: give the app's Swift folder, not manifests\n"
        )
        let noModule = try CLIRunner.run(["gen-swift", "fixtures/import/shop", "--target", "tests", "-o", "/tmp/never.swift"])
        #expect(noModule.status == 2)
        #expect(noModule.stderr.hasPrefix("Error: --target tests needs --module NAME: the app's module, which the tests import with @testable"))
        let stdout = try CLIRunner.run(["gen-swift", "fixtures/import/shop", "--target", "tests", "--module", "App"])
        #expect(stdout.status == 2)
        #expect(stdout.stderr.hasPrefix("Error: --target tests writes the tests and, beside them, the setup file they use: give the tests file with -o"))
        let badModule = try CLIRunner.run(["gen-swift", "fixtures/import/shop", "--target", "tests", "--module", "App;rm", "-o", "/tmp/never.swift"])
        #expect(badModule.status == 2)
        #expect(badModule.stderr.hasPrefix("Error: --module App;rm: write the app's module name, an identifier such as App"))
        let elsewhere = try CLIRunner.run(["gen-swift", "fixtures/popcorn/manifest.yaml", "--module", "App"])
        #expect(elsewhere.status == 2)
        #expect(elsewhere.stderr.hasPrefix("Error: --module applies to --target tests"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.swift"))
    }
}
