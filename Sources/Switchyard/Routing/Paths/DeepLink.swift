/// Deep links: `scheme://host/path` becomes `/host/path`; a dotted host or http(s) keeps only the path.
///
///     try DeepLink.parse("myapp://album/123?presentation=sheet").path   // "/album/123"
///     try DeepLink.parse("https://example.com/a/b").path                 // "/a/b"
///     try DeepLink.parse("pgm:///a/1").path                              // "/a/1"
package enum DeepLink {
    public static func parse(_ url: String) throws(RoutingError) -> Location {
        // Delimiters are found as bytes, so a combining mark after one cannot hide it.
        let utf8 = url.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), utf8[colon...].starts(with: "://".utf8) else {
            throw RoutingError(.invalidURL(url, reason: "expected scheme://host/path"))
        }
        let scheme = url[..<colon]
        guard isValidScheme(scheme) else {
            throw RoutingError(.invalidURL(url, reason: "the scheme \"\(scheme)\" must start with a letter and contain only letters, digits, +, - and ."))
        }
        let rest = url[utf8.index(colon, offsetBy: 3)...]
        let hostEnd = rest.utf8.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? rest.endIndex
        let host = rest[..<hostEnd]
        let remainder = rest[hostEnd...]
        let isWeb = ["http", "https"].contains(scheme.lowercased())
        let keepsOnlyPath = isWeb || host.utf8.contains(UInt8(ascii: ".")) || host.isEmpty
        let target = keepsOnlyPath ? String(remainder) : "/" + String(host) + String(remainder)
        return Location(parsing: target)
    }

    /// Whether `text` starts as a URL does, with a valid scheme and "://" ("myapp://album/1"), which
    /// no path does: `go` refuses one and says to open it.
    ///
    ///     DeepLink.hasScheme("myapp://album/1") == true;  DeepLink.hasScheme("/album/1") == false
    public static func hasScheme(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, first != UInt8(ascii: "/"),
              let colon = utf8.firstIndex(of: UInt8(ascii: ":")), utf8[colon...].starts(with: "://".utf8) else { return false }
        return isValidScheme(text[..<colon])
    }

    private static func isValidScheme(_ scheme: Substring) -> Bool {
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { character in
            character.isASCII && (character.isLetter || character.isNumber || character == "+" || character == "-" || character == ".")
        }
    }
}
