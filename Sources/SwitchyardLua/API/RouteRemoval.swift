import Switchyard

/// `remove_route(name_or_pattern)` (issue 33): takes a declared route out of the table, as a feature
/// flag turning a screen off would. The route stays in storage as a tombstone (every screen, save and
/// tool knows a route by its declaration index), out of every lookup and listing; it is refused while
/// any state of the timeline holds a screen of it (`Navigator.removeRoute`).
extension SwitchyardRuntime {
    /// remove_route(name_or_pattern): a name ("beta") or a pattern as declared ("/beta/:id").
    func removeRoute(_ call: LuaCall) throws -> Int {
        let given = try call.checkString(1, "remove_route")
        let route = try routeToRemove(given)
        do {
            try navigator.removeRoute(route.id)
        } catch {
            throw LuaError("remove_route: cannot remove \(Self.described(route)): \(error)")
        }
        return 0
    }

    /// The route `given` names: a pattern when it starts with "/", else a name. Several routes declared
    /// with one pattern (validator fall-through) are told apart by name only: removing one of them by
    /// the pattern would be a guess.
    private func routeToRemove(_ given: String) throws -> Route<RouteDefinition> {
        let routes = routeTable.routes
        guard given.hasPrefix("/") else {
            if let route = routeTable.route(named: given) { return route }
            throw LuaError("remove_route: no route is named \"\(given)\""
                           + Self.didYouMean(TypoSuggestion.nearest(given, among: routes.compactMap(\.name))))
        }
        let pattern = (try? Pattern(given))?.text ?? given
        let declared = routes.filter { $0.pattern.text == pattern }
        if declared.count > 1 {
            throw LuaError("remove_route: \(declared.count) routes are declared as \(pattern) ("
                           + declared.map { $0.site ?? "?" }.joined(separator: ", ") + "): remove one by its name")
        }
        if let route = declared.first { return route }
        throw LuaError("remove_route: no route is declared as \(given)"
                       + Self.didYouMean(TypoSuggestion.nearest(pattern, among: routes.map(\.pattern.text))))
    }

    private static func didYouMean(_ suggestions: [String]) -> String {
        suggestions.isEmpty ? "" : "; did you mean " + suggestions.map { "\"\($0)\"" }.joined(separator: " or ") + "?"
    }

    /// `route "beta" (/beta, app.lua:4)`, `route /beta (app.lua:4)`.
    private static func described(_ route: Route<RouteDefinition>) -> String {
        let site = route.site.map { ", declared at \($0)" } ?? ""
        if let name = route.name { return "route \"\(name)\" (\(route.pattern.text)\(site))" }
        return "route \(route.pattern.text)" + (route.site.map { " (declared at \($0))" } ?? "")
    }
}
