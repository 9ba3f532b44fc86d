import Foundation
import Testing

/// Hand-rolled containers read the way their own declarations define them, each fixture compiled
/// with swiftc and run, so that what digraph says is held against what the program really does.
struct HandRolledContainerTests {
    func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-handrolled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Copies a fixture folder into `directory` (optionally editing one file), compiles it, runs it.
    func compileAndRun(_ fixture: String, in directory: URL, edit: (file: String, from: String, to: String)? = nil) throws -> CLIRunner.Result {
        let source = CLIRunner.packageRoot.appendingPathComponent("fixtures/import/\(fixture)")
        let copy = directory.appendingPathComponent(fixture)
        try FileManager.default.copyItem(at: source, to: copy)
        if let edit {
            let file = copy.appendingPathComponent(edit.file)
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains(edit.from))
            try text.replacingOccurrences(of: edit.from, with: edit.to).write(to: file, atomically: true, encoding: .utf8)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: copy.path).filter { $0.hasSuffix(".swift") }.sorted()
        let program = directory.appendingPathComponent("\(fixture)-program").path
        let compiled = try CLIRunner.runProgram("/usr/bin/env", ["swiftc", "-swift-version", "6", "-parse-as-library", "-module-name", "Fixture", "-o", program]
                                                + files.map { copy.appendingPathComponent($0).path }, timeout: 300)
        #expect(compiled.status == 0, "\(compiled.stdout)\(compiled.stderr)")
        return try CLIRunner.runProgram(program, [])
    }

    /// The write-ups' token repository registered above the two managers it resolves.
    static let wrongOrder = """
    fixtures/import/eager/App.swift:16:13: error: 'TokenRepositoryProtocol' resolves 'NetworkManagerProtocol' when it is registered (parameter 'networkManager'), but 'NetworkManagerProtocol' is registered only after it: at launch the resolve finds nothing and the app stops there; register 'NetworkManagerProtocol' first, or resolve it inside the factory [registration-order]
    fixtures/import/eager/App.swift:18:9: note: 'NetworkManagerProtocol' is registered here
    fixtures/import/eager/App.swift:17:13: error: 'TokenRepositoryProtocol' resolves 'KeychainManagerProtocol' when it is registered (parameter 'keychainManager'), but 'KeychainManagerProtocol' is registered only after it: at launch the resolve finds nothing and the app stops there; register 'KeychainManagerProtocol' first, or resolve it inside the factory [registration-order]
    fixtures/import/eager/App.swift:19:9: note: 'KeychainManagerProtocol' is registered here
    digraph: checked 3 registrations: 2 errors, 0 warnings, 0 infos

    """

    @Test func theEagerContainerInTheWrongOrderStopsAtLaunchAndCheckSaysSo() throws {
        let check = try CLIRunner.run(["check", "fixtures/import/eager"])
        #expect(check.status == 1)
        #expect(check.stdout == Self.wrongOrder)

        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let crashed = try compileAndRun("eager", in: directory)
        #expect(crashed.status != 0)
        #expect((crashed.stdout + crashed.stderr).contains("NetworkManagerProtocol is not registered"))
    }

    @Test func theEagerContainerInTheRightOrderRunsAndChecksClean() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let moved = (file: "App.swift",
                     from: """
                             container.register(TokenRepositoryProtocol.self, instance: TokenRepository(
                                 networkManager: container.resolve(NetworkManagerProtocol.self),
                                 keychainManager: container.resolve(KeychainManagerProtocol.self)))
                             container.register(NetworkManagerProtocol.self, instance: NetworkManager())
                             container.register(KeychainManagerProtocol.self, instance: KeychainManager())
                     """,
                     to: """
                             container.register(NetworkManagerProtocol.self, instance: NetworkManager())
                             container.register(KeychainManagerProtocol.self, instance: KeychainManager())
                             container.register(TokenRepositoryProtocol.self, instance: TokenRepository(
                                 networkManager: container.resolve(NetworkManagerProtocol.self),
                                 keychainManager: container.resolve(KeychainManagerProtocol.self)))
                     """)
        let ran = try compileAndRun("eager", in: directory, edit: moved)
        #expect(ran.status == 0)
        #expect(ran.stdout == "started: LoginViewModel\n")
        let check = try CLIRunner.run(["check", "eager"], directory: directory)
        #expect(check.status == 0)
        #expect(check.stdout == "digraph: checked 3 registrations: 0 errors, 0 warnings, 0 infos\n")
    }

    @Test func anAssemblerChainsLifetimesAgreeWithTheRunningProgram() throws {
        let check = try CLIRunner.run(["check", "fixtures/import/assembler"])
        #expect(check.status == 0)
        // The captured repository is real: every ProfileUseCase shares the one the assembler resolved.
        // Remote.User and Local.User print alike but the container keys by ObjectIdentifier: no key-collision.
        #expect(check.stdout == """
        fixtures/import/assembler/Assemblers.swift:18:32: warning: transient 'ProfileUseCase' captures transient 'UserRepository' when it is registered (parameter 'repository'): every value its factory makes shares that one value; resolve 'UserRepository' inside the factory if each needs a fresh one, or make it a singleton if one shared value is right [captive-dependency]
        fixtures/import/assembler/Assemblers.swift:9:9: note: 'UserRepository' is registered transient here
        fixtures/import/assembler/Assemblers.swift:20:9: info: nothing reachable from a root uses 'Clock'; remove it or mark what resolves it `root: true` [unused-registration]
        fixtures/import/assembler/Assemblers.swift:26:6: info: 'MockAssembler' is never applied from the app's entry (App.swift:7) and nothing refers to it: its 3 registrations are left out of the graph [swift-import]
        digraph: checked 7 registrations: 0 errors, 1 warning, 2 infos

        """)

        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ran = try compileAndRun("assembler", in: directory)
        #expect(ran.status == 0)
        #expect(ran.stdout.contains("Remote.User and Local.User apart: true\n"))
        #expect(ran.stdout.contains("screens make a use case: true\n"))
        // What the program prints about sharing is what the imported lifetimes say.
        let imported = try CLIRunner.run(["import", "fixtures/import/assembler", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as! [String: Any]
        var lifetimes: [String: String] = [:]
        for registration in object["registrations"] as! [[String: Any]] {
            lifetimes[registration["provides"] as! String] = registration["lifetime"] as? String ?? "transient"
        }
        var compared = 0
        for line in ran.stdout.split(separator: "\n") where line.hasSuffix("shared: true") || line.hasSuffix("shared: false") {
            let key = String(line.split(separator: " ")[0])
            #expect(lifetimes[key] == (line.hasSuffix("true") ? "singleton" : "transient"), "\(key)")
            compared += 1
        }
        #expect(compared == 5)
    }
}
