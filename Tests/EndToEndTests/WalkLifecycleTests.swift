import Foundation
import Testing

/// `switchyard walk` and the lifecycle (issue 34, items 3 and 7): session flags a walk signs in and
/// out with, and held navigations it settles.
@Suite(.serialized) struct WalkLifecycleTests {
    /// The onboarding example with a planted fault (Fixtures/walk/remembered_orders.lua): the orders
    /// screen's guard trusts anyone who visited the account this session, so after a sign-out it
    /// stays up. The walk signs in and out through the example's `signed_in` flag to find it, and
    /// the spec it prints replays the flag changes (`set_flag`) and fails the same way.
    @Test func findsTheScreenASignOutLeavesUpInTheOnboardingExample() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("walk-flags-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/walk", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/onboarding", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: SwitchyardBinary.packageRoot + "/examples/onboarding/app.lua",
                                         toPath: folder + "/onboarding/app.lua")
        try FileManager.default.copyItem(atPath: SwitchyardBinary.fixtures + "/walk/remembered_orders.lua",
                                         toPath: folder + "/walk/remembered_orders.lua")
        let result = try CommandRun.switchyard(["walk", "onboarding/app.lua", "walk/remembered_orders.lua", "--seed", "2"],
                                               directory: folder)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("""
            invariant "signed out never sees the account" broken: signed out, yet /account/orders is on the stack
            """))
        let steps = result.output.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.dropFirst(2).first?.isNumber == true }
        #expect(steps.contains { $0.hasSuffix(". set signed_in=true") })
        #expect(steps.last?.hasSuffix(". set signed_in=false") == true, "\(result.output)")
        #expect(steps.contains { $0.hasSuffix(". open /account/orders") })
        let spec = try #require(result.output.range(of: "-- switchyard walk").map { String(result.output[$0.lowerBound...]) })
        #expect(spec.contains("    set_flag(\"signed_in\", true)\n") && spec.contains("    set_flag(\"signed_in\", false)\n"))
        try spec.write(toFile: folder + "/walk_spec.lua", atomically: true, encoding: .utf8)
        let test = try CommandRun.switchyard(["test", "--no-color", folder + "/walk_spec.lua"])
        #expect(test.status == 1)
        #expect(test.output.contains("signed out, yet /account/orders is on the stack"), "\(test.output)\(test.errors)")
    }

    /// The JSON report names the flag moves as `set` steps.
    @Test func theJSONReportNamesTheFlagMoves() throws {
        let result = try CommandRun.switchyard(["walk", SwitchyardBinary.packageRoot + "/examples/onboarding/app.lua",
                                                "walk/remembered_orders.lua", "--seed", "2", "--format", "json"])
        #expect(result.status == 1)
        #expect(result.output.contains(#"{"arg":"signed_in=false","op":"set"}"#), "\(result.output)")
    }

    /// Fixtures/walk/holds.lua holds paying for the payment guard and an album for its loader: the
    /// walk settles them, and the spec replays the settle (`nav.settle(key)`) to fail the same way.
    @Test func settlesHeldNavigationsAndReplaysTheSettle() throws {
        var found: Set<String> = []
        for seed in ["1", "5"] {
            let result = try CommandRun.switchyard(["walk", "walk/holds.lua", "--seed", seed])
            #expect(result.status == 1)
            let spec = try #require(result.output.range(of: "-- switchyard walk").map { String(result.output[$0.lowerBound...]) })
            if result.output.contains("  2. settle credits\n") {
                found.insert("credits")
                #expect(spec.contains("    nav.settle(\"credits\")\n"))
            }
            if result.output.contains("  2. settle payment\n") { found.insert("payment") }
            // The spec replays the settle and fails as the walk did.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("walk-holds-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder + "/walk", withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try FileManager.default.copyItem(atPath: SwitchyardBinary.fixtures + "/walk/holds.lua", toPath: folder + "/walk/holds.lua")
            try spec.write(toFile: folder + "/walk_spec.lua", atomically: true, encoding: .utf8)
            let test = try CommandRun.switchyard(["test", "--no-color", folder + "/walk_spec.lua"])
            #expect(test.status == 1 && test.output.contains("0 passed, 1 failed"), "\(test.output)\(test.errors)")
        }
        #expect(found == ["credits", "payment"])
    }

    @Test func badFlagDeclarationsAndValuesAreClearErrors() throws {
        let cases: [(String, String)] = [
            ("flag('signed_in', {true})", "give at least two values"),
            ("flag('signed_in', {true, {}})", "booleans, numbers or strings, not a table"),
            ("flag('a=b', {true, false})", "without \"=\""),
            ("flag('signed_in', {true, false}); set_flag('signed_ni', true)", "no flag \"signed_ni\" is declared (did you mean signed_in?)"),
            ("flag('signed_in', {true, false}); set_flag('signed_in', 'yes')", "\"yes\" is not a value of the flag \"signed_in\""),
        ]
        for (code, message) in cases {
            let result = try CommandRun.switchyard(["-e", code])
            #expect(result.status != 0)
            #expect(result.errors.contains(message), "\(code): \(result.errors)")
        }
    }
}
