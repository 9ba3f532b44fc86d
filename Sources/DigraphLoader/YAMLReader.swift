import DigraphCore
import Yams

/// Reads a YAML document through libyaml (Yams' `compose`, which gives 1-based marks) into a
/// `DocumentNode`, rejecting what a manifest never needs and an attacker could abuse.
public enum YAMLReader {
    /// Reads one YAML document. The text must already be valid UTF-8 (see `ManifestLoader`).
    public static func read(_ text: String, file: String) throws(DocumentError) -> DocumentNode {
        if let deep = deepFlowNesting(in: text) {
            throw DocumentError("the document nests deeper than \(DocumentLimits.maximumDepth) levels; a manifest needs only a few",
                                at: SourceLocation(file: file, line: deep.line, column: deep.column))
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw documentError(from: error, file: file)
        } catch {
            throw DocumentError("invalid YAML: \(error)", at: .start(of: file))
        }
        guard let root else {
            throw DocumentError("the file is empty; a manifest starts with `version: 1` and lists `registrations:`", at: .start(of: file))
        }
        var converter = Converter(file: file)
        return try converter.convert(root, depth: 0)
    }

    /// libyaml's composer recurses once per level of nesting. Flow collections (`[[[[…`) nest
    /// cheaply, so bound them before libyaml and Yams see them. Block nesting costs indentation,
    /// and the converter bounds it.
    private static func deepFlowNesting(in text: String) -> (line: Int, column: Int)? {
        var depth = 0
        var line = 1
        var column = 0
        var quote: Unicode.Scalar?
        var inComment = false
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            column += 1
            defer { previous = scalar }
            if scalar == "\n" {
                line += 1
                column = 0
                inComment = false
                continue
            }
            if inComment { continue }
            if let open = quote {
                if scalar == open { quote = nil }
                continue
            }
            switch scalar {
            case "#" where previous == " " || previous == "\t" || column == 1: inComment = true
            case "\"", "'": if previous == " " || previous == "[" || previous == "{" || previous == "," || previous == ":" || column == 1 { quote = scalar }
            case "[", "{":
                depth += 1
                if depth > DocumentLimits.maximumDepth { return (line, column) }
            case "]", "}": depth = max(0, depth - 1)
            default: break
            }
        }
        return nil
    }

    private static func documentError(from error: YamlError, file: String) -> DocumentError {
        func located(_ problem: String, _ mark: Mark, _ context: YamlError.Context?) -> DocumentError {
            var message = "invalid YAML: " + problem
            if let context { message += " (" + context.text + ")" }
            return DocumentError(message, at: SourceLocation(file: file, line: mark.line, column: mark.column))
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            return located(problem, mark, context)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return DocumentError("duplicate key \(keys) in the same mapping; remove or rename one",
                                 at: SourceLocation(file: file, line: context.mark.line, column: context.mark.column))
        case .reader(let problem, let offset, _, let yaml):
            var location = SourceLocation.start(of: file)
            if let offset {
                let prefix = yaml.prefix(offset)
                location.line = prefix.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                location.column = (prefix.lastIndex(of: "\n").map { prefix[prefix.index(after: $0)...] } ?? prefix[...]).unicodeScalars.count + 1
            }
            return DocumentError("invalid YAML: " + problem, at: location)
        default:
            return DocumentError("invalid YAML: \(error)", at: .start(of: file))
        }
    }

    private struct Converter {
        let file: String
        /// Start marks of the collections seen so far. Yams hands back an alias as the very node it
        /// names, so a collection met twice at the same mark is an alias: the seed of an alias bomb.
        var seenCollections = Set<CollectionMark>()

        struct CollectionMark: Hashable {
            var line: Int
            var column: Int
            var isMapping: Bool
        }

        init(file: String) { self.file = file }

        func location(of node: Node) -> SourceLocation {
            SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        }

        mutating func convert(_ node: Node, depth: Int) throws(DocumentError) -> DocumentNode {
            let location = location(of: node)
            guard depth < DocumentLimits.maximumDepth else {
                throw DocumentError("the document nests deeper than \(DocumentLimits.maximumDepth) levels; a manifest needs only a few", at: location)
            }
            switch node {
            case .scalar(let scalar):
                return DocumentNode(.scalar(Self.resolve(scalar)), at: location)
            case .alias:
                throw aliasError(at: location)
            case .mapping(let mapping):
                try noteCollection(at: location, isMapping: true)
                var entries: [DocumentNode.Entry] = []
                for (key, value) in mapping {
                    guard case .scalar(let keyScalar) = key else {
                        throw DocumentError("a mapping key must be a plain name, not \(key.mapping != nil ? "a mapping" : "a list")", at: self.location(of: key))
                    }
                    entries.append(.init(key: Located(keyScalar.string, at: self.location(of: key)), value: try convert(value, depth: depth + 1)))
                }
                return DocumentNode(.mapping(entries), at: location)
            case .sequence(let sequence):
                try noteCollection(at: location, isMapping: false)
                var elements: [DocumentNode] = []
                for element in sequence { elements.append(try convert(element, depth: depth + 1)) }
                return DocumentNode(.sequence(elements), at: location)
            }
        }

        private mutating func noteCollection(at location: SourceLocation, isMapping: Bool) throws(DocumentError) {
            guard seenCollections.insert(CollectionMark(line: location.line, column: location.column, isMapping: isMapping)).inserted else {
                throw aliasError(at: location)
            }
        }

        private func aliasError(at location: SourceLocation) -> DocumentError {
            DocumentError("YAML anchors and aliases (&name, *name) are not supported in manifests: the anchored value here is reused; write it out where it is needed", at: location)
        }

        /// YAML 1.2 core schema for plain scalars; quoted and block scalars are always strings.
        static func resolve(_ scalar: Node.Scalar) -> DocumentNode.Scalar {
            let text = scalar.string
            guard scalar.style == .plain || scalar.style == .any else { return .string(text) }
            switch text {
            case "", "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: break
            }
            if isNumber(text) { return .number(text) }
            return .string(text)
        }

        private static func isNumber(_ text: String) -> Bool {
            var body = Substring(text)
            if body.first == "-" || body.first == "+" { body = body.dropFirst() }
            guard let first = body.first, first.isASCII, first.isNumber || first == "." else { return false }
            return body.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "-" || $0 == "+") }
        }
    }
}
