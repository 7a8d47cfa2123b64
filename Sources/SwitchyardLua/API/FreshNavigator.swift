import Switchyard

extension SwitchyardRuntime {
    /// Makes `nav` drive a new navigator over the same routes, landed on its start screen, and
    /// returns it: how each scenario test starts, and each run of a random walk (guards and
    /// invariants that read `nav` then read this one).
    ///
    /// ```swift
    /// let navigator = try runtime.startFresh();  try navigator.push("/settings")
    /// ```
    public func startFresh() throws(LuaError) -> Navigator {
        let fresh: Navigator
        do { fresh = try navigator.fresh() } catch { throw LuaError(bridging: error) }
        replaceNavigator(fresh)
        return fresh
    }
}
