import Foundation
import Testing

/// A finding read from Swift says what to change in Swift: no manifest field (`lazy: true`,
/// `root: true`, `supplied: true`) in its message; a manifest's finding keeps the manifest's words.
struct SwiftWordingTests {
    @Test func aCycleReadFromSwiftIsExplainedInSwiftsWords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-wording-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        import Swinject

        final class LoginUseCase { init(tokens: TokenRepository) {} }
        final class TokenRepository { init(login: LoginUseCase) {} }
        final class Session {}
        final class Store { init(session: Session) {} }

        final class AppAssembly: Assembly {
            func assemble(container: Container) {
                container.register(LoginUseCase.self) { r in LoginUseCase(tokens: r.resolve(TokenRepository.self)!) }
                container.register(TokenRepository.self) { r in TokenRepository(login: r.resolve(LoginUseCase.self)!) }
                container.register(Session.self) { _ in Session() }
                container.register(Store.self) { r in Store(session: r.resolve(Session.self)!) }.inObjectScope(.container)
            }
        }

        """.write(to: folder.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "App.swift"], directory: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:10:9: error: dependency cycle: LoginUseCase -> TokenRepository -> LoginUseCase; resolve one of these edges lazily (inside a closure, or through Swinject's `Provider` or `Lazy`), set it after construction (Swinject's `initCompleted`), or remove it [cycle]
                App.swift:10:67: note: 'LoginUseCase' depends on 'TokenRepository' (parameter 'tokens')
                App.swift:11:73: note: 'TokenRepository' depends on 'LoginUseCase' (parameter 'login')
                App.swift:13:53: warning: singleton 'Store' holds graph 'Session' (parameter 'session'): the value is made once and kept for the singleton's whole life; make 'Session' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'Store' shorter-lived [captive-dependency]
                App.swift:12:9: note: 'Session' is registered graph here
                digraph: checked 4 registrations: 1 error, 1 warning, 0 infos

                """)
        // The same graph written as a manifest keeps the manifest's words.
        let manifest = try CLIRunner.run(["check", "fixtures/broken/cycle.yaml"])
        #expect(manifest.stdout.contains("make one edge `lazy: true` or remove it"))
    }

    /// `explain` shows both wordings.
    @Test func explainShowsTheSwiftWording() throws {
        let result = try CLIRunner.run(["explain", "captive-dependency"])
        #expect(result.stdout.contains("Read from Swift sources, the fix is said in Swift's words:"))
        #expect(
            result.stdout.contains(
                "    make this edge `lazy: true` if each use needs a fresh one\n      becomes: resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one\n"
            ))
    }

    /// No finding on the Swift fixtures names a manifest field.
    @Test(arguments: ["swinject", "handrolled", "eager", "assembler", "precision", "factory", "shop", "factoryshop", "unreadable"])
    func swiftFindingsNameNoManifestField(_ fixture: String) throws {
        let result = try CLIRunner.run(["check", "fixtures/import/\(fixture)"])
        for word in ["lazy: true", "root: true", "supplied: true", "eager: true", "`interfaces:`", "dependsOn", "its provides"] {
            #expect(!result.stdout.contains(word) && !result.stderr.contains(word), "\(fixture): \(word)")
        }
    }
}
