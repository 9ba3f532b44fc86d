import Foundation
import Testing

/// Issue 38, "what runs", on the shape of an app read by hand (WordChecker, docs/import.md): one
/// repository holding an iOS app, a Dev variant of it and a macOS app, each an `@main` type applying
/// its own list of shared assemblies to one global container. The macOS app forgot one assembly: a
/// crash at launch that reading the three apps as one hides.
struct SeveralAppsTests {
    static let files: [String: String] = [
        "Shared/Assemblies.swift": """
        import Swinject
        let container = Assembler()
        final class WordsAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Words.self) { r in Words(memory: r.resolve(Memory.self)!) }
            }
        }
        final class MemoryAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Memory.self) { _ in Memory() }.inObjectScope(.container)
            }
        }
        /// What only the Dev app applies: it lists a sub-assembly that replaces `Memory`.
        final class DevAssembly: Assembly {
            func assemble(container: Container) {
                [SampleMemoryAssembly()].forEach { $0.assemble(container: container) }
            }
        }
        final class SampleMemoryAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Memory.self) { _ in SampleMemory() }.inObjectScope(.container)
            }
        }

        """,
        "Phone/AppDelegate.swift": """
        import UIKit
        @main
        final class PhoneDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                container.apply([MemoryAssembly(), WordsAssembly()])
                return true
            }
        }

        """,
        "Dev/AppDelegate.swift": """
        import UIKit
        @main
        final class DevDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                container.apply([MemoryAssembly(), WordsAssembly(), DevAssembly()])
                return true
            }
        }

        """,
        "Mac/AppDelegate.swift": """
        import AppKit
        @main
        final class MacDelegate: NSObject, NSApplicationDelegate {
            func applicationDidFinishLaunching(_ notification: Notification) {
                container.apply([WordsAssembly()])
                _ = container.resolver.resolve(Words.self)!
            }
        }

        """,
    ]

    func check(_ arguments: [String]) throws -> CLIRunner.Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-apps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in Self.files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return try CLIRunner.run(["check", "."] + arguments, directory: folder)
    }

    /// Read as one, the apps' registrations are checked together: the Dev app's replacement is a
    /// true duplicate (in that app; the iOS app's `Memory` it replaces is then unused), the macOS
    /// app's missing `Memory` is hidden, and digraph says so.
    @Test func severalMainTypesAreSaidToBeReadAsOneApp() throws {
        let result = try check([])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stdout == """
                Dev/AppDelegate.swift:3:13: info: 3 `@main` types are read as one app (Dev/AppDelegate.swift:3, Mac/AppDelegate.swift:3, Phone/AppDelegate.swift:3): what each one registers is checked together, so one app's missing registration can hide behind another's; to check one app alone, leave the others' folders out with --exclude [swift-import]
                Shared/Assemblies.swift:10:9: info: nothing reachable from a root uses 'Memory'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                Shared/Assemblies.swift:21:28: error: 'Memory' is registered again; this registration silently replaces the one at Shared/Assemblies.swift:10:28 [duplicate-registration]
                Shared/Assemblies.swift:10:28: note: first registered here
                digraph: checked 3 registrations: 1 error, 0 warnings, 2 infos

                """, "\(result.stdout)")
    }

    /// The macOS app alone: AppKit's `applicationDidFinishLaunching` is its entry, the Dev
    /// assembly's sub-assembly is left out (only the unread Dev app applies it), and the true fault
    /// is the one error.
    @Test func oneAppAloneShowsItsOwnFault() throws {
        let result = try check(["--exclude", "Phone", "--exclude", "Dev"])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stdout == """
                Shared/Assemblies.swift:5:53: error: nothing provides 'Memory', needed by 'Words' (parameter 'memory') [missing-binding]
                Shared/Assemblies.swift:8:13: info: 'MemoryAssembly' is never applied from the app's entry (AppDelegate.swift:4) and nothing refers to it: its registration is left out of the graph [swift-import]
                Shared/Assemblies.swift:19:13: info: 'SampleMemoryAssembly' is applied only by 'DevAssembly', which the app's entry (AppDelegate.swift:4) never applies and nothing refers to: its registration is left out of the graph [swift-import]
                digraph: checked 1 registration: 1 error, 0 warnings, 2 infos

                """, "\(result.stdout)")
    }
}
