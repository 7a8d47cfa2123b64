import CLua
import CLuaShim

/// `require` of Lua files next to the scripts (never C modules): the sandbox's only `require`,
/// and in the full profile a searcher placed right after `package.preload`'s.
///
/// A module name is dotted words (`features.library`); it is looked up as `features/library.lua`
/// then `features/library/init.lua`, first in the directory of the chunk that calls `require`, then
/// in its parent, then in the directories of the files the engine has run, then in the current
/// directory.
extension LuaEngine {
    func installScriptModules() throws(LuaError) {
        let search = try makeFunction { [weak self] call in
            guard let self else { throw LuaError.closed }
            return try self.searchModule(call)
        }
        let installer = configuration.sandboxed ? ScriptModules.sandboxRequire : ScriptModules.fullSearcher
        let setup = try state.run(Array(installer.utf8), chunkName: "=require")
        guard let install = setup.first?.functionValue else { return }
        let functions = try install.call(.function(search))
        forgetModules = functions.first?.functionValue
        loadedModules = functions.dropFirst().first?.functionValue
    }

    /// Makes `require` load the script modules again (for a reload after files changed).
    package func forgetScriptModules() {
        _ = try? forgetModules?.call()
    }

    /// search(name, level [, loading]) -> chunk, path | nil, explanation. `loading` is the file a
    /// relative path is from when the caller's frame is not a file's: `return require("./m.lua")`
    /// is a tail call, which leaves no frame of the file that made it, but that file is the one
    /// `require` is loading.
    private func searchModule(_ call: LuaCall) throws -> Int {
        guard let name = call.string(1) else {
            throw LuaError("bad argument #1 to 'require' (string expected, got \(call.typeName(1)))")
        }
        let level = Int32(call.integer(2) ?? 2)
        let callerSource = sy_source(call.L, level).map { String(cString: $0) }
        if ScriptModules.isRelativePath(name) {
            // A file named by its path from the file that requires it: "../app.lua".
            let caller = callerSource.flatMap { $0.hasPrefix("@") ? String($0.dropFirst()) : nil } ?? call.string(3)
            let own = caller.map(ScriptFile.directory(of:)) ?? ""
            let path = ScriptFile.tidied(ScriptFile.join(own, name))
            guard ScriptFile.exists(path) else {
                return try call.returning([.nil, .string(LuaString("\n\tno file '\(path)'"))])
            }
            try state.load(try ScriptFile.read(path), chunkName: "@" + path, on: call.L)
            try call.push(string: path)
            return 2
        }
        guard ScriptModules.isValid(name) else {
            return try call.returning([.nil, .string(LuaString("\n\tinvalid module name '\(name)'"))])
        }
        var tried: [String] = []
        for directory in moduleDirectories(callerSource: callerSource) {
            let base = ScriptFile.join(directory, name.split(separator: ".").joined(separator: "/"))
            for path in [base + ".lua", base + "/init.lua"] {
                guard ScriptFile.exists(path) else {
                    tried.append(path)
                    continue
                }
                if !filesRead.contains(path) { filesRead.append(path) }
                try state.load(try ScriptFile.read(path), chunkName: "@" + path, on: call.L)
                try call.push(string: path)
                return 2
            }
        }
        let explanation = tried.map { "\n\tno file '\($0)'" }.joined()
        return try call.returning([.nil, .string(LuaString(explanation))])
    }

    private func moduleDirectories(callerSource: String?) -> [String] {
        var directories: [String] = []
        if let source = callerSource, source.hasPrefix("@") {
            let own = ScriptFile.directory(of: String(source.dropFirst()))
            // Then one level up, so a spec in `app/scenarios/` finds `app/app.lua` with require("app").
            directories += [own, ScriptFile.join(own.isEmpty ? "." : own, "..")]
        }
        for directory in scriptDirectories + [""] where !directories.contains(directory) {
            directories.append(directory)  // "": the current directory, last, as Lua's "./?.lua"
        }
        return directories
    }
}

package enum ScriptModules {
    /// Dotted words of letters, digits, '_' and '-': nothing that climbs out of a directory.
    package static func isValid(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        }
    }

    /// A Lua file named by its path from the requiring file's folder rather than a module name: it
    /// starts with "./" or "../", which no module name does, and ends in ".lua"
    /// (`require("../../app.lua")`). That is how the specs `:record` and `walk` write load their
    /// app, so they run from any folder, sandboxed too. Only ".lua" files: a sandboxed script must
    /// not get a glimpse of any other file through a syntax error's "near ..." token.
    package static func isRelativePath(_ name: String) -> Bool {
        (name.hasPrefix("./") || name.hasPrefix("../")) && name.hasSuffix(".lua") && !name.utf8.contains(0)
    }

    /// Defines the global `require` over `search`, with its own table of loaded modules; returns
    /// a function forgetting them and one returning that table. A module named by a relative path
    /// is kept under the file's path, so the same text from two folders names two modules.
    static let sandboxRequire = """
        return function(search)
          local loaded = {}
          local error, type, sub = error, type, string.sub
          local function relative(name)
            return (sub(name, 1, 2) == "./" or sub(name, 1, 3) == "../") and sub(name, -4) == ".lua"
          end
          local loading, depth = {}, 0   -- the files being loaded, innermost last
          function require(name)
            if type(name) ~= "string" then
              error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
            end
            local key, module = name, nil
            if not relative(name) then module = loaded[name] end
            if module ~= nil then return module end
            local chunk, path = search(name, 2, loading[depth])
            if not chunk then error("module '" .. name .. "' not found:" .. path, 2) end
            if relative(name) then
              key = path
              if loaded[key] ~= nil then return loaded[key], path end
            end
            local outer = depth
            depth = outer + 1
            loading[depth] = path
            local ok, result = pcall(chunk, name, path)
            loading[depth], depth = nil, outer
            if not ok then error(result, 0) end
            module = result
            if module == nil then module = true end
            if loaded[key] == nil then loaded[key] = module end
            return loaded[key], path
          end
          return function() loaded = {} end, function() return loaded end
        end
        """

    /// Puts a searcher over `search` after `package.preload`'s in `package.searchers`; returns a
    /// function forgetting the modules it found and one returning `package.loaded`.
    static let fullSearcher = """
        return function(search)
          local found = {}
          -- Level 4: this searcher, Lua's require, the require defined below, then its caller.
          table.insert(package.searchers, 2, function(name)
            local chunk, where = search(name, 4)
            if chunk then found[name] = true return chunk, where end
            return where
          end)
          -- A relative path is kept in package.loaded under the file's path, not the text given
          -- (Lua's require would look the text up first): "./m.lua" from two folders, two modules.
          local require, error, type, sub, pcall, loaded = require, error, type, string.sub, pcall, package.loaded
          local loading, depth = {}, 0   -- the files being loaded by a relative path, innermost last
          _ENV.require = function(name, ...)
            if type(name) ~= "string" or not ((sub(name, 1, 2) == "./" or sub(name, 1, 3) == "../") and sub(name, -4) == ".lua") then
              return require(name, ...)
            end
            local chunk, path = search(name, 2, loading[depth])
            if not chunk then error("module '" .. name .. "' not found:" .. path, 2) end
            if loaded[path] ~= nil then return loaded[path], path end
            local outer = depth
            depth = outer + 1
            loading[depth] = path
            local ok, result = pcall(chunk, name, path)
            loading[depth], depth = nil, outer
            if not ok then error(result, 0) end
            if result == nil then result = true end
            if loaded[path] == nil then loaded[path] = result end
            found[path] = true
            return loaded[path], path
          end
          return function()
            for name in pairs(found) do package.loaded[name] = nil end
            found = {}
          end, function() return package.loaded end
        end
        """
}
