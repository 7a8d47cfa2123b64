import Foundation
import Testing

/// `switchyard walk` through pipes, on the apps in Fixtures/walk: bypass.lua leaves
/// /account/billing unguarded (reached from /settings), guarded.lua does not.
@Suite(.serialized) struct WalkCommandTests {
    private struct Document: Decodable, Equatable {
        struct Violation: Decodable, Equatable {
            struct Step: Decodable, Equatable {
                var op: String
                var arg: String?
            }
            var invariant: String
            var message: String
            var steps: [Step]
        }
        var runs: Int
        var steps: Int
        var seed: UInt64
        var violation: Violation?
    }

    @Test func findsTheGuardBypassAndShrinksItTheSameWayForTheSameSeed() throws {
        for seed in ["7", "22", "1234"] {
            let first = try CommandRun.switchyard(["walk", "walk/bypass.lua", "--seed", seed, "--format", "json"])
            let second = try CommandRun.switchyard(["walk", "walk/bypass.lua", "--seed", seed, "--format", "json"])
            #expect(first.status == 1)
            #expect(first.output == second.output)   // the same bytes
            let document = try JSONDecoder().decode(Document.self, from: Data(first.output.utf8))
            #expect(document.seed == UInt64(seed))
            let violation = try #require(document.violation)
            #expect(violation.invariant == "signed out never sees /account/*")
            #expect(violation.message == "signed out, yet at /account/billing")
            #expect(violation.steps.count <= 5)
            #expect(violation.steps.last == .init(op: "follow", arg: "/account/billing"))
        }
    }

    @Test func printsTheShrunkStepsAndASpecThatFailsUnderTest() throws {
        // The spec requires the app by its path from the folder the walk ran in, where it is saved.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/walk", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: SwitchyardBinary.fixtures + "/walk/bypass.lua", toPath: folder + "/walk/bypass.lua")
        let result = try CommandRun.switchyard(["walk", "walk/bypass.lua", "--seed", "22"], directory: folder)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("""
            invariant "signed out never sees /account/*" broken: signed out, yet at /account/billing
              declared at walk/bypass.lua:20
            """))
        #expect(result.output.contains("""
              1. follow /settings
              2. follow /account/billing
            """))
        let spec = try #require(result.output.range(of: "-- switchyard walk").map { String(result.output[$0.lowerBound...]) })
        let file = folder + "/walk_spec.lua"
        try spec.write(toFile: file, atomically: true, encoding: .utf8)
        let test = try CommandRun.switchyard(["test", "--no-color", file])   // from another folder
        #expect(test.status == 1)
        #expect(test.output.contains("signed out, yet at /account/billing"))
        #expect(test.output.withoutRunTime.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func aWalkThatBreaksNothingExitsZeroAndSaysWhatItSaw() throws {
        let result = try CommandRun.switchyard(["walk", "walk/guarded.lua", "--seed", "3", "--runs", "10", "--steps", "20"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("walked 10 runs, 200 steps (seed 3): "))
        #expect(result.output.hasSuffix(", no invariant broken\n"))
        let json = try CommandRun.switchyard(["walk", "walk/guarded.lua", "--seed", "3", "--runs", "10", "--format", "json"])
        #expect(json.status == 0)
        #expect(try JSONDecoder().decode(Document.self, from: Data(json.output.utf8)).violation == nil)
        #expect(json.output.contains("\"violation\":null"))
    }

    @Test func withoutASeedARandomOneIsPrinted() throws {
        let result = try CommandRun.switchyard(["walk", "walk/guarded.lua", "--runs", "2", "--steps", "5"])
        #expect(result.status == 0)
        #expect(result.output.range(of: #"^walked 2 runs, 10 steps \(seed [0-9]+\)"#, options: .regularExpression) != nil)
    }

    /// `:walk` in the REPL: the same walk (the same seed finds the same bypass), over the routes
    /// as the session has them, with the navigator put back where it was.
    @Test func walkInTheReplFindsWhatTheCommandFindsAndPutsTheNavigatorBack() throws {
        let result = try CommandRun.switchyard(["--no-color", "-i", "walk/bypass.lua"],
                                               input: "nav.push(\"/news\")\n:walk 100 22\nprint(nav.path, #nav.history)\n:walk 0\n:help :walk\n")
        #expect(result.output.contains("invariant \"signed out never sees /account/*\" broken"), "\(result.output)")
        #expect(result.output.contains("walked 1 run, 12 steps (seed 22)"))
        #expect(result.output.contains("/news\t2\n"), "the navigator was not put back:\n\(result.output)")
        #expect(result.errors.contains(":walk takes a positive number, not \"0\""))
        #expect(result.output.contains(":walk [RUNS [SEED]]"))
    }

    @Test func badInputIsAClearError() throws {
        let steps = try CommandRun.switchyard(["walk", "walk/guarded.lua", "--steps", "0"])
        #expect(steps.status == 2)
        #expect(steps.errors.contains("--steps 0: give at least 1 step per run"))
        let missing = try CommandRun.switchyard(["walk", "walk/nowhere.lua"])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("walk/nowhere.lua"))
        let help = try CommandRun.switchyard(["walk", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("switchyard walk app.lua --seed 42"))
        #expect(help.output.split(separator: "\n").filter { !$0.hasPrefix("USAGE:") }.allSatisfy { $0.count <= 80 })
    }
}

/// The example apps declare invariants where the seed apps imply them; no walk breaks one.
@Suite struct ExampleWalkTests {
    @Test(arguments: ["music", "news", "todos", "onboarding"])
    func theExampleKeepsItsInvariants(app: String) throws {
        let result = try CommandRun.switchyard(["walk", "examples/\(app)/app.lua", "--seed", "1", "--runs", "20"],
                                               directory: SwitchyardBinary.packageRoot)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.hasSuffix("no invariant broken\n"))
    }
}
