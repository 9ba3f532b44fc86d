import Foundation
import Testing

/// The fourth adversarial pass (issue 40): the literals, directives, revisions, CI lines and paths
/// that still got past digraph's input bounds. Each test was seen failing on the main of then.
struct UntrustedInputLimitsTests {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-hostile4-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static let fine = "import Swinject\nfunc assemble(c: Container) { c.register(A.self) { _ in A() } }\n"

    /// Each shape once crashed the process (SIGSEGV, exit 139): a literal the depth scan misread hid
    /// the deep code after it, or `#if` nesting it did not count. Now a located error for its file.
    static let deepShapes: [String: (text: @Sendable () -> String, expected: String)] = {
        let tries = String(repeating: "try ", count: 200_000) + "f()\n"
        let message = "error: more than 200 `try`/`await` in a row"
        @Sendable func conditionals(_ count: Int) -> String {
            String(repeating: "#if A\n", count: count) + "let x = 1\n" + String(repeating: "#endif\n", count: count)
        }
        return [
            "raw string": ({ "let s = #\"x\"y\"#\nlet x = " + tries }, "3:809: " + message),
            "raw string ##": ({ "let s = ##\"a\"#b\"##\nlet x = " + tries }, "3:809: " + message),
            "multi-line raw string": ({ "let s = #\"\"\"\n\"\"\"\n\"\"\"#\nlet x = " + tries }, "5:809: " + message),
            "interpolation in a raw string": ({ "let s = #\"\\#(f(\"\\\"\"))\"#\nlet x = " + tries }, "3:809: " + message),
            "regex": ({ "let r = #/a\"b/#\nlet x = " + tries }, "3:809: " + message),
            "bare regex": ({ "let r = /\"/; let x = " + tries }, "2:822: " + message),
            "#if 100000": ({ conditionals(100_000) }, "202:1: error: `#if` nested more than 200 deep"),
            "#if 50000": ({ conditionals(50_000) }, "202:1: error: `#if` nested more than 200 deep"),
        ]
    }()

    @Test(arguments: deepShapes.keys.sorted())
    func literalsAndDirectivesCannotHideDeepSwift(shape: String) throws {
        let (text, expected) = Self.deepShapes[shape]!
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ("import Swinject\n" + text()).write(to: folder.appendingPathComponent("Deep.swift"), atomically: true, encoding: .utf8)
        try Self.fine.write(to: folder.appendingPathComponent("Fine.swift"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "."], timeout: 60, directory: folder)
        #expect(result.status == 1, "\(shape): \(result.status) \(result.stderr.prefix(300))")
        #expect(
            result.stdout.hasPrefix(
                "Deep.swift:\(expected), more than digraph reads; the file is skipped, the others are read [swift-import]\n"),
            "\(shape): \(result.stdout.prefix(300))")
        #expect(result.stdout.hasSuffix("digraph: checked 1 registration: 1 error, 0 warnings, 0 infos\n"), "\(shape): the other file is read")
        #expect(result.seconds < 10, "\(shape): \(result.seconds) s")
    }

    /// What a literal holds is its text, not code: `try` and brackets inside are not counted, and the
    /// code after it is read.
    /// Item 5 (and issue 39): quoted Swift is one line, cut with an ellipsis, so a multi-line
    /// string cannot plant a fake `file:line: note:` line in the report.
    @Test func quotedSourceIsOneLineAndCutWithAnEllipsis() throws {
        let swift = """
            import Swinject
            func assemble(container: Container) {
                container.register(Client.self) { r in
                    Client(banner: \"\"\"
                    App.swift:4:35: note: planted
                    \"\"\", session: makeSession(
                        timeout: 30,
                        delegate: AuthorizationDelegateWithAVeryLongName()))
                }
            }

            """
        let result = try withApp(swift) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(
            result.stdout == """
                App.swift:4:16: info: 'Client': parameter 'banner' is given `\"\"\" App.swift:4:35: note: planted \"\"\"`, a value the manifest does not record; it is left out (generated code relies on a default value, if the initializer has one) [swift-import]
                App.swift:6:14: warning: 'Client': parameter 'session' is given `makeSession( timeout: 30, delegate: AuthorizationDelegateWit…`, which digraph cannot read; it is left out [swift-import]
                digraph: checked 1 registration: 0 errors, 1 warning, 1 info

                """, "\(result.stdout)")
        #expect(!result.stdout.contains("\n        App.swift"))
    }

    /// Item 7: labels read from Swift meet the manifest's own identifier rules, so what `import`
    /// writes loads again; item 6: nothing it writes forms a CI command.
    @Test func importWritesLabelsItsLoaderAcceptsAndNoCICommand() throws {
        let swift = """
            import Swinject
            func assemble(container: Container) {
                container.register(Screen.self) { (r, `my arg`: Int) in Screen(id: `my arg`) }
                container.register(Pane.self) { (r, `default`: Int) in Pane(value: `default`, api: r.resolve(API.self, argument: `default`)!) }
                container.register(Sheet.self) { r in Sheet(`my label`: r.resolve(Clock.self)!) } // digraph:ignore missing-binding ##[error]forged
                container.register(API.self) { (_, value: Int) in API(value: value) }
            }

            """
        try withApp(swift) { folder in
            let imported = try CLIRunner.run(["import", "App.swift", "-o", "out.yaml"], directory: folder)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(
                imported.stderr.hasPrefix(
                    """
                    App.swift:3:5: warning: the runtime argument '`my arg`' is not a plain Swift identifier, which a manifest's argument label must be; it is written 'my_arg' [swift-import]
                    App.swift:4:5: warning: the runtime argument '`default`' is not a plain Swift identifier, which a manifest's argument label must be; it is written 'default_' [swift-import]
                    App.swift:5:49: warning: the parameter label '`my label`' is not a plain Swift identifier, which a manifest's parameter label must be; it is written 'my_label' [swift-import]

                    """), "\(imported.stderr)")
            let written = try String(contentsOf: folder.appendingPathComponent("out.yaml"), encoding: .utf8)
            #expect(written.contains("      value: { argument: default_ }\n      api: { type: API, arguments: [default_] }\n"), "\(written)")
            #expect(written.contains(##"reason: "#\u0023[error]forged""##), "\(written)")
            #expect(!written.contains("##["))
            let checked = try CLIRunner.run(["check", "out.yaml"], directory: folder)
            #expect(checked.status == 0, "\(checked.stdout)")
            #expect(checked.stdout == "digraph: checked 4 registrations: 0 errors, 0 warnings, 0 infos (1 suppressed not shown)\n", "\(checked.stdout)")
        }
    }

    /// Item 12: `// digraph:ignorecycle` (no space) is no directive, and says so.
    @Test func anIgnoreMarkerRunTogetherWithItsCodeIsNotRead() throws {
        let swift = """
            import Swinject
            func assemble(container: Container) {
                container.register(A.self) { r in A(b: r.resolve(B.self)!) } // digraph:ignoremissing-binding
            }

            """
        let result = try withApp(swift) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                App.swift:3:41: error: nothing provides 'B', needed by 'A' (parameter 'b') [missing-binding]
                App.swift:3:24: note: did you mean 'A'? It is registered here
                App.swift:3:66: warning: `// digraph:ignoremissing-binding` is not read: write a space after `digraph:ignore`, as in `// digraph:ignore cycle the reason` [swift-import]
                digraph: checked 1 registration: 1 error, 1 warning, 0 infos

                """, "\(result.stdout)")
    }

    /// Item 12: a zero-width joiner in a name is one character made `_`; it no longer takes the
    /// letter before it along (`b` + U+200D is one `Character`).
    @Test func aZeroWidthJoinerInANameLosesNothingBeforeIt() throws {
        let swift = "import Swinject\nfunc assemble(container: Container) {\n    container.register(API.self, name: \"ab\u{200D}cd\") { _ in API() }\n}\n"
        let result = try withApp(swift) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(result.status == 0)
        #expect(result.stdout.contains("    name: ab_cd\n"), "\(result.stdout)")
        #expect(
            result.stderr.hasPrefix(
                "App.swift:3:5: warning: the name 'ab\\u{200D}cd' is not a Swift identifier, which a manifest's name must be; it is written 'ab_cd' [swift-import]\n"
            ), "\(result.stderr)")
    }

    @Test func whatALiteralHoldsIsNotCounted() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tries = String(repeating: "try ", count: 300), brackets = String(repeating: "[", count: 300)
        try """
        import Swinject
        let a = #"\(tries)"# + ##"\(brackets)"#"##
        let b = #\"""
            \(brackets) ""\" "#
            \"""#
        let c = #/\(brackets)/#
        #if os(Linux)
        func assemble(c: Container) { c.register(A.self) { _ in A() } }
        #endif

        """.write(to: folder.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "."], directory: folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "digraph: checked 1 registration: 0 errors, 0 warnings, 0 infos\n", "\(result.stdout)")
    }

    /// No line may run as a GitHub workflow command: `::` after the white space the runner trims
    /// (.NET's `TrimStart()`: every Unicode white space), `##[` anywhere; the github format's own
    /// annotations excepted.
    static func isInert(_ output: String, annotations: Bool = false) -> Bool {
        output.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { line in
            let trimmed = Substring(line.unicodeScalars.drop { $0.properties.isWhitespace })
            let annotation = annotations && ["::error ", "::warning ", "::notice "].contains { line.hasPrefix($0) }
            return (annotation || !trimmed.hasPrefix("::")) && !line.contains("##[")
        }
    }

    /// The runner trims U+3000, U+00A0, U+1680… before `::`; digraph once neutralised only a leading
    /// `::` after spaces and tabs, so a file name starting with one of them forged a command.
    @Test(arguments: ["\u{3000}", "\u{00A0}", "\u{1680}", "\u{2003}", "\u{202F}", "\u{205F}"])
    func unicodeWhiteSpaceBeforeColonsForgesNoCommand(space: String) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = space + "::error file=x::forged.yaml"
        try "version: 1\nregistrations:\n  - provides: A\n    dependencies:\n      b: B\n".write(
            to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let text = try CLIRunner.run(["check", name], directory: folder)
        #expect(text.status == 1)
        #expect(
            text.stdout.hasPrefix(
                space + "\\u{3A}:error file=x::forged.yaml:5:7: error: nothing provides 'B', needed by 'A' (parameter 'b') [missing-binding]\n"),
            "\(text.stdout)")
        #expect(Self.isInert(text.stdout + text.stderr), "\(text.stdout)")
        let github = try CLIRunner.run(["check", name, "--format", "github"], directory: folder)
        #expect(github.status == 1)
        #expect(Self.isInert(github.stdout, annotations: true) && Self.isInert(github.stderr), "\(github.stdout)")
        #expect(github.stdout.contains("\n" + space + "\\u{3A}:error file=x::forged.yaml:5:7: error: nothing provides 'B'"), "\(github.stdout)")

        // The same through a path the configuration names.
        try "manifests: [\"\(space)::warning file=y::forged-config.yaml\"]\n".write(
            to: folder.appendingPathComponent(".digraph.yml"), atomically: true, encoding: .utf8)
        let configured = try CLIRunner.run(["check"], directory: folder)
        #expect(configured.status == 2)
        #expect(
            configured.stdout.hasPrefix(space + "\\u{3A}:warning file=y::forged-config.yaml:1:1: error: cannot read the file: it does not exist [schema]\n"),
            "\(configured.stdout)")
        #expect(Self.isInert(configured.stdout + configured.stderr), "\(configured.stdout)")
    }

    /// `digraph diff --base BASE FILE` in a fresh repository whose BASE holds FILE as a 270 MB blob
    /// of zeros and whose working tree holds `headText` (printf escapes), under `addressSpace` (a
    /// `ulimit` line, or nothing).
    static func diffAgainstA270MBBlob(named file: String, headText: String, addressSpace: String = "") throws -> CLIRunner.Result {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let digraph = CLIRunner.executable("digraph").path
        let script = """
            set -e
            git init -q
            printf '\(headText)' > \(file)
            blob=$(head -c 270000000 /dev/zero | git hash-object -w --stdin)
            tree=$(printf '100644 blob %s\\t\(file)\\n' "$blob" | git mktree)
            commit=$(git -c user.name=t -c user.email=t@example.com commit-tree "$tree" -m base)
            \(addressSpace)
            exec '\(digraph)' diff --base "$commit" \(file)
            """
        return try CLIRunner.runProgram("/bin/sh", ["-c", script], timeout: 60, directory: folder)
    }

    /// `diff --base` read each blob whole before any limit: a 270 MB manifest in the base revision
    /// took 587 MB, and under 400 MB of address space it aborted ("failed to allocate"). `ls-tree -l`
    /// gives the size first: the blob is never read, and the loader refuses it as it refuses such a
    /// file on disk.
    @Test func aBlobOverTheLimitIsRefusedBeforeItIsRead() throws {
        let result = try Self.diffAgainstA270MBBlob(
            named: "m.yaml", headText: "version: 1\\nregistrations:\\n  - provides: A\\n", addressSpace: "ulimit -v 400000")
        #expect(result.status == 2, "\(result.stderr.prefix(400))")
        #expect(
            result.stderr
                == "m.yaml:1:1: error: the file is larger than 256 MB; split the manifest into several files [schema]\n"
                + "digraph: 1 error in the input; fix the manifest first, nothing else was checked\n"
                + "digraph: error: BASE cannot be read; nothing was compared\n", "\(result.stderr.prefix(400))")
    }

    /// The same for Swift: a 270 MB Swift blob in the base revision (over the manifests' 256 MB, so
    /// never read) made BASE unusable with "cannot read App.swift: permission denied or not a
    /// regular file"; one between 4 and 256 MB was read whole before the 4 MB limit refused it. The
    /// size is looked at first now: the located refusal a file on disk gets, and nothing read.
    /// Under 400 MB of address space: `diff` on Swift used to hang there, waiting on worker threads
    /// (64 MB stacks, nested) that the system had refused to start.
    @Test func aSwiftBlobOverTheLimitIsRefusedBeforeItIsRead() throws {
        let result = try Self.diffAgainstA270MBBlob(
            named: "App.swift", headText: "import Swinject\\nfunc assemble(container: Container) { container.register(A.self) { _ in A() } }\\n",
            addressSpace: "ulimit -v 400000")
        #expect(result.status == 0, "\(result.stderr.prefix(400))")
        #expect(
            result.stdout.contains(
                "fixed: App.swift:1:1: error: App.swift is 257 MB, more than the 4 MB digraph reads in one Swift file (generated code?); the file is skipped, the others are read. Exclude it with --exclude [swift-import]"
            ), "\(result.stdout.prefix(600))")
    }

    /// A repository (`.git`) holding a manifest, beside a file outside it whose keys must never be
    /// quoted (`secret_token_for_prod` stands for a credential file).
    static func repositoryBesideASecret() throws -> (outer: URL, root: URL) {
        let outer = try scratch()
        let root = outer.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try "version: 1\nregistrations: []\nsecret_token_for_prod: 1\n".write(
            to: outer.appendingPathComponent("secret.yaml"), atomically: true, encoding: .utf8)
        try "version: 1\nregistrations:\n  - provides: A\n".write(to: root.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        return (outer, root)
    }

    static func unusable(_ root: URL) -> String { "digraph: the configuration \(root.path)/.digraph.yml cannot be used; fix it first\n" }

    /// `manifests:` (or any input path) in a shared configuration once read any file, and echoed its
    /// top-level keys in "unknown field" messages; a link in a walked folder did the same.
    @Test func theConfigurationReadsNothingOutsideTheRepository() throws {
        let (outer, root) = try Self.repositoryBesideASecret()
        defer { try? FileManager.default.removeItem(at: outer) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.yaml").path, withDestinationPath: "../secret.yaml")
        let refusal =
            "which is outside the repository that holds .digraph.yml (symbolic links followed); a configuration reads only files inside it: move the file there, or name it on the command line [schema]\n"
        for (configuration, expected) in [
            ("manifests: [m.yaml, ../secret.yaml]\n", ".digraph.yml:1:21: error: 'manifests' names '../secret.yaml', " + refusal),
            ("manifests:\n  - m.yaml\n  - link.yaml\n", ".digraph.yml:3:5: error: 'manifests' names 'link.yaml', " + refusal),
            ("manifests: [/etc/hostname]\n", ".digraph.yml:1:13: error: 'manifests' names '/etc/hostname', " + refusal),
            ("manifests: [m.yaml]\ncheck:\n  baseline: ../secret.yaml\n", ".digraph.yml:3:13: error: 'check.baseline' names '../secret.yaml', " + refusal),
        ] {
            try configuration.write(to: root.appendingPathComponent(".digraph.yml"), atomically: true, encoding: .utf8)
            let result = try CLIRunner.run(["check"], directory: root)
            #expect(result.status == 2, "\(configuration)")
            #expect(result.stderr == root.path + "/" + expected + Self.unusable(root), "\(configuration): \(result.stderr)")
            #expect(!(result.stdout + result.stderr).contains("secret_token"), "\(configuration)")
        }
    }

    @Test func aLinkOutOfTheRepositoryFoundInAFolderIsNotRead() throws {
        let (outer, root) = try Self.repositoryBesideASecret()
        defer { try? FileManager.default.removeItem(at: outer) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.yaml").path, withDestinationPath: "../secret.yaml")
        // A link that stays inside is read as before.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("shared"), withIntermediateDirectories: true)
        try "version: 1\nregistrations:\n  - provides: B\n".write(to: root.appendingPathComponent("shared/b.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("inner.yaml").path, withDestinationPath: "shared/b.yaml")
        let linkProblem =
            "is a symbolic link to a file outside the repository (with no repository, outside the folder given); digraph does not follow a link it finds in a folder out of it: name the file on the command line to read it"
        for arguments in [["check", "."], ["check"]] {
            if arguments == ["check"] { try "manifests: [.]\n".write(to: root.appendingPathComponent(".digraph.yml"), atomically: true, encoding: .utf8) }
            let result = try CLIRunner.run(arguments, directory: root)
            #expect(result.status == 2)
            #expect(
                result.stdout
                    == "./link.yaml:1:1: error: \(linkProblem) [schema]\ndigraph: 1 error in the input; fix the manifest first, nothing else was checked\n",
                "\(arguments): \(result.stdout)")
            #expect(!(result.stdout + result.stderr).contains("secret_token"))
        }
        try FileManager.default.removeItem(at: root.appendingPathComponent("link.yaml"))
        #expect(try CLIRunner.run(["check", "."], directory: root).stdout == "digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos\n")

        // Swift sources: the same for a linked `.swift` file.
        let sources = root.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try "import Swinject\nlet secret_token_for_prod = 1\n".write(to: outer.appendingPathComponent("Secret.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: sources.appendingPathComponent("Secret.swift").path, withDestinationPath: "../../Secret.swift")
        try Self.fine.write(to: sources.appendingPathComponent("Fine.swift"), atomically: true, encoding: .utf8)
        let swift = try CLIRunner.run(["import", "Sources", "-o", "-"], directory: root)
        #expect(swift.status == 2)
        #expect(
            swift.stderr.contains("Sources/Secret.swift:1:1: error: cannot read Sources/Secret.swift: it \(linkProblem) [swift-import]\n"), "\(swift.stderr)")
        #expect(!(swift.stdout + swift.stderr).contains("secret_token"))
    }

    /// Two messages that said what was found, not what was wrong nor what to do.
    @Test func messagesSayWhatIsWrongAndWhatToDo() throws {
        let (outer, root) = try Self.repositoryBesideASecret()
        defer { try? FileManager.default.removeItem(at: outer) }
        for (configuration, expected) in [
            (
                "manifests: [m.yaml]\nimport:\n  containers:\n    registerLazy: [singleton]\n",
                ".digraph.yml:4:19: error: 'import.containers.registerLazy' is a list, but it must be one word saying what the method does (eager, transient, singleton, resolve, resolve-optional); write, for example, `registerLazy: singleton` [schema]\n"
            ),
            (
                "manifests: [m.yaml]\nrender:\n  output: .\n",
                ".digraph.yml:3:11: error: 'render.output' '.' is the folder that holds .digraph.yml itself, not a file in it; name a file inside that folder, such as 'graph.svg' [schema]\n"
            ),
        ] {
            try configuration.write(to: root.appendingPathComponent(".digraph.yml"), atomically: true, encoding: .utf8)
            let result = try CLIRunner.run(["check"], directory: root)
            #expect(result.status == 2)
            #expect(result.stderr == root.path + "/" + expected + Self.unusable(root), "\(result.stderr)")
        }
    }

    /// Found by the fuzz stage's new names: the json and sarif formats wrote a file name's U+202E
    /// (which reorders a terminal's or a CI log's line) raw; they now write `\u202e`, the same string
    /// to a JSON reader.
    @Test func jsonAndSARIFEscapeMarksThatReorderOrHideText() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "a\u{202E}b\u{200D}c.yaml"
        try "version: 1\nregistrations:\n  - provides: A\n    dependencies:\n      b: B\n".write(
            to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        for format in ["json", "sarif"] {
            let result = try CLIRunner.run(["check", name, "--format", format], directory: folder)
            #expect(result.status == 1)
            #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200D}" }, "\(format)")
            // SARIF gives the file as a URI, percent-encoded.
            let written = format == "json" ? #""a\u202eb\u200dc.yaml""# : #""a%E2%80%AEb%E2%80%8Dc.yaml""#
            #expect(result.stdout.contains(written), "\(format): \(result.stdout.prefix(600))")
        }
    }

    /// Found by the fuzz stage (seed 3): `render --dot -o -` wrote a Swift name's `##[error]x`, quoted
    /// in a tooltip's warning, raw to standard output, where a CI log runs it as a command.
    @Test func dotOnStandardOutputIsInertInACILog() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "import Swinject\nfunc assemble(c: Container) {\n    c.register(A.self, name: \"##[error]x\") { _ in A() }\n}\n".write(
            to: folder.appendingPathComponent("Wiring.swift"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["render", ".", "--dot", "-o", "-"], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.isInert(result.stdout + result.stderr), "\(result.stdout)")
        #expect(result.stdout.contains("the name '#&#35;[error]x' is not a Swift identifier"), "\(result.stdout)")
    }
}
