/// A short account of how a generated file differs from what it should be (a line diff).
public enum StaleFile {
    public static func describe(expected: String, found: String) -> String? {
        guard expected != found else { return nil }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let foundLines = found.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let difference = expectedLines.difference(from: foundLines)
        var first: (line: Int, text: String, removed: Bool)?
        for change in difference {
            let candidate: (Int, String, Bool) = switch change {
            case .remove(let offset, let element, _): (offset, element, true)
            case .insert(let offset, let element, _): (offset, element, false)
            }
            if first == nil || candidate.0 < first!.line { first = candidate }
        }
        let summary = "\(difference.removals.count) line\(difference.removals.count == 1 ? "" : "s") to remove, \(difference.insertions.count) to add"
        guard let first else { return summary }
        let text = first.text.drop { $0 == " " }.prefix(80)
        return summary + ", first at line \(first.line + 1) (\(first.removed ? "remove" : "add"): \(text))"
    }
}
