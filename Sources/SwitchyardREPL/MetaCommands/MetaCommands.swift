import Switchyard
import SwitchyardLua
import SwitchyardTools
import SwitchyardTesting

/// What a line asks of the read-eval-print loop after it ran.
enum LineOutcome { case next, quit }

/// The dispatcher of the REPL's meta-commands: parses a `:` line, runs it as one navigation unit,
/// and sends each command to the code for its job (the `MetaCommands+…` files, `NavigationUnit`,
/// `MapWatch`, `CompletionSources`).
final class MetaCommands {
    let host: ScriptHost
    let style: TerminalStyle
    /// Runs each line as one unit and shows what navigation did.
    let unit: NavigationUnit
    /// The steps a teaching script declared with `step`, if any.
    var tour: Tour { host.tour }
    /// What `:save`, `:graph`, `:watch` and `:record` wrote, and whether they may write a file now.
    var writtenFiles = SessionWrittenFiles()
    /// Set while a `!` command runs: it may replace a file the session did not write.
    var replacingAllowed = false
    /// What was typed, for `:lines` (the REPL sets it).
    var inputLog: InputLog?
    /// The live view in the browser, while `:serve` runs it (MetaCommands+LiveView.swift); the unit
    /// sends it the state after each line.
    var liveView: LiveViewSession? {
        get { unit.liveView }
        set { unit.liveView = newValue }
    }
    /// Where `:record` writes what the person does, while it is on.
    var recording: SessionRecording?
    /// The statements typed at the prompt that ran, in order (`route(...)`, `invariant(...)`,
    /// `signed_in = true`; not an expression typed to see its value, nor a line that navigated): the
    /// session's map and rules are the loaded files and these, so a `:walk` spec and a `:record`ed one
    /// run them after requiring the files. (Where lines navigated to, a recording restores.)
    var typedStatements: [String] = []
    /// What TAB completes from.
    let completion: CompletionSources

    /// Renders Lua values as the REPL prints results (`:match` shows a validator's value with it).
    let evaluator: ChunkEvaluator

    init(host: ScriptHost, style: TerminalStyle, evaluator: ChunkEvaluator) {
        self.host = host
        self.style = style
        self.evaluator = evaluator
        unit = NavigationUnit(host: host, style: style)
        completion = CompletionSources(host: host)
    }

    var runtime: SwitchyardRuntime { host.runtime }

    func run(_ line: String) -> LineOutcome {
        InterruptSignal.describe("`\(line)`")
        let command: MetaCommand
        do {
            command = try MetaCommand(parsing: line)
        } catch {
            StandardError.write(style.red(error.description))
            return .next
        }
        // A person cannot tap behind an alert: a move is refused until it is answered.
        if command.isMoveBehindAlert, let alert = runtime.navigator.alert {
            StandardError.write(style.red(Self.refusal(line.split(whereSeparator: \.isWhitespace).joined(separator: " "), behind: alert)))
            return .next
        }
        var outcome = LineOutcome.next
        let call = (try? recording?.call(for: command, on: runtime.navigator)) ?? nil
        let unit = self.unit.asOneUnit {
            do {
                outcome = try execute(command)
                return true
            } catch {
                StandardError.write(style.red(ErrorReport.text(error, traceback: self.unit.tracing)))
                return false
            }
        }
        if case .load(let file) = command, !unit.succeeded {
            TerminalText.print(style.dim("rolled back: nothing of \(file) was kept; the navigator (at \(runtime.navigator.path)), globals, "
                            + "routes, invariants and :reload list are as before"))
        }
        // A route script loaded while recording declares what the later steps need, navigating or not.
        if let call, unit.succeeded {
            // A navigation a guard now holds (`:push` to a route waiting for nav.settle) is a step too.
            if case .load = command { record(call, navigated: unit.changed) } else if unit.changed || recording?.holdsOtherThan(runtime.navigator) == true {
                record(call, navigated: unit.changed)
            }
        }
        // `:time CODE` is CODE typed, timed: recorded as the line would be.
        if case .time(let code) = command, recording != nil, unit.succeeded { record(code, navigated: unit.changed, typed: true) }
        return outcome
    }

    /// "`:push /a`: the alert 'Delete?' is up, and nothing behind it can be tapped: :choose Cancel or
    /// :choose Delete (:dismiss chooses Cancel)"
    static func refusal(_ typed: String, behind alert: Alert) -> String {
        let choices = alert.labels.map { ":choose \($0)" }.joined(separator: " or ")
        let dismissal = alert.cancelButton.map { " (:dismiss chooses \($0.label))" } ?? ""
        return "\(typed): the alert '\(alert.title)' is up, and nothing behind it can be tapped: \(choices)\(dismissal)"
    }

    /// Runs a command; a Lua error, a navigation error or a file's error is reported by the caller.
    private func execute(_ command: MetaCommand) throws -> LineOutcome {
        switch command {
        case .help(nil): Pager.show(helpText)
        case .help(let name?): try printHelp(for: name)
        case .quit: return .quit
        case .routes: printRoutes()
        case .match(let path): try printMatch(path)
        case .explain(let path): try explain(path)
        case .explainAll(let path):
            // Validators run: under the budget, and Ctrl-C stops a slow one.
            let target = resolved(path)
            let explanation = try host.interruptible { () throws(LuaError) in runtime.routeTable.explain(target) }
            TerminalText.print(explanation.description)
            if let winner = explanation.winner, let sources = runtime.guardSources(of: runtime.routeTable[winner]) {
                TerminalText.print("  guarded by " + sources)
            }
        case .go(let path): try host.navigate { try $0.go(path) }
        case .push(let path): try host.navigate { try $0.push(path) }
        case .sheet(let path): try host.navigate { try $0.sheet(path) }
        case .cover(let path): try host.navigate { try $0.cover(path) }
        case .open(let url): try host.navigate { try $0.open(url) }
        case .pop(let count): try harmless("nothing to pop: already at the root of the stack") { try $0.pop(count) }
        case .dismiss: try host.navigate { try $0.dismiss() }
        case .back(let count): try harmless("nothing to go back to") { try $0.back(count) }
        case .forward(let count): try harmless("nothing to go forward to") { try $0.forward(count) }
        case .revalidate: try harmless("every guard still allows what is shown") { try $0.revalidate() }
        case .follow(let number): try follow(number)
        case .tab(let name): try host.navigate { navigator in
            if let number = Int(name) { try navigator.tab(number) } else { try navigator.tab(name) }
        }
        case .flow(let name): try host.navigate { try $0.startFlow(name) }
        case .next: try host.navigate { try $0.next() }
        case .choose(let label): try host.navigate { try $0.choose(label) }
        case .reset(let path): try host.navigate { try $0.reset(path) }
        case .step(let number): try runTourStep(number)
        case .steps: TerminalText.print(tour.listing())
        case .watch(nil): TerminalText.print(unit.watch.file.map { "watching: the map is redrawn to \($0) after every navigation" } ?? "not watching (:watch FILE.svg starts)")
        case .watch("off"?):
            TerminalText.print(unit.watch.file.map { "stopped watching \($0)" } ?? "not watching")
            unit.watch.file = nil
        case .record(let argument): try record(argument)
        case .watch(let file?):
            try checkWritable(file, ":watch")
            try unit.watch.draw(to: file)
            writtenFiles.wrote(file)
            unit.watch.file = file
            TerminalText.print("watching: \(file) is redrawn after every navigation (:watch off stops)")
        case .state:
            // The tree (with the matched chain of layouts), then what the loaders gave the screens
            // shown (docs/lifecycle.md).
            let tree = StateTreePrinter(style: style).render(NavigationSnapshot(runtime.navigator).showingMatchedChain(of: runtime.navigator))
            Pager.show(([tree] + (try loadedDataLines())).joined(separator: "\n"))
        case .history: printHistory()
        case .time(let code): try timeOnce(code)
        case .timeit(let code): try timeRepeatedly(code)
        case .lines(let count): Pager.show(inputLog?.listing(last: count ?? 20, style: style) ?? style.dim("(nothing typed yet)"))
        case .flows: printFlows()
        case .graph(let format, let file): try graph(format, file)
        case .check(let entries): TerminalText.print(CheckReportPrinter(style: style).render(try MapCheck.crawl(host, entries: entries)))
        case .walk(let runs, let seed): try walk(runs: runs, seed: seed)
        case .load(let file):
            // One unit, declarations included: a file that fails part-way keeps nothing.
            try host.interruptible { () throws(LuaError) in try runtime.loadAtomically(file: file) }
        case .reload: try reload()
        case .replacing(let command):
            replacingAllowed = true
            defer { replacingAllowed = false }
            return try execute(command)
        case .save(let file): try save(to: file)
        case .restore(let file): try restore(from: file)
        case .serve(let argument): try serve(argument)
        case .trace(let on):
            unit.setTracing(on)
            TerminalText.print("trace \(on ? "on: navigation events and Lua tracebacks are shown" : "off")")
            // The hooks every navigation runs, with where each was declared (docs/lifecycle.md).
            let hooks = runtime.navigator.hookDescriptions
            if on && !hooks.isEmpty { TerminalText.print(style.dim("hooks: " + TerminalText.escaped(hooks.joined(separator: "; ")))) }
            if on, let loaders = loaderDescriptions() { TerminalText.print(style.dim(TerminalText.escaped(loaders))) }
            let actions = runtime.navigator.actionDescriptions
            if on && !actions.isEmpty { TerminalText.print(style.dim("actions: " + TerminalText.escaped(actions.joined(separator: "; ")))) }
            let errorScreens = runtime.navigator.errorScreenDescriptions
            if on && !errorScreens.isEmpty {
                TerminalText.print(style.dim("error screens: " + TerminalText.escaped(errorScreens.joined(separator: "; "))))
            }
        }
        return .next
    }

    /// Runs an operation whose "nothing to do" answer is false, and says so instead of staying silent.
    private func harmless(_ message: String, _ operation: @escaping (Navigator) throws -> Bool) throws(LuaError) {
        var applied = true
        var held = false
        try host.navigate { navigator in
            let pending = navigator.pendingNavigation
            applied = try operation(navigator)
            // A leave guard holding it is not "nothing to do": the pending line says what waits.
            held = !applied && navigator.pendingNavigation != nil && navigator.pendingNavigation != pending
        }
        if !applied && !held { TerminalText.print(style.dim(message)) }
    }

    private func follow(_ number: Int) throws(LuaError) {
        guard let link = runtime.navigator.shownLink(number) else {
            let count = ScreenSnapshot(runtime.navigator).links.count
            throw LuaError(count == 0 ? "this screen declares no links" : ":follow \(number): this screen has links 1 to \(count)")
        }
        try host.navigate { try $0.push(link) }
    }
}

