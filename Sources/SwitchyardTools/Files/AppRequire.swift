import SwitchyardLua

/// How a spec that Switchyard writes (`:record`'s, the one `walk` prints) loads an app file:
/// `require` of the file's path relative to the spec's folder (`require("../app.lua")`), which
/// `require` resolves from the spec file itself. So the spec runs from any folder, and under
/// `--sandbox`, where there is no `dofile`.
///
///     AppRequire.call(loading: "/w/examples/music/app.lua", specFolder: "/w/examples/music/scenarios")
///     // require("../app.lua")
package enum AppRequire {
    /// A file whose name does not end in ".lua" (which `require` takes no path to) is loaded with
    /// `dofile` and its path as given, as before: that spec runs only outside the sandbox.
    package static func call(loading appFile: String, specFolder: String) -> String {
        guard appFile.hasSuffix(".lua") else { return "dofile(\(LuaStringLiteral.quote(appFile)))" }
        return "require(\(LuaStringLiteral.quote(relativePath(of: appFile, from: specFolder))))"
    }

    /// `file`'s path from `folder`, starting with "./" or "../" (both made absolute first).
    static func relativePath(of file: String, from folder: String) -> String {
        let target = ScriptFile.absolute(file).split(separator: "/", omittingEmptySubsequences: true)
        let base = ScriptFile.absolute(folder).split(separator: "/", omittingEmptySubsequences: true)
        var common = 0
        while common < min(target.count - 1, base.count), target[common] == base[common] { common += 1 }
        let rest = target[common...].joined(separator: "/")
        let ups = base.count - common
        return ups == 0 ? "./" + rest : String(repeating: "../", count: ups) + rest
    }
}
