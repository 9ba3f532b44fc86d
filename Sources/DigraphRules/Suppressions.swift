import DigraphCore

/// Applies the manifest's `suppress:` entries to the findings of the rules, by the place in the graph
/// each finding's subject names. A registration's entry covers findings on the registration, its
/// runtime arguments, any of its own dependencies and properties, and cycles reported on it; a
/// dependency's entry covers that dependency only; a resolve's entry covers that resolve. An entry
/// that covers nothing is reported (info), so stale ones are found.
public enum Suppressions {
    public struct Outcome: Sendable {
        /// The findings still reported, plus one info per unused suppression.
        public var kept: [Diagnostic]
        public var suppressed: [Diagnostic]
    }

    public static func apply(to findings: [Diagnostic], in graph: DependencyGraph) -> Outcome {
        var entries = Entries()
        for (index, registration) in graph.registrations.enumerated() {
            registration.forEachDependency { kind, dependency in
                entries.add(
                    dependency.suppressions, for: .dependency(Edge.ID(from: index, kind: kind)),
                    owner: "parameter '\(dependency.label.value)' of \(registration.displayName)")
            }
            entries.add(registration.suppressions, for: .registration(index), owner: registration.displayName)
        }
        for (index, resolve) in graph.resolves.enumerated() {
            entries.add(resolve.use.suppressions, for: .resolve(index), owner: "the resolve of '\(resolve.binding)'")
        }
        guard !entries.all.isEmpty else { return Outcome(kept: findings, suppressed: []) }

        var used = Array(repeating: false, count: entries.all.count)
        var kept: [Diagnostic] = []
        var suppressed: [Diagnostic] = []
        for finding in findings {
            let covering = finding.subject?.place.map { entries.covering($0) } ?? []
            if let entry = covering.first(where: { entries.all[$0].suppression.code.value == finding.code }) {
                used[entry] = true
                // One digraph implied (the compiler checks it) covers no finding anyone chose to hide.
                if !entries.all[entry].suppression.isImplied { suppressed.append(finding) }
            } else {
                kept.append(finding)
            }
        }
        for (entry, (suppression, owner)) in entries.all.enumerated() where !used[entry] && !suppression.isImplied {
            kept.append(
                Diagnostic(
                    suppression.code.value, .info,
                    "unused suppression: nothing on \(owner) reports '\(suppression.code.value)'; "
                        + (suppression.code.location.file.hasSuffix(".swift") ? "remove it from the `// digraph:ignore` comment" : "remove it from 'suppress'"),
                    at: suppression.code.location))
        }
        return Outcome(kept: kept, suppressed: suppressed)
    }

    /// Every `suppress:` entry, and which of them each registration, dependency and resolve holds.
    /// One `// digraph:ignore` comment can apply to several elements on its line: it is one entry,
    /// used when any of them uses it.
    private struct Entries {
        var all: [(suppression: Suppression, owner: String)] = []
        var byPlace: [Place: [Int]] = [:]
        private var entryOf: [Suppression: Int] = [:]

        mutating func add(_ suppressions: [Suppression], for place: Place, owner: String) {
            for suppression in suppressions {
                if entryOf[suppression] == nil {
                    entryOf[suppression] = all.count
                    all.append((suppression, owner))
                }
                byPlace[place, default: []].append(entryOf[suppression]!)
            }
        }

        /// The entries that cover a finding at `place`: a dependency's own before its registration's.
        func covering(_ place: Place) -> [Int] {
            switch place {
            case .registration, .resolve: byPlace[place] ?? []
            case .dependency(let id): (byPlace[place] ?? []) + (byPlace[.registration(id.from)] ?? [])
            case .argument(let index, _): byPlace[.registration(index)] ?? []
            case .cycle(let edges): edges.first.map { byPlace[.registration($0.from)] ?? [] } ?? []
            }
        }
    }
}
