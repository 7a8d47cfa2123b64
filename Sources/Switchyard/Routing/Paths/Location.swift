/// A location string split into path, query and fragment.
///
///     let location = Location(parsing: "/a/b?x=1&flag#top")
///     location.path      // "/a/b"
///     location.query     // ["x": "1", "flag": ""]
///     location.fragment  // "top"
///     Location(parsing: "../c", relativeTo: "/a/b").path  // "/a/c"
package struct Location: Hashable, Sendable, Codable {
    public var path: String
    public var query: [String: String]
    public var fragment: String?

    public init(path: String, query: [String: String] = [:], fragment: String? = nil) {
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The query is percent-decoded (last duplicate wins, `key` without `=` gives ""); the fragment is kept
    /// as written; a relative path resolves against `current`.
    public init(parsing text: String, relativeTo current: String = "/") {
        // The common case, a plain normalised path, keeps the caller's string: no copy, no allocation.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            PathSegmenter.pathEnd(bytes) == bytes.count && PathSegmenter.isNormalized(bytes)
        }
        if plain == true {
            path = text
            query = [:]
            fragment = nil
            return
        }
        // Delimiters are found as bytes: "?" or "#" followed by a combining mark is one Character but
        // still a delimiter, as it is for the byte-level lookup (`RouteTable.firstMatch`).
        var rest = Substring(text)
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(rest[rest.utf8.index(after: hash)...])
            rest = rest[..<hash]
        } else {
            fragment = nil
        }
        if let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = Location.parseQuery(rest[rest.utf8.index(after: mark)...])
            rest = rest[..<mark]
        } else {
            query = [:]
        }
        path = PathResolver.resolve(String(rest), against: current)
    }

    /// `a=1&b&a=2` → ["a": "2", "b": ""]. `+` is kept as written (this is a path router, not a form decoder).
    public static func parseQuery(_ text: Substring) -> [String: String] {
        var query: [String: String] = [:]
        for pair in text.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let pair = text[pair.startIndex..<pair.endIndex]
            if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let key = PercentCoding.decode(String(pair[..<equals]))
                query[key] = PercentCoding.decode(String(pair[pair.utf8.index(after: equals)...]))
            } else {
                query[PercentCoding.decode(String(pair))] = ""
            }
        }
        return query
    }

    /// The location written back as text, query keys sorted so equal locations print the same.
    public var text: String {
        var text = path
        if !query.isEmpty {
            text += "?" + query.sorted { $0.key < $1.key }
                .map { PercentCoding.encode($0.key) + "=" + PercentCoding.encode($0.value) }
                .joined(separator: "&")
        }
        if let fragment { text += "#" + fragment }
        return text
    }
}
