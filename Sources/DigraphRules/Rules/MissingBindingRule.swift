import DigraphCore

/// A dependency names a key nothing provides: the container crashes (`fatalError`, or a force
/// unwrap of `resolve`) the first time it is asked.
public struct MissingBindingRule: Rule {
    public static let description = RuleDescription(
        code: .missingBinding, severity: .error,
        summary: "A non-optional dependency or an aliasOf names a key that nothing provides.",
        rationale:
            "The container fails at run time the first time the dependency is resolved. Reported once per missing key and name, at its first use, with every other use as a note and likely intended registrations as candidates.",
        triggering: [
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: LoginUseCase
                    dependencies:
                      tokens: TokenRepositoryProtocl
                  - provides: SignUpUseCase
                    dependencies:
                      tokens: TokenRepositoryProtocl
                  - provides: TokenRepositoryProtocol
                    implementation: TokenRepository
                """,
                expect: [
                    """
                    5:7: error: nothing provides 'TokenRepositoryProtocl', needed by 'LoginUseCase' (parameter 'tokens') [missing-binding]
                      8:7: note: also needed by 'SignUpUseCase' (parameter 'tokens')
                      9:15: note: did you mean 'TokenRepositoryProtocol'? It is registered here
                    """
                ]),
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: ProfileViewModel
                    dependencies:
                      user: Data.User
                      api: { type: APIClient, name: secure }
                  - provides: Domain.User
                    implementation: UserRecord
                  - provides: APIClient
                """,
                expect: [
                    """
                    5:7: error: nothing provides 'Data.User', needed by 'ProfileViewModel' (parameter 'user') [missing-binding]
                      7:15: note: did you mean 'Domain.User'? It is registered here
                    """,
                    """
                    6:7: error: nothing provides 'APIClient (name: secure)', needed by 'ProfileViewModel' (parameter 'api') [missing-binding]
                      9:15: note: did you mean 'APIClient'? It is registered here
                    """,
                ]),
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: Syncer
                    dependencies:
                      store: Syncing
                  - provides: Loading & Syncing
                    name: cloud
                    implementation: CloudStore
                """,
                expect: [
                    """
                    5:7: error: nothing provides 'Syncing', needed by 'Syncer' (parameter 'store') [missing-binding]
                      6:15: note: 'Loading & Syncing (name: cloud)' contains it, but a container keyed by type cannot resolve 'Syncing' from it; it is registered here
                    """
                ]),
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: SettingsViewModel
                    dependencies:
                      store: UserDefaultsSettingsStore
                  - provides: SettingsStoring
                    implementation: UserDefaultsSettingsStore
                """,
                expect: [
                    """
                    5:7: error: nothing provides 'UserDefaultsSettingsStore', needed by 'SettingsViewModel' (parameter 'store') [missing-binding]
                      7:21: note: 'UserDefaultsSettingsStore' is the implementation of 'SettingsStoring', not a registered key; depend on 'SettingsStoring' (or add 'UserDefaultsSettingsStore' to its provides)
                    """
                ]),
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: Analytics
                    aliasOf: AnalyticsManager
                """,
                expect: [
                    "4:14: error: nothing provides 'AnalyticsManager', needed by 'Analytics' (its aliasOf) [missing-binding]"
                ]),
        ],
        nonTriggering: [
            """
            version: 1
            external: [URLSession]
            registrations:
              - provides: APIClient
                dependencies:
                  session: URLSession
                  analytics: Analytics?
            """
        ],
        inSwift: [
            (
                "(or add '",
                "(or register it under '"
            ),
            (
                "' to its provides)",
                "' too)"
            ),
        ]
    )

    public init() {}

    /// One place that needs a binding: an edge of a registration, or a direct resolve by app code.
    private struct Use {
        var binding: BindingKey
        var type: TypeExpression
        var location: SourceLocation
        var place: Place
        var user: String
    }

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        var uses: [BindingKey: [Use]] = [:]
        var order: [BindingKey] = []
        func record(_ use: Use) {
            if uses[use.binding] == nil { order.append(use.binding) }
            uses[use.binding, default: []].append(use)
        }
        func isMissing(_ binding: BindingKey, _ type: TypeReference, target: Int?) -> Bool {
            // A key only a registered composition holds is the composition-key rule's finding.
            target == nil && !type.expression.isOptional && !graph.externalKeys.contains(binding.key)
                && graph.compositionsContaining(binding, type: type.expression).isEmpty
        }
        for edge in graph.allEdges where isMissing(edge.binding, edge.type, target: edge.target) {
            record(
                Use(
                    binding: edge.binding, type: edge.type.expression, location: edge.location, place: .dependency(edge.id),
                    user: "\(graph.named(edge.from)) (\(edge.role))"))
        }
        for (index, resolve) in graph.resolves.enumerated() where isMissing(resolve.binding, resolve.use.type, target: resolve.target) {
            record(
                Use(
                    binding: resolve.binding, type: resolve.use.type.expression, location: resolve.use.location, place: .resolve(index),
                    user: "app code (resolved directly)"))
        }
        let registeredKeys = Set(graph.providers.keys.map(\.key))
        // Keys registered from Swift under a name digraph could not read: a named use may be theirs.
        var unreadName: [String: Registration] = [:]
        for registration in graph.registrations where registration.isNameUnread {
            for key in registration.provides where unreadName[key.key] == nil { unreadName[key.key] = registration }
        }
        let firstUses = order.map { binding in uses[binding]!.min { $0.location < $1.location }!.location }
        // Suggestions compare a key with every registered one: for the first few missing keys of a
        // run, so that a manifest with thousands of them stays linear.
        let suggested = Set(zip(order, firstUses).sorted { $0.1 < $1.1 }.prefix(Self.suggestedKeys).map(\.0))
        return order.map { binding in
            let found = uses[binding]!.sorted { $0.location < $1.location }
            let first = found[0]
            // Every other place that needs it, up to a bound: three million uses are one line of "more".
            var notes = found.dropFirst().prefix(Self.shownUses).map { Note("also needed by \($0.user)", at: $0.location) }
            if found.count - 1 > Self.shownUses {
                notes.append(Note("… and \(found.count - 1 - Self.shownUses) more places need it", at: found[Self.shownUses].location))
            }
            if suggested.contains(binding) { notes += candidates(for: binding, type: first.type, registeredKeys: registeredKeys, in: graph) }
            // A guess is no fact: the registration whose name was not read may be this one.
            if binding.name != nil, let maybe = unreadName[binding.key] {
                return Diagnostic(
                    .missingBinding, .warning,
                    "nothing digraph could read provides '\(binding)', needed by \(first.user); '\(binding.key)' is registered at \(maybe.location) under a name digraph could not read, which may be '\(binding.name!)'",
                    at: first.location, notes: notes, subject: .missing(binding, at: first.place))
            }
            return Diagnostic(
                .missingBinding, .error, "nothing provides '\(binding)', needed by \(first.user)",
                at: first.location, notes: notes, subject: .missing(binding, at: first.place))
        }
    }

    /// Likely intended registrations: the same key under another name qualifier, a near spelling,
    /// the same simple name in another module, a composition (under another name) that contains it.
    /// How many missing keys of one run get "did you mean" candidates.
    static let suggestedKeys = 20
    /// How many other uses of one missing key are listed as notes.
    static let shownUses = 20

    private func candidates(for binding: BindingKey, type: TypeExpression, registeredKeys: Set<String>, in graph: DependencyGraph) -> [Note] {
        let simpleName = type.unwrapped.normalized().simpleName
        let wanted = Set(type.unwrapped.normalized().compositionMembers.map(\.key))
        var found: [(String, TypeReference)] = []
        var seen = Set<BindingKey>()
        let near = Set(nearSpellings(of: binding.key, in: registeredKeys))
        for registration in graph.registrations {
            // Depending on the concrete type a registration builds is a common slip: the container
            // knows only the keys it registers.
            if let implementation = registration.implementation, implementation.key == binding.key,
                !registration.provides.contains(where: { $0.key == binding.key })
            {
                let key = BindingKey(key: registration.provides[0].key, name: registration.name?.value)
                if seen.insert(key).inserted {
                    found.append(
                        (
                            "'\(binding.key)' is the implementation of '\(key)', not a registered key; depend on '\(key)' (or add '\(binding.key)' to its provides)",
                            implementation
                        ))
                }
            }
            for provided in registration.provides {
                let candidate = BindingKey(key: provided.key, name: registration.name?.value)
                guard candidate != binding, !seen.contains(candidate) else { continue }
                let sameKey = provided.key == binding.key
                let sameSimpleName = simpleName != nil && provided.expression.normalized().simpleName == simpleName
                let members = graph.memberKeys(of: provided.key, type: provided.expression)
                let containing = members.count > 1 && wanted.isSubset(of: members)
                guard sameKey || near.contains(provided.key) || sameSimpleName || containing else { continue }
                seen.insert(candidate)
                found.append(
                    (
                        containing && !sameKey
                            ? "'\(candidate)' contains it, but a container keyed by type cannot resolve '\(binding.key)' from it; it is registered here"
                            : "did you mean '\(candidate)'? It is registered here", provided
                    ))
            }
        }
        return found.prefix(3).map { Note($0.0, at: $0.1.location) }
    }
}
