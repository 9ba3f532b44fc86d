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
                conflict("assembly '\(manifest.assembly.value)' is declared by two files; each file is one assembly, give them different names",
                         at: manifest.assembly.location, earlier: earlier.location)
            } else {
                assemblies[manifest.assembly.value] = manifest.assembly
            }
            if let name = manifest.container {
                if let earlier = container, earlier.value != name.value {
                    conflict("the container is named '\(name.value)' here but '\(earlier.value)' in another file; name it once or the same everywhere",
                             at: name.location, earlier: earlier.location)
                } else if container == nil {
                    container = name
                }
            }
            for module in manifest.modules ?? [] {
                var merged = modules ?? [:]
                if let earlier = merged[module.name.value] {
                    if Set(earlier.dependsOn.map(\.value)) != Set(module.dependsOn.map(\.value)) {
                        conflict("module '\(module.name.value)' is redeclared with different dependsOn [\(module.dependsOn.map(\.value).joined(separator: ", "))]; the earlier declaration says [\(earlier.dependsOn.map(\.value).joined(separator: ", "))]",
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
                        conflict("interface '\(interface.type.key)' is redeclared with a different module or composes; declare it once or identically",
                                 at: interface.type.location, earlier: earlier.type.location)
                    }
                } else {
                    interfaces[interface.type.key] = interface
                }
            }
        }
        let externalKeys = Set(manifests.flatMap { $0.external.map(\.key) })
        return DependencyGraph(manifests: manifests, modules: modules, interfaces: interfaces, externalKeys: externalKeys)
    }

    private mutating func conflict(_ message: String, at location: SourceLocation, earlier: SourceLocation) {
        diagnostics.append(.schema(message, at: location, notes: [Note("first declared here", at: earlier)]))
    }
}
