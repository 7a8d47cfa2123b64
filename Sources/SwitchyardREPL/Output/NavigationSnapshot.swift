/// The navigation state as the state-tree printer sees it: environments bottom first, then the alert
/// and modals that sit over the top screen.
public struct NavigationSnapshot: Sendable, Equatable {
    public struct Screen: Sendable, Equatable {
        public var path: String
        public var title: String?

        public init(path: String, title: String? = nil) {
            self.path = path
            self.title = title
        }
    }

    public struct Tab: Sendable, Equatable {
        public var name: String
        public var stack: [Screen]

        public init(name: String, stack: [Screen]) {
            self.name = name
            self.stack = stack
        }
    }

    public struct Environment: Sendable, Equatable {
        /// "root", "sheet" or "cover".
        public var kind: String
        public var stack: [Screen]
        /// Only the root has tabs; `selectedTab` indexes them.
        public var tabs: [Tab]
        public var selectedTab: Int?

        public init(kind: String, stack: [Screen], tabs: [Tab] = [], selectedTab: Int? = nil) {
            self.kind = kind
            self.stack = stack
            self.tabs = tabs
            self.selectedTab = selectedTab
        }
    }

    public struct Alert: Sendable, Equatable {
        public var title: String
        public var message: String?
        public var buttons: [String]

        public init(title: String, message: String? = nil, buttons: [String] = []) {
            self.title = title
            self.message = message
            self.buttons = buttons
        }
    }

    public struct Flow: Sendable, Equatable {
        public var name: String
        public var remaining: [String]

        public init(name: String, remaining: [String]) {
            self.name = name
            self.remaining = remaining
        }
    }

    public var environments: [Environment]
    public var alert: Alert?
    public var modals: [String]
    /// The running flow and its remaining steps, if any.
    public var flow: Flow?

    public init(environments: [Environment], alert: Alert? = nil, modals: [String] = [], flow: Flow? = nil) {
        self.environments = environments
        self.alert = alert
        self.modals = modals
        self.flow = flow
    }
}
