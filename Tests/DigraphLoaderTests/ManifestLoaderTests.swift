import DigraphCore
import DigraphLoader
import DigraphRules
import Testing

struct ManifestLoaderTests {
    private func loaded(_ text: String, file: String = "manifest.yaml") throws -> DependencyGraph {
        let result = ManifestLoader.load(text: text, file: file)
        #expect(result.diagnostics.map(RuleExample.render) == [])
        return try #require(result.graph)
    }

    private func schemaErrors(_ text: String, file: String = "manifest.yaml") -> [String] {
        let result = ManifestLoader.load(text: text, file: file)
        #expect(result.graph == nil)
        return result.diagnostics.map(RuleExample.render)
    }

    static let yaml = """
        version: 1
        registrations:
          - provides: [LoginUseCase, LoginUseCaseProtocol]
            implementation: LoginUseCase
            lifetime: container
            dependencies:
              zeta: Zeta
              alpha: { type: Alpha, name: primary, lazy: true }
              _: Clock?
              window: { argument: window }
            arguments:
              window: UIWindow?
        """

    static let json = """
        {"version": 1, "registrations": [
          {"provides": ["LoginUseCase", "LoginUseCaseProtocol"], "implementation": "LoginUseCase", "lifetime": "container",
           "dependencies": {"zeta": "Zeta", "alpha": {"type": "Alpha", "name": "primary", "lazy": true}, "_": "Clock?",
                            "window": {"argument": "window"}},
           "arguments": {"window": "UIWindow?"}}
        ]}
        """

    @Test func yamlAndJSONReadToTheSameRegistration() throws {
        let fromYAML = try loaded(Self.yaml).registrations[0]
        let fromJSON = try loaded(Self.json, file: "manifest.json").registrations[0]
        for registration in [fromYAML, fromJSON] {
            #expect(registration.provides.map(\.key) == ["LoginUseCase", "LoginUseCaseProtocol"])
            #expect(registration.implementation?.key == "LoginUseCase")
            #expect(registration.lifetime == .singleton)
            // Key order is the initializer's parameter order, in both formats.
            #expect(registration.dependencies.map(\.label.value) == ["zeta", "alpha", "_", "window"])
            #expect(registration.dependencies[1].source == .service(registration.dependencies[1].service!, name: "primary", isLazy: true, passing: []))
            #expect(registration.dependencies[2].service?.expression.isOptional == true)
            #expect(registration.arguments.map(\.type.key) == ["UIWindow?"])
        }
    }

    @Test func everyValueIsLocatedInYAML() throws {
        let registration = try loaded(Self.yaml).registrations[0]
        #expect(registration.location == SourceLocation(file: "manifest.yaml", line: 3, column: 5))
        #expect(registration.provides[1].location == SourceLocation(file: "manifest.yaml", line: 3, column: 30))
        #expect(registration.dependencies[0].location == SourceLocation(file: "manifest.yaml", line: 7, column: 7))
        #expect(registration.dependencies[1].service?.location == SourceLocation(file: "manifest.yaml", line: 8, column: 22))
        #expect(registration.arguments[0].label.location == SourceLocation(file: "manifest.yaml", line: 12, column: 7))
    }

    @Test func everyValueIsLocatedInJSON() throws {
        let registration = try loaded(Self.json, file: "manifest.json").registrations[0]
        #expect(registration.location == SourceLocation(file: "manifest.json", line: 2, column: 3))
        #expect(registration.provides[1].location == SourceLocation(file: "manifest.json", line: 2, column: 33))
        #expect(registration.dependencies[0].location == SourceLocation(file: "manifest.json", line: 3, column: 21))
        #expect(registration.arguments[0].label.location == SourceLocation(file: "manifest.json", line: 5, column: 18))
    }

    @Test func jsonColumnsCountUnicodeScalarsAndEscapesDecode() throws {
        let graph = try loaded(#"{"version": 1, "registrations": [{"provides": "Caf\u00e9"}, {"provides": "Über"}]}"#, file: "m.json")
        #expect(graph.registrations[0].provides[0].key == "Café")
        #expect(graph.registrations[1].location.column == 61)
    }

    @Test func defaultsAndDerivedValues() throws {
        let graph = try loaded(
            """
            version: 1
            registrations:
              - provides: Plain
              - provides: AnalyticsTracking
                aliasOf: Plain
              - provides: UIWindow
                supplied: true
            """, file: "dir/app-data.yaml")
        #expect(graph.registrations[0].implementation?.key == "Plain")
        #expect(graph.registrations[0].lifetime == .transient)
        #expect(graph.registrations[0].assembly == "AppDataAssembly")
        #expect(graph.registrations[1].implementation == nil)
        #expect(graph.registrations[2].lifetime == .singleton)
        #expect(graph.edges[1].map(\.target) == [0])
    }

    @Test func filesMergeIntoOneGraph() throws {
        let result = ManifestLoader.load(sources: [
            (
                "a.yaml",
                Array(
                    """
                    version: 1
                    modules: { Domain: {}, Data: { dependsOn: [Domain] } }
                    external: [URLSession]
                    registrations:
                      - provides: Repository
                        module: Data
                        dependencies: { session: URLSession, clock: Clock }
                    """.utf8)
            ),
            (
                "b.yaml",
                Array(
                    """
                    version: 1
                    modules: { Domain: {} }
                    registrations:
                      - provides: Clock
                        module: Domain
                    """.utf8)
            ),
        ])
        #expect(result.diagnostics.isEmpty)
        let graph = try #require(result.graph)
        #expect(graph.registrations.map(\.assembly) == ["AAssembly", "BAssembly"])
        #expect(graph.edges[0].map(\.target) == [nil, 1])
        #expect(graph.modules?.keys.sorted() == ["Data", "Domain"])
        #expect(RuleCatalog.check(graph).isEmpty)
    }

    /// A list of more than 4,096 registrations is decoded in slices side by side, and a graph of
    /// more than 8,192 linked in slices: problems, registrations and edges must come out in file
    /// order, exactly as one decoder reports them.
    @Test func bigListsDecodeAndLinkInFileOrder() throws {
        let count = 20_000
        func manifest(breaking broken: Set<Int>) -> String {
            var text = "version: 1\nregistrations:\n"
            for index in 0..<count {
                text +=
                    broken.contains(index)
                    ? "  - provides: S\(index)\n    lifetim: singleton\n"
                    : "  - provides: S\(index)\n    dependencies: { next: S\((index + 1) % count) }\n"
            }
            return text
        }
        // Problems in the first, a middle and the last slice, in that order.
        let broken = [3, 9_000, 19_999]
        let failed = ManifestLoader.load(text: manifest(breaking: Set(broken)), file: "big.yaml")
        #expect(failed.graph == nil)
        #expect(
            failed.diagnostics.map(RuleExample.render)
                == broken.map {
                    "\(4 + 2 * $0):5: error: unknown field 'lifetim' in a registration (did you mean 'lifetime'?); the fields are: provides, implementation, lifetime, name, module, factory, root, isolation, dependencies, properties, arguments, aliasOf, supplied, suppress, eager [schema]"
                })

        let graph = try loaded(manifest(breaking: []), file: "big.yaml")
        #expect(graph.registrations.count == count)
        #expect(graph.registrations.enumerated().allSatisfy { $1.provides[0].key == "S\($0)" })
        #expect(graph.edges.enumerated().allSatisfy { $1.map(\.from) == [$0] && $1.map(\.target) == [($0 + 1) % count] })
        #expect(graph.edges[count - 1][0].location.line == 2 + 2 * count)
    }

    /// A hundred thousand bad entries keep only the problems shown: the slices after the first few
    /// count theirs without holding them, and the first ones in file order are the ones kept.
    @Test func slicesKeepOnlyTheFirstProblemsInFileOrder() {
        let text = "version: 1\nregistrations:\n" + String(repeating: "  - 1\n", count: 100_000)
        let result = ManifestLoader.load(text: text, file: "m.yaml")
        let lines = result.diagnostics.map(RuleExample.render)
        #expect(lines.count == ManifestLoader.maximumProblemsPerFile + 1)
        #expect(lines.first == "3:5: error: a registration must be a mapping (`key: value` pairs), found a number [schema]")
        #expect(lines[ManifestLoader.maximumProblemsPerFile - 1].hasPrefix("\(2 + ManifestLoader.maximumProblemsPerFile):5: error:"))
        #expect(
            lines.last == "\(2 + ManifestLoader.maximumProblemsPerFile):5: error: … and 99800 more problems in this file, not shown; fix these first [schema]")
    }

    @Test func conflictingRedeclarationsPointAtBothPlaces() {
        let result = ManifestLoader.load(sources: [
            ("a.yaml", Array("version: 1\nmodules: { Data: { dependsOn: [Domain] }, Domain: {} }\nregistrations: []\n".utf8)),
            ("b.yaml", Array("version: 1\nassembly: AAssembly\nmodules: { Data: {} }\nregistrations: []\n".utf8)),
        ])
        #expect(
            result.diagnostics.map { "\($0.location): \($0.message) / \($0.notes.map { "\($0.location)" })" } == [
                "b.yaml:2:11: assembly 'AAssembly' is declared by two files; each file is one assembly, give them different names / [\"a.yaml:1:1\"]",
                "b.yaml:3:12: module 'Data' is redeclared with different dependsOn []; the earlier declaration says [Domain] / [\"a.yaml:2:12\"]",
            ])
    }

    /// Common slips are named as such, with what to do.
    @Test(arguments: [
        (
            "a.json", #"{"version": 1, "registrations": [{"provides": "A"},]}"#,
            "1:51: error: invalid JSON: a trailing comma before ']'; JSON allows none after the last element: remove this ',' [schema]"
        ),
        (
            "a.json", #"{"version": 1, "registrations": [{"provides": "A", }]}"#,
            "1:50: error: invalid JSON: a trailing comma before '}'; JSON allows none after the last element: remove this ',' [schema]"
        ),
        (
            "a.yaml", "version: 1\nregistrations:\n  - provides: Cache\n    dependencies:\n      store: Store\n    clock: Clock\n",
            "6:5: error: unknown field 'clock' in a registration — is it a parameter indented one level too far out? Parameters go under 'dependencies:'; the fields are: provides, implementation, lifetime, name, module, factory, root, isolation, dependencies, properties, arguments, aliasOf, supplied, suppress, eager [schema]"
        ),
        (
            "a.yaml", "version: 1\nregistrations:\n  - provides: Cache\n    lifecycle: singleton\n",
            "4:5: error: unknown field 'lifecycle' in a registration (did you mean 'lifetime'?); the fields are: provides, implementation, lifetime, name, module, factory, root, isolation, dependencies, properties, arguments, aliasOf, supplied, suppress, eager [schema]"
        ),
    ])
    func commonSlipsAreNamed(file: String, text: String, expected: String) {
        #expect(schemaErrors(text, file: file) == [expected])
    }

    @Test func schemaErrorsAreAllReportedAndLocated() {
        #expect(
            schemaErrors(
                """
                version: 1
                registrations:
                  - provides: Foo
                    lifecycle: singleton
                    lifetime: forever
                    root: "yes"
                  - implementation: Bar
                  - provides: A & B
                  - provides: X
                    aliasOf: Y
                    implementation: Z
                    dependencies:
                      bad-label: Q
                      ok: { type: Q, nmae: x }
                      arg: { argument: a, lazy: true }
                """) == [
                    "4:5: error: unknown field 'lifecycle' in a registration (did you mean 'lifetime'?); the fields are: provides, implementation, lifetime, name, module, factory, root, isolation, dependencies, properties, arguments, aliasOf, supplied, suppress, eager [schema]",
                    "5:15: error: unknown lifetime 'forever'; use one of transient, singleton, weak, graph (container = singleton) [schema]",
                    "6:11: error: 'root' must be true or false, found a string [schema]",
                    "7:5: error: a registration needs 'provides': the key (type) it registers [schema]",
                    "8:5: error: a registration of 'A & B' needs 'implementation': the concrete type to build (it defaults to 'provides' only when that is one plain type name) [schema]",
                    "11:21: error: an 'aliasOf' registration forwards to another key and builds nothing, so it cannot have 'implementation' [schema]",
                    "13:7: error: 'bad-label' is not a valid parameter label; use a Swift identifier, or a name starting with '_' for an unlabeled parameter [schema]",
                    "13:7: error: an 'aliasOf' registration forwards to another key and builds nothing, so it cannot have 'dependencies' [schema]",
                    "14:22: error: unknown field 'nmae' in dependency 'ok' (did you mean 'name'?); the fields are: type, name, lazy, eager, arguments, argument, suppress [schema]",
                    "15:33: error: dependency 'arg' is the runtime argument 'a'; it cannot also have 'lazy' [schema]",
                ])
    }

    @Test func versionMustBeTheNumberOne() {
        #expect(schemaErrors("registrations: []") == ["1:1: error: missing required field 'version'; add `version: 1` at the top of the file [schema]"])
        #expect(schemaErrors("version: 2\nregistrations: []") == ["1:10: error: unsupported manifest version '2'; this digraph reads version 1 [schema]"])
        #expect(
            schemaErrors(#"{"version": "1", "registrations": []}"#, file: "m.json") == ["1:13: error: 'version' must be the number 1, found a string [schema]"])
        #expect(schemaErrors("version: 1") == ["1:1: error: missing required field 'registrations'; add `registrations: []` (it may be empty) [schema]"])
    }

    /// Swift calls `FileManager.default` though `default` is a keyword (the importer writes such
    /// factories); `Impl.init` and `Impl.self` are not static members.
    @Test func aFactoryMayBeAKeywordButNotInitOrSelf() throws {
        let graph = ManifestLoader.load(text: "version: 1\nregistrations:\n  - provides: FileManager\n    factory: default\n", file: "m.yaml").graph
        #expect(graph?.registrations.first?.factory?.value == "default")
        let rule =
            "is not a static member Swift can call on the implementation: use one word of letters, digits and '_', not starting with a digit, other than init, self, Type and Protocol (omit 'factory' to call the initializer) [schema]"
        #expect(
            schemaErrors(
                "version: 1\nregistrations:\n  - provides: A\n    factory: init\n  - provides: B\n    factory: self\n  - provides: C\n    factory: make-it\n")
                == [
                    "4:14: error: 'factory' 'init' " + rule, "6:14: error: 'factory' 'self' " + rule, "8:14: error: 'factory' 'make-it' " + rule,
                ])
    }

    @Test func jsonThatLibyamlWouldRejectIsRead() throws {
        let longKey = String(repeating: "k", count: 1_500)
        let graph = try loaded(#"{"version": 1, "registrations": [{"provides": "A", "name": "x\#u{00e9}"}]}"#, file: "m.json")
        #expect(graph.registrations[0].name?.value == "xé")
        // A surrogate pair decodes (and is then rejected as a type name, with a location).
        #expect(
            schemaErrors(#"{"version": 1, "registrations": [{"provides": "A\ud83d\ude00"}]}"#, file: "m.json") == [
                "1:47: error: 'provides' is not a valid Swift type: 'A😀' has '😀' at character 2, which cannot be part of a Swift type [schema]"
            ])
        #expect(schemaErrors("{\"version\": 1, \"registrations\": [], \"\(longKey)\": 1}", file: "m.json").count == 1)
    }

    @Test func extensionlessFilesAreSniffed() throws {
        _ = try loaded(#"{"version": 1, "registrations": []}"#, file: "manifest")
        _ = try loaded("version: 1\nregistrations: []\n", file: "manifest")
    }

    @Test func unreadableFilesAreLocatedErrors() {
        let result = ManifestLoader.load(files: ["/nonexistent/manifest.yaml"])
        #expect(result.diagnostics.map(RuleExample.render) == ["1:1: error: cannot read the file: it does not exist [schema]"])
    }
}
