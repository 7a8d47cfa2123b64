import Switchyard

extension ScreenSnapshot {
    /// The screen a person sees in `navigator`, with the links its route declares filled in: the top
    /// modal when one is shown (it hides what is beneath it), else the top screen of the top
    /// environment. `:follow` takes its links.
    ///
    ///     ScreenPrinter().render(ScreenSnapshot(navigator))
    init(_ navigator: Navigator) {
        if let modal = navigator.modals.last {
            self.init(path: modal.location, pattern: modal.pattern, title: modal.title, view: modal.view,
                      links: navigator.links(of: modal), presentation: "modal")
            return
        }
        let screen = navigator.screen
        let kind = navigator.state.environments.last?.kind ?? .root
        self.init(path: screen.location, pattern: screen.pattern, title: screen.title, view: screen.view,
                  links: navigator.links(of: screen),
                  presentation: kind == .root ? nil : kind.rawValue)
    }
}
