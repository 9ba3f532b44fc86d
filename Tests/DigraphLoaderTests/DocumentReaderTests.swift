import DigraphCore
import DigraphLoader
import DigraphRules
import Testing

/// What the readers refuse, and exactly where they say it is.
struct DocumentReaderTests {
    private func errors(_ text: String, file: String = "m.yaml") -> [String] {
        ManifestLoader.load(text: text, file: file).diagnostics.map(RuleExample.render)
    }

    @Test(arguments: [
        ("version: 1\nbase: &base { provides: A }\nregistrations: []\n",
         "2:7: error: YAML anchors (&name) are not supported in manifests; write the value out where it is needed [schema]"),
        ("version: 1\nregistrations:\n  - provides: A\n  - *base\n",
         "4:5: error: YAML aliases (*name) are not supported in manifests; write the value out where it is needed [schema]"),
        ("version: 1\nregistrations:\n  - !custom { provides: A }\n",
         "3:5: error: YAML tags are not supported in manifests (found '!custom'); only !!str is allowed [schema]"),
        ("version: 1\nregistrations: []\nversion: 1\n",
         "3:1: error: duplicate key 'version' in the same mapping; remove or rename one [schema]\n  1:1: note: 'version' first appears here"),
        ("version: 1\nregistrations: []\n---\nversion: 1\n",
         "3:1: error: a manifest is one YAML document, but a second one starts here; split it into two files [schema]"),
        ("version: 1\nregistrations: [\n",
         "3:1: error: invalid YAML: did not find expected node content (while parsing a flow node) [schema]"),
        ("version: 1\n? [a, b]\n: c\nregistrations: []\n",
         "2:3: error: a mapping key must be a plain name, not a list [schema]"),
    ])
    func yamlRefusals(_ text: String, expected: String) {
        #expect(errors(text) == [expected])
    }

    @Test func aliasIsRefusedWhereItIsUsed() {
        // The anchor is refused first; without it the alias is undefined. Either way nothing expands.
        let bomb = "version: 1\na: &a [x, x]\nb: [*a, *a]\nregistrations: []\n"
        #expect(errors(bomb) == ["2:4: error: YAML anchors (&name) are not supported in manifests; write the value out where it is needed [schema]"])
    }

    @Test func stringTagAndQuotedScalarsAreStrings() throws {
        let result = ManifestLoader.load(text: "version: 1\nregistrations:\n  - provides: !!str Yes\n  - provides: 'Null'\n")
        let graph = try #require(result.graph)
        #expect(graph.registrations.map(\.provides[0].key) == ["Yes", "Null"])
    }

    @Test(arguments: [
        (#"{"version": 1, "registrations": [], "version": 1}"#,
         "1:37: error: duplicate key 'version' in the same object [schema]\n  1:2: note: 'version' first appears here"),
        (#"{"version": 1, "registrations": [],}"#, "1:35: error: invalid JSON: a trailing comma before '}'; JSON allows none after the last element: remove this ',' [schema]"),
        (#"{"version": 01, "registrations": []}"#, "1:14: error: invalid JSON: a number may not have a leading zero [schema]"),
        (#"{"version": 1, "registrations": ["\q"]}"#, "1:35: error: invalid JSON: unknown escape sequence '\\q' [schema]"),
        ("{\"version\": 1, \"registrations\": [\"a\tb\"]}", "1:36: error: invalid JSON: a control character (U+0009) must be escaped inside a string [schema]"),
        (#"{"version": 1, "registrations": [tru]}"#, "1:34: error: invalid JSON: unexpected ']'; expected 'true' [schema]"),
        ("\u{FEFF}{\"version\": 1, \"registrations\": 5}", "1:33: error: 'registrations' must be a list, found a number [schema]"),
    ])
    func jsonRefusals(_ text: String, expected: String) {
        #expect(errors(text, file: "m.json") == [expected])
    }
}

extension DocumentReaderTests {
    /// A UTF-8 byte order mark is read past in YAML as in JSON (it was refused in YAML).
    @Test func aByteOrderMarkIsReadInBothFormats() {
        #expect(errors("\u{FEFF}version: 1\nregistrations: []\n") == [])
        #expect(errors("\u{FEFF}{ \"version\": 1, \"registrations\": [] }", file: "m.json") == [])
        // Locations after it are unchanged.
        #expect(errors("\u{FEFF}version: 1\nregistrations:\n  - provides: A\n    lifetime: forever\n")
                == ["4:15: error: unknown lifetime 'forever'; use one of transient, singleton, weak, graph (container = singleton) [schema]"])
    }
}
