/// A linear look at Swift text before it is parsed, for the shapes that make swift-syntax's parser
/// recurse once per repetition without its own nesting guard (`try try …`, `await await …`,
/// `A<A<A<…`, `[[[…`, 50,000 `else if`, nested `#if`): parsing them would overflow the stack.
/// Comments, string literals (raw `#"…"#` with any number of `#`, multi-line `"""…"""`, and the
/// code of their interpolations) and regex literals (`#/…/#`, and `/…/` where a prefix operator
/// could stand) are skipped as the parser's lexer reads them, so that no literal hides the code
/// after it from this scan. Real code comes nowhere near these bounds.
enum SourceDepth {
    /// Brackets (`(`, `[`, `{`, and `<` written as a generic's) open at once.
    static let maximumBrackets = 200
    /// `try`/`await` prefixes in a row.
    static let maximumPrefixes = 200
    /// `else if` in one file.
    static let maximumElseIfs = 2_000
    /// `#if` blocks open at once.
    static let maximumConditionals = 200

    /// The UTF-8 offset of the first place over a bound, and what it is; nil when the text is fine.
    static func excess(in text: String) -> (offset: Int, what: String)? {
        var scan = Scan(bytes: Array(text.utf8))
        return scan.run()
    }

    /// A string literal around the current place: its `#` count, whether it is multi-line, and the
    /// parentheses open in its interpolation (nil while its text is read).
    private struct OpenString {
        var hashes: Int
        var multiline: Bool
        var interpolation: Int?
    }

    private struct Scan {
        let bytes: [UInt8]
        var index = 0
        var depth = 0
        var prefixes = 0
        var elseIfs = 0
        var conditionals = 0
        var lastWord: ArraySlice<UInt8> = []
        /// The string literals around the current place, innermost last (code inside an interpolation).
        var strings: [OpenString] = []
        /// The end of what may be a bare regex literal: a quote before it opens no string.
        var quotesInertUntil = 0

        static let whiteSpace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
        /// What may stand before a bare regex literal's `/` (besides white space and the file's start).
        static let beforeRegex: [UInt8] = [
            0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"),
        ]

        func isWord(_ byte: UInt8) -> Bool { byte == 0x5F || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80 }
        func at(_ position: Int) -> UInt8? { position < bytes.count ? bytes[position] : nil }
        func hashes(from position: Int) -> Int {
            var end = position
            while end < bytes.count, bytes[end] == UInt8(ascii: "#") { end += 1 }
            return end - position
        }

        mutating func run() -> (offset: Int, what: String)? {
            while index < bytes.count {
                if let open = strings.last, open.interpolation == nil {
                    readStringText()
                    prefixes = 0
                    if strings.count > maximumBrackets { return (index, "string interpolations nested more than \(maximumBrackets) deep") }
                    continue
                }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                    continue
                case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                    index += 2
                    continue
                case UInt8(ascii: "/") where index >= quotesInertUntil && (index == 0 || Self.beforeRegex.contains(bytes[index - 1])):
                    // Perhaps a bare regex literal (`= /"/`), perhaps an operator: its text is read as code
                    // (nothing hidden either way), but a quote in it opens no string.
                    if let next = at(index + 1), !Self.whiteSpace.contains(next), next != UInt8(ascii: "="), let end = regexEnd(slash: index, hashes: 0) {
                        quotesInertUntil = end
                    }
                    prefixes = 0
                case UInt8(ascii: "#") where index >= quotesInertUntil:
                    if let tooDeep = readHashes() { return tooDeep }
                    continue
                case UInt8(ascii: "\"") where index >= quotesInertUntil:
                    openString(quote: index, hashes: 0)
                    continue
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    if byte == UInt8(ascii: "("), let open = strings.last?.interpolation { strings[strings.count - 1].interpolation = open + 1 }
                    depth += 1
                    prefixes = 0
                    if depth > maximumBrackets { return (index, "brackets nested more than \(maximumBrackets) deep") }
                case UInt8(ascii: ")") where strings.last?.interpolation == 0:
                    // The interpolation ends: back to its string's text.
                    strings[strings.count - 1].interpolation = nil
                case UInt8(ascii: "<") where index > 0 && isWord(bytes[index - 1]):
                    depth += 1
                    if depth > maximumBrackets { return (index, "generic arguments nested more than \(maximumBrackets) deep") }
                case UInt8(ascii: ">") where index > 0 && bytes[index - 1] == UInt8(ascii: "-"):
                    break
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ">"):
                    if byte == UInt8(ascii: ")"), let open = strings.last?.interpolation { strings[strings.count - 1].interpolation = open - 1 }
                    depth = max(0, depth - 1)
                case _ where isWord(byte):
                    if let tooDeep = readWord() { return tooDeep }
                    continue
                case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "?"), UInt8(ascii: "!"):
                    break
                default:
                    prefixes = 0
                }
                index += 1
            }
            return nil
        }

        /// `#…` at `index`: a raw string, a raw regex literal, or a directive (`#if` counted).
        mutating func readHashes() -> (offset: Int, what: String)? {
            let count = hashes(from: index)
            let next = index + count
            if at(next) == UInt8(ascii: "\"") {
                openString(quote: next, hashes: count)
                return nil
            }
            if at(next) == UInt8(ascii: "/"), let end = regexEnd(slash: next, hashes: count) {
                index = end
                prefixes = 0
                return nil
            }
            if count == 1, isDirective("if", at: next) {
                conditionals += 1
                if conditionals > maximumConditionals { return (index, "`#if` nested more than \(maximumConditionals) deep") }
            } else if count == 1, isDirective("endif", at: next) {
                conditionals = max(0, conditionals - 1)
            }
            prefixes = 0
            index = next
            return nil
        }

        /// The word at `index`: `try`/`await` in a row and `else if` chains counted.
        mutating func readWord() -> (offset: Int, what: String)? {
            let start = index
            while index < bytes.count, isWord(bytes[index]) { index += 1 }
            let word = bytes[start..<index]
            if word.elementsEqual("try".utf8) || word.elementsEqual("await".utf8) {
                prefixes += 1
                if prefixes > maximumPrefixes { return (start, "more than \(maximumPrefixes) `try`/`await` in a row") }
            } else {
                prefixes = 0
            }
            if word.elementsEqual("if".utf8), lastWord.elementsEqual("else".utf8) {
                elseIfs += 1
                if elseIfs > maximumElseIfs { return (start, "more than \(maximumElseIfs) `else if`") }
            }
            lastWord = word
            return nil
        }

        /// `if` or `endif` after a `#`, as a whole word.
        func isDirective(_ name: String, at position: Int) -> Bool {
            let end = position + name.utf8.count
            return end <= bytes.count && bytes[position..<end].elementsEqual(name.utf8) && !(at(end).map(isWord) ?? false)
        }

        /// Opens the string literal whose first `"` is at `quote` (after `hashes` `#`).
        mutating func openString(quote: Int, hashes: Int) {
            let multiline = at(quote + 1) == UInt8(ascii: "\"") && at(quote + 2) == UInt8(ascii: "\"")
            strings.append(OpenString(hashes: hashes, multiline: multiline, interpolation: nil))
            index = quote + (multiline ? 3 : 1)
        }

        /// Reads the innermost string's text from `index`: to its end, or into an interpolation.
        mutating func readStringText() {
            let literal = strings[strings.count - 1]
            while index < bytes.count {
                let current = bytes[index]
                if current == UInt8(ascii: "\\"), hashes(from: index + 1) == literal.hashes {
                    index += 1 + literal.hashes
                    if at(index) == UInt8(ascii: "(") {
                        index += 1
                        strings[strings.count - 1].interpolation = 0
                        return
                    }
                    index += 1  // the escaped character
                    continue
                }
                if current == 0x0A, !literal.multiline {
                    // As the parser's lexer does: a single-line literal ends with its line.
                    strings.removeLast()
                    return
                }
                if current == UInt8(ascii: "\""), !literal.multiline || (at(index + 1) == current && at(index + 2) == current) {
                    let quotes = literal.multiline ? 3 : 1
                    if hashes(from: index + quotes) >= literal.hashes {
                        index += quotes + literal.hashes
                        strings.removeLast()
                        return
                    }
                }
                index += 1
            }
            strings.removeLast()
        }

        /// Past the regex literal whose opening `/` (after `hashes` `#`) is at `slash`: its closing `/`
        /// and as many `#`. A bare `/…/` is closed on its line or is no regex (nil).
        func regexEnd(slash: Int, hashes count: Int) -> Int? {
            var position = slash + 1
            while position < bytes.count {
                let current = bytes[position]
                if current == 0x0A, count == 0 { return nil }
                if current == UInt8(ascii: "\\") {
                    position += 2
                    continue
                }
                if current == UInt8(ascii: "/"), hashes(from: position + 1) >= count { return position + 1 + count }
                position += 1
            }
            return count == 0 ? nil : bytes.count
        }
    }

    /// The longest run of bytes without white space: a postfix chain deep enough to matter
    /// (`a.b.b…`, `f()()…`, `a!!!…`) is written without spaces, real code in short runs.
    static func longestUnbrokenRun(in text: String) -> Int {
        var longest = 0
        var current = 0
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                longest = max(longest, current)
                current = 0
            } else {
                current += 1
            }
        }
        return max(longest, current)
    }
}
