import DigraphKit
import Foundation
import Testing

/// The library's public API, used as a package that depends on DigraphKit would: no @testable.
struct DigraphKitTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ path: String) -> String { root.appendingPathComponent("fixtures/" + path).path }

    /// A scratch folder, removed when the test ends.
    static func withScratch<T>(_ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraphkit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    /// Matching by key: a key under one name matches the unnamed key of the other side; a key
    /// registered under several names keeps them, so those registrations never merge.
    @Test func graphDiffMatchingByKeyKeepsNamesWhereAKeyHasSeveral() throws {
        let base = try #require(
            ManifestLoader.load(
                text: """
                    version: 1
                    registrations:
                      - provides: Clock
                      - provides: Feed
                        dependencies:
                          clock: Clock
                      - provides: APIClient
                        name: secure
                      - provides: APIClient
                        name: plain
                    """
            ).graph)
        let head = try #require(
            ManifestLoader.load(
                text: """
                    version: 1
                    registrations:
                      - provides: Clock
                        name: clock
                      - provides: Feed
                        name: feed
                        dependencies:
                          clock: { type: Clock, name: clock }
                      - provides: APIClient
                        name: secure
                      - provides: APIClient
                        name: public_
                    """
            ).graph)
        let byKey = GraphDiff(base: base, baseFindings: [], head: head, headFindings: [], matching: .key)
        #expect(byKey.addedRegistrations == [BindingKey(key: "APIClient", name: "public_")])
        #expect(byKey.removedRegistrations == [BindingKey(key: "APIClient", name: "plain")])
        #expect(byKey.addedEdges.isEmpty && byKey.removedEdges.isEmpty && byKey.changed.isEmpty)
        let byName = GraphDiff(base: base, baseFindings: [], head: head, headFindings: [])
        #expect(byName.addedRegistrations.count == 3 && byName.addedEdges.count == 1)
    }

    @Test func checkRunReportsACycleWithItsLocationAndExitsOne() {
        let path = Self.fixture("broken/cycle.yaml")
        let run = CheckRun(files: [path])
        #expect(run.graph != nil)
        #expect(!run.inputUnusable)
        #expect(run.readFiles == [path])
        let cycle = run.report.diagnostics.first { $0.code == DiagnosticCode(rawValue: "cycle") }
        #expect(cycle?.location.line == 4)
        #expect(cycle?.location.column == 5)
        #expect(
            cycle?.message == "dependency cycle: LoginUseCase -> TokenRepository -> TokenRefresher -> LoginUseCase; make one edge `lazy: true` or remove it")
        #expect(run.exitStatus(strict: false) == .graphHasErrors)
        #expect(run.rendered(as: .text).hasPrefix("\(path):4:5: error: dependency cycle: LoginUseCase"))
    }

    @Test func ignoringACodeAndACleanGraphExitZero() {
        let ignored = CheckRun(files: [Self.fixture("broken/cycle.yaml")], ignoring: [DiagnosticCode(rawValue: "cycle")])
        #expect(ignored.report.errors == 0)
        #expect(ignored.exitStatus(strict: false) == .success)
        let popcorn = CheckRun(files: [Self.fixture("popcorn/manifest.yaml")])
        #expect(popcorn.report.errors == 0)
        #expect(popcorn.exitStatus(strict: false) == .success)
    }

    @Test func anUnreadableInputIsUnusableNotAnError() {
        let run = CheckRun(files: [Self.fixture("no-such-manifest.yaml")])
        #expect(run.graph == nil)
        #expect(run.exitStatus(strict: false) == .unusableInput)
        #expect(run.report.diagnostics.first?.code == DiagnosticCode(rawValue: "schema"))
    }

    @Test func generationWritesAtomicallyThenReportsUpToDateThenStale() throws {
        try Self.withScratch { folder in
            let manifest = folder + "/app.yaml"
            try "version: 1\nregistrations:\n  - provides: Clock\n    lifetime: singleton\n".write(toFile: manifest, atomically: true, encoding: .utf8)
            let run = CheckRun(files: [manifest])
            let generation = SwiftGeneration(target: .plain, output: folder + "/Generated/AppContainer.swift")
            let files = try generation.files(for: try #require(run.graph), manifests: [manifest])
            #expect(files.map(\.path) == [folder + "/Generated/AppContainer.swift"])
            #expect(files[0].text.contains("// Generated by digraph"))
            #expect(files[0].text.contains("../app.yaml"), "the header names the manifest relative to the output")
            #expect(generation.staleness(of: files) == ["\(folder)/Generated/AppContainer.swift does not exist"])
            try generation.write(files, readingFrom: run.readFiles)
            #expect(generation.staleness(of: files).isEmpty)

            // The same code from another version of digraph is not stale; other code is.
            let written = try String(contentsOfFile: files[0].path, encoding: .utf8)
            let versionNote = try #require(written.split(separator: "\n")[1].split(separator: "(").last)
            #expect(versionNote.hasPrefix("digraph ") && versionNote.hasSuffix(")."))
            try written.replacingOccurrences(of: "(" + versionNote, with: "(digraph 0.0.9).")
                .write(toFile: files[0].path, atomically: true, encoding: .utf8)
            #expect(generation.staleness(of: files).isEmpty)

            try "version: 1\nregistrations:\n  - provides: Clock\n    lifetime: transient\n".write(toFile: manifest, atomically: true, encoding: .utf8)
            let changed = try generation.files(for: try #require(CheckRun(files: [manifest]).graph), manifests: [manifest])
            let problems = generation.staleness(of: changed)
            #expect(problems.count == 1)
            #expect(problems.first?.hasPrefix("\(folder)/Generated/AppContainer.swift is stale: ") == true)
        }
    }

    @Test func generationNeverReplacesAFileItDidNotWriteNorAnInput() throws {
        try Self.withScratch { folder in
            let manifest = folder + "/app.yaml"
            try "version: 1\nregistrations:\n  - provides: Clock\n".write(toFile: manifest, atomically: true, encoding: .utf8)
            let handWritten = folder + "/Container.swift"
            try "struct Mine {}\n".write(toFile: handWritten, atomically: true, encoding: .utf8)
            let graph = try #require(CheckRun(files: [manifest]).graph)
            let generation = SwiftGeneration(output: handWritten)
            let files = try generation.files(for: graph, manifests: [manifest])
            #expect(throws: OutputPath.WriteError.self) { try generation.write(files, readingFrom: [manifest]) }
            #expect(try String(contentsOfFile: handWritten, encoding: .utf8) == "struct Mine {}\n")

            #expect(throws: OutputPath.WriteError.self) { try OutputPath.write(Array("x".utf8), to: manifest, readingFrom: [manifest]) }
            #expect(try String(contentsOfFile: manifest, encoding: .utf8).hasPrefix("version: 1"))
        }
    }

    @Test func splitOptionsAreCheckedBeforeAnythingIsWritten() {
        #expect(SwiftGeneration(target: .swinject, split: 2, output: "Out").optionProblem == "--split applies to --target plain")
        #expect(SwiftGeneration(split: 2).optionProblem == "--split writes several files: give a directory with -o")
        #expect(SwiftGeneration(split: 0, output: "Out").optionProblem == "--split must be between 1 and 1000 (files of registrations), not 0")
        #expect(SwiftGeneration(split: 4, output: "Out").optionProblem == nil)
    }

    @Test func drawingFocusesOrRefusesWithANearSpelling() throws {
        let run = CheckRun(files: [Self.fixture("popcorn/manifest.yaml")])
        let graph = try #require(run.graph)
        let whole = try GraphDrawing(graph: graph, diagnostics: run.report.diagnostics, options: DOTOptions())
        #expect(whole.registrations == graph.registrations.count)
        #expect(!whole.exceedsLayoutLimits)
        #expect(whole.dot().hasPrefix("digraph"))

        var options = DOTOptions()
        options.focusKeys = ["TokenRepositoryProtocl"]
        #expect(throws: GraphDrawing.Refusal.self) {
            try GraphDrawing(graph: graph, diagnostics: [], options: options)
        }
        do {
            _ = try GraphDrawing(graph: graph, diagnostics: [], options: options)
        } catch {
            #expect(error.description.hasPrefix("no registration provides TokenRepositoryProtocl"))
        }
    }
}
