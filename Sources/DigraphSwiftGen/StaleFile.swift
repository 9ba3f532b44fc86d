/// A short account of how a generated file differs from what it should be (a line diff).
public enum StaleFile {
    /// Above this many differing lines on both sides, the diff (quadratic in the worst case) is
    /// not computed: a count and the first differing line say enough.
    static let maximumDiffedLines = 2_000

    public static func describe(expected: String, found: String) -> String? {
        guard expected != found else { return nil }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let foundLines = found.split(separator: "\n", omittingEmptySubsequences: false)
        // What both share at the start and at the end is not part of the difference.
        var prefix = 0
        while prefix < expectedLines.count, prefix < foundLines.count, expectedLines[prefix] == foundLines[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < expectedLines.count - prefix, suffix < foundLines.count - prefix,
            expectedLines[expectedLines.count - 1 - suffix] == foundLines[foundLines.count - 1 - suffix]
        { suffix += 1 }
        let expectedMiddle = expectedLines[prefix..<(expectedLines.count - suffix)]
        let foundMiddle = foundLines[prefix..<(foundLines.count - suffix)]
        if expectedMiddle.count > maximumDiffedLines, foundMiddle.count > maximumDiffedLines {
            let text = (foundMiddle.first ?? "").drop { $0 == " " }.prefix(80)
            return
                "lines \(prefix + 1)–\(prefix + foundMiddle.count) differ (\(expectedMiddle.count) expected there), first at line \(prefix + 1) (remove: \(text))"
        }
        let difference = expectedMiddle.difference(from: foundMiddle)
        var first: (line: Int, text: Substring, removed: Bool)?
        for change in difference {
            let candidate: (Int, Substring, Bool) =
                switch change {
                case .remove(let offset, let element, _): (offset, element, true)
                case .insert(let offset, let element, _): (offset, element, false)
                }
            if first == nil || candidate.0 < first!.line { first = candidate }
        }
        let summary = "\(difference.removals.count) line\(difference.removals.count == 1 ? "" : "s") to remove, \(difference.insertions.count) to add"
        guard let first else { return summary }
        let text = first.text.drop { $0 == " " }.prefix(80)
        return summary + ", first at line \(prefix + first.line + 1) (\(first.removed ? "remove" : "add"): \(text))"
    }
}
