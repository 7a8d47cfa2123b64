/// What opened an environment: the root at the bottom, then one per presented sheet or cover.
public enum EnvironmentKind: String, Codable, Sendable { case root, sheet, cover }

/// One environment of the state: the root (optionally a set of tabs, each with its own stack) or a
/// presented sheet or full-screen cover with its own push stack.
///
///     for environment in navigator.state.environments {
///         print(environment.kind, environment.stack.map(\.path))
///     }
public struct NavigationEnvironment: Equatable {
    public let kind: EnvironmentKind
    /// Tab names (first path segment of each tab's root); empty unless this is a root with tabs.
    public let tabs: [String]
    /// 0-based index into `tabs` (always 0 without tabs).
    public internal(set) var selectedTab: Int
    var stacks: [ScreenStack]

    init(kind: EnvironmentKind, root: Screen) {
        self.kind = kind
        tabs = []
        selectedTab = 0
        stacks = [ScreenStack(root: root)]
    }

    init(kind: EnvironmentKind, tabs: [String], stacks: [ScreenStack], selectedTab: Int) {
        self.kind = kind
        self.tabs = tabs
        self.stacks = stacks
        self.selectedTab = selectedTab
    }

    /// The stack of the selected tab, bottom first.
    public var stack: [Screen] { current.screens }
    /// Every tab's stack (one element without tabs), bottom first.
    public var tabStacks: [[Screen]] { stacks.map(\.screens) }

    var current: ScreenStack {
        get { stacks[selectedTab] }
        set { stacks[selectedTab] = newValue }
    }
}
