import Switchyard

/// nav.go, nav.push, ... : each reads its arguments without conversion, calls the navigator, and
/// returns a boolean only where SPEC §4 says a harmless no-op answers false.
enum NavOperations {
    static let all: [NavObject.Member] = [
        .init("go", { runtime, call in
            let path = try call.checkString(1, "nav.go")
            let replace = call.isNil(2) ? false : try call.checkTable(2, "nav.go").get("replace").isTruthy
            try runtime.navigator.go(path, replace: replace)
            return 0
        }),
        .init("push", { runtime, call in try runtime.navigator.push(try call.checkString(1, "nav.push")); return 0 }),
        .init("sheet", { runtime, call in try runtime.navigator.sheet(try call.checkString(1, "nav.sheet")); return 0 }),
        .init("cover", { runtime, call in try runtime.navigator.cover(try call.checkString(1, "nav.cover")); return 0 }),
        .init("open", { runtime, call in try runtime.navigator.open(try call.checkString(1, "nav.open")); return 0 }),
        .init("pop", { runtime, call in
            try call.push(bool: try runtime.navigator.pop(try call.optionalCount(1, "nav.pop")))
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
        .init("pop_to_root", { runtime, call in try call.push(bool: try runtime.navigator.popToRoot()); return 1 }),
        .init("dismiss", { runtime, _ in try runtime.navigator.dismiss(); return 0 }),
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
        .init("start_flow", { runtime, call in
            if let name = call.string(1) {
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
            try runtime.navigator.alert(try AlertTable.parse(try call.checkTable(1, "nav.alert")))
            return 0
        }),
        .init("choose", { runtime, call in try runtime.navigator.choose(try call.checkString(1, "nav.choose")); return 0 }),
        .init("dismiss_alert", { runtime, _ in try runtime.navigator.dismissAlert(); return 0 }),
        .init("modal", { runtime, call in try runtime.navigator.modal(try call.checkString(1, "nav.modal")); return 0 }),
        .init("dismiss_modal", { runtime, _ in try runtime.navigator.dismissModal(); return 0 }),
        .init("on", { runtime, call in try NavEvents.subscribe(runtime, call) }),
        .init("save", { runtime, call in try call.push(string: try runtime.navigator.save()); return 1 }),
        .init("restore", { runtime, call in try runtime.navigator.restore(try call.checkString(1, "nav.restore")); return 0 }),
        .init("reset", { runtime, call in try runtime.navigator.reset(try call.optionalString(1, "nav.reset")); return 0 }),
    ]
}

/// nav.alert{title = , message = , buttons = {"OK", {"Delete", fn}, ...}}
enum AlertTable {
    static func parse(_ table: LuaTable) throws(LuaError) -> Alert {
        guard let title = try table.get("title").stringValue else {
            throw LuaError("nav.alert: 'title' must be a string")
        }
        let message = try table.get("message")
        guard message.isNil || message.stringValue != nil else {
            throw LuaError("nav.alert: 'message' must be a string, got \(message.typeName)")
        }
        let buttons = try table.get("buttons")
        guard !buttons.isNil else { return Alert(title: title, message: message.stringValue) }
        guard let list = buttons.tableValue else {
            throw LuaError("nav.alert: 'buttons' must be a list, got \(buttons.typeName)")
        }
        let parsed = try list.array().enumerated().map { (offset, value) throws(LuaError) -> AlertButton in
            try button(value, number: offset + 1)
        }
        return Alert(title: title, message: message.stringValue, buttons: parsed)
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
