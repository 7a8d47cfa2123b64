import Switchyard

/// Lua options of `route`/`not_found` turned into the navigator's Swift callbacks. Each call goes
/// through `lua_pcall`; a Lua error comes back as a `LuaError` carrying the script's file:line,
/// and the navigator's transaction undoes whatever was under way.
struct RouteCallbacks {
    /// The route as error messages name it ("/album/:id" or "the not-found route") and where it was
    /// declared.
    let subject: String
    let site: String?
    let mismatches: MismatchSignal
    /// Where guard and validator outcomes go when coverage is recorded; nil for the not-found route,
    /// which coverage does not count as a route.
    var outcomes: CallbackOutcomes? = nil

    /// "app.lua:3: guard of /admin returned a table value; expected ..."
    func misuse(_ text: String) -> LuaError {
        LuaError.located((site.map { $0 + ": " } ?? "") + text)
    }

    /// `function(info [, second])`'s first result: a leave guard also gets the destination's info.
    /// (Not variadic: every validator, title and guard call goes through here, and a variadic list is
    /// an array allocated a call.)
    static func call(_ function: LuaFunction, with info: RouteInfo, _ second: RouteInfo? = nil) throws(LuaError) -> LuaValue {
        let state = function.state
        return try state.call(function) { (L) throws(LuaError) -> Int32 in
            try state.push(info: info, on: L)
            guard let second else { return 1 }
            try state.push(info: second, on: L)
            return 2
        }.first ?? .nil
    }

    /// `title`/`view`: a string (or number), or a function of info returning one.
    func text(_ value: LuaValue, option: String) throws(LuaError) -> RouteText? {
        switch value {
        case .nil: return nil
        case .string(let text): return .fixed(text.string)
        case .integer, .number: return .fixed(value.description)
        case .function(let function):
            return .computed { info in
                let result = try RouteCallbacks.call(function, with: info)
                switch result {
                case .string(let text): return text.string
                case .integer, .number: return result.description
                default:
                    throw self.misuse("\(option) of \(self.subject) returned a \(result.typeName) value; expected a string")
                }
            }
        default:
            throw misuse("option '\(option)' of \(subject) must be a string or a function, got \(value.typeName)")
        }
    }

    /// The function an option names: nil when absent; a function or a callable table (a spy).
    private func function(_ value: LuaValue, option: String) throws(LuaError) -> LuaFunction? {
        if value == .nil { return nil }
        guard let function = value.callableValue else {
            throw misuse("option '\(option)' of \(subject) must be a function, got \(value.typeName)")
        }
        return function
    }

    /// `validate`: nil/false rejects the match (the next candidate is tried), and so does `mismatch()`
    /// raised in it (with a reason for `explain`); anything else accepts and becomes `info.value`.
    func validator(_ value: LuaValue) throws(LuaError) -> RouteValidator? {
        guard let function = try function(value, option: "validate") else { return nil }
        return { [mismatches, outcomes, subject, site] info in
            let result: LuaValue
            do {
                result = try mismatches.hearing { () throws(LuaError) in try RouteCallbacks.call(function, with: info) }
            } catch let mismatch as RouteMismatch {
                outcomes?.recorder?.validated(accepted: false, site: site, pattern: subject)
                throw mismatch
            } catch {
                // A script's error (not a budget or an interrupt): the landing shows this
                // candidate's error screen in its place, when one catches it.
                guard RouteCallbacks.landingFailure(error, route: subject) != nil else { throw error }
                throw ValidatorRaised(info: info, error: error)
            }
            outcomes?.recorder?.validated(accepted: result.isTruthy, site: site, pattern: subject)
            guard result.isTruthy else { return nil as Any? }  // a bare nil here would box as Optional<LuaValue>
            return result
        }
    }

    /// `guard`: nil/true allow, false blocks, a string redirects, `nav.pending(key)` waits.
    func guardian(_ value: LuaValue) throws(LuaError) -> ((RouteInfo) throws -> GuardDecision)? {
        guard let function = try function(value, option: "guard") else { return nil }
        return { info in
            let answer = try RouteCallbacks.call(function, with: info)
            guard let decision = PendingGuards.decision(answer) else {
                throw self.misuse("guard of \(self.subject) returned a \(answer.typeName) value; expected nil, true, false, a path or nav.pending(key)")
            }
            self.outcomes?.recorder?.guardDecided(decision, site: self.site, pattern: self.subject)
            return decision
        }
    }

    /// Guards asked in order (a group's, outer first, then the route's own): the first that does not
    /// allow decides. The one decision is what coverage records for the route.
    func guardChain(_ guards: [(RouteInfo) throws -> GuardDecision]) -> (RouteInfo) throws -> GuardDecision {
        return { info in
            var decision = GuardDecision.allow
            for guardian in guards {
                decision = try guardian(info)
                if decision != .allow { break }
            }
            self.outcomes?.recorder?.guardDecided(decision, site: self.site, pattern: self.subject)
            return decision
        }
    }

    /// `leave`: `function(info, to)` asked before a screen of the route is removed; false blocks,
    /// nil/true allow, `nav.pending(key)` holds the operation until `nav.settle(key, true/false)`.
    func leaveGuard(_ value: LuaValue) throws(LuaError) -> ((RouteInfo, RouteInfo) throws -> Bool)? {
        guard let function = try function(value, option: "leave") else { return nil }
        return { leaving, destination in
            switch try RouteCallbacks.call(function, with: leaving, destination) {
            case .nil, .boolean(true): return true
            case .boolean(false): return false
            case .userdata(let userdata) where userdata.object is PendingGuards.Marker:
                throw LeaveHold(key: (userdata.object as! PendingGuards.Marker).key)
            case let other:
                throw self.misuse("leave guard of \(self.subject) returned a \(other.typeName) value; expected nil, true, false or nav.pending(key)")
            }
        }
    }

    /// `load`: `function(info)` asked after the guards allow a landing; what it returns is the
    /// screen's `info.data`, `nav.pending(key)` holds the operation until `nav.settle(key, data)`.
    func loader(_ value: LuaValue) throws(LuaError) -> ((RouteInfo) throws -> LoadAnswer)? {
        guard let function = try function(value, option: "load") else { return nil }
        return { info in
            switch try RouteCallbacks.call(function, with: info) {
            case .nil: return .data(nil)
            case .userdata(let userdata) where userdata.object is PendingGuards.Marker:
                return .pending((userdata.object as! PendingGuards.Marker).key)
            case let data: return .data(data)
            }
        }
    }

    /// `error`: `{title = ..., view = ...}` (each a string or a function of info), or
    /// `function(info, err)` returning such a table (or a string, its view). `info.error` and `err`
    /// are `{message, where, route}`. It catches what a script's callback raised (a Lua error, a
    /// callback's wrong answer), never a budget running out or an interrupt: those still abort.
    func errorScreen(_ value: LuaValue) throws(LuaError) -> ErrorScreen? {
        let render: (RouteInfo) throws -> (title: String?, view: String?)
        switch value {
        case .nil: return nil
        case .table(let table):
            let title = try text(try table.rawGet("title"), option: "error.title")
            let view = try text(try table.rawGet("view"), option: "error.view")
            for key in try table.keys() where key != "title" && key != "view" {
                throw misuse("option 'error' of \(subject) takes title and view, not '\(key)'")
            }
            render = { info in (try title?.render(info), try view?.render(info)) }
        default:
            guard let function = value.callableValue else {
                throw misuse("option 'error' of \(subject) must be a table {title = ..., view = ...} or a function(info, err), got \(value.typeName)")
            }
            render = { info in
                let state = function.state
                let answer = try state.call(function) { (L) throws(LuaError) -> Int32 in
                    try state.push(info: info, on: L)
                    try state.push(failure: info.failure!, on: L)
                    return 2
                }.first ?? .nil
                switch answer {
                case .string(let view): return (nil, view.string)
                case .table(let shown):
                    func field(_ name: String) throws -> String? {
                        let value = try shown.rawGet(.string(LuaString(name)))
                        switch value {
                        case .nil: return nil
                        case .string(let text): return text.string
                        case .integer, .number: return value.description
                        default: throw self.misuse("error screen of \(self.subject) returned a \(name) that is a \(value.typeName) value; expected a string")
                        }
                    }
                    return (try field("title"), try field("view"))
                default:
                    throw self.misuse("error screen of \(self.subject) returned a \(answer.typeName) value; expected {title = ..., view = ...} or a string")
                }
            }
        }
        return ErrorScreen(site: site, failure: RouteCallbacks.landingFailure, render: render)
    }

    /// What an error screen shows of `error`, raised landing `route`: nil for a budget running out
    /// or an interrupt, which must stop the operation whatever the app declared.
    static func landingFailure(_ error: any Error, route: String) -> LandingFailure? {
        let failure = LuaError(bridging: error)
        switch failure.kind {
        case .memoryLimit, .instructionLimit, .interrupted: return nil
        case .syntax, .runtime, .errorInHandler: break
        }
        let (site, message) = splitPosition(failure.message)
        return LandingFailure(message: message, site: site, route: route)
    }

    /// "app.lua:12: boom" -> ("app.lua:12", "boom"); a message without a position stays whole.
    static func splitPosition(_ message: String) -> (site: String?, message: String) {
        var search = message.startIndex
        while let colon = message[search...].firstIndex(of: ":") {
            let digits = message[message.index(after: colon)...].prefix(while: \.isASCII).prefix(while: \.isNumber)
            if !digits.isEmpty, message[digits.endIndex...].hasPrefix(": ") {
                return (String(message[..<digits.endIndex]), String(message[message.index(digits.endIndex, offsetBy: 2)...]))
            }
            search = message.index(after: colon)
        }
        return (nil, message)
    }

    /// `action`: `function(info)` run once the navigation that landed the route committed; it may
    /// navigate. What it returns is ignored.
    func action(_ value: LuaValue) throws(LuaError) -> ((RouteInfo) throws -> Void)? {
        guard let function = try function(value, option: "action") else { return nil }
        return { info in
            self.outcomes?.recorder?.actionRan(site: self.site, pattern: self.subject)
            _ = try RouteCallbacks.call(function, with: info)
        }
    }

    /// `redirect`: a path, or a function of info returning a path (nil/false: stay).
    func redirect(_ value: LuaValue) throws(LuaError) -> RedirectRule? {
        switch value {
        case .nil: return nil
        case .string(let path): return .to(path.string)
        case .function(let function):
            return .computed { info in
                switch try RouteCallbacks.call(function, with: info) {
                case .nil, .boolean(false): return nil
                case .string(let path): return path.string
                case let other:
                    throw self.misuse("redirect of \(self.subject) returned a \(other.typeName) value; expected a path or nil")
                }
            }
        default:
            throw misuse("option 'redirect' of \(subject) must be a path or a function, got \(value.typeName)")
        }
    }

    func presentation(_ value: LuaValue) throws(LuaError) -> Presentation {
        switch value {
        case .nil: return .push
        case .string(let text):
            do { return try Presentation(parsing: text.string) } catch { throw misuse("\(subject): \(error)") }
        default:
            throw misuse("option 'presentation' of \(subject) must be \"push\", \"sheet\" or \"cover\", got \(value.typeName)")
        }
    }

    /// `links`: a list of paths (nil and a function give none here: see `linkFunction`).
    func links(_ value: LuaValue) throws(LuaError) -> [String] {
        guard !value.isNil, value.callableValue == nil else { return [] }
        guard let table = value.tableValue else {
            throw misuse("option 'links' of \(subject) must be a list of paths or a function, got \(value.typeName)")
        }
        return try paths(table, from: "links of \(subject)")
    }

    /// `links = function(info) return {...} end`: each screen's own links, computed when it lands.
    func linkFunction(_ value: LuaValue) -> ((RouteInfo) throws -> [String])? {
        guard let function = value.callableValue else { return nil }
        return { info in
            let result = try RouteCallbacks.call(function, with: info)
            guard let table = result.tableValue else {
                throw self.misuse("links of \(self.subject) returned a \(result.typeName) value; expected a list of paths")
            }
            return try self.paths(table, from: "links of \(self.subject)")
        }
    }

    private func paths(_ table: LuaTable, from context: String) throws(LuaError) -> [String] {
        try table.array().map { (link) throws(LuaError) -> String in
            guard let path = link.stringValue else {
                throw misuse("\(context) must be paths (strings), found a \(link.typeName) value")
            }
            return path
        }
    }
}
