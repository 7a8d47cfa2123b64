import Switchyard

/// The read-only fields of `nav`, one getter each.
enum NavFields {
    static let all: [NavObject.Member] = [
        .init("path", { runtime, call in try call.push(string: runtime.navigator.path); return 1 }),
        .init("params", { runtime, call in
            try call.stack.state.push(parameters: runtime.navigator.screen.parameters, on: call.stack.L)
            return 1
        }),
        .init("query", { runtime, call in
            try call.stack.state.push(query: runtime.navigator.query, schema: runtime.navigator.screen.parameters.querySchema,
                                      on: call.stack.L)
            return 1
        }),
        .init("info", { runtime, call in try call.stack.state.push(info: runtime.navigator.info, on: call.stack.L); return 1 }),
        .init("screen", { runtime, call in
            try call.stack.state.push(screen: runtime.navigator.screen, on: call.stack.L)
            return 1
        }),
        .init("title", { runtime, call in
            if let title = runtime.navigator.screen.title { try call.push(string: title) } else { try call.pushNil() }
            return 1
        }),
        .init("stack", { runtime, call in try call.stack.state.push(screens: runtime.navigator.stack, on: call.stack.L); return 1 }),
        .init("state", { runtime, call in try call.stack.state.push(state: runtime.navigator.state, on: call.stack.L); return 1 }),
        .init("history", { runtime, call in
            try call.stack.state.push(history: runtime.navigator.history, current: runtime.navigator.historyIndex,
                                      on: call.stack.L)
            return 1
        }),
        .init("can_back", { runtime, call in try call.push(bool: runtime.navigator.canBack); return 1 }),
        .init("can_forward", { runtime, call in try call.push(bool: runtime.navigator.canForward); return 1 }),
        .init("queue", { runtime, call in try call.stack.state.push(steps: runtime.navigator.queue, on: call.stack.L); return 1 }),
        .init("alert_active", { runtime, call in try call.push(bool: runtime.navigator.alertActive); return 1 }),
        .init("modals", { runtime, call in try call.stack.state.push(screens: runtime.navigator.modals, on: call.stack.L); return 1 }),
        .init("last_action", { runtime, call in
            guard let event = runtime.navigator.lastAction else { try call.pushNil(); return 1 }
            try call.stack.state.push(event: event, routes: runtime.navigator.routes, on: call.stack.L)
            return 1
        }),
        .init("pending_navigation", { runtime, call in try PendingGuards.field(runtime, call) }),
        .init("tabs", { runtime, call in try call.stack.state.push(stringList: runtime.navigator.tabs, on: call.stack.L); return 1 }),
    ]
}
