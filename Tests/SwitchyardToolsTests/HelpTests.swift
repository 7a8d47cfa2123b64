import SwitchyardLua
import Testing
@testable import SwitchyardTools

@Suite struct HelpTests {
    /// Every function and value Lua 5.4 puts in its libraries (asked of a real, unsandboxed state,
    /// not of a list kept beside the help text) has a line of help.
    @Test func everyStandardLibraryMemberHasHelp() throws {
        let engine = try LuaEngine(configuration: .init(sandboxed: false))
        let names = try engine.run("""
            local names = {}
            for key, value in pairs(_G) do
              if type(value) == "function" then names[#names + 1] = key end
            end
            for _, library in ipairs{"coroutine", "package", "string", "utf8", "table", "math", "io", "os", "debug"} do
              for key in pairs(_G[library]) do
                if type(key) == "string" then names[#names + 1] = library .. "." .. key end
              end
            end
            return names
            """, chunkName: "=test")[0].tableValue!.array().compactMap(\.stringValue)
        #expect(names.count > 140)
        let missing = names.filter { LuaStandardLibraryHelp.entry(named: $0) == nil }.sorted()
        #expect(missing.isEmpty, "no help for \(missing)")
    }

    @Test func theDocCommentIsTheLDocOrLuaLSBlockJustAbove() {
        let lines = """
            -- a plain comment, not documentation

            -- kept apart
            --- Signs a person in.
            -- name: who
            function app.log_in(name) end
            ---@param n integer
            ---@return string
            local function shown(n) end
            -- only a plain comment
            function bare() end
            """.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(FunctionHelp.docComment(in: lines, above: 6) == ["Signs a person in.", "name: who"])
        #expect(FunctionHelp.docComment(in: lines, above: 9) == ["@param n integer", "@return string"])
        #expect(FunctionHelp.docComment(in: lines, above: 11) == [])
    }

    @Test func theDefinitionLineNamesTheFunction() {
        #expect(FunctionHelp.definedName(in: "function app.log_in(name, admin)") == "app.log_in")
        #expect(FunctionHelp.definedName(in: "local function helper(x)") == "helper")
        #expect(FunctionHelp.definedName(in: "function Store:add(item)") == "Store:add")
        #expect(FunctionHelp.definedName(in: "app.log_out = function()") == "app.log_out")
        #expect(FunctionHelp.definedName(in: "  log_out = function(session)") == "log_out")
        #expect(FunctionHelp.definedName(in: "my_function = function()") == "my_function")
        #expect(FunctionHelp.definedName(in: "route('/a', {guard = function() return true end})") == "guard")
        #expect(FunctionHelp.definedName(in: "table.sort(list, function(a, b) return a < b end)") == nil)
    }

    @Test func typosGetTheNearestNamesOnly() {
        #expect(TypoSuggestion.nearest("psh", among: ["push", "pop", "path", "pop_to"]) == ["push"])
        #expect(TypoSuggestion.nearest("titel", among: ["title", "links", "view", "name"]) == ["title"])
        #expect(TypoSuggestion.nearest("zzz", among: ["push", "pop"]) == [])
        #expect(TypoSuggestion.hint(for: "tset", among: ["test", "walk"]) == " (did you mean test?)")
    }
}
