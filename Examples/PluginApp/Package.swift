// swift-tools-version: 6.1
// An app that gets its container generated at build time: the DigraphGenerate plugin turns
// Sources/PluginApp/App.digraph.yaml into `AppContainer` on every build where the manifest changed;
// and a target whose wiring is Swift, which the DigraphCheck plugin checks at build time.
// `traits: []` leaves out digraph's Graphviz trait, so neither the plugin nor
// `swift package digraph …` needs Graphviz on this machine.
import PackageDescription

let package = Package(
    name: "PluginApp",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "digraph", path: "../..", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "PluginApp",
            plugins: [.plugin(name: "DigraphGenerate", package: "digraph")]
        ),
        // Wiring written in Swift: the DigraphCheck plugin checks it on every build where a file changed.
        .target(
            name: "ShopWiring",
            plugins: [.plugin(name: "DigraphCheck", package: "digraph")]
        ),
    ]
)
