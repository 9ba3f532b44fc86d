/// Edit distance with adjacent transpositions (optimal string alignment), case-insensitive, for
/// "did you mean" suggestions: `Dtaa` is one step from `Data`. Gives up early past `limit`.
public func editDistance(_ lhs: String, _ rhs: String, limit: Int = .max) -> Int {
    // Unicode scalars compare many times faster than Characters, and keys are identifiers.
    let a = Array(lhs.lowercased().unicodeScalars), b = Array(rhs.lowercased().unicodeScalars)
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // Only cells within `limit` of the diagonal can stay within the limit: a band, so two long keys
    // cost length × limit, not length².
    let band = limit >= max(a.count, b.count) ? max(a.count, b.count) : limit
    let outside = Int.max / 2
    var beforePrevious = [Int](repeating: outside, count: b.count + 1)
    var previous = (0...b.count).map { $0 <= band ? $0 : outside }
    var current = [Int](repeating: outside, count: b.count + 1)
    for i in 1...a.count {
        let low = max(1, i - band), high = min(b.count, i + band)
        if low > high { return limit + 1 }
        current[0] = i <= band ? i : outside
        if low > 1 { current[low - 1] = outside }
        var rowMinimum = current[0]
        for j in low...high {
            var distance = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                distance = min(distance, beforePrevious[j - 2] + 1)
            }
            current[j] = distance
            rowMinimum = min(rowMinimum, distance)
        }
        if high < b.count { current[high + 1] = outside }
        if rowMinimum > limit { return limit + 1 }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return min(previous[b.count], limit == .max ? previous[b.count] : limit + 1)
}

/// The candidates close enough to `word` to be a likely misspelling, nearest first.
public func nearSpellings(of word: String, in candidates: some Sequence<String>) -> [String] {
    let limit = max(1, min(3, word.count / 3))
    return
        candidates
        .map { ($0, editDistance(word, $0, limit: limit)) }
        .filter { $0.1 <= limit && $0.0 != word }
        .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        .map(\.0)
}
