import Switchyard

extension ScreenSnapshot {
    /// The current screen of `navigator`, with the links its route declares filled in.
    ///
    ///     ScreenPrinter().render(ScreenSnapshot(navigator))
    init(_ navigator: Navigator) {
        let screen = navigator.screen
        // No pattern: the not-found screen, whose declared links are as followable as a route's.
        let definition = screen.route.map { navigator.routes[payloadOf: $0] } ?? navigator.notFound
        let kind = navigator.state.environments.last?.kind ?? .root
        self.init(path: screen.location, pattern: screen.pattern, title: screen.title, view: screen.view,
                  links: (definition?.links ?? []).map { LinkTemplate.fill($0, with: screen.params) },
                  presentation: kind == .root ? nil : kind.rawValue)
    }
}
