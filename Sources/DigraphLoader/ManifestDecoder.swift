import DigraphCore
import Foundation

/// Turns a located document into a `Manifest`, reporting every schema problem it finds (not just the
/// first) as a located `schema` diagnostic.
struct ManifestDecoder {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    static let topLevelFields = [
        "version", "assembly", "container", "imports", "modules", "interfaces", "external", "registrations", "resolves", "typealiases",
    ]
    static let registrationFields = [
        "provides", "implementation", "lifetime", "name", "module", "factory", "root",
        "isolation", "dependencies", "properties", "arguments", "aliasOf", "supplied", "suppress", "eager",
    ]
    static let dependencyFields = ["type", "name", "lazy", "eager", "arguments", "argument", "suppress"]
    static let resolveFields = ["type", "name", "arguments", "isolation", "launch"]

    init(file: String) { self.file = file }

    mutating func decode(_ root: DocumentNode) -> Manifest? {
        guard let entries = mapping(root, "the manifest") else { return nil }
        let fields = checkFields(entries, allowed: Self.topLevelFields, in: "the manifest")

        if let version = fields["version"] {
            checkVersion(version)
        } else {
            error("missing required field 'version'; add `version: 1` at the top of the file", at: root.location)
        }
        let assembly =
            fields["assembly"].flatMap { identifier($0, "'assembly'") }
            ?? Located(Manifest.defaultAssemblyName(for: file), at: .start(of: file))
        let container = fields["container"].flatMap { identifier($0, "'container'") }
        let imports = fields["imports"].map { list($0, "'imports'") { $0.identifier($1, "an import") } } ?? []
        let modules = fields["modules"].map { decodeModules($0) }
        let interfaces = fields["interfaces"].map { decodeInterfaces($0) } ?? []
        let external = fields["external"].map { list($0, "'external'") { $0.typeReference($1, "an external type") } } ?? []

        var registrations: [Registration] = []
        if let node = fields["registrations"] {
            registrations = decodeRegistrations(node, assembly: assembly.value)
        } else {
            error("missing required field 'registrations'; add `registrations: []` (it may be empty)", at: root.location)
        }
        let resolves = fields["resolves"].map { list($0, "'resolves'") { $0.decodeResolve($1) } } ?? []
        let typealiases = fields["typealiases"].map { decodeTypealiases($0) } ?? []
        return Manifest(
            file: file, assembly: assembly, container: container, imports: imports, modules: modules,
            interfaces: interfaces, external: external, registrations: registrations, resolves: resolves,
            typealiases: typealiases)
    }

    // MARK: Sections

    private mutating func checkVersion(_ node: DocumentNode) {
        guard case .scalar(let scalar) = node.kind, case .number(let text) = scalar else {
            error("'version' must be the number 1, found \(node.kindDescription)", at: node.location)
            return
        }
        if text != "1" {
            error("unsupported manifest version \(quoted(text)); this digraph reads version 1", at: node.location)
        }
    }

    private mutating func decodeModules(_ node: DocumentNode) -> [ModuleDeclaration] {
        guard let entries = mapping(node, "'modules'") else { return [] }
        return entries.compactMap { entry in
            guard let name = identifier(keyNode(entry), "a module name") else { return nil }
            guard let fields = mapping(entry.value, "module '\(name.value)'").map({ checkFields($0, allowed: ["dependsOn"], in: "module '\(name.value)'") })
            else {
                return nil
            }
            let dependsOn = fields["dependsOn"].map { list($0, "'dependsOn'") { $0.identifier($1, "a module name") } } ?? []
            return ModuleDeclaration(name: name, dependsOn: dependsOn)
        }
    }

    private mutating func decodeInterfaces(_ node: DocumentNode) -> [InterfaceDeclaration] {
        guard let entries = mapping(node, "'interfaces'") else { return [] }
        return entries.compactMap { entry in
            guard let type = typeReference(keyNode(entry), "an interface") else { return nil }
            guard
                let fields = mapping(entry.value, "interface '\(type.key)'").map({
                    checkFields($0, allowed: ["module", "composes"], in: "interface '\(type.key)'")
                })
            else {
                return nil
            }
            let module = fields["module"].flatMap { identifier($0, "'module'") }
            let composes = fields["composes"].map { list($0, "'composes'") { $0.typeReference($1, "a composed protocol") } } ?? []
            return InterfaceDeclaration(type: type, module: module, composes: composes)
        }
    }

    /// `typealiases: { Todo.ID: UUID }`: a (dotted) name → the type it stands for.
    private mutating func decodeTypealiases(_ node: DocumentNode) -> [TypeAliasDeclaration] {
        guard let entries = mapping(node, "'typealiases'") else { return [] }
        return entries.compactMap { entry in
            guard let name = typeReference(keyNode(entry), "a typealias name") else { return nil }
            guard case .nominal(let components) = name.expression, components.allSatisfy({ $0.genericArguments.isEmpty }) else {
                error("a typealias name is a plain or dotted type name (`Todo.ID`), not \(quoted(name.writtenSpelling))", at: name.location)
                return nil
            }
            return typeReference(entry.value, "typealias '\(name.writtenSpelling)'").map { TypeAliasDeclaration(name: name, type: $0) }
        }
    }

    /// `- Key` or `- { type: Key, name: n }`: a key app code resolves directly.
    private mutating func decodeResolve(_ node: DocumentNode) -> DirectResolve? {
        guard case .mapping(let entries) = node.kind else {
            return typeReference(node, "a resolved key").map { DirectResolve(type: $0) }
        }
        let fields = checkFields(entries, allowed: Self.resolveFields, in: "a resolved key")
        guard let typeNode = fields["type"] else {
            error("a resolved key needs 'type': the key app code resolves", at: node.location)
            return nil
        }
        let name = fields["name"].flatMap { qualifiedName($0) }
        // `arguments: [Int, _]`: the types the call passes, `_` for one not known.
        let arguments = fields["arguments"].map { node in
            list(node, "'arguments'") { decoder, item -> TypeReference?? in
                if case .scalar(.string("_")) = item.kind { return .some(nil) }
                return decoder.typeReference(item, "a passed argument").map { .some($0) }
            }
        }
        let isolation = fields["isolation"].flatMap { globalActor($0) }
        let atLaunch = fields["launch"].flatMap { bool($0, "'launch'") } ?? false
        return typeReference(typeNode, "a resolved key").map {
            DirectResolve(type: $0, name: name, arguments: arguments, isolation: isolation, atLaunch: atLaunch)
        }
    }

    /// Registrations are decoded one by one, so a big file's list is cut into slices decoded side by
    /// side; their registrations and problems join in file order, as one decoder would report them.
    private mutating func decodeRegistrations(_ node: DocumentNode, assembly: String) -> [Registration] {
        let slice = 4096
        guard case .sequence(let elements) = node.kind, elements.count > slice else {
            return list(node, "'registrations'") { $0.decodeRegistration($1, assembly: assembly) }
        }
        let file = file
        let budget = ProblemBudget(slices: (elements.count + slice - 1) / slice)
        let decoded = Parallel.map(slicesOf: elements.count, size: slice) { range in
            var decoder = ManifestDecoder(file: file)
            decoder.recordLimit = budget.remaining(before: range.lowerBound / slice)
            let registrations = elements[range].compactMap { decoder.decodeRegistration($0, assembly: assembly) }
            budget.finished(range.lowerBound / slice, recorded: decoder.diagnostics.count)
            return (registrations, decoder)
        }
        var registrations: [Registration] = []
        registrations.reserveCapacity(elements.count)
        for (decodedSlice, decoder) in decoded {
            registrations += decodedSlice
            for diagnostic in decoder.diagnostics { record(diagnostic) }
            unrecorded += decoder.unrecorded
        }
        return registrations
    }

    /// What the slices of a big list may still keep: a file of a million bad entries must hold the
    /// problems it shows, not one slice's worth per slice. A slice keeps what the finished slices
    /// before it left of `maximumRecorded` (all of it while one of them is still running; the join
    /// drops the excess), so the first problems in file order are always kept.
    private final class ProblemBudget: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [Int?]
        /// Slices `0..<finishedPrefix` are done and kept `prefixRecorded` problems between them.
        private var finishedPrefix = 0
        private var prefixRecorded = 0

        init(slices: Int) { recorded = Array(repeating: nil, count: slices) }

        func remaining(before slice: Int) -> Int {
            lock.lock()
            defer { lock.unlock() }
            return finishedPrefix >= slice ? max(0, ManifestDecoder.maximumRecorded - prefixRecorded) : ManifestDecoder.maximumRecorded
        }

        func finished(_ slice: Int, recorded count: Int) {
            lock.lock()
            defer { lock.unlock() }
            recorded[slice] = count
            while finishedPrefix < recorded.count, let done = recorded[finishedPrefix] {
                prefixRecorded += done
                finishedPrefix += 1
            }
        }
    }

    private mutating func decodeRegistration(_ node: DocumentNode, assembly: String) -> Registration? {
        guard let entries = mapping(node, "a registration") else { return nil }
        let fields = checkFields(entries, allowed: Self.registrationFields, in: "a registration")
        let errorsBefore = problemCount

        var provides: [TypeReference] = []
        if let node = fields["provides"] {
            if case .sequence = node.kind {
                provides = list(node, "'provides'") { $0.typeReference($1, "'provides'") }
                if provides.isEmpty, problemCount == errorsBefore {
                    error("'provides' lists no type; name at least one key", at: node.location)
                }
            } else if let type = typeReference(node, "'provides'") {
                provides = [type]
            }
        } else {
            error("a registration needs 'provides': the key (type) it registers", at: node.location)
        }

        let (aliasOf, aliasName) = fields["aliasOf"].map { decodeAlias($0) } ?? (nil, nil)
        let isSupplied = fields["supplied"].flatMap { bool($0, "'supplied'") } ?? false
        let isEager = fields["eager"].flatMap { bool($0, "'eager'") } ?? false
        var implementation = fields["implementation"].flatMap { typeReference($0, "'implementation'") }
        let lifetime = fields["lifetime"].flatMap { decodeLifetime($0) }
        let name = fields["name"].flatMap { qualifiedName($0) }
        let module = fields["module"].flatMap { identifier($0, "'module'") }
        let factory = fields["factory"].flatMap { staticMember($0) }
        let isRoot = fields["root"].flatMap { bool($0, "'root'") } ?? false
        let isolation = fields["isolation"].flatMap { globalActor($0) }
        let arguments = fields["arguments"].map { decodeArguments($0) } ?? []
        let suppressions = fields["suppress"].map { decodeSuppressions($0) } ?? []
        let dependencies = fields["dependencies"].map { decodeDependencies($0, in: "'dependencies'") } ?? []
        let properties = fields["properties"].map { decodeDependencies($0, in: "'properties'") } ?? []
        for property in properties {
            if case .argument = property.source {
                error(
                    "property '\(property.label.value)' cannot be a runtime argument; properties are resolved from the container after construction (pass the argument as an initializer parameter in 'dependencies')",
                    at: property.location)
            }
            if property.isUnlabeled {
                error(
                    "a property needs a name: \(quoted(property.label.value)) starts with '_', which only an unlabeled initializer parameter may",
                    at: property.location)
            }
        }

        // What a forwarding or supplied registration may not have: nothing of it is constructed.
        for (kind, present) in [("aliasOf", aliasOf != nil), ("supplied", isSupplied)] where present {
            for field in ["implementation", "factory", "dependencies", "properties", "arguments"] + (kind == "supplied" ? ["aliasOf"] : []) {
                if let conflicting = fields[field] {
                    error(
                        kind == "aliasOf"
                            ? "an 'aliasOf' registration forwards to another key and builds nothing, so it cannot have '\(field)'"
                            : "a 'supplied' value is handed to the container and never built, so it cannot have '\(field)'",
                        at: conflicting.location)
                }
            }
        }
        if implementation == nil, aliasOf == nil, !isSupplied, provides.count == 1, provides[0].expression.plainName != nil {
            implementation = provides[0]
        }
        if implementation == nil, aliasOf == nil, !isSupplied, !provides.isEmpty, fields["implementation"] == nil {
            error(
                "a registration of \(quoted(provides.map(\.writtenSpelling).joined(separator: ", "))) needs 'implementation': the concrete type to build (it defaults to 'provides' only when that is one plain type name)",
                at: node.location)
        }
        if isSupplied, let stated = fields["lifetime"], let lifetime, lifetime != .singleton {
            error(
                "a 'supplied' value lives as long as the container: its lifetime can only be singleton (or container), not '\(lifetime.rawValue)'; remove 'lifetime' or say singleton",
                at: stated.location)
        }
        if isEager, let stated = fields["lifetime"], let lifetime, lifetime != .singleton {
            error(
                "an 'eager' registration is built once, when it is registered, and lives as long as the container: its lifetime can only be singleton (or container), not '\(lifetime.rawValue)'; remove 'lifetime' or 'eager'",
                at: stated.location)
        }
        for (kind, present) in [("aliasOf", aliasOf != nil), ("supplied", isSupplied)] where present && isEager {
            error("an '\(kind)' registration builds nothing, so it cannot be 'eager'", at: fields["eager"]!.location)
        }
        if isSupplied, provides.count > 1 {
            error("a 'supplied' value provides exactly one key", at: fields["provides"]!.location)
        }
        guard problemCount == errorsBefore else { return nil }
        let provision: Registration.Provision =
            if isSupplied { .supplied } else if let aliasOf { .alias(of: aliasOf, name: aliasName) } else { .built(implementation: implementation) }
        return Registration(
            provides: provides, provision: provision, lifetime: lifetime ?? .transient,
            name: name, module: module, factory: factory, isRoot: isRoot, isolation: isolation,
            dependencies: dependencies, properties: properties, arguments: arguments,
            suppressions: suppressions, isEager: isEager, location: node.location, assembly: assembly)
    }

    /// `suppress: [captive-dependency, { code: layer-violation, reason: "…" }]`.
    private mutating func decodeSuppressions(_ node: DocumentNode) -> [Suppression] {
        list(node, "'suppress'") { $0.decodeSuppression($1) }
    }

    private mutating func decodeSuppression(_ item: DocumentNode) -> Suppression? {
        var codeNode = item
        var reason: String?
        if case .mapping(let entries) = item.kind {
            let fields = checkFields(entries, allowed: ["code", "reason"], in: "a suppression")
            guard let code = fields["code"] else {
                error("a suppression needs 'code': the diagnostic code it silences", at: item.location)
                return nil
            }
            codeNode = code
            reason = fields["reason"].flatMap { string($0, "'reason'") }?.value
        }
        guard let text = string(codeNode, "a suppressed code") else { return nil }
        let code = DiagnosticCode(rawValue: text.value)
        guard DiagnosticCode.all.contains(code) else {
            error(
                "unknown code \(quoted(text.value)) in 'suppress'; the codes are: \(DiagnosticCode.all.filter { $0 != .schema }.map(\.rawValue).joined(separator: ", "))"
                    + didYouMean(text.value, in: DiagnosticCode.all.map(\.rawValue)), at: codeNode.location)
            return nil
        }
        guard code != .schema else {
            error("'schema' cannot be suppressed: nothing is checked in a file that is not a valid manifest", at: codeNode.location)
            return nil
        }
        return Suppression(code: Located(code, at: codeNode.location), reason: reason)
    }

    private mutating func decodeLifetime(_ node: DocumentNode) -> Lifetime? {
        guard let text = string(node, "'lifetime'") else { return nil }
        if text.value == "container" { return .singleton }
        if let lifetime = Lifetime(rawValue: text.value) { return lifetime }
        let choices = Lifetime.allCases.map(\.rawValue) + ["container"]
        error(
            "unknown lifetime \(quoted(text.value)); use one of transient, singleton, weak, graph (container = singleton)"
                + didYouMean(text.value, in: choices), at: node.location)
        return nil
    }

    private mutating func decodeArguments(_ node: DocumentNode) -> [Argument] {
        guard let entries = mapping(node, "'arguments'") else { return [] }
        return entries.compactMap { entry in
            guard let label = identifier(keyNode(entry), "an argument label"),
                let type = typeReference(entry.value, "argument '\(label.value)'")
            else { return nil }
            return Argument(label: label, type: type)
        }
    }

    private mutating func decodeDependencies(_ node: DocumentNode, in section: String) -> [Dependency] {
        guard let entries = mapping(node, section) else { return [] }
        return entries.compactMap { entry in
            guard let label = parameterLabel(entry.key) else { return nil }
            switch entry.value.kind {
            case .mapping(let fields):
                return decodeDependencyMapping(label: label, node: entry.value, entries: fields)
            default:
                guard let type = typeReference(entry.value, "dependency '\(label.value)'") else { return nil }
                return Dependency(label: label, source: .service(type, name: nil, isLazy: false, passing: []))
            }
        }
    }

    /// `aliasOf: T`, or `aliasOf: { type: T, name: n }` to forward to a named registration.
    private mutating func decodeAlias(_ node: DocumentNode) -> (TypeReference?, Located<String>?) {
        guard case .mapping(let entries) = node.kind else { return (typeReference(node, "'aliasOf'"), nil) }
        let fields = checkFields(entries, allowed: ["type", "name"], in: "'aliasOf'")
        guard let typeNode = fields["type"] else {
            error("'aliasOf' as a mapping needs 'type' (the key it forwards to) and may have 'name'", at: node.location)
            return (nil, nil)
        }
        return (typeReference(typeNode, "'aliasOf'"), fields["name"].flatMap { qualifiedName($0) })
    }

    private mutating func decodeDependencyMapping(label: Located<String>, node: DocumentNode, entries: [DocumentNode.Entry]) -> Dependency? {
        let context = "dependency '\(label.value)'"
        let fields = checkFields(entries, allowed: Self.dependencyFields, in: context)
        let suppressions = fields["suppress"].map { decodeSuppressions($0) } ?? []
        if let argument = fields["argument"] {
            for other in ["type", "name", "lazy", "eager", "arguments"] {
                if let extra = fields[other] {
                    error(
                        "\(context) is the runtime argument \(argument.scalarText.map(quoted) ?? "given"); it cannot also have '\(other)'", at: extra.location)
                }
            }
            return identifier(argument, "'argument'").map { Dependency(label: label, source: .argument($0), suppressions: suppressions) }
        }
        guard let typeNode = fields["type"] else {
            error("\(context) needs 'type' (the key to resolve) or 'argument' (a runtime argument's label)", at: node.location)
            return nil
        }
        guard let type = typeReference(typeNode, context) else { return nil }
        let name = fields["name"].flatMap { qualifiedName($0) }
        let isLazy = fields["lazy"].flatMap { bool($0, "'lazy'") } ?? false
        let isEager = fields["eager"].flatMap { bool($0, "'eager'") } ?? false
        if isLazy, isEager, let eager = fields["eager"] {
            error("\(context) cannot be both 'lazy' (resolved when it is first used) and 'eager' (resolved when its holder is registered)", at: eager.location)
        }
        let passing = fields["arguments"].map { list($0, "'arguments'") { $0.identifier($1, "an argument label") } } ?? []
        return Dependency(
            label: label, source: .service(type, name: name?.value, isLazy: isLazy, passing: passing), suppressions: suppressions,
            isEager: isEager)
    }

    /// A parameter label: an identifier, or one starting with `_` for an unlabeled parameter.
    private mutating func parameterLabel(_ key: Located<String>) -> Located<String>? {
        let text = key.value
        if text.hasPrefix("_"), text.dropFirst().allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }), text.count <= 100 {
            return key
        }
        // Swift accepts any keyword as an argument label except these three.
        guard TypeExpressionParser.isIdentifierShaped(text), text.count <= 100, !["inout", "var", "let"].contains(text) else {
            error(
                "\(quoted(text)) is not a valid parameter label; use a Swift identifier, or a name starting with '_' for an unlabeled parameter",
                at: key.location)
            return nil
        }
        return key
    }

    // MARK: Primitives

    /// Problems counted but not kept: a file of five million bad entries must not hold five million
    /// diagnostics to print two hundred of them.
    private(set) var unrecorded = 0
    /// How many problems are kept (more than are shown, so the ones shown are the earliest).
    static let maximumRecorded = ManifestLoader.maximumProblemsPerFile * 4

    /// Every problem found so far, kept or only counted.
    var problemCount: Int { diagnostics.count + unrecorded }

    private mutating func error(_ message: String, at location: SourceLocation, notes: [Note] = []) {
        record(.schema(message, at: location, notes: notes))
    }

    /// How many problems this decoder keeps; a slice keeps only what the slices before it left.
    private var recordLimit = Self.maximumRecorded

    private mutating func record(_ problem: Diagnostic) {
        guard diagnostics.count < min(recordLimit, Self.maximumRecorded) else {
            unrecorded += 1
            return
        }
        diagnostics.append(problem)
    }

    private func keyNode(_ entry: DocumentNode.Entry) -> DocumentNode {
        DocumentNode(.scalar(.string(entry.key.value)), at: entry.key.location)
    }

    private mutating func mapping(_ node: DocumentNode, _ what: String) -> [DocumentNode.Entry]? {
        if case .mapping(let entries) = node.kind { return entries }
        error("\(what) must be a mapping (`key: value` pairs), found \(node.kindDescription)", at: node.location)
        return nil
    }

    /// A mapping's fields by name. A mapping has a handful of them, so a scan (of short strings,
    /// compared inline) beats building a dictionary for each of the million mappings of a big file.
    struct Fields {
        let entries: [DocumentNode.Entry]
        subscript(_ name: String) -> DocumentNode? {
            entries.first { $0.key.value == name }?.value
        }
    }

    /// Reports unknown fields with a suggestion, and returns the mapping's fields by name (an unknown
    /// one is never looked up).
    private mutating func checkFields(_ entries: [DocumentNode.Entry], allowed: [String], in context: String) -> Fields {
        for entry in entries {
            if !allowed.contains(entry.key.value) {
                let suggestion = didYouMean(entry.key.value, in: allowed)
                error(
                    "unknown field \(quoted(entry.key.value)) in \(context)"
                        + (suggestion.isEmpty ? misplacedEntryHint(entry, among: entries, in: context) : suggestion)
                        + "; the fields are: " + allowed.joined(separator: ", "), at: entry.key.location)
            }
        }
        return Fields(entries: entries)
    }

    /// `clock: Clock` beside `dependencies:` in a registration is almost always a dependency that
    /// lost one level of indentation.
    private func misplacedEntryHint(_ entry: DocumentNode.Entry, among entries: [DocumentNode.Entry], in context: String) -> String {
        guard context == "a registration", case .scalar(.string(let value)) = entry.value.kind,
            TypeExpressionParser.isIdentifier(entry.key.value), (try? TypeExpressionParser.parse(value)) != nil
        else { return "" }
        let section = entries.first { ["dependencies", "properties"].contains($0.key.value) }?.key.value ?? "dependencies"
        return " — is it a parameter indented one level too far out? Parameters go under '\(section):'"
    }

    private func didYouMean(_ word: String, in candidates: [String]) -> String {
        let lowered = word.lowercased()
        let near = nearSpellings(of: word, in: candidates)
        let sharedStart = candidates.filter { $0.count >= 4 && lowered.hasPrefix(String($0.lowercased().prefix(4))) }
        guard let best = near.first ?? sharedStart.first else { return "" }
        return " (did you mean '\(best)'?)"
    }

    private mutating func list<T>(_ node: DocumentNode, _ what: String, _ element: (inout ManifestDecoder, DocumentNode) -> T?) -> [T] {
        guard case .sequence(let elements) = node.kind else {
            error("\(what) must be a list, found \(node.kindDescription)", at: node.location)
            return []
        }
        var result: [T] = []
        for node in elements {
            if let value = element(&self, node) { result.append(value) }
        }
        return result
    }

    private mutating func string(_ node: DocumentNode, _ what: String) -> Located<String>? {
        if case .scalar(.string(let text)) = node.kind { return Located(text, at: node.location) }
        error("\(what) must be a string, found \(node.kindDescription)", at: node.location)
        return nil
    }

    private mutating func bool(_ node: DocumentNode, _ what: String) -> Bool? {
        if case .scalar(.bool(let value)) = node.kind { return value }
        error("\(what) must be true or false, found \(node.kindDescription)", at: node.location)
        return nil
    }

    private mutating func globalActor(_ node: DocumentNode) -> TypeReference? {
        guard let type = typeReference(node, "'isolation'") else { return nil }
        guard case .nominal = type.expression else {
            error("'isolation' names a global actor such as `MainActor`, not \(quoted(type.writtenSpelling))", at: node.location)
            return nil
        }
        return type
    }

    /// A name qualifier: an identifier, or identifiers joined by dots (`Services.api`).
    private mutating func qualifiedName(_ node: DocumentNode) -> Located<String>? {
        guard let text = string(node, "'name'") else { return nil }
        guard TypeExpressionParser.isQualifiedName(text.value), text.value.count <= 200 else {
            error(
                "'name' \(quoted(text.value)) is not a valid name: a Swift identifier (letters, digits and '_', not starting with a digit, not a keyword), or identifiers joined by '.'",
                at: node.location)
            return nil
        }
        return text
    }

    private mutating func identifier(_ node: DocumentNode, _ what: String) -> Located<String>? {
        guard let text = string(node, what) else { return nil }
        guard TypeExpressionParser.isIdentifier(text.value), text.value.count <= 200 else {
            error(
                "\(what) \(quoted(text.value)) is not a valid Swift identifier (letters, digits and '_', not starting with a digit, not a keyword)",
                at: node.location)
            return nil
        }
        return text
    }

    /// A factory is called as `Implementation.member`, where Swift accepts keywords (`FileManager.default`)
    /// but `init`, `self`, `Type` and `Protocol` mean something else.
    private mutating func staticMember(_ node: DocumentNode) -> Located<String>? {
        guard let text = string(node, "'factory'") else { return nil }
        guard TypeExpressionParser.isIdentifierShaped(text.value), text.value.count <= 200,
            !["init", "self", "Type", "Protocol", "_"].contains(text.value)
        else {
            error(
                "'factory' \(quoted(text.value)) is not a static member Swift can call on the implementation: use one word of letters, digits and '_', not starting with a digit, other than init, self, Type and Protocol (omit 'factory' to call the initializer)",
                at: node.location)
            return nil
        }
        return text
    }

    private mutating func typeReference(_ node: DocumentNode, _ what: String) -> TypeReference? {
        guard case .scalar(.string(let text)) = node.kind else {
            error("\(what) must be a Swift type written as a string, found \(node.kindDescription)", at: node.location)
            return nil
        }
        do {
            return TypeReference(try TypeExpressionParser.parse(text), at: node.location)
        } catch {
            self.error("\(what) is not a valid Swift type: \(quoted(text)) \(error.message)", at: node.location)
            return nil
        }
    }
}

extension DocumentNode {
    var scalarText: String? {
        if case .scalar(.string(let text)) = kind { return text }
        return nil
    }
}

/// A manifest string as it may safely appear in a message: quoted, control characters escaped,
/// long values shortened (a 1 MB name must not flood the terminal).
func quoted(_ text: String) -> String {
    var result = "'"
    var count = 0
    for scalar in text.unicodeScalars {
        if count == 60 {
            result += "…"
            break
        }
        count += 1
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case "'": result += "\\'"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                result += "\\u{" + hex(scalar.value, width: 1) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "'"
}
