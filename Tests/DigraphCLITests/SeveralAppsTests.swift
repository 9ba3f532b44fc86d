import Foundation
import Testing

/// Issue 38, "what runs", on the shape of an app read by hand (WordChecker, docs/import.md): one
/// repository holding an iOS app, a Dev variant of it and a macOS app, each an `@main` type applying
/// its own list of shared assemblies to one global container. The macOS app forgot one assembly: a
/// crash at launch that reading the three apps as one hid; each app is now checked on its own.
struct SeveralAppsTests {
    static let files: [String: String] = [
        "Shared/Assemblies.swift": """
        import Swinject
        let container = Assembler()
        final class WordsAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Words.self) { r in Words(memory: r.resolve(Memory.self)!) }
            }
        }
        final class MemoryAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Memory.self) { _ in Memory() }.inObjectScope(.container)
            }
        }
        /// What only the Dev app applies: it lists a sub-assembly that replaces `Memory`.
        final class DevAssembly: Assembly {
            func assemble(container: Container) {
                [SampleMemoryAssembly()].forEach { $0.assemble(container: container) }
            }
        }
        final class SampleMemoryAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Memory.self) { _ in SampleMemory() }.inObjectScope(.container)
            }
        }

        """,
        "Phone/AppDelegate.swift": """
        import UIKit
        @main
        final class PhoneDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                container.apply([MemoryAssembly(), WordsAssembly()])
                return true
            }
        }

        """,
        "Dev/AppDelegate.swift": """
        import UIKit
        @main
        final class DevDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                container.apply([MemoryAssembly(), WordsAssembly(), DevAssembly()])
                return true
            }
        }

        """,
        "Mac/AppDelegate.swift": """
        import AppKit
        @main
        final class MacDelegate: NSObject, NSApplicationDelegate {
            func applicationDidFinishLaunching(_ notification: Notification) {
                container.apply([WordsAssembly()])
                _ = container.resolver.resolve(Words.self)!
            }
        }

        """,
    ]

    func check(_ arguments: [String], files: [String: String] = Self.files, command: String = "check") throws -> CLIRunner.Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-apps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return try CLIRunner.run([command, "."] + arguments, directory: folder)
    }

    /// Each `@main` type is an app, checked with the registrations its entry reaches: the macOS
    /// app's missing `Memory` (a launch crash) and the Dev app's replacement of `Memory` (a true
    /// duplicate there) are each an error naming its app. Read as one, the first was hidden.
    @Test func severalMainTypesAreCheckedAsTheAppsTheyAre() throws {
        let result = try check([])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stdout == """
                Dev/AppDelegate.swift:3:13: info: of 3 `@main` types, 3 apps are each checked with the registrations its entry reaches and those no entry reaches (the app 'DevDelegate' (Dev/AppDelegate.swift:3): 3 reached; the app 'MacDelegate' (Mac/AppDelegate.swift:3): 1 reached; the app 'PhoneDelegate' (Phone/AppDelegate.swift:3): 2 reached); a finding that holds in only some of them names them [swift-import]
                Shared/Assemblies.swift:5:53: error: nothing provides 'Memory', needed by 'Words' (parameter 'memory') (in the app 'MacDelegate' (Mac/AppDelegate.swift:3)) [missing-binding]
                Shared/Assemblies.swift:21:28: error: 'Memory' is registered again; this registration silently replaces the one at Shared/Assemblies.swift:10:28 (in the app 'DevDelegate' (Dev/AppDelegate.swift:3)) [duplicate-registration]
                Shared/Assemblies.swift:10:28: note: first registered here
                digraph: checked 3 registrations: 2 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
    }

    /// ruuvi/com.ruuvi.station.ios: the app and its widget extension each build an `Assembler` of a
    /// `private final class NetworkingAssembly` of their own, from code their entries do not reach
    /// (a shared instance read later). Neither entry reached a registration, so both were read as
    /// one app, and the widget's registrations were 6 false `duplicate-registration` errors. An app
    /// whose folder makes registrations is an app of its own: each is checked with its own.
    @Test func appsWhoseEntriesReachNothingKeepTheRegistrationsOfTheirFolders() throws {
        let files: [String: String] = [
            "App/Sources/Application/AppDelegate.swift": """
            import Swinject
            import UIKit

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    true
                }
            }

            final class AppAssembly {
                static let shared = AppAssembly()
                let assembler = Assembler([NetworkingAssembly()])
            }

            private final class NetworkingAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(IDs.self) { _ in IDsImpl() }
                    container.register(Daemon.self) { r in Daemon(ids: r.resolve(IDs.self)!) }.inObjectScope(.container)
                }
            }

            final class Configurator {
                func configure() -> Daemon { AppAssembly.shared.assembler.resolver.resolve(Daemon.self)! }
            }

            """,
            "App/Widgets/Sources/Widgets.swift": """
            import SwiftUI
            import Swinject
            import WidgetKit

            @main
            struct Widgets: WidgetBundle {
                var body: some Widget { Clock() }
            }

            final class WidgetAssembly {
                static let shared = WidgetAssembly()
                let assembler = Assembler([NetworkingAssembly()])
            }

            private final class NetworkingAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(IDs.self) { _ in IDsImpl() }.inObjectScope(.container)
                }
            }

            struct Provider {
                func ids() -> IDs { WidgetAssembly.shared.assembler.resolver.resolve(IDs.self)! }
            }

            """,
            "Shared/Types.swift": """
            protocol IDs {}
            final class IDsImpl: IDs {}
            final class Daemon {
                init(ids: IDs) {}
            }

            """,
        ]
        let result = try check([], files: files)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout == """
                App/Sources/Application/AppDelegate.swift:5:13: info: of 2 `@main` types, 2 apps are each checked with the registrations its entry reaches and those no entry reaches (the app 'AppDelegate' (App/Sources/Application/AppDelegate.swift:5): 2 in its folder, none reached from its entry; the app 'Widgets' (App/Widgets/Sources/Widgets.swift:6): 1 in its folder, none reached from its entry); a finding that holds in only some of them names them [swift-import]
                App/Sources/Application/AppDelegate.swift:19:55: warning: singleton 'Daemon' holds graph 'IDs' (parameter 'ids'): the value is made once and kept for the singleton's whole life; make 'IDs' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'Daemon' shorter-lived (in the app 'AppDelegate' (App/Sources/Application/AppDelegate.swift:5)) [captive-dependency]
                App/Sources/Application/AppDelegate.swift:18:9: note: 'IDs' is registered graph here
                digraph: checked 3 registrations: 0 errors, 1 warning, 1 info

                """, "\(result.stdout)")
    }

    /// The macOS app alone: AppKit's `applicationDidFinishLaunching` is its entry, the Dev
    /// assembly's sub-assembly is left out (only the unread Dev app applies it), and the true fault
    /// is the one error.
    /// vladblajovan/Ritualist: a Factory app and its widget extension each declare `store` in their
    /// own folder (the widget's `Factory<Store?>`), and each has a `Refresher` class of its own using
    /// its own factories. Read as one, the widget's 15 declarations merged into the app's (its
    /// dependencies lost) and the app's `Refresher` took the widget's uses. Each app is its folder
    /// now: its own declarations, its own types' uses, with what they share.
    @Test func aFactoryAppAndItsWidgetEachKeepTheirOwnFactories() throws {
        let files = [
            "Shared/Models.swift": """
            import Factory
            public final class Store {}
            public final class Clock {}
            public protocol Refreshing {}
            extension Container {
                public var clock: Factory<Clock> { self { Clock() }.singleton }
            }

            """,
            "App/App.swift": """
            import Factory
            import SwiftUI
            final class Refresher: Refreshing {
                let clock = Container.shared.clock()
            }
            final class Feed {
                init(store: Store, refresher: Refreshing) {}
            }
            extension Container {
                var store: Factory<Store> { self { Store() }.singleton }
                var refresher: Factory<Refreshing> { self { Refresher() } }
                var feed: Factory<Feed> { self { Feed(store: self.store(), refresher: self.refresher()) } }
            }
            @main struct NotesApp: App {
                @Injected(\\.feed) var feed
                var body: some Scene { WindowGroup { Text("Notes") } }
            }

            """,
            "Widget/Widget.swift": """
            import Factory
            import SwiftUI
            final class Refresher: Refreshing {
                let logger = Container.shared.widgetLogger()
            }
            final class Logger {}
            final class Timeline {
                init(store: Store?, refresher: Refreshing) {}
            }
            extension Container {
                var widgetLogger: Factory<Logger> { self { Logger() } }
                var store: Factory<Store?> { self { Store() }.singleton }
                var refresher: Factory<Refreshing> { self { Refresher() } }
                var timeline: Factory<Timeline> { self { Timeline(store: self.store(), refresher: self.refresher()) } }
            }
            @main struct NotesWidget: Widget {
                @Injected(\\.timeline) var timeline
                var body: some WidgetConfiguration { fatalError() }
            }

            """,
        ]
        let result = try check([], files: files)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout == """
                App/App.swift:14:14: info: of 2 `@main` types, 2 apps are each checked with the registrations its entry reaches and those no entry reaches (the app 'NotesApp' (App/App.swift:14): 3 in its folder, none reached from its entry; the app 'NotesWidget' (Widget/Widget.swift:16): 4 in its folder, none reached from its entry); a finding that holds in only some of them names them [swift-import]
                digraph: checked 8 registrations: 0 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
        let imported = try check([], files: files, command: "import")
        #expect(
            imported.stdout.contains(
                """
                  # App/App.swift:11
                  - provides: Refreshing
                    implementation: Refresher
                    name: refresher
                    dependencies:
                      clock: { type: Clock, name: clock }
                """), "\(imported.stdout)")
        #expect(
            imported.stdout.contains(
                """
                  # Widget/Widget.swift:13
                  - provides: Refreshing
                    implementation: Refresher
                    name: refresher
                    dependencies:
                      logger: { type: Logger, name: widgetLogger }
                  # Widget/Widget.swift:14
                  - provides: Timeline
                    name: timeline
                    dependencies:
                      store: { type: "Store?", name: store }
                """), "\(imported.stdout)")
    }

    /// roya1v/generics-pizza: a SwiftPM package holds a bot (`Sources/GenericsBot`, an `@main` of its
    /// own) beside `GenericsCore`, which every app uses. The bot's folder was the whole package, so
    /// the core's factories were the bot's alone: the apps' uses of them were 6 false
    /// `missing-binding` errors. A `@main` file in a SwiftPM target has that target's folder.
    @Test func aMainInAPackageTargetDoesNotClaimThePackage() throws {
        let files = [
            "Package/Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Package\")\n",
            "Package/Sources/Core/Core.swift": """
            import Factory
            public final class Orders {}
            extension Container {
                public var serverURL: Factory<String> { self { "https://example.com" } }
            }

            """,
            "Package/Sources/Bot/Bot.swift": """
            import Factory
            import Core
            final class Poster {}
            extension Container {
                var poster: Factory<Poster> { self { Poster() } }
            }
            @main struct Bot {
                static func main() { _ = Container.shared.poster() }
            }

            """,
            "App/App.swift": """
            import Factory
            import Core
            import SwiftUI
            final class Client { init(url: String) {} }
            extension Container {
                var client: Factory<Client> { self { Client(url: self.serverURL()) } }
            }
            @main struct ShopApp: App {
                @Injected(\\.client) var client
                var body: some Scene { WindowGroup { Text("Shop") } }
            }

            """,
        ]
        let result = try check([], files: files)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains("missing-binding"), "\(result.stdout)")
        #expect(
            result.stdout.hasPrefix(
                "App/App.swift:8:14: info: of 2 `@main` types, 2 apps are each checked with the registrations its entry reaches and those no entry reaches (the app 'ShopApp' (App/App.swift:8): 1 in its folder, none reached from its entry; the app 'Bot' (Package/Sources/Bot/Bot.swift:7): 1 in its folder, none reached from its entry)"
            ), "\(result.stdout)")
    }

    /// eu-digital-identity-wallet's ID provider extension starts with `_ = ExtContainer.shared`, a
    /// static property whose value builds the type, whose `init` applies the shared assemblies and its
    /// own. Reading the property runs that code: the walk follows it. Before, the extension reached
    /// nothing, so its own registration's dependency was a false `missing-binding` error.
    @Test func aStaticPropertyTheEntryReadsRunsItsValue() throws {
        let files = [
            "Core/Graph.swift": """
            import Swinject

            final class Wallet {}
            final class Handler { init(wallet: Wallet) {} }
            final class CoreAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Wallet.self) { _ in Wallet() }.inObjectScope(.container)
                }
            }
            public final class Graph {
                public static let shared = Graph()
                let assembler = Assembler()
                var resolver: Resolver { assembler.resolver }
                func load(with assemblies: [Assembly]) { assembler.apply(assemblies: assemblies) }
                static func assembleAll(withExtras extras: [Assembly] = []) {
                    let defaults: [Assembly] = [CoreAssembly()]
                    shared.load(with: defaults + extras)
                }
            }

            """,
            "App/Main.swift": """
            @main struct WalletApp {
                init() { Graph.assembleAll() }
                static func main() { _ = Graph.shared.resolver.resolve(Wallet.self)! }
            }

            """,
            "Ext/Ext.swift": """
            import Swinject

            final class ExtAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Handler.self) { r in Handler(wallet: r.resolve(Wallet.self)!) }
                }
            }
            final class ExtContainer {
                static let shared = ExtContainer()
                private init() { setUp() }
                private func setUp() { Graph.assembleAll(withExtras: [ExtAssembly()]) }
            }
            @main struct Provider {
                init() { _ = ExtContainer.shared }
                static func main() { _ = Graph.shared.resolver.resolve(Handler.self)! }
            }

            """,
        ]
        let result = try check([], files: files)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout == """
                App/Main.swift:1:14: info: of 2 `@main` types, 2 apps are each checked with the registrations its entry reaches and those no entry reaches (the app 'WalletApp' (App/Main.swift:1): 1 reached; the app 'Provider' (Ext/Ext.swift:13): 2 reached); a finding that holds in only some of them names them [swift-import]
                digraph: checked 2 registrations: 0 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
    }

    @Test func oneAppAloneShowsItsOwnFault() throws {
        let result = try check(["--exclude", "Phone", "--exclude", "Dev"])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stdout == """
                Shared/Assemblies.swift:5:53: error: nothing provides 'Memory', needed by 'Words' (parameter 'memory') [missing-binding]
                Shared/Assemblies.swift:8:13: info: 'MemoryAssembly' is never applied from the app's entry (AppDelegate.swift:4) and nothing refers to it: its registration is left out of the graph [swift-import]
                Shared/Assemblies.swift:19:13: info: 'SampleMemoryAssembly' is applied only by 'DevAssembly', which the app's entry (AppDelegate.swift:4) never applies and nothing refers to: its registration is left out of the graph [swift-import]
                digraph: checked 1 registration: 1 error, 0 warnings, 2 infos

                """, "\(result.stdout)")
    }

    /// The shapes of CAKK-DEV/cakk-client and WordChecker: a shared framework's app delegate that
    /// each iOS app subclasses (the Dev app applying more in its `override`), and an admin app whose
    /// `@main` type builds its assembler in a stored property, from an assembly named like a shared
    /// one. Each app's graph is its own: the admin app's missing `Network` and the Dev app's
    /// replacement of `Feed` are the errors; the iOS app is clean. Read as one, there were two
    /// duplicates across apps and no missing binding.
    @Test func sharedDelegatesOverridesAndSameNamedAssembliesStayInTheirApps() throws {
        let result = try check([], files: Self.sharedDelegateFiles)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stdout == """
                Admin/Sources/AdminApp.swift:4:8: info: of 3 `@main` types, 3 apps are each checked with the registrations its entry reaches and those no entry reaches (the app 'AdminApp' (Admin/Sources/AdminApp.swift:4): 1 reached; the app 'DevAppDelegate' (Dev/Sources/AppDelegate.swift:4): 3 reached; the app 'AppDelegate' (Phone/Sources/AppDelegate.swift:3): 2 reached); a finding that holds in only some of them names them [swift-import]
                Admin/Sources/AdminApp.swift:10:51: error: nothing provides 'Network', needed by 'Feed' (parameter 'network') (in the app 'AdminApp' (Admin/Sources/AdminApp.swift:4)) [missing-binding]
                Dev/Sources/AppDelegate.swift:12:28: error: 'Feed' is registered again; this registration silently replaces the one at Shared/Common.swift:20:28 (in the app 'DevAppDelegate' (Dev/Sources/AppDelegate.swift:4)) [duplicate-registration]
                Shared/Common.swift:20:28: note: first registered here
                digraph: checked 4 registrations: 2 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
    }

    static let sharedDelegateFiles: [String: String] = [
        "Admin/Sources/AdminApp.swift": """
        import SwiftUI
        import Swinject
        @main
        struct AdminApp: App {
            let assembler = Assembler([FeedAssembly()])
            var body: some Scene { WindowGroup { Text("") } }
        }
        final class FeedAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Feed.self) { r in Feed(network: r.resolve(Network.self)!) }
            }
        }

        """,
        "Dev/Sources/AppDelegate.swift": """
        import UIKit
        import Swinject
        @main
        final class DevAppDelegate: CommonAppDelegate {
            override func initializeContainer() {
                super.initializeContainer()
                container.apply([SampleFeedAssembly()])
            }
        }
        final class SampleFeedAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Feed.self) { _ in SampleFeed() }
            }
        }

        """,
        "Phone/Sources/AppDelegate.swift": """
        import UIKit
        @main
        final class AppDelegate: CommonAppDelegate {}

        """,
        "Shared/Common.swift": """
        import Swinject
        import UIKit
        let container = Assembler()
        final class NetworkAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Network.self) { _ in Network() }.inObjectScope(.container)
            }
        }
        class CommonAppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                initializeContainer()
                return true
            }
            func initializeContainer() {
                container.apply([NetworkAssembly(), FeedAssembly()])
            }
        }
        final class FeedAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Feed.self) { r in Feed(network: r.resolve(Network.self)!) }
            }
        }

        """,
    ]

    /// EmerBV/figrclub's shape: a SwiftUI `@main` app and an `AppDelegate` no
    /// `@UIApplicationDelegateAdaptor` names. UIKit never calls that delegate's launch method, so its
    /// resolve is no launch resolve (it stays a resolve of the app's code), and one info says why;
    /// named by an adaptor (`(AppDelegate.self)`, or the property's type), or beside a `main.swift`
    /// starting UIKit, the delegate launches as before.
    @Test func aDelegateTheSwiftUIAppDoesNotNameNeverLaunches() throws {
        let app =
            "import SwiftUI\nimport UIKit\n\n" + dictionaryContainer + """
                protocol Images {}
                final class ImageCache: Images {}

                final class AppDelegate: NSObject, UIApplicationDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
                        _ = DIContainer.shared.resolve(Images.self)
                        return true
                    }
                }

                @main
                struct ShopApp: App {
                    init() { DIContainer.shared.register(Images.self, instance: ImageCache()) }
                    var body: some Scene { WindowGroup { Text("Shop") } }
                }

                """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:17:10: info: 'AppDelegate' is not the delegate of the SwiftUI app 'ShopApp' (no `@UIApplicationDelegateAdaptor` names it), so nothing calls its `application(_:didFinishLaunchingWithOptions:)`: digraph does not read it as launch code [swift-import]
                digraph: checked 1 registration: 0 errors, 0 warnings, 1 info

                """, "\(checked.stdout)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
        #expect(imported.stdout.hasSuffix("resolves:\n  # App.swift:18\n  - Images\n"), "\(imported.stdout)")

        let adapted = app.replacingOccurrences(
            of: "struct ShopApp: App {\n", with: "struct ShopApp: App {\n    @UIApplicationDelegateAdaptor(AppDelegate.self) var delegate\n")
        let typed = app.replacingOccurrences(
            of: "struct ShopApp: App {\n", with: "struct ShopApp: App {\n    @UIApplicationDelegateAdaptor private var delegate: AppDelegate\n")
        for adapted in [adapted, typed] {
            let named = try withApp(adapted) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
            #expect(named.stdout == "digraph: checked 1 registration: 0 errors, 0 warnings, 0 infos\n", "\(named.stdout)")
            let launched = try withApp(adapted) { folder in try CLIRunner.run(["import", "App.swift"], directory: folder) }
            #expect(launched.stdout.hasSuffix("resolves:\n  # App.swift:18\n  - { type: Images, launch: true }\n"), "\(launched.stdout)")
        }
        // Beside a `main.swift` that starts UIKit with a delegate, the delegate may be that app's: kept.
        let started = try withApp(app) { folder in
            try "import UIKit\nUIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate.self))\n"
                .write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
            return try CLIRunner.run(["check", "."], directory: folder)
        }
        #expect(started.stdout == "digraph: checked 1 registration: 0 errors, 0 warnings, 0 infos\n", "\(started.stdout)")
    }

    /// SHcommit/BibleAsIs (Tuist): the app and one demo app per feature, each `Support/` folder
    /// holding an `@main` delegate that does nothing and a scene delegate whose stored property
    /// builds that app's own `AppDIContainer` (`= AppDIContainer()`, `: AppDIContainer = .init()`).
    /// The stored properties of a type declaring a launch method are built before it runs; and the
    /// feature's assembly, in the folder of its demo app, is the app's too where the app applies it
    /// (nothing else is so named). Before, the two apps were read as one and the demo app's missing
    /// `Store` was hidden; with more demo apps, each claimed its feature's assembly, and the app's
    /// resolves of it were false `missing-binding` errors (13 in the app).
    @Test func aSceneDelegatesContainerAndAFeatureAssemblyInADemoAppsFolderAreTheApps() throws {
        let files: [String: String] = [
            "Modules/App/Support/AppDelegate.swift": """
            import UIKit
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
            }

            """,
            "Modules/App/Support/SceneDelegate.swift": """
            import UIKit
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                private(set) var di = AppDIContainer()
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    _ = di.assembler.resolver.resolve(FeedInterface.self)!
                }
            }

            """,
            "Modules/App/Support/AppDIContainer.swift": """
            import Swinject
            struct AppDIContainer {
                let assembler = Assembler()
                init() { assembler.apply(assemblies: [DataAssembly(), FeedAssembly()]) }
            }

            """,
            "Modules/Feed/Support/AppDelegate.swift": """
            import UIKit
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
            }

            """,
            "Modules/Feed/Support/SceneDelegate.swift": """
            import UIKit
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                private var di: AppDIContainer = .init()
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    _ = di.assembler.resolver.resolve(FeedInterface.self)!
                }
            }

            """,
            "Modules/Feed/Support/AppDIContainer.swift": """
            import Swinject
            struct AppDIContainer {
                let assembler = Assembler()
                init() { assembler.apply(assemblies: [FeedAssembly()]) }
            }

            """,
            "Modules/Feed/Sources/FeedAssembly.swift": """
            import Swinject
            public protocol FeedInterface {}
            struct FeedGateway: FeedInterface { init(store: Store) {} }
            public struct FeedAssembly: Assembly {
                public init() {}
                public func assemble(container: Container) {
                    container.register(FeedInterface.self) { r in FeedGateway(store: r.resolve(Store.self)!) }
                }
            }

            """,
            "Modules/Data/Sources/DataAssembly.swift": """
            import Swinject
            public protocol Store {}
            final class DiskStore: Store {}
            public struct DataAssembly: Assembly {
                public init() {}
                public func assemble(container: Container) {
                    container.register(Store.self) { _ in DiskStore() }.inObjectScope(.container)
                }
            }

            """,
        ]
        let result = try check([], files: files)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stdout == """
                Modules/App/Support/AppDelegate.swift:3:13: info: of 2 `@main` types, 2 apps are each checked with the registrations its entry reaches and those no entry reaches (the app 'AppDelegate' (Modules/App/Support/AppDelegate.swift:3): 2 reached; the app 'AppDelegate' (Modules/Feed/Support/AppDelegate.swift:3): 1 reached); a finding that holds in only some of them names them [swift-import]
                Modules/Feed/Sources/FeedAssembly.swift:7:67: error: nothing provides 'Store', needed by 'FeedInterface' (parameter 'store') (in the app 'AppDelegate' (Modules/Feed/Support/AppDelegate.swift:3)) [missing-binding]
                digraph: checked 2 registrations: 1 error, 0 warnings, 1 info

                """, "\(result.stdout)")
    }

    /// adrianswiatek/shopping-list: an iOS app whose delegate is `@UIApplicationMain` beside a
    /// watch app's `@main`, each with its own container and its own `ViewModelsFactory`. The older
    /// spelling is an app too: the two are checked apart (they were read as one). And one app's
    /// type is not the other's: what the watch app's `ViewModelsFactory` resolves is no lazy
    /// dependency of the iOS app's registration (4 wrong edges in the app).
    @Test func aUIApplicationMainDelegateIsAnAppAndItsTypesAreItsOwn() throws {
        let files: [String: String] = [
            "Phone/AppDelegate.swift": """
            import Swinject
            import UIKit

            @UIApplicationMain
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let container = Container()
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    container.register(ListsService.self) { _ in ListsService() }.inObjectScope(.container)
                    container.register(ViewModelsFactory.self) { r in ViewModelsFactory(resolver: r) }
                    _ = container.resolve(ViewModelsFactory.self)!
                    return true
                }
            }
            final class ListsService {}
            final class ViewModelsFactory {
                let resolver: Resolver
                init(resolver: Resolver) { self.resolver = resolver }
                func lists() -> ListsService { resolver.resolve(ListsService.self)! }
            }

            """,
            "Watch/WatchApp.swift": """
            import SwiftUI
            import Swinject

            @main
            struct WatchApp: App {
                let container = Container()
                init() {
                    container.register(EventsBus.self) { _ in EventsBus() }.inObjectScope(.container)
                    container.register(Gateway.self) { r in Gateway(bus: r.resolve(EventsBus.self)!) }
                    _ = container.resolve(Gateway.self)!
                }
                var body: some Scene { WindowGroup { Text("x") } }
            }
            final class EventsBus {}
            final class Gateway { init(bus: EventsBus) {} }
            final class ViewModelsFactory {
                let resolver: Resolver
                init(resolver: Resolver) { self.resolver = resolver }
                func bus() -> EventsBus { resolver.resolve(EventsBus.self)! }
            }

            """,
        ]
        let result = try check([], files: files)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout == """
                Phone/AppDelegate.swift:5:13: info: of 2 `@main` types, 2 apps are each checked with the registrations its entry reaches and those no entry reaches (the app 'AppDelegate' (Phone/AppDelegate.swift:5): 2 reached; the app 'WatchApp' (Watch/WatchApp.swift:5): 2 reached); a finding that holds in only some of them names them [swift-import]
                Phone/AppDelegate.swift:9:77: info: 'ViewModelsFactory': parameter 'resolver' is given the resolver `r` itself, which a manifest does not pass; it is left out, and what 'ViewModelsFactory' resolves through it is read as its lazy dependencies [swift-import]
                digraph: checked 4 registrations: 0 errors, 0 warnings, 2 infos

                """, "\(result.stdout)")
        let imported = try check([], files: files, command: "import")
        #expect(
            imported.stdout.contains(
                """
                  - provides: ViewModelsFactory
                    lifetime: graph
                    dependencies:
                      listsService: { type: "ListsService?", lazy: true }
                  # Watch/WatchApp.swift:8
                """), "\(imported.stdout)")
    }

    /// SHcommit/BibleAsIs: the app calls a feature's gateway, which sits in the folder of that
    /// feature's demo app. A resolve in code an app's walk runs is that app's root wherever the
    /// code is: before, the app's `Store` was "used by nothing" there (69 such infos in the app;
    /// a view's resolves that run on a tap are still out of the walk's reach).
    @Test func aResolveInCodeTheAppsWalkRunsIsItsRoot() throws {
        let files: [String: String] = [
            "App/Support/AppDelegate.swift": """
            import Swinject
            import UIKit

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let container = Container()
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    container.register(Store.self) { _ in Store() }.inObjectScope(.container)
                    container.register(Clock.self) { _ in Clock() }
                    _ = container.resolve(Clock.self)!
                    FeedGateway().makeFeed(resolver: container)
                    return true
                }
            }
            final class Clock {}

            """,
            "Feed/Sources/FeedGateway.swift": """
            import Swinject
            final class Store {}
            public struct FeedGateway {
                public init() {}
                public func makeFeed(resolver: Resolver) { _ = resolver.resolve(Store.self)! }
            }

            """,
            "Feed/Support/AppDelegate.swift": """
            import Swinject
            import UIKit

            @main
            final class DemoDelegate: UIResponder, UIApplicationDelegate {
                let container = Container()
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    container.register(Store.self) { _ in Store() }
                    FeedGateway().makeFeed(resolver: container)
                    return true
                }
            }

            """,
        ]
        let result = try check([], files: files)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout == """
                App/Support/AppDelegate.swift:5:13: info: of 2 `@main` types, 2 apps are each checked with the registrations its entry reaches and those no entry reaches (the app 'AppDelegate' (App/Support/AppDelegate.swift:5): 2 reached; the app 'DemoDelegate' (Feed/Support/AppDelegate.swift:5): 1 reached); a finding that holds in only some of them names them [swift-import]
                digraph: checked 3 registrations: 0 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
    }

    /// vexl-ios and its framework's example app each register an `AuthenticationManager` once: `check .`
    /// keeps them apart, but the one manifest `import` writes cannot, and `check` of it reports the
    /// key registered twice. `import` says so where it writes the file.
    @Test func importSaysWhereTwoAppsRegisterOneKey() throws {
        let files = [
            "Phone/App.swift": """
            import Swinject
            final class Clock {}
            @main
            struct PhoneApp {
                let container = Container()
                init() {
                    container.register(Clock.self) { _ in Clock() }.inObjectScope(.container)
                    _ = container.resolve(Clock.self)!
                }
            }

            """,
            "Watch/App.swift": """
            import Swinject
            final class Clock {}
            @main
            struct WatchApp {
                let container = Container()
                init() {
                    container.register(Clock.self) { _ in Clock() }
                    _ = container.resolve(Clock.self)!
                }
            }

            """,
        ]
        let checked = try check([], files: files)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(!checked.stdout.contains("written manifest"), "\(checked.stdout)")
        let imported = try check([], files: files, command: "import")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stderr.contains(
                "Watch/App.swift:7:9: warning: the written manifest holds 2 apps' registrations, and a manifest has no apps: 'Clock', which each app registers once, is registered twice in it, and `check` of the file says so; import each app's folder on its own, or check the Swift sources, which keeps the apps apart [swift-import]\n"
            ), "\(imported.stderr)")
    }
}
