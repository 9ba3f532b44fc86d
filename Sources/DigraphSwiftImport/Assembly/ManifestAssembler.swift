import DigraphCore
import SwiftSyntax

/// Turns what the dialects read into one manifest: types parsed into keys, runtime arguments typed
/// from the closures or the initializers, protocols declared as interfaces.
struct ManifestAssembler {
    let declarations: TypeDeclarations
    let assembly: String
    /// `// digraph:ignore` comments, by the line they apply to.
    var ignores = IgnoreComments(files: [])
    /// What a person fills in where the sources do not say; a valid type, so the manifest loads.
    static let placeholder = TypeReference.placeholder

    func manifest(from found: [RegistrationFinder.Found], resolves: [RegistrationFinder.AppResolve])
        -> (Manifest, [Diagnostic], [DigraphCore.SourceLocation: [String]])
    {
        let (manifest, work) = assembled(found, resolves: resolves)
        return (manifest, work.findings + work.ignores.untaken(), work.notes)
    }

    /// The manifest of one app among several (its own registrations and resolves, and those it
    /// shares), to be checked on its own: its findings were said with the whole manifest's.
    func manifest(ofApp found: [RegistrationFinder.Found], resolves: [RegistrationFinder.AppResolve]) -> Manifest {
        assembled(found, resolves: resolves).0
    }

    /// The manifest of a container that is not the app's (a preview's, one built from other
    /// assemblies), to be checked on its own: the `// digraph:ignore` comments on its lines are
    /// used up here, so that the app's manifest does not call them unused. Its import findings were
    /// said when its calls were read.
    /// `resolves`: the app code's resolves made on that container, its roots.
    /// Also what reading its registrations found (a value it cannot record…), which the app's
    /// manifest, without them, does not say.
    mutating func manifest(ofOtherContainer found: [RegistrationFinder.Found], resolves: [RegistrationFinder.AppResolve] = []) -> (Manifest, [Diagnostic]) {
        let (manifest, work) = assembled(found, resolves: resolves)
        ignores = work.ignores
        return (manifest, work.findings)
    }

    /// The keys of registrations left out of every graph, as a manifest; their ignore comments stay
    /// as the app's manifest leaves them.
    func manifest(ofLeftOut found: [RegistrationFinder.Found]) -> Manifest {
        assembled(found, resolves: []).0
    }

    /// One manifest from registrations and direct resolves, with what assembling it kept.
    private func assembled(_ found: [RegistrationFinder.Found], resolves: [RegistrationFinder.AppResolve]) -> (Manifest, Work) {
        var work = Work(declarations: declarations, ignores: ignores, assembly: assembly)
        let found = found.map(keptAsWritten)
        work.shortLived = Set(found.filter { [.graph, .transient].contains($0.lifetime) }.flatMap { one in one.keys.map { Work.key($0.type, one.name) } })
        let registrations = found.map { work.registration($0) }
        let direct = work.resolves(resolves, registrations: registrations)
        let manifest = Manifest(
            file: assembly, assembly: Located(assembly, at: .start(of: assembly)),
            interfaces: work.interfaces(), registrations: registrations, resolves: direct, typealiases: work.typealiases(registrations))
        return (manifest, work)
    }

    /// A struct or an enum registered in a scope its library keeps no value in is made anew on
    /// every resolve: transient, with a note (TahaMahmoud/iWorld's `.shared` structs, read as weak,
    /// were captive holders they cannot be).
    private func keptAsWritten(_ found: RegistrationFinder.Found) -> RegistrationFinder.Found {
        guard found.scopesAValueLoses.contains(found.lifetime), let built = found.reading.implementation,
            let kind = declarations.declaration(of: built)?.kind, [.struct, .enum].contains(kind)
        else { return found }
        var found = found
        found.reading.notes.append(
            "lifetime transient: it is registered \(found.lifetime.rawValue), but '\(built)' is \(kind == .struct ? "a struct" : "an enum"), a value, and the container keeps no \(found.lifetime.rawValue) instance of a value: each resolve makes a new one"
        )
        found.lifetime = .transient
        return found
    }

    /// What assembling one manifest keeps as it goes: findings, notes, the types it used.
    private struct Work {
        let declarations: TypeDeclarations
        var ignores: IgnoreComments
        let assembly: String
        var findings: [Diagnostic] = []
        var notes: [DigraphCore.SourceLocation: [String]] = [:]
        var usedTypes: [TypeReference] = []
        var reportedNames = Set<String>()
        /// The keys (and names) registered graph or transient: what a longer-lived value can hold captive.
        var shortLived = Set<String>()

        static func key(_ type: String, _ name: String?) -> String { type + "\u{0}" + (name ?? "") }

        init(declarations: TypeDeclarations, ignores: IgnoreComments, assembly: String) {
            self.declarations = declarations
            self.ignores = ignores
            self.assembly = assembly
        }

        mutating func reference(_ text: String, at location: DigraphCore.SourceLocation, _ subject: String) -> TypeReference {
            do {
                // Swift lets a type span lines (`(stream: …,\n continuation: …)`): white space there is one space.
                let oneLine = text.contains(where: { $0.isNewline || $0 == "\t" }) ? SwiftExpressions.oneLine(text) : text
                let spelled = declarations.nestedNames.qualifying(oneLine, at: location)
                let parsed = declarations.spellingModules(try TypeExpressionParser.parse(spelled), in: location.file)
                return TypeReference(declarations.droppingLibraryModules(parsed), at: location)
            } catch {
                findings.append(
                    Diagnostic(
                        .swiftImport, .warning,
                        "'\(subject)': `\(SwiftExpressions.quoted(text, limit: 80))` is not a type digraph can read (\(error.message)); '\(placeholder)' stands in for it",
                        at: location))
                return TypeReference(.nominal([.init(placeholder)]), at: location)
            }
        }

        /// A name from Swift reaches generated code, pictures and logs: it must be what a manifest's
        /// name must be, a Swift identifier. Anything else is written as one (other characters → `_`),
        /// the same for registrations and resolves, with a warning.
        mutating func validName(_ raw: String?, at location: DigraphCore.SourceLocation) -> String? {
            guard let raw else { return nil }
            if raw.count <= 100, TypeExpressionParser.isIdentifierShaped(raw) || TypeExpressionParser.isQualifiedName(raw) { return raw }
            var name = Self.identifierCharacters(raw)
            if name.isEmpty || name.first!.isNumber { name = "_" + name }
            if reportedNames.insert(raw).inserted {
                findings.append(
                    Diagnostic(
                        .swiftImport, .warning,
                        "the name '\(PrintableText.escape(String(raw.prefix(60))))' is not a Swift identifier, which a manifest's name must be; it is written '\(name)'",
                        at: location))
            }
            return name
        }

        /// The first 100 scalars of a name with every one that is no ASCII letter, digit or `_` made
        /// `_`, one by one: a zero-width joiner is one scalar, never a character that swallows the
        /// letter before it (`b` + U+200D is one `Character`).
        static func identifierCharacters(_ raw: String) -> String {
            var result = String.UnicodeScalarView()
            for scalar in raw.unicodeScalars.prefix(100) {
                let fits = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
                result.append(fits ? scalar : "_")
            }
            return String(result)
        }

        /// A label read from Swift as a manifest must write it: a runtime argument's label is an
        /// identifier and no keyword, a parameter label any identifier but `inout`, `var` and `let`.
        /// A raw identifier (`` `my arg` ``) or a keyword argument (`` `default` ``) is written as one
        /// (other characters → `_`, a keyword gains a `_`), the same at every use, with one warning.
        mutating func manifestLabel(_ raw: String, isArgument: Bool, at location: DigraphCore.SourceLocation) -> String {
            var text = raw
            if text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") { text = String(text.dropFirst().dropLast()) }
            let keywords: Set<String> = isArgument ? [] : ["inout", "var", "let"]
            let fits = isArgument ? TypeExpressionParser.isIdentifier(text) : TypeExpressionParser.isIdentifierShaped(text) && !keywords.contains(text)
            if fits, text.count <= 100 { return text }
            var label = Self.identifierCharacters(text)
            if label.isEmpty || label.first!.isNumber { label = "_" + label }
            if !(isArgument ? TypeExpressionParser.isIdentifier(label) : TypeExpressionParser.isIdentifierShaped(label) && !keywords.contains(label)) {
                label += "_"
            }
            if reportedNames.insert("label " + raw).inserted {
                findings.append(
                    Diagnostic(
                        .swiftImport, .warning,
                        "\(isArgument ? "the runtime argument" : "the parameter label") '\(SwiftExpressions.quoted(raw, limit: 60))' is not a plain Swift identifier, which a manifest's \(isArgument ? "argument label" : "parameter label") must be; it is written '\(label)'",
                        at: location))
            }
            return label
        }

        // MARK: Registrations

        mutating func registration(_ given: RegistrationFinder.Found) -> Registration {
            var registration = given
            registration.name = validName(registration.name, at: registration.location)
            var reading = registration.reading
            let subject = Registration.displayName(key: registration.keys[0].type, name: registration.name)
            // What the factory did not let digraph read is about the registration, wherever it is printed.
            findings += reading.findings.map { finding in
                var finding = finding
                if finding.subject == nil { finding.subject = .declared(at: registration.location) }
                return finding
            }
            let (keys, answersSpecializations) = specializedKeys(registration.keys, reading: &reading)
            let provides = keys.map { reference($0.type, at: $0.location, subject) }
            usedTypes += provides
            let dependencies = reading.dependencies.map { dependency($0, of: registration, subject) }
            let properties = reading.properties.map { dependency($0, of: registration, subject) }
            let arguments = self.arguments(of: registration, reading: reading, subject)
            let needsImplementation = reading.aliasOf == nil && !reading.isSupplied
            var implementation = reading.implementation.map { reference($0, at: registration.location, subject) }
            if needsImplementation, implementation == nil {
                implementation = unwrittenImplementation(of: registration, reading: reading, provides: provides, subject)
            }
            let alias = reading.aliasOf.map { reference($0.type, at: $0.location, subject) }
            let declarations = self.declarations
            let module =
                implementation.flatMap { declarations.declaration(of: $0.writtenSpelling)?.module }
                ?? provides.lazy.compactMap { declarations.declaration(of: $0.writtenSpelling)?.module ?? declarations.module(ofAlias: $0.writtenSpelling) }
                .first
            let provision: Registration.Provision =
                if reading.isSupplied {
                    .supplied
                } else if let alias {
                    .alias(of: alias, name: reading.aliasOf?.name.map { Located($0, at: reading.aliasOf!.location) })
                } else {
                    .built(implementation: implementation)
                }
            let deferred =
                registration.runsLater
                ?? registration.call.flatMap {
                    SwiftExpressions.deferringClosure(around: Syntax($0), runsAtOnce: declarations.runsClosuresAtOnce)
                }
            if let deferred {
                notes[registration.location, default: []].append(
                    "registered in \(deferred), which runs later than the code around it: its order against other registrations is not known")
            }
            let built = Registration(
                provides: provides, provision: provision, lifetime: registration.lifetime,
                name: registration.name.map { Located($0, at: registration.location) },
                module: module.map { Located($0, at: registration.location) },
                factory: reading.factory.map { Located($0, at: registration.location) },
                isolation: reading.isolation.map { reference($0, at: registration.location, subject) },
                dependencies: dependencies, properties: properties, arguments: needsImplementation ? arguments : [],
                suppressions: suppressions(of: registration, reading: reading),
                isEager: registration.isEager, answersSpecializations: answersSpecializations, isDeferred: deferred != nil,
                isNameUnread: registration.nameIsUnread,
                location: registration.location, assembly: assembly)
            if !reading.notes.isEmpty { notes[registration.location, default: []] += reading.notes }
            if answersSpecializations {
                notes[registration.location, default: []].append(
                    "Swift infers \(keys[0].type)'s generic arguments from the factory: checked from Swift, uses of its specializations find it; write them out here to keep that in this manifest"
                )
            }
            return built
        }

        /// `register(SearchViewModel.self) { SearchViewModel<RunLoop>(…) }`: Swift infers the generic
        /// arguments from the factory. Written out when the construction says them; otherwise the
        /// key answers uses of its specializations.
        private func specializedKeys(_ given: [(type: String, location: DigraphCore.SourceLocation)], reading: inout ClosureReading)
            -> (keys: [(type: String, location: DigraphCore.SourceLocation)], answersSpecializations: Bool)
        {
            var keys = given
            guard keys.count == 1, !keys[0].type.contains("<"), declarations.declaration(of: keys[0].type)?.isGeneric == true else { return (keys, false) }
            if let built = reading.implementation, built.hasPrefix(keys[0].type + "<") {
                keys[0].type = built
            } else if reading.implementation == keys[0].type, let labels = reading.constructionLabels,
                let specialized = declarations.specialization(of: keys[0].type, calledWith: labels)
            {
                keys[0].type = specialized
                reading.implementation = specialized
            } else {
                return (keys, true)
            }
            return (keys, false)
        }

        private mutating func dependency(_ item: ClosureReading.Item, of registration: RegistrationFinder.Found, _ subject: String) -> Dependency {
            let label = Located(manifestLabel(item.label, isArgument: false, at: item.location), at: item.location)
            switch item.source {
            case .argument(let name):
                return Dependency(
                    label: label, source: .argument(Located(manifestLabel(name, isArgument: true, at: registration.location), at: item.location)))
            case .service(let type, let written, let isLazy, let isOptional, let passing):
                let name = validName(written, at: item.location)
                var resolved = reference(type, at: item.location, subject)
                // An optional resolve of `T` depends on `T?`: the flag wraps the parsed type.
                if isOptional, !resolved.expression.isOptional, resolved.key != placeholder {
                    resolved = TypeReference(.optional(resolved.expression), at: item.location)
                }
                usedTypes.append(resolved)
                // A comment on the registration's own line covers it whole; one on an argument's line, that edge.
                // digraph's own captive suppression only where it suppresses something: a manifest
                // read back says of every suppression that suppresses nothing that it is unused.
                let canBeCaptive = [.singleton, .weak].contains(registration.lifetime) && shortLived.contains(Self.key(type, written))
                let implied = item.suppressions.filter { !($0.isImplied && $0.code.value == .captiveDependency && !canBeCaptive) }
                let suppressions = (item.location.line == registration.location.line ? [] : ignores.take(at: item.location)) + implied
                return Dependency(
                    label: label,
                    source: .service(
                        resolved, name: name, isLazy: isLazy,
                        passing: passing.map { Located(manifestLabel($0, isArgument: true, at: registration.location), at: item.location) }),
                    suppressions: suppressions, isEager: item.eager != nil, whenMissing: item.eager, unreadArguments: item.unreadArguments)
            }
        }

        /// Runtime arguments: typed in the closure, else by the initializer parameter they feed.
        private mutating func arguments(of registration: RegistrationFinder.Found, reading: ClosureReading, _ subject: String) -> [Argument] {
            var arguments: [Argument] = []
            for name in registration.argumentNames {
                var type = registration.argumentTypes[name]
                if type == nil, let implementation = reading.implementation,
                    let feeding = reading.dependencies.first(where: { if case .argument(name) = $0.source { true } else { false } }),
                    let initializers = declarations.initializers(of: implementation)
                {
                    type = initializers.lazy.compactMap { $0.first { $0.label == feeding.label }?.type }.first
                }
                if type == nil {
                    findings.append(
                        Diagnostic(
                            .swiftImport, .warning,
                            "'\(subject)': the type of runtime argument '\(name)' is not written in the closure and no declared initializer says it; write `\(name): Type` in the closure or fill in '\(placeholder)'",
                            at: registration.location))
                }
                let label = manifestLabel(name, isArgument: true, at: registration.location)
                let recorded = (reading.dependencies + reading.properties).contains { item in
                    switch item.source {
                    case .argument(let used): used == name
                    case .service(_, _, _, _, let passing): passing.contains(name)
                    }
                }
                let usedByCode = !recorded && reading.argumentsNamed.contains(name)
                if usedByCode {
                    notes[registration.location, default: []].append(
                        "runtime argument '\(label)' is used by the factory's own code in a way this manifest does not record")
                }
                arguments.append(
                    Argument(
                        label: Located(label, at: registration.location), type: reference(type ?? placeholder, at: registration.location, subject),
                        isUsedByFactoryCode: usedByCode))
            }
            return arguments
        }

        /// What it builds when the factory does not say: the key itself for `.init(…)`, else a placeholder to fill in.
        private mutating func unwrittenImplementation(
            of registration: RegistrationFinder.Found, reading: ClosureReading, provides: [TypeReference], _ subject: String
        ) -> TypeReference? {
            // A concrete key, generic ones included (`GeneralApi<Machine>.self, object: .init()`).
            if !reading.isUnread, let only = provides.first, provides.count == 1, case .nominal = only.expression,
                !declarations.isProtocol(only.writtenSpelling)
            {
                return only
            }
            guard !reading.isMadeByObject || provides.count > 1 || provides[0].expression.plainName == nil else { return nil }
            // Said once: by the reading's own warning, or its info that the product is read in full.
            if !reading.isReadInFull, !reading.findings.contains(where: { $0.severity == .warning }) {
                let message =
                    reading.isMadeByObject
                    ? "'\(subject)': it is made by a method of another registration's value (its `_factory` dependency), so no type it builds is written; fill in '\(placeholder)'"
                    : "'\(subject)': which type it builds is not written in the factory; fill in '\(placeholder)'"
                findings.append(Diagnostic(.swiftImport, .warning, message, at: registration.location))
            }
            return TypeReference(.nominal([.init(placeholder)]), at: registration.location)
        }

        /// A comment on the line of something the factory did not let digraph read covers that
        /// finding: the registration holds it (one comment, one entry, wherever else it applies).
        private mutating func suppressions(of registration: RegistrationFinder.Found, reading: ClosureReading) -> [Suppression] {
            var suppressions = ignores.take(at: registration.location)
            for finding in reading.findings where finding.location.line != registration.location.line {
                for suppression in ignores.take(at: finding.location) where !suppressions.contains(suppression) { suppressions.append(suppression) }
            }
            return suppressions
        }

        // MARK: Resolves and declarations

        mutating func resolves(_ resolves: [RegistrationFinder.AppResolve], registrations: [Registration]) -> [DirectResolve] {
            // A string-named registry's resolve names no type: it is the type registered under that name.
            var typeByName: [String: String] = [:]
            for registration in registrations {
                if let name = registration.name?.value, typeByName[name] == nil { typeByName[name] = registration.provides[0].writtenSpelling }
            }
            var direct: [DirectResolve] = []
            for var use in resolves {
                use.name = validName(use.name, at: use.location)
                guard let type = use.type ?? use.name.flatMap({ typeByName[$0] }) ?? use.castType else {
                    findings.append(
                        Diagnostic(
                            .swiftImport, .warning,
                            "a resolve of the name '\(use.name ?? "?")' names no type and nothing is registered under that name; it is left out",
                            at: use.location))
                    continue
                }
                var resolved = reference(type, at: use.location, "resolve")
                // App code resolving into an optional (`T?`, `T!`) asks for the wrapped key.
                if resolved.expression.isOptional { resolved = TypeReference(resolved.expression.unwrapped, at: use.location) }
                usedTypes.append(resolved)
                let passed = use.arguments.map { written in written.flatMap { try? TypeExpressionParser.parse($0) }.map { TypeReference($0, at: use.location) }
                }
                direct.append(
                    DirectResolve(
                        type: resolved, name: use.name.map { Located($0, at: use.location) }, suppressions: ignores.take(at: use.location),
                        arguments: use.compilerChecksArguments ? nil : passed,
                        isolation: use.isolation.map { reference($0, at: use.location, "resolve") }, atLaunch: use.atLaunch))
            }
            return direct
        }

        /// Keys the sources declare as protocols: generated code then needs no guessing.
        func interfaces() -> [InterfaceDeclaration] {
            var interfaces: [InterfaceDeclaration] = []
            var seen = Set<String>()
            for type in usedTypes {
                let unwrapped = type.expression.unwrapped.normalized()
                let spelling = unwrapped.spelling
                guard unwrapped.plainName != nil || spelling.contains("."), declarations.isProtocol(spelling), seen.insert(spelling).inserted else { continue }
                let module = declarations.declaration(of: spelling)?.module
                interfaces.append(
                    InterfaceDeclaration(type: TypeReference(unwrapped, at: type.location), module: module.map { Located($0, at: type.location) }, composes: [])
                )
            }
            return interfaces.sorted { $0.type.key < $1.type.key }
        }

        /// Typealiases the manifest's types use, so that `check` compares them as the compiler does.
        func typealiases(_ registrations: [Registration]) -> [TypeAliasDeclaration] {
            var names = Set<String>()
            for type in usedTypes + registrations.flatMap({ $0.arguments.map(\.type) }) {
                type.expression.visitAll { nested in
                    // `Root.ViewModel.Impl.Model.Interface` uses the alias `Root.ViewModel.Impl.Model` too.
                    if case .nominal(let components) = nested {
                        for length in 1...components.count { names.insert(components.prefix(length).map(\.name).joined(separator: ".")) }
                    }
                }
            }
            let location = DigraphCore.SourceLocation.start(of: assembly)
            return declarations.typealiases.keys.sorted().filter(names.contains).compactMap { name -> TypeAliasDeclaration? in
                guard let alias = try? TypeExpressionParser.parse(name), let target = try? TypeExpressionParser.parse(declarations.typealiases[name]!) else {
                    return nil
                }
                return TypeAliasDeclaration(name: TypeReference(alias, at: location), type: TypeReference(target, at: location))
            }
        }
    }
}

private let placeholder = ManifestAssembler.placeholder
