/// What raised while a screen was landing, as its error screen shows it (`info.error` in Lua):
/// the message without its position, where it was raised ("app.lua:12"), and the pattern of the
/// route whose callback raised ("" for the not-found route).
package struct LandingFailure: Sendable, Equatable {
    package let message: String
    package let site: String?
    package let route: String

    package init(message: String, site: String?, route: String) {
        self.message = message
        self.site = site
        self.route = route
    }
}

/// A screen that lands in place of a route whose title, view, links, loader or validator raised
/// (React Router's `ErrorBoundary`, go_router's `errorBuilder`), declared on a route, a group or
/// for the whole app (`Navigator.errorScreen`, beside `notFound`).
///
/// `failure` decides which errors it catches: it answers nil for those that must still abort the
/// operation (a budget running out, an interrupt), which the landing then rethrows unchanged.
package struct ErrorScreen {
    package var failure: (_ error: any Error, _ route: String) -> LandingFailure?
    /// The error screen's title and view, from the info of the landing that failed, whose `failure`
    /// is set. An error it raises aborts the operation (an error screen does not catch its own).
    package var render: (RouteInfo) throws -> (title: String?, view: String?)
    /// Where it was declared ("app.lua:40"), for `:trace` and `check`.
    package var site: String?

    package init(site: String?, failure: @escaping (any Error, String) -> LandingFailure?,
                 render: @escaping (RouteInfo) throws -> (title: String?, view: String?)) {
        self.site = site
        self.failure = failure
        self.render = render
    }
}

/// A validator's error that an error screen may catch, thrown by the validator itself (the Lua
/// wrapper throws it for a script's error, never for a budget running out or an interrupt) with the
/// info of the candidate it was validating: the landing then shows that candidate's error screen in
/// place of its route. Matching stops at it as at any error (no later candidate is tried), so a
/// lookup does no work for it; everything that is not a landing (`match`, a preview, `:explain`)
/// sees it as the error it carries.
package struct ValidatorRaised: Error, CustomStringConvertible {
    package let info: RouteInfo
    package let error: any Error

    package init(info: RouteInfo, error: any Error) {
        self.info = info
        self.error = error
    }

    package var description: String { String(describing: error) }
}

extension Navigator {
    /// The landing when the validator of a candidate for `raised.info` raised: that route's error
    /// screen (its own, its group's, else the app's) at the path asked for; rethrows the validator's
    /// error when none catches it, so the operation aborts as it did before error screens.
    func errorLanding(_ raised: ValidatorRaised, passing passed: [String: String] = [:], extra: RouteMeta? = nil,
                      redirected: Bool) throws -> Landing {
        guard let route = raised.info.matchedRoute else { throw raised.error }
        let definition = routes[payloadOf: route]
        let info = try raised.info.passing(passed, inFlight ?? .push, extra: extra)
        return Landing(screen: try errorLanding(for: info, route: route, definition: definition, raised: raised.error),
                       presentation: definition.presentation, redirected: redirected)
    }
}

extension Navigator {
    /// The screen that lands for `info` when rendering its route raised `error`: the route's own
    /// error screen, else the app's; rethrows `error` when neither catches it.
    func errorLanding(for info: RouteInfo, route: RouteID?, definition: RouteDefinition,
                      raised error: any Error) throws -> Screen {
        guard let errorScreen = definition.errorScreen ?? self.errorScreen,
              let failure = errorScreen.failure(error, route == nil ? "" : info.pattern) else { throw error }
        var info = info
        info.failure = failure
        let shown = try errorScreen.render(info)
        return Screen(id: makeID(), info: info, route: route, title: shown.title, view: shown.view, links: [])
    }
}

extension Navigator {
    /// The error screens as `:trace on` lists them, the app's first, then each route's (a group's
    /// shows on each route inside): "error_screen at app.lua:40", "/album/:id at app.lua:12".
    package var errorScreenDescriptions: [String] {
        var lines = errorScreen.map { ["error_screen" + ($0.site.map { " at " + $0 } ?? "")] } ?? []
        for index in 0..<routes.count {
            let route = routes[RouteID(rawValue: index)]
            if let screen = route.payload.errorScreen {
                lines.append(route.pattern.text + (screen.site.map { " at " + $0 } ?? ""))
            }
        }
        return lines
    }
}
