// swift-tools-version: 6.0
// Resolve speed: the generated plain container against the generated Swinject assemblies, built
// with -O in one executable. scripts/bench-gen.sh writes the sources and runs it.
import PackageDescription

let package = Package(
    name: "ResolveBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        .executableTarget(name: "ResolveBenchmark", dependencies: [.product(name: "Swinject", package: "Swinject")]),
    ]
)
