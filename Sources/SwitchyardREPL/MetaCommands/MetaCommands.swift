import Switchyard
import SwitchyardLua

/// Runs the REPL's meta-commands against the runtime, shows what navigation did (the screen and
/// the state tree), and owns TAB completion's view of routes and Lua names.
final class MetaCommands {
    let host: ScriptHost
    let style: TerminalStyle
    private(set) var tracing = false
    /// The steps a teaching script declared with `step`, if any.
    private var tour: Tour { host.tour }
    /// Where `:watch` redraws the map after every navigation.
    private var watchFile: String?
    /// What `:save`, `:graph`, `:watch` and `:record` wrote, and whether they may write a file now.
    private var writtenFiles = SessionWrittenFiles()
    /// Set while a `!` command runs: it may replace a file the session did not write.
    private var replacingAllowed = false
    /// What was typed, for `:lines` (the REPL sets it).
    var inputLog: InputLog?
    /// The live view in the browser, while `:serve` runs it (MetaCommands+LiveView.swift).
    var liveView: LiveViewSession?
    /// Where `:record` writes what the person does, while it is on.
    private(set) var recording: SessionRecording?
    private lazy var trace = NavigationTrace(style: style)
    private(set) lazy var completer: LineCompleter = makeCompleter()
    private lazy var fields: LuaFieldLister? = try? LuaFieldLister(engine: host.engine, beforeListing: host.buildScenarioLibraries)
    private var pathCompletion: (routeCount: Int, navigator: ObjectIdentifier, completer: RoutePathCompleter)?

    /// Renders Lua values as the REPL prints results (`:match` shows a validator's value with it).
    let evaluator: ChunkEvaluator

    init(host: ScriptHost, style: TerminalStyle, evaluator: ChunkEvaluator) {
        self.host = host
        self.style = style
        self.evaluator = evaluator
    }

    var runtime: SwitchyardRuntime { host.runtime }

    func run(_ line: String) -> REPL.Outcome {
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
        var outcome = REPL.Outcome.next
        let call = (try? recording?.call(for: command, on: runtime.navigator)) ?? nil
        let unit = asOneUnit {
            do {
                outcome = try execute(command)
                return true
            } catch {
                StandardError.write(style.red(ErrorReport.text(error, traceback: tracing)))
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

    /// Adds a step to the recording; a file that cannot be written stops it, loudly.
    func record(_ code: String, navigated: Bool, typed: Bool = false) {
        guard let recording else { return }
        do {
            if typed {
                try recording.record(chunk: code, navigated: navigated, navigator: runtime.navigator)
            } else {
                try recording.record(code, navigated: navigated, navigator: runtime.navigator)
            }
        } catch {
            StandardError.write(style.red(":record: \(error); recording stopped"))
            self.recording = nil
        }
    }

    /// `:record`, `:record FILE`, `:record stop`.
    private func record(_ argument: String?) throws {
        switch argument {
        case nil:
            TerminalText.print(recording.map { "recording to \($0.file) (:record stop ends it)" } ?? "not recording (:record FILE starts)")
        case "stop"?:
            TerminalText.print(recording.map { "stopped recording; \($0.file) is complete: switchyard test \($0.file)" } ?? "not recording")
            recording = nil
        case let file?:
            try checkWritable(file, ":record")
            recording = try SessionRecording(file: file, runtime: runtime)
            writtenFiles.wrote(file)
            TerminalText.print("recording to \(file): each navigation and what it showed (:record stop ends it)")
        }
    }

    /// How a line typed at the prompt went: whether it ran without error, and whether the navigation
    /// state changed because of it.
    struct UnitOutcome {
        let succeeded: Bool
        let changed: Bool
    }

    /// Runs one line typed at the prompt as one unit: when `body` fails (returns false) after it
    /// changed the navigator, the navigator is put back as it was before the line, and the person is
    /// told. Then, if the state changed after all, prints the new screen and state tree; if a guard
    /// holds what the line asked for, says so.
    @discardableResult
    func asOneUnit(_ body: () -> Bool) -> UnitOutcome {
        let navigator = runtime.navigator
        if tracing { trace.follow(navigator) }
        let before = navigator.state
        let entries = navigator.history.count
        let index = navigator.historyIndex
        let checkpoint = navigator.checkpoint()
        let pending = navigator.pendingNavigation
        let succeeded = body()
        if !succeeded, runtime.navigator === navigator, navigator.hasChanged(since: checkpoint) {
            do {
                try navigator.rollBack(to: checkpoint)
                TerminalText.print(style.dim("rolled back: the navigator is where it was before this line (\(navigator.path))"))
            } catch {
                StandardError.write(style.red("could not roll back: \(error)"))
            }
        }
        let after = runtime.navigator
        guard after !== navigator || after.state != before || after.history.count != entries
                || after.historyIndex != index else {
            if let held = after.pendingNavigation, held != pending {
                TerminalText.print(StateTreePrinter(style: style).line(for: NavigationSnapshot.Pending(held)))
            }
            return UnitOutcome(succeeded: succeeded, changed: false)
        }
        showScreenAndState()
        tellWhatTheChainDid(after.lastAction)
        warnOfBrokenInvariants()
        if let watchFile {
            do { try drawMap(to: watchFile) } catch { StandardError.write(style.red(":watch: \(error)")) }
        }
        liveView?.publish(host)
        return UnitOutcome(succeeded: succeeded, changed: succeeded)
    }

    /// "`:push /a`: the alert 'Delete?' is up, and nothing behind it can be tapped: :choose Cancel or
    /// :choose Delete (:dismiss chooses Cancel)"
    static func refusal(_ typed: String, behind alert: Alert) -> String {
        let choices = alert.labels.map { ":choose \($0)" }.joined(separator: " or ")
        let dismissal = alert.cancelButton.map { " (:dismiss chooses \($0.label))" } ?? ""
        return "\(typed): the alert '\(alert.title)' is up, and nothing behind it can be tapped: \(choices)\(dismissal)"
    }

    /// After a navigation that landed somewhere other than asked (a guard or a route's redirect sent
    /// it on), or threw an alert away unanswered, one line for each such step: the screen alone would
    /// not say why.
    private func tellWhatTheChainDid(_ action: NavigationEvent?) {
        guard let action else { return }
        for step in action.chain {
            switch step {
            case .guarded(let route?, _, .redirect) where runtime.guardSources(of: runtime.routeTable[route]) != nil:
                // A group's guard answers under the route's name: say whose guards were asked.
                let sources = runtime.guardSources(of: runtime.routeTable[route]) ?? ""
                TerminalText.print(style.yellow(step.text(runtime.routeTable) + " (guards: \(sources))"))
            case .redirected, .guarded(_, _, .redirect), .droppedAlert:
                TerminalText.print(style.yellow(step.text(runtime.routeTable)))
            default: continue
            }
        }
    }

    /// After a navigation: each `invariant` the new state breaks, as a warning (the navigation stands:
    /// the person is exploring, and may want to see the broken state).
    private func warnOfBrokenInvariants() {
        guard !runtime.invariants.isEmpty else { return }
        let violations = (try? host.interruptible { () throws(LuaError) in runtime.checkInvariants() }) ?? []
        for violation in violations {
            let site = violation.site.map { " (declared at \($0))" } ?? ""
            StandardError.write(style.yellow("warning: \(violation)\(site)"))
        }
    }

    /// The map with the navigator's state over it, to a file (an image through graphviz); Ctrl-C
    /// stops the link functions and titles it runs, and then nothing is written.
    private func drawMap(to file: String) throws {
        let format = GraphFormat(forFile: file)
        let text = format.document(for: try GraphExport.map(host, showingState: true))
        try GraphOutput.write(text, format: format, to: file)
    }

    func announceTour() {
        if let text = tour.announcement() { TerminalText.print(style.dim(text)) }
    }

    func runNextTourStep() {
        guard tour.paced, tour.next < tour.steps.count else { return }
        asOneUnit {
            do {
                try runTourStep(nil)
                return true
            } catch {
                StandardError.write(style.red(ErrorReport.text(error, traceback: tracing)))
                return false
            }
        }
    }

    private func runTourStep(_ number: Int?) throws(LuaError) {
        _ = try host.interruptible { () throws(LuaError) in try tour.run(number, in: host.engine) }
    }

    func showScreenAndState() {
        TerminalText.print(ScreenPrinter(style: style).render(ScreenSnapshot(runtime.navigator)))
        TerminalText.print(StateTreePrinter(style: style).render(NavigationSnapshot(runtime.navigator)))
    }

    /// Runs a command; a Lua error, a navigation error or a file's error is reported by the caller.
    private func execute(_ command: MetaCommand) throws -> REPL.Outcome {
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
        case .watch(nil): TerminalText.print(watchFile.map { "watching: the map is redrawn to \($0) after every navigation" } ?? "not watching (:watch FILE.svg starts)")
        case .watch("off"?):
            TerminalText.print(watchFile == nil ? "not watching" : "stopped watching \(watchFile!)")
            watchFile = nil
        case .record(let argument): try record(argument)
        case .watch(let file?):
            try checkWritable(file, ":watch")
            try drawMap(to: file)
            writtenFiles.wrote(file)
            watchFile = file
            TerminalText.print("watching: \(file) is redrawn after every navigation (:watch off stops)")
        case .state: Pager.show(StateTreePrinter(style: style).render(NavigationSnapshot(runtime.navigator)))
        case .history: printHistory()
        case .time(let code): try timeOnce(code)
        case .timeit(let code): try timeRepeatedly(code)
        case .lines(let count): Pager.show(inputLog?.listing(last: count ?? 20, style: style) ?? style.dim("(nothing typed yet)"))
        case .flows: printFlows()
        case .graph(let format, let file): try graph(format, file)
        case .check(let entries): TerminalText.print(CheckReportPrinter(style: style).render(try MapCheck.crawl(host, entries: entries)))
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
            tracing = on
            if on { trace.follow(runtime.navigator) } else { trace.stop() }
            TerminalText.print("trace \(on ? "on: navigation events and Lua tracebacks are shown" : "off")")
        }
        return .next
    }

    /// Runs an operation whose "nothing to do" answer is false, and says so instead of staying silent.
    private func harmless(_ message: String, _ operation: @escaping (Navigator) throws -> Bool) throws(LuaError) {
        var applied = true
        try host.navigate { applied = try operation($0) }
        if !applied { TerminalText.print(style.dim(message)) }
    }

    /// `:explain PATH`: the route that wins, the routes that came close (their pattern matched but a
    /// validator or the ranking said no), and what the winner's redirect or guard would answer now;
    /// `:explain!` gives every route.
    private func explain(_ path: String) throws {
        let target = resolved(path)
        // Validators and the guard run: under the budget, and Ctrl-C stops a slow one.
        let explanation = try host.interruptible { () throws(LuaError) in runtime.routeTable.explain(target) }
        var lines = ["explain \(explanation.path)"]
        let matched = explanation.entries.filter(\.patternMatched)
        if let winner = explanation.entries.first(where: { $0.outcome == .won }) {
            let site = runtime.routeTable[winner.route].site.map { "  " + style.dim("(declared at \($0))") } ?? ""
            lines.append("  wins      \(style.bold(winner.pattern))\(site)")
            if let sources = runtime.guardSources(of: runtime.routeTable[winner.route]) {
                lines.append("  guarded by " + sources)
            }
        } else {
            lines.append("  wins      nothing: " + (runtime.navigator.notFound == nil ? "no route matches (an error)" : "the not-found route shows"))
        }
        let misses = matched.filter { $0.outcome != .won }
        for miss in misses {
            lines.append("  near miss \(miss.pattern)  \(style.dim(explanation.text(of: miss.outcome)))")
        }
        if explanation.winner != nil {
            var asked: ChainStep?
            try host.navigate { navigator in asked = try navigator.askRoute(of: target) }
            if let asked {
                lines.append("  now       " + wouldDo(asked))
            } else {
                lines.append("  now       " + style.dim("no guard or redirect: it lands as asked"))
            }
        }
        let others = explanation.entries.count - matched.count
        if others > 0 { lines.append(style.dim("  (\(others) other route\(others == 1 ? "" : "s") did not match: :explain! \(path) lists every route)")) }
        TerminalText.print(lines.joined(separator: "\n"))
    }

    /// What a route would do, asked now: "guard at app.lua:31 would redirect to /login?next=%2Faccount".
    private func wouldDo(_ step: ChainStep) -> String {
        switch step {
        case let .redirected(route, _, to):
            return "\(ChainStep.subject("redirect", route, runtime.routeTable)) would send it to \(to)"
        case let .guarded(route, _, decision):
            let subject = ChainStep.subject("guard", route, runtime.routeTable)
            switch decision {
            case .allow: return "\(subject) would allow it"
            case .block: return "\(subject) would block it (the navigation fails and changes nothing)"
            case let .redirect(to): return "\(subject) would redirect to \(to)"
            case let .pending(key): return "\(subject) would hold it pending \"\(key)\" (nav.settle)"
            }
        default:
            return step.text(runtime.routeTable)
        }
    }

    private func printHelp(for name: String) throws(LuaError) {
        if name.hasPrefix(":"), let command = MetaCommand.catalogue.first(where: { $0.name == name }) {
            return TerminalText.print("\(style.bold(command.name)) \(command.arguments)\n  \(command.summary)")
        }
        if name.hasPrefix(":") {
            let hint = TypoSuggestion.hint(for: name, among: MetaCommand.names)
            throw LuaError(":help \(TerminalText.escaped(name)): no such command\(hint); :help lists them")
        }
        TerminalText.print(try host.interruptible { () throws(LuaError) in try APIHelp(style: style).text(forName: name, in: host.engine) })
    }

    private func resolved(_ path: String) -> String {
        PathResolver.resolve(path, against: runtime.navigator.path)
    }

    private func printRoutes() {
        let listing = RouteListPrinter(style: style).render(RouteCatalogue.listings(runtime))
        Pager.show(RouteCatalogue.tabsLine(runtime).map { listing + "\n" + $0 } ?? listing)
    }

    private func printMatch(_ path: String) throws(LuaError) {
        let target = resolved(path)
        let match: RouteMatch<RouteDefinition>?
        do {
            match = try host.interruptible { () throws(LuaError) in
                do { return try runtime.routeTable.match(target) } catch { throw LuaError(bridging: error) }
            }
        }
        guard let match else {
            // A pattern that matched but whose validator said no is the likelier surprise than a
            // typo: name those routes rather than the nearest ones.
            let explanation = try host.interruptible { () throws(LuaError) in runtime.routeTable.explain(target) }
            let rejecting = explanation.entries.filter {
                if case .mismatch = $0.outcome { return true }
                return $0.outcome == .rejectedByValidator
            }.map(\.pattern)
            if !rejecting.isEmpty {
                let routes = rejecting.joined(separator: ", ")
                TerminalText.print("no route matches \(target): the validator of \(routes) rejected it (:explain \(target) says more)")
                return
            }
            let nearest = runtime.routeTable.suggestions(for: target).map(\.pattern.text)
            let hint = nearest.isEmpty ? "" : " (nearest: \(nearest.joined(separator: ", ")))"
            TerminalText.print("no route matches \(target)\(hint)")
            return
        }
        var lines = [style.bold(match.route.pattern.text) + (match.route.name.map { "  name: \($0)" } ?? "")]
        lines.append("  path      \(match.info.path)")
        if !match.info.params.isEmpty { lines.append("  params    " + pairs(match.info.params.dictionary)) }
        if !match.info.query.isEmpty { lines.append("  query     " + pairs(match.info.query)) }
        if let fragment = match.info.fragment { lines.append("  fragment  \(fragment)") }
        if let value = match.info.value { lines.append("  value     " + (try text(ofValidated: value))) }
        if let site = match.route.site { lines.append(style.dim("  declared at \(site)")) }
        TerminalText.print(lines.joined(separator: "\n"))
    }

    /// A validator's value as the REPL prints results, its lines indented under the label.
    private func text(ofValidated value: Any) throws(LuaError) -> String {
        guard let value = value as? LuaValue else { return String(describing: value) }
        let indent = String(repeating: " ", count: 12)
        let rendered = try host.interruptible { () throws(LuaError) in
            try evaluator.render(value, width: max(20, TerminalWidth.current - indent.count))
        }
        return rendered.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
    }

    private func pairs(_ values: [String: String]) -> String {
        values.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value.debugDescription)" }.joined(separator: ", ")
    }

    private func follow(_ number: Int) throws(LuaError) {
        guard let link = runtime.navigator.shownLink(number) else {
            let count = ScreenSnapshot(runtime.navigator).links.count
            throw LuaError(count == 0 ? "this screen declares no links" : ":follow \(number): this screen has links 1 to \(count)")
        }
        try host.navigate { try $0.push(link) }
    }

    private func printHistory() {
        let navigator = runtime.navigator
        Pager.show(navigator.history.enumerated().map { index, entry in
            let marker = index == navigator.historyIndex ? style.bold("→") : " "
            return "\(marker) \(String(index + 1).leftPadded(to: 3))  \(entry.operation.rawValue.padded(to: 16)) \(entry.location)"
        }.joined(separator: "\n"))
    }

    private func printFlows() {
        guard !runtime.flows.isEmpty else { return TerminalText.print("(no flows declared)") }
        for name in runtime.flows.keys.sorted() {
            TerminalText.print("\(style.bold(name)): " + runtime.flows[name]!.map(FlowText.step).joined(separator: " › "))
        }
    }

    private func graph(_ format: GraphFormat, _ file: String?) throws {
        let text = format.document(for: try GraphExport.map(host))
        guard let file else { return TerminalText.print(text, terminator: "") }
        try checkWritable(file, ":graph")
        try GraphOutput.write(text, format: format, to: file)
        writtenFiles.wrote(file)
        TerminalText.print("wrote \(file)")
    }

    /// Refuses a write that would overwrite a loaded script, or an existing file this session did not
    /// write unless the command had `!` (issue 31.8).
    private func checkWritable(_ file: String, _ command: String) throws(SessionWrittenFiles.Refusal) {
        try writtenFiles.check(file, command: command, loaded: runtime.loadedFiles, replacing: replacingAllowed)
    }

    private func reload() throws(LuaError) {
        tour.forgetSteps()
        defer { announceTour() }
        try host.interruptible { () throws(LuaError) in try runtime.reload() }
        pathCompletion = nil
        TerminalText.print("reloaded \(runtime.loadedFiles.joined(separator: ", ")): \(runtime.routeTable.count) routes")
    }

    private func save(to file: String) throws {
        let json = try runtime.navigator.save(indented: true) + "\n"
        try checkWritable(file, ":save")
        try TextFile.write(json, to: file)
        writtenFiles.wrote(file)
        TerminalText.print("saved the navigation state to \(file)")
    }

    private func restore(from file: String) throws {
        let json = try TextFile.read(file)
        try host.navigate { try $0.restore(json) }
    }

    var helpText: String {
        let width = MetaCommand.catalogue.map { $0.name.count + $0.arguments.count + 1 }.max() ?? 0
        let lines = MetaCommand.catalogue.map { entry in
            let head = entry.arguments.isEmpty ? entry.name : entry.name + " " + entry.arguments
            return "  " + style.cyan(head) + String(repeating: " ", count: width - head.count + 2) + entry.summary
        }
        return (["Lua input runs as in `lua` (expressions print their values). Meta-commands:"] + lines
                + [":save, :graph, :watch and :record never overwrite a loaded script; ending one in ! (:save! FILE) lets it "
                   + "replace a file this session did not write.",
                   "TAB completes commands, route paths, Lua names and files. Ctrl-C cancels, Ctrl-D quits."])
            .joined(separator: "\n")
    }

    private func makeCompleter() -> LineCompleter {
        var completer = LineCompleter(metaCommands: MetaCommand.names)
        completer.routes = { [unowned self] in routePaths() }
        completer.visitedPaths = { [unowned self] in visitedPaths() }
        completer.luaFields = { [unowned self] chain in luaFields(chain) }
        completer.tabNames = { [unowned self] in runtime.tabs.map(Navigator.tabName) }
        completer.flowNames = { [unowned self] in runtime.flows.keys.sorted() }
        completer.alertButtons = { [unowned self] in runtime.navigator.state.alert?.labels ?? [] }
        return completer
    }

    /// Builds the route-path trie now, so the first TAB over a large table answers at once.
    func prepareCompletion() {
        _ = routePaths()
    }

    /// Rebuilt only when routes were added or the navigator was replaced (`:reload`).
    private func routePaths() -> RoutePathCompleter {
        let table = runtime.routeTable
        let identity = ObjectIdentifier(runtime.navigator)
        if let cached = pathCompletion, cached.routeCount == table.count, cached.navigator == identity {
            return cached.completer
        }
        let completer = RoutePathCompleter(table)
        pathCompletion = (table.count, identity, completer)
        return completer
    }

    /// Paths of the timeline, most recent first, each once.
    private func visitedPaths() -> [String] {
        var seen: Set<String> = []
        return runtime.navigator.history.reversed().map(\.state.screen.path).filter { seen.insert($0).inserted }
    }

    private func luaFields(_ chain: [String]) -> [String] {
        var names = fields?.keys(chain) ?? []
        if chain == ["nav"] {
            names += runtime.navFieldNames + runtime.navOperationNames
        }
        return Array(Set(names))
    }
}

private extension String {
    func padded(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
