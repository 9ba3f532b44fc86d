/// Edit distance with adjacent transpositions (optimal string alignment), case-insensitive, for
/// "did you mean" suggestions: `Dtaa` is one step from `Data`. Gives up early past `limit`.
public func editDistance(_ lhs: String, _ rhs: String, limit: Int = .max) -> Int {
    let a = Array(lhs.lowercased()), b = Array(rhs.lowercased())
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        var rowMinimum = current[0]
        for j in 1...b.count {
            var distance = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                distance = min(distance, beforePrevious[j - 2] + 1)
            }
            current[j] = distance
            rowMinimum = min(rowMinimum, distance)
        }
        if rowMinimum > limit { return limit + 1 }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}

/// The candidates close enough to `word` to be a likely misspelling, nearest first.
public func nearSpellings(of word: String, in candidates: some Sequence<String>) -> [String] {
    let limit = max(1, min(3, word.count / 3))
    return candidates
        .map { ($0, editDistance(word, $0, limit: limit)) }
        .filter { $0.1 <= limit && $0.0 != word }
        .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        .map(\.0)
}
