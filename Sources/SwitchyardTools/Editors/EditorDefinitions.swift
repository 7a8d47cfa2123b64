import SwitchyardLua
import SwitchyardTesting

/// What `switchyard types` writes for editors and linters, from `LuaAPIReference` (the words) and
/// `LuaAPITypes` (the types): a lua-language-server `---@meta` library, the `.luarc.json` that points
/// at it, and a luacheck standard. Given an app, its route, tab and flow names become `---@alias`
/// unions (so `url("albm")` is flagged) and the globals its files define become known globals.
///
///     let files = EditorDefinitions(app: .none)
///     files.library      // "---@meta\n..."
package struct EditorDefinitions: Sendable {
    /// What is known of the app the files are for.
    package struct App: Sendable {
        package var files: [String]
        package var routeNames: [String]
        package var tabNames: [String]
        package var flowNames: [String]
        /// Globals the app's files set (`app` in the examples), sorted.
        package var globals: [String]
        /// Each named route's parameters as a LuaLS record (`{id: integer, tab?: string|number|boolean}`),
        /// sorted by name: `url` gets one overload per route, so `url("album", {id = "x"})` is flagged
        /// for a route whose `id` is typed `int` (issue 33).
        package var routeParameters: [(name: String, record: String)] = []
        /// The LuaLS type of the query each named route with a query schema takes (issue 33), by name:
        /// `{page?: integer, tab?: "info"|"tracks"}`, and whether a key is required (then so is the query).
        package var routeQueries: [String: (record: String, required: Bool)] = [:]

        package static let none = App(files: [], routeNames: [], tabNames: [], flowNames: [], globals: [])

        init(files: [String], routeNames: [String], tabNames: [String], flowNames: [String], globals: [String]) {
            self.files = files
            self.routeNames = routeNames
            self.tabNames = tabNames
            self.flowNames = flowNames
            self.globals = globals
        }
    }

    package let app: App

    init(app: App) { self.app = app }

    /// The relative paths written under the output directory, with their text.
    package var files: [(path: String, text: String)] {
        [("library/switchyard.lua", library), (".luarc.json", luarc), (".luacheckrc", luacheckrc)]
    }

    /// The app's files by name (not path), so the files are the same wherever the command ran.
    private var source: String {
        app.files.isEmpty ? "the Lua API alone" : app.files.map { String($0.split(separator: "/").last ?? "") }.joined(separator: ", ")
    }

    // MARK: lua-language-server

    package var library: String {
        var out = ["---@meta", "-- Switchyard's Lua API for lua-language-server, written by `switchyard types` from \(source).",
                   "-- Regenerate it (switchyard types [APP.lua] -o DIR) rather than edit it.", ""]
        out += aliases + [""]
        out += LuaAPITypes.classes.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [""]
        out += navClass + [""]
        out += ["---The session flags' current values, by name (`flags.signed_in`): `flag(name, values [, set])` declares one.",
                "---@type table<string, boolean|number|string>", "flags = {}", ""]
        // `assert` is both Lua's function and the table of checks: a class callable as the former.
        out += ["---" + Self.oneLine(LuaAPIReference.entry(named: "assert")?.summary ?? ""), "---@class SwitchyardAssert",
                "---@overload fun(v: any, message?: any): any", "assert = {}", ""]
        // spy, stub's and mock's tables, declared before the functions hung on them.
        for table in Self.tablesOfFunctions { out += ["---@class \(Self.className(table))", "\(table) = {}", ""] }
        for entry in LuaAPIReference.entries where entry.topic != .fields && entry.name != "assert" {
            guard let function = LuaAPITypes.functions[entry.name] else { continue }
            out += declaration(of: entry, function, overloads: entry.name == "url" ? urlOverloads : []) + [""]
        }
        for (alias, name) in LuaAPITypes.assertionAliases.sorted(by: { $0.key < $1.key }) {
            out.append("assert.\(alias) = assert.\(name)")
        }
        for modifier in LuaAPITypes.assertionModifiers { out.append("assert.\(modifier) = assert") }
        for (alias, name) in LuaAPITypes.globalAliases.sorted(by: { $0.key < $1.key }) { out.append("\(alias) = \(name)") }
        return out.joined(separator: "\n") + "\n"
    }

    /// The app's names as unions; `string` without an app (or when it declares none).
    private var aliases: [String] {
        let names: [(LuaAPITypes.AppNames, [String], String)] = [
            (.route, app.routeNames, "a route's name, for `url`"),
            (.tab, app.tabNames, "a tab's name, for `nav.tab`"),
            (.flow, app.flowNames, "a flow's name, for `nav.start_flow`"),
        ]
        return names.flatMap { alias, values, meaning -> [String] in
            let union = values.isEmpty ? "string" : values.map { "\"\(Self.escaped($0))\"" }.joined(separator: "|")
            return ["---\(meaning)", "---@alias \(alias.rawValue) \(union)"]
        }
    }

    /// `nav` as a class: its read-only fields with their meaning, then the table its functions hang on.
    private var navClass: [String] {
        var out = ["---The navigator: its functions navigate, its fields are read-only.", "---@class SwitchyardNav"]
        for entry in LuaAPIReference.entries where entry.topic == .fields {
            let field = String(entry.name.dropFirst("nav.".count))
            out.append("---@field \(field) \(LuaAPITypes.fields[entry.name] ?? "any") \(Self.oneLine(entry.summary))")
        }
        return out + ["nav = {}"]
    }

    /// `url`'s overload for each named route that has parameters.
    private var urlOverloads: [String] {
        app.routeParameters.map { route in
            let query = app.routeQueries[route.name]
            return "---@overload fun(name: \"\(Self.escaped(route.name))\", params: \(route.record), "
                + "query\(query?.required == true ? "" : "?"): \(query?.record ?? "table<string, string|number|boolean>")): string"
        }
    }

    private func declaration(of entry: LuaAPIReference.Entry, _ function: LuaAPITypes.Function,
                             overloads: [String] = []) -> [String] {
        var out = ["---" + Self.oneLine(entry.summary), "---", "---Example: `\(Self.oneLine(entry.example))`"] + overloads
        for parameter in function.parameters {
            out.append("---@param \(parameter.name)\(parameter.optional ? "?" : "") \(parameter.type)")
        }
        for result in function.results { out.append("---@return \(result)") }
        let names = function.parameters.map(\.name).joined(separator: ", ")
        return out + ["function \(entry.name)(\(names)) end"]
    }

    // MARK: .luarc.json

    package var luarc: String {
        let globals = app.globals.map { "\"\(Self.escaped($0))\"" }.joined(separator: ", ")
        return """
            {
              "runtime": {"version": "Lua 5.4"},
              "workspace": {"library": ["library"], "checkThirdParty": false},
              "diagnostics": {"globals": [\(globals)]}
            }

            """
    }

    // MARK: luacheck

    package var luacheckrc: String {
        var out = ["-- A luacheck standard for Switchyard scripts, written by `switchyard types` from \(source).",
                   "-- Regenerate it (switchyard types [APP.lua] -o DIR) rather than edit it.",
                   "std = \"lua54+switchyard\"", "exclude_files = {\"library/*.lua\"}   -- the editors' definitions, not code",
                   "stds.switchyard = {", "  read_globals = {"]
        var globals = Set(LuaAPITypes.globalAliases.keys)
        // Globals that are tables too: spy (spy.new), and `match`, also luassert's matchers (`match.is_table()`).
        // `flags`, the session flags' values (`flags.signed_in`), is a table `flag(...)` fills.
        var tables: Set<String> = ["match", "flags"]
        globals.insert("flags")
        var navFields: [String] = []
        var assertFields = (Array(LuaAPITypes.assertionAliases.keys)).map { "\($0) = {}" }
            + LuaAPITypes.assertionModifiers.map { "\($0) = {other_fields = true}" }
        for entry in LuaAPIReference.entries where entry.name != "assert" {
            if entry.name.hasPrefix("nav.") {
                let field = String(entry.name.dropFirst("nav.".count))
                let isTable = entry.topic == .fields && Self.isTable(LuaAPITypes.fields[entry.name] ?? "")
                navFields.append(isTable ? "\(field) = {other_fields = true}" : "\(field) = {}")
            } else if entry.name.hasPrefix("assert.") {
                assertFields.append("\(entry.name.dropFirst("assert.".count)) = {}")
            } else if let dot = entry.name.firstIndex(of: ".") {
                tables.insert(String(entry.name[..<dot]))
                globals.insert(String(entry.name[..<dot]))
            } else {
                globals.insert(entry.name)
            }
        }
        for name in globals.sorted() {
            out.append(tables.contains(name) ? "    \(name) = {other_fields = true}," : "    \(name) = {},")
        }
        out.append("    nav = {fields = {")
        for field in navFields.sorted() { out.append("      \(field),") }
        out.append("    }},")
        out.append("    assert = {fields = {")
        for field in assertFields.sorted() { out.append("      \(field),") }
        out += ["    }},", "  },"]
        if !app.globals.isEmpty {
            out.append("  globals = {" + app.globals.map { "\"\(Self.escaped($0))\"" }.joined(separator: ", ") + "},")
        }
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    /// Globals that are tables of functions in the reference (`spy.new`, `spy.on`), not `nav` or `assert`.
    private static var tablesOfFunctions: [String] {
        var tables: [String] = []
        for entry in LuaAPIReference.entries where LuaAPITypes.functions[entry.name] != nil {
            let parts = entry.name.split(separator: ".")
            guard parts.count == 2, parts[0] != "nav", parts[0] != "assert", !tables.contains(String(parts[0])) else { continue }
            tables.append(String(parts[0]))
        }
        return tables
    }

    /// "spy" -> "SwitchyardSpyLibrary".
    private static func className(_ table: String) -> String {
        "Switchyard" + table.prefix(1).uppercased() + table.dropFirst() + "Library"
    }

    /// Whether a field's LuaLS type is a table (its own fields are then not checked).
    private static func isTable(_ type: String) -> Bool {
        type.hasPrefix("table") || type.hasPrefix("Switchyard") || type.hasSuffix("[]")
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// A string for inside double quotes in Lua or JSON (names are identifiers in practice).
    private static func escaped(_ text: String) -> String {
        text.reduce(into: "") { escaped, character in
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
    }
}
