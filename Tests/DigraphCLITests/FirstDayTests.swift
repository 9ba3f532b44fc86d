import Foundation
import Testing

/// What a new user meets on the first day: a mistyped command, a path digraph does not read, and
/// where a picture goes when no -o is given.
struct FirstDayTests {
    @Test func aMistypedCommandGetsDidYouMean() throws {
        let typo = try CLIRunner.run(["chek", "app.yaml"])
        #expect(typo.status == 2)
        #expect(typo.stdout.isEmpty)
        #expect(typo.stderr == "digraph: error: unknown command 'chek'; did you mean 'check'? The commands: check, import, render, gen-swift, diff, explain, init\n")
        let unknown = try CLIRunner.run(["frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "digraph: error: unknown command 'frobnicate'; the commands: check, import, render, gen-swift, diff, explain, init (`digraph help <command>` for each)\n")
        // Commands, help and options still parse as before.
        #expect(try CLIRunner.run(["help", "check"]).status == 0)
        #expect(try CLIRunner.run(["--version"]).status == 0)
    }

    @Test func aPathThatIsNeitherAManifestNorSwiftIsRefused() throws {
        for command in ["check", "render", "gen-swift"] {
            let result = try CLIRunner.run([command, "README.md"])
            #expect(result.status == 2, "\(command)")
            #expect((result.stdout + result.stderr).contains("README.md:1:1: error: this is neither a manifest (.yaml, .yml, .json) nor Swift source (.swift); digraph reads those, or folders that hold them [schema]\n"), "\(command): \(result.stderr)")
        }
        let imported = try CLIRunner.run(["import", "README.md"])
        #expect(imported.status == 2)
        #expect(imported.stdout.isEmpty)
        #expect(imported.stderr.hasPrefix("README.md:1:1: error: cannot read README.md: it is not Swift source (.swift); give Swift files or the folders that hold them [swift-import]\n"), "\(imported.stderr)")
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
