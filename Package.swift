// swift-tools-version: 6.0
import PackageDescription

// Targets, each with one job:
//   DigraphCore      model, type expressions, locations, diagnostics, graph algorithms (pure Swift)
//   DigraphLoader    JSON/YAML -> located tree -> manifest -> linked graph (YAML through libyaml's
//                    event API: the CYaml module that Yams builds and exposes to its dependents)
//   DigraphRules     one validation rule per file
//   DigraphReporters text, json, github, sarif
//   DigraphDOT       the graph as Graphviz DOT text (pure Swift)
//   CGraphviz        the system libgraphviz (module map over gvc.h/cgraph.h, found with pkg-config)
//   DigraphGraphviz  the only target that imports CGraphviz: DOT -> PNG/SVG/PDF/JSON in process
//   DigraphSwiftGen  the composition root as Swift: a plain container, or Swinject assemblies
//   DigraphSwiftImport  Swift sources (Swinject or hand-rolled containers) -> manifest, through swift-syntax
//   digraph          the command line: parses options, calls the libraries
let package = Package(
    name: "digraph",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "digraph", targets: ["digraph"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .target(name: "DigraphCore"),
        .target(name: "DigraphLoader", dependencies: ["DigraphCore", .product(name: "Yams", package: "Yams")]),
        .target(name: "DigraphRules", dependencies: ["DigraphCore"]),
        .target(name: "DigraphReporters", dependencies: ["DigraphCore", "DigraphRules"]),
        .target(name: "DigraphDOT", dependencies: ["DigraphCore"]),
        .systemLibrary(name: "CGraphviz", pkgConfig: "libgvc", providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]),
        .target(name: "DigraphGraphviz", dependencies: ["CGraphviz"]),
        .target(name: "DigraphSwiftGen", dependencies: ["DigraphCore"]),
        .target(name: "DigraphSwiftImport", dependencies: [
            "DigraphCore",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .executableTarget(
            name: "digraph",
            dependencies: [
                "DigraphCore", "DigraphLoader", "DigraphRules", "DigraphReporters", "DigraphDOT", "DigraphGraphviz", "DigraphSwiftGen", "DigraphSwiftImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "digraph-synth"),
        .executableTarget(name: "digraph-bench", dependencies: [
            "DigraphLoader", "DigraphRules", "DigraphSwiftImport",
            .product(name: "Yams", package: "Yams"), .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .testTarget(name: "DigraphCoreTests", dependencies: ["DigraphCore"]),
        .testTarget(name: "DigraphLoaderTests", dependencies: ["DigraphCore", "DigraphLoader"]),
        .testTarget(name: "DigraphRulesTests", dependencies: ["DigraphCore", "DigraphLoader", "DigraphRules"]),
        .testTarget(name: "DigraphReportersTests", dependencies: ["DigraphCore", "DigraphLoader", "DigraphRules", "DigraphReporters"]),
        .testTarget(name: "DigraphDOTTests", dependencies: ["DigraphCore", "DigraphLoader", "DigraphRules", "DigraphDOT"], exclude: ["Golden"]),
        .testTarget(name: "DigraphGraphvizTests", dependencies: ["DigraphGraphviz"]),
        .testTarget(name: "DigraphSwiftGenTests", dependencies: ["DigraphCore", "DigraphLoader", "DigraphSwiftGen"], exclude: ["Golden", "Manifests"]),
        .testTarget(name: "DigraphSwiftImportTests", dependencies: ["DigraphCore", "DigraphLoader", "DigraphRules", "DigraphSwiftImport"]),
        .testTarget(name: "DigraphCLITests", dependencies: ["digraph", "digraph-synth"], exclude: ["Expected"]),
    ]
)
