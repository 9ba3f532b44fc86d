import DigraphCore

/// Applies the manifest's `suppress:` entries to the findings of the rules. A registration's entry
/// covers findings located on the registration or any of its own edges; a dependency's entry covers
/// that edge only. An entry that covers nothing is reported (info), so stale ones are found.
public enum Suppressions {
    public struct Outcome: Sendable {
        /// The findings still reported, plus one info per unused suppression.
        public var kept: [Diagnostic]
        public var suppressed: [Diagnostic]
    }

    public static func apply(to findings: [Diagnostic], in graph: DependencyGraph) -> Outcome {
        // Every location a suppression covers → the suppressions there (dependency entries first).
        var entries: [Suppression] = []
        var owners: [String] = []
        var covering: [SourceLocation: [Int]] = [:]
        func cover(_ locations: [SourceLocation], with suppressions: [Suppression], owner: String) {
            for suppression in suppressions {
                let entry = entries.count
                entries.append(suppression)
                owners.append(owner)
                for location in Set(locations) { covering[location, default: []].append(entry) }
            }
        }
        for registration in graph.registrations {
            let edges = registration.dependencies + registration.properties
            for dependency in edges where !dependency.suppressions.isEmpty {
                cover(locations(of: dependency), with: dependency.suppressions, owner: "parameter '\(dependency.label.value)' of \(registration.displayName)")
            }
            guard !registration.suppressions.isEmpty else { continue }
            var covered = [registration.location] + registration.provides.map(\.location)
            covered += [registration.name?.location, registration.module?.location, registration.aliasOf?.location].compactMap { $0 }
            covered += edges.flatMap(locations(of:)) + registration.arguments.flatMap { [$0.label.location, $0.type.location] }
            cover(covered, with: registration.suppressions, owner: registration.displayName)
        }
        for resolve in graph.resolves where !resolve.use.suppressions.isEmpty {
            cover(
                [resolve.use.location] + [resolve.use.name?.location].compactMap { $0 }, with: resolve.use.suppressions,
                owner: "the resolve of '\(resolve.binding)'")
        }
        guard !entries.isEmpty else { return Outcome(kept: findings, suppressed: []) }

        var used = Array(repeating: false, count: entries.count)
        var kept: [Diagnostic] = []
        var suppressed: [Diagnostic] = []
        for finding in findings {
            if let entry = covering[finding.location]?.first(where: { entries[$0].code.value == finding.code }) {
                used[entry] = true
                suppressed.append(finding)
            } else {
                kept.append(finding)
            }
        }
        for (entry, suppression) in entries.enumerated() where !used[entry] {
            kept.append(
                Diagnostic(
                    suppression.code.value, .info,
                    "unused suppression: nothing on \(owners[entry]) reports '\(suppression.code.value)'; "
                        + (suppression.code.location.file.hasSuffix(".swift") ? "remove it from the `// digraph:ignore` comment" : "remove it from 'suppress'"),
                    at: suppression.code.location))
        }
        return Outcome(kept: kept, suppressed: suppressed)
    }

    private static func locations(of dependency: Dependency) -> [SourceLocation] {
        var locations = [dependency.label.location]
        switch dependency.source {
        case .service(let type, _, _, let passing): locations += [type.location] + passing.map(\.location)
        case .argument(let label): locations.append(label.location)
        }
        return locations
    }
}
