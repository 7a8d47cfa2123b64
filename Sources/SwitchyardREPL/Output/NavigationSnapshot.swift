/// The navigation state as the state-tree printer sees it: environments bottom first, then the alert
/// and modals that sit over the top screen.
package struct NavigationSnapshot: Sendable, Equatable {
    package struct Screen: Sendable, Equatable {
        package var path: String
        package var title: String?

        init(path: String, title: String? = nil) {
            self.path = path
            self.title = title
        }
    }

    package struct Tab: Sendable, Equatable {
        package var name: String
        package var stack: [Screen]

        init(name: String, stack: [Screen]) {
            self.name = name
            self.stack = stack
        }
    }

    package struct Environment: Sendable, Equatable {
        /// "root", "sheet", "cover" or "browser".
        package var kind: String
        package var stack: [Screen]
        /// Only the root has tabs; `selectedTab` indexes them.
        package var tabs: [Tab]
        package var selectedTab: Int?
        /// A resizable sheet's detents, and the one it shows.
        package var detents: [String]
        package var detent: String?
        /// Whether that resizable sheet shows its drag indicator.
        package var dragIndicator: Bool

        init(kind: String, stack: [Screen], tabs: [Tab] = [], selectedTab: Int? = nil,
                     detents: [String] = [], detent: String? = nil, dragIndicator: Bool = false) {
            self.kind = kind
            self.stack = stack
            self.tabs = tabs
            self.selectedTab = selectedTab
            self.detents = detents
            self.detent = detent
            self.dragIndicator = dragIndicator
        }
    }

    package struct Alert: Sendable, Equatable {
        package var title: String
        package var message: String?
        package var buttons: [String]
        /// "alert" or "confirmation".
        package var style: String
        /// The button `:dismiss` chooses (a "Cancel", or the only button), nil when it has none.
        package var cancel: String?

        init(title: String, message: String? = nil, buttons: [String] = [], style: String = "alert",
                     cancel: String? = nil) {
            self.title = title
            self.message = message
            self.buttons = buttons
            self.style = style
            self.cancel = cancel
        }
    }

    package struct Flow: Sendable, Equatable {
        package var name: String
        package var remaining: [String]

        init(name: String, remaining: [String]) {
            self.name = name
            self.remaining = remaining
        }
    }

    /// A navigation a guard holds until `nav.settle`.
    package struct Pending: Sendable, Equatable {
        package var key: String
        package var operation: String
        package var path: String

        init(key: String, operation: String, path: String) {
            self.key = key
            self.operation = operation
            self.path = path
        }
    }

    package var environments: [Environment]
    package var alert: Alert?
    package var modals: [String]
    /// The running flow and its remaining steps, if any.
    package var flow: Flow?
    package var pending: Pending?
    /// The current screen's matched chain when its route is in a layout ("layout /news (news) › /news/:id"),
    /// else nil (issue 33).
    package var matched: String? = nil

    init(environments: [Environment], alert: Alert? = nil, modals: [String] = [], flow: Flow? = nil,
                 pending: Pending? = nil) {
        self.environments = environments
        self.alert = alert
        self.modals = modals
        self.flow = flow
        self.pending = pending
    }
}
