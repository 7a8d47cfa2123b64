import Switchyard

/// `invariant(name, fn)`: a rule every state the app can reach must keep ("a signed-out user never
/// sees /account"). `walk` checks them after each random step and the REPL after each navigation;
/// `fn` reads `nav` and returns false (optionally with a message) or raises to say the rule broke.
package struct Invariant {
    package let name: String
    /// "file:line" of the `invariant` call.
    package let site: String?
    let function: LuaFunction
}

/// A broken invariant: its name, what went wrong ("returned false", its message, or the error), and
/// where it was declared.
public struct InvariantViolation: Sendable, Equatable, CustomStringConvertible {
    public let name: String
    public let message: String
    public let site: String?

    public var description: String { "invariant \"\(name)\" broken: \(message)" }
}

extension SwitchyardRuntime {
    func installInvariants() throws(LuaError) {
        try define("invariant") { runtime, call in try runtime.declareInvariant(call) }
    }

    /// invariant(name, fn): declares (or, by the same name, replaces) a rule.
    private func declareInvariant(_ call: LuaCall) throws -> Int {
        let name = try call.checkString(1, "invariant")
        let function = try call.checkCallable(2, "invariant")
        let declared = Invariant(name: name, site: call.callerLocation, function: function)
        if let index = invariants.firstIndex(where: { $0.name == name }) {
            invariants[index] = declared
        } else {
            if engine.limitsMemory {
                try engine.chargeHostMemory(HostMemoryCharge.invariant(name: name, site: declared.site),
                                            for: "invariant(\(HostMemoryCharge.shown(name)))")
            }
            invariants.append(declared)
        }
        return 0
    }

    /// Asks every invariant about the navigator's current state, in declaration order: the ones that
    /// returned false (with their second result as the message, when it is a string) or raised.
    ///
    /// ```swift
    /// for violation in runtime.checkInvariants() { print(violation) }
    /// ```
    public func checkInvariants() -> [InvariantViolation] {
        invariants.compactMap { (invariant) -> InvariantViolation? in
            do {
                let results = try invariant.function.call()
                guard results.first == .boolean(false) else { return nil }
                let reason = results.count > 1 ? results[1].stringValue : nil
                return InvariantViolation(name: invariant.name, message: reason ?? "returned false at \(navigator.path)",
                                          site: invariant.site)
            } catch {
                return InvariantViolation(name: invariant.name, message: LuaError(bridging: error).message, site: invariant.site)
            }
        }
    }
}
