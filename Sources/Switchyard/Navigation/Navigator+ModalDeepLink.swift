// A deep link to a modal (`myapp://tip?presentation=modal`, issue 33 item 6): `open` as usual, but the
// target is shown as the one modal over the screen the link leaves you on.
extension Navigator {
    /// Back to the root screen (of the tab the path names, with tabs) or the target's ancestors, as
    /// `open` does, with the target as the only modal over the top screen; one operation, `open`.
    func openAsModal(_ url: String, _ location: Location) throws {
        try holding(HeldCall(operation: .open, arguments: [url])) {
            landsOwnModals = true
            defer { landsOwnModals = false }
            try transact(.open) { state in
                let landed = try land(location)
                if try !showAncestorsForOpen(of: landed.screen, in: &state) {
                    if let index = state.root.tabs.firstIndex(of: Navigator.tabName(landed.screen.path)) {
                        state.root.selectTab(index)
                    }
                    state.top.current.truncate(to: 1)
                }
                state.modals = [landed.screen]
            }
        }
    }

    /// What `open` does before it shows its target, whatever the presentation: everything presented
    /// dismissed and, when the target declares ancestors, those pushed from the root. False when it
    /// has none (the caller then shows the target from the root its own way).
    func showAncestorsForOpen(of screen: Screen, in state: inout NavigationState) throws -> Bool {
        let ancestors = try self.ancestors(of: screen)
        state.dismissPresented()
        guard let first = ancestors.first else { return false }
        state.showFromRoot(first, as: .push)
        for ancestor in ancestors.dropFirst() { state.show(ancestor, as: .push) }
        return true
    }
}
