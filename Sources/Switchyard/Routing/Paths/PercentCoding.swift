/// Percent-decoding of captured values and percent-encoding for reverse routing.
///
///     PercentCoding.decode("a%20b")   // "a b"
///     PercentCoding.decode("100%")    // "100%"  (a malformed escape is kept verbatim)
///     PercentCoding.encode("a b/c")   // "a%20b%2Fc"
package enum PercentCoding {
    /// Decodes `%XX` escapes. A malformed escape (`%`, `%z`, `%zz`) stays as written; if the decoded
    /// bytes are not valid UTF-8 the text is returned unchanged rather than inventing replacement characters.
    public static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self) ?? text
    }

    /// Encodes everything but RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`).
    public static func encode(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0xF)])
            }
        }
        return encoded
    }

    /// A value as one path segment: `encode`, and a value of "." or ".." with its dots escaped too,
    /// since a path's dot segments are resolved before matching (`url` must not let a parameter
    /// climb out of its route).
    ///
    ///     PercentCoding.encodeSegment("..")   // "%2E%2E"
    public static func encodeSegment(_ text: String) -> String {
        text == "." || text == ".." ? String(repeating: "%2E", count: text.count) : encode(text)
    }

    private static let hexDigits: [Character] = Array("0123456789ABCDEF")

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
