/// Escaping for XML 1.0 text and attribute values (JUnit reports; the live view's HTML notes too).
package enum XMLText {
    /// `XMLText.escape("a < \"b\"")` == `"a &lt; &quot;b&quot;"`. Characters XML 1.0 cannot carry at all
    /// (most C0 controls, lone surrogates cannot occur in Swift strings) become U+FFFD so the document
    /// stays well-formed whatever a failing test printed.
    package static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\r": result += "&#13;"
            case _ where isForbidden(scalar): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }
}
