// The alert and the modals over the top screen. Both go away when the top screen changes.
extension Navigator {
    /// Shows an alert. Only one may be active.
    ///
    ///     try navigator.alert(Alert(title: "Saved"))                       // one "OK" button
    package func alert(_ alert: Alert) throws {
        if let duplicate = alert.labels.firstDuplicate {
            throw NavigationError(.duplicateButton(duplicate))
        }
        try transact(.alert) { state in
            if let active = state.alert { throw NavigationError(.alertActive(title: active.title)) }
            state.alert = alert
        }
    }

    /// Chooses a button: dismisses the alert and runs the button's action, as one operation and one
    /// timeline entry. The action may navigate; should it fail, everything it and the dismissal did is
    /// undone and its error rethrown. A restored alert's buttons have no actions: choosing them only
    /// dismisses.
    ///
    ///     try navigator.choose("Delete")
    package func choose(_ label: String) throws {
        let before = checkpoint()
        var action: (() throws -> Void)?
        try transact(.choose) { state in
            guard let alert = state.alert else { throw NavigationError(.noAlert(operation: .choose)) }
            guard let button = alert.buttons.first(where: { $0.label == label }) else {
                throw NavigationError(.unknownButton(label, available: alert.labels))
            }
            action = button.action
            state.alert = nil
        }
        guard let action else { return }
        do {
            try action()
        } catch {
            try? rollBack(to: before)   // nothing is in flight once the action has returned
            throw error
        }
        fold(since: before, as: .choose)
    }

    /// Dismisses the alert without choosing. Throws when none is active.
    package func dismissAlert() throws {
        try transact(.dismissAlert) { state in
            guard state.alert != nil else { throw NavigationError(.noAlert(operation: .dismissAlert)) }
            state.alert = nil
        }
    }

    /// Shows `path` as a modal over the top screen; modals stack.
    ///
    ///     try navigator.modal("/toast/saved");  navigator.modals.count == 1
    ///
    /// `options` may say how it enters and what is behind it (`transition`, `background`) and give it
    /// parameters and callbacks.
    package func modal(_ path: String, options: ScreenOptions = ScreenOptions()) throws {
        try holding(HeldCall(operation: .modal, arguments: [path], options: options)) {
            try transact(.modal) { state in
                let location = Location(parsing: path, relativeTo: state.screen.path)
                state.modals.append(try land(options: options, at: location).screen)
            }
        }
    }

    /// Dismisses the topmost modal. Throws when none is shown.
    package func dismissModal() throws {
        try transact(.dismissModal) { state in
            guard !state.modals.isEmpty else {
                throw NavigationError(.nothingToDismiss(operation: .dismissModal, reason: "no modal is shown"))
            }
            state.modals.removeLast()
        }
    }
}
