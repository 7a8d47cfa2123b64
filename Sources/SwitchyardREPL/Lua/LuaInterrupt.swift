import CLuaShim

/// What Ctrl-C calls while Lua runs: the shim's async-signal-safe request to stop the state whose
/// top-level call is running ("interrupted" at its next instruction; the state stays usable).
let interruptActiveLuaState: @convention(c) () -> Void = sy_interrupt_active
