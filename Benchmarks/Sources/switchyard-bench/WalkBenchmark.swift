import Foundation
import Switchyard
import SwitchyardAnalysis
import SwitchyardLua

/// Case 10: `switchyard walk`'s speed (issue 13 target: at least 100,000 steps a second with one
/// trivial invariant). A 12-route app (a guarded account area, settings, news with ids, a sheet, a
/// flow, an entry route) walked 100 runs of 50 steps with every check a walk makes: the possible moves,
/// the seeded draw, the move, the invariant, the built-in ones (a failed move changed nothing, the
/// state survives save and restore). Once with the invariant a Swift closure (the core walker), once
/// with it a Lua function declared with invariant() and the app's routes declared in Lua, as
/// `switchyard walk` runs it.
struct WalkBenchmark {
    let repeats: Int

    static let script = """
        session = {user = nil}
        local function signed_in(info)
          if session.user then return true end
          return "/login?next=" .. info.path
        end
        route("/", {title = "Home", links = {"/account", "/settings", "/news", "/login"}})
        route("/login", {title = "Log In", links = {"/"}})
        route("/news", {title = "News", links = {"/news/1", "/news/2", "/news/3", "/"}})
        route("/news/:id", {title = function(info) return "Story " .. info.params.id end, links = {"/news", "/compose"}})
        route("/compose", {presentation = "sheet", title = "Compose", links = {"/compose/preview"}})
        route("/compose/preview", {title = "Preview", links = {"/news"}})
        route("/account", {guard = signed_in, title = "Account", links = {"/account/billing", "/settings"}})
        route("/account/billing", {guard = signed_in, title = "Billing", links = {"/account"}})
        route("/settings", {title = "Settings", links = {"/settings/about", "/settings/privacy"}})
        route("/settings/about", {title = "About", links = {"/settings"}})
        route("/settings/privacy", {title = "Privacy", links = {"/settings/about"}})
        route("/help", {title = "Help", entry = true, links = {"/"}})
        flow("tour", {{"/help", as = "cover"}, "/settings", "/news"})
        invariant("trivial", function() return true end)
        """

    func run(into report: inout Report) throws {
        var section = Report.Section(title: "10. Random walk (100 runs × 50 steps, 12 routes; target ≥ 100,000 steps/s)")
        let runtime = try SwitchyardRuntime()
        try runtime.load(code: Self.script, chunkName: "=walk-app")
        let base = runtime.navigator
        let swift = try measure(RandomWalk(steps: 50, runs: 100, seed: 1, start: { try base.fresh() },
                                           invariants: { navigator in navigator.path.isEmpty ? WalkViolation(invariant: "trivial", message: "") : nil }))
        let lua = try measure(RandomWalk(steps: 50, runs: 100, seed: 1, start: { try runtime.startFresh() },
                                         invariants: { _ in runtime.checkInvariants().first.map { WalkViolation(invariant: $0.name, message: $0.message) } }))
        for (subject, stepsPerSecond) in [("core walker, a Swift invariant", swift), ("app and invariant in Lua (switchyard walk)", lua)] {
            section.rows.append(Report.Row(set: "walk", subject: subject, unit: .nanoseconds, median: 1e9 / stepsPerSecond,
                                           operationsPerSecond: stepsPerSecond,
                                           note: "\(Int(stepsPerSecond)) steps/s (best of \(repeats))"))
            report.check("walk ≥ 100,000 steps/s: \(subject)", measured: "\(Int(stepsPerSecond)) steps/s", stepsPerSecond >= 100_000)
        }
        report.add(section)
    }

    /// Steps a second over the best of `repeats` walks (the other processes on the machine only slow one down).
    private func measure(_ walk: RandomWalk) throws -> Double {
        var best = 0.0
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            let walked = try walk.run()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            precondition(walked.finding == nil, "the benchmark app broke \(walked.finding!.violation)")
            best = max(best, Double(walked.steps) / seconds)
        }
        return best
    }
}
