import DigraphCore

/// DI libraries digraph recognizes by their module but does not read (hmlongco/Factory is read by
/// its container properties, when the given paths declare any): a tree that uses one and yields no
/// registration is not a clean graph but an unread one.
enum UnreadLibraries {
    static let byModule: [String: String] = [
        "Factory": "hmlongco/Factory", "FactoryKit": "hmlongco/Factory", "Resolver": "Resolver", "NeedleFoundation": "Needle",
        "Dependencies": "swift-dependencies", "Cleanse": "Cleanse", "DITranquillity": "DITranquillity", "Weaver": "Weaver",
        "Pure": "Pure", "Dip": "Dip", "Knit": "Knit",
    ]

    /// The first import of such a library, in file order. A module the given paths declare is the
    /// app's own, whatever its name (Antoszku/Payback's `Resolver` package wraps Swinject).
    static func first(in files: [SwiftFile]) -> (name: String, location: DigraphCore.SourceLocation)? {
        let own = Set(files.compactMap(\.module))
        for file in files {
            for (module, node) in file.importDeclarations where !own.contains(module) {
                if let library = byModule[module] { return (library, file.location(of: node)) }
            }
        }
        return nil
    }

    /// Why a tree that uses one and yields no registration cannot be checked.
    static func nothingRead(_ library: String) -> String {
        library == "hmlongco/Factory"
            ? "no registration found: the sources import hmlongco/Factory, but digraph found no factory property (`var x: Factory<T> { self { … } }` on `Container` or a `SharedContainer`) in the given paths: checking them would check nothing. Give the paths that declare the containers"
            : "no registration found, and the sources use \(library), which digraph does not read: checking them would check nothing. digraph reads Swinject, hmlongco/Factory and hand-rolled containers; give it a manifest for this graph instead (see docs/manifest.md)"
    }
}
