/// Writes a `Manifest` back out as YAML (with comments) or JSON, in the contract's field order.
/// Used by `digraph import`; what it writes loads back into the same manifest.
public struct ManifestWriter {
    public enum Format: String, Sendable, CaseIterable {
        case yaml, json
    }

    /// Comment lines written above the document (YAML only).
    public var header: [String] = []
    /// Comment lines written above a registration (YAML only): its origin, what was not understood.
    public var comments: (Registration) -> [String] = { _ in [] }
    /// Comment lines written above a direct resolve (YAML only).
    public var resolveComments: (DirectResolve) -> [String] = { _ in [] }

    public init() {}

    public func write(_ manifest: Manifest, as format: Format) -> String {
        let document = Self.document(of: manifest)
        switch format {
        case .yaml: return yaml(document, manifest: manifest)
        case .json: return Self.json(document, indent: "") + "\n"
        }
    }

    // MARK: The document, format-neutral

    /// A manifest as ordered fields; `Value.comments` carry YAML comments.
    indirect enum Value {
        case scalar(String, quoted: Bool)
        case bool(Bool)
        case number(Int)
        case list([Value])
        case map([(String, Value)])
        case commented(Value, origin: Any)
    }

    static func document(of manifest: Manifest) -> [(String, Value)] {
        var fields: [(String, Value)] = [("version", .number(1)), ("assembly", .scalar(manifest.assembly.value, quoted: false))]
        if let container = manifest.container { fields.append(("container", .scalar(container.value, quoted: false))) }
        if !manifest.imports.isEmpty { fields.append(("imports", .list(manifest.imports.map { .scalar($0.value, quoted: false) }))) }
        if let modules = manifest.modules {
            fields.append(
                (
                    "modules",
                    .map(
                        modules.map { module in
                            (
                                module.name.value,
                                .map(module.dependsOn.isEmpty ? [] : [("dependsOn", .list(module.dependsOn.map { .scalar($0.value, quoted: false) }))])
                            )
                        })
                ))
        }
        if !manifest.interfaces.isEmpty {
            fields.append(
                (
                    "interfaces",
                    .map(
                        manifest.interfaces.map { interface in
                            var entry: [(String, Value)] = []
                            if let module = interface.module { entry.append(("module", .scalar(module.value, quoted: false))) }
                            if !interface.composes.isEmpty { entry.append(("composes", .list(interface.composes.map(type)))) }
                            return (interface.type.writtenSpelling, .map(entry))
                        })
                ))
        }
        if !manifest.typealiases.isEmpty {
            fields.append(("typealiases", .map(manifest.typealiases.map { ($0.name.writtenSpelling, type($0.type)) })))
        }
        if !manifest.external.isEmpty { fields.append(("external", .list(manifest.external.map(type)))) }
        let argumentCounts = argumentCounts(of: manifest)
        fields.append(("registrations", .list(manifest.registrations.map { .commented(registration($0, argumentCounts: argumentCounts), origin: $0) })))
        if !manifest.resolves.isEmpty {
            fields.append(
                (
                    "resolves",
                    .list(
                        manifest.resolves.map { use in
                            var entry: [(String, Value)] = [("type", type(use.type))]
                            if let name = use.name { entry.append(("name", .scalar(name.value, quoted: false))) }
                            if let arguments = use.arguments, !arguments.isEmpty {
                                entry.append(("arguments", .list(arguments.map { $0.map(type) ?? .scalar("_", quoted: false) })))
                            }
                            if let isolation = use.isolation { entry.append(("isolation", type(isolation))) }
                            if use.atLaunch { entry.append(("launch", .bool(true))) }
                            return .commented(entry.count == 1 ? type(use.type) : .map(entry), origin: use)
                        })
                ))
        }
        return fields
    }

    private static func type(_ reference: TypeReference) -> Value {
        .scalar(reference.writtenSpelling, quoted: false)
    }

    /// The runtime arguments each key (and name) takes, where every registration of it agrees.
    private static func argumentCounts(of manifest: Manifest) -> [String: Int] {
        var counts: [String: Int] = [:]
        var disagreeing: Set<String> = []
        for registration in manifest.registrations {
            for key in registration.provides {
                let entry = registrationKey(key, name: registration.name?.value)
                if let count = counts[entry], count != registration.arguments.count { disagreeing.insert(entry) }
                counts[entry] = registration.arguments.count
            }
        }
        for entry in disagreeing { counts[entry] = nil }
        return counts
    }

    private static func registrationKey(_ type: TypeReference, name: String?) -> String {
        name.map { "\(type.key) (name: \($0))" } ?? type.key
    }

    private static func registration(_ registration: Registration, argumentCounts: [String: Int]) -> Value {
        var fields: [(String, Value)] = []
        fields.append(("provides", registration.provides.count == 1 ? type(registration.provides[0]) : .list(registration.provides.map(type))))
        let impliedImplementation =
            registration.provides.count == 1 && registration.provides[0].expression.plainName != nil
            && registration.implementation?.writtenSpelling == registration.provides[0].writtenSpelling
        if let implementation = registration.implementation, !impliedImplementation {
            fields.append(("implementation", type(implementation)))
        }
        // An eager registration is a singleton by definition: `eager: true` says both.
        if registration.lifetime != .transient, !((registration.isSupplied || registration.isEager) && registration.lifetime == .singleton) {
            fields.append(("lifetime", .scalar(registration.lifetime.rawValue, quoted: false)))
        }
        if let name = registration.name { fields.append(("name", .scalar(name.value, quoted: false))) }
        if let module = registration.module { fields.append(("module", .scalar(module.value, quoted: false))) }
        if let factory = registration.factory { fields.append(("factory", .scalar(factory.value, quoted: false))) }
        if registration.isRoot { fields.append(("root", .bool(true))) }
        if let isolation = registration.isolation { fields.append(("isolation", type(isolation))) }
        if let alias = registration.aliasOf {
            if let name = registration.aliasName {
                fields.append(("aliasOf", .map([("type", type(alias)), ("name", .scalar(name.value, quoted: false))])))
            } else {
                fields.append(("aliasOf", type(alias)))
            }
        }
        if registration.isSupplied { fields.append(("supplied", .bool(true))) }
        if registration.isEager { fields.append(("eager", .bool(true))) }
        if !registration.suppressions.isEmpty { fields.append(("suppress", suppressions(registration.suppressions))) }
        let eager = registration.isEager
        if !registration.dependencies.isEmpty {
            fields.append(("dependencies", .map(registration.dependencies.map { dependency($0, impliedEager: eager, argumentCounts: argumentCounts) })))
        }
        if !registration.properties.isEmpty {
            fields.append(("properties", .map(registration.properties.map { dependency($0, impliedEager: eager, argumentCounts: argumentCounts) })))
        }
        if !registration.arguments.isEmpty {
            fields.append(("arguments", .map(registration.arguments.map { ($0.label.value, type($0.type)) })))
        }
        return .map(fields)
    }

    /// `impliedEager`: the registration says `eager: true`, which covers every edge.
    private static func dependency(_ dependency: Dependency, impliedEager: Bool, argumentCounts: [String: Int]) -> (String, Value) {
        switch dependency.source {
        case .argument(let label):
            return (dependency.label.value, .map([("argument", .scalar(label.value, quoted: false))]))
        case .service(let service, let name, let isLazy, let passing):
            let eager = dependency.isEager && !impliedEager
            let suppressions = dependency.suppressions + unreadArgumentsSuppression(dependency, argumentCounts: argumentCounts)
            guard name != nil || isLazy || eager || !passing.isEmpty || !suppressions.isEmpty else { return (dependency.label.value, type(service)) }
            var fields: [(String, Value)] = [("type", type(service))]
            if let name { fields.append(("name", .scalar(name, quoted: false))) }
            if isLazy { fields.append(("lazy", .bool(true))) }
            if eager { fields.append(("eager", .bool(true))) }
            if !passing.isEmpty { fields.append(("arguments", .list(passing.map { .scalar($0.value, quoted: false) }))) }
            if !suppressions.isEmpty { fields.append(("suppress", Self.suppressions(suppressions))) }
            return (dependency.label.value, .map(fields))
        }
    }

    /// A dependency passing values a manifest cannot hold (`r.resolve(K.self, argument: false)`)
    /// keeps their count in memory only (`unreadArguments`): written out, it would pass too few, and
    /// a check of the manifest would raise an `argument-mismatch` the Swift does not have. Where the
    /// count read from the Swift is right, the edge says so with a suppression and its reason; where
    /// it is wrong, nothing is added, and the manifest's check reports it as the Swift's does.
    private static func unreadArgumentsSuppression(_ dependency: Dependency, argumentCounts: [String: Int]) -> [Suppression] {
        guard dependency.unreadArguments > 0, case .service(let service, let name, false, let passing) = dependency.source,
            !dependency.suppressions.contains(where: { $0.code.value == .argumentMismatch }),
            // An optional resolve (`r.resolve(Logic.self, argument: view as LoginView)`, no `!`) is of the key it unwraps.
            argumentCounts[name.map { "\(service.lookupKey) (name: \($0))" } ?? service.lookupKey] == passing.count + dependency.unreadArguments
        else { return [] }
        let values = dependency.unreadArguments == 1 ? "1 runtime argument" : "\(dependency.unreadArguments) runtime arguments"
        return [
            Suppression(
                code: Located(.argumentMismatch, at: dependency.label.location),
                reason: "it also passes \(values) a manifest cannot hold; digraph checked their count in the Swift")
        ]
    }

    /// `[captive-dependency]`, or `[{ code: captive-dependency, reason: "…" }]` when a reason is given.
    private static func suppressions(_ suppressions: [Suppression]) -> Value {
        .list(
            suppressions.map { suppression in
                guard let reason = suppression.reason else { return .scalar(suppression.code.value.rawValue, quoted: false) }
                return .map([("code", .scalar(suppression.code.value.rawValue, quoted: false)), ("reason", .scalar(reason, quoted: true))])
            })
    }

    // MARK: YAML

    private func yaml(_ document: [(String, Value)], manifest: Manifest) -> String {
        var out = ""
        for line in header { out += "# \(Self.commentSafe(line))\n" }
        for (key, value) in document {
            if key == "registrations" || key == "resolves" { out += "\n" }
            Self.writeField(key, value, indent: "", into: &out, comments: commentLines)
        }
        return out
    }

    private func commentLines(for origin: Any) -> [String] {
        switch origin {
        case let registration as Registration: comments(registration)
        case let use as DirectResolve: resolveComments(use)
        default: []
        }
    }

    private static func writeField(_ key: String, _ value: Value, indent: String, into out: inout String, comments: (Any) -> [String]) {
        let key = yamlScalar(key)
        switch value {
        case .map(let fields) where fields.isEmpty: out += "\(indent)\(key): {}\n"
        case .list(let items) where items.isEmpty: out += "\(indent)\(key): []\n"
        case .map(let fields) where isFlowable(fields) && !blockSections.contains(key):
            out += "\(indent)\(key): { " + fields.map { "\(yamlScalar($0.0)): \(inline($0.1))" }.joined(separator: ", ") + " }\n"
        case .map(let fields):
            out += "\(indent)\(key):\n"
            for (inner, value) in fields { writeField(inner, value, indent: indent + "  ", into: &out, comments: comments) }
        case .list(let items) where items.allSatisfy(isInline) && key != "registrations" && key != "resolves":
            out += "\(indent)\(key): [" + items.map(inline).joined(separator: ", ") + "]\n"
        case .list(let items):
            out += "\(indent)\(key):\n"
            for item in items { writeItem(item, indent: indent + "  ", into: &out, comments: comments) }
        default:
            out += "\(indent)\(key): \(inline(value))\n"
        }
    }

    private static func writeItem(_ item: Value, indent: String, into out: inout String, comments: (Any) -> [String]) {
        switch item {
        case .commented(let inner, let origin):
            for line in comments(origin) { out += "\(indent)# \(commentSafe(line))\n" }
            writeItem(inner, indent: indent, into: &out, comments: comments)
        case .map(let fields) where !fields.isEmpty && !isFlowable(fields):
            var first = true
            for (key, value) in fields {
                var line = ""
                writeField(key, value, indent: indent + "  ", into: &line, comments: comments)
                if first {
                    line = indent + "- " + line.dropFirst(indent.count + 2)
                    first = false
                }
                out += line
            }
        default:
            out += "\(indent)- \(inline(item))\n"
        }
    }

    /// Sections a reader scans line by line, whatever their size.
    private static let blockSections: Set<String> = ["dependencies", "properties", "arguments", "modules", "interfaces", "typealiases"]

    /// Small mappings of scalars read best on one line: `{ type: Router, lazy: true }`.
    private static func isFlowable(_ fields: [(String, Value)]) -> Bool {
        fields.count <= 4 && fields.allSatisfy { isInline($0.1) } && fields.first?.0 != "provides"
    }

    private static func isInline(_ value: Value) -> Bool {
        switch value {
        case .scalar, .bool, .number: true
        case .list(let items): items.allSatisfy { if case .scalar = $0 { true } else { false } }
        default: false
        }
    }

    private static func inline(_ value: Value) -> String {
        switch value {
        case .scalar(let text, _): yamlScalar(text)
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): String(number)
        case .list(let items): "[" + items.map(inline).joined(separator: ", ") + "]"
        case .map(let fields): "{ " + fields.map { "\(yamlScalar($0.0)): \(inline($0.1))" }.joined(separator: ", ") + " }"
        case .commented(let inner, _): inline(inner)
        }
    }

    /// Words YAML reads as something other than a string when written plain.
    public static let plainWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "y", "n"]

    /// A plain scalar when it is a dotted identifier YAML cannot read as anything else, else double-quoted.
    static func yamlScalar(_ text: String) -> String {
        let plain =
            !text.isEmpty && !plainWords.contains(text.lowercased())
            && text.unicodeScalars.first.map { $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) } == true
            && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == ".") }
        return plain ? text : jsonString(text)
    }

    /// A comment stays one line whatever a file name holds.
    /// A comment line stays one line and shows what it says: control characters, line separators,
    /// bidirectional controls and invisible characters become visible `\u{…}` escapes.
    static func commentSafe(_ text: String) -> String {
        PrintableText.inertInLog(PrintableText.escape(text))
    }

    // MARK: JSON

    private static func json(_ fields: [(String, Value)], indent: String) -> String {
        json(.map(fields), indent: indent)
    }

    private static func json(_ value: Value, indent: String) -> String {
        let inner = indent + "  "
        switch value {
        case .scalar(let text, _): return jsonString(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return String(number)
        case .commented(let value, _): return json(value, indent: indent)
        case .list(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + json($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .map(let fields):
            if fields.isEmpty { return "{}" }
            return "{\n" + fields.map { "\(inner)\(jsonString($0.0)): \(json($0.1, indent: inner))" }.joined(separator: ",\n") + "\n\(indent)}"
        }
    }
}

/// A JSON string literal, also a valid YAML double-quoted scalar: quotes, backslashes, every
/// control character (C0, DEL, C1, the line and paragraph separators) and the bidirectional and
/// invisible marks `PrintableText` shows escaped, and `##[` written `#\u0023[` (no CI command).
public func jsonString(_ text: String) -> String {
    // Most text is plain printable ASCII, which needs no escape: the same bytes, without asking
    // each scalar's Unicode properties (a 100,000-key report spent a third of its time there).
    if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }), !text.contains("##[") {
        return "\"" + text + "\""
    }
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            // Controls, and the marks that reorder or hide text (U+202E, U+200D…) that a terminal or a
            // CI log would apply: written as escapes, the same value to a JSON or YAML reader. Only
            // in the Basic Multilingual Plane: YAML's `\u` takes no surrogate halves.
            if PrintableText.isUnprintable(scalar), scalar.value <= 0xFFFF {
                let digits = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    // `##[` anywhere in a line is the GitHub runner's legacy command form: the same value, inert.
    if out.contains("##[") { out = out.replacing("##[", with: "#\\u0023[") }
    return out + "\""
}
