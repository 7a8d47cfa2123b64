/// busted's file insulation: what a scenario file does to the globals and to the modules `require`
/// loaded is undone after it, so the next file starts from the same state; the tests within one
/// file share them.
///
/// ```swift
/// try engine.insulated { try engine.runFile("specs/a_spec.lua") }   // a global a_spec set is gone
/// ```
extension LuaEngine {
    /// Runs `body`, then restores the global table and the loaded modules to what they held before
    /// (shallowly: a table that was there is there again, whatever was done inside it).
    package func insulated<T>(_ body: () throws -> T) throws -> T {
        let snapshot = try run(FileInsulation.source, chunkName: "=insulate").first?.functionValue
        let restore = try snapshot?.call(loadedModules.map { .function($0) } ?? .nil).first?.functionValue
        defer { _ = try? restore?.call() }
        return try body()
    }

    /// Runs `body`; if it fails, restores the global table and the loaded modules as `insulated`
    /// does, so a failed script leaves no global or module of its own behind (REPL `:load`).
    package func undoingGlobalsOnFailure<T>(_ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        let snapshot = try run(FileInsulation.source, chunkName: "=insulate").first?.functionValue
        let restore = try snapshot?.call(loadedModules.map { .function($0) } ?? .nil).first?.functionValue
        do { return try body() } catch {
            _ = try? restore?.call()
            throw error
        }
    }
}

enum FileInsulation {
    /// A function of the function returning the module table; it returns the restoring function.
    static let source = """
        local next, rawset = next, rawset
        local function copy(t)
          local c = {}
          for k, v in next, t do c[k] = v end
          return c
        end
        local function restore(t, saved)
          for k in next, copy(t) do
            if saved[k] == nil then rawset(t, k, nil) end
          end
          for k, v in next, saved do rawset(t, k, v) end
        end
        return function(modules)
          local globals, loaded = _ENV, modules and modules() or {}
          local saved_globals, saved_loaded = copy(globals), copy(loaded)
          return function()
            restore(globals, saved_globals)
            restore(loaded, saved_loaded)
          end
        end
        """
}
