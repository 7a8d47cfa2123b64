/// The canonical text of a location: path, then the query sorted by key and percent-encoded, then the
/// fragment. Two screens are at the same place exactly when these texts are equal.
///
///     LocationText.format(path: "/a", query: ["q": "x y"], fragment: "top") == "/a?q=x%20y#top"
enum LocationText {
    static func format(path: String, query: [String: String], fragment: String?) -> String {
        var text = path
        if !query.isEmpty {
            text += "?" + query.sorted { $0.key < $1.key }
                .map { encode($0.key) + "=" + encode($0.value) }
                .joined(separator: "&")
        }
        if let fragment { text += "#" + encode(fragment) }
        return text
    }

    static func format(_ location: Location) -> String {
        format(path: location.path, query: location.query, fragment: location.fragment)
    }

    private static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if isKept(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return out
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~/:@".utf8.contains(byte)
        }
    }
}
