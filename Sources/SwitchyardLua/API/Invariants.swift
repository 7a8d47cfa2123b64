import Switchyard

/// `invariant(name, fn)`: a rule every state the app can reach must keep ("a signed-out user never
/// sees /account"). `walk` checks them after each random step and the REPL after each navigation;
/// `fn` reads `nav` and returns false (optionally with a message) or raises to say the rule broke.
package struct Invariant: SessionDeclaration {
    package let name: String
    /// "file:line" of the `invariant` call.
    package let site: String?
    let function: LuaFunction
}

/// A broken invariant: its name, what went wrong ("returned false", its message, or the error), and
/// where it was declared.
///
/// ```swift
/// try runtime.load(code: "invariant('signed in', function() return nav.path ~= '/account' end)", chunkName: "=rules")
/// try runtime.navigator.push("/account")
/// runtime.checkInvariants().first?.name   // "signed in"
/// ```
public struct InvariantViolation: Sendable, Equatable, CustomStringConvertible {
    /// The name given to `invariant(name, fn)`: `violation.name == "signed in"`.
    public let name: String
    /// What went wrong: the rule's second result, "returned false at /account", or its error:
    /// `print(violation.message)`.
    public let message: String
    /// "file:line" of the `invariant` call, when known: `violation.site ?? "?"`.
    public let site: String?

    /// "invariant \"signed in\" broken: returned false at /account", as `print(violation)` shows it.
    public var description: String { "invariant \"\(name)\" broken: \(message)" }
}

/// A rule or value a script declares by name for the session (`invariant`, `flag`): declaring the
/// name again replaces it.
protocol SessionDeclaration {
    var name: String { get }
    /// "file:line" of the declaring call.
    var site: String? { get }
}

extension SwitchyardRuntime {
    func installInvariants() throws(LuaError) {
        try define("invariant") { runtime, call in try runtime.declareInvariant(call) }
    }

    /// invariant(name, fn): declares (or, by the same name, replaces) a rule.
    private func declareInvariant(_ call: LuaCall) throws -> Int {
        let name = try call.checkString(1, "invariant")
        let function = try call.checkCallable(2, "invariant")
        try declare(Invariant(name: name, site: call.callerLocation, function: function), in: &invariants, by: "invariant")
        return 0
    }

    /// Puts `declared` in place of the one of the same name in `list`, or appends it, charged to the
    /// memory limit as a host object (`function` names the Lua call in the limit's error): what
    /// `invariant` and `flag` do with a declaration.
    func declare<Declaration: SessionDeclaration>(_ declared: Declaration, in list: inout [Declaration],
                                                  by function: String) throws {
        if let index = list.firstIndex(where: { $0.name == declared.name }) {
            list[index] = declared
            return
        }
        if engine.limitsMemory {
            try engine.chargeHostMemory(HostMemoryCharge.invariant(name: declared.name, site: declared.site),
                                        for: "\(function)(\(HostMemoryCharge.shown(declared.name)))")
        }
        list.append(declared)
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
