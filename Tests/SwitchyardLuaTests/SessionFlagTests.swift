import Foundation
import Testing
@testable import SwitchyardLua

/// `flag(name, values [, set])` and `set_flag(name, value)` (issue 34, item 3): what a walk signs in
/// and out with.
@Suite struct SessionFlagTests {
    static let app = """
        signed_in = false
        route("/", {title = "Home", links = {"/account"}})
        route("/account", {title = "Account", guard = function() return signed_in or "/" end})
        flag("signed_in", {false, true}, function(on) signed_in = on end)
        flag("role", {"guest", "admin", 2})
        """

    @Test func theFlagsTableHoldsTheFirstValuesAndSetFlagSetsThenRevalidates() throws {
        let app = try RuntimeFixture(Self.app)
        #expect(try app.lua("return flags.signed_in, flags.role") == [.boolean(false), .string(LuaString("guest"))])
        try app.lua("set_flag('signed_in', true); nav.push('/account')")
        #expect(app.navigator.path == "/account")
        // The set function ran (the guard reads the global), then revalidation acted on the answer.
        #expect(try app.lua("return set_flag('signed_in', false), signed_in, nav.path")
                == [.boolean(true), .boolean(false), .string(LuaString("/"))])
        #expect(try app.lua("return set_flag('role', 2), flags.role") == [.boolean(false), .integer(2)])
        #expect(app.runtime.sessionFlags.map(\.name) == ["signed_in", "role"])
        #expect(app.runtime.sessionFlags.first?.site == "app.lua:4")
    }

    @Test func resetFlagsPutsEveryFlagBackAtItsFirstValueTellingSet() throws {
        let app = try RuntimeFixture(Self.app)
        try app.lua("set_flag('signed_in', true); set_flag('role', 'admin')")
        try app.runtime.resetFlags()
        #expect(try app.lua("return flags.signed_in, signed_in, flags.role") == [.boolean(false), .boolean(false), .string(LuaString("guest"))])
    }

    @Test func aValueTheFlagDoesNotListChangesNothing() throws {
        let app = try RuntimeFixture(Self.app)
        let error = try #require(app.failure("set_flag('signed_in', 1)"))
        #expect(error.message.contains("1 is not a value of the flag \"signed_in\" (declared at app.lua:4 with false, true)"), "\(error.message)")
        #expect(try app.lua("return flags.signed_in, signed_in") == [.boolean(false), .boolean(false)])
    }

    @Test func aRevalidationThatFailsPutsTheFlagBack() throws {
        let app = try RuntimeFixture(Self.app + """

            route("/draft", {title = "Draft", leave = function() return false end})
            """)
        try app.lua("set_flag('signed_in', true); nav.push('/account'); nav.push('/draft')")
        // Revalidation would remove /account and the draft above it; the draft's leave guard says no.
        #expect(app.failure("set_flag('signed_in', false)") != nil)
        #expect(try app.lua("return flags.signed_in, signed_in, nav.path") == [.boolean(true), .boolean(true), .string(LuaString("/draft"))])
    }

    @Test func aFailedLoadKeepsTheFlagsAsTheyWereAndReloadDeclaresThemAfresh() throws {
        let runtime = try SwitchyardRuntime()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flags-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.app.write(toFile: directory + "/app.lua", atomically: true, encoding: .utf8)
        try "flag('extra', {1, 2})\nerror('broken')".write(toFile: directory + "/broken.lua", atomically: true, encoding: .utf8)
        try runtime.load(file: directory + "/app.lua")
        #expect(throws: LuaError.self) { try runtime.loadAtomically(file: directory + "/broken.lua") }
        #expect(runtime.sessionFlags.map(\.name) == ["signed_in", "role"])
        try runtime.reload()
        #expect(runtime.sessionFlags.map(\.name) == ["signed_in", "role"])
    }
}
