extension Navigator {
    /// What scripts declare on a navigator, besides its state: how many routes, the not-found route,
    /// the flows, the tabs and observers. Taken before loading a script that must change nothing if
    /// it fails (the REPL's `:load`); the navigation state itself has its own `Checkpoint`.
    package struct Declarations {
        fileprivate let routeCount: Int
        fileprivate let removedRoutes: Set<Int>
        fileprivate let notFound: RouteDefinition?
        fileprivate let errorScreen: ErrorScreen?
        fileprivate let flows: [String: [FlowStep]]
        fileprivate let tabPaths: [String]
        fileprivate let observerKeys: Set<Int>
        fileprivate let hooks: Hooks
    }

    package func declarations() -> Declarations {
        Declarations(routeCount: routes.count, removedRoutes: routes.removed, notFound: notFound, errorScreen: errorScreen, flows: flows, tabPaths: tabPaths,
                     observerKeys: observerKeys, hooks: hooks)
    }

    /// Puts back what `declarations` recorded: routes declared since are forgotten, routes removed since
    /// come back, and observers added since are forgotten. Restore the navigation state first
    /// (`rollBack(to:)`): it may hold screens of the routes this forgets.
    package func restoreDeclarations(_ declarations: Declarations) {
        routes.removeRoutes(after: declarations.routeCount)
        routes.restoreRemoved(declarations.removedRoutes)
        notFound = declarations.notFound
        errorScreen = declarations.errorScreen
        restoreDeclared(flows: declarations.flows, tabPaths: declarations.tabPaths,
                        keepingObservers: declarations.observerKeys)
        replaceHooks(with: declarations.hooks)
    }
}
