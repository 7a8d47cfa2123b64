import Switchyard

/// Why a chunk, a call or a protected operation failed.
///
/// ```swift
/// do { try engine.run("error('boom')", chunkName: "=demo") }
/// catch { print(error.message) }   // "demo:1: boom"
/// ```
public struct LuaError: Error, CustomStringConvertible {
    /// What stopped the script, for a host that treats a budget differently from a bug:
    /// `if error.kind == .instructionLimit { showTimeout() }`.
    public enum Kind: Sendable {
        /// The chunk did not compile: `run("route(", ...)` fails with "=demo:1: unexpected symbol near <eof>".
        case syntax
        /// Lua raised while running, or a Swift function threw: `error('boom')`.
        case runtime
        /// The state's memory cap (`Configuration.memoryLimit`) refused an allocation.
        case memoryLimit
        /// The call ran `Configuration.instructionLimit` instructions: `while true do end`.
        case instructionLimit
        /// `requestInterrupt()` or Ctrl-C stopped the call.
        case interrupted
        /// The message handler itself failed while handling an error: `lua_pcall` returned `LUA_ERRERR`.
        case errorInHandler
    }

    /// Which kind of failure it was: `guard error.kind != .interrupted else { return }`.
    public let kind: Kind
    /// Chunk and line first when Lua knows them: "app.lua:12: attempt to index a nil value";
    /// `print(error.message)`.
    public let message: String
    /// The Lua traceback recorded by the message handler, when there was one:
    /// `if let traceback = error.traceback { log(traceback) }`.
    public let traceback: String?
    /// The message already carries its position (it came out of Lua), so passing it back into
    /// Lua must not prefix another one.
    let isLocated: Bool

    /// An error for a Swift function to throw at its Lua caller: the caller's "chunk:line:" is
    /// put in front.
    ///
    /// ```swift
    /// throw LuaError("nav.path is read-only")
    /// ```
    public init(_ message: String, kind: Kind = .runtime) {
        self.init(kind: kind, message: message, traceback: nil, isLocated: false)
    }

    /// Any error as a `LuaError`: itself when it is one, else its description as a runtime error.
    /// The one place a Swift error crosses into Lua's terms (a Swift function's error raised in Lua, a
    /// navigator's error from a script's `nav` call, a REPL command's error).
    ///
    /// ```swift
    /// do { try navigator.push("/nowhere") } catch { throw LuaError(bridging: error) }
    /// ```
    package init(bridging error: any Error) {
        if let error = error as? LuaError { self = error }
        // A validator's error on its way to an error screen is, everywhere else, the error it carries.
        else if let raised = error as? ValidatorRaised { self.init(bridging: raised.error) }
        else { self.init(String(describing: error)) }
    }

    package init(kind: Kind, message: String, traceback: String?, isLocated: Bool) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
        self.isLocated = isLocated
    }

    /// The message, so `print(error)` shows "app.lua:12: ...".
    public var description: String { message }

    static let closed = LuaError("the Lua engine has been closed")
    static let foreignValue = LuaError("the value belongs to another Lua engine")
    static let stackExhausted = LuaError("Lua stack overflow (too many values)")
}
