import DigraphCore

/// Two registrations for one key and name: in a dictionary container the later silently wins.
public struct DuplicateRegistrationRule: Rule {
    public static let description = RuleDescription(
        code: .duplicateRegistration, severity: .error,
        summary: "Two registrations provide the same key with the same name (and, as Swinject keys them, runtime arguments of the same types).",
        rationale:
            "A dictionary-backed container keeps only the later registration, silently; which one wins depends on registration order. Swinject keeps registrations whose runtime arguments differ in type apart, so those are two; when digraph cannot compare the types it says so as a warning. A registration written again exactly (same implementation, lifetime, dependencies, arguments) replaces the first with the same recipe: a leftover, a warning (a shared lifetime starts its instance over).",
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
                ]),
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: Coordinator
                    dependencies: { source: { argument: source } }
                    arguments: { source: Router }
                  - provides: Coordinator
                    dependencies: { from: { argument: from } }
                    arguments: { from: Router }
                  - provides: Profile
                    dependencies: { owner: { argument: owner } }
                    arguments: { owner: Core.User }
                  - provides: Profile
                    dependencies: { owner: { argument: owner } }
                    arguments: { owner: User }
                """,
                expect: [
                    """
                    6:15: error: 'Coordinator' is registered again; this registration silently replaces the one at manifest.yaml:3:15 [duplicate-registration]
                      3:15: note: first registered here
                    """,
                    """
                    12:15: warning: 'Profile' is registered again with runtime arguments (owner: User) that digraph cannot tell apart from (owner: Core.User) at manifest.yaml:9:15; if they are the same types, this registration silently replaces that one [duplicate-registration]
                      9:15: note: first registered here
                    """,
                ]),
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: APIClient
                    implementation: URLSessionClient
                    lifetime: singleton
                    dependencies: { session: URLSession }
                  - provides: APIClient
                    implementation: URLSessionClient
                    lifetime: singleton
                    dependencies: { session: URLSession }
                  - provides: URLSession
                    lifetime: singleton
                """,
                expect: [
                    """
                    7:15: warning: 'APIClient' is registered again exactly as at manifest.yaml:3:15: the second replaces the first with the same, but starts over its singleton instance: a value resolved before the second runs is not the one resolved after; remove one [duplicate-registration]
                      3:15: note: first registered here
                    """
                ]),
            // Two imports of `{ _ in .mock }` and `{ _ in .live }`: what each builds was not read.
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: Client
                    implementation: FILL_IN
                  - provides: Client
                    implementation: FILL_IN
                """,
                expect: [
                    """
                    5:15: warning: 'Client' is registered again, the same as far as digraph could read it, but part of what it builds was not read (FILL_IN in the manifest); unless the two are compiled apart (alternatives for different targets or configurations), this registration silently replaces the one at manifest.yaml:3:15 [duplicate-registration]
                      3:15: note: first registered here
                    """
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
            // Swinject keys a registration by its runtime arguments' types too: these are two.
            """
            version: 1
            registrations:
              - provides: Coordinator
                dependencies: { source: { argument: source } }
                arguments: { source: UIViewController }
              - provides: Coordinator
                dependencies: { source: { argument: source } }
                arguments: { source: Router }
              - provides: Coordinator
            """,
        ])

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        // The earlier registrations of each binding that Swinject keeps apart by their runtime
        // arguments' types (most keys have one).
        var earlier: [BindingKey: [(registration: Int, provided: TypeReference)]] = [:]
        earlier.reserveCapacity(graph.registrations.count)  // no rehash of every key while it grows
        var diagnostics: [Diagnostic] = []
        for (index, registration) in graph.registrations.enumerated() {
            for provided in registration.provides {
                let binding = BindingKey(key: provided.key, name: registration.name?.value)
                var uncertain: (registration: Int, provided: TypeReference)?
                var replaced: (registration: Int, provided: TypeReference)?
                for first in earlier[binding] ?? [] {
                    switch registration.isKeptApart(from: graph.registrations[first.registration]) {
                    case false?: replaced = first
                    case nil: uncertain = uncertain ?? first
                    case true?: continue
                    }
                    if replaced != nil { break }
                }
                if let first = replaced ?? uncertain {
                    diagnostics.append(duplicate(provided, of: first, binding: binding, at: index, certain: replaced != nil, graph))
                }
                if replaced == nil { earlier[binding, default: []].append((index, provided)) }
            }
        }
        return diagnostics
    }

    /// `provided` registered again after `first`: it replaces it, or (not `certain`) it may, when
    /// digraph cannot compare their runtime arguments' types.
    private func duplicate(
        _ provided: TypeReference, of first: (registration: Int, provided: TypeReference), binding: BindingKey, at index: Int, certain: Bool,
        _ graph: DependencyGraph
    ) -> Diagnostic {
        let earlier = first.provided
        // `B & A` is the type `A & B`: the key is the same, only the spelling differs.
        let respelled = earlier.writtenSpelling != provided.writtenSpelling && provided.writtenSpelling.contains("&")
        let note =
            respelled
            ? "first registered here, as '\(earlier.writtenSpelling)': the order of a composition's members does not matter, both spellings name one Swift type and print the same under String(describing:)"
            : "first registered here"
        let name = respelled ? Registration.displayName(key: provided.writtenSpelling, name: binding.name) : binding.description
        // Registered again in a closure that runs later (a route builder's): a replacement made on
        // purpose at run time, as far as digraph can tell; which one a resolve finds depends on when.
        let later = graph.registrations[index].isDeferred || graph.registrations[first.registration].isDeferred
        // The same recipe twice (simpra-code-case's `autoregister(ApiManagerProtocol.self, initializer:
        // ApiManager.init)` written twice): the replacement makes what was there, a leftover to remove.
        let (this, that) = (graph.registrations[index], graph.registrations[first.registration])
        let sameRecipe = certain && this.recipe == that.recipe
        // The same as far as it was read, but part of it was not (`{ _ in .mock }` and `{ _ in .live }`,
        // both FILL_IN: horvathtamasattila/muuv-test-ios's two targets' `AppAssembly`): unsure, a warning.
        let unread = sameRecipe && !later && (this.hasUnreadParts || that.hasUnreadParts)
        let identical = sameRecipe && !unread
        // Imported without the name digraph could not read (`name: kind.rawValue`): the two may be
        // registered under different names, and neither replaces the other.
        let nameUnread = !later && (this.isNameUnread || that.isNameUnread)
        let message: String
        if !certain {
            message =
                "'\(name)' is registered again with runtime arguments \(Self.signature(graph.registrations[index])) that digraph cannot tell apart from \(Self.signature(graph.registrations[first.registration])) at \(earlier.location); if they are the same types, this registration silently replaces that one"
        } else if later {
            message =
                "'\(name)' is registered again in code that runs later than the code around it (a closure); when it runs, it replaces the registration at \(earlier.location), so what a resolve finds depends on when it runs"
        } else if nameUnread {
            message =
                "'\(name)' may be registered again: digraph could not read the name \(this.isNameUnread && that.isNameUnread ? "either" : "one") of the two is registered under, so the two may differ in name; if they do not, this registration silently replaces the one at \(earlier.location)"
        } else if unread {
            message =
                "'\(name)' is registered again, the same as far as digraph could read it, but part of what it builds was not read (FILL_IN in the manifest); unless the two are compiled apart (alternatives for different targets or configurations), this registration silently replaces the one at \(earlier.location)"
        } else if identical {
            message =
                "'\(name)' is registered again exactly as at \(earlier.location): the second replaces the first with the same"
                + (graph.registrations[index].lifetime.outlivesResolve
                    ? ", but starts over its \(graph.registrations[index].lifetime.rawValue) instance: a value resolved before the second runs is not the one resolved after; remove one"
                    : ", so nothing changes; remove one")
        } else {
            message = "'\(name)' is registered again; this registration silently replaces the one at \(earlier.location)"
        }
        // A replacement made at run time is how some apps hand a screen its navigator: said, not failed.
        let severity: Severity = !certain || identical || unread || nameUnread ? .warning : later ? .info : .error
        return Diagnostic(
            .duplicateRegistration, severity, message,
            at: provided.location, notes: [Note(note, at: earlier.location)], subject: .registration(binding, at: .registration(index)))
    }

    private static func signature(_ registration: Registration) -> String {
        "(" + registration.arguments.map { "\($0.label.value): \($0.type.key)" }.joined(separator: ", ") + ")"
    }
}
