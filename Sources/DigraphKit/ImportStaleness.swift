import DigraphSwiftGen

/// How an imported manifest on disk differs from a fresh import of the same sources: by
/// registration, never by the origin comments (`# App/DI.swift:42`), which move with every edit
/// above them. The file compared is one `digraph import` wrote (its writer's layout: a
/// `registrations:` list of `  - provides:` items); anything else is compared line by line.
public enum ImportStaleness {
    public enum Outcome: Equatable, Sendable {
        case upToDate
        /// The same registrations and resolves; only origin comments differ (this many lines).
        case originsMoved(Int)
        case stale(String)
    }

    /// How the file at `path` (the output of `import -o`) compares with `expected`, or why there is
    /// no file there to compare with.
    public static func compare(expected: String, withFileAt path: String) -> Result<Outcome, ComparedFile.Missing> {
        ComparedFile.text(at: path).map { compare(expected: expected, found: $0) }
    }

    public static func compare(expected: String, found: String) -> Outcome {
        guard expected != found else { return .upToDate }
        let fresh = Sections(expected), disk = Sections(found)
        guard fresh.isImported, disk.isImported else {
            return .stale(StaleFile.describe(expected: expected, found: found) ?? "it differs")
        }
        if fresh.content == disk.content {
            let moved = zip(fresh.comments, disk.comments).filter { $0 != $1 }.count + abs(fresh.comments.count - disk.comments.count)
            return .originsMoved(moved)
        }
        var parts: [String] = []
        let before = Dictionary(disk.registrations.map { ($0.id, $0.lines) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(fresh.registrations.map { ($0.id, $0.lines) }, uniquingKeysWith: { first, _ in first })
        let changed = fresh.registrations.map(\.id).filter { before[$0] != nil && before[$0] != after[$0] }
        let added = fresh.registrations.map(\.id).filter { before[$0] == nil }
        let removed = disk.registrations.map(\.id).filter { after[$0] == nil }
        func list(_ ids: [String], _ verb: String) {
            guard !ids.isEmpty else { return }
            let shown = ids.prefix(5).joined(separator: ", ") + (ids.count > 5 ? ", …" : "")
            parts.append("\(ids.count) registration\(ids.count == 1 ? "" : "s") \(verb): \(shown)")
        }
        list(changed, "changed")
        list(added, "added")
        list(removed, "removed")
        if fresh.resolves != disk.resolves { parts.append("the direct resolves changed") }
        if fresh.head != disk.head { parts.append("the manifest's header changed") }
        if parts.isEmpty { parts.append("the registrations' order changed") }
        return .stale(parts.joined(separator: "; "))
    }

    /// An imported manifest's lines without comments: what precedes the registrations, each
    /// registration (by its key and name), and what follows (the resolves).
    private struct Sections {
        var head: [Substring] = []
        var registrations: [(id: String, lines: [Substring])] = []
        var resolves: [Substring] = []
        var comments: [Substring] = []
        var isImported = false

        var content: [[Substring]] { [head, resolves] + registrations.map(\.lines) }

        init(_ text: String) {
            var part = 0  // 0 head, 1 registrations, 2 after
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.drop(while: { $0 == " " }).hasPrefix("#") {
                    comments.append(line)
                    continue
                }
                if part == 0, line.hasPrefix("registrations:") {
                    part = 1
                    isImported = true
                    continue
                }
                if part == 1, !line.isEmpty, !line.hasPrefix("  ") { part = 2 }
                switch part {
                case 0: head.append(line)
                case 1:
                    if line.hasPrefix("  - provides: ") {
                        registrations.append((String(line.dropFirst("  - provides: ".count)), [line]))
                    } else if !registrations.isEmpty {
                        registrations[registrations.count - 1].lines.append(line)
                        if line.hasPrefix("    name: ") { registrations[registrations.count - 1].id += " (name: \(line.dropFirst("    name: ".count)))" }
                    }
                default: resolves.append(line)
                }
            }
        }
    }
}
