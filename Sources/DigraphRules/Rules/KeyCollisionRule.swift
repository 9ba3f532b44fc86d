import DigraphCore

/// Two different types that print the same under `String(describing:)`, the key of a hand-rolled
/// string-keyed container: `Data.User` and `Domain.User` both print `User`. And two keys that look
/// the same on screen (`App` and `Аpp` with a Cyrillic А): a reader sees one key, Swift sees two.
public struct KeyCollisionRule: Rule {
    public static let description = RuleDescription(
        code: .keyCollision, severity: .warning,
        summary: "Two different keys print the same under String(describing:), or look the same on screen.",
        rationale:
            "A container keyed by `String(describing: T.self)` stores both under one string: the later registration replaces the other, and resolving either returns a value of the wrong type. Keys that differ only by a look-alike letter from another script (Cyrillic `А` for Latin `A`, Greek `ο` for `o`, full-width forms) read as one key in review but are two to Swift: a resolve typed with the other letter misses.",
        triggering: [
            RuleExample(
                """
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
                """,
                expect: [
                    """
                    5:15: warning: 'Data.User' and 'Domain.User' are different types that both print as 'User' under String(describing:), so a string-keyed container stores one over the other [key-collision]
                      3:15: note: 'Domain.User' is registered here
                    """,
                    """
                    9:15: warning: '[Auth.Token]' and '[Data.Token]' are different types that both print as 'Array<Token>' under String(describing:), so a string-keyed container stores one over the other [key-collision]
                      7:15: note: '[Data.Token]' is registered here
                    """,
                ]),
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: App
                  - provides: \u{0410}pp
                  - provides: C\u{03BF}nfig
                """,
                expect: [
                    """
                    4:15: warning: '\u{0410}pp' looks like 'App' but is a different key: its character 1 is U+0410 CYRILLIC CAPITAL LETTER A, not 'A' [key-collision]
                      3:15: note: 'App' is registered here
                    """,
                    """
                    5:15: warning: 'C\u{03BF}nfig' mixes Latin letters with U+03BF GREEK SMALL LETTER OMICRON (character 2), which looks like 'o': a resolve typed with the Latin letter would not find it [key-collision]
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
            """
            version: 1
            registrations:
              - provides: Caf\u{00E9}Menu
              - provides: \u{041C}\u{0435}\u{043D}\u{044E}
            """,
        ])

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        struct Printed: Hashable {
            var description: String
            var name: String?
        }
        var first: [Printed: TypeReference] = [:]
        first.reserveCapacity(graph.registrations.count)  // no rehash of every key while it grows
        var diagnostics: [Diagnostic] = []
        // An `ObjectIdentifier`-keyed container (read from its Swift declaration) never compares printed names.
        let identityKeyed = Set(graph.manifests.filter(\.keysByTypeIdentity).map(\.assembly.value))
        for (index, registration) in graph.registrations.enumerated() where !identityKeyed.contains(registration.assembly) {
            for provided in registration.provides {
                let printed = Printed(description: provided.expression.normalized().runtimeDescription, name: registration.name?.value)
                guard let earlier = first[printed] else {
                    first[printed] = provided
                    continue
                }
                guard earlier.key != provided.key else { continue }
                let pair = [earlier.key, provided.key].sorted()
                diagnostics.append(
                    Diagnostic(
                        .keyCollision, .warning,
                        "'\(pair[0])' and '\(pair[1])' are different types that both print as '\(printed.description)' under String(describing:), so a string-keyed container stores one over the other",
                        at: provided.location, notes: [Note("'\(earlier.key)' is registered here", at: earlier.location)],
                        subject: subject(provided, of: index, in: graph)))
            }
        }
        return diagnostics + lookAlikes(graph)
    }

    /// A finding on one of a registration's keys (not necessarily its first).
    private func subject(_ provided: TypeReference, of index: Int, in graph: DependencyGraph) -> Subject {
        .registration(BindingKey(key: provided.key, name: graph.registrations[index].name?.value), at: .registration(index))
    }

    /// Keys with one look-alike skeleton, and keys that mix Latin with letters that pass for Latin.
    private func lookAlikes(_ graph: DependencyGraph) -> [Diagnostic] {
        // Two plain ASCII keys never look alike: without a key outside ASCII there is nothing to find.
        guard graph.registrations.contains(where: { $0.provides.contains { LookAlike.mayHoldLookAlikes($0.key) } }) else { return [] }
        var firstBySkeleton: [String: TypeReference] = [:]
        firstBySkeleton.reserveCapacity(graph.registrations.count)
        var reported = Set<String>()
        var diagnostics: [Diagnostic] = []
        for (index, registration) in graph.registrations.enumerated() {
            for provided in registration.provides where !reported.contains(provided.key) {
                let skeleton = LookAlike.skeleton(provided.key)
                if let earlier = firstBySkeleton[skeleton] {
                    guard earlier.key != provided.key else { continue }
                    reported.insert(provided.key)
                    let (position, scalar, other) = firstDifference(provided.key, earlier.key)
                    diagnostics.append(
                        Diagnostic(
                            .keyCollision, .warning,
                            "'\(provided.key)' looks like '\(earlier.key)' but is a different key: its character \(position) is \(LookAlike.name(of: scalar)), not '\(other)'",
                            at: provided.location, notes: [Note("'\(earlier.key)' is registered here", at: earlier.location)],
                            subject: subject(provided, of: index, in: graph)))
                    continue
                }
                firstBySkeleton[skeleton] = provided
                guard let letter = LookAlike.mixedScriptLetter(in: provided.key) else { continue }
                reported.insert(provided.key)
                let position = Array(provided.key.unicodeScalars).firstIndex(of: letter)! + 1
                diagnostics.append(
                    Diagnostic(
                        .keyCollision, .warning,
                        "'\(provided.key)' mixes Latin letters with \(LookAlike.name(of: letter)) (character \(position)), which looks like '\(LookAlike.skeleton(String(letter)))': a resolve typed with the Latin letter would not find it",
                        at: provided.location, subject: subject(provided, of: index, in: graph)))
            }
        }
        return diagnostics
    }

    /// Where two look-alike keys first differ: the (1-based) position, `key`'s scalar there, the other's.
    private func firstDifference(_ key: String, _ other: String) -> (Int, Unicode.Scalar, String) {
        for (offset, (mine, theirs)) in zip(key.unicodeScalars, other.unicodeScalars).enumerated() where mine != theirs {
            return (offset + 1, mine, String(theirs))
        }
        let scalars = Array(key.unicodeScalars)
        return (scalars.count, scalars.last!, "")
    }
}
