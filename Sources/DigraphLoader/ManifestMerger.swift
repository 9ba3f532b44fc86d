import DigraphCore

/// Merges the manifests of one command line into one graph. Identical redeclarations of modules,
/// interfaces, imports and externals merge; conflicting ones are `schema` errors naming both places.
struct ManifestMerger {
    private(set) var diagnostics: [Diagnostic] = []

    mutating func merge(_ manifests: [Manifest]) -> DependencyGraph {
        var modules: [String: ModuleDeclaration]?
        var interfaces: [String: InterfaceDeclaration] = [:]
        var assemblies: [String: Located<String>] = [:]
        var container: Located<String>?

        for manifest in manifests {
            if let earlier = assemblies[manifest.assembly.value] {
                conflict(
                    "assembly '\(manifest.assembly.value)' is declared by two files; each file is one assembly, give them different names",
                    at: manifest.assembly.location, earlier: earlier.location)
            } else {
                assemblies[manifest.assembly.value] = manifest.assembly
            }
            if let name = manifest.container {
                if let earlier = container, earlier.value != name.value {
                    conflict(
                        "the container is named '\(name.value)' here but '\(earlier.value)' in another file; name it once or the same everywhere",
                        at: name.location, earlier: earlier.location)
                } else if container == nil {
                    container = name
                }
            }
            for module in manifest.modules ?? [] {
                var merged = modules ?? [:]
                if let earlier = merged[module.name.value] {
                    if Set(earlier.dependsOn.map(\.value)) != Set(module.dependsOn.map(\.value)) {
                        conflict(
                            "module '\(module.name.value)' is redeclared with different dependsOn [\(module.dependsOn.map(\.value).joined(separator: ", "))]; the earlier declaration says [\(earlier.dependsOn.map(\.value).joined(separator: ", "))]",
                            at: module.name.location, earlier: earlier.name.location)
                    }
                } else {
                    merged[module.name.value] = module
                }
                modules = merged
            }
            if manifest.modules != nil, modules == nil { modules = [:] }
            for interface in manifest.interfaces {
                if let earlier = interfaces[interface.type.key] {
                    if earlier.module?.value != interface.module?.value || Set(earlier.composes.map(\.key)) != Set(interface.composes.map(\.key)) {
                        conflict(
                            "interface '\(interface.type.key)' is redeclared with a different module or composes; declare it once or identically",
                            at: interface.type.location, earlier: earlier.type.location)
                    }
                } else {
                    interfaces[interface.type.key] = interface
                }
            }
        }
        var aliases: [String: TypeAliasDeclaration] = [:]
        for declaration in manifests.flatMap(\.typealiases) {
            let name = declaration.name.writtenSpelling
            if let earlier = aliases[name] {
                if earlier.type.key != declaration.type.key {
                    conflict(
                        "typealias '\(name)' is redeclared as '\(declaration.type.writtenSpelling)'; the earlier declaration says '\(earlier.type.writtenSpelling)'",
                        at: declaration.name.location, earlier: earlier.name.location)
                }
            } else {
                aliases[name] = declaration
            }
        }
        var manifests = manifests
        if !aliases.isEmpty {
            let expansions = aliases.mapValues(\.type.expression)
            manifests = manifests.map { TypeAliasExpansion(aliases: expansions).apply(to: $0) }
            interfaces = Dictionary(
                interfaces.values.map { declaration in
                    let expanded = InterfaceDeclaration(
                        type: declaration.type.expanding(expansions), module: declaration.module,
                        composes: declaration.composes.map { $0.expanding(expansions) })
                    return (expanded.type.key, expanded)
                }, uniquingKeysWith: { first, _ in first })
        }
        return DependencyGraph(manifests: manifests, modules: modules, interfaces: interfaces, externals: manifests.flatMap(\.external))
    }

    private mutating func conflict(_ message: String, at location: SourceLocation, earlier: SourceLocation) {
        diagnostics.append(.schema(message, at: location, notes: [Note("first declared here", at: earlier)]))
    }
}

/// Rewrites a manifest's types so that keys compare after declared typealiases are expanded; what
/// was written (and where) stays for messages and generated code.
struct TypeAliasExpansion {
    let aliases: [String: TypeExpression]

    func apply(to manifest: Manifest) -> Manifest {
        var manifest = manifest
        manifest.registrations = manifest.registrations.map(apply)
        manifest.external = manifest.external.map { $0.expanding(aliases) }
        manifest.resolves = manifest.resolves.map { use in
            var expanded = use
            expanded.type = use.type.expanding(aliases)
            expanded.arguments = use.arguments?.map { $0?.expanding(aliases) }
            return expanded
        }
        return manifest
    }

    private func apply(_ registration: Registration) -> Registration {
        let provision: Registration.Provision =
            if let target = registration.aliasOf { .alias(of: target.expanding(aliases), name: registration.aliasName) } else { registration.provision }
        return registration.with(
            provides: registration.provides.map { $0.expanding(aliases) }, provision: provision,
            dependencies: registration.dependencies.map(apply), properties: registration.properties.map(apply),
            arguments: registration.arguments.map { argument in
                var expanded = argument
                expanded.type = argument.type.expanding(aliases)
                return expanded
            })
    }

    private func apply(_ dependency: Dependency) -> Dependency {
        guard case .service(let type, let name, let isLazy, let passing) = dependency.source else { return dependency }
        // A copy with the one field changed: every other field (a new one too) is carried over.
        var expanded = dependency
        expanded.source = .service(type.expanding(aliases), name: name, isLazy: isLazy, passing: passing)
        return expanded
    }
}
