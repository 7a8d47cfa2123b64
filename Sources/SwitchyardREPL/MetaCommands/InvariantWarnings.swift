import Switchyard
import SwitchyardLua
import SwitchyardTools

/// After a navigation: each `invariant` the new state breaks, as a warning on stderr (the
/// navigation stands: the person is exploring, and may want to see the broken state).
struct InvariantWarnings {
    let host: ScriptHost
    let style: TerminalStyle

    func write() {
        let runtime = host.runtime
        guard !runtime.invariants.isEmpty else { return }
        let violations = (try? host.interruptible { () throws(LuaError) in runtime.checkInvariants() }) ?? []
        for violation in violations {
            let site = violation.site.map { " (declared at \($0))" } ?? ""
            StandardError.write(style.yellow("warning: \(violation)\(site)"))
        }
    }
}
