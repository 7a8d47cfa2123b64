import Switchyard
import SwitchyardLua
import SwitchyardTools

/// The meta-commands that only look: `:help`, `:routes`, `:match`, `:explain`, `:history`, `:flows`.
extension MetaCommands {
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

    func printHelp(for name: String) throws(LuaError) {
        if name.hasPrefix(":"), let command = MetaCommand.catalogue.first(where: { $0.name == name }) {
            return TerminalText.print("\(style.bold(command.name)) \(command.arguments)\n  \(command.summary)")
        }
        if name.hasPrefix(":") {
            let hint = TypoSuggestion.hint(for: name, among: MetaCommand.names)
            throw LuaError(":help \(TerminalText.escaped(name)): no such command\(hint); :help lists them")
        }
        TerminalText.print(try host.interruptible { () throws(LuaError) in try APIHelp(style: style).text(forName: name, in: host.engine) })
    }

    func printRoutes() {
        let listing = RouteListPrinter(style: style).render(RouteCatalogue.listings(runtime))
        Pager.show(RouteCatalogue.tabsLine(runtime).map { listing + "\n" + $0 } ?? listing)
    }

    func printMatch(_ path: String) throws(LuaError) {
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
    func text(ofValidated value: Any) throws(LuaError) -> String {
        guard let value = value as? LuaValue else { return String(describing: value) }
        let indent = String(repeating: " ", count: 12)
        let rendered = try host.interruptible { () throws(LuaError) in
            try evaluator.render(value, width: max(20, TerminalWidth.current - indent.count))
        }
        return rendered.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
    }

    func pairs(_ values: [String: String]) -> String {
        values.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value.debugDescription)" }.joined(separator: ", ")
    }

    /// `:explain PATH`: the route that wins, the routes that came close (their pattern matched but a
    /// validator or the ranking said no), and what the winner's redirect or guard would answer now;
    /// `:explain!` gives every route.
    func explain(_ path: String) throws {
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
            let layouts = runtime.routeTable[winner.route].layouts
            if !layouts.isEmpty {
                lines.append("  matched   " + TerminalText.escaped(RouteLayout.chainText(layouts, route: winner.pattern)))
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
    func wouldDo(_ step: ChainStep) -> String {
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

    func printHistory() {
        let navigator = runtime.navigator
        Pager.show(navigator.history.enumerated().map { index, entry in
            let marker = index == navigator.historyIndex ? style.bold("→") : " "
            return "\(marker) \(String(index + 1).leftPadded(to: 3))  \(entry.operation.rawValue.padded(to: 16)) \(entry.location)"
        }.joined(separator: "\n"))
    }

    func printFlows() {
        guard !runtime.flows.isEmpty else { return TerminalText.print("(no flows declared)") }
        for name in runtime.flows.keys.sorted() {
            TerminalText.print("\(style.bold(name)): " + runtime.flows[name]!.map(FlowText.step).joined(separator: " › "))
        }
    }

    func resolved(_ path: String) -> String {
        PathResolver.resolve(path, against: runtime.navigator.path)
    }
}

private extension String {
    func padded(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
