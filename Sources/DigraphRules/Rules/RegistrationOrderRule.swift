import DigraphCore

/// A value the registering code resolves before the key it needs is registered: a container that
/// resolves while registering finds nothing there, and the app stops at launch.
public struct RegistrationOrderRule: Rule {
    public static let description = RuleDescription(
        code: .registrationOrder, severity: .error,
        summary: "An eager dependency is resolved before its key is registered.",
        rationale:
            "An `eager` edge is resolved when its holder is registered (a value built in the `register` call, or resolved by the registering code and captured by the factory). Registrations run in the order the manifest lists them, so a key registered only later is not there yet: the app stops at launch on that resolve (a `fatalError` or a force unwrap), or a `guard let … else { return }` silently skips every registration after it. Register the key first, or resolve it inside the factory so it is looked up when the value is built.",
        triggering: [
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: TokenRepositoryProtocol
                    implementation: TokenRepository
                    eager: true
                    dependencies:
                      networkManager: NetworkManagerProtocol
                  - provides: NetworkManagerProtocol
                    implementation: NetworkManager
                    eager: true
                """,
                expect: [
                    """
                    7:7: error: 'TokenRepositoryProtocol' resolves 'NetworkManagerProtocol' when it is registered (parameter 'networkManager'), but 'NetworkManagerProtocol' is registered only after it: at launch the resolve finds nothing and the app stops there, or, behind a `guard let … else { return }`, every registration after it is skipped without a word; register 'NetworkManagerProtocol' first, or resolve it inside the factory [registration-order]
                      8:5: note: 'NetworkManagerProtocol' is registered here
                    """
                ])
        ],
        nonTriggering: [
            """
            version: 1
            registrations:
              - provides: NetworkManagerProtocol
                implementation: NetworkManager
                eager: true
              - provides: TokenRepositoryProtocol
                implementation: TokenRepository
                eager: true
                dependencies:
                  networkManager: NetworkManagerProtocol
              - provides: LoginUseCase
                dependencies:
                  tokens: TokenRepositoryProtocol
                  session: Session
              - provides: Session
            """,
            // A lazy dependency of a value built when registered is resolved when first used.
            """
            version: 1
            registrations:
              - provides: CalendarNavigator
                eager: true
                dependencies:
                  diary: { type: DiaryNavigator, lazy: true }
              - provides: DiaryNavigator
                eager: true
            """,
        ])

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for edges in graph.edges {
            for edge in edges where edge.isEager {
                // Registered nowhere is a missing binding; registered before the holder is fine. One
                // registered in code that runs later (a closure, a `defer`) comes after everything
                // that runs at once, and at a time digraph cannot place against other such code.
                guard let providers = graph.providers[edge.binding] else { continue }
                let holderLater = graph.registrations[edge.from].isDeferred
                let before = providers.contains { $0 < edge.from && (holderLater || !graph.registrations[$0].isDeferred) }
                guard !before, let first = providers.first else { continue }
                let key = "'\(edge.binding)'"
                if holderLater, providers.contains(where: { !graph.registrations[$0].isDeferred }) { continue }
                diagnostics.append(
                    Diagnostic(
                        .registrationOrder, holderLater ? .warning : .error,
                        holderLater
                            ? "\(graph.named(edge.from)) resolves \(key) when it is registered (\(edge.role)), in code that runs later, as does the registration of \(key); digraph cannot tell which runs first: if this one does, "
                                + outcome(of: edge, atLaunch: false)
                                + "; register \(key) first, or resolve it inside the factory"
                            : "\(graph.named(edge.from)) resolves \(key) when it is registered (\(edge.role)), but \(key) is registered only after it: "
                                + outcome(of: edge) + "; register \(key) first, or resolve it inside the factory",
                        at: edge.location,
                        notes: [Note("\(key) is registered here", at: graph.registrations[first].location)],
                        subject: graph.subject(of: edge)))
            }
        }
        return diagnostics
    }

    /// What the app does on this resolve (at launch, unless the registering code runs later), as
    /// far as the input says.
    private func outcome(of edge: Edge, atLaunch: Bool = true) -> String {
        let finds = (atLaunch ? "at launch " : "") + "the resolve finds nothing"
        switch edge.whenMissing {
        case .stops?: return "\(finds) and the app stops there"
        case .skipsRest?:
            return
                "\(finds) and the registering code leaves early (its `guard let … else { return }` or a thrown error), so every registration after it is skipped without a word"
        case .givesNil?: return "\(finds), so the value is nil (or what the `if let` guards is skipped)"
        case nil where edge.isOptional: return "\(finds), so the value is nil"
        case nil:
            return
                "\(finds) and the app stops there, or, behind a `guard let … else { return }`, every registration after it is skipped without a word"
        }
    }
}
