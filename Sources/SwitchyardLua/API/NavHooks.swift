import Switchyard

/// Global hooks (issue 34, item 1): `nav.before(fn(to, from))` is asked before every landing's route
/// guards and answers as a guard does; `nav.after(fn(to, from, action))` is told after each committed
/// change and cannot change it. Both return a handle whose `off()` removes the hook.
///
///     local hook = nav.before(function(to) return signed_in or to.path == "/login" or "/login" end)
///     nav.after(function(to, from, action) print(action, from.path, "→", to.path) end)
///     hook:off()
enum NavHooks {
    /// `nav.before(fn)` → handle.
    static func before(_ runtime: SwitchyardRuntime, _ call: LuaCall) throws -> Int {
        let function = try call.checkCallable(1, "nav.before")
        try checkNoMore(call, "nav.before")
        let site = call.callerLocation
        let subject = "nav.before hook" + (site.map { " at " + $0 } ?? "")
        let key = runtime.navigator.addBeforeHook(site: site) { to, from in
            let answer = try RouteCallbacks.call(function, with: to, from)
            guard let decision = PendingGuards.decision(answer) else {
                throw LuaError.located("\(subject) returned a \(answer.typeName) value; expected nil, true, false, a path or nav.pending(key)")
            }
            return decision
        }
        return try pushHandle(runtime, call, key: key, event: "before")
    }

    /// `nav.after(fn)` → handle. `fn` gets the new top screen, the one before, and the operation's name.
    static func after(_ runtime: SwitchyardRuntime, _ call: LuaCall) throws -> Int {
        let function = try call.checkCallable(1, "nav.after")
        try checkNoMore(call, "nav.after")
        let state = function.state
        let key = runtime.navigator.addAfterHook(site: call.callerLocation) { change in
            // Its results are ignored: a hook told after the commit cannot veto it.
            _ = try state.call(function) { (L) throws(LuaError) -> Int32 in
                try state.push(screen: change.to, on: L)
                try state.push(screen: change.from, on: L)
                try state.push(string: change.operation.rawValue, on: L)
                return 3
            }
        }
        return try pushHandle(runtime, call, key: key, event: "after")
    }

    private static func checkNoMore(_ call: LuaCall, _ name: String) throws(LuaError) {
        guard call.count <= 1 else {
            throw LuaError("\(name): takes one function, got \(call.count) arguments")
        }
    }

    /// The handle removes the hook from the navigator current when `off()` is called: a scenario's
    /// fresh navigator carries the app's hooks, and a test that turns one off turns off its own copy.
    private static func pushHandle(_ runtime: SwitchyardRuntime, _ call: LuaCall, key: Int, event: String) throws -> Int {
        guard let metatable = runtime.handleMetatable else { return 0 }
        let handle = NavEvents.Handle(event: event,
                                      cancel: { [weak runtime] in _ = runtime?.navigator.removeHook(key) },
                                      isActive: { [weak runtime] in runtime?.navigator.hasHook(key) ?? false })
        try call.push(.userdata(try runtime.engine.makeUserdata(handle, metatable: metatable)))
        return 1
    }
}
