/// A linear look at Swift text before it is parsed, for the shapes that make swift-syntax's parser
/// recurse once per repetition without its own nesting guard (`try try …`, `await await …`,
/// `A<A<A<…`, `[[[…`, 50,000 `else if`): parsing them would overflow the stack. Comments and
/// string literals are skipped; real code comes nowhere near these bounds.
enum SourceDepth {
    /// Brackets (`(`, `[`, `{`, and `<` written as a generic's) open at once.
    static let maximumBrackets = 200
    /// `try`/`await` prefixes in a row.
    static let maximumPrefixes = 200
    /// `else if` in one file.
    static let maximumElseIfs = 2_000

    /// The UTF-8 offset of the first place over a bound, and what it is; nil when the text is fine.
    static func excess(in text: String) -> (offset: Int, what: String)? {
        let bytes = Array(text.utf8)
        var depth = 0
        var prefixes = 0
        var elseIfs = 0
        var index = 0
        var lastWord: ArraySlice<UInt8> = []
        func isWord(_ byte: UInt8) -> Bool { byte == 0x5F || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80 }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
                continue
            case UInt8(ascii: "\""):
                // A string literal: skipped to its end (an interpolation's brackets count as the literal's).
                index += 1
                var nested = 0
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "\\") {
                        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") { nested += 1 }
                        index += 2
                        continue
                    }
                    if nested > 0, bytes[index] == UInt8(ascii: ")") { nested -= 1 }
                    if nested == 0, bytes[index] == UInt8(ascii: "\"") { break }
                    if nested > maximumBrackets { return (index, "string interpolations nested more than \(maximumBrackets) deep") }
                    index += 1
                }
                index += 1
                prefixes = 0
                continue
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                prefixes = 0
                if depth > maximumBrackets { return (index, "brackets nested more than \(maximumBrackets) deep") }
            case UInt8(ascii: "<") where index > 0 && isWord(bytes[index - 1]):
                depth += 1
                if depth > maximumBrackets { return (index, "generic arguments nested more than \(maximumBrackets) deep") }
            case UInt8(ascii: ">") where index > 0 && bytes[index - 1] == UInt8(ascii: "-"):
                break
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ">"):
                depth = max(0, depth - 1)
            case _ where isWord(byte):
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
