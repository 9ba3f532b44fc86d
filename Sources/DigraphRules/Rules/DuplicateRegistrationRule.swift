import DigraphCore

/// Two registrations for one key and name: in a dictionary container the later silently wins.
public struct DuplicateRegistrationRule: Rule {
    public static let description = RuleDescription(
        code: .duplicateRegistration, severity: .error,
        summary: "Two registrations provide the same key with the same name.",
        rationale: "A dictionary-backed container keeps only the later registration, silently; which one wins depends on registration order.",
        triggering: [
            RuleExample("""
            version: 1
            registrations:
              - provides: NetworkManagerProtocol
                implementation: NetworkManager
              - provides: [Array<Plugin>, NetworkManagerProtocol]
                implementation: StubNetworkManager
              - provides: "[Plugin]"
                implementation: Plugins
            """, expect: [
                """
                5:31: error: 'NetworkManagerProtocol' is registered again; this registration silently replaces the one at manifest.yaml:3:15 [duplicate-registration]
                  3:15: note: first registered here
                """,
                """
                7:15: error: '[Plugin]' is registered again; this registration silently replaces the one at manifest.yaml:5:16 [duplicate-registration]
                  5:16: note: first registered here
                """,
            ]),
        ],
        nonTriggering: [
            """
            version: 1
            registrations:
              - provides: APIClient
              - provides: APIClient
                name: secure
            """,
        ])

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        var earlier: [BindingKey: [TypeReference]] = [:]
        var diagnostics: [Diagnostic] = []
        for registration in graph.registrations {
            for provided in registration.provides {
                let binding = BindingKey(key: provided.key, name: registration.name?.value)
                // The same key spelled with compositions in another order is a composition-key finding.
                if let first = earlier[binding]?.first(where: { $0.writtenSpelling == provided.writtenSpelling }) {
                    diagnostics.append(Diagnostic(
                        .duplicateRegistration, .error,
                        "'\(binding)' is registered again; this registration silently replaces the one at \(first.location)",
                        at: provided.location, notes: [Note("first registered here", at: first.location)]))
                }
                earlier[binding, default: []].append(provided)
            }
        }
        return diagnostics
    }
}
