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

extension Navigator {
    /// Link `number` (1-based) of the screen shown, as `:follow` pushes it: the top modal's when one
    /// is up (a relative link resolved against the modal, not the screen hidden beneath it), else the
    /// top screen's. Nil when the screen has no such link.
    ///
    ///     navigator.shownLink(1)   // "/album/123/track/1"
    func shownLink(_ number: Int) -> String? {
        let links = ScreenSnapshot(self).links
        guard links.indices.contains(number - 1) else { return nil }
        let link = links[number - 1]
        if let modal = modals.last, !link.hasPrefix("/") { return PathResolver.resolve(link, against: modal.path) }
        return link
    }
}
