// SwiftUI Routes' `Routes.view(path)`: the screen a path would show, without going there.
extension Navigator {
    /// The screen navigating to `path` (relative to the current one) would show: matched, validated,
    /// redirected, its title and view rendered, but no guard asked and nothing changed. Nil when no
    /// route matches (the not-found screen is not a preview).
    ///
    ///     try navigator.preview("/album/12")?.title == "Album 12";  navigator.path == "/"
    package func preview(_ path: String) throws -> Screen? {
        try enter(.preview)
        let mark = nextID
        defer {
            finishOperation()
            nextID = mark   // the previewed screen is not kept: its id is given again
        }
        let location = Location(parsing: path, relativeTo: self.path)
        let found = try routes.resolve(location)
        guard found.route != nil else { return nil }
        let landed = try land(found, at: location, askingGuards: false)
        return landed.screen.route == nil ? nil : landed.screen
    }

    /// The links `screen`'s route declares (or its link function gave the screen), with the screen's
    /// parameters filled in. A screen of no route (the not-found screen) has the not-found route's
    /// links, as followable as a route's.
    ///
    ///     navigator.links(of: navigator.screen)   // ["/artist/7", "/album/12/tracks"]
    package func links(of screen: Screen) -> [String] {
        let params = screen.params
        if let computed = screen.computedLinks { return computed.map { LinkTemplate.fill($0, with: params) } }
        let definition = screen.route.map { routes[payloadOf: $0] } ?? notFound
        return (definition?.links ?? []).map { LinkTemplate.fill($0, with: params) }
    }
}
