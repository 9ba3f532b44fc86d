// swift-tools-version: 6.0
// A package that takes digraph as a prebuilt binary, as a team's would: the artifact bundle
// scripts/release writes, by path, and a command plugin that runs it (scripts/bundle-test).
import PackageDescription

let package = Package(
    name: "ArtifactBundleConsumer",
    targets: [
        .binaryTarget(name: "digraph", path: "digraph.artifactbundle"),
        .plugin(
            name: "RunDigraph",
            capability: .command(intent: .custom(verb: "run-digraph", description: "Runs the prebuilt digraph with the given arguments.")),
            dependencies: ["digraph"]),
    ]
)
