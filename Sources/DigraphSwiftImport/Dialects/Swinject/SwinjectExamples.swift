/// What the Swinject dialect reads, as its tests run it (`DialectExamplesTests`): scopes, a resolve
/// through the resolver, a scope Swinject does not have.
extension SwinjectDialect {
    static let examples: [DialectExample] = [
        DialectExample(
            """
            import Swinject

            final class AppAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(API.self) { _ in API() }.inObjectScope(.container)
                    container.register(Feed.self) { r in FeedImpl(api: r.resolve(API.self)!) }
                    container.register(Clock.self, name: "utc") { _ in Clock() }.inObjectScope(.forever)
                }
            }
            """,
            expect: """
                registrations:
                  # App.swift:5
                  - provides: API
                    lifetime: singleton
                  # App.swift:6
                  - provides: Feed
                    implementation: FeedImpl
                    lifetime: graph
                    dependencies:
                      api: API
                  # App.swift:7
                  - provides: Clock
                    lifetime: graph
                    name: utc
                7:9: warning: 'Clock (name: utc)': the object scope `.forever` is not one of Swinject's (container, graph, transient, weak); it is imported as graph, check it
                """)
    ]
}
