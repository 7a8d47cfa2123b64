// A per-tab reset (go_router#150673): one tab's stack back to its root, without switching tabs.
extension Navigator {
    /// Pops the stack of the tab named `name` to its root screen, selected or not, as one operation and
    /// one timeline entry (recorded as `pop_to_root`: it is one, on a named tab). When it is the
    /// selected tab, the sheets and covers presented over it go too, as `tab(_:)` drops them. False
    /// when that tab was already at its root with nothing over it.
    ///
    ///     try navigator.resetTab("library")   // the library tab shows /library again
    @discardableResult
    package func resetTab(_ name: String) throws -> Bool {
        try resetTab(named: name) { tabs in tabs.firstIndex(of: name) }
    }

    /// `resetTab` by the tab's 1-based position.
    @discardableResult
    package func resetTab(_ position: Int) throws -> Bool {
        try resetTab(named: String(position)) { tabs in (1...max(1, tabs.count)).contains(position) ? position - 1 : nil }
    }

    private func resetTab(named name: String, _ find: ([String]) -> Int?) throws -> Bool {
        try transact(.popToRoot) { state in
            let tabs = state.root.tabs
            guard !tabs.isEmpty else { throw NavigationError(.noTabs) }
            guard let index = find(tabs) else { throw NavigationError(.unknownTab(name, available: tabs)) }
            if index == state.root.selectedTab { state.dismissPresented() }
            state.root.truncateTab(index)
        }
    }
}
