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
        (
            "version: 1\nbase: &base { provides: A }\nregistrations: []\n",
            "2:7: error: YAML anchors (&name) are not supported in manifests; write the value out where it is needed [schema]"
        ),
        (
            "version: 1\nregistrations:\n  - provides: A\n  - *base\n",
            "4:5: error: YAML aliases (*name) are not supported in manifests; write the value out where it is needed [schema]"
        ),
        (
            "version: 1\nregistrations:\n  - !custom { provides: A }\n",
            "3:5: error: YAML tags are not supported in manifests (found '!custom'); only !!str is allowed [schema]"
        ),
        (
            "version: 1\nregistrations: []\nversion: 1\n",
            "3:1: error: duplicate key 'version' in the same mapping; remove or rename one [schema]\n  1:1: note: 'version' first appears here"
        ),
        (
            "version: 1\nregistrations: []\n---\nversion: 1\n",
            "3:1: error: a manifest is one YAML document, but a second one starts here; split it into two files [schema]"
        ),
        (
            "version: 1\nregistrations: [\n",
            "3:1: error: invalid YAML: did not find expected node content (while parsing a flow node) [schema]"
        ),
        (
            "version: 1\n? [a, b]\n: c\nregistrations: []\n",
            "2:3: error: a mapping key must be a plain name, not a list [schema]"
        ),
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
        (
            #"{"version": 1, "registrations": [], "version": 1}"#,
            "1:37: error: duplicate key 'version' in the same object [schema]\n  1:2: note: 'version' first appears here"
        ),
        (
            #"{"version": 1, "registrations": [],}"#,
            "1:35: error: invalid JSON: a trailing comma before '}'; JSON allows none after the last element: remove this ',' [schema]"
        ),
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
        #expect(
            errors("\u{FEFF}version: 1\nregistrations:\n  - provides: A\n    lifetime: forever\n")
                == ["4:15: error: unknown lifetime 'forever'; use one of transient, singleton, weak, graph (container = singleton) [schema]"])
    }
}

/// A JSON list over a megabyte is read in slices side by side (`JSONReader.readListInSlices`): it must
/// give exactly what the one-piece reader gives, every value at the same line and column, and
/// report a problem exactly where the one-piece reader does. The one-piece reading to compare with
/// is the same text one level deeper (`[[ … ]]`, the second bracket where the other has a space): only lists at the top of a
/// document are sliced.
struct SlicedJSONTests {
    /// Two lines per element, elements starting mid-line after the one before, with what could fool
    /// a scan for element boundaries: brackets, braces, commas and escaped quotes inside strings,
    /// letters outside ASCII (a column counts each as one), a nested list and a number.
    static func element(_ index: Int, bad: Bool = false) -> String {
        #"{"provides": "Sérvice\#(index)", "note": "a ] b } c , d \" e \\", "#
            + "\n"
            + #"  "dependencies": {"x": ["[", "{", 1.5e3]}, "ünïcode": "ök\#(bad ? #"\q"# : "")"}"#
    }

    static func documents(_ elements: [String], trailingComma: Bool = false) -> (sliced: String, onePiece: String) {
        let body = elements.joined(separator: ", ") + (trailingComma ? ", " : "")
        // A space stands for the second bracket, so that every value has the same column in both.
        return ("{\n\"registrations\": [ " + body + "\n]}\n", "{\n\"registrations\": [[" + body + "\n]]}\n")
    }

    /// Every value as `line:column kind`, in document order.
    static func dump(_ node: DocumentNode, into lines: inout [String]) {
        let place = "\(node.location.line):\(node.location.column)"
        switch node.kind {
        case .scalar(let scalar): lines.append("\(place) \(scalar)")
        case .sequence(let elements):
            lines.append("\(place) [\(elements.count)]")
            for element in elements { dump(element, into: &lines) }
        case .mapping(let entries):
            lines.append("\(place) {\(entries.count)}")
            for entry in entries {
                lines.append("\(entry.key.location.line):\(entry.key.location.column) key \(entry.key.value)")
                dump(entry.value, into: &lines)
            }
        }
    }

    static func parse(_ text: String) throws(DocumentError) -> DocumentNode {
        try ManifestLoader.parseDocument(bytes: Array(text.utf8), file: "big.json")
    }

    static func registrations(_ node: DocumentNode, nested: Bool) -> [DocumentNode] {
        guard case .mapping(let entries) = node.kind, case .sequence(let outer) = entries[0].value.kind else { return [] }
        guard nested else { return outer }
        guard case .sequence(let inner) = outer[0].kind else { return [] }
        return inner
    }

    static func error(_ text: String) -> DocumentError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func aBigListReadsAsTheOnePieceReaderReadsIt() throws {
        let count = 12_000
        let texts = Self.documents((0..<count).map { Self.element($0) })
        #expect(texts.sliced.utf8.count > 1 << 20, "big enough to be read in slices")
        let sliced = Self.registrations(try Self.parse(texts.sliced), nested: false)
        let onePiece = Self.registrations(try Self.parse(texts.onePiece), nested: true)
        #expect(sliced.count == count && onePiece.count == count)
        var expected: [String] = [], actual: [String] = []
        for element in onePiece { Self.dump(element, into: &expected) }
        for element in sliced { Self.dump(element, into: &actual) }
        #expect(actual.count == expected.count)
        let firstDifference = actual.indices.first { $0 < expected.count && actual[$0] != expected[$0] }
        #expect(firstDifference == nil, "\(firstDifference.map { "\(actual[$0]) against \(expected[$0])" } ?? "")")
        #expect(actual.last == "\(2 + count):56 string(\"ök\")", "the last element's last value, on the last line")
    }

    @Test func aProblemInALaterSliceIsReportedWhereTheOnePieceReaderReportsIt() throws {
        let count = 12_000
        // Bad escapes in the second and third slices: the first one in the file is the one reported.
        let bad = Self.documents((0..<count).map { Self.element($0, bad: $0 == 5_000 || $0 == 9_000) })
        let expected = try #require(Self.error(bad.onePiece))
        #expect(expected.message == "invalid JSON: unknown escape sequence '\\q'")
        #expect(expected.location.line == 3 + 5_000)
        #expect(Self.error(bad.sliced) == expected)
        // A trailing comma after the last element of a big list.
        let trailing = Self.documents((0..<count).map { Self.element($0) }, trailingComma: true)
        let comma = try #require(Self.error(trailing.onePiece))
        #expect(comma.message == "invalid JSON: a trailing comma before ']'; JSON allows none after the last element: remove this ','")
        #expect(Self.error(trailing.sliced) == comma)
    }
}
