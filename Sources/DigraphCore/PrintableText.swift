/// Text from outside (file names, quoted values) made safe to show: control characters (C0, DEL,
/// C1), the marks that reorder text on screen (bidirectional overrides, isolates and marks) and
/// other invisible characters (zero-width joiners and spaces) become visible `\u{…}` escapes, and a newline becomes `\n` unless it is kept. A terminal, a CI
/// log or a generated Swift comment then shows exactly one line per line we meant.
public enum PrintableText {
    public static func escape(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n", keepingNewlines {
                result.unicodeScalars.append(scalar)
            } else if scalar == "\n" {
                result += "\\n"
            } else if isUnprintable(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// One line of a CI log made inert for the GitHub runner, which runs `::command::` when a line
    /// starts with it (after leading white space, which it trims) and the legacy `##[command]`
    /// anywhere in a line: the first colon of a leading `::` and the `#` of every `##[` are written
    /// as visible escapes. Apply to each line after `escape` (which leaves no raw newline).
    public static func inertInLog(_ line: String) -> String {
        var line = line
        if line.contains("##[") { line = line.replacing("##[", with: "#\\u{23}[") }
        // The runner trims with .NET's `TrimStart()`: every Unicode white space (U+3000, U+00A0,
        // U+2028, U+1680…), not only spaces and tabs; Unicode's White_Space property is that set.
        // An invisible character is trimmed too, to be safe (older runtimes trimmed U+200B and U+FEFF).
        let trimmed = line.unicodeScalars.drop { $0.properties.isWhitespace || isUnprintable($0) }
        if trimmed.starts(with: "::".unicodeScalars) {
            line = String(line.unicodeScalars[..<trimmed.startIndex]) + "\\u{3A}" + String(trimmed.dropFirst())
        }
        return line
    }

    static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value) || scalar.value == 0x200E || scalar.value == 0x200F
            || scalar.value == 0x2028 || scalar.value == 0x2029 || LookAlike.isInvisible(scalar)
    }

    /// Lines of an answer for a terminal or a CI log: keys, names and paths from the input are
    /// escaped, and no line can start a workflow command.
    public static func shownLines(_ lines: [String]) -> String {
        lines.map { inertInLog(escape($0)) }.joined(separator: "\n") + "\n"
    }
}
