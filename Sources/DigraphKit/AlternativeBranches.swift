import DigraphCore
import DigraphSwiftImport

/// An `if`, `switch` or undecided `#if` whose branches register one key: the graph keeps the first
/// branch's registration. Each other branch's graph (its registration in place of the kept one) is
/// checked too: a finding every branch has stands as it is; one only some branches have is a
/// warning that names the condition, since which branch runs is decided at run time.
enum AlternativeBranches {
    /// How many alternatives are checked as graphs of their own: each is a whole check, so a ladder
    /// of a thousand `else if`s does not make the run quadratic.
    static let limit = 32

    static func merged(
        _ findings: [Diagnostic], of manifest: Manifest, alternatives: [SwiftImporter.Alternative], manifests: [String], in tree: any SourceTree
    ) -> [Diagnostic] {
        var lacking: [String: SwiftImporter.Alternative] = [:]
        var onlyThere: [(finding: Diagnostic, alternative: SwiftImporter.Alternative)] = []
        var seen = Set(findings.map(\.mergeKey))
        for alternative in alternatives.prefix(limit) {
            var variant = manifest
            guard let first = alternative.kept.first, let kept = variant.registrations.firstIndex(where: { $0.location == first }) else { continue }
            variant.registrations[kept] = alternative.registration
            let withIt = Set(alternative.kept.dropFirst())
            variant.registrations.removeAll { withIt.contains($0.location) }
            guard let (_, there) = CheckRun.ruleFindings(of: variant, beside: manifests, in: tree) else { continue }
            let held = Set(there.map(\.mergeKey))
            for finding in findings where !held.contains(finding.mergeKey) && lacking[finding.mergeKey] == nil {
                lacking[finding.mergeKey] = alternative
            }
            for finding in there where finding.severity != .info && seen.insert(finding.mergeKey).inserted {
                onlyThere.append((finding, alternative))
            }
        }
        var merged = findings.compactMap { finding -> Diagnostic? in
            // Two registrations of a key within one branch are a duplicate whichever branch is read (issue 38).
            guard let alternative = lacking[finding.mergeKey], finding.code != .duplicateRegistration else { return finding }
            // Nothing uses it in this branch, something does in another: no finding.
            guard finding.severity != .info else { return nil }
            var some = finding
            some.severity = .warning
            some.message +=
                " (only when \(alternative.condition) takes the branch the graph keeps; with the registration at \(alternative.registration.location.fileNameAndLine) instead, it does not hold)"
            return some
        }
        for (finding, alternative) in onlyThere {
            var some = finding
            some.severity = .warning
            some.message +=
                " (only when \(alternative.condition) takes the other branch, whose registration at \(alternative.registration.location.fileNameAndLine) the graph does not keep)"
            some.subject?.place = nil
            merged.append(some)
        }
        if alternatives.count > limit {
            let first = alternatives[limit].registration.location
            merged.append(
                Diagnostic(
                    .swiftImport, .info,
                    "\(alternatives.count - limit) more registrations in alternative branches are not checked as graphs of their own (the first \(limit) are): a finding only those branches have is not reported",
                    at: first))
        }
        return merged
    }
}
