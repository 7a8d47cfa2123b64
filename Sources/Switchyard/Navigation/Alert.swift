/// A button of an alert. Its action runs when the button is chosen; actions are not serialisable, so
/// `save()` keeps only the label and a restored alert's buttons have no actions.
///
///     AlertButton("Delete") { try navigator.pop() }
package struct AlertButton {
    public let label: String
    public let action: (() throws -> Void)?

    public init(_ label: String, action: (() throws -> Void)? = nil) {
        self.label = label
        self.action = action
    }
}

/// How an alert is shown: SwiftfulRouting's `.alert` (a centred box) or `.confirmationDialog` (an
/// action sheet rising from the bottom, for a choice among actions).
package enum AlertStyle: String, Codable, Sendable, CaseIterable {
    case alert, confirmation
}

/// The one alert that may be active, buttons in display order (an alert without buttons gets "OK").
///
///     try navigator.alert(Alert(title: "Delete?", message: "This cannot be undone",
///                               buttons: [AlertButton("Cancel"), AlertButton("Delete") { try navigator.pop() }]))
///     try navigator.choose("Delete")
package struct Alert: Equatable {
    public let title: String
    public let message: String?
    public let buttons: [AlertButton]
    public let style: AlertStyle

    public init(title: String, message: String? = nil, buttons: [AlertButton] = [], style: AlertStyle = .alert) {
        self.title = title
        self.message = message
        self.buttons = buttons.isEmpty ? [AlertButton("OK")] : buttons
        self.style = style
    }

    public var labels: [String] { buttons.map(\.label) }

    /// The button a dismissal chooses (`Navigator.dismiss`, the REPL's `:dismiss`), as tapping outside
    /// or Escape does on a device: the one labelled "Cancel" (in any case), else the only button (an
    /// alert that only acknowledges, "OK"). Nil when the alert asks for a real choice.
    public var cancelButton: AlertButton? {
        buttons.first { $0.label.lowercased() == "cancel" }
            ?? (buttons.count == 1 ? buttons[0] : nil)
    }

    /// Why this alert cannot be dismissed, naming its buttons ("the alert 'Delete?' has no Cancel
    /// button: :choose one of Delete, Keep").
    public var noCancelReason: String {
        "the alert '\(title)' has no Cancel button: :choose one of \(labels.joined(separator: ", ")) (nav.choose)"
    }

    /// Actions are closures and cannot be compared: two alerts are equal when they read the same.
    public static func == (a: Alert, b: Alert) -> Bool {
        a.title == b.title && a.message == b.message && a.labels == b.labels && a.style == b.style
    }
}
