import Switchyard

/// The options table of `nav.push`, `nav.sheet`, `nav.cover` and `nav.modal`, checked like `route()`'s:
///
///     nav.push("/item/1", {params = {text = "Hello!"}, on_dismiss = function(info) end,
///                          on_result = function(value) end})
///     nav.sheet("/filters", {detents = {"medium", "large"}, detent = "medium"})
///     nav.modal("/toast", {transition = "move-top", background = "blur"})
enum ScreenOptionTable {
    static let common: Set<String> = ["params", "on_dismiss", "on_result"]
    static let sheet = common.union(["detents", "detent"])
    static let modal = common.union(["transition", "background"])

    /// The options at argument 2 of `call` (none when it is absent).
    static func parse(_ call: LuaCall, function: String, allowed: Set<String> = common) throws(LuaError) -> ScreenOptions {
        try screenOptions(OptionTable(call, index: 2, allowed: allowed, function: function, context: function))
    }

    static func screenOptions(_ options: OptionTable) throws(LuaError) -> ScreenOptions {
        var parsed = ScreenOptions()
        if let params = try options.table("params") { parsed.params = try self.params(params, context: options.context) }
        if let function = try options.function("on_dismiss") {
            parsed.onDismiss = { screen in _ = try RouteCallbacks.call(function, with: screen.info) }
        }
        if let function = try options.function("on_result") {
            parsed.onResult = { value in _ = try function.call(value as? LuaValue ?? .nil) }
        }
        let transitions = ModalTransition.allCases.map(\.rawValue), backgrounds = ModalBackground.allCases.map(\.rawValue)
        parsed.transition = try options.choice("transition", among: transitions).flatMap(ModalTransition.init(rawValue:))
        parsed.background = try options.choice("background", among: backgrounds).flatMap(ModalBackground.init(rawValue:))
        return parsed
    }

    /// `detents = {"medium", "large"}, detent = "medium"`: nil without `detents`.
    static func detents(_ call: LuaCall, function: String) throws(LuaError) -> SheetDetents? {
        let options = try OptionTable(call, index: 2, allowed: sheet, function: function, context: function)
        guard let list = try options.table("detents") else {
            if !options["detent"].isNil { throw LuaError("\(function): option 'detent' needs 'detents', the list it is one of") }
            return nil
        }
        let names = try list.array().enumerated().map { (offset, value) throws(LuaError) -> String in
            guard let name = value.stringValue else {
                throw LuaError("\(function): detent \(offset + 1) must be a name, got \(value.typeName)")
            }
            return name
        }
        let selected = try options.string("detent")
        do { return try SheetDetents(names, selected: selected) } catch {
            throw LuaError("\(function): \(error.description.replacingPrefix("sheet: "))")
        }
    }

    /// `params = {text = "Hello!", count = 2}`: string keys, string or number values.
    private static func params(_ table: LuaTable, context: String) throws(LuaError) -> [String: String] {
        var params: [String: String] = [:]
        for (key, value) in try table.pairs() {
            guard let name = key.stringValue else {
                throw LuaError("\(context): params must be named by strings, found a \(key.typeName) key")
            }
            switch value {
            case .string(let text): params[name] = text.string
            case .integer, .number: params[name] = value.description
            default: throw LuaError("\(context): param '\(name)' must be a string or number, got \(value.typeName)")
            }
        }
        return params
    }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
