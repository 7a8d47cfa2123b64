import Switchyard
import SwitchyardLua
import SwitchyardTools

extension MetaCommands {
    /// `:state`'s lines for what loaders gave the screens shown (`info.data`), one per screen that has
    /// data, every stack's (each tab's) from the bottom environment up:
    ///
    ///     data  /album/1  {producer = "Rudy Van Gelder", studio = "Van Gelder Studio"}
    ///
    /// Compact: the value as the REPL prints it, its lines joined into one. The path is escaped here,
    /// the value by the printer (as every REPL result is).
    func loadedDataLines() throws(LuaError) -> [String] {
        var lines: [String] = []
        for environment in runtime.navigator.state.environments {
            for stack in environment.tabStacks {
                for screen in stack {
                    // What its layouts' loaders gave (outermost first), then its route's own loader.
                    for (layout, data) in zip(screen.parameters.layouts, screen.layoutData ?? []) {
                        guard let data else { continue }
                        lines.append(try dataLine(screen, data, source: layout.label + ": "))
                    }
                    guard let data = screen.data else { continue }
                    lines.append(try dataLine(screen, data, source: ""))
                }
            }
        }
        return lines
    }

    /// One `data` line: the screen's path, which loader (`source`: "layout /news: ", or "" for the
    /// route's own), and the value on one line.
    private func dataLine(_ screen: Screen, _ data: Any, source: String) throws(LuaError) -> String {
        let prefix = "data  " + TerminalText.escaped(screen.location) + "  " + TerminalText.escaped(source)
        let rendered = try evaluator.render(Self.luaValue(data), width: max(20, TerminalWidth.current - prefix.count))
        let oneLine = rendered.split(separator: "\n").map { $0.drop(while: { $0 == " " }) }.joined(separator: " ")
        return style.cyan("data") + String(prefix.dropFirst("data".count)) + oneLine
    }

    /// `:trace on`'s line for the layouts and routes with a loader, each with where it was declared:
    /// "loaders: layout /news at app.lua:80; /album/:id at features/albums.lua:33"; nil when none has one.
    func loaderDescriptions() -> String? {
        var layouts: [String] = []
        for route in runtime.routeTable.routes {
            for layout in route.layouts where layout.loads {
                let described = layout.label + (layout.site.map { " at " + $0 } ?? "")
                if !layouts.contains(described) { layouts.append(described) }
            }
        }
        let routes = runtime.routeTable.routes.filter { $0.payload.load != nil }
            .map { route in route.pattern.text + (route.site.map { " at " + $0 } ?? "") }
        let loaders = layouts + routes
        return loaders.isEmpty ? nil : "loaders: " + loaders.joined(separator: "; ")
    }

    /// A screen's data as a Lua value: what a Lua loader or `nav.settle` gave is one already; a Swift
    /// embedder's text, number or flag becomes its Lua counterpart, anything else its description.
    private static func luaValue(_ data: Any) -> LuaValue {
        switch data {
        case let value as LuaValue: value
        case let text as String: .string(LuaString(text))
        case let number as Int: .integer(Int64(number))
        case let flag as Bool: .boolean(flag)
        default: .string(LuaString(String(describing: data)))
        }
    }
}
