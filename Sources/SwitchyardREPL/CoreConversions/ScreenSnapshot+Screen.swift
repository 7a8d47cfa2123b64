import Switchyard

extension ScreenSnapshot {
    /// The current screen of `navigator`, with the links its route declares filled in.
    ///
    ///     ScreenPrinter().render(ScreenSnapshot(navigator))
    init(_ navigator: Navigator) {
        let screen = navigator.screen
        let kind = navigator.state.environments.last?.kind ?? .root
        self.init(path: screen.location, pattern: screen.pattern, title: screen.title, view: screen.view,
                  links: navigator.links(of: screen),
                  presentation: kind == .root ? nil : kind.rawValue)
    }
}
