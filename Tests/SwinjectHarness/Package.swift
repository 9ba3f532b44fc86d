// swift-tools-version: 6.0
// The package the generated Swinject assemblies are compiled and run in by DigraphSwiftGenTests
// (SwinjectAssemblyBehaviourTests copies it to .build-swinject-harness and writes the sources).
import PackageDescription

// The generated assemblies of six manifests; the imported Swinject fixtures compiled as written
// beside the assembly generated from their imported manifests (RoundTrip, Precision); the
// autoregistration fixture against its shim; the Factory fixture against a FactoryKit shim written
// from Factory's docs (no Factory release is on hand), in Swift 5 mode as Factory apps are. The shop
// fixtures and the hand-rolled one as libraries `App`, `FactoryShop` and `HandRolledApp` with the resolve-all tests `gen-swift --target tests`
// writes for them (ResolveAllTestsBehaviour builds and runs those).
let fixtures = ["Popcorn", "IssueTracker", "Workout", "Semantics", "Keywords", "Keyed", "RoundTrip", "Precision", "Children", "Autoregistration"]

let package = Package(
    name: "SwinjectHarness",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0")
    ],
    targets: fixtures.map { name in
        .executableTarget(
            name: name,
            dependencies: [.product(name: "Swinject", package: "Swinject")],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])])
    }
)

package.targets +=
    [
        .target(name: "FactoryKit"),
        .executableTarget(name: "FactoryApp", dependencies: ["FactoryKit"], swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
    + ["FactoryPopcorn", "FactoryIssueTracker", "FactoryWorkout", "FactoryKeywords"].map { name in
        .executableTarget(name: name, dependencies: ["FactoryKit"], swiftSettings: [.unsafeFlags(["-warnings-as-errors"])])
    }
    + [
        .target(name: "App", dependencies: [.product(name: "Swinject", package: "Swinject")]),
        .testTarget(name: "AppTests", dependencies: ["App", .product(name: "Swinject", package: "Swinject")]),
        .target(name: "FactoryShop", dependencies: ["FactoryKit"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "FactoryShopTests", dependencies: ["FactoryShop", "FactoryKit"]),
        .target(name: "HandRolledApp"),
        .testTarget(name: "HandRolledAppTests", dependencies: ["HandRolledApp"]),
        // fixtures/import/modules: the Xcode projects' four modules, `ModularShop` being the app's.
        .target(name: "Domain"),
        .target(name: "AppData", dependencies: ["Domain"]),
        .target(name: "Networking", dependencies: ["AppData"]),
        .executableTarget(
            name: "ModularShop", dependencies: ["Domain", "AppData", "Networking", .product(name: "Swinject", package: "Swinject")],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
    ]
