import SwitchyardLua

/// `switchyard test -o TAP`: the Test Anything Protocol, a line per result as it comes and the
/// plan last (as busted writes it). A failure or error is `not ok` with its place and message as
/// comments; a pending test is `ok ... # SKIP`.
///
///     ok 1 - deep link opens a sheet
///     not ok 2 - back returns home
///     # specs/nav_spec.lua:19
///     # specs/nav_spec.lua:21: expected "/", got "/album/1"
///     ok 3 - undo # SKIP pending
///     1..3
package struct TAPWriter: Sendable {
    package init() {}

    /// The lines of the `number`th result.
    package func lines(for result: ScenarioResult, number: Int) -> [String] {
        switch result.status {
        case .success:
            return ["ok \(number) - \(result.name)"]
        case .pending:
            let reason = result.message.map { $0.replacingNewlines() } ?? "pending"
            return ["ok \(number) - \(result.name) # SKIP \(reason)"]
        case .failure, .error:
            let message = (result.message ?? "").split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 }
            let kind = result.status == .error ? "error" : "failure"
            return ["not ok \(number) - \(result.name)", "# \(kind) at \(result.file):\(result.line)"] + message
        }
    }

    package func plan(count: Int) -> String { "1..\(count)" }
}

private extension String {
    func replacingNewlines() -> String { String(map { $0 == "\n" ? " " : $0 }) }
}
