import SwitchyardLua
import SwitchyardTools

/// The tour a teaching script declares with `step`: announced at the start, moved on by Enter
/// alone when paced, and by `:step N`.
extension MetaCommands {
    func announceTour() {
        if let text = tour.announcement() { TerminalText.print(style.dim(text)) }
    }

    func runNextTourStep() {
        guard tour.paced, tour.next < tour.steps.count else { return }
        unit.asOneUnit {
            do {
                try runTourStep(nil)
                return true
            } catch {
                StandardError.write(style.red(ErrorReport.text(error, traceback: unit.tracing)))
                return false
            }
        }
    }

    func runTourStep(_ number: Int?) throws(LuaError) {
        _ = try host.interruptible { () throws(LuaError) in try tour.run(number, in: host.engine) }
    }
}
