/// Reading the plain string tables the API takes: a list of paths or names (`tabs{...}`,
/// `nav.push_stack{...}`, a sheet's `detents`) and a map of names to values (`url`'s params and query,
/// `nav.push`'s `params`), each with an error that names the call and the entry.
extension LuaTable {
    /// `{"/home", "/search"}` → ["/home", "/search"]; a non-string entry is an error:
    /// "tabs: entry 2 must be a path, got number".
    func strings(context: String, entry: String = "entry", expected: String) throws(LuaError) -> [String] {
        try array().enumerated().map { (offset, value) throws(LuaError) -> String in
            guard let text = value.stringValue else {
                throw LuaError("\(context): \(entry) \(offset + 1) must be \(expected), got \(value.typeName)")
            }
            return text
        }
    }

    /// `{id = 12, slug = "x"}` → ["id": "12", "slug": "x"]: string keys; strings, numbers and booleans
    /// as they print. "url: params.id must be a string or a number, got table".
    func stringMap(context: String, what: String) throws(LuaError) -> [String: String] {
        var map: [String: String] = [:]
        for (key, value) in try pairs() {
            guard let name = key.stringValue else {
                throw LuaError("\(context): \(what) keys must be strings, found a \(key.typeName) key")
            }
            switch value {
            case .string(let text): map[name] = text.string
            case .integer, .number, .boolean: map[name] = value.description
            default: throw LuaError("\(context): \(what).\(name) must be a string or a number, got \(value.typeName)")
            }
        }
        return map
    }
}
