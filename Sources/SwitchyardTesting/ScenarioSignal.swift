import SwitchyardLua

/// Tells the runner a failure from an error, and a pending test from both. An assertion that does
/// not hold and `pending("reason")` inside a test raise through `raise(kind, text)`: an ordinary
/// string error with the spec's file:line in front (so `pcall` and `has_error` see what busted's
/// users expect), remembered here, so the runner counts exactly that error as a failure (or a
/// pending test) and anything else raised, `error("x")` or a nil index, as an error.
///
///     it("counts as a failure", function() assert.equal(1, 2) end)
///     it("counts as an error", function() error("boom") end)
final class ScenarioSignal {
    enum Kind: String {
        case failure, pending
    }

    /// The library chunks a location skips: the spec's own line is the one to show.
    static let libraryChunks: Set<String> = [
        AssertLibrary.chunkName, SpyLibrary.chunkName, ValueComparison.chunkName, ScenarioLibraryStandIns.chunkName,
    ]

    private var raised: (kind: Kind, message: String)?

    /// raise(kind, text): raises "file:line: text", remembered as `kind`.  [-2, +0, e]
    func raise(_ call: LuaCall) throws -> Int {
        guard let name = call.string(1), let kind = Kind(rawValue: name) else {
            throw LuaError("raise: the kind must be \"failure\" or \"pending\"")
        }
        try raise(kind, call.string(2) ?? "", call: call)
    }

    /// Raises `text` at the spec's line, remembered as `kind`.
    func raise(_ kind: Kind, _ text: String, call: LuaCall) throws -> Never {
        let message = call.location(outside: Self.libraryChunks).map { "\($0): \(text)" } ?? text
        raised = (kind, message)
        throw LuaError(kind: .runtime, message: message, traceback: nil, isLocated: true)
    }

    /// Forgets the last raise: called before each hook and test body.
    func reset() { raised = nil }

    /// What `error` was, when it is the failure or pending test raised last.
    func kind(of error: LuaError) -> Kind? {
        guard let raised, raised.message == error.message else { return nil }
        return raised.kind
    }
}
