import Switchyard
import SwitchyardTools

/// A REPL meta-command (the table in docs/repl.md), parsed from a line starting with ":".
///
///     try MetaCommand(parsing: ":go /album/1")     // .go("/album/1")
///     try MetaCommand(parsing: ":back 2")          // .back(2)
///     try MetaCommand(parsing: ":graph mermaid")   // .graph(.mermaid, nil)
///     try MetaCommand(parsing: ":graph map.mmd")   // .graph(.mermaid, "map.mmd"): the format from the name
enum MetaCommand: Equatable {
    case help(String?)
    case routes
    case match(String)
    case explain(String)
    /// `:explain! PATH`: every route in rank order, the full table.
    case explainAll(String)
    case go(String)
    case push(String)
    case sheet(String)
    case cover(String)
    case open(String)
    case pop(Int)
    case dismiss
    case back(Int)
    case forward(Int)
    case revalidate
    case follow(Int)
    case tab(String)
    case flow(String)
    case next
    case choose(String)
    case reset(String?)
    case step(Int?)
    case watch(String?)
    case record(String?)
    case steps
    case state
    case history
    case lines(Int?)
    case time(String)
    case timeit(String)
    case flows
    case graph(GraphFormat, String?)
    case check([String])
    /// `:walk [RUNS [SEED]]`: `switchyard walk` over the session's app, the navigator put back after.
    case walk(runs: Int?, seed: UInt64?)
    case load(String)
    case reload
    case save(String)
    case restore(String)
    case trace(Bool)
    /// `:serve`, `:serve PORT`, `:serve stop`: the live view in the browser (docs/live-view.md).
    case serve(String?)
    case quit
    /// `:save!`, `:graph!`, `:watch!`, `:record!`: the command, allowed to replace an existing file
    /// the session did not write (never a script it loaded).
    indirect case replacing(MetaCommand)

    /// The commands that write a file, and so take `!`.
    static let writing: Set<String> = [":save", ":graph", ":watch", ":record"]

    struct ParseError: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// Name, argument synopsis and one line of help, in the order `:help` lists them.
    static let catalogue: [(name: String, arguments: String, summary: String)] = [
        (":help", "[NAME]", "this list, or help for NAME: the Lua API, Lua's library, your functions (:help nav.push; ?NAME too)"),
        (":routes", "", "the route table in rank order"),
        (":match", "PATH", "the route PATH opens, with its parameters"),
        (":explain", "PATH", "the route PATH lands on, the near misses, and what its guard would do now"),
        (":explain!", "PATH", "every route for PATH in rank order, and why each won, lost or did not match"),
        (":go", "PATH", "change the location (replaces the top screen; a URL is refused: :open it)"),
        (":push", "PATH", "push a screen on the current stack"),
        (":sheet", "PATH", "present PATH as a sheet"),
        (":cover", "PATH", "present PATH as a full-screen cover"),
        (":open", "URL", "open a deep link (myapp://album/1?presentation=sheet)"),
        (":pop", "[N]", "pop N screens (default 1)"),
        (":dismiss", "", "dismiss what is on top: the alert (its Cancel), else the modal, else pop a screen or close the sheet or cover"),
        (":back", "[N]", "go back N steps in the timeline"),
        (":forward", "[N]", "go forward N steps in the timeline"),
        (":revalidate", "", "ask every shown screen's guards again; the first that blocks or redirects acts (nav.revalidate)"),
        (":follow", "N", "push link N of the screen shown (the top modal's, when one is up)"),
        (":tab", "NAME|N", "switch to a tab, by name or 1-based number"),
        (":flow", "NAME", "start a declared flow (its first step shows)"),
        (":next", "", "the next step of the running flow"),
        (":choose", "LABEL", "press an alert's button (its action runs)"),
        (":reset", "[PATH]", "start over at the start screen, or at PATH"),
        (":step", "[N]", "run step N of a paced tour (default: the next; Enter alone does too)"),
        (":steps", "", "the tour's steps, the next one marked"),
        (":state", "", "the navigation state as a tree"),
        (":history", "", "the timeline, oldest first"),
        (":time", "EXPR", "run EXPR once and say how long it took (its result and navigation stay)"),
        (":timeit", "EXPR", "run EXPR many times: the median time per run and the spread (navigation rolled back after each)"),
        (":lines", "[N]", "the last N lines typed (default 20), numbered from the input history; _N is what line N printed"),
        (":flows", "", "declared flows and their steps"),
        (":graph", "[dot|mermaid] [FILE]", "the navigation map (stdout, or FILE: .mmd is Mermaid, .png/.svg/.pdf/.jpg... via graphviz)"),
        (":check", "[PATH_OR_URL...]", "crawl the map for dead links, loops, callback errors and unreachable routes (also from the given entries)"),
        (":walk", "[RUNS [SEED]]", "walk the map at random as switchyard walk does (100 runs of 50 steps), checking the invariants; the navigator is put back after"),
        (":watch", "FILE|off", "redraw the map with the current screen to FILE (.svg/.png) after every navigation"),
        (":record", "FILE|stop", "write what you do from now on to FILE as a spec `switchyard test` runs; alone: whether recording is on"),
        (":load", "FILE", "run a route script"),
        (":reload", "", "forget everything and load the same files again"),
        (":save", "FILE", "write the navigation state as JSON"),
        (":restore", "FILE", "restore a state written by :save"),
        (":trace", "on|off", "print navigation events as they happen, each with its chain (guards, redirects), and Lua tracebacks"),
        (":serve", "[PORT]|stop", "show the navigation live in a browser (two links: one navigates, one only views); stop ends it"),
        (":quit", "", "leave (Ctrl-D does too)"),
    ]

    static var names: [String] { catalogue.map(\.name) }

    /// A move a person makes on the screen (a tap, a gesture, typing a location): none can be made
    /// behind an alert, so the REPL refuses these while one is up. `:choose`, `:dismiss`, `:reset`
    /// and `:restore` are not among them (they answer the alert, or start over).
    var isMoveBehindAlert: Bool {
        switch self {
        case .go, .push, .sheet, .cover, .open, .pop, .back, .forward, .follow, .tab, .flow, .next: true
        default: false
        }
    }

    init(parsing line: String) throws(ParseError) {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        let name = words.first ?? ":"
        let rest = words.dropFirst()
        let argument = rest.isEmpty ? nil : rest.joined(separator: " ")
        if name.hasSuffix("!"), Self.writing.contains(String(name.dropLast())) {
            self = .replacing(try MetaCommand(parsing: String(name.dropLast()) + " " + rest.joined(separator: " ")))
            return
        }
        switch name {
        case ":help", ":h", ":?": self = .help(argument)
        case ":routes": self = .routes
        case ":match": self = .match(try Self.required(argument, name))
        case ":explain": self = .explain(try Self.required(argument, name))
        case ":explain!": self = .explainAll(try Self.required(argument, name))
        case ":go": self = .go(try Self.required(argument, name))
        case ":push": self = .push(try Self.required(argument, name))
        case ":sheet": self = .sheet(try Self.required(argument, name))
        case ":cover": self = .cover(try Self.required(argument, name))
        case ":open": self = .open(try Self.required(argument, name))
        case ":pop": self = .pop(try Self.count(argument, name))
        case ":dismiss": self = .dismiss
        case ":back": self = .back(try Self.count(argument, name))
        case ":forward": self = .forward(try Self.count(argument, name))
        case ":revalidate": self = .revalidate
        case ":follow": self = .follow(try Self.number(argument, name))
        case ":tab": self = .tab(try Self.required(argument, name))
        case ":flow": self = .flow(try Self.required(argument, name))
        case ":next": self = .next
        case ":choose": self = .choose(try Self.required(argument, name))   // a label may have spaces
        case ":reset": self = .reset(argument)
        case ":step": self = .step(argument == nil ? nil : try Self.number(argument, name))
        case ":steps": self = .steps
        case ":watch": self = .watch(argument)
        case ":record": self = .record(argument)
        case ":state": self = .state
        case ":history": self = .history
        case ":time": self = .time(try Self.code(line, name))
        case ":timeit": self = .timeit(try Self.code(line, name))
        case ":lines": self = .lines(argument == nil ? nil : try Self.number(argument, name))
        case ":flows": self = .flows
        case ":graph": self = try Self.graph(Array(rest))
        case ":check": self = .check(Array(rest))
        case ":walk": self = try Self.walk(Array(rest))
        case ":load": self = .load(try Self.required(argument, name))
        case ":reload": self = .reload
        case ":save": self = .save(try Self.required(argument, name))
        case ":restore": self = .restore(try Self.required(argument, name))
        case ":trace": self = .trace(try Self.switchValue(argument))
        case ":serve": self = .serve(argument)
        case ":quit", ":q", ":exit": self = .quit
        default: throw Self.unknown(name)
        }
    }

    private static func required(_ argument: String?, _ name: String) throws(ParseError) -> String {
        guard let argument else {
            let synopsis = catalogue.first { $0.name == name }?.arguments ?? "an argument"
            throw ParseError(description: "\(name) needs \(synopsis) (see :help)")
        }
        return argument
    }

    /// The rest of the line as typed (spaces inside strings kept), for commands that take Lua.
    private static func code(_ line: String, _ name: String) throws(ParseError) -> String {
        let rest = line.drop(while: \.isWhitespace).dropFirst(name.count).drop(while: \.isWhitespace)
        guard !rest.isEmpty else { throw ParseError(description: "\(name) needs EXPR, Lua to run (\(name) nav.push(\"/a\"))") }
        return String(rest)
    }

    private static func count(_ argument: String?, _ name: String) throws(ParseError) -> Int {
        guard let argument else { return 1 }
        return try number(argument, name)
    }

    private static func number(_ argument: String?, _ name: String) throws(ParseError) -> Int {
        let text = try required(argument, name)
        guard let value = Int(text), value > 0 else {
            throw ParseError(description: "\(name) takes a positive number, not \"\(text)\"")
        }
        return value
    }

    private static func walk(_ words: [String]) throws(ParseError) -> MetaCommand {
        guard words.count <= 2 else { throw ParseError(description: ":walk takes [RUNS [SEED]], e.g. :walk 20 or :walk 20 42") }
        let runs = words.isEmpty ? nil : try number(words[0], ":walk")
        guard words.count == 2 else { return .walk(runs: runs, seed: nil) }
        guard let seed = UInt64(words[1]) else { throw ParseError(description: ":walk's seed is a whole number, not \"\(words[1])\"") }
        return .walk(runs: runs, seed: seed)
    }

    private static func switchValue(_ argument: String?) throws(ParseError) -> Bool {
        switch argument {
        case "on": return true
        case "off": return false
        default: throw ParseError(description: ":trace takes on or off")
        }
    }

    private static func graph(_ words: [String]) throws(ParseError) -> MetaCommand {
        let usage = ":graph takes [dot|mermaid] [FILE]"
        guard let first = words.first else { return .graph(.dot, nil) }
        if let format = GraphFormat(rawValue: first) {
            guard words.count <= 2 else { throw ParseError(description: usage) }
            return .graph(format, words.count == 2 ? words[1] : nil)
        }
        if GraphvizRenderer.imageTypes.contains(first.lowercased()) {
            throw ParseError(description: ":graph \(first) needs a file name to render to, e.g. :graph map.\(first)")
        }
        guard words.count == 1 else { throw ParseError(description: "\(usage), not \"\(first)\"") }
        return .graph(GraphFormat(forFile: first), first)
    }

    private static func unknown(_ name: String) -> ParseError {
        let close = names.filter { candidate in
            candidate.hasPrefix(name) || EditDistance.between(Array(candidate), Array(name)) <= 2
        }
        let hint = close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)"
        return ParseError(description: "unknown command \(name)\(hint); :help lists them")
    }
}
