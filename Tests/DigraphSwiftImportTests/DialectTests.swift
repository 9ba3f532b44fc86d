import DigraphCore
import DigraphLoader
import SwiftSyntax
import Testing

@testable import DigraphSwiftImport

/// Every dialect's examples are its tests: the source must import to exactly the manifest and
/// findings written beside it. A failing example is reported at the line that declares it.
struct DialectExamplesTests {
    static let examples: [DialectExample] = SwiftImporter.dialects.flatMap { $0.examples } + FactoryContainerReader.examples

    @Test(arguments: examples)
    func example(_ example: DialectExample) {
        let location = Testing.SourceLocation(fileID: example.fileID, filePath: example.filePath, line: example.line, column: 9)
        #expect(DialectTests.imported(example.source) == example.expected, sourceLocation: location)
    }

    @Test func everyLibraryShipsExamples() {
        for dialect in SwiftImporter.dialects { #expect(!dialect.examples.isEmpty, "\(dialect.library)") }
        #expect(!FactoryContainerReader.examples.isEmpty)
    }
}

/// A toy library, `Locator.add(X.self) { … }` to register a factory called on every resolve and
/// `Locator.get(X.self)` to resolve, read by these lines alone: adding a dialect touches its own
/// folder and the dialect list, nothing else.
struct LocatorDialect: Dialect {
    static let library = "Locator"
    static func speaks(_ file: SwiftFile) -> Bool { file.imports("Locator") }

    let containerAPI: ContainerAPI

    init(learningFrom files: [SwiftFile], declarations: TypeDeclarations, stated: [ContainerMethodStatement]) {
        containerAPI = ContainerAPI.learn(from: [], stated: [ContainerMethodStatement(name: "get", meaning: .resolve)])
    }

    func registration(of call: FunctionCallExprSyntax, in finder: RegistrationFinder) -> RegistrationFinder.Found? {
        guard SwiftExpressions.callee(of: call)?.name == "add", let key = call.arguments.first.flatMap({ SwiftExpressions.metatype($0.expression) }),
            let closure = call.trailingClosure
        else { return nil }
        let options = ClosureReader.Options(api: containerAPI, resolveReturnsOptional: false)
        var reader = ClosureReader(file: finder.file, declarations: finder.declarations, subject: key.type, options: options)
        reader.read(closure: closure, takesResolver: false)
        return RegistrationFinder.Found(
            keys: [(key.type, finder.file.location(of: key.node))], name: nil, lifetime: .transient, reading: reader.reading, argumentNames: [],
            argumentTypes: [:], location: finder.file.location(of: call), module: finder.file.module)
    }
}

struct DialectTests {
    /// The manifest from its first section on, then one line per finding.
    static func imported(_ swift: String, dialects: [any Dialect.Type] = SwiftImporter.dialects) -> String {
        let result = SwiftImporter.run(sources: [("App.swift", swift, nil)], assemblyFrom: "Imported", containers: [], context: nil, dialects: dialects)[0]
        let manifest = result.written(as: .yaml, command: "test")
        let loaded = ManifestLoader.load(text: manifest, file: "imported.yaml")
        #expect(loaded.diagnostics.filter { $0.code == .schema }.isEmpty, "\(loaded.diagnostics)")
        let body = manifest.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("registrations:") && !$0.hasPrefix("interfaces:") && !$0.hasPrefix("typealiases:") }
            .joined(separator: "\n")
        let findings = result.findings.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" }
        return ([body.trimmingCharacters(in: .newlines)] + findings).joined(separator: "\n")
    }

    static let locatorApp = """
        import Locator

        func wire() {
            Locator.add(API.self) { API() }
            Locator.add(Feed.self) { FeedImpl(api: Locator.get(API.self)) }
        }

        func show() { let feed = Locator.get(Feed.self) }
        """

    @Test func aToyDialectIsAddedWithoutTouchingTheImporter() {
        #expect(
            Self.imported(Self.locatorApp, dialects: [LocatorDialect.self] + SwiftImporter.dialects) == """
                registrations:
                  # App.swift:4
                  - provides: API
                  # App.swift:5
                  - provides: Feed
                    implementation: FeedImpl
                    dependencies:
                      api: API

                resolves:
                  # App.swift:8
                  - Feed
                """)
        // Without it the same file is a hand-rolled container's, and `add` means nothing there.
        #expect(Self.imported(Self.locatorApp) == "registrations: []")
    }

    @Test func aFilesDialectIsTheFirstInTheListThatSpeaksIt() {
        let swinject = SwiftFile(path: "A.swift", text: "import Swinject\nimport Locator", module: nil)
        let plain = SwiftFile(path: "B.swift", text: "import Foundation", module: nil)
        #expect(SwinjectDialect.speaks(swinject) && LocatorDialect.speaks(swinject))
        #expect(!SwinjectDialect.speaks(plain) && !LocatorDialect.speaks(plain) && HandRolledDialect.speaks(plain))
        // Listed first, Locator takes the file that imports both.
        let listed: [any Dialect.Type] = [LocatorDialect.self] + SwiftImporter.dialects
        #expect(listed.first { $0.speaks(swinject) }.map { $0.library } == "Locator")
        #expect(SwiftImporter.dialects.first { $0.speaks(swinject) }.map { $0.library } == "Swinject")
    }
}
