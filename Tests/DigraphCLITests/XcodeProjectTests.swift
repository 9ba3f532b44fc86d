import Foundation
import Testing

/// A Swift file no Xcode project in the walked folders names is not compiled (Planus-iOS keeps two
/// stale copies of its assemblies beside the real ones: read, they were seven false
/// `duplicate-registration` errors). It is left out with an info at the file; a project that
/// compiles folders whole, a SwiftPM package or a local pod around the file, or the file given by
/// its own path keeps it read.
struct XcodeProjectTests {
    static let app = """
        import Swinject
        protocol Clock {}
        final class SystemClock: Clock {}
        final class AppAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Clock.self) { _ in SystemClock() }
            }
        }

        """
    static let stale = """
        import Swinject
        final class OldAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Clock.self) { _ in LegacyClock() }
            }
        }
        func launch() { _ = Assembler([AppAssembly(), OldAssembly()]) }

        """
    static let project = """
        // !$*UTF8*$!
        {
            objects = {
                A1 /* App Assembly.swift in Sources */ = {isa = PBXBuildFile; fileRef = B1 /* App Assembly.swift */; };
                B1 /* App Assembly.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "App Assembly.swift"; sourceTree = "<group>"; };
            };
        }

        """

    func run(_ arguments: [String], project: String = Self.project, package: Bool = false, more: [String: String] = [:]) throws -> CLIRunner.Result {
        try withApp(Self.app) { folder in
            let sources = folder.appendingPathComponent("App")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: folder.appendingPathComponent("App.swift"), to: sources.appendingPathComponent("App Assembly.swift"))
            try Self.stale.write(to: sources.appendingPathComponent("OldAssembly.swift"), atomically: true, encoding: .utf8)
            let xcodeproj = folder.appendingPathComponent("App.xcodeproj")
            try FileManager.default.createDirectory(at: xcodeproj, withIntermediateDirectories: true)
            try project.write(to: xcodeproj.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
            if package { try "// swift-tools-version:5.9\n".write(to: sources.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8) }
            for (path, text) in more {
                let file = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            }
            // `FOLDER`: the scratch folder's absolute path.
            return try CLIRunner.run(arguments.map { $0 == "FOLDER" ? folder.path : $0 }, directory: folder)
        }
    }

    /// vladblajovan/Ritualist: `ALL_FEATURES_ENABLED` is set only in the project's
    /// `Debug-AllFeatures` and `Release-AllFeatures` configurations, and a factory returns a mock
    /// under `#if ALL_FEATURES_ENABLED`, the real service under `#else`. The flag was undecided, so
    /// the factory read the mock's first `return`; it is unset in the debug and release builds now,
    /// said once at the project. Factories declared inside `#if DEBUG` in a container extension
    /// were never collected, so each `@Injected` of one was a "names no factory" warning.
    @Test func aFlagOnlyOtherConfigurationsSetIsUnsetAndDebugFactoriesAreRead() throws {
        let app = """
            import Factory

            protocol Billing {}
            final class Store {}
            final class FakeBilling: Billing {}
            final class RealBilling: Billing { init(store: Store) {} }
            final class DebugTools {}
            extension Container {
                var store: Factory<Store> { self { Store() }.singleton }
                var billing: Factory<Billing> {
                    self {
                        #if ALL_FEATURES_ENABLED
                        return FakeBilling()
                        #else
                        return RealBilling(store: self.store())
                        #endif
                    }
                    .singleton
                }
                #if DEBUG
                var debugTools: Factory<DebugTools> { self { DebugTools() } }
                #endif
            }
            final class Settings {
                #if DEBUG
                @Injected(\\.debugTools) var debugTools
                #endif
            }
            @main struct App {
                static func main() {
                    _ = Container.shared.billing()
                    _ = Settings()
                }
            }

            """
        func configuration(_ id: String, _ name: String, _ conditions: String?) -> String {
            let setting = conditions.map { "\t\t\t\tSWIFT_ACTIVE_COMPILATION_CONDITIONS = \"\($0)\";\n" } ?? ""
            return "\t\t\(id) /* \(name) */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\(setting)"
                + "\t\t\t};\n\t\t\tname = \"\(name)\";\n\t\t};\n"
        }
        let project =
            "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tT1 = {isa = PBXNativeTarget; fileSystemSynchronizedGroups = (S1); };\n"
            + configuration("C1", "Debug", "DEBUG $(inherited)") + configuration("C2", "Release", nil)
            + configuration("C3", "Debug-AllFeatures", "$(inherited) ALL_FEATURES_ENABLED")
            + configuration("C4", "Release-AllFeatures", "$(inherited) ALL_FEATURES_ENABLED")
            + "\t};\n}\n"
        func run(_ arguments: [String]) throws -> CLIRunner.Result {
            try withApp(app) { folder in
                let xcodeproj = folder.appendingPathComponent("App.xcodeproj")
                try FileManager.default.createDirectory(at: xcodeproj, withIntermediateDirectories: true)
                try project.write(to: xcodeproj.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
                return try CLIRunner.run(arguments, directory: folder)
            }
        }
        let checked = try run(["check", "."])
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.xcodeproj/project.pbxproj:1:1: info: ALL_FEATURES_ENABLED is set only in the 'Debug-AllFeatures', 'Release-AllFeatures' configurations of this project, not in 'Debug' or 'Release': its `#if`s are read as unset; pass `--define ALL_FEATURES_ENABLED` to read them set [swift-import]
                digraph: checked 3 registrations: 0 errors, 0 warnings, 1 info

                """, "\(checked.stdout)")
        let imported = try run(["import", "."])
        #expect(
            imported.stdout.contains(
                """
                  - provides: Billing
                    implementation: RealBilling
                    lifetime: singleton
                    name: billing
                    dependencies:
                      store: { type: Store, name: store }

                """), "\(imported.stdout)")
        #expect(imported.stdout.contains("  - provides: DebugTools\n    name: debugTools\n"), "\(imported.stdout)")
        let defined = try run(["import", ".", "--define", "ALL_FEATURES_ENABLED"])
        #expect(defined.stdout.contains("    implementation: FakeBilling\n"), "\(defined.stdout)")
    }

    @Test func aFileNoProjectNamesIsLeftOutWithAnInfo() throws {
        let result = try run(["check", "."])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App/OldAssembly.swift:1:1: info: App.xcodeproj lists no file named 'OldAssembly.swift' in any target, so this file is not compiled and digraph leaves it out; give its path to read it anyway [swift-import]
                digraph: checked 1 registration: 0 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
        #expect(result.stderr == "digraph: read 1 Swift file: 1 registration, 0 resolves, 0 calls not understood\n", "\(result.stderr)")
        // Given by its absolute path, the folder is read the same way.
        let absolute = try run(["check", "FOLDER"])
        #expect(absolute.status == 0)
        #expect(
            absolute.stdout.hasSuffix(
                "/App.xcodeproj lists no file named 'OldAssembly.swift' in any target, so this file is not compiled and digraph leaves it out; give its path to read it anyway [swift-import]\ndigraph: checked 1 registration: 0 errors, 0 warnings, 1 info\n"
            ), "\(absolute.stdout)")
    }

    /// TrungNguyen1208/FitnestX keeps a stale copy of a scene's folder, its files named as the live
    /// ones (`Scenes/Common/Notice/NoticeAssembly.swift` beside `Scenes/Onboarding/Notice/…`): read
    /// by name, the copy was compiled, and its registrations two false `duplicate-registration`
    /// errors. The project's groups place each file: a name listed at another path is left out.
    /// A project whose groups digraph cannot follow (here, none) keeps going by names.
    @Test func aFileNamedAsACompiledOneElsewhereIsLeftOut() throws {
        let grouped = """
            // !$*UTF8*$!
            {
                archiveVersion = 1;
                objects = {
                    A1 /* App Assembly.swift in Sources */ = {isa = PBXBuildFile; fileRef = B1 /* App Assembly.swift */; };
                    B1 /* App Assembly.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "App Assembly.swift"; sourceTree = "<group>"; };
                    B2 /* OldAssembly.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = OldAssembly.swift; sourceTree = "<group>"; };
                    P1 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
                    G0 = {isa = PBXGroup; children = (G1 /* App */, G2 /* Products */, ); sourceTree = "<group>"; };
                    G1 /* App */ = {isa = PBXGroup; children = (B1 /* App Assembly.swift */, G3 /* Live */, ); path = App; sourceTree = "<group>"; };
                    G2 /* Products */ = {isa = PBXGroup; children = (P1 /* App.app */, ); name = Products; sourceTree = "<group>"; };
                    G3 /* Live */ = {isa = PBXGroup; children = (B2 /* OldAssembly.swift */, ); path = Live; sourceTree = "<group>"; };
                    R1 /* Project object */ = {isa = PBXProject; mainGroup = G0; };
                };
                rootObject = R1 /* Project object */;
            }

            """
        let result = try run(["check", "."], project: grouped, more: ["App/Live/OldAssembly.swift": "final class LiveHelper {}\n"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App/OldAssembly.swift:1:1: info: the Xcode projects here compile 'OldAssembly.swift' only at App/Live/OldAssembly.swift, so this file is not compiled and digraph leaves it out; give its path to read it anyway [swift-import]
                digraph: checked 1 registration: 0 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
        // By names only (a project without groups to follow), the copy is read: its registration replaces the live one.
        let byName = try run(
            ["check", "."],
            project: Self.project.replacingOccurrences(of: "path = \"App Assembly.swift\"", with: "path = \"App Assembly.swift\"; name = \"OldAssembly.swift\"")
        )
        #expect(byName.status == 1, "\(byName.stdout)")
    }

    /// boulomiel/PokedexIOS keeps 126 stale files in six folders the project no longer compiles:
    /// one info per folder whose Swift files are all left out (the outermost such folder under the
    /// project's), not one per file; a folder that still holds a compiled file says its files one by one.
    @Test func aFolderWhoseFilesAreAllLeftOutIsSaidOnce() throws {
        let result = try run(
            ["check", "."],
            more: [
                "App/Old/Network/Client.swift": "final class Client {}\n", "App/Old/Network/Endpoint.swift": "enum Endpoint {}\n",
                "App/Old/Store.swift": "final class Store {}\n", "App/Lonely/Cache.swift": "final class Cache {}\n",
            ])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App/Lonely/Cache.swift:1:1: info: App.xcodeproj lists no file named 'Cache.swift' in any target, so this file is not compiled and digraph leaves it out; give its path to read it anyway [swift-import]
                App/Old/Network/Client.swift:1:1: info: App.xcodeproj lists none of the 3 Swift files under 'App/Old' in any target, so they are not compiled and digraph leaves them out; give their paths to read them anyway [swift-import]
                App/OldAssembly.swift:1:1: info: App.xcodeproj lists no file named 'OldAssembly.swift' in any target, so this file is not compiled and digraph leaves it out; give its path to read it anyway [swift-import]
                digraph: checked 1 registration: 0 errors, 0 warnings, 3 infos

                """, "\(result.stdout)")
    }

    /// Read, the stale file registers `Clock` again: the error the compiler's project never has.
    @Test func aProjectThatCompilesFoldersWholeAPackageOrAGivenPathKeepsTheFile() throws {
        let duplicate = "App/OldAssembly.swift:4:28: error: 'Clock' is registered again;"
        let synchronized = try run(
            ["check", "."], project: Self.project.replacingOccurrences(of: "objects = {", with: "fileSystemSynchronizedGroups = ( C1 );\n    objects = {"))
        #expect(synchronized.stdout.hasPrefix(duplicate), "\(synchronized.stdout)")
        let packaged = try run(["check", "."], package: true)
        #expect(packaged.stdout.hasPrefix(duplicate), "\(packaged.stdout)")
        // hoangelec/MMVMBoxing's local pods (`pod 'NetworkKit', :path => 'LocalPods/NetworkKit'`): the
        // Pods project that compiles them is not committed; the `.podspec` says they are built.
        let pod = try run(["check", "."], more: ["App/AppKit.podspec": "Pod::Spec.new do |s|\nend\n"])
        #expect(pod.stdout.hasPrefix(duplicate), "\(pod.stdout)")
        let given = try run(["check", "App/App Assembly.swift", "App/OldAssembly.swift"])
        #expect(given.stdout.hasPrefix(duplicate), "\(given.stdout)")
    }

    /// protonpass/ios-pass compiles one folder whole (`Action`, Xcode 16's synchronized folder) and
    /// lists every other file: a stale file elsewhere that declares the container again and
    /// registers a key twice was read, one false `duplicate-registration` error. Only the folders a
    /// project synchronizes are compiled whole; a file in one is read though no group lists it.
    @Test func aProjectThatSynchronizesOneFolderStillLeavesOutStaleFilesElsewhere() throws {
        let synchronizedAction = """
            // !$*UTF8*$!
            {
                objects = {
                    A1 /* App Assembly.swift in Sources */ = {isa = PBXBuildFile; fileRef = B1 /* App Assembly.swift */; };
                    B1 /* App Assembly.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "App Assembly.swift"; sourceTree = "<group>"; };
                    S1 /* Action */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Action; sourceTree = "<group>"; };
                    G0 = {isa = PBXGroup; children = (G1 /* App */, S1 /* Action */, ); sourceTree = "<group>"; };
                    G1 /* App */ = {isa = PBXGroup; children = (B1 /* App Assembly.swift */, ); path = App; sourceTree = "<group>"; };
                    T1 /* Action */ = {isa = PBXNativeTarget; fileSystemSynchronizedGroups = (S1 /* Action */, ); name = Action; };
                    R1 /* Project object */ = {isa = PBXProject; mainGroup = G0; };
                };
                rootObject = R1 /* Project object */;
            }

            """
        let action = """
            import Swinject
            final class Share {}
            final class ActionAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Share.self) { _ in Share() }
                }
            }

            """
        let result = try run(["check", "."], project: synchronizedAction, more: ["Action/ActionAssembly.swift": action])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout == """
                App/OldAssembly.swift:1:1: info: App.xcodeproj lists no file named 'OldAssembly.swift' in any target, so this file is not compiled and digraph leaves it out; give its path to read it anyway [swift-import]
                digraph: checked 2 registrations: 0 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
        #expect(result.stderr == "digraph: read 2 Swift files: 2 registrations, 0 resolves, 0 calls not understood\n", "\(result.stderr)")
        // Spelled in another case, as a Mac's file system allows (podhaven's `PodHavenShare` is
        // the folder `PodhavenShare`): the same folder.
        let otherCase = try run(
            ["check", "."], project: synchronizedAction.replacingOccurrences(of: "path = Action;", with: "path = ACTION;"),
            more: ["Action/ActionAssembly.swift": action])
        #expect(otherCase.stdout == result.stdout, "\(otherCase.stdout)")
        // A synchronized folder no group holds: where it sits is unknown, so nothing is left out.
        let unplaced = try run(
            ["check", "."], project: synchronizedAction.replacingOccurrences(of: "S1 /* Action */, ); sourceTree", with: "); sourceTree"),
            more: ["Action/ActionAssembly.swift": action])
        #expect(unplaced.stdout.hasPrefix("App/OldAssembly.swift:4:28: error: 'Clock' is registered again;"), "\(unplaced.stdout)")
    }

    /// Windscribe/iOS-App (fe83b57a): one project builds an iOS and a tvOS app (and a widget), each
    /// applying its own assemblies to its own `extension Assembler` static property of one name,
    /// both compiling the shared assemblies. With the iOS app's `@main` in a folder holding
    /// another, the folders could not tell the apps apart, and the tvOS app's walk took the iOS
    /// app's property for its own: its view models were "registered again". The project says which
    /// target builds each file: an app's graph and its walk keep to the files its target builds
    /// (and the targets it depends on), whatever the folders.
    @Test func theTargetsThatBuildEachFileTellTheAppsApart() throws {
        let root = #"""
            import Swinject
            import UIKit

            final class PhoneAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(HomeScreen.self) { r in PhoneHomeScreen(api: r.resolve(API.self)!) }
                }
            }

            extension Assembler {
                static let shared = Assembler([CoreAssembly(), PhoneAssembly()])
            }

            @UIApplicationMain
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    _ = Assembler.shared.resolver.resolve(HomeScreen.self)
                    return true
                }
            }

            """#
        let core = """
            import Swinject

            protocol API {}
            final class HTTPAPI: API {}
            protocol HomeScreen {}
            final class PhoneHomeScreen: HomeScreen { init(api: API) {} }
            final class TVHomeScreen: HomeScreen { init(api: API) {} }

            final class CoreAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(API.self) { _ in HTTPAPI() }.inObjectScope(.container)
                }
            }

            """
        let tv = #"""
            import Swinject
            import UIKit

            final class TVAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(HomeScreen.self) { r in TVHomeScreen(api: r.resolve(API.self)!) }
                }
            }

            extension Assembler {
                static let shared = Assembler([CoreAssembly(), TVAssembly()])
            }

            @UIApplicationMain
            final class TVAppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    _ = Assembler.shared.resolver.resolve(HomeScreen.self)
                    return true
                }
            }

            """#
        let project = """
            // !$*UTF8*$!
            {
            	objects = {
            		F1 /* AppDelegate.swift */ = {isa = PBXFileReference; path = AppDelegate.swift; sourceTree = "<group>"; };
            		F2 /* Core.swift */ = {isa = PBXFileReference; path = Core.swift; sourceTree = "<group>"; };
            		F3 /* AppDelegate.swift */ = {isa = PBXFileReference; path = AppDelegate.swift; sourceTree = "<group>"; };
            		B1 = {isa = PBXBuildFile; fileRef = F1; };
            		B2 = {isa = PBXBuildFile; fileRef = F2; };
            		B3 = {isa = PBXBuildFile; fileRef = F2; };
            		B4 = {isa = PBXBuildFile; fileRef = F3; };
            		G0 = {isa = PBXGroup; children = (F1, G1, G2); sourceTree = "<group>"; };
            		G1 /* Shared */ = {isa = PBXGroup; children = (F2); path = Shared; sourceTree = "<group>"; };
            		G2 /* TV */ = {isa = PBXGroup; children = (F3); path = TV; sourceTree = "<group>"; };
            		P1 = {isa = PBXSourcesBuildPhase; files = (B1, B2); };
            		P2 = {isa = PBXSourcesBuildPhase; files = (B3, B4); };
            		T1 /* Phone */ = {isa = PBXNativeTarget; buildPhases = (P1); name = Phone; productType = "com.apple.product-type.application"; };
            		T2 /* TV */ = {isa = PBXNativeTarget; buildPhases = (P2); name = TV; productType = "com.apple.product-type.application"; };
            		R1 = {isa = PBXProject; mainGroup = G0; targets = (T1, T2); };
            	};
            	rootObject = R1;
            }

            """
        func check(_ project: String) throws -> CLIRunner.Result {
            try withApp(root) { folder -> CLIRunner.Result in
                try FileManager.default.moveItem(at: folder.appendingPathComponent("App.swift"), to: folder.appendingPathComponent("AppDelegate.swift"))
                for (path, text) in ["Shared/Core.swift": core, "TV/AppDelegate.swift": tv, "Apps.xcodeproj/project.pbxproj": project] {
                    let file = folder.appendingPathComponent(path)
                    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try text.write(to: file, atomically: true, encoding: .utf8)
                }
                return try CLIRunner.run(["check", "."], directory: folder)
            }
        }
        let expected = """
            AppDelegate.swift:15:13: info: of 2 `@main` types, 2 apps are each checked with the registrations its entry reaches and those no entry reaches (the app 'AppDelegate' (AppDelegate.swift:15): 2 reached; the app 'TVAppDelegate' (TV/AppDelegate.swift:15): 2 reached); a finding that holds in only some of them names them [swift-import]
            digraph: checked 3 registrations: 0 errors, 0 warnings, 1 info

            """
        let result = try check(project)
        #expect(result.status == 0)
        #expect(result.stdout == expected, "\(result.stdout)")
        // A framework target's file may be linked into a program of another project (alsongDalsong's
        // app links ASNetworkKit.xcodeproj's framework, which that project's demo app also builds):
        // here the phone app only links `Core`, the TV app builds its file too. No program is said
        // to build it, so both apps keep the shared assembly, as the walks from their entries reach it.
        let framework = project.replacingOccurrences(of: "files = (B1, B2)", with: "files = (B1)")
            .replacingOccurrences(of: "files = (B3, B4); };", with: "files = (B3, B4); };\n\t\tP3 = {isa = PBXSourcesBuildPhase; files = (B2); };")
            .replacingOccurrences(
                of: "\t\tR1 = {isa = PBXProject;",
                with: "\t\tT3 /* Core */ = {isa = PBXNativeTarget; buildPhases = (P3); name = Core; "
                    + "productType = \"com.apple.product-type.framework\"; };\n\t\tR1 = {isa = PBXProject;")
        #expect(framework.contains("T3 /* Core */") && framework.contains("files = (B1)"))
        let linked = try check(framework)
        #expect(linked.status == 0)
        #expect(linked.stdout == expected, "\(linked.stdout)")
    }

    /// HongikGraduationProject/Frontend (b41b344): a Tuist project whose app and Action Extension
    /// each apply their own assemblies to one shared injector type; the extension has no `@main`
    /// (the system starts the principal class its Info.plist names), so digraph read both as one
    /// app: 2 false `duplicate-registration` errors and 6 false warnings. `Project.swift` says which
    /// program builds each folder; code only a program without a `@main` type builds is that
    /// program's, checked on its own (what would fail there is a warning naming it).
    @Test func codeOnlyAnAppExtensionBuildsIsCheckedOnItsOwn() throws {
        let app = #"""
            import Swinject
            import UIKit

            final class AppAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Store.self) { _ in DiskStore() }.inObjectScope(.container)
                    container.register(Feed.self) { r in Feed(store: r.resolve(Store.self)!) }
                }
            }

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    Injector.shared.apply([AppAssembly()])
                    _ = Injector.shared.resolve(Feed.self)
                    return true
                }
            }
            """#
        let share = """
            import Swinject
            import UIKit

            // The share extension's principal class, named by its Info.plist: no `@main`.
            final class ShareAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Store.self) { _ in MemoryStore() }
                }
            }

            final class ShareViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    Injector.shared.apply([ShareAssembly()])
                    _ = Injector.shared.resolve(Store.self)
                }
            }
            """
        let shared = """
            import Swinject

            protocol Store {}
            final class DiskStore: Store {}
            final class MemoryStore: Store {}
            final class Feed { init(store: Store) {} }

            // One container type both programs link; each process has its own.
            final class Injector {
                static let shared = Injector()
                let container = Container()
                func apply(_ assemblies: [Assembly]) { assemblies.forEach { $0.assemble(container: container) } }
                func resolve<T>(_ type: T.Type) -> T { container.resolve(type)! }
            }
            """
        let manifest = """
            import ProjectDescription

            let project = Project(
                name: "Shop",
                targets: [
                    .target(name: "Shop", destinations: .iOS, product: .app, bundleId: "shop", sources: ["App/Sources/**"], dependencies: [.target(name: "Shared")]),
                    .target(name: "ShopShare", destinations: .iOS, product: .appExtension, bundleId: "shop.share", sources: ["Extension/Sources/**"], dependencies: [.target(name: "Shared")]),
                    .target(name: "Shared", destinations: .iOS, product: .framework, bundleId: "shop.shared", sources: ["Shared/Sources/**"]),
                ]
            )
            """
        func check(_ share: String) throws -> CLIRunner.Result {
            try withApp(app) { folder -> CLIRunner.Result in
                try FileManager.default.createDirectory(at: folder.appendingPathComponent("App/Sources"), withIntermediateDirectories: true)
                try FileManager.default.moveItem(
                    at: folder.appendingPathComponent("App.swift"), to: folder.appendingPathComponent("App/Sources/AppDelegate.swift"))
                let files = ["Extension/Sources/ShareViewController.swift": share, "Shared/Sources/Store.swift": shared, "Project.swift": manifest]
                for (path, text) in files {
                    let file = folder.appendingPathComponent(path)
                    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try text.write(to: file, atomically: true, encoding: .utf8)
                }
                return try CLIRunner.run(["check", "."], directory: folder)
            }
        }
        let result = try check(share)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Extension/Sources/ShareViewController.swift:7:9: info: only 'Project.swift: ShopShare' builds this code, a program without a `@main` type (an app extension the system starts in a process of its own): its registration is left out of the app's graph; it is checked on its own with the resolves made in its files [swift-import]
                digraph: checked 2 registrations: 0 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
        // The extension resolving a key only the app registers would stop there: said, naming it.
        let missing = try check(share.replacingOccurrences(of: "resolve(Store.self)", with: "resolve(Feed.self)"))
        #expect(
            missing.stdout.contains(
                "Extension/Sources/ShareViewController.swift:15:13: warning: nothing provides 'Feed', needed by app code (resolved directly) (in the program 'Project.swift: ShopShare', checked on its own) [missing-binding]\n"
            ), "\(missing.stdout)")
    }
}
