import DigraphCore

/// The JSON shape of the manifest contract: a summary and the sorted diagnostics with their notes.
public struct JSONReporter: Reporter {
    public init() {}

    public func render(_ report: Report) -> String {
        JSONValue.object([
            ("version", .int(1)),
            (
                "summary",
                .object([
                    ("registrations", .int(report.registrations)),
                    ("errors", .int(report.errors)),
                    ("warnings", .int(report.warnings)),
                    ("infos", .int(report.infos)),
                    ("suppressed", .int(report.suppressed)),
                    ("baselined", .int(report.baselined)),
                ])
            ),
            ("diagnostics", .array(report.diagnostics.map(Self.diagnostic))),
        ]).serialized()
    }

    /// One diagnostic as check's JSON gives it (`digraph diff` lists findings the same way).
    public static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("code", .string(diagnostic.code.rawValue)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("location", location(diagnostic.location)),
            (
                "notes",
                .array(
                    diagnostic.notes.map { note in
                        .object([("message", .string(note.message)), ("location", location(note.location))])
                    })
            ),
        ])
    }

    static func location(_ location: SourceLocation) -> JSONValue {
        .object([("file", .string(location.file)), ("line", .int(location.line)), ("column", .int(location.column))])
    }
}
