// swift-tools-version: 6.1
import PackageDescription

// Targets, each with one job:
//   DigraphCore      model, type expressions, locations, diagnostics, graph algorithms (pure Swift)
//   DigraphLoader    JSON/YAML -> located tree -> manifest -> linked graph (YAML through libyaml's
//                    event API: the CYaml module that Yams builds and exposes to its dependents)
//   DigraphRules     one validation rule per file
//   DigraphReporters text, json, github, sarif
//   DigraphPictures  what a picture shows (PictureScene) and its writers: DOT, Mermaid, the page's index (pure Swift)
//   CGraphviz        the system libgraphviz (module map over gvc.h/cgraph.h, found with pkg-config)
//   DigraphGraphviz  the only target that imports CGraphviz: DOT -> PNG/SVG/PDF/JSON in process
//   DigraphSwiftGen  the composition root as Swift: a plain container, or Swinject assemblies
//   DigraphSwiftImport  Swift sources (Swinject or hand-rolled containers) -> manifest, through swift-syntax
//   DigraphKit       the library product: the pipeline (load -> rules -> suppress/ignore/baseline ->
//                    report; generate with header, stale check and atomic write; DOT), pure Swift
//   digraph          the command line: parses options, calls DigraphKit (and DigraphGraphviz for pictures)
//   digraph-generate the build-tool plugins' tool: manifests -> container (DigraphGenerate), Swift sources
//                    -> findings as build diagnostics (DigraphCheck); never Graphviz
//
// The trait "Graphviz" (on by default) links libgraphviz for PNG/SVG/PDF. Without it
// (`swift build --disable-default-traits`, or `traits: []` on a dependency) every command builds
// and runs with no C library at all; `render` then writes DOT and says how to get pictures.
let package = Package(
    name: "digraph",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "digraph", targets: ["digraph"]),
        .library(name: "DigraphKit", targets: ["DigraphKit"]),
        .plugin(name: "DigraphGenerate", targets: ["DigraphGenerate"]),
        .plugin(name: "DigraphCheck", targets: ["DigraphCheck"]),
        .plugin(name: "DigraphCommand", targets: ["DigraphCommand"]),
    ],
    traits: [
        .trait(
            name: "Graphviz",
            description:
                "Render PNG, SVG, PDF and Graphviz JSON in process through the system libgraphviz (Debian: libgraphviz-dev; macOS: brew install graphviz). Without it, render writes DOT only."
        ),
        .default(enabledTraits: ["Graphviz"]),
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
        .target(name: "DigraphPictures", dependencies: ["DigraphCore"]),
        .systemLibrary(name: "CGraphviz", pkgConfig: "libgvc", providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]),
        .target(name: "DigraphGraphviz", dependencies: [.target(name: "CGraphviz", condition: .when(traits: ["Graphviz"]))]),
        .target(name: "DigraphSwiftGen", dependencies: ["DigraphCore"]),
        .target(
            name: "DigraphSwiftImport",
            dependencies: [
                "DigraphCore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]),
        .target(
            name: "DigraphKit",
            dependencies: [
                "DigraphCore", "DigraphLoader", "DigraphRules", "DigraphReporters", "DigraphPictures", "DigraphSwiftGen", "DigraphSwiftImport",
            ]),
        .executableTarget(
            name: "digraph",
            dependencies: [
                "DigraphKit",
                .target(name: "DigraphGraphviz", condition: .when(traits: ["Graphviz"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "digraph-generate", dependencies: ["DigraphKit"]),
        .plugin(name: "DigraphGenerate", capability: .buildTool(), dependencies: ["digraph-generate"]),
        .plugin(name: "DigraphCheck", capability: .buildTool(), dependencies: ["digraph-generate"]),
        .plugin(
            name: "DigraphCommand",
            capability: .command(
                // No declared permission, so `check` runs without a prompt; commands that write
                // into the package take `--allow-writing-to-package-directory` (the sandbox on macOS).
                intent: .custom(verb: "digraph", description: "Run digraph (check, render, gen-swift, import, init, explain) on this package")),
            dependencies: ["digraph"]
        ),
        .executableTarget(name: "digraph-synth"),
        .executableTarget(
            name: "digraph-bench",
            dependencies: [
                "DigraphLoader", "DigraphRules", "DigraphSwiftImport",
                .product(name: "Yams", package: "Yams"), .product(name: "SwiftParser", package: "swift-syntax"),
            ]),
        .testTarget(name: "DigraphCoreTests", dependencies: ["DigraphCore"]),
        .testTarget(name: "DigraphLoaderTests", dependencies: ["DigraphCore", "DigraphLoader"]),
        .testTarget(name: "DigraphRulesTests", dependencies: ["DigraphCore", "DigraphLoader", "DigraphRules"]),
        .testTarget(name: "DigraphReportersTests", dependencies: ["DigraphCore", "DigraphLoader", "DigraphRules", "DigraphReporters"]),
        .testTarget(name: "DigraphPicturesTests", dependencies: ["DigraphCore", "DigraphLoader", "DigraphRules", "DigraphPictures"], exclude: ["Golden"]),
        .testTarget(name: "DigraphGraphvizTests", dependencies: ["DigraphKit", .target(name: "DigraphGraphviz", condition: .when(traits: ["Graphviz"]))]),
        .testTarget(name: "DigraphKitTests", dependencies: ["DigraphKit"]),
        .testTarget(
            name: "DigraphSwiftGenTests", dependencies: ["DigraphCore", "DigraphLoader", "DigraphSwiftGen", "DigraphSwiftImport"],
            exclude: ["Golden", "Manifests"]),
        .testTarget(name: "DigraphSwiftImportTests", dependencies: ["DigraphCore", "DigraphLoader", "DigraphRules", "DigraphSwiftImport"]),
        .testTarget(name: "DigraphCLITests", dependencies: ["digraph", "digraph-synth", "digraph-generate"], exclude: ["Expected"]),
    ]
)
