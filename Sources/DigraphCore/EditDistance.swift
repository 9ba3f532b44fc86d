/// Levenshtein distance, for "did you mean" suggestions. Gives up early past `limit`.
public func editDistance(_ lhs: String, _ rhs: String, limit: Int = .max) -> Int {
    let a = Array(lhs.lowercased()), b = Array(rhs.lowercased())
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        var rowMinimum = current[0]
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            rowMinimum = min(rowMinimum, current[j])
        }
        if rowMinimum > limit { return limit + 1 }
        swap(&previous, &current)
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
