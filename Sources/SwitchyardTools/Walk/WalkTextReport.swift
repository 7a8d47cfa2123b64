import Switchyard
import SwitchyardAnalysis

/// `switchyard walk`'s report for people: what was walked, and for a violation the broken rule
/// (with where it was declared), where the walk met it, the shrunk walk as numbered steps and the
/// spec that replays it.
///
///     walked 100 runs, 5000 steps (seed 1): 14 screens, 61 states, no invariant broken
struct WalkTextReport {
    let report: WalkReport
    let seed: UInt64
    let files: [String]
    /// Statements typed at the prompt before a REPL's `:walk` (see `WalkSpec.typed`).
    let typed: [String]
    /// Where each Lua invariant was declared, by name.
    let sites: [String: String]

    var text: String {
        let walked = "walked \(report.runs) run\(plural(report.runs)), \(report.steps) step\(plural(report.steps)) "
            + "(seed \(seed)): \(report.screens) screen\(plural(report.screens)), \(report.states) state\(plural(report.states))"
        guard let finding = report.finding else { return walked + ", no invariant broken\n" }
        var lines = [finding.violation.description]
        if let site = sites[finding.violation.invariant] { lines.append("  declared at \(site)") }
        lines.append(walked)
        lines.append("found at run \(finding.foundAt.run), step \(finding.foundAt.step); shrunk to "
                     + "\(finding.steps.count) step\(plural(finding.steps.count)) from a fresh start:")
        if finding.steps.isEmpty { lines.append("  (the start screen breaks it)") }
        for (index, step) in finding.steps.enumerated() {
            lines.append("  \(index + 1). \(step.move)" + (step.failed ? "   (fails; the walk went on)" : ""))
        }
        lines += ["", "A spec that shows it (paste into a *_spec.lua file, run switchyard test on it):", ""]
        return lines.joined(separator: "\n") + "\n" + WalkSpec(files: files, typed: typed, seed: seed, finding: finding).text
    }

    private func plural(_ count: Int) -> String { count == 1 ? "" : "s" }
}
