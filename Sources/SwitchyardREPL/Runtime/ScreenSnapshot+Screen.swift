import Switchyard

extension ScreenSnapshot {
    /// The current screen of `navigator`, with the links its route declares filled in.
    ///
    ///     ScreenPrinter().render(ScreenSnapshot(navigator))
    init(_ navigator: Navigator) {
        let screen = navigator.screen
        let route = screen.pattern.flatMap { pattern in navigator.routes.routes.first { $0.pattern.text == pattern } }
        let kind = navigator.state.environments.last?.kind ?? .root
        self.init(path: screen.location, pattern: screen.pattern, title: screen.title, view: screen.view,
                  links: (route?.payload.links ?? []).map { LinkTemplate.fill($0, with: screen.params) },
                  presentation: kind == .root ? nil : kind.rawValue)
    }
}
