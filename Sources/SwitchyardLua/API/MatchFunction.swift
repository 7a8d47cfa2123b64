import CLua
import CLuaShim
import Switchyard

/// Lua's `match(path)` as a C function of the shim (`sy_pushmatchfunction`) entering Swift once, here:
/// the lookup fills a plain C struct and the shim builds the table, with no closure trampoline and no
/// protected call per match (7,300 -> see Benchmarks/README.md's Lua match section).
extension SwitchyardRuntime {
    /// The `match` function reading its path at `argument` (2 when it is the `__call` of luassert's
    /// `match` table, the table itself being first). Holds the runtime unowned: the runtime closes
    /// the Lua state when it goes, so no Lua code can call it afterwards.
    func makeMatchFunction(argument: Int32 = 1) throws(LuaError) -> LuaFunction {
        let state = engine.state
        let L = try state.thread()
        return try state.balanced(L) { () throws(LuaError) -> LuaFunction in
            try state.ensureStack(L, 4)
            let runtime = Unmanaged.passUnretained(self).toOpaque()
            try state.check(sy_pushmatchfunction(L, Self.matchEntry, runtime, argument), on: L)
            return LuaFunction(state: state, ref: try state.reference(at: -1, on: L))
        }
    }

    private static let matchEntry: sy_MatchEntry = { L, runtime, path, length, pathIndex, result in
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(path).map { $0.assumingMemoryBound(to: UInt8.self) },
                                        count: length)
        return Unmanaged<SwitchyardRuntime>.fromOpaque(runtime!).takeUnretainedValue()
            .match(bytes, at: pathIndex, into: result!, on: L!)
    }

    /// SY_MATCH_* for the shim, or a raise code with the message pushed. Never raises.
    private func match(_ path: UnsafeBufferPointer<UInt8>, at pathIndex: Int32,
                       into result: UnsafeMutablePointer<sy_MatchResult>, on L: OpaquePointer) -> Int32 {
        let state = engine.state
        do {
            return try routeTable.withMatch(utf8: path) { match in
                guard let match else { return Int32(SY_MATCH_NONE) }
                var failure = LUA_OK
                let lent = match.withUTF8Parts { pattern, parameters in
                    Self.lend(route: match.route, pattern: pattern, parameters: parameters, of: path,
                              into: result, failure: &failure, on: L)
                }
                try state.check(failure, on: L)
                if lent == Int32(SY_MATCH_LENT) { return Int32(SY_MATCH_LENT) }
                try state.push(match: match, path: path, pathAt: pathIndex, on: L)
                return Int32(SY_MATCH_PUSHED)
            }
        } catch {
            return SwiftFunction.fail(LuaError(bridging: error), state: state, on: L)
        }
    }

    /// Fills `result` with the parameters as spans of `path` and makes sure the shim holds the route's
    /// strings: SY_MATCH_LENT, or SY_MATCH_PUSHED when the shim cannot build it from spans (a value
    /// decoded from '%', more than SY_MATCH_SPANS parameters) or storing the strings failed (`failure`).
    private static func lend(route: RouteID, pattern: UnsafeBufferPointer<UInt8>,
                             parameters: UnsafeBufferPointer<RouteMatchView.UTF8Parameter>,
                             of path: UnsafeBufferPointer<UInt8>, into result: UnsafeMutablePointer<sy_MatchResult>,
                             failure: inout Int32, on L: OpaquePointer) -> Int32 {
        guard parameters.count <= SY_MATCH_SPANS, let base = path.baseAddress else { return Int32(SY_MATCH_PUSHED) }
        for (index, parameter) in parameters.enumerated() {
            var span = sy_MatchSpan(start: -1, end: -1)
            if let value = parameter.value {
                // A decoded value lives in a buffer of its own, not in the path.
                guard let start = value.baseAddress, start >= base, start + value.count <= base + path.count else {
                    return Int32(SY_MATCH_PUSHED)
                }
                span = sy_MatchSpan(start: start - base, end: start - base + value.count)
            }
            result.pointee.spans[index] = span
        }
        result.pointee.slot = lua_Integer(route.rawValue + 1)
        result.pointee.nparams = Int32(parameters.count)
        let text = LuaFields.chars(pattern)
        if sy_matchnames_held(L, result, text, pattern.count) != 0 { return Int32(SY_MATCH_LENT) }
        return withUnsafeTemporaryAllocation(of: sy_Field.self, capacity: parameters.count) { fields in
            for (index, parameter) in parameters.enumerated() {
                fields.initializeElement(at: index, to: LuaFields.field(parameter.name, parameter.value))
            }
            var names = sy_InfoTable()
            (names.pattern, names.patternlen, names.patternslot) = (text, pattern.count, result.pointee.slot)
            (names.params, names.nparams) = (UnsafePointer(fields.baseAddress), Int32(fields.count))
            failure = sy_matchnames_store(L, result, &names)
            return Int32(failure == LUA_OK ? SY_MATCH_LENT : SY_MATCH_PUSHED)
        }
    }
}
