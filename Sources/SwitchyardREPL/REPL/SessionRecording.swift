import Switchyard
import SwitchyardLua
import SwitchyardTools

/// `:record FILE`: what a person does at the prompt, kept as a scenario spec that `switchyard test`
/// runs. Each navigation (a meta-command as its `nav.*` call, `:follow 2` as the path it followed; a
/// Lua line as typed) is followed by assertions of what the person saw then: the path, the stack's
/// paths, the environments' kinds, the alert's title, the navigation a guard holds. Lines typed that
/// only set things up (`signed_in = true`) are kept too, since the replay needs them; expressions
/// typed to look at something (`nav.path`) are not; statements typed before the recording started
/// run after the app is loaded (`setup`). The app is required by its path from the spec
/// (`AppRequire`), so the spec runs from any folder and sandboxed.
///
///     let recording = try SessionRecording(file: "album_spec.lua", runtime: runtime)
///     try recording.record("nav.push(\"/album/1\")", navigated: true, navigator: runtime.navigator)
///
/// The whole file is rewritten after every step, through a renamed temporary file: at any moment,
/// even after a crash, it is a complete spec of everything recorded so far.
final class SessionRecording {
    let file: String
    /// The folder of `file`, from the root: app files are required by their path from here.
    private let folder: String
    private let loads: [String]
    /// Statements typed at the prompt before the recording started (routes, rules, the globals
    /// callbacks read), run after the loads as the REPL ran them: the replay needs the same map.
    private let setup: [String]
    /// The lines of the `it` body, indented as they are written.
    private var body: [String] = []
    /// Whether a step replays a typed chunk through `typed(...)`, which the opening then defines.
    private var replaysChunks = false
    /// The navigation a guard held after the last step recorded: a step that settles or cancels it
    /// says so (`assert.is_nil(nav.pending_navigation)`).
    private var held: PendingNavigation?
    private let engine: LuaEngine

    init(file: String, runtime: SwitchyardRuntime, typedBefore: [String] = []) throws {
        self.file = file
        setup = typedBefore
        engine = runtime.engine
        folder = ScriptFile.directory(of: ScriptFile.absolute(file))
        loads = runtime.loadedFiles.map { [folder] in AppRequire.call(loading: $0, specFolder: folder) }
        // A session that had navigated (or had a navigation held) before recording starts the
        // replay where the person was.
        if runtime.navigator.history.count > 1 || runtime.navigator.pendingNavigation != nil {
            body += Self.indented("nav.restore(\(Self.longString(try runtime.navigator.save())))")
            body += expectations(of: runtime.navigator)
        }
        try write()
    }

    /// Adds a step (Lua source Switchyard wrote) and what the navigator shows after it (when it
    /// navigated, or a guard now holds a navigation), and rewrites the file.
    func record(_ code: String, navigated: Bool, navigator: Navigator) throws {
        body += Self.indented(code)
        if navigated || navigator.pendingNavigation != held { body += expectations(of: navigator) }
        try write()
    }

    /// Whether the navigation a guard holds in `navigator` is not the one the last step recorded.
    func holdsOtherThan(_ navigator: Navigator) -> Bool { navigator.pendingNavigation != held }

    /// A Lua chunk typed at the prompt, when it is worth replaying: it navigated, or it is statements
    /// (an assignment, a call) rather than an expression typed to see its value. It is written into
    /// the `it` body as typed when that means the same there; otherwise (`return`, `...`, a label, a
    /// `local`, a long string whose lines indenting would change, an expression) it replays as the
    /// REPL ran it, a chunk of its own: `typed[==[...]==]`, the text kept byte for byte.
    /// `statements`: whether the chunk compiles as statements (`LuaEngine.compiles`).
    func record(chunk: String, statements: Bool, navigated: Bool, navigator: Navigator) throws {
        guard navigated || statements || navigator.pendingNavigation != held else { return }
        if statements && readsTheSameInline(chunk) {
            body += Self.indented(chunk)
        } else {
            replaysChunks = true
            let quoted = Self.longString(chunk + "\n")
            // The long string's lines are the chunk's own: not indented.
            body.append("    typed" + quoted.prefix { $0 != "\n" })
            body += quoted.drop { $0 != "\n" }.dropFirst().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        if navigated || navigator.pendingNavigation != held { body += expectations(of: navigator) }
        try write()
    }

    /// Whether `chunk`, indented inside the `it` function among the other steps, means what it meant
    /// typed alone: it compiles inside a function, and has none of what a function body treats
    /// otherwise (`return`, `...`, `goto` and labels, locals the next steps would see) nor text
    /// that indenting changes (a long string or comment; a `\` line continuation). A word of these
    /// inside a string sends the chunk the safe way too, which costs only looks.
    private func readsTheSameInline(_ chunk: String) -> Bool {
        let unsafe = ["return", "...", "goto", "::", "local", "[[", "[=", "\\"]
        guard !unsafe.contains(where: { chunk.contains($0) }) else { return false }
        return engine.compiles("return function()\n" + chunk + "\nend")
    }

    /// The call a navigating meta-command stands for, made before it runs (`:follow` needs the links
    /// of the screen it starts from); nil for commands that do not navigate.
    func call(for command: MetaCommand, on navigator: Navigator) throws -> String? {
        if case .load(let file) = command { return AppRequire.call(loading: file, specFolder: folder) }
        return try Self.call(for: command, on: navigator)
    }

    /// The call of a navigating meta-command other than `:load` (whose call depends on where the
    /// spec is).
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
        case .revalidate: return "nav.revalidate()"
        case .follow(let number):
            return navigator.shownLink(number).map { "nav.push(\(LuaStringLiteral.quote($0)))" }
        case .tab(let name): return "nav.tab(\(Int(name).map(String.init) ?? LuaStringLiteral.quote(name)))"
        case .flow(let name): return "nav.start_flow(\(LuaStringLiteral.quote(name)))"
        case .next: return "nav.next()"
        case .choose(let label): return "nav.choose(\(LuaStringLiteral.quote(label)))"
        case .reset(let path): return "nav.reset(\(path.map(LuaStringLiteral.quote) ?? ""))"
        case .restore(let file): return "nav.restore(\(longString(try TextFile.read(file))))"
        default: return nil
        }
    }

    var text: String {
        let steps = body.last == "" ? body.dropLast() : body[...]
        return (opening + steps + ["  end)", "end)", ""]).joined(separator: "\n")
    }

    private func write() throws { try TextFile.write(text, to: file) }

    /// Source Switchyard wrote, as lines of the `it` body.
    private static func indented(_ code: String) -> [String] {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }
    }

    private var opening: [String] {
        var lines = ["-- Recorded by :record in a switchyard REPL session; `switchyard test` runs it.",
                     "-- Each step is followed by what the screen showed then: a change that lands a step",
                     "-- elsewhere fails at that step. The app is required by its path from this file."]
        lines += loads
        lines += ["",
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
                  ""]
        if replaysChunks || !setup.isEmpty {
            lines += TypedChunkReplay.definition + [""]
        }
        if !setup.isEmpty {
            lines.append("-- What was typed at the prompt before the recording started, in order:")
            for chunk in setup {
                let quoted = Self.longString(chunk + "\n")
                lines.append("typed" + quoted.prefix { $0 != "\n" })
                lines += quoted.drop { $0 != "\n" }.dropFirst().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
            lines.append("")
        }
        return lines + ["describe(\"recorded session\", function()",
                        "  it(\"replays the navigation as it was done\", function()"]
    }

    private func expectations(of navigator: Navigator) -> [String] {
        var lines = ["assert.are.equal(\(LuaStringLiteral.quote(navigator.path)), nav.path)",
                     "assert.are.same({\(navigator.stack.map { LuaStringLiteral.quote($0.path) }.joined(separator: ", "))}, paths(nav.stack))",
                     "assert.are.same({\(navigator.state.environments.map { LuaStringLiteral.quote($0.kind.rawValue) }.joined(separator: ", "))}, kinds())"]
        if let alert = navigator.alert {
            lines.append("assert.are.equal(\(LuaStringLiteral.quote(alert.title)), nav.state.alert.title)")
        }
        if let pending = navigator.pendingNavigation {
            // As `nav.pending_navigation` says it: a leave guard's or a loader's hold has a `kind`
            // (and a leave guard's the `to` it was going to); a guard's has neither.
            var fields = "key = \(LuaStringLiteral.quote(pending.key)), path = \(LuaStringLiteral.quote(pending.path)), "
                + "operation = \(LuaStringLiteral.quote(pending.operation.rawValue))"
            if pending.kind != .guard { fields += ", kind = \(LuaStringLiteral.quote(pending.kind.rawValue))" }
            if pending.kind != .guard, let to = pending.to { fields += ", to = \(LuaStringLiteral.quote(to))" }
            lines.append("assert.are.same({\(fields)}, nav.pending_navigation)")
        } else if held != nil {
            lines.append("assert.is_nil(nav.pending_navigation)")
        }
        held = navigator.pendingNavigation
        return lines.map { "    " + $0 } + [""]
    }

    /// A long bracket string (`[==[...]==]`) whose level the text does not close; the text starts
    /// on the line after the opening bracket (Lua skips that first line break).
    private static func longString(_ text: String) -> String {
        var level = ""
        while text.contains("]\(level)]") { level += "=" }
        return "[\(level)[\n\(text)]\(level)]"
    }
}
