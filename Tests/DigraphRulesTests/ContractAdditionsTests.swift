import DigraphCore
import DigraphLoader
import DigraphRules
import Testing

/// The contract's additions of 2026-11-22: properties, resolves, typealiases, `supplied` with a
/// lifetime, `T?` served by a registered `T?`. Each with the exact report, triggering and not.
struct ContractAdditionsTests {
    /// Every finding (schema ones included) in the examples' compact form.
    func report(_ manifest: String) -> [String] {
        let loaded = ManifestLoader.load(text: manifest)
        guard let graph = loaded.graph else { return loaded.diagnostics.map(RuleExample.render) }
        return RuleCatalog.check(graph).map(RuleExample.render)
    }

    /// `aliasOf: { type, name }` forwards to a named registration (a Factory key forwarding to
    /// another container property): linked by key and name, written back the same way.
    @Test func anAliasOfANamedRegistration() throws {
        let manifest = """
            version: 1
            registrations:
              - provides: OrderRepository
                name: orderRepository
                lifetime: singleton
              - provides: OrderReading
                name: orderReading
                aliasOf: { type: OrderRepository, name: orderRepository }
              - provides: OrderWriting
                aliasOf: OrderRepository
            """
        #expect(
            report(manifest) == [
                "10:14: error: nothing provides 'OrderRepository', needed by 'OrderWriting' (its aliasOf) [missing-binding]\n  3:15: note: did you mean 'OrderRepository (name: orderRepository)'? It is registered here"
            ])
        let loaded = try #require(ManifestLoader.load(text: manifest).graph)
        let reading = loaded.edges[1][0]
        #expect(reading.binding == BindingKey(key: "OrderRepository", name: "orderRepository") && reading.target == 0)
        let written = ManifestWriter().write(loaded.manifests[0], as: .yaml)
        #expect(written.contains("    aliasOf: { type: OrderRepository, name: orderRepository }\n"), "\(written)")
        #expect(written.contains("    aliasOf: OrderRepository\n"))

        #expect(
            report(
                """
                version: 1
                registrations:
                  - provides: A
                    aliasOf: { name: b }
                """) == ["4:14: error: 'aliasOf' as a mapping needs 'type' (the key it forwards to) and may have 'name' [schema]"])
        #expect(
            report(
                """
                version: 1
                registrations:
                  - provides: A
                    aliasOf: { type: B, nam: b }
                """) == ["4:25: error: unknown field 'nam' in 'aliasOf' (did you mean 'name'?); the fields are: type, name [schema]"])
    }

    /// Declared typealiases are expanded in every resolve; the resolve keeps its isolation (it was
    /// lost there once, and the isolation mismatch with it).
    @Test func aResolveKeepsItsIsolationWhenTypealiasesAreExpanded() {
        #expect(
            report(
                """
                version: 1
                typealiases:
                  Engine: SyncEngine
                registrations:
                  - provides: SyncEngine
                    isolation: DatabaseActor
                resolves:
                  - { type: Engine, isolation: MainActor }
                """) == [
                    "8:13: warning: app code on MainActor resolves 'SyncEngine', whose factory is isolated to DatabaseActor: it runs off its actor there (Factory traps at run time); resolve it on DatabaseActor, or isolate both alike [isolation-mismatch]\n  5:5: note: 'SyncEngine' is registered here, isolated to DatabaseActor"
                ])
    }

    /// A type nested in an aliased one is the aliased type's (`Model.Interface` with `Model: Root.Model`
    /// is `Root.Model.Interface`), as the compiler reads it.
    @Test func aTypeNestedInAnAliasIsNestedInWhatItStandsFor() {
        let manifest = """
            version: 1
            typealiases:
              Model: Root.Model
            registrations:
              - provides: Root.Model.Interface
                implementation: Root.Model.Interface
              - provides: Screen
                dependencies:
                  model: Model.Interface
            """
        #expect(report(manifest) == [])
        #expect(
            report(manifest.replacingOccurrences(of: "  Model: Root.Model", with: "  Other: Root.Model")) == [
                "9:7: error: nothing provides 'Model.Interface', needed by 'Screen' (parameter 'model') [missing-binding]\n  5:15: note: did you mean 'Root.Model.Interface'? It is registered here"
            ])
    }

    @Test func aPropertyClosesACycleLegitimately() {
        #expect(
            report(
                """
                version: 1
                registrations:
                  - provides: Coordinator
                    lifetime: singleton
                    properties:
                      login: LoginViewController
                  - provides: LoginViewController
                    lifetime: singleton
                    dependencies:
                      coordinator: Coordinator
                """) == [])
        // The same edge as a parameter is a cycle.
        #expect(
            report(
                """
                version: 1
                registrations:
                  - provides: Coordinator
                    dependencies:
                      login: LoginViewController
                  - provides: LoginViewController
                    dependencies:
                      coordinator: Coordinator
                """) == [
                    """
                    3:5: error: dependency cycle: Coordinator -> LoginViewController -> Coordinator; make one edge `lazy: true` or remove it [cycle]
                      5:7: note: 'Coordinator' depends on 'LoginViewController' (parameter 'login')
                      8:7: note: 'LoginViewController' depends on 'Coordinator' (parameter 'coordinator')
                    """
                ])
    }

    @Test func propertiesCountForMissingBindingsAndCaptives() {
        #expect(
            report(
                """
                version: 1
                registrations:
                  - provides: Session
                    lifetime: singleton
                    properties:
                      clock: Clock
                      tracker: Tracker
                  - provides: Clock
                """) == [
                    """
                    6:7: warning: singleton 'Session' holds transient 'Clock' (property 'clock'): the value is made once and kept for the singleton's whole life; make 'Clock' a singleton if one shared value is right, make this edge `lazy: true` if each use needs a fresh one, or make 'Session' shorter-lived [captive-dependency]
                      8:5: note: 'Clock' is registered transient here
                    """,
                    "7:7: error: nothing provides 'Tracker', needed by 'Session' (property 'tracker') [missing-binding]",
                ])
    }

    @Test func propertiesCannotBeArgumentsOrUnlabeled() {
        #expect(
            report(
                """
                version: 1
                registrations:
                  - provides: Screen
                    arguments: { id: Int }
                    dependencies:
                      id: { argument: id }
                    properties:
                      shown: { argument: id }
                      _: Clock
                """) == [
                    "8:7: error: property 'shown' cannot be a runtime argument; properties are resolved from the container after construction (pass the argument as an initializer parameter in 'dependencies') [schema]",
                    "9:7: error: a property needs a name: '_' starts with '_', which only an unlabeled initializer parameter may [schema]",
                ])
    }

    @Test func resolvesAreUsesAndRoots() {
        #expect(
            report(
                """
                version: 1
                registrations:
                  - provides: AppCoordinator
                    dependencies:
                      router: Router
                  - provides: Router
                  - provides: LegacyCache
                resolves:
                  - AppCoordinator
                  - { type: PushTokenRepository, name: remote }
                """) == [
                    "7:5: info: nothing reachable from a root uses 'LegacyCache'; remove it or mark what resolves it `root: true` [unused-registration]",
                    "10:13: error: nothing provides 'PushTokenRepository (name: remote)', needed by app code (resolved directly) [missing-binding]",
                ])
        #expect(
            report(
                """
                version: 1
                registrations:
                  - provides: AppCoordinator
                resolves: [AppCoordinator]
                """) == [])
    }

    @Test func suppliedTakesOnlyTheContainersLifetime() {
        #expect(
            report(
                """
                version: 1
                registrations:
                  - provides: UIWindow
                    supplied: true
                    lifetime: container
                  - provides: Configuration
                    supplied: true
                    lifetime: singleton
                """) == [])
        #expect(
            report(
                """
                version: 1
                registrations:
                  - provides: UIWindow
                    supplied: true
                    lifetime: transient
                """) == [
                    "5:15: error: a 'supplied' value lives as long as the container: its lifetime can only be singleton (or container), not 'transient'; remove 'lifetime' or say singleton [schema]"
                ])
    }

    @Test func anOptionalIsServedByARegisteredOptionalFirst() throws {
        let loaded = ManifestLoader.load(
            text: """
                version: 1
                registrations:
                  - provides: Feed
                    dependencies:
                      cache: Cache?
                      store: Store?
                  - provides: Cache?
                    implementation: OptionalCache
                  - provides: Cache
                    implementation: DiskCache
                  - provides: Store
                """)
        let graph = try #require(loaded.graph)
        let targets = graph.edges[0].map { $0.target.map { graph.registrations[$0].implementation!.key } }
        #expect(targets == ["OptionalCache", "Store"])
        #expect(RuleCatalog.check(graph).isEmpty)
    }

    @Test func typealiasesAreExpandedWhereverTypesAreCompared() {
        let manifest = """
            version: 1
            typealiases:
              Todo.ID: UUID
              Store: any TodoStoring
            registrations:
              - provides: TodoDetail
                arguments: { id: Todo.ID }
                dependencies:
                  id: { argument: id }
                  store: Store
              - provides: TodoStoring
                implementation: DiskStore
              - provides: TodoList
                arguments: { selected: UUID }
                dependencies:
                  detail: { type: TodoDetail, arguments: [selected] }
            """
        #expect(report(manifest) == [])
        // Without the aliases the same manifest has a missing key and an argument of another type.
        let withoutAliases = manifest.replacingOccurrences(of: "typealiases:\n  Todo.ID: UUID\n  Store: any TodoStoring\n", with: "")
        #expect(
            report(withoutAliases) == [
                "7:7: error: nothing provides 'Store', needed by 'TodoDetail' (parameter 'store') [missing-binding]",
                """
                13:7: error: 'TodoDetail' takes runtime arguments (id: Todo.ID), but parameter 'detail' of 'TodoList' passes (selected: UUID) [argument-mismatch]
                  4:18: note: 'TodoDetail' declares its arguments here
                """,
            ])
    }

    @Test func typealiasesMustBeNamesAndAgree() {
        #expect(
            report(
                """
                version: 1
                typealiases:
                  "[Int]": Numbers
                registrations: []
                """) == ["3:3: error: a typealias name is a plain or dotted type name (`Todo.ID`), not '[Int]' [schema]"])
        let loaded = ManifestLoader.load(sources: [
            ("a.yaml", Array("version: 1\ntypealiases: { ID: UUID }\nregistrations: []\n".utf8)),
            ("b.yaml", Array("version: 1\ntypealiases: { ID: Int }\nregistrations: []\n".utf8)),
        ])
        #expect(
            loaded.diagnostics.map(RuleExample.render) == [
                """
                2:16: error: typealias 'ID' is redeclared as 'Int'; the earlier declaration says 'UUID' [schema]
                  2:16: note: first declared here
                """
            ])
    }
}
