/// Lua-style argument errors for the API's Swift functions:
/// "bad argument #1 to 'nav.push' (string expected, got table)".
extension LuaCall {
    func badArgument(_ index: Int, _ function: String, _ expected: String) -> LuaError {
        LuaError("bad argument #\(index) to '\(function)' (\(expected) expected, got \(typeName(index)))")
    }

    package func checkString(_ index: Int, _ function: String) throws(LuaError) -> String {
        guard let text = string(index) else { throw badArgument(index, function, "string") }
        return text
    }

    func optionalString(_ index: Int, _ function: String) throws(LuaError) -> String? {
        if isNil(index) { return nil }
        return try checkString(index, function)
    }

    func optionalCount(_ index: Int, _ function: String) throws(LuaError) -> Int {
        if isNil(index) { return 1 }
        guard let count = integer(index) else { throw badArgument(index, function, "integer") }
        return Int(clamping: count)
    }

    func checkTable(_ index: Int, _ function: String) throws(LuaError) -> LuaTable {
        guard isTable(index), let table = try value(index).tableValue else { throw badArgument(index, function, "table") }
        return table
    }

    /// A function, or a table Lua can call (a spy).
    func checkCallable(_ index: Int, _ function: String) throws(LuaError) -> LuaFunction {
        if isTable(index), let callable = try value(index).callableValue { return callable }
        return try checkFunction(index, function)
    }

    package func checkFunction(_ index: Int, _ function: String) throws(LuaError) -> LuaFunction {
        guard isFunction(index), let fn = try value(index).functionValue else {
            throw badArgument(index, function, "function")
        }
        return fn
    }
}

extension LuaError {
    /// An error whose message already names its place (a declaration site, a callback's line).
    static func located(_ message: String) -> LuaError {
        LuaError(kind: .runtime, message: message, traceback: nil, isLocated: true)
    }
}
