import Switchyard

extension SwitchyardRuntime {
    /// Runs `body` with the navigator `nav` drives, lent without a retain. Read from the runtime and
    /// retained for the call (the runtime may replace it meanwhile: a host's observer or a guard may
    /// `reload()` or start a scenario), it cost `nav.push` and `nav.pop` a retain and a release each,
    /// 88 instructions a pair (callgrind, `switchyard-bench --counted-loop lua-push-pop
    /// parameter-heavy 1000`). Instead, a navigator replaced while a call has it lent is kept in
    /// `retiredNavigators` (the `navigator` property's observer) until the last such call returns.
    @inline(__always)
    func withLentNavigator<Result>(_ body: (Navigator) throws -> Result) rethrows -> Result {
        navigatorLends &+= 1
        defer {
            navigatorLends &-= 1
            if navigatorLends == 0 && !retiredNavigators.isEmpty { retiredNavigators.removeAll() }
        }
        return try unretainedNavigator._withUnsafeGuaranteedRef(body)
    }
}
