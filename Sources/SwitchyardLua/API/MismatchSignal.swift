import Switchyard

/// Carries `mismatch([reason])` from Lua to the validator that raised it. The error crosses Lua as an
/// ordinary error (raised by the shim, like every Swift function's); this remembers which error it was,
/// so the validator's Swift side turns exactly that one into `RouteMismatch` (the next candidate is
/// tried) and lets every other error stop the match. Matched by message as well as by being pending,
/// so a mismatch a validator caught with `pcall` and then followed with a real error stays an error.
///
///     route("/user/:id", {validate = function(info)
///       return tonumber(info.params.id) or mismatch("id is not a number")
///     end})
final class MismatchSignal {
    private var pending: (message: String, reason: String?)?

    /// The error `mismatch(reason)` raises, remembered.
    func raise(_ reason: String?) -> LuaError {
        let message = RouteMismatch(reason).description
        pending = (message, reason)
        return LuaError(message)
    }

    /// Runs a validator's Lua call; a mismatch it raised comes out as `RouteMismatch`.
    func hearing(_ call: () throws(LuaError) -> LuaValue) throws -> LuaValue {
        pending = nil
        do { return try call() } catch {
            defer { pending = nil }
            if let pending, error.message.hasSuffix(pending.message) { throw RouteMismatch(pending.reason) }
            throw error
        }
    }
}
