import Switchyard

/// nav.go, nav.push, ... : each reads its arguments without conversion, calls the navigator, and
/// returns a boolean only where a harmless no-op answers false (`pop`, `pop_to_root`, `dismiss_all`,
/// `cancel_flow`...: nothing to pop, dismiss or cancel is not an error).
enum NavOperations {
    static let all: [NavObject.Member] = [
        .init("go", { runtime, call in
            let path = try call.checkString(1, "nav.go")
            let replace = call.isNil(2) ? false : try call.checkTable(2, "nav.go").get("replace").isTruthy
            try runtime.navigator.go(path, replace: replace)
            return 0
        }),
        .init("push", { runtime, call in
            let path = try call.checkString(1, "nav.push")
            // The argument count first: a call without options then asks Lua nothing more.
            if call.count < 2 || call.isNil(2) {
                // The path made for this call is handed over: a bare landing keeps it without a copy.
                var handed: String? = path
                try runtime.withLentNavigator { try $0.push(handingOver: handed.take()!) }
            } else {
                try runtime.navigator.push(path, options: try ScreenOptionTable.parse(call, function: "nav.push"))
            }
            return 0
        }),
        .init("push_stack", { runtime, call in
            try runtime.navigator.pushStack(try call.checkTable(1, "nav.push_stack").strings(context: "nav.push_stack", expected: "a path"))
            return 0
        }),
        .init("sheet", { runtime, call in
            let path = try call.checkString(1, "nav.sheet")
            let options = try OptionTable(call, index: 2, allowed: ScreenOptionTable.sheet, function: "nav.sheet", context: "nav.sheet")
            try runtime.navigator.sheet(path, options: try ScreenOptionTable.screenOptions(options),
                                        detents: try ScreenOptionTable.detents(options))
            return 0
        }),
        .init("browser", { runtime, call in try runtime.navigator.browser(try call.checkString(1, "nav.browser")); return 0 }),
        .init("set_detent", { runtime, call in try runtime.navigator.setDetent(try call.checkString(1, "nav.set_detent")); return 0 }),
        .init("cover", { runtime, call in
            let path = try call.checkString(1, "nav.cover")
            try runtime.navigator.cover(path, options: try ScreenOptionTable.parse(call, function: "nav.cover"))
            return 0
        }),
        .init("open", { runtime, call in try runtime.navigator.open(try call.checkString(1, "nav.open")); return 0 }),
        .init("pop", { runtime, call in
            // The argument count first (`lua_gettop`, a field read): `nav.pop()` then asks no type.
            if call.count == 0 || call.isNil(1) {
                call.pushOnlyResult(bool: try runtime.withLentNavigator { try $0.pop() })
            } else if call.isTable(1) {
                try call.push(bool: try runtime.navigator.pop(result: try Self.result(call, function: "nav.pop")))
            } else {
                try call.push(bool: try runtime.navigator.pop(try call.optionalCount(1, "nav.pop")))
            }
            return 1
        }),
        .init("pop_to", { runtime, call in
            if let id = call.integer(1) {
                try runtime.navigator.popTo(id: Int(clamping: id))
            } else {
                guard let path = call.string(1) else { throw call.badArgument(1, "nav.pop_to", "path or screen id") }
                try runtime.navigator.popTo(path)
            }
            return 0
        }),
        .init("up", { runtime, _ in try runtime.navigator.up(); return 0 }),
        .init("pop_to_root", { runtime, call in try call.push(bool: try runtime.navigator.popToRoot()); return 1 }),
        .init("dismiss", { runtime, call in
            if call.isNil(1) { try runtime.navigator.dismiss() } else {
                try runtime.navigator.dismiss(result: try Self.result(call, function: "nav.dismiss"))
            }
            return 0
        }),
        .init("dismiss_environment", { runtime, _ in try runtime.navigator.dismissEnvironment(); return 0 }),
        .init("dismiss_all", { runtime, call in try call.push(bool: try runtime.navigator.dismissAll()); return 1 }),
        .init("back", { runtime, call in
            try call.push(bool: try runtime.navigator.back(try call.optionalCount(1, "nav.back")))
            return 1
        }),
        .init("forward", { runtime, call in
            try call.push(bool: try runtime.navigator.forward(try call.optionalCount(1, "nav.forward")))
            return 1
        }),
        .init("tab", { runtime, call in
            if let index = call.integer(1) {
                try runtime.navigator.tab(Int(clamping: index))
            } else {
                guard let name = call.string(1) else { throw call.badArgument(1, "nav.tab", "tab name or index") }
                try runtime.navigator.tab(name)
            }
            return 0
        }),
        .init("reset_tab", { runtime, call in
            let changed: Bool
            if let index = call.integer(1) {
                changed = try runtime.navigator.resetTab(Int(clamping: index))
            } else {
                guard let name = call.string(1) else { throw call.badArgument(1, "nav.reset_tab", "tab name or index") }
                changed = try runtime.navigator.resetTab(name)
            }
            try call.push(bool: changed)
            return 1
        }),
        .init("start_flow", { runtime, call in
            if let name = call.string(1) {
                // The start_flow event does not name the flow; coverage credits its first step by this.
                runtime.callbackOutcomes.recorder?.startingFlow = name
                defer { runtime.callbackOutcomes.recorder?.startingFlow = nil }
                try runtime.navigator.startFlow(name)
            } else {
                guard call.isTable(1) else { throw call.badArgument(1, "nav.start_flow", "flow name or list of steps") }
                try runtime.navigator.startFlow(try FlowStepList.parse(try call.checkTable(1, "nav.start_flow"),
                                                                       context: "nav.start_flow"))
            }
            return 0
        }),
        .init("next", { runtime, _ in try runtime.navigator.next(); return 0 }),
        .init("next_or_dismiss", { runtime, _ in try runtime.navigator.nextOrDismiss(); return 0 }),
        .init("cancel_flow", { runtime, call in try call.push(bool: try runtime.navigator.cancelFlow()); return 1 }),
        .init("alert", { runtime, call in
            if let title = call.string(1) {
                try runtime.navigator.alert(Alert(title: title))
            } else {
                guard call.isTable(1) else { throw call.badArgument(1, "nav.alert", "title or table") }
                try runtime.navigator.alert(try AlertTable.parse(try call.checkTable(1, "nav.alert")))
            }
            return 0
        }),
        .init("choose", { runtime, call in try runtime.navigator.choose(try call.checkString(1, "nav.choose")); return 0 }),
        .init("dismiss_alert", { runtime, _ in try runtime.navigator.dismissAlert(); return 0 }),
        .init("modal", { runtime, call in
            let path = try call.checkString(1, "nav.modal")
            try runtime.navigator.modal(path, options: try ScreenOptionTable.parse(call, function: "nav.modal", allowed: ScreenOptionTable.modal))
            return 0
        }),
        .init("dismiss_modal", { runtime, _ in try runtime.navigator.dismissModal(); return 0 }),
        .init("on", { runtime, call in try NavEvents.subscribe(runtime, call) }),
        .init("save", { runtime, call in try call.push(string: try runtime.navigator.save()); return 1 }),
        .init("restore", { runtime, call in try runtime.navigator.restore(try call.checkString(1, "nav.restore")); return 0 }),
        .init("reset", { runtime, call in try runtime.navigator.reset(try call.optionalString(1, "nav.reset")); return 0 }),
        .init("pending", { runtime, call in try PendingGuards.pending(runtime, call) }),
        .init("settle", { runtime, call in try PendingGuards.settle(runtime, call) }),
        .init("before", { runtime, call in try NavHooks.before(runtime, call) }),
        .init("after", { runtime, call in try NavHooks.after(runtime, call) }),
        .init("revalidate", { runtime, call in try call.push(bool: try runtime.navigator.revalidate()); return 1 }),
    ]

    /// `{result = v}` of `nav.pop` and `nav.dismiss`: v, which may be any Lua value.
    private static func result(_ call: LuaCall, function: String) throws(LuaError) -> LuaValue {
        try OptionTable(try call.checkTable(1, function), allowed: ["result"], context: function)["result"]
    }
}

/// nav.alert{title = , message = , buttons = {"OK", {"Delete", fn}, ...}, style = "confirmation"}
enum AlertTable {
    static let options: Set<String> = ["title", "message", "buttons", "style"]

    static func parse(_ table: LuaTable) throws(LuaError) -> Alert {
        let options = try OptionTable(table, allowed: Self.options, context: "nav.alert")
        guard let title = options["title"].stringValue else {
            throw LuaError("nav.alert: 'title' must be a string")
        }
        let message = try options.string("message")
        let style = try options.choice("style", among: AlertStyle.allCases.map(\.rawValue)).flatMap(AlertStyle.init(rawValue:))
        guard let list = try options.table("buttons") else { return Alert(title: title, message: message, style: style ?? .alert) }
        let parsed = try list.array().enumerated().map { (offset, value) throws(LuaError) -> AlertButton in
            try button(value, number: offset + 1)
        }
        return Alert(title: title, message: message, buttons: parsed, style: style ?? .alert)
    }

    private static func button(_ value: LuaValue, number: Int) throws(LuaError) -> AlertButton {
        if let label = value.stringValue { return AlertButton(label) }
        guard let entry = value.tableValue, let label = try entry.rawGet(1).stringValue else {
            throw LuaError("nav.alert: button \(number) must be a label or {label, function}, got \(value.typeName)")
        }
        let action = try entry.rawGet(2)
        if action.isNil { return AlertButton(label) }
        guard let function = action.functionValue else {
            throw LuaError("nav.alert: the action of button \"\(label)\" must be a function, got \(action.typeName)")
        }
        return AlertButton(label) { try function.call() }
    }
}
