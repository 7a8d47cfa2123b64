/// The one JSON string writer (route meta, the live view's messages, the reports' post-pass): text
/// as a JSON string literal that is safe wherever it lands. Beyond what JSON requires (`"`, `\` and
/// C0 controls), DEL and C1 controls are escaped so a terminal shown the JSON acts on nothing, `<`,
/// `>` and `&` so the literal cannot end an inline `<script>` or open markup, and U+2028/U+2029 so
/// the text is also a JavaScript literal. Every escape denotes the same string to a JSON reader.
///
///     JSONStringLiteral.quoted("a \"b\"</script>")   // "a \"b\"\u003c/script\u003e"
package enum JSONStringLiteral {
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsUnicodeEscape(scalar): out += unicodeEscape(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Whether `scalar` is written `\uXXXX` (the characters listed above, other than those with a
    /// short escape).
    package static func needsUnicodeEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: return true
        default: return isScriptUnsafe(scalar)
        }
    }

    /// `<`, `>`, `&`, U+2028 and U+2029: what JSON inside an inline `<script>` must not hold as itself.
    package static func isScriptUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "<", ">", "&", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    /// JSON text that can sit inside a `<script>` block (the live view's saved page): outside strings
    /// JSON has none of `isScriptUnsafe`'s characters, inside them `\u003c` means the same to
    /// `JSON.parse` and cannot close the block.
    ///
    ///     JSONStringLiteral.scriptSafe(#"{"a":"</script>"}"#)   // {"a":"\u003c/script\u003e"}
    package static func scriptSafe(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            if isScriptUnsafe(scalar) { out += unicodeEscape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// `scalar` (in the Basic Multilingual Plane) as `\uXXXX`, lower-case hex.
    package static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
