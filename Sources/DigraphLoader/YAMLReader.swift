import CYaml
import DigraphCore

/// Reads a YAML document with libyaml's event parser (the C library Yams bundles) straight into
/// a `DocumentNode`, without building an intermediate tree.
///
/// Working on events lets the reader refuse what a manifest never needs, exactly where it is
/// written: anchors and aliases (the seed of an alias bomb), tags, a second document, nesting
/// deeper than `DocumentLimits.maximumDepth`, duplicate keys. It is also several times faster
/// than composing a `Yams.Node` tree and converting it.
public enum YAMLReader {
    /// Reads one YAML document. The bytes must already be valid UTF-8 (see `ManifestLoader`).
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(DocumentError) -> DocumentNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw DocumentError("cannot start the YAML parser (out of memory)", at: .start(of: file))
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        // A UTF-8 byte order mark (editors on Windows write one) is not part of the document.
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        yaml_parser_set_input_string(&parser, bytes.baseAddress.map { $0 + start }, bytes.count - start)

        var builder = Builder(file: file)
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw parseError(parser, file: file)
            }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT { break }
            try builder.consume(event)
        }
        guard let root = builder.root else {
            throw DocumentError("the file is empty; a manifest starts with `version: 1` and lists `registrations:`", at: .start(of: file))
        }
        return root
    }

    private static func parseError(_ parser: yaml_parser_t, file: String) -> DocumentError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        let mark = parser.problem_mark
        // libyaml's own limit, in its own words ("set with yaml_set_max_nest_level()"): said ours.
        if problem.hasPrefix("Maximum nesting level reached") {
            return DocumentError(
                "the document nests deeper than \(DocumentLimits.maximumDepth) levels; a manifest needs only a few",
                at: SourceLocation(file: file, line: mark.line + 1, column: mark.column + 1))
        }
        var message = "invalid YAML: " + problem
        if let context = parser.context {
            message += " (" + String(cString: context) + ")"
        }
        return DocumentError(message, at: SourceLocation(file: file, line: mark.line + 1, column: mark.column + 1))
    }

    /// Assembles nodes from events with an explicit stack: no recursion, however deep the input.
    private struct Builder {
        struct Frame {
            var isMapping: Bool
            var location: SourceLocation
            var elements: [DocumentNode] = []
            var entries: [DocumentNode.Entry] = []
            var pendingKey: Located<String>?
            var keyLocations: [String: SourceLocation] = [:]
        }

        let file: String
        var stack: [Frame] = []
        var root: DocumentNode?
        var documents = 0

        init(file: String) { self.file = file }

        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(file: file, line: mark.line + 1, column: mark.column + 1)
        }

        var values = 0

        mutating func consume(_ event: yaml_event_t) throws(DocumentError) {
            let here = location(event.start_mark)
            if event.type == YAML_SCALAR_EVENT || event.type == YAML_SEQUENCE_START_EVENT || event.type == YAML_MAPPING_START_EVENT {
                values += 1
                guard values <= DocumentLimits.maximumValues else { throw DocumentLimits.tooMany(at: here) }
            }
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                guard documents == 1 else {
                    throw DocumentError("a manifest is one YAML document, but a second one starts here; split it into two files", at: here)
                }
            case YAML_ALIAS_EVENT:
                throw DocumentError("YAML aliases (*name) are not supported in manifests; write the value out where it is needed", at: here)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                try refuse(anchor: scalar.anchor, tag: scalar.tag, allowingStringTag: true, at: here)
                let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
                let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE && scalar.tag == nil
                try deliver(DocumentNode(.scalar(isPlain ? Self.resolvePlain(text) : .string(text)), at: here), rawKey: text)
            case YAML_SEQUENCE_START_EVENT:
                try refuse(anchor: event.data.sequence_start.anchor, tag: event.data.sequence_start.tag, allowingStringTag: false, at: here)
                try push(Frame(isMapping: false, location: here))
            case YAML_MAPPING_START_EVENT:
                try refuse(anchor: event.data.mapping_start.anchor, tag: event.data.mapping_start.tag, allowingStringTag: false, at: here)
                try push(Frame(isMapping: true, location: here))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let frame = stack.removeLast()
                let node =
                    frame.isMapping
                    ? DocumentNode(.mapping(frame.entries), at: frame.location)
                    : DocumentNode(.sequence(frame.elements), at: frame.location)
                try deliver(node, rawKey: nil)
            default:
                break
            }
        }

        private mutating func push(_ frame: Frame) throws(DocumentError) {
            guard stack.count < DocumentLimits.maximumDepth else {
                throw DocumentError("the document nests deeper than \(DocumentLimits.maximumDepth) levels; a manifest needs only a few", at: frame.location)
            }
            stack.append(frame)
        }

        private mutating func deliver(_ node: DocumentNode, rawKey: String?) throws(DocumentError) {
            guard !stack.isEmpty else {
                root = node
                return
            }
            let top = stack.count - 1
            guard stack[top].isMapping else {
                stack[top].elements.append(node)
                return
            }
            if let key = stack[top].pendingKey {
                stack[top].entries.append(.init(key: key, value: node))
                stack[top].pendingKey = nil
                return
            }
            guard let rawKey else {
                throw DocumentError("a mapping key must be a plain name, not \(node.kindDescription)", at: node.location)
            }
            if let earlier = stack[top].keyLocations[rawKey] {
                throw DocumentError(
                    "duplicate key \(quoted(rawKey)) in the same mapping; remove or rename one", at: node.location,
                    notes: [Note("\(quoted(rawKey)) first appears here", at: earlier)])
            }
            stack[top].keyLocations[rawKey] = node.location
            stack[top].pendingKey = Located(rawKey, at: node.location)
        }

        private func refuse(
            anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?,
            allowingStringTag: Bool, at location: SourceLocation
        ) throws(DocumentError) {
            if anchor != nil {
                throw DocumentError("YAML anchors (&name) are not supported in manifests; write the value out where it is needed", at: location)
            }
            if let tag {
                let name = String(cString: tag)
                guard allowingStringTag, name == "tag:yaml.org,2002:str" else {
                    throw DocumentError("YAML tags are not supported in manifests (found \(quoted(name))); only !!str is allowed", at: location)
                }
            }
        }

        /// YAML 1.2 core schema for plain scalars; quoted and block scalars are always strings.
        static func resolvePlain(_ text: String) -> DocumentNode.Scalar {
            switch text {
            case "", "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: break
            }
            return isNumber(text) ? .number(text) : .string(text)
        }

        private static func isNumber(_ text: String) -> Bool {
            var body = Substring(text).utf8[...]
            if body.first == UInt8(ascii: "-") || body.first == UInt8(ascii: "+") { body = body.dropFirst() }
            guard let first = body.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: ".") else { return false }
            return body.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e")
                    || $0 == UInt8(ascii: "E") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+")
            }
        }
    }
}
