import CLua
import CLuaShim
import Switchyard

/// Lua's `match(path)` as a C function of the shim (`sy_pushmatchfunction`) entering Swift once, here:
/// the lookup fills a plain C struct and the shim builds the table, with no closure trampoline and no
/// protected call per match (callgrind figures in Benchmarks/README.md's Lua match section).
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
            // Text going on past its path with a `?query` (the shim found where): its path is looked up
            // alone (issue 37: the walk traced such text to the `?` and back, about 900 instructions).
            let end = result.pointee.pathend
            if end >= 0 {
                result.pointee.pathend = -1
                return try routeTable.withMatch(utf8: path, pathEnd: end) { match in
                    try Self.lend(match, path: path, pathEnd: end, at: pathIndex, into: result, state: state, on: L)
                }
            }
            return try routeTable.withMatch(utf8: path) { match in
                try Self.lend(match, path: path, pathEnd: -1, at: pathIndex, into: result, state: state, on: L)
            }
        } catch {
            return SwiftFunction.fail(LuaError(bridging: error), state: state, on: L)
        }
    }

    /// What `match` answers for the lookup's `match` of `path` (whose path ends at `pathEnd` when it goes on
    /// with a `?query`, else -1): a lent match's spans written for the shim, or the table pushed. Static,
    /// given the state: a method's closure retained and released the runtime on every match.
    @inline(__always)
    private static func lend(_ match: RouteMatchView?, path: UnsafeBufferPointer<UInt8>, pathEnd: Int, at pathIndex: Int32,
                             into result: UnsafeMutablePointer<sy_MatchResult>, state: LuaState,
                             on L: OpaquePointer) throws -> Int32 {
        guard let match else { return Int32(SY_MATCH_NONE) }
        // A typed route's values are coerced and meta added (issue 33): its table is built in Swift.
        let extras = match.hasDeclaredExtras
        // Text going on with a `?query` (the shim found where) is lent as spans of the path before it when
        // the lookup of that path alone settled it: tried first (saves the plain spans' look at such a match).
        if !extras, pathEnd >= 0, let status = Self.lendBeforeQuery(match, in: path, endingAt: pathEnd, into: result, on: L) {
            try state.check(status, on: L)
            return Int32(SY_MATCH_LENT)
        }
        if !extras, Self.spans(of: match, in: path, into: result) {
            var pattern = match.pattern
            let held = pattern.withUTF8 { sy_matchnames_held(L, result, LuaFields.chars($0), $0.count) != 0 }
            if held { return Int32(SY_MATCH_LENT) }
            let stored = match.withUTF8Parts { pattern, parameters in
                Self.store(pattern: pattern, names: parameters, for: result, on: L)
            }
            try state.check(stored ?? LUA_OK, on: L)
            return Int32(SY_MATCH_LENT)
        }
        // A path with a query or fragment after it: the shim reads those from the argument too. (The shim
        // looks for a `?` only: a `#fragment` with no query before it, rarer, is found here.)
        if !extras, match.spanCountBeforeQuery != nil,
           case let end = pathEnd >= 0 ? pathEnd : sy_plainquerystart(LuaFields.chars(path), path.count), end >= 0,
           let status = Self.lendBeforeQuery(match, in: path, endingAt: end, into: result, on: L) {
            try state.check(status, on: L)
            return Int32(SY_MATCH_LENT)
        }
        try state.push(match: match, path: path, pathAt: pathIndex, on: L)
        return Int32(SY_MATCH_PUSHED)
    }

    /// Fills `result` with the route's slot and its parameters as spans of `path`; false when the shim
    /// cannot build the table from spans: a resolved match, a value to decode (with '%'), more than
    /// SY_MATCH_SPANS parameters.
    private static func spans(of match: RouteMatchView, in path: UnsafeBufferPointer<UInt8>,
                              into result: UnsafeMutablePointer<sy_MatchResult>) -> Bool {
        guard let count = match.lentSpanCount else { return false }
        return fill(result, with: match, count: count, in: path, span: match.lentSpan)
    }

    /// Writes the route's slot and its `count` parameters (`span(i)`, in pattern order) as spans of
    /// `path` into `result`: `spans` and `lendBeforeQuery` alike. False when the shim cannot take them:
    /// more than SY_MATCH_SPANS parameters, or a value holding '%' to decode.
    @inline(__always)
    private static func fill(_ result: UnsafeMutablePointer<sy_MatchResult>, with match: RouteMatchView, count: Int,
                             in path: UnsafeBufferPointer<UInt8>, span: (Int) -> Range<Int>?) -> Bool {
        guard count <= SY_MATCH_SPANS else { return false }
        for index in 0..<count {
            var written = sy_MatchSpan(start: -1, end: -1)
            if let range = span(index) {
                if path[range].contains(UInt8(ascii: "%")) { return false }
                written = sy_MatchSpan(start: range.lowerBound, end: range.upperBound)
            }
            result.pointee.spans[index] = written
        }
        result.pointee.slot = lua_Integer(match.route.rawValue + 1)
        result.pointee.nparams = Int32(count)
        return true
    }

    /// For text whose plain path goes on at `end` with a `?query` or `#fragment`: fills `result` as `spans`
    /// does, with where the path ends, and holds the route strings; returns the Lua status of holding them. The
    /// shim decodes the query's escapes itself. Nil when it cannot build the table from the text: a
    /// parameter's value holds '%' to decode, more than SY_MATCH_SPANS parameters, a resolved match. (The
    /// text is ASCII: `withMatch(utf8:)` lends spans of nothing else, so no byte needs repairing first.)
    private static func lendBeforeQuery(_ match: RouteMatchView, in path: UnsafeBufferPointer<UInt8>, endingAt end: Int,
                                        into result: UnsafeMutablePointer<sy_MatchResult>, on L: OpaquePointer) -> Int32? {
        guard let count = match.spanCountBeforeQuery, count <= SY_MATCH_SPANS else { return nil }
        guard fill(result, with: match, count: count, in: path, span: match.spanBeforeQuery) else { return nil }
        result.pointee.pathend = end
        var pattern = match.pattern
        if pattern.withUTF8({ sy_matchnames_held(L, result, LuaFields.chars($0), $0.count) != 0 }) { return LUA_OK }
        var status = LUA_OK
        _ = match.withBytesBeforeQuery { pattern, parameters in
            status = withUnsafeTemporaryAllocation(of: RouteMatchView.UTF8Parameter.self, capacity: parameters.count) { names in
                for index in 0..<parameters.count {
                    names.initializeElement(at: index, to: RouteMatchView.UTF8Parameter(name: parameters.name(index),
                                                                                        value: parameters.value(index)))
                }
                return store(pattern: pattern, names: UnsafeBufferPointer(names), for: result, on: L)
            }
        }
        return status
    }

    /// Stores the route's pattern and parameter names in the shim's route strings for `result`'s slot
    /// (the first match of a route, or its slot declared again); returns the Lua status.
    private static func store(pattern: UnsafeBufferPointer<UInt8>,
                              names: UnsafeBufferPointer<RouteMatchView.UTF8Parameter>,
                              for result: UnsafeMutablePointer<sy_MatchResult>, on L: OpaquePointer) -> Int32 {
        withUnsafeTemporaryAllocation(of: sy_Field.self, capacity: names.count) { fields in
            for (index, parameter) in names.enumerated() {
                fields.initializeElement(at: index, to: LuaFields.field(parameter.name, parameter.value))
            }
            var shape = sy_InfoTable()
            (shape.pattern, shape.patternlen, shape.patternslot) = (LuaFields.chars(pattern), pattern.count,
                                                                    result.pointee.slot)
            (shape.params, shape.nparams) = (UnsafePointer(fields.baseAddress), Int32(fields.count))
            return sy_matchnames_store(L, result, &shape)
        }
    }
}
