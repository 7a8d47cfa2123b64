import Switchyard
import SwitchyardLua

/// `:record FILE`: what a person does at the prompt, kept as a scenario spec that `switchyard test`
/// runs. Each navigation (a meta-command as its `nav.*` call, `:follow 2` as the path it followed; a
/// Lua line as typed) is followed by assertions of what the person saw then: the path, the stack's
/// paths, the environments' kinds, the alert's title. Lines typed that only set things up
/// (`signed_in = true`) are kept too, since the replay needs them; expressions typed to look at
/// something (`nav.path`) are not.
///
///     let recording = try SessionRecording(file: "album_spec.lua", runtime: runtime)
///     try recording.record("nav.push(\"/album/1\")", navigated: true, navigator: runtime.navigator)
///
/// The whole file is rewritten after every step, through a renamed temporary file: at any moment,
/// even after a crash, it is a complete spec of everything recorded so far.
final class SessionRecording {
    let file: String
    private let opening: [String]
    private var body: [String] = []
    private let engine: LuaEngine

    init(file: String, runtime: SwitchyardRuntime) throws {
        self.file = file
        engine = runtime.engine
        opening = Self.opening(loading: runtime.loadedFiles.map { Self.loading($0, from: file) })
        // A session that had navigated before recording starts the replay where the person was.
        if runtime.navigator.history.count > 1 {
            body.append("nav.restore(\(Self.longString(try runtime.navigator.save())))")
            body += Self.expectations(of: runtime.navigator)
        }
        try write()
    }

    /// Adds a step and what the navigator shows after it (when it navigated), and rewrites the file.
    func record(_ code: String, navigated: Bool, navigator: Navigator) throws {
        body += code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if navigated { body += Self.expectations(of: navigator) }
        try write()
    }

    /// A Lua line typed at the prompt, when it is worth replaying: it navigated, or it is statements
    /// (an assignment, a call) rather than an expression typed to see its value.
    func record(chunk: String, navigated: Bool, navigator: Navigator) throws {
        let statements = engine.compiles(chunk)
        guard navigated || statements else { return }
        try record(statements ? chunk : "local _ = " + chunk, navigated: navigated, navigator: navigator)
    }

    /// The call a navigating meta-command stands for, made before it runs (`:follow` needs the links
    /// of the screen it starts from); nil for commands that do not navigate.
    static func call(for command: MetaCommand, on navigator: Navigator) throws -> String? {
        switch command {
        case .go(let path): return "nav.go(\(LuaStringLiteral.quote(path)))"
        case .push(let path): return "nav.push(\(LuaStringLiteral.quote(path)))"
        case .sheet(let path): return "nav.sheet(\(LuaStringLiteral.quote(path)))"
        case .cover(let path): return "nav.cover(\(LuaStringLiteral.quote(path)))"
        case .open(let url): return "nav.open(\(LuaStringLiteral.quote(url)))"
        case .pop(let count): return count == 1 ? "nav.pop()" : "nav.pop(\(count))"
        case .dismiss: return "nav.dismiss()"
        case .back(let count): return count == 1 ? "nav.back()" : "nav.back(\(count))"
        case .forward(let count): return count == 1 ? "nav.forward()" : "nav.forward(\(count))"
        case .follow(let number):
            return navigator.shownLink(number).map { "nav.push(\(LuaStringLiteral.quote($0)))" }
        case .tab(let name): return "nav.tab(\(Int(name).map(String.init) ?? LuaStringLiteral.quote(name)))"
        case .flow(let name): return "nav.start_flow(\(LuaStringLiteral.quote(name)))"
        case .next: return "nav.next()"
        case .choose(let label): return "nav.choose(\(LuaStringLiteral.quote(label)))"
        case .reset(let path): return "nav.reset(\(path.map(LuaStringLiteral.quote) ?? ""))"
        case .load(let file): return "dofile(\(LuaStringLiteral.quote(file)))"   // resolved as the session resolved it
        case .restore(let file): return "nav.restore(\(longString(try TextFile.read(file))))"
        default: return nil
        }
    }

    var text: String {
        let steps = body.last == "" ? body.dropLast() : body[...]
        return (opening + steps.map { $0.isEmpty ? "" : "    " + $0 } + ["  end)", "end)", ""]).joined(separator: "\n")
    }

    private func write() throws { try TextFile.write(text, to: file) }

    /// How the spec loads an app file: `require` when the file is where `require` looks from the
    /// spec (its folder, the one above, the current directory), which works under `--sandbox` too,
    /// else `dofile` with the path as the session was given it.
    static func loading(_ appFile: String, from specFile: String) -> String {
        let app = ScriptFile.absolute(appFile)
        let folder = ScriptFile.directory(of: ScriptFile.absolute(specFile))
        let modules = [folder, ScriptFile.directory(of: folder), ScriptFile.absolute(".")].compactMap { base -> [Substring]? in
            guard app.hasPrefix(base + "/"), app.hasSuffix(".lua") else { return nil }
            let words = app.dropFirst(base.count + 1).dropLast(4).split(separator: "/", omittingEmptySubsequences: false)
            let dotted = words.joined(separator: ".")
            return words.contains { $0.contains(".") } || !ScriptModules.isValid(dotted) ? nil : words
        }
        // The shortest name: the nearest of the folders that holds the app.
        guard let module = modules.min(by: { $0.count < $1.count }) else { return "dofile(\(LuaStringLiteral.quote(appFile)))" }
        return "require(\(LuaStringLiteral.quote(module.joined(separator: "."))))"
    }

    private static func opening(loading files: [String]) -> [String] {
        ["-- Recorded by :record in a switchyard REPL session; `switchyard test` runs it.",
         "-- Each step is followed by what the screen showed then: a change that lands a step",
         "-- elsewhere fails at that step."]
            + files
            + ["",
               "local function paths(screens)",
               "  local list = {}",
               "  for i, screen in ipairs(screens) do list[i] = screen.path end",
               "  return list",
               "end",
               "",
               "local function kinds()",
               "  local list = {}",
               "  for i, environment in ipairs(nav.state.environments) do list[i] = environment.kind end",
               "  return list",
               "end",
               "",
               "describe(\"recorded session\", function()",
               "  it(\"replays the navigation as it was done\", function()"]
    }

    private static func expectations(of navigator: Navigator) -> [String] {
        var lines = ["assert.are.equal(\(LuaStringLiteral.quote(navigator.path)), nav.path)",
                     "assert.are.same({\(navigator.stack.map { LuaStringLiteral.quote($0.path) }.joined(separator: ", "))}, paths(nav.stack))",
                     "assert.are.same({\(navigator.state.environments.map { LuaStringLiteral.quote($0.kind.rawValue) }.joined(separator: ", "))}, kinds())"]
        if let alert = navigator.alert {
            lines.append("assert.are.equal(\(LuaStringLiteral.quote(alert.title)), nav.state.alert.title)")
        }
        return lines + [""]
    }

    /// A long bracket string (`[==[...]==]`) whose level the text does not close.
    private static func longString(_ text: String) -> String {
        var level = ""
        while text.contains("]\(level)]") { level += "=" }
        return "[\(level)[\n\(text)]\(level)]"
    }
}
