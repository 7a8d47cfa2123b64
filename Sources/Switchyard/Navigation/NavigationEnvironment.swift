/// What opened an environment: the root at the bottom, then one per presented sheet or cover, and a
/// browser (SwiftfulRouting's showSafari) showing an external page over everything.
///
///     navigator.environments.contains(.sheet)
public enum EnvironmentKind: String, Codable, Sendable { case root, sheet, cover, browser }

/// One environment of the state: the root (optionally a set of tabs, each with its own stack) or a
/// presented sheet or full-screen cover with its own push stack.
///
///     for environment in navigator.state.environments {
///         print(environment.kind, environment.stack.map(\.path))
///     }
package struct NavigationEnvironment: Equatable {
    /// Whether this is the root or a presented sheet, cover or browser.
    ///
    ///     navigator.state.environments.last?.kind == .sheet
    public let kind: EnvironmentKind
    /// 0-based index into `tabs` (always 0 without tabs).
    package private(set) var selectedTab: Int
    /// The selected tab's stack. Held apart from the other tabs' so that push and pop, which change
    /// only this one, copy no array.
    var current: ScreenStack
    /// The tab names and every tab's stack, or a resizable sheet's detents; nil for most environments,
    /// so an environment is two references. (A third, for the detents alone, made every state copy go
    /// through outlined value witnesses: 166 instructions a push+pop pair from Lua.)
    private var tabSet: TabSet?

    /// The heights a resizable sheet may take and the one it has (SwiftfulRouting's resizable sheets);
    /// nil for every other environment.
    package internal(set) var detents: SheetDetents? {
        get { tabSet?.detents }
        set { tabSet = TabSet(names: tabs, parked: tabSet?.parked ?? [], detents: newValue) }
    }

    /// Immutable: selecting a tab makes a new one (tab switches are rare; pushes copy environments).
    private final class TabSet {
        /// First path segment of each tab's root.
        let names: [String]
        /// Every tab's stack; the selected tab's slot is stale (`current` is the truth). Empty without tabs.
        let parked: [ScreenStack]
        let detents: SheetDetents?

        init(names: [String], parked: [ScreenStack], detents: SheetDetents? = nil) {
            self.names = names
            self.parked = parked
            self.detents = detents
        }
    }

    init(kind: EnvironmentKind, root: Screen, detents: SheetDetents? = nil) {
        self.kind = kind
        selectedTab = 0
        current = ScreenStack(root: root)
        tabSet = detents.map { TabSet(names: [], parked: [], detents: $0) }
    }

    init(kind: EnvironmentKind, tabs: [String], stacks: [ScreenStack], selectedTab: Int, detents: SheetDetents? = nil) {
        self.kind = kind
        self.selectedTab = selectedTab
        current = stacks[selectedTab]
        let tabbed = stacks.count > 1 || !tabs.isEmpty
        tabSet = tabbed || detents != nil ? TabSet(names: tabs, parked: tabbed ? stacks : [], detents: detents) : nil
    }

    /// Tab names (first path segment of each tab's root); empty unless this is a root with tabs.
    package var tabs: [String] { tabSet?.names ?? [] }

    /// Every tab's stack (one without tabs), in tab order.
    var stacks: [ScreenStack] {
        guard let tabSet, !tabSet.parked.isEmpty else { return [current] }
        var stacks = tabSet.parked
        stacks[selectedTab] = current
        return stacks
    }

    /// The stack of the selected tab, bottom first.
    package var stack: [Screen] { current.screens }
    /// Every tab's stack (one element without tabs), bottom first.
    package var tabStacks: [[Screen]] { stacks.map(\.screens) }

    /// Makes tab `index` the selected one, its stack as it was left.
    mutating func selectTab(_ index: Int) {
        guard index != selectedTab, let tabSet, !tabSet.parked.isEmpty else { return }
        var parked = tabSet.parked
        parked[selectedTab] = current
        self.tabSet = TabSet(names: tabSet.names, parked: parked, detents: tabSet.detents)
        selectedTab = index
        current = parked[index]
    }

    /// Pops tab `index`'s stack to its first screen, selected or not; the selection stays.
    mutating func truncateTab(_ index: Int) {
        guard index != selectedTab, let tabSet, tabSet.parked.indices.contains(index) else {
            current.truncate(to: 1)
            return
        }
        var parked = tabSet.parked
        parked[index].truncate(to: 1)
        self.tabSet = TabSet(names: tabSet.names, parked: parked, detents: tabSet.detents)
    }

    /// True when the other environment has the same kind, tabs and selection and every stack shows
    /// the same locations (screen ids aside).
    func showsSameLocations(as other: NavigationEnvironment) -> Bool {
        // The selected stacks first: a push or a pop differs there, and the answer comes in one step.
        current.showsSameLocations(as: other.current)
            && kind == other.kind && selectedTab == other.selectedTab && tabs == other.tabs && detents == other.detents
            && parkedStacksAgree(with: other) { $0.showsSameLocations(as: $1) }
    }

    public static func == (a: NavigationEnvironment, b: NavigationEnvironment) -> Bool {
        a.kind == b.kind && a.tabs == b.tabs && a.selectedTab == b.selectedTab && a.current == b.current
            && a.detents == b.detents && a.parkedStacksAgree(with: b, by: ==)
    }

    /// Compares the unselected tabs' stacks pairwise (the caller has checked tabs and selection agree).
    private func parkedStacksAgree(with other: NavigationEnvironment,
                                   by agree: (ScreenStack, ScreenStack) -> Bool) -> Bool {
        if tabSet === other.tabSet { return true }
        let mine = tabSet?.parked ?? [], theirs = other.tabSet?.parked ?? []
        guard mine.count == theirs.count else { return false }
        for index in mine.indices where index != selectedTab {
            guard agree(mine[index], theirs[index]) else { return false }
        }
        return true
    }
}

/// The detents of a resizable sheet: the heights it may take ("medium", "large", or any name the app
/// gives one) and the one it shows. Immutable; one reference in the environment.
///
///     try navigator.sheet("/filters", detents: SheetDetents(["medium", "large"], selected: "medium"))
///     try navigator.setDetent("large")
package final class SheetDetents: Equatable, Sendable {
    package let available: [String]
    package let selected: String
    /// Whether the sheet shows its drag indicator (SwiftfulRouting's `showDragIndicator` on a
    /// resizable sheet); saved and restored with the detents.
    package let showsDragIndicator: Bool

    /// Throws when the list is empty or repeats a name, or `selected` (default: the first) is not in it.
    ///
    ///     try navigator.sheet("/compose", detents: try SheetDetents(["medium", "large"], selected: "medium"))
    package convenience init(_ available: [String], selected: String? = nil) throws(NavigationError) {
        guard let first = available.first else {
            throw NavigationError(.invalidArgument(operation: .sheet, reason: "a sheet's detents must name at least one"))
        }
        if let twice = available.firstDuplicate {
            throw NavigationError(.invalidArgument(operation: .sheet, reason: "the detent \"\(twice)\" is listed twice"))
        }
        let chosen = selected ?? first
        guard available.contains(chosen) else {
            throw NavigationError(.invalidArgument(operation: .sheet, reason: Self.unknown(chosen, among: available)))
        }
        self.init(available: available, selected: chosen, showsDragIndicator: false)
    }

    private init(available: [String], selected: String, showsDragIndicator: Bool) {
        self.available = available
        self.selected = selected
        self.showsDragIndicator = showsDragIndicator
    }

    /// The same detents with the drag indicator shown or hidden.
    package func showingDragIndicator(_ shown: Bool) -> SheetDetents {
        SheetDetents(available: available, selected: selected, showsDragIndicator: shown)
    }

    /// The same detents with `name` selected; nil when it is not one of them.
    func selecting(_ name: String) -> SheetDetents? {
        available.contains(name) ? SheetDetents(available: available, selected: name, showsDragIndicator: showsDragIndicator) : nil
    }

    static func unknown(_ name: String, among available: [String]) -> String {
        "no detent \"\(name)\"; detents: " + available.joined(separator: ", ")
    }

    package static func == (a: SheetDetents, b: SheetDetents) -> Bool {
        a === b || (a.available == b.available && a.selected == b.selected && a.showsDragIndicator == b.showsDragIndicator)
    }
}
