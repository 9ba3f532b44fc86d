import DigraphCore

/// Findings a team has accepted for now, so that `check` fails only on new ones. Entries are keyed
/// on the contract's fingerprint (code + subject, never a line), so they survive edits elsewhere;
/// the file is sorted JSON, one finding per entry, with its message for the reviewer.
public struct Baseline: Sendable {
    public struct Entry: Sendable {
        public var code: String
        public var subject: String
        public var message: String
        public var location: SourceLocation

        var fingerprint: String { "\(code): \(subject)" }
    }

    public var entries: [Entry]

    /// The baseline file's text for these findings: sorted by fingerprint, then message.
    public static func text(for findings: [Diagnostic]) -> String {
        let rows = findings.map { (code: $0.code.rawValue, subject: $0.aboutText, message: $0.message) }
            .sorted { ($0.code, $0.subject, $0.message) < ($1.code, $1.subject, $1.message) }
        var text = "{\n  \"version\": 1,\n  \"findings\": ["
        for (index, row) in rows.enumerated() {
            text += (index == 0 ? "\n" : ",\n")
            text += "    { \"code\": \(jsonString(row.code)), \"subject\": \(jsonString(row.subject)), \"message\": \(jsonString(row.message)) }"
        }
        return text + (rows.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }

    /// Reads a baseline file; problems are located `schema` diagnostics in that file.
    public static func read(bytes: [UInt8], file: String) -> Result<Baseline, Diagnostic> {
        let document: DocumentNode
        do {
            document = try bytes.withUnsafeBufferPointer { buffer throws(DocumentError) in try JSONReader.read(buffer, file: file) }
        } catch {
            return .failure(.schema("the baseline is not valid JSON: \(error.message)", at: error.location))
        }
        func field(_ entries: [DocumentNode.Entry], _ name: String) -> DocumentNode? { entries.first { $0.key.value == name }?.value }
        guard case .mapping(let top) = document.kind, case .sequence(let items)? = field(top, "findings")?.kind else {
            return .failure(.schema("a baseline is an object with a 'findings' list, as `digraph check --write-baseline` writes it", at: document.location))
        }
        var entries: [Entry] = []
        for item in items {
            guard case .mapping(let fields) = item.kind,
                case .scalar(.string(let code))? = field(fields, "code")?.kind,
                case .scalar(.string(let subject))? = field(fields, "subject")?.kind
            else {
                return .failure(.schema("a baseline entry needs 'code' and 'subject' strings", at: item.location))
            }
            var message = ""
            if case .scalar(.string(let text))? = field(fields, "message")?.kind { message = text }
            entries.append(Entry(code: code, subject: subject, message: message, location: item.location))
        }
        return .success(Baseline(entries: entries))
    }

    public struct Outcome: Sendable {
        /// Findings not in the baseline, plus one info per entry that matched nothing.
        public var kept: [Diagnostic]
        public var baselined: [Diagnostic]
    }

    /// Each entry absorbs one finding with its fingerprint (so two equal findings need two entries).
    public func apply(to findings: [Diagnostic]) -> Outcome {
        var remaining: [String: [Int]] = [:]
        for (index, entry) in entries.enumerated() { remaining[entry.fingerprint, default: []].append(index) }
        var kept: [Diagnostic] = []
        var baselined: [Diagnostic] = []
        for finding in findings {
            if var indices = remaining[finding.fingerprint], !indices.isEmpty {
                indices.removeFirst()
                remaining[finding.fingerprint] = indices
                baselined.append(finding)
            } else {
                kept.append(finding)
            }
        }
        for index in remaining.values.flatMap({ $0 }).sorted() {
            let entry = entries[index]
            kept.append(
                Diagnostic(
                    DiagnosticCode(rawValue: entry.code), .info,
                    "fixed: the baselined finding \(quoted(entry.subject)) is no longer reported; remove it from the baseline (or write it again with --write-baseline)",
                    at: entry.location))
        }
        return Outcome(kept: kept, baselined: baselined)
    }
}
