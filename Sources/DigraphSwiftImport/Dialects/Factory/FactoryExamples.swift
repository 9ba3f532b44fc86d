/// What the Factory reader reads, as its tests run it (`DialectExamplesTests`): container properties,
/// a scope, a factory calling another, extensions and imports inside `#if`.
extension FactoryContainerReader {
    static let examples: [DialectExample] = [
        DialectExample(
            """
            import FactoryKit

            extension Container {
                var api: Factory<API> { self { API() }.singleton }
                var feed: Factory<Feed> { self { FeedImpl(api: self.api()) } }
            }
            """,
            expect: """
                registrations:
                  # App.swift:4
                  - provides: API
                    lifetime: singleton
                    name: api
                  # App.swift:5
                  - provides: Feed
                    implementation: FeedImpl
                    name: feed
                    dependencies:
                      api: { type: API, name: api }
                """),
        // A container extension wrapped in `#if DEBUG` is read in the debug build (the examples' build).
        DialectExample(
            """
            #if canImport(FactoryKit)
            import FactoryKit
            #endif

            #if DEBUG
            extension Container {
                var logger: Factory<Logger> { self { ConsoleLogger() } }
            }
            #else
            extension Container {
                var logger: Factory<Logger> { self { SilentLogger() } }
            }
            #endif
            """,
            expect: """
                registrations:
                  # App.swift:7
                  - provides: Logger
                    implementation: ConsoleLogger
                    name: logger
                """),
    ]
}
