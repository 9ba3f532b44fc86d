/// Keys that look the same on screen but are different strings: `App` and `Аpp` (Cyrillic А),
/// `Config` and `Cοnfig` (Greek ο). A reader, a reviewer and `String(describing:)` see one name;
/// Swift and the container see two. The skeleton maps the letters most often confused (Cyrillic,
/// Greek and full-width forms of Latin letters, after Unicode's confusables data) to Latin, so that
/// two keys with one skeleton look alike.
public enum LookAlike {
    /// Format characters (zero-width joiners and spaces, bidirectional marks, the byte order mark)
    /// and other default-ignorable code points: they change a string without changing its picture.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format || scalar.properties.isDefaultIgnorableCodePoint
    }

    /// `U+200D ZERO WIDTH JOINER`.
    public static func name(of scalar: Unicode.Scalar) -> String {
        "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + (scalar.properties.name.map { " " + $0 } ?? "")
    }

    /// The text with every confusable letter replaced by the Latin letter it looks like.
    public static func skeleton(_ text: String) -> String {
        // Every look-alike is outside ASCII, and most keys are ASCII.
        if isASCII(text) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let latin = latinLookAlikes[scalar] {
                result.append(latin)
            } else if (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
                result.append(ascii)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The first letter of `text` that is not Latin although it looks like one, when `text` also
    /// has Latin letters: a key that mixes scripts is almost always a typing accident or a trick.
    public static func mixedScriptLetter(in text: String) -> Unicode.Scalar? {
        guard !isASCII(text), text.unicodeScalars.contains(where: { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }) else { return nil }
        return text.unicodeScalars.first { latinLookAlikes[$0] != nil || (0xFF01...0xFF5E).contains($0.value) }
    }

    /// False for plain ASCII, which neither holds a look-alike nor mixes scripts.
    public static func mayHoldLookAlikes(_ text: String) -> Bool { !isASCII(text) }

    private static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    private static let latinLookAlikes: [Unicode.Scalar: Unicode.Scalar] = {
        // Pairs of (look-alike, Latin), Cyrillic then Greek.
        let pairs =
            "аaвBеeһhіiјjкKоoрpсcѕsуyхxԁdԛqԝwӏlАAВBЕEЅSІIЈJКKМMНHОOРPСCТTХXҮYԌGԚQԜW"
            + "αaοoνvρpτtυuιiκkΑAΒBΕEΖZΗHΙIΚKΜMΝNΟOΡPΤTΥYΧX"
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        let scalars = Array(pairs.unicodeScalars)
        for index in stride(from: 0, to: scalars.count - 1, by: 2) { table[scalars[index]] = scalars[index + 1] }
        return table
    }()
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
