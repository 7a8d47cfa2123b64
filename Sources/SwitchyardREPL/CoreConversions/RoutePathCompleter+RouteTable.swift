import Switchyard

extension RoutePathCompleter {
    /// A completer over every declared pattern of `table` (what the REPL's TAB uses):
    ///
    ///     let completer = RoutePathCompleter(runtime.routeTable)
    ///     completer.complete("/album/")   // ["/album/new", "/album/:id"]
    init(_ table: RouteTable<RouteDefinition>) {
        self.init(patterns: table.routes.map { route in
            route.pattern.segments.map { segment in
                switch segment {
                case .literal(let text): .literal(text)
                case .parameter(let name): .parameter(name)
                case .optional(let name): .optional(name)
                case .splat(let name): .splat(name)
                }
            }
        })
    }
}
