import Foundation
import Testing

/// Hand-rolled containers read the way their own declarations define them, each fixture compiled
/// with swiftc and run, so that what digraph says is held against what the program really does.
struct HandRolledContainerTests {
    func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-handrolled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Copies a fixture folder into `directory` (optionally editing one file), compiles it, runs it.
    func compileAndRun(_ fixture: String, in directory: URL, edit: (file: String, from: String, to: String)? = nil) throws -> CLIRunner.Result {
        let source = CLIRunner.packageRoot.appendingPathComponent("fixtures/import/\(fixture)")
        let copy = directory.appendingPathComponent(fixture)
        try FileManager.default.copyItem(at: source, to: copy)
        if let edit {
            let file = copy.appendingPathComponent(edit.file)
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains(edit.from))
            try text.replacingOccurrences(of: edit.from, with: edit.to).write(to: file, atomically: true, encoding: .utf8)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: copy.path).filter { $0.hasSuffix(".swift") }.sorted()
        let program = directory.appendingPathComponent("\(fixture)-program").path
        let compiled = try CLIRunner.runProgram(
            "/usr/bin/env",
            ["swiftc", "-swift-version", "6", "-parse-as-library", "-module-name", "Fixture", "-o", program]
                + files.map { copy.appendingPathComponent($0).path }, timeout: 300)
        #expect(compiled.status == 0, "\(compiled.stdout)\(compiled.stderr)")
        return try CLIRunner.runProgram(program, [])
    }

    /// The write-ups' token repository registered above the two managers it resolves.
    static let wrongOrder = """
        fixtures/import/eager/App.swift:16:13: error: 'TokenRepositoryProtocol' resolves 'NetworkManagerProtocol' when it is registered (parameter 'networkManager'), but 'NetworkManagerProtocol' is registered only after it: at launch the resolve finds nothing and the app stops there; register 'NetworkManagerProtocol' first, or resolve it inside the factory [registration-order]
        fixtures/import/eager/App.swift:18:9: note: 'NetworkManagerProtocol' is registered here
        fixtures/import/eager/App.swift:17:13: error: 'TokenRepositoryProtocol' resolves 'KeychainManagerProtocol' when it is registered (parameter 'keychainManager'), but 'KeychainManagerProtocol' is registered only after it: at launch the resolve finds nothing and the app stops there; register 'KeychainManagerProtocol' first, or resolve it inside the factory [registration-order]
        fixtures/import/eager/App.swift:19:9: note: 'KeychainManagerProtocol' is registered here
        digraph: checked 3 registrations: 2 errors, 0 warnings, 0 infos

        """

    @Test func theEagerContainerInTheWrongOrderStopsAtLaunchAndCheckSaysSo() throws {
        let check = try CLIRunner.run(["check", "fixtures/import/eager"])
        #expect(check.status == 1)
        #expect(check.stdout == Self.wrongOrder)

        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let crashed = try compileAndRun("eager", in: directory)
        #expect(crashed.status != 0)
        #expect((crashed.stdout + crashed.stderr).contains("NetworkManagerProtocol is not registered"))
    }

    @Test func theEagerContainerInTheRightOrderRunsAndChecksClean() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let moved = (
            file: "App.swift",
            from: """
                    container.register(TokenRepositoryProtocol.self, instance: TokenRepository(
                        networkManager: container.resolve(NetworkManagerProtocol.self),
                        keychainManager: container.resolve(KeychainManagerProtocol.self)))
                    container.register(NetworkManagerProtocol.self, instance: NetworkManager())
                    container.register(KeychainManagerProtocol.self, instance: KeychainManager())
            """,
            to: """
                    container.register(NetworkManagerProtocol.self, instance: NetworkManager())
                    container.register(KeychainManagerProtocol.self, instance: KeychainManager())
                    container.register(TokenRepositoryProtocol.self, instance: TokenRepository(
                        networkManager: container.resolve(NetworkManagerProtocol.self),
                        keychainManager: container.resolve(KeychainManagerProtocol.self)))
            """
        )
        let ran = try compileAndRun("eager", in: directory, edit: moved)
        #expect(ran.status == 0)
        #expect(ran.stdout == "started: LoginViewModel\n")
        let check = try CLIRunner.run(["check", "eager"], directory: directory)
        #expect(check.status == 0)
        #expect(check.stdout == "digraph: checked 3 registrations: 0 errors, 0 warnings, 0 infos\n")
    }

    @Test func anAssemblerChainsLifetimesAgreeWithTheRunningProgram() throws {
        let check = try CLIRunner.run(["check", "fixtures/import/assembler"])
        #expect(check.status == 0)
        // The captured repository is real: every ProfileUseCase shares the one the assembler resolved.
        // Remote.User and Local.User print alike but the container keys by ObjectIdentifier: no key-collision.
        // Offline and Data assemblers are alternatives (if/else): their APIClienting is no duplicate.
        #expect(
            check.stdout == """
                fixtures/import/assembler/Assemblers.swift:7:9: info: 'APIClienting' is registered here and at Assemblers.swift:18 in alternative branches, of which the app applies one: the graph keeps the first [swift-import]
                fixtures/import/assembler/Assemblers.swift:25:32: warning: transient 'ProfileUseCase' captures transient 'UserRepository' when it is registered (parameter 'repository'): every value its factory makes shares that one value; resolve 'UserRepository' inside the factory if each needs a fresh one, or make it a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right [captive-dependency]
                fixtures/import/assembler/Assemblers.swift:9:9: note: 'UserRepository' is registered transient here
                fixtures/import/assembler/Assemblers.swift:27:9: info: nothing reachable from a root uses 'Clock'; remove its registration, or give digraph the paths of the code that resolves it [unused-registration]
                fixtures/import/assembler/Assemblers.swift:33:6: info: 'MockAssembler' is never applied from the app's entry (App.swift:7) and nothing refers to it: its 3 registrations are left out of the graph [swift-import]
                digraph: checked 7 registrations: 0 errors, 1 warning, 3 infos

                """)

        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ran = try compileAndRun("assembler", in: directory)
        #expect(ran.status == 0)
        #expect(ran.stdout.contains("Remote.User and Local.User apart: true\n"))
        #expect(ran.stdout.contains("screens make a use case: true\n"))
        // What the program prints about sharing is what the imported lifetimes say.
        let imported = try CLIRunner.run(["import", "fixtures/import/assembler", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as! [String: Any]
        var lifetimes: [String: String] = [:]
        for registration in object["registrations"] as! [[String: Any]] {
            lifetimes[registration["provides"] as! String] = registration["lifetime"] as? String ?? "transient"
        }
        var compared = 0
        for line in ran.stdout.split(separator: "\n") where line.hasSuffix("shared: true") || line.hasSuffix("shared: false") {
            let key = String(line.split(separator: " ")[0])
            #expect(lifetimes[key] == (line.hasSuffix("true") ? "singleton" : "transient"), "\(key)")
            compared += 1
        }
        #expect(compared == 5)
    }

    /// 36-APPJAM-HEARTZ/BYEBOO-iOS's shape: `mockDependencyInject()`, which nothing calls, builds a
    /// mock data assembler the live chain of assemblers also takes. Its registrations were the
    /// app's, placed last: 3 false `duplicate-registration` errors (and the live ones "unused").
    /// A type built only in functions nothing calls (no override, no parameters: not the system's
    /// callbacks) is left out as unapplied; once some code calls that function, it is the app's.
    @Test func anAssemblerBuiltOnlyInAFunctionNothingCallsIsLeftOut() throws {
        let app = """
            import UIKit

            protocol DependencyAssembler {
                func assemble()
            }
            final class DIContainer {
                static let shared = DIContainer()
                private var storage: [String: (DIContainer) -> Any] = [:]
                func register<T>(type: T.Type, closure: @escaping (DIContainer) -> Any) {
                    storage["\\(type)"] = closure
                }
                func resolve<T>(type: T.Type) -> T? {
                    storage["\\(type)"]?(self) as? T
                }
            }
            protocol UsersInterface {}
            final class UserRepository: UsersInterface {}
            final class MockUserRepository: UsersInterface {}
            final class ProfileModel {
                init(users: UsersInterface) {}
            }
            struct DataAssembler: DependencyAssembler {
                func assemble() {
                    DIContainer.shared.register(type: UsersInterface.self) { _ in UserRepository() }
                }
            }
            struct MockDataAssembler: DependencyAssembler {
                func assemble() {
                    DIContainer.shared.register(type: UsersInterface.self) { _ in MockUserRepository() }
                }
            }
            struct DomainAssembler: DependencyAssembler {
                let data: DependencyAssembler
                func assemble() {
                    data.assemble()
                }
            }
            struct PresentationAssembler: DependencyAssembler {
                let domain: DependencyAssembler
                func assemble() {
                    domain.assemble()
                    DIContainer.shared.register(type: ProfileModel.self) { container in
                        ProfileModel(users: container.resolve(type: UsersInterface.self)!)
                    }
                }
            }
            extension DIContainer {
                func dependencyInject() {
                    PresentationAssembler(domain: DomainAssembler(data: DataAssembler())).assemble()
                }
                func mockDependencyInject() {
                    PresentationAssembler(domain: DomainAssembler(data: MockDataAssembler())).assemble()
                }
            }
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    DIContainer.shared.dependencyInject()
                    _ = DIContainer.shared.resolve(type: ProfileModel.self)
                    return true
                }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:27:8: info: 'MockDataAssembler' is built only in 'mockDependencyInject()' (App.swift:51), which the app's entry (App.swift:56) never runs and nothing calls: its registration is left out of the graph [swift-import]
                digraph: checked 2 registrations: 0 errors, 0 warnings, 1 info

                """, "\(checked.stdout)")
        let called = app + "func useMocks() { DIContainer.shared.mockDependencyInject() }\n"
        let calledChecked = try withApp(called) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(calledChecked.status == 1)
        #expect(calledChecked.stdout.contains("App.swift:29:43: error: 'UsersInterface' is registered again"), "\(calledChecked.stdout)")
    }

    /// baisethomas/tablet-notes-v2: a SwiftUI app whose `@main` type declares no `init` (so no
    /// launch code is read) and a `ServiceProvider.registerServices()` nothing calls. With nothing
    /// reached from the start the registrations stay in the graph (the walk may have missed how the
    /// app starts), but it is said where they are; once the app calls it, nothing is said.
    @Test func registrationsNothingRefersToAreSaidWhenTheStartReachesNone() throws {
        let app = """
            import SwiftUI

            final class Registry {
                static let shared = Registry()
                private var items: [String: Any] = [:]
                func register<T>(_ type: T.Type, service: T) { items[String(describing: type)] = service }
            }
            protocol Store {}
            final class DiskStore: Store {}
            protocol Clock {}
            final class SystemClock: Clock {}
            enum Setup {
                static func registerAll() {
                    Registry.shared.register(Store.self, service: DiskStore())
                    Registry.shared.register(Clock.self, service: SystemClock())
                }
            }
            @main struct NotesApp: App {
                var body: some Scene { WindowGroup { Text("Notes") } }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:12:6: info: nothing in the code refers to 'Setup', and the app's start (App.swift:18) reaches no registration: its 2 registrations are kept in the graph; if that code never runs, remove them [swift-import]
                digraph: checked 2 registrations: 0 errors, 0 warnings, 1 info

                """, "\(checked.stdout)")
        let called = app.replacingOccurrences(of: "@main struct NotesApp: App {\n", with: "@main struct NotesApp: App {\n    init() { Setup.registerAll() }\n")
        let calledChecked = try withApp(called) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(calledChecked.stdout == "digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos\n", "\(calledChecked.stdout)")
    }

    /// Team-Maple/MLS-iOS: a table keyed by type, then name (`[ObjectIdentifier: [String: () -> Any]]`),
    /// written by copying the inner table (`var named = services[key] ?? [:]; named[name] = { object()
    /// }; services[key] = named`), and a resolve keeping each value in a second such table: the
    /// register was not read at all (taken for Swinject's shape by its name) and all 380 lifetimes
    /// were transient. The inner table's writes are the store's; the resolve that reads then writes
    /// keeps the first value. A table written the nested way (`made[key, default: [:]][name] = v`)
    /// is read too; one whose resolve keeps nothing stays transient, and the register's own copy
    /// (read, then written) is no cache.
    @Test func aTableKeyedByTypeThenNameIsRead() throws {
        let cached = """
            protocol Clock {}
            final class SystemClock: Clock {}
            final class DIContainer {
                static let shared = DIContainer()
                private var services: [ObjectIdentifier: [String: () -> Any]] = [:]
                private var instances: [ObjectIdentifier: [String: Any]] = [:]
                private let queue = DispatchQueue(label: "container")

                static func register<T>(type: T.Type, name: String? = nil, object: @escaping () -> T) {
                    shared.register(type: type, name: name, object: object)
                }
                static func resolve<T>(type: T.Type, name: String? = nil) -> T {
                    shared.resolve(type: type, name: name)
                }
            }
            private extension DIContainer {
                func register<T>(type: T.Type, name: String?, object: @escaping () -> T) {
                    queue.sync {
                        let key = ObjectIdentifier(type)
                        var named = services[key] ?? [:]
                        if named[name ?? "default"] != nil { fatalError("\\(type) is registered twice") }
                        named[name ?? "default"] = { object() }
                        services[key] = named
                    }
                }
                func resolve<T>(type: T.Type, name: String?) -> T {
                    let key = ObjectIdentifier(type)
                    let nameKey = name ?? "default"
                    if let instance = instances[key]?[nameKey] as? T { return instance }
                    guard let make = services[key]?[nameKey] else { fatalError("\\(type) is not registered") }
                    let made = make()
                    var namedInstances = instances[key] ?? [:]
                    namedInstances[nameKey] = made
                    instances[key] = namedInstances
                    return made as! T
                }
            }
            @main struct App {
                static func main() {
                    DIContainer.register(type: Clock.self) { SystemClock() }
                    _ = DIContainer.resolve(type: Clock.self)
                }
            }

            """
        #expect(
            try withApp(cached) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }.stdout == """
                # Imported from Swift by `digraph import App.swift`; regenerate rather than edit,
                # or copy it once and maintain it by hand from then on.
                version: 1
                assembly: AppAssembly
                interfaces:
                  Clock: {}

                registrations:
                  # App.swift:40
                  # register(type:name:object:) stores a factory whose first value the container keeps (App.swift:17)
                  - provides: Clock
                    implementation: SystemClock
                    lifetime: singleton

                resolves:
                  # App.swift:41
                  - { type: Clock, launch: true }

                """)
        let nested = """
            protocol Clock {}
            final class SystemClock: Clock {}
            final class Box {
                static let shared = Box()
                private var makers: [ObjectIdentifier: () -> Any] = [:]
                private var made: [ObjectIdentifier: [String: Any]] = [:]
                func register<T>(_ type: T.Type, _ make: @escaping () -> T) { makers[ObjectIdentifier(type)] = make }
                func resolve<T>(_ type: T.Type, name: String = "default") -> T {
                    if let value = made[ObjectIdentifier(type)]?[name] as? T { return value }
                    let value = makers[ObjectIdentifier(type)]!() as! T
                    made[ObjectIdentifier(type), default: [:]][name] = value
                    return value
                }
            }
            @main struct App {
                static func main() {
                    Box.shared.register(Clock.self) { SystemClock() }
                    _ = Box.shared.resolve(Clock.self)
                }
            }

            """
        #expect(
            try withApp(nested) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }.stdout == """
                # Imported from Swift by `digraph import App.swift`; regenerate rather than edit,
                # or copy it once and maintain it by hand from then on.
                version: 1
                assembly: AppAssembly
                interfaces:
                  Clock: {}

                registrations:
                  # App.swift:17
                  # register(_:_:) stores a factory whose first value the container keeps (App.swift:7)
                  - provides: Clock
                    implementation: SystemClock
                    lifetime: singleton

                resolves:
                  # App.swift:18
                  - { type: Clock, launch: true }

                """)
        let uncached = """
            protocol Clock {}
            final class SystemClock: Clock {}
            final class Factories {
                static let shared = Factories()
                private var makers: [ObjectIdentifier: [String: () -> Any]] = [:]
                func register<T>(_ type: T.Type, name: String = "default", _ make: @escaping () -> T) {
                    var named = makers[ObjectIdentifier(type)] ?? [:]
                    named[name] = { make() }
                    makers[ObjectIdentifier(type)] = named
                }
                func resolve<T>(_ type: T.Type, name: String = "default") -> T { makers[ObjectIdentifier(type)]![name]!() as! T }
            }
            @main struct App {
                static func main() {
                    Factories.shared.register(Clock.self) { SystemClock() }
                    _ = Factories.shared.resolve(Clock.self)
                }
            }

            """
        #expect(
            try withApp(uncached) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }.stdout == """
                # Imported from Swift by `digraph import App.swift`; regenerate rather than edit,
                # or copy it once and maintain it by hand from then on.
                version: 1
                assembly: AppAssembly
                interfaces:
                  Clock: {}

                registrations:
                  # App.swift:15
                  # register(_:name:_:) stores a factory the container calls on every resolve (App.swift:6)
                  - provides: Clock
                    implementation: SystemClock

                resolves:
                  # App.swift:16
                  - { type: Clock, launch: true }

                """)
    }

    /// A store keyed by a value made from the type is classified as a metatype-keyed one is: one
    /// whose resolve keeps the first value it makes holds singletons, one that calls the factory
    /// on every resolve transients.
    @Test func anIdentifierKeyedStoreThatKeepsItsFirstValueHoldsSingletons() throws {
        func app(keepsFirst: Bool) -> String {
            """
            struct Key<V>: Hashable {
                static func == (lhs: Key, rhs: Key) -> Bool { true }
                func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(V.self)) }
            }
            final class Container {
                static let shared = Container()
                private var factories: [AnyHashable: () -> Any] = [:]
                private var instances: [AnyHashable: Any] = [:]
                func store<V>(_ key: Key<V>, _ make: @escaping () -> V) { factories[key] = make }
                func register<V>(_ type: V.Type, _ make: @escaping () -> V) { store(Key<V>(), make) }
                func resolve<V>(_ type: V.Type) -> V {
                    if let kept = instances[Key<V>()] as? V { return kept }
                    let value = factories[Key<V>()]!() as! V
                    \(keepsFirst ? "instances[Key<V>()] = value" : "")
                    return value
                }
            }
            final class Clock {}
            final class Store { init(clock: Clock) {} }
            func registerAll() {
                Container.shared.register(Clock.self) { Clock() }
                Container.shared.register(Store.self) { Store(clock: Container.shared.resolve(Clock.self)) }
            }

            """
        }
        // Transient is the manifest's default: no `lifetime:` line.
        for (keepsFirst, lifetime) in [(true, "\n    lifetime: singleton"), (false, "")] {
            let imported = try withApp(app(keepsFirst: keepsFirst)) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(
                imported.stdout.hasSuffix(
                    """
                    registrations:
                      # App.swift:21
                      # register(_:_:) forwards to store(_:_:) (App.swift:10)
                      - provides: Clock\(lifetime)
                      # App.swift:22
                      # register(_:_:) forwards to store(_:_:) (App.swift:10)
                      - provides: Store\(lifetime)
                        dependencies:
                          clock: Clock

                    """), "\(imported.stdout)")
        }
    }
}

/// `import: containers:` states what a container's methods do where their declaration is not in
/// the given paths (a container from a package, a body digraph cannot read).
struct StatedContainerTests {
    static let app = """
        func wire() {
            Services.shared.provide(Clock.self) { Clock() }
            Services.shared.provideLazy(Store.self) { Store(clock: Services.shared.lookup(Clock.self)) }
        }
        final class Screen {
            let store = Services.shared.lookup(Store.self)
        }

        """

    func project(_ configuration: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-stated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Self.app.write(to: root.appendingPathComponent("App/Wiring.swift"), atomically: true, encoding: .utf8)
        try configuration.write(to: root.appendingPathComponent(".digraph.yml"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func statedMethodsAreReadAsTheConfigurationSays() throws {
        let root = try project("import:\n  paths: [App]\n  containers:\n    provide: transient\n    provideLazy: singleton\n    lookup: resolve\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let imported = try CLIRunner.run(["import", "-o", "-"], directory: root)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stdout.contains(
                """
                  - provides: Clock
                  # App/Wiring.swift:3
                  # provideLazy(_:_:) as .digraph.yml states (.digraph.yml:1)
                  - provides: Store
                    lifetime: singleton
                    dependencies:
                      clock: Clock

                resolves:
                  # App/Wiring.swift:6
                  - Store
                """))
        #expect(imported.stderr == "digraph: read 1 Swift file: 2 registrations, 2 resolves, 0 calls not understood\n")
        // The same statements on the command line, for check.
        let check = try CLIRunner.run(
            ["check", "App", "--container", "provide=transient", "--container", "provideLazy=singleton", "--container", "lookup=resolve"], directory: root)
        // The stated lifetimes are what the rules see: a lazy singleton keeps the first transient Clock.
        #expect(
            check.stdout == """
                App/Wiring.swift:3:53: warning: singleton 'Store' holds transient 'Clock' (parameter 'clock'): the value is made once and kept for the singleton's whole life; make 'Clock' a singleton (Swinject's `.container` scope, Factory's `.singleton` or `.cached`) if one shared value is right, resolve it lazily (inside a closure, or through a `Provider`) if each use needs a fresh one, or make 'Store' shorter-lived [captive-dependency]
                App/Wiring.swift:2:5: note: 'Clock' is registered transient here
                digraph: checked 2 registrations: 0 errors, 1 warning, 0 infos

                """)
        #expect(check.status == 0)
    }

    @Test func withoutStatementsTheShapeIsReadWithAWarning() throws {
        let root = try project("import:\n  paths: [App]\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let imported = try CLIRunner.run(["import", "-o", "-"], directory: root)
        #expect(imported.stdout.contains("registrations: []"))
        #expect(
            imported.stderr == """
                App/Wiring.swift:2:5: warning: `provide(_:_:)` looks like a registration, but its declaration is not in the given paths and digraph does not know what it does: its calls are not read. Give the file that declares the container, or state the method's meaning under `import: containers:` in .digraph.yml [swift-import]
                App/Wiring.swift:3:5: warning: `provideLazy(_:_:)` looks like a registration, but its declaration is not in the given paths and digraph does not know what it does: its calls are not read. Give the file that declares the container, or state the method's meaning under `import: containers:` in .digraph.yml [swift-import]
                digraph: imported 0 registrations: 0 errors, 2 warnings, 0 infos
                digraph: read 1 Swift file: 0 registrations, 0 resolves, 2 calls not understood

                """)
    }

    @Test func aBadStatementIsLocated() throws {
        let root = try project("import:\n  paths: [App]\n  containers:\n    provide: singelton\n    \"bad name\": eager\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let imported = try CLIRunner.run(["import", "-o", "-"], directory: root)
        #expect(imported.status == 2)
        #expect(
            imported.stderr.replacingOccurrences(of: root.path + "/", with: "") == """
                .digraph.yml:4:14: error: 'import.containers.provide' must be one of eager, transient, singleton, resolve, resolve-optional, found 'singelton' (did you mean 'singleton'?) [schema]
                .digraph.yml:5:5: error: 'import.containers': 'bad name' is not a method name; write the method's base name, such as `registerLazy` [schema]
                digraph: the configuration .digraph.yml cannot be used; fix it first

                """)
        let flag = try CLIRunner.run(["check", "App", "--container", "provide"], directory: root)
        #expect(flag.status == 2)
        #expect(
            flag.stderr.contains(
                "--container provide: write NAME=MEANING, NAME a method's base name and MEANING one of eager, transient, singleton, resolve, resolve-optional"))
    }

    /// diananareiko/RickAndMortySwiftUI's, PavelSakhanko/HW_1_6's and FitzAfful/MockingProject's
    /// containers key what `register<T>(_ service: T)` stores by the type Swift infers for the value.
    /// Each call is read by the type it writes out (`APIClient() as APIClientProtocol`, `Clock()`);
    /// one that does not (`makeLogger()`) is a warning at the call, and a key nothing read provides
    /// may be its: a warning, not an error. `guard let api: APIClientProtocol = resolve()` resolves
    /// the binding's type. A method storing under a string it is given is none of these.
    @Test func aRegisterKeyedByTheValuesInferredTypeIsReadAtEachCall() throws {
        let app = """
            final class Services {
                static let shared = Services()
                private var services: [String: Any] = [:]
                func register<T>(_ service: T) { services[String(describing: T.self)] = service }
                func resolve<T>() -> T? { services[String(describing: T.self)] as? T }
            }
            final class Settings {
                private var values: [String: Any] = [:]
                func set<V>(_ value: V, for key: String) { values[key] = value }
            }
            protocol APIClientProtocol {}
            final class APIClient: APIClientProtocol {}
            final class Clock {}
            protocol Logger {}
            final class Feed {
                init(api: APIClientProtocol, logger: Logger) {}
            }
            func makeLogger() -> Logger { fatalError() }
            func launch() {
                Services.shared.register(APIClient() as APIClientProtocol)
                Services.shared.register(Clock())
                Services.shared.register(makeLogger())
                guard let api: APIClientProtocol = Services.shared.resolve(), let logger: Logger = Services.shared.resolve() else { return }
                Services.shared.register(Feed(api: api, logger: logger))
                Settings().set(1, for: "count")
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                App.swift:22:5: warning: `Services.register` stores its value under the type Swift infers for it, and this call does not write that type out (`makeLogger()`), so digraph cannot tell what it registers; it is left out. Write it as `… as Service`, or build the value here (`Service()`), to have it read [swift-import]
                App.swift:23:88: warning: nothing provides 'Logger', needed by 'Feed' (parameter 'logger') (the call at App.swift:22 registers a value whose type digraph cannot tell, and may be it) [missing-binding]
                digraph: checked 3 registrations: 0 errors, 2 warnings, 0 infos

                """, "\(checked.stdout)")
        #expect(checked.stderr == "digraph: read 1 Swift file: 3 registrations, 2 resolves, 1 call not understood\n", "\(checked.stderr)")
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                registrations:
                  # App.swift:20
                  # register(_:) stores the value it is given (App.swift:4)
                  - provides: APIClientProtocol
                    implementation: APIClient
                    eager: true
                  # App.swift:21
                  # register(_:) stores the value it is given (App.swift:4)
                  - provides: Clock
                    eager: true
                  # App.swift:24
                  # register(_:) stores the value it is given (App.swift:4)
                  - provides: Feed
                    eager: true
                    dependencies:
                      api: APIClientProtocol
                      logger: Logger

                """), "\(imported.stdout)")
    }

    /// A value the call keeps in a local is typed where the local is declared (`let menu =
    /// Menu.Response()`). An identity-keyed container (`ObjectIdentifier`) whose resolve interpolates
    /// the type only in its `fatalError` message (Drinkie's) is not keyed by printed names: two
    /// `Response` types nested in different enums do not collide there (4 false `key-collision`
    /// warnings); interpolated into the key itself, they do.
    @Test func aLocalIsTypedWhereDeclaredAndAnInterpolatedMessageIsNoPrintedKey() throws {
        let app = """
            final class Registry {
                static let shared = Registry()
                private var entries: [ObjectIdentifier: Any] = [:]
                func register<Service>(_ service: Service) { entries[ObjectIdentifier(Service.self)] = service }
                func resolve<Service>() -> Service {
                    guard let service = entries[ObjectIdentifier(Service.self)] as? Service else { fatalError("No registered entry for \\(Service.self)") }
                    return service
                }
            }
            enum Menu { struct Response {} }
            enum Chain { struct Response {} }
            func launch() {
                let menu = Menu.Response()
                Registry.shared.register(menu)
                Registry.shared.register(Chain.Response())
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0)
        #expect(checked.stdout == "digraph: checked 2 registrations: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
        #expect(checked.stderr == "digraph: read 1 Swift file: 2 registrations, 0 resolves, 0 calls not understood\n", "\(checked.stderr)")
        let printedKeys = app.replacingOccurrences(of: "ObjectIdentifier(Service.self)", with: #""\(Service.self)""#)
            .replacingOccurrences(of: "[ObjectIdentifier: Any]", with: "[String: Any]")
        let collided = try withApp(printedKeys) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(
            collided.stdout.hasPrefix(
                "App.swift:15:30: warning: 'Chain.Response' and 'Menu.Response' are different types that both print as 'Response' under String(describing:)"),
            "\(collided.stdout)")
    }

    /// kadiroruc/BilyonerCase's container keeps a factory's value only for the keys in a set
    /// (`if singletonKeys.contains(key) { singletons[key] = instance }`), which only
    /// `registerSingleton` fills: its registrations are singletons, `register`'s transient (both
    /// were read as singletons, the resolve path caching).
    @Test func aResolveKeepingValuesOnlyForKeysInASetMakesOnlyItsFillersSingletons() throws {
        let app = """
            final class DIContainer {
                static let shared = DIContainer()
                private var factories: [String: () -> Any] = [:]
                private var singletons: [String: Any] = [:]
                private var singletonKeys: Set<String> = []
                func register<T>(_ factory: @escaping () -> T) {
                    factories[String(describing: T.self)] = factory
                }
                func registerSingleton<T>(_ factory: @escaping () -> T) {
                    let key = String(describing: T.self)
                    factories[key] = factory
                    singletonKeys.insert(key)
                }
                func resolve<T>() -> T {
                    let key = String(describing: T.self)
                    if singletonKeys.contains(key), let kept = singletons[key] as? T { return kept }
                    guard let factory = factories[key], let instance = factory() as? T else { fatalError("\\(key) is not registered") }
                    if singletonKeys.contains(key) {
                        singletons[key] = instance
                    }
                    return instance
                }
            }
            protocol Session {}
            final class LiveSession: Session {}
            final class LoginModel {
                init(session: Session) {}
            }
            func launch() {
                DIContainer.shared.registerSingleton { LiveSession() as Session }
                DIContainer.shared.register { LoginModel(session: DIContainer.shared.resolve()) }
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(
            imported.stdout.contains(
                """
                registrations:
                  # App.swift:30
                  # registerSingleton(_:) stores a factory whose first value the container keeps (App.swift:9)
                  - provides: Session
                    implementation: LiveSession
                    lifetime: singleton
                  # App.swift:31
                  # register(_:) stores a factory the container calls on every resolve (App.swift:6)
                  - provides: LoginModel
                    dependencies:
                      session: Session

                """), "\(imported.stdout)")
        #expect(imported.stderr == "digraph: read 1 Swift file: 2 registrations, 1 resolve, 0 calls not understood\n", "\(imported.stderr)")
    }

    /// FitzAfful/MockingProject's shape: the app registers through a locator of its own and through
    /// Swinject's `Container`, two containers that never share a key. A key registered on both is
    /// no `duplicate-registration`, and the locator's singleton holds the locator's value, not
    /// Swinject's (no `captive-dependency` across them); both were errors and warnings once the
    /// locator's calls were read. `Resolver.resolve()` in a file importing hmlongco/Resolver, which
    /// the app does not declare, is that library's: a warning, not a missing key of this graph.
    @Test func anOwnContainerBesideSwinjectsAndResolversResolvesAreKeptApart() throws {
        let swinject = """
            import Swinject

            final class SwinjectContainer {
                static let shared = SwinjectContainer()
                let container = Container()
                init() {
                    container.register(EmployeeRepository.self) { _ in APIEmployeeRepository() }
                    container.register(HomeViewModel.self) { r in HomeViewModel(repository: r.resolve(EmployeeRepository.self)!) }
                }
            }

            """
        let resolving = """
            import Resolver

            final class ResolverViewModel {}
            final class ResolverScreen {
                private var model: ResolverViewModel = Resolver.resolve()
            }

            """
        let app = """
            final class ServiceLocator {
                static let shared = ServiceLocator()
                private var services: [ObjectIdentifier: Any] = [:]
                func register<T>(_ service: T) { services[ObjectIdentifier(T.self)] = service }
                func resolve<T>() -> T? { services[ObjectIdentifier(T.self)] as? T }
            }

            protocol EmployeeRepository {}
            final class APIEmployeeRepository: EmployeeRepository {}
            final class HomeViewModel {
                init(repository: EmployeeRepository) {}
            }

            final class AppDelegate {
                func application(_ application: Any?, didFinishLaunchingWithOptions options: [String: Any]?) -> Bool {
                    ServiceLocator.shared.register(APIEmployeeRepository() as EmployeeRepository)
                    guard let repository: EmployeeRepository = ServiceLocator.shared.resolve() else { return true }
                    ServiceLocator.shared.register(HomeViewModel(repository: repository))
                    _ = SwinjectContainer.shared.container.resolve(HomeViewModel.self)!
                    return true
                }
            }

            """
        let checked = try withApp(app) { folder in
            try swinject.write(to: folder.appendingPathComponent("Swinject.swift"), atomically: true, encoding: .utf8)
            try resolving.write(to: folder.appendingPathComponent("Resolving.swift"), atomically: true, encoding: .utf8)
            return try CLIRunner.run(["check", "."], directory: folder)
        }
        #expect(checked.status == 0)
        #expect(
            checked.stdout == """
                Resolving.swift:5:44: warning: this resolves from Resolver's container, which digraph does not read; it is left out, and what it resolves is not checked [swift-import]
                digraph: checked 4 registrations: 0 errors, 1 warning, 0 infos

                """, "\(checked.stdout)")
        #expect(checked.stderr == "digraph: read 3 Swift files: 4 registrations, 3 resolves, 1 call not understood\n", "\(checked.stderr)")
    }

    /// kenesbekov/Gitty's container keeps its table in a box (`Atomic<[String: Any]>(with: [:])`)
    /// and writes a copy back (`var updated = services.value; updated[key] = service;
    /// services.update(with: updated)`): its 13 registrations were unread, silently. Its
    /// `@Injected` sets `self.value = DependencyContainer.shared.resolve()` in `init`, with `value: T`
    /// the wrapped value: each of its 19 properties resolves its declared type as it is built.
    @Test func aTableKeptInABoxAndAWrapperFillingAStoredValueAreRead() throws {
        let app = """
            import Foundation

            final class Atomic<Value>: @unchecked Sendable {
                private let lock = NSLock()
                private var stored: Value
                var value: Value {
                    lock.lock()
                    defer { lock.unlock() }
                    return stored
                }
                init(with value: Value) { stored = value }
                func update(with value: Value) {
                    lock.lock()
                    stored = value
                    lock.unlock()
                }
            }

            final class DependencyContainer: @unchecked Sendable {
                static let shared = DependencyContainer()
                private let services = Atomic<[String: Any]>(with: [:])

                func register<T>(_ service: T, forType type: T.Type) {
                    var updated = services.value
                    updated[String(describing: type)] = service
                    services.update(with: updated)
                }

                func resolve<T>() -> T {
                    guard let service = services.value[String(describing: T.self)] as? T else { fatalError("\\(T.self) is not registered") }
                    return service
                }
            }

            @propertyWrapper
            struct Injected<T> {
                private var value: T
                init() { value = DependencyContainer.shared.resolve() }
                var wrappedValue: T {
                    get { value }
                    mutating set { value = newValue }
                }
            }

            protocol Keychain {}
            final class SystemKeychain: Keychain {}
            protocol NetworkClient {}
            final class LiveNetworkClient: NetworkClient {
                @Injected private var keychain: Keychain
            }
            protocol UserRepository {}

            final class UsersViewModel {
                @Injected private var network: NetworkClient
                @Injected private var users: UserRepository
            }

            @main
            struct GittyApp {
                static func main() {
                    DependencyContainer.shared.register(SystemKeychain(), forType: Keychain.self)
                    DependencyContainer.shared.register(LiveNetworkClient(), forType: NetworkClient.self)
                    _ = UsersViewModel()
                }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 1)
        #expect(
            checked.stdout == """
                App.swift:55:5: error: nothing provides 'UserRepository', needed by app code (resolved directly) [missing-binding]
                digraph: checked 2 registrations: 1 error, 0 warnings, 0 infos

                """, "\(checked.stdout)")
        #expect(checked.stderr == "digraph: read 1 Swift file: 2 registrations, 3 resolves, 0 calls not understood\n", "\(checked.stderr)")
    }

    /// Yoon-hub/Record's container: its methods are a protocol's extension (`extension Injectable`,
    /// the storage a property requirement), the metatype is optional (`type: V.Type? = nil`), and
    /// `register(type:_:)` forwards to a store keyed by a value made from the type (`Key<V>`) that
    /// calls the factory at once: every registration is built when registered (all 28 were read as
    /// Swinject's `graph`, with a warning that the declaration was missing). Its `@Injected`
    /// resolves a stored key made from `V.self`, through an alias too (`typealias Navigator =
    /// Injected`), and only when first read (`lazy var wrappedValue`): a lazy dependency, so a
    /// navigator registered before the one it holds is no `registration-order` error (a lazy edge
    /// of a value built when registered was taken for one resolved then). With the meaning stated
    /// (`--container register=eager`), UIKit's `register(_:forCellReuseIdentifier:)` is still none.
    @Test func aProtocolExtensionContainerAndItsIdentifierKeyedWrapperAreRead() throws {
        let app = """
            import UIKit

            struct Key<V>: Hashable {
                var type: V.Type?
                static func by(type: V.Type? = nil) -> Key { Key(type: type) }
                static func == (lhs: Key, rhs: Key) -> Bool { lhs.hashValue == rhs.hashValue }
                func hash(into hasher: inout Hasher) { if let type { hasher.combine(ObjectIdentifier(type)) } }
            }
            protocol Injectable: AnyObject {
                var dependencies: [AnyHashable: Any] { get set }
            }
            extension Injectable {
                func resolve<V>(_ key: Key<V>) throws -> V {
                    guard let value = dependencies[key] as? V else { throw CocoaError(.coderValueNotFound) }
                    return value
                }
                func register<V>(_ key: Key<V>, _ make: (Injectable) throws -> V) {
                    do { dependencies[key] = try make(self) } catch { assertionFailure(String(describing: error)) }
                }
                func register<V>(type: V.Type? = nil, _ make: (Injectable) throws -> V) {
                    register(.by(type: type), make)
                }
            }
            final class Container: Injectable {
                static let standard = Container()
                var dependencies: [AnyHashable: Any] = [:]
            }
            @propertyWrapper struct Injected<V> {
                let key: Key<V>
                init() { self.key = .by(type: V.self) }
                lazy var wrappedValue: V = {
                    do { return try Container.standard.resolve(key) } catch { fatalError(String(describing: error)) }
                }()
            }
            typealias Navigator = Injected

            protocol DiaryNavigating {}
            final class DiaryNavigator: DiaryNavigating {}
            protocol CalendarNavigating {}
            final class CalendarNavigator: CalendarNavigating {
                @Navigator var diary: DiaryNavigating
                func openDiary() { print(diary) }
            }
            final class Store {}
            final class CalendarViewModel {
                @Injected var store: Store
                @Injected var calendar: CalendarNavigating
            }
            func registerAll() {
                let container = Container.standard
                container.register(type: CalendarNavigating.self) { _ in CalendarNavigator() }
                container.register(type: DiaryNavigating.self) { _ in DiaryNavigator() }
                container.register(type: Store.self) { _ in Store() }
                UITableView().register(UITableViewCell.self, forCellReuseIdentifier: "cell")
            }

            """
        let imported = try withApp(app) { folder in try CLIRunner.run(["import", "App.swift", "-o", "-"], directory: folder) }
        #expect(
            imported.stdout.hasSuffix(
                """
                registrations:
                  # App.swift:51
                  # register(type:_:) forwards to register(_:_:) (App.swift:20)
                  # 'diaryNavigating' is resolved later by a method of CalendarNavigator (App.swift:41)
                  - provides: CalendarNavigating
                    implementation: CalendarNavigator
                    eager: true
                    dependencies:
                      diaryNavigating: { type: "DiaryNavigating?", lazy: true }
                  # App.swift:52
                  # register(type:_:) forwards to register(_:_:) (App.swift:20)
                  - provides: DiaryNavigating
                    implementation: DiaryNavigator
                    eager: true
                  # App.swift:53
                  # register(type:_:) forwards to register(_:_:) (App.swift:20)
                  - provides: Store
                    eager: true

                resolves:
                  # App.swift:41
                  - DiaryNavigating
                  # App.swift:46
                  - Store
                  # App.swift:47
                  - CalendarNavigating

                """), "\(imported.stdout)")
        #expect(imported.stderr == "digraph: read 1 Swift file: 3 registrations, 3 resolves, 0 calls not understood\n", "\(imported.stderr)")
        for stated in [[], ["--container", "register=eager"]] {
            let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"] + stated, directory: folder) }
            #expect(checked.status == 0)
            #expect(checked.stdout == "digraph: checked 3 registrations: 0 errors, 0 warnings, 0 infos\n", "\(checked.stdout)")
        }
    }

    /// Clarity-Digital-Twin/clarity-loop-frontend-V2: `static func test(configure:) -> Dependencies`
    /// builds a container of its own and registers test doubles in it; nothing calls it. What a
    /// static function registers on a container it makes runs only where it is called: with an
    /// app in the paths, one nothing calls is left out, with an info (one registering on the app's
    /// container stays, `registrationsNothingRefersToAreSaidWhenTheStartReachesNone`). Its doubles were 2 false `duplicate-registration`
    /// errors against the app's real registrations. Called, it is read as before (its container is
    /// still read as the app's: two instances of a hand-rolled container are not told apart).
    @Test func aStaticFunctionNothingCallsRegistersNothingTheAppRuns() throws {
        let app = """
            import SwiftUI
            protocol API {}
            final class RealAPI: API {}
            final class MockAPI: API {}
            public final class Dependencies {
                private var factories: [String: () -> Any] = [:]
                public func register<T>(_ type: T.Type, factory: @escaping () -> T) { factories[String(describing: type)] = factory }
                public func require<T>(_ type: T.Type) -> T {
                    guard let made = factories[String(describing: type)]?() as? T else { fatalError("no \\(type)") }
                    return made
                }
            }
            extension Dependencies {
                static func test(configure: (Dependencies) -> Void = { _ in }) -> Dependencies {
                    let dependencies = Dependencies()
                    dependencies.register(API.self) { MockAPI() }
                    configure(dependencies)
                    return dependencies
                }
            }
            struct AppDependencies {
                func configure(_ container: Dependencies) {
                    container.register(API.self) { RealAPI() }
                }
            }
            @main
            struct ClarityApp: App {
                let dependencies = Dependencies()
                init() {
                    AppDependencies().configure(dependencies)
                    _ = dependencies.require(API.self)
                }
                var body: some Scene { WindowGroup { Text("x") } }
            }

            """
        let checked = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(
            checked.stdout == """
                App.swift:14:17: info: 'Dependencies.test' is a static function nothing calls, registering on a container it makes itself: its registration is left out of the graph [swift-import]
                digraph: checked 1 registration: 0 errors, 0 warnings, 1 info

                """, "\(checked.stdout)")
        let called = app.replacingOccurrences(of: "_ = dependencies.require(API.self)", with: "_ = Dependencies.test().require(API.self)")
        let calledChecked = try withApp(called) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(!calledChecked.stdout.contains("nothing calls"), "\(calledChecked.stdout)")
        #expect(calledChecked.stdout.contains("digraph: checked 2 registrations"), "\(calledChecked.stdout)")
    }

    /// Windscribe/iOS-App (fe83b57a): `let apiData = APIError(data: data); return apiData.resolve()
    /// ?? …`, the app's own type's `resolve()` (not generic, handed no metatype), was "a resolve that
    /// names no type", a warning counted as a call not understood. A container's generic `resolve()`
    /// whose type digraph cannot tell is still said.
    @Test func anAppTypesOwnResolveMethodIsNoResolve() throws {
        let app = #"""
            enum AppError: Error { case banned, expired }

            // A domain type whose method happens to be called `resolve`: no container.
            struct ServerError {
                let code: Int
                func resolve() -> AppError? { code == 701 ? .banned : nil }
            }

            final class Container {
                static let shared = Container()
                private var factories: [String: () -> Any] = [:]
                func register<T>(_ type: T.Type, factory: @escaping () -> T) { factories[String(describing: type)] = factory }
                func resolve<T>() -> T {
                    guard let made = factories[String(describing: T.self)]?() as? T else { fatalError("nothing registered for \(T.self)") }
                    return made
                }
            }

            final class Clock {}

            func mapError(code: Int) -> AppError {
                let serverError = ServerError(code: code)
                return serverError.resolve() ?? .expired
            }

            func start() {
                let container = Container()
                container.register(Clock.self) { Clock() }
                print(container.resolve())
            }

            """#
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:29:11: warning: this resolve names no type (`container.resolve()`) and digraph cannot tell the type Swift infers here (it reads an initializer's parameter, `as X`, `let x: X =` and a function's return type); it is left out [swift-import]
                digraph: checked 1 registration: 0 errors, 1 warning, 0 infos

                """, "\(result.stdout)")
    }

    /// boulomiel/PokedexIOS: `register(Launcher.self, object: .init(apiEnv: PlistReader.read(list:
    /// .pokemonapi)))`, the app's `static func read<T>(list:) -> T` reading a bundle value. Such a
    /// method builds no value of its own type (nimblehq's `KoinApplication.inject<T>` as a factory's
    /// product is said so, `FactoryImportTests`), but as an argument it is still a value a static
    /// member of the app makes without resolving anything: an info, not "cannot read".
    @Test func aGenericStaticMethodsValueGivenAsAnArgumentIsRead() throws {
        let app = #"""
            import Foundation

            final class DIContainer {
                static let shared = DIContainer()
                private var objects: [ObjectIdentifier: Any] = [:]
                func register<T>(_ type: T.Type, object: T) { objects[ObjectIdentifier(type)] = object }
                func resolve<T>(_ type: T.Type) -> T {
                    guard let object = objects[ObjectIdentifier(type)] as? T else { fatalError("\(type) is not registered") }
                    return object
                }
            }

            // Reads a value of the caller's type from the bundle: a generic static method, no container.
            enum Plist {
                static func read<T>(list: String) -> T {
                    guard let value = Bundle.main.object(forInfoDictionaryKey: list) as? T else { fatalError("\(list) is missing") }
                    return value
                }
            }

            final class Launcher {
                init(apiEnv: String) {}
            }

            func setUp() {
                DIContainer.shared.register(Launcher.self, object: .init(apiEnv: Plist.read(list: "api")))
            }

            """#
        let result = try withApp(app) { folder in try CLIRunner.run(["check", "App.swift"], directory: folder) }
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                App.swift:26:62: info: 'Launcher': parameter 'apiEnv' is given `Plist.read(list: "api")`, a value a static member of the app makes without resolving anything, which the manifest does not record; it is left out, and the initializer declares no default for it: generated code needs it filled in [swift-import]
                digraph: checked 1 registration: 0 errors, 0 warnings, 1 info

                """, "\(result.stdout)")
    }
}
