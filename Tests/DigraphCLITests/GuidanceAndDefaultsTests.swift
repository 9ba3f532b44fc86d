import Foundation
import Testing

/// A mistyped command or a path digraph does not read is answered with what to do instead, and the
/// defaults work at once: `init` on a Swift app, and where a picture goes when no -o is given.
struct GuidanceAndDefaultsTests {
    @Test func aMistypedCommandGetsDidYouMean() throws {
        let typo = try CLIRunner.run(["chek", "app.yaml"])
        #expect(typo.status == 2)
        #expect(typo.stdout.isEmpty)
        #expect(
            typo.stderr
                == "digraph: error: unknown command 'chek'; did you mean 'check'? The commands: check, import, render, gen-swift, diff, why, analyze, explain, init\n"
        )
        let unknown = try CLIRunner.run(["frobnicate"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr
                == "digraph: error: unknown command 'frobnicate'; the commands: check, import, render, gen-swift, diff, why, analyze, explain, init (`digraph help <command>` for each)\n"
        )
        // Commands, help and options still parse as before.
        #expect(try CLIRunner.run(["help", "check"]).status == 0)
        #expect(try CLIRunner.run(["--version"]).status == 0)
    }

    @Test func aPathThatIsNeitherAManifestNorSwiftIsRefused() throws {
        for command in ["check", "render", "gen-swift"] {
            let result = try CLIRunner.run([command, "README.md"])
            #expect(result.status == 2, "\(command)")
            #expect(
                (result.stdout + result.stderr).contains(
                    "README.md:1:1: error: this is neither a manifest (.yaml, .yml, .json) nor Swift source (.swift); digraph reads those, or folders that hold them [schema]\n"
                ), "\(command): \(result.stderr)")
        }
        let imported = try CLIRunner.run(["import", "README.md"])
        #expect(imported.status == 2)
        #expect(imported.stdout.isEmpty)
        #expect(
            imported.stderr.hasPrefix(
                "README.md:1:1: error: cannot read README.md: it is not Swift source (.swift); give Swift files or the folders that hold them [swift-import]\n"),
            "\(imported.stderr)")
    }

    /// `init` on a Swift app lists the app's folders for check, render and import, and excludes
    /// what is not its wiring (tests, mocks, previews), so that the bare commands work at once and
    /// a mock assembly does not register its keys a second time.
    @Test func initOnASwiftAppMakesTheBareCommandsWork() throws {
        try withApp("") { root in
            let files = [
                "App/DI/Assembly.swift": "import Swinject\nfunc assemble(container: Container) { container.register(API.self) { _ in API() } }\n",
                "Shared/Mocks/MockAssembly.swift": "import Swinject\nfunc mocks(container: Container) { container.register(API.self) { _ in MockAPI() } }\n",
                "AppTests/AppTests.swift": "import XCTest\n",
                "App/Preview Content/Previews.swift": "import SwiftUI\n",
                "build.swift": "print(1)\n",
            ]
            try FileManager.default.removeItem(at: root.appendingPathComponent("App.swift"))
            for (path, text) in files {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            let written = try CLIRunner.run(["init"], directory: root)
            #expect(written.status == 0)
            let configuration = try String(contentsOf: root.appendingPathComponent(".digraph.yml"), encoding: .utf8)
            #expect(
                configuration.contains(
                    """
                    manifests:   # Swift sources: check and render import their registrations in memory
                      - App

                    import:
                      paths:
                        - App
                      exclude:               # not the app's wiring; check and render skip these too
                        - "*Tests"   # test targets
                        - "*Mock*"   # test doubles
                        - "*Preview*"   # SwiftUI previews
                      # output: DI/imported.yaml

                    """), "\(configuration)")
            let check = try CLIRunner.run(["check"], directory: root)
            #expect(check.status == 0)
            #expect(check.stdout == "digraph: checked 1 registration: 0 errors, 0 warnings, 0 infos\n", "\(check.stdout)")
            #expect(check.stderr == "digraph: read 1 Swift file: 1 registration, 0 resolves, 0 calls not understood\n")
            let imported = try CLIRunner.run(["import"], directory: root)
            #expect(imported.status == 0 && imported.stdout.contains("  - provides: API\n"), "\(imported.stderr)")
            let rendered = try CLIRunner.run(["render", "--format", "dot"], directory: root)
            #expect(rendered.status == 0, "\(rendered.stderr)")
            #expect(rendered.stderr.contains("digraph: wrote \(root.lastPathComponent).dot\n"), "\(rendered.stderr)")
        }
    }

    /// One manifest: beside it. Folders or several paths: named after the working folder, the
    /// project, never after the first folder read.
    @Test func aPictureWithoutOutputIsNamedAfterTheProject() throws {
        try withApp("") { folder in
            let project = folder.appendingPathComponent("Shop")
            for module in ["Authorization", "Home"] {
                let sources = project.appendingPathComponent(module)
                try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
                try """
                import Swinject
                func assemble\(module)(container: Container) {
                    container.register(\(module)Service.self) { _ in \(module)Service() }
                }

                """.write(to: sources.appendingPathComponent("\(module).swift"), atomically: true, encoding: .utf8)
            }
            let both = try CLIRunner.run(["render", "Authorization", "Home", "--format", "dot"], directory: project)
            #expect(both.status == 0, "\(both.stderr)")
            #expect(both.stderr.contains("digraph: wrote Shop.dot\n"), "\(both.stderr)")
            #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("Shop.dot").path))
            #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("Authorization.dot").path))
            try "version: 1\nregistrations:\n  - provides: A\n".write(to: project.appendingPathComponent("app.yaml"), atomically: true, encoding: .utf8)
            let one = try CLIRunner.run(["render", "app.yaml", "--format", "dot"], directory: project)
            #expect(one.stderr == "digraph: wrote app.dot\n", "\(one.stderr)")
        }
    }
}
