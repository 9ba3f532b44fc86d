import DigraphCore

/// Two different types that print the same under `String(describing:)`, the key of a hand-rolled
/// string-keyed container: `Data.User` and `Domain.User` both print `User`.
public struct KeyCollisionRule: Rule {
    public static let description = RuleDescription(
        code: .keyCollision, severity: .warning,
        summary: "Two different keys print the same under String(describing:).",
        rationale: "A container keyed by `String(describing: T.self)` stores both under one string: the later registration replaces the other, and resolving either returns a value of the wrong type.",
        triggering: [
            RuleExample("""
            version: 1
            registrations:
              - provides: Domain.User
                implementation: DomainUser
              - provides: Data.User
                implementation: DataUser
              - provides: "[Data.Token]"
                implementation: Tokens
              - provides: Array<Auth.Token>
                implementation: AuthTokens
            """, expect: [
                """
                5:15: warning: 'Data.User' and 'Domain.User' are different types that both print as 'User' under String(describing:), so a string-keyed container stores one over the other [key-collision]
                  3:15: note: 'Domain.User' is registered here
                """,
                """
                9:15: warning: '[Auth.Token]' and '[Data.Token]' are different types that both print as 'Array<Token>' under String(describing:), so a string-keyed container stores one over the other [key-collision]
                  7:15: note: '[Data.Token]' is registered here
                """,
            ]),
        ],
        nonTriggering: [
            """
            version: 1
            registrations:
              - provides: Domain.User
                implementation: DomainUser
              - provides: Data.User
                name: record
                implementation: DataUser
            """,
        ])

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        struct Printed: Hashable {
            var description: String
            var name: String?
        }
        var first: [Printed: TypeReference] = [:]
        var diagnostics: [Diagnostic] = []
        for registration in graph.registrations {
            for provided in registration.provides {
                let printed = Printed(description: provided.expression.normalized().runtimeDescription, name: registration.name?.value)
                guard let earlier = first[printed] else {
                    first[printed] = provided
                    continue
                }
                guard earlier.key != provided.key else { continue }
                let pair = [earlier.key, provided.key].sorted()
                diagnostics.append(Diagnostic(
                    .keyCollision, .warning,
                    "'\(pair[0])' and '\(pair[1])' are different types that both print as '\(printed.description)' under String(describing:), so a string-keyed container stores one over the other",
                    at: provided.location, notes: [Note("'\(earlier.key)' is registered here", at: earlier.location)]))
            }
        }
        return diagnostics
    }
}
