#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwitchyardLua

/// A paced walk through a script, for teaching: `step(title, fn)` declares a step, `pause(prompt)`
/// waits for Enter, and `demo(line)` shows a line as the class would type it, then runs it. Paced
/// (a REPL on a terminal follows the script), the steps wait: Enter on an empty prompt runs the next
/// one and `:step N` jumps, with the REPL live in between so the class can try things. Unpaced (a
/// pipe, `switchyard tour.lua`, a test), every step runs as it is declared and `pause` returns at
/// once, so the same script reads straight through.
///
///     step("Ranking", function() print(explain("/album/new")) end)
///     pause("Look at rank 2 before we go on")
///     demo('nav.push("/news")')   -- prints `> nav.push("/news")`, then runs it as typed
package final class Tour {
    package struct Step {
        let title: String
        let body: LuaFunction
    }

    package let paced: Bool
    package private(set) var steps: [Step] = []
    /// Index of the step Enter runs next.
    package private(set) var next = 0
    private var announced = 0
    /// How a REPL runs a `demo` line: exactly as if it were typed at its prompt (a meta-command too;
    /// its screen shown, `:record` recording it). Without a REPL (a script run through, a pipe
    /// before the prompt opens) a Lua line runs in the engine and a meta-command is only shown.
    package var typeLine: ((String) -> Void)?

    init(paced: Bool) {
        self.paced = paced
    }

    /// Defines `step` and `pause` in the engine.
    func install(in engine: LuaEngine) {
        engine.register("step") { [unowned self] arguments in
            guard let title = arguments.first?.stringValue, let body = arguments.dropFirst().first?.functionValue else {
                throw LuaError("step(title, fn): a title string and a function, e.g. step(\"Ranking\", function() ... end)")
            }
            try declare(Step(title: title, body: body), in: engine)
            return []
        }
        engine.register("pause") { [unowned self] arguments in
            if paced { Self.waitForEnter(prompt: arguments.first?.stringValue ?? "press Enter to go on") }
            return []
        }
        engine.register("demo") { [unowned self] arguments in
            guard let line = arguments.first?.stringValue, arguments.count == 1 else {
                throw LuaError(#"demo(line): one line of Lua or a :command, as a string, e.g. demo('nav.push("/news")')"#)
            }
            try demo(line, in: engine)
            return []
        }
    }

    /// `demo(line)`: the line as typed at the prompt, then what it does. An error is shown as the
    /// prompt shows it and the step goes on (a tour may show a refusal on purpose); Ctrl-C, the
    /// budget and the memory cap still end the step.
    private func demo(_ line: String, in engine: LuaEngine) throws(LuaError) {
        let command = line.drop(while: \.isWhitespace)
        if [":quit", ":q", ":exit"].contains(command.split(separator: " ").first.map(String.init) ?? "") {
            throw LuaError("demo(\"\(TerminalText.escaped(line))\"): a tour does not end the REPL; the class types :quit")
        }
        for (index, part) in line.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            TerminalText.print((index == 0 ? "> " : ">> ") + TerminalText.escaped(String(part)))
        }
        if let typeLine {
            typeLine(line)
            try ScriptHost.stopIfInterrupted()
        } else if command.hasPrefix(":") {
            TerminalText.print("   (a REPL command: the paced tour runs it, in switchyard -i on a terminal; here it is only shown)")
        } else {
            try runInEngine(line, engine)
        }
    }

    /// A Lua line without a REPL: as an expression first, then as statements; each result printed.
    private func runInEngine(_ line: String, _ engine: LuaEngine) throws(LuaError) {
        do {
            let results = engine.compiles("return " + line) ? try engine.run("return " + line, chunkName: "=demo")
                                                            : try engine.run(line, chunkName: "=demo")
            if !results.isEmpty { TerminalText.print(results.map { TerminalText.escaped($0.description) }.joined(separator: "\t")) }
        } catch {
            switch error.kind {
            case .interrupted, .instructionLimit, .memoryLimit: throw error
            default: StandardError.write(TerminalText.escaped(error.message))
            }
        }
    }

    private func declare(_ step: Step, in engine: LuaEngine) throws {
        steps.append(step)
        guard !paced else { return }
        next = steps.count
        TerminalText.print(banner(steps.count))
        _ = try engine.call(step.body, [])
    }

    /// `:reload` runs the script again, which declares the steps again.
    package func forgetSteps() {
        steps = []
        next = 0
        announced = 0
    }

    /// What the REPL says once the script has declared its steps, and again after a reload.
    package func announcement() -> String? {
        guard paced, !steps.isEmpty, announced != steps.count else { return nil }
        announced = steps.count
        return "Tour: \(steps.count) steps. Enter on an empty line runs the next one, :step N jumps to step N, "
            + ":steps lists them."
    }

    /// Runs step `number` (1-based; nil: the next one), and moves the tour on past it.
    package func run(_ number: Int?, in engine: LuaEngine) throws(LuaError) -> Bool {
        let index = (number ?? next + 1) - 1
        guard steps.indices.contains(index) else {
            if number == nil { return false }
            throw LuaError(steps.isEmpty ? "no tour is loaded: a tour script declares steps with step(title, fn)"
                                         : ":step takes a number from 1 to \(steps.count)")
        }
        next = index + 1
        TerminalText.print(banner(next))
        _ = try engine.call(steps[index].body, [])
        if next == steps.count { TerminalText.print("   (that was the last step)") }
        return true
    }

    package func listing() -> String {
        guard !steps.isEmpty else { return "no tour is loaded: a tour script declares steps with step(title, fn)" }
        return steps.enumerated().map { index, step in
            (index == next ? "→ " : "  ") + "\(index + 1). \(step.title)"
        }.joined(separator: "\n")
    }

    private func banner(_ number: Int) -> String {
        let title = steps[number - 1].title
        let total = paced ? " of \(steps.count)" : ""
        let heading = "── Step \(number)\(total): \(title) "
        return "\n" + heading + String(repeating: "─", count: max(3, 72 - heading.count))
    }

    /// Waits for a line on the terminal, or for Ctrl-C (the engine then stops the script, as for any
    /// interrupt: the handler has asked it to).
    private static func waitForEnter(prompt: String) {
        TerminalText.print("   ⏎ \(prompt)", terminator: " ")
        fflush(nil)   // the prompt has no newline: out before the wait
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: InterruptSignal.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&descriptors, descriptors[1].fd >= 0 ? 2 : 1, -1)
            if ready < 0 { if errno == EINTR { continue } else { return } }
            if descriptors[1].revents != 0 { TerminalText.print(); return }
            if descriptors[0].revents != 0 { break }
        }
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 && byte != UInt8(ascii: "\n") {}
    }
}
