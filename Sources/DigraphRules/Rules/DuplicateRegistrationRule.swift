import DigraphCore

/// Two registrations for one key and name: in a dictionary container the later silently wins.
public struct DuplicateRegistrationRule: Rule {
    public static let description = RuleDescription(
        code: .duplicateRegistration, severity: .error,
        summary: "Two registrations provide the same key with the same name.",
        rationale: "A dictionary-backed container keeps only the later registration, silently; which one wins depends on registration order.",
        triggering: [
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: NetworkManagerProtocol
                    implementation: NetworkManager
                  - provides: [Array<Plugin>, NetworkManagerProtocol]
                    implementation: StubNetworkManager
                  - provides: "[Plugin]"
                    implementation: Plugins
                  - provides: Reading & Writing
                    implementation: Store
                  - provides: Writing & Reading
                    implementation: OtherStore
                """,
                expect: [
                    """
                    5:31: error: 'NetworkManagerProtocol' is registered again; this registration silently replaces the one at manifest.yaml:3:15 [duplicate-registration]
                      3:15: note: first registered here
                    """,
                    """
                    7:15: error: '[Plugin]' is registered again; this registration silently replaces the one at manifest.yaml:5:16 [duplicate-registration]
                      5:16: note: first registered here
                    """,
                    """
                    11:15: error: 'Writing & Reading' is registered again; this registration silently replaces the one at manifest.yaml:9:15 [duplicate-registration]
                      9:15: note: first registered here, as 'Reading & Writing': the order of a composition's members does not matter, both spellings name one Swift type and print the same under String(describing:)
                    """,
                ])
        ],
        nonTriggering: [
            """
            version: 1
            registrations:
              - provides: APIClient
              - provides: APIClient
                name: secure
            """
        ])

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        var first: [BindingKey: TypeReference] = [:]
        first.reserveCapacity(graph.registrations.count)  // no rehash of every key while it grows
        var diagnostics: [Diagnostic] = []
        for (index, registration) in graph.registrations.enumerated() {
            for provided in registration.provides {
                let binding = BindingKey(key: provided.key, name: registration.name?.value)
                // `B & A` is the type `A & B`: the key is the same, only the spelling differs.
                if let first = first[binding] {
                    let respelled = first.writtenSpelling != provided.writtenSpelling && provided.writtenSpelling.contains("&")
                    let note =
                        respelled
                        ? "first registered here, as '\(first.writtenSpelling)': the order of a composition's members does not matter, both spellings name one Swift type and print the same under String(describing:)"
                        : "first registered here"
                    diagnostics.append(
                        Diagnostic(
                            .duplicateRegistration, .error,
                            "'\(respelled ? Registration.displayName(key: provided.writtenSpelling, name: binding.name) : binding.description)' is registered again; this registration silently replaces the one at \(first.location)",
                            at: provided.location, notes: [Note(note, at: first.location)], subject: .registration(binding, at: .registration(index))))
                } else {
                    first[binding] = provided
                }
            }
        }
        return diagnostics
    }
}
