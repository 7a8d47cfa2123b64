import CLua
import CLuaShim

/// Where a Lua function was written and what it takes, as Lua's debug information records it: what
/// `help(fn)` shows for a function of the person's own.
///
///     let f = try engine.run("return function(name, admin) end", chunkName: "@app.lua")[0].functionValue!
///     try f.definition()   // source "@app.lua", line 1, parameters ["name", "admin"]
package struct LuaFunctionDefinition: Equatable, Sendable {
    /// The chunk name: "@path" for a file, "=stdin" or "=(command line)" for typed code.
    package let source: String
    /// The line its `function` keyword is on; nil for a function written in C or Swift.
    package let line: Int?
    package let parameters: [String]
    /// Whether it takes `...` after its parameters.
    package let variadic: Bool

    /// The file it was loaded from, when it was (the chunk name without its "@").
    package var file: String? { source.hasPrefix("@") ? String(source.dropFirst()) : nil }

    /// "app.lua:42" or "stdin:3" as error messages write it; nil for a C or Swift function.
    package var site: String? {
        guard let line else { return nil }
        if let file { return "\(file):\(line)" }
        if source.hasPrefix("=") { return "\(source.dropFirst()):\(line)" }
        return "[string]:\(line)"
    }

    /// "(name, admin)", "(...)", "(path, ...)".
    package var parameterList: String {
        "(" + (parameters + (variadic ? ["..."] : [])).joined(separator: ", ") + ")"
    }
}

extension LuaFunction {
    /// What the debug information says of this function; reads the prototype, runs nothing.
    package func definition() throws(LuaError) -> LuaFunctionDefinition {
        try withPushed { (L, index) throws(LuaError) -> LuaFunctionDefinition in
            try state.ensureStack(L, 2)
            var raw = sy_FunctionDefinition()
            guard sy_functiondefinition(L, index, &raw) != 0, let source = raw.source else {
                throw LuaError("not a function")
            }
            let sourceText = String(decoding: UnsafeRawBufferPointer(start: source, count: raw.srclen), as: UTF8.self)
            var parameters: [String] = []
            if raw.linedefined >= 0 {
                for n in 0..<max(0, Int(raw.nparams)) {
                    guard let name = sy_parametername(L, index, Int32(n + 1)) else { break }
                    parameters.append(String(cString: name))
                }
            }
            return LuaFunctionDefinition(source: sourceText, line: raw.linedefined >= 0 ? Int(raw.linedefined) : nil,
                                         parameters: parameters, variadic: raw.isvararg != 0)
        }
    }
}
