import Switchyard

/// An info table as one line, as a script reads it from `match(text)` and as `RouteTable.match` describes
/// the same text, for the tests that hold the shim's table to the Swift one field by field: keys sorted,
/// the params' and query's pairs sorted. `typed`: each value's type written before it, so a number or a
/// missing value cannot pass for a string.
struct InfoTableLine {
    let typed: Bool

    /// Lua defining `described(info)`, to declare beside the test's routes.
    var luaFunction: String {
        let pair = typed ? #"type(k) .. ":" .. k .. "=" .. type(v) .. ":" .. v"# : #"k .. "=" .. tostring(v)"#
        let field = typed ? #"key .. ":" .. kind .. ":" .. value"# : #"key .. ":" .. tostring(value)"#
        return """
            function described(info)
              if info == nil then return "nil" end
              local keys, out = {}, {}
              for key in pairs(info) do keys[#keys + 1] = key end
              table.sort(keys)
              for _, key in ipairs(keys) do
                local value, kind = info[key], type(info[key])
                if kind == "table" then
                  local pairs_ = {}
                  for k, v in pairs(value) do pairs_[#pairs_ + 1] = \(pair) end
                  table.sort(pairs_)
                  value = "{" .. table.concat(pairs_, ",") .. "}"
                end
                out[#out + 1] = \(field)
              end
              return table.concat(out, " ")
            end
            """
    }

    /// The line of what `match(text)` returns to a script of `app` (which declared `luaFunction`).
    func fromLua(_ text: String, in app: RuntimeFixture) throws -> String? {
        let quoted = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        return try app.string("return described(match('\(quoted)'))")
    }

    /// The same line made from what `RouteTable.match` returns for `text`.
    func fromSwift(_ text: String, in app: RuntimeFixture) throws -> String {
        guard let found = try app.runtime.routeTable.match(text) else { return "nil" }
        let info = found.info
        let string = typed ? "string:" : ""
        func table(_ fields: [(String, String)]) -> String {
            (typed ? "table:" : "") + "{" + fields.map { "\(string)\($0.0)=\(string)\($0.1)" }.sorted().joined(separator: ",") + "}"
        }
        var fields = [("params", table(info.params.dictionary.map { ($0.key, $0.value) })), ("path", string + info.path),
                      ("pattern", string + found.route.pattern.text), ("query", table(info.query.map { ($0.key, $0.value) }))]
        if let fragment = info.fragment { fields.append(("fragment", string + fragment)) }
        return fields.sorted { $0.0 < $1.0 }.map { "\($0.0):\($0.1)" }.joined(separator: " ")
    }
}
