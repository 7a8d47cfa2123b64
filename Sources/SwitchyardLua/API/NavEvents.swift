import Switchyard

/// nav.on(event, fn) -> handle; handle:off(). Events: "change" (every change) or an operation's
/// name ("push", "pop_to", ...). The handler gets {operation, from, to}; if it raises, the change
/// is undone and the operation fails with that error.
enum NavEvents {
    /// Keeps the observation alive while Lua holds the handle (or the navigator lives).
    /// (Closures rather than the token itself: a `nav.before`/`nav.after` hook's handle removes it
    /// from whichever navigator is current, as a test's fresh one keeps the app's hooks.)
    final class Handle {
        let event: String
        let cancel: () -> Void
        let isActive: () -> Bool
        init(token: ObservationToken, event: String) {
            self.event = event
            cancel = { token.cancel() }
            isActive = { token.isActive }
        }
        init(event: String, cancel: @escaping () -> Void, isActive: @escaping () -> Bool) {
            self.event = event
            self.cancel = cancel
            self.isActive = isActive
        }
    }

    static let eventNames = ["change"] + NavigationOperation.observable.map(\.rawValue)

    static func prepare(_ runtime: SwitchyardRuntime) throws(LuaError) {
        let engine = runtime.engine
        let metatable = try engine.makeUserdataMetatable()
        let methods = try engine.makeTable()
        try methods.rawSet("off", .function(try engine.makeFunction { call in
            try handle(call, "off").cancel()
            return 0
        }))
        try methods.rawSet("active", .function(try engine.makeFunction { call in
            try call.push(bool: try handle(call, "active").isActive())
            return 1
        }))
        try metatable.rawSet("__index", .table(methods))
        try metatable.rawSet("__name", "nav handle")
        try metatable.rawSet("__tostring", .function(try engine.makeFunction { call in
            let handle = try handle(call, "tostring")
            try call.push(string: "nav handle (\(handle.event)\(handle.isActive() ? "" : ", off"))")
            return 1
        }))
        runtime.handleMetatable = metatable
    }

    private static func handle(_ call: LuaCall, _ method: String) throws(LuaError) -> Handle {
        guard let handle = call.object(1) as? Handle else {
            throw LuaError("bad self to '\(method)' (nav handle expected, got \(call.typeName(1)); use handle:\(method)())")
        }
        return handle
    }

    static func subscribe(_ runtime: SwitchyardRuntime, _ call: LuaCall) throws -> Int {
        let event = try call.checkString(1, "nav.on")
        let function = try call.checkCallable(2, "nav.on")
        let filter: Set<NavigationOperation>?
        if event == "change" {
            filter = nil
        } else if let operation = NavigationOperation(rawValue: event), operation != .start {
            filter = [operation]
        } else {
            throw LuaError("nav.on: unknown event \"\(event)\"; events: \(eventNames.joined(separator: ", "))")
        }
        let state = function.state
        let routes = runtime.navigator.routes
        let token = runtime.navigator.observe(only: filter) { change in
            _ = try state.call(function) { (L) throws(LuaError) -> Int32 in
                try state.push(event: change, routes: routes, on: L)
                return 1
            }
        }
        guard let metatable = runtime.handleMetatable else { return 0 }
        try call.push(.userdata(try runtime.engine.makeUserdata(Handle(token: token, event: event), metatable: metatable)))
        return 1
    }
}
