/// Deep links (SPEC §3): `scheme://host/path` becomes `/host/path`; a dotted host or http(s) keeps only the path.
///
///     try DeepLink.parse("myapp://album/123?presentation=sheet").path   // "/album/123"
///     try DeepLink.parse("https://example.com/a/b").path                 // "/a/b"
///     try DeepLink.parse("pgm:///a/1").path                              // "/a/1"
public enum DeepLink {
    public static func parse(_ url: String) throws(RoutingError) -> Location {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else {
            throw .invalidURL(url, reason: "expected scheme://host/path")
        }
        let scheme = url[..<colon]
        guard isValidScheme(scheme) else {
            throw .invalidURL(url, reason: "the scheme \"\(scheme)\" must start with a letter and contain only letters, digits, +, - and .")
        }
        let rest = url[url.index(colon, offsetBy: 3)...]
        let hostEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let host = rest[..<hostEnd]
        let remainder = rest[hostEnd...]
        let isWeb = ["http", "https"].contains(scheme.lowercased())
        let keepsOnlyPath = isWeb || host.contains(".") || host.isEmpty
        let target = keepsOnlyPath ? String(remainder) : "/" + String(host) + String(remainder)
        return Location(parsing: target)
    }

    private static func isValidScheme(_ scheme: Substring) -> Bool {
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { character in
            character.isASCII && (character.isLetter || character.isNumber || character == "+" || character == "-" || character == ".")
        }
    }
}
