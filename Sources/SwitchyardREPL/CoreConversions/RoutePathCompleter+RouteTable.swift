import Switchyard

extension RoutePathCompleter {
    /// A completer over every declared pattern of `table` (what the REPL's TAB uses; public for the
    /// benchmark, which builds one over 100,000 routes):
    ///
    ///     let completer = RoutePathCompleter(runtime.routeTable)
    ///     completer.complete("/album/")   // ["/album/new", "/album/:id"]
    public init<Payload>(_ table: RouteTable<Payload>) {
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
