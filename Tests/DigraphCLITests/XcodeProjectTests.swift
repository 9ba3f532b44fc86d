import Foundation
import Testing

/// A Swift file no Xcode project in the walked folders names is not compiled (Planus-iOS keeps two
/// stale copies of its assemblies beside the real ones: read, they were seven false
/// `duplicate-registration` errors). It is left out with an info at the file; a project that
/// compiles folders whole, a SwiftPM package around the file, or the file given by its own path
/// keeps it read.
struct XcodeProjectTests {
    static let app = """
        import Swinject
        protocol Clock {}
        final class SystemClock: Clock {}
        final class AppAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Clock.self) { _ in SystemClock() }
            }
        }

        """
    static let stale = """
        import Swinject
        final class OldAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Clock.self) { _ in SystemClock() }
            }
        }
        func launch() { _ = Assembler([AppAssembly(), OldAssembly()]) }

        """
    static let project = """
        // !$*UTF8*$!
        {
            objects = {
                A1 /* App Assembly.swift in Sources */ = {isa = PBXBuildFile; fileRef = B1 /* App Assembly.swift */; };
                B1 /* App Assembly.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "App Assembly.swift"; sourceTree = "<group>"; };
            };
        }

        """

    func run(_ arguments: [String], project: String = Self.project, package: Bool = false, more: [String: String] = [:]) throws -> CLIRunner.Result {
        try withApp(Self.app) { folder in
            let sources = folder.appendingPathComponent("App")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: folder.appendingPathComponent("App.swift"), to: sources.appendingPathComponent("App Assembly.swift"))
            try Self.stale.write(to: sources.appendingPathComponent("OldAssembly.swift"), atomically: true, encoding: .utf8)
            let xcodeproj = folder.appendingPathComponent("App.xcodeproj")
            try FileManager.default.createDirectory(at: xcodeproj, withIntermediateDirectories: true)
            try project.write(to: xcodeproj.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
            if package { try "// swift-tools-version:5.9\n".write(to: sources.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8) }
            for (path, text) in more {
                let file = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            }
            // `FOLDER`: the scratch folder's absolute path.
            return try CLIRunner.run(arguments.map { $0 == "FOLDER" ? folder.path : $0 }, directory: folder)
        }
    }

    @Test func aFileNoProjectNamesIsLeftOutWithAnInfo() throws {
        let result = try run(["check", "."])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App/OldAssembly.swift:1:1: info: App.xcodeproj lists no file named 'OldAssembly.swift' in any target, so this file is not compiled and digraph leaves it out; give its path to read it anyway [swift-import]
                digraph: checked 1 registration: 0 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
        #expect(result.stderr == "digraph: read 1 Swift file: 1 registration, 0 resolves, 0 calls not understood\n", "\(result.stderr)")
        // Given by its absolute path, the folder is read the same way.
        let absolute = try run(["check", "FOLDER"])
        #expect(absolute.status == 0)
        #expect(
            absolute.stdout.hasSuffix(
                "/App.xcodeproj lists no file named 'OldAssembly.swift' in any target, so this file is not compiled and digraph leaves it out; give its path to read it anyway [swift-import]\ndigraph: checked 1 registration: 0 errors, 0 warnings, 1 info\n"
            ), "\(absolute.stdout)")
    }

    /// boulomiel/PokedexIOS keeps 126 stale files in six folders the project no longer compiles:
    /// one info per folder whose Swift files are all left out (the outermost such folder under the
    /// project's), not one per file; a folder that still holds a compiled file says its files one by one.
    @Test func aFolderWhoseFilesAreAllLeftOutIsSaidOnce() throws {
        let result = try run(
            ["check", "."],
            more: [
                "App/Old/Network/Client.swift": "final class Client {}\n", "App/Old/Network/Endpoint.swift": "enum Endpoint {}\n",
                "App/Old/Store.swift": "final class Store {}\n", "App/Lonely/Cache.swift": "final class Cache {}\n",
            ])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App/Lonely/Cache.swift:1:1: info: App.xcodeproj lists no file named 'Cache.swift' in any target, so this file is not compiled and digraph leaves it out; give its path to read it anyway [swift-import]
                App/Old/Network/Client.swift:1:1: info: App.xcodeproj lists none of the 3 Swift files under 'App/Old' in any target, so they are not compiled and digraph leaves them out; give their paths to read them anyway [swift-import]
                App/OldAssembly.swift:1:1: info: App.xcodeproj lists no file named 'OldAssembly.swift' in any target, so this file is not compiled and digraph leaves it out; give its path to read it anyway [swift-import]
                digraph: checked 1 registration: 0 errors, 0 warnings, 3 infos

                """, "\(result.stdout)")
    }

    /// Read, the stale file registers `Clock` again: the error the compiler's project never has.
    @Test func aProjectThatCompilesFoldersWholeAPackageOrAGivenPathKeepsTheFile() throws {
        let duplicate = "App/OldAssembly.swift:4:28: error: 'Clock' is registered again;"
        let synchronized = try run(
            ["check", "."], project: Self.project.replacingOccurrences(of: "objects = {", with: "fileSystemSynchronizedGroups = ( C1 );\n    objects = {"))
        #expect(synchronized.stdout.hasPrefix(duplicate), "\(synchronized.stdout)")
        let packaged = try run(["check", "."], package: true)
        #expect(packaged.stdout.hasPrefix(duplicate), "\(packaged.stdout)")
        let given = try run(["check", "App/App Assembly.swift", "App/OldAssembly.swift"])
        #expect(given.stdout.hasPrefix(duplicate), "\(given.stdout)")
    }
}
