import Switchyard

extension NavigationSnapshot {
    /// The printer's view of the navigator's state.
    ///
    ///     StateTreePrinter().render(NavigationSnapshot(navigator))
    init(_ navigator: Navigator) {
        self.init(navigator.state)
        pending = navigator.pendingNavigation.map(Pending.init)
    }

    /// The snapshot with the current screen's matched chain, when its route is in a layout: `:state`
    /// shows it; the state printed after each navigation does not repeat it.
    func showingMatchedChain(of navigator: Navigator) -> NavigationSnapshot {
        var snapshot = self
        let layouts = navigator.screen.parameters.layouts
        if !layouts.isEmpty, let pattern = navigator.screen.pattern {
            snapshot.matched = RouteLayout.chainText(layouts, route: pattern)
        }
        return snapshot
    }

    init(_ state: NavigationState) {
        self.init(
            environments: state.environments.map(Environment.init),
            alert: state.alert.map { Alert(title: $0.title, message: $0.message, buttons: $0.labels, style: $0.style.rawValue,
                                       cancel: $0.cancelButton?.label) },
            modals: state.modals.map { modal in modal.location + (modal.modalStyleText.map { " (\($0))" } ?? "") },
            flow: state.queue.isEmpty ? nil : Flow(name: "queue", remaining: state.queue.map(FlowText.step)))
    }
}

extension NavigationSnapshot.Environment {
    init(_ environment: NavigationEnvironment) {
        let screens = environment.stack.map { NavigationSnapshot.Screen(path: $0.location, title: $0.title) }
        let tabs = zip(environment.tabs, environment.tabStacks).map { name, stack in
            NavigationSnapshot.Tab(name: name, stack: stack.map { NavigationSnapshot.Screen(path: $0.location, title: $0.title) })
        }
        self.init(kind: environment.kind.rawValue, stack: screens, tabs: tabs,
                  selectedTab: tabs.isEmpty ? nil : environment.selectedTab,
                  detents: environment.detents?.available ?? [], detent: environment.detents?.selected,
                  dragIndicator: environment.detents?.showsDragIndicator ?? false)
    }
}

extension NavigationSnapshot.Pending {
    init(_ pending: PendingNavigation) {
        self.init(key: pending.key, operation: pending.operation.rawValue, path: pending.path)
    }
}
