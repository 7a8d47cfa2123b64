@testable import SwitchyardLua
import SwitchyardTesting
import Switchyard

/// A runtime with `app` loaded as "app.lua", and a shorthand to run test code as "test.lua".
struct RuntimeFixture {
    let runtime: SwitchyardRuntime

    init(_ app: String, configuration: LuaEngine.Configuration = .init()) throws {
        runtime = try SwitchyardRuntime(configuration: configuration)
        try runtime.installScenarioTesting()   // as `switchyard` gives its scripts: test code uses `assert`
        try runtime.load(code: app, chunkName: "@app.lua")
    }

    var navigator: Navigator { runtime.navigator }

    @discardableResult
    func lua(_ code: String) throws(LuaError) -> [LuaValue] { try runtime.engine.run(code, chunkName: "@test.lua") }

    /// The first result as a string (tables and the like by type name).
    func string(_ code: String) throws -> String? { try lua(code).first?.stringValue }

    func failure(_ code: String) -> LuaError? {
        do {
            try lua(code)
            return nil
        } catch { return error }
    }
}

let musicApp = """
    route("/", {title = "Home", links = {"/album/:id", "/search"}})
    route("/search", {title = "Search"})
    route("/album/:id", {
      name = "album",
      title = function(info) return "Album " .. info.params.id end,
      view = "tracks of the album",
      validate = function(info) return tonumber(info.params.id) end,
      presentation = "sheet",
    })
    route("/album/new", {title = "New album"})
    route("/admin", {guard = function(info) return logged_in == true or "/login" end})
    route("/login", {title = "Login"})
    route("/old", {redirect = "/search"})
    route("/locked", {guard = function() return false end})
    flow("signup", {{"/signup", as = "cover"}, "/signup/name"})
    route("/signup", {title = "Sign up"})
    route("/signup/name", {title = "Name"})
    """
