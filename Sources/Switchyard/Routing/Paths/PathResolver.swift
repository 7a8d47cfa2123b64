/// Path normalisation and relative resolution, by the rules docs/patterns.md gives.
///
///     PathResolver.normalize("//a/./b/../c/")                  // "/a/c"
///     PathResolver.resolve("latest", against: "/news")          // "/news/latest"
///     PathResolver.resolve("../settings", against: "/news/latest") // "/news/settings"
package enum PathResolver {
    /// Adds the leading `/`, collapses `//`, drops a trailing `/` and resolves `.` and `..` (which stop at the root).
    public static func normalize(_ path: String) -> String {
        if path.utf8.withContiguousStorageIfAvailable(PathSegmenter.isNormalized) == true { return path }
        return "/" + PathSegmenter.strings(path).joined(separator: "/")
    }

    /// An absolute `path` stands alone; a relative one continues the current location, which is treated as
    /// a directory (as SwiftUI Router's Navigator does): from "/news", "latest" is "/news/latest" and ".."
    /// is "/". An empty path is the current location.
    public static func resolve(_ path: String, against current: String) -> String {
        // A byte test: "/" followed by a combining mark is one Character, but still an absolute path.
        if path.utf8.first == UInt8(ascii: "/") { return normalize(path) }
        return normalize(current + "/" + path)
    }
}
