import DigraphCore
import Foundation
import SwiftParser
import SwiftSyntax

/// Which SwiftPM target declares a file: `Sources/<Target>/…` below a folder with a `Package.swift`.
struct ModuleMap {
    private var prefixes: [(prefix: String, module: String)] = []

    init(packageRoots: [String], in tree: any SourceTree) {
        for root in packageRoots {
            let base = root == "." ? "" : root + "/"
            // Targets with a custom `path:` in the manifest.
            var declared: [(prefix: String, module: String)] = []
            if let data = tree.contents(of: base + "Package.swift") {
                let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
                // `.package(name:path:)` is a dependency, not a target of this package.
                for call in SwiftExpressions.calls(in: tree) where SwiftExpressions.callee(of: call).map({ Self.targetKinds.contains($0.name) }) == true {
                    let labels = Dictionary(
                        call.arguments.compactMap { argument in
                            argument.label.map { ($0.text, argument.expression) }
                        }, uniquingKeysWith: { first, _ in first })
                    guard let name = labels["name"].flatMap(SwiftExpressions.stringLiteral).flatMap(Self.moduleName),
                        let path = labels["path"].flatMap(SwiftExpressions.stringLiteral)
                    else { continue }
                    declared.append((base + SwiftSourceFiles.normalized(path) + "/", name))
                }
            }
            prefixes += declared
            for folder in ["Sources", "Tests"] {
                let path = base + folder
                for folder in (tree.names(in: path) ?? []).sorted() where !folder.hasPrefix(".") {
                    guard let name = Self.moduleName(folder) else { continue }
                    // A folder inside a target declared at `path: "Sources"` is part of that target.
                    let prefix = path + "/" + folder + "/"
                    guard !declared.contains(where: { prefix.hasPrefix($0.prefix) }) else { continue }
                    prefixes.append((prefix, name))
                }
            }
        }
        prefixes.sort { $0.prefix.count > $1.prefix.count }
    }

    /// The `Package.swift` calls that declare a target.
    static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget"]

    /// A target's module name as SwiftPM makes it (`my-lib` → `my_lib`, its c99 name); nil when the
    /// name cannot be a Swift identifier even then (quotes, newlines, bidirectional controls): such a
    /// name must not reach messages, pictures or generated code.
    static func moduleName(_ target: String) -> String? {
        let name = String(target.map { $0 == "-" || $0 == " " ? "_" : $0 })
        return name.count <= 100 && TypeExpressionParser.isIdentifierShaped(name) ? name : nil
    }

    func module(of file: String) -> String? {
        prefixes.first { file.hasPrefix($0.prefix) }?.module
    }
}
