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
                    guard let data = screen.data else { continue }
                    let prefix = "data  " + TerminalText.escaped(screen.location) + "  "
                    let rendered = try evaluator.render(Self.luaValue(data), width: max(20, TerminalWidth.current - prefix.count))
                    let oneLine = rendered.split(separator: "\n").map { $0.drop(while: { $0 == " " }) }.joined(separator: " ")
                    lines.append(style.cyan("data") + "  " + TerminalText.escaped(screen.location) + "  " + oneLine)
                }
            }
        }
        return lines
    }

    /// `:trace on`'s line for the routes with a loader, each with where it was declared:
    /// "loaders: /album/:id at features/albums.lua:33"; nil when no route has one.
    func loaderDescriptions() -> String? {
        let loaders = runtime.routeTable.routes.filter { $0.payload.load != nil }
            .map { route in route.pattern.text + (route.site.map { " at " + $0 } ?? "") }
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
