import SwitchyardLua

/// Which scenario tests run, and in what order: busted's `--filter`, `--filter-out`, `--tags`,
/// `--exclude-tags` and `--shuffle --seed`.
///
/// ```swift
/// var selection = ScenarioSelection()
/// selection.tags = ["smoke"]              // only tests with #smoke in their full name
/// selection.filtersOut = ["slow"]         // a Lua pattern: not those whose name matches it
/// selection.shuffleSeed = 42              // each block's tests in an order fixed by the seed
/// let report = runtime.runScenarios(files: ["specs/links_spec.lua"], selection: selection)
/// ```
///
/// A test's full name is its describe names and its own, joined by spaces; its tags are the words
/// after a `#` in that name (`describe("checkout #slow", ...)` tags every test inside).
public struct ScenarioSelection: Sendable {
    /// Lua patterns: run only tests whose full name matches one of them (none: all).
    public var filters: [String] = []
    /// Lua patterns: skip tests whose full name matches one (before `filters`).
    public var filtersOut: [String] = []
    /// Run only tests carrying one of these tags (none: all).
    public var tags: [String] = []
    /// Skip tests carrying one of these tags (before `tags`).
    public var excludedTags: [String] = []
    /// Shuffle each block's tests and blocks with this seed (nil: declaration order).
    public var shuffleSeed: UInt64?

    public init() {}

    /// The tags of a full name: "checkout #slow pays #smoke" -> ["slow", "smoke"].
    public static func tags(in name: String) -> [String] {
        var tags: [String] = []
        var rest = Substring(name)
        while let hash = rest.firstIndex(of: "#") {
            rest = rest[rest.index(after: hash)...]
            let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            if !word.isEmpty { tags.append(String(word)) }
            rest = rest[word.endIndex...]
        }
        return tags
    }

    /// Whether the test with this full name runs; `matches(pattern, name)` is Lua's `string.find`.
    func selects(_ name: String, matches: (String, String) throws -> Bool) rethrows -> Bool {
        let tags = Self.tags(in: name)
        if tags.contains(where: excludedTags.contains) { return false }
        if !self.tags.isEmpty && !tags.contains(where: self.tags.contains) { return false }
        for pattern in filtersOut where try matches(pattern, name) { return false }
        if filters.isEmpty { return true }
        for pattern in filters where try matches(pattern, name) { return true }
        return false
    }
}
