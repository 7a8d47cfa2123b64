/// A global `before` hook (the Lua API's `nav.before`): asked for every landing that asks guards,
/// before the route's own guards, with the landing's info and the info of the screen the operation
/// started from. It answers as a guard does (allow, block, redirect, pending).
package struct BeforeHook {
    package let key: Int
    /// Where it was declared ("app.lua:3"), for chains and `:trace`.
    package let site: String?
    package let ask: (_ to: RouteInfo, _ from: RouteInfo) throws -> GuardDecision
}

/// A global `after` hook (`nav.after`): told after each committed change. It cannot change the
/// answer; an error in it undoes the change, as an error in any observer does.
package struct AfterHook {
    package let key: Int
    package let site: String?
    package let handler: (NavigationEvent) throws -> Void
}

extension Navigator {
    /// Adds a hook asked before every landing's route guards, after those added before it. Returns
    /// the key `removeHook` takes.
    ///
    ///     let key = navigator.addBeforeHook(site: "app.lua:3") { to, _ in signedIn || to.path == "/login" ? .allow : .redirect("/login") }
    @discardableResult
    package func addBeforeHook(site: String?, _ ask: @escaping (RouteInfo, RouteInfo) throws -> GuardDecision) -> Int {
        let key = makeObserverKey()
        beforeHooks.append(BeforeHook(key: key, site: site, ask: ask))
        return key
    }

    /// Adds a hook told after every committed change (after the observers added before it).
    @discardableResult
    package func addAfterHook(site: String?, _ handler: @escaping (NavigationEvent) throws -> Void) -> Int {
        let key = makeObserverKey()
        afterHooks.append(AfterHook(key: key, site: site, handler: handler))
        observe(key: key, handler)
        return key
    }

    /// Removes the hook under `key`; false when there is none (removed already).
    @discardableResult
    package func removeHook(_ key: Int) -> Bool {
        let count = beforeHooks.count + afterHooks.count
        beforeHooks.removeAll { $0.key == key }
        afterHooks.removeAll { $0.key == key }
        removeObserver(key)
        return beforeHooks.count + afterHooks.count < count
    }

    /// Each hook as `:trace` lists it, in the order they run: "nav.before at app.lua:3".
    package var hookDescriptions: [String] {
        beforeHooks.map { "nav.before" + ($0.site.map { " at " + $0 } ?? "") }
            + afterHooks.map { "nav.after" + ($0.site.map { " at " + $0 } ?? "") }
    }

    package func hasHook(_ key: Int) -> Bool {
        beforeHooks.contains { $0.key == key } || afterHooks.contains { $0.key == key }
    }

    /// A copy (`fresh()`) keeps the hooks: they are part of the app, as its routes are.
    func copyHooks(from original: Navigator) {
        beforeHooks = original.beforeHooks
        afterHooks = original.afterHooks
        for hook in afterHooks { observe(key: hook.key, hook.handler) }
    }

    /// The hooks as they are now, to put back with `replaceHooks(with:)`.
    package struct Hooks {
        fileprivate let before: [BeforeHook]
        fileprivate let after: [AfterHook]
    }

    package var hooks: Hooks { Hooks(before: beforeHooks, after: afterHooks) }

    /// Makes `hooks` the navigator's hooks, whatever was added or removed since they were taken: how
    /// each scenario test starts with its file's hooks (not those an earlier test added), and how a
    /// failed `:load` puts them back.
    package func replaceHooks(with hooks: Hooks) {
        for hook in afterHooks { removeObserver(hook.key) }
        beforeHooks = hooks.before
        afterHooks = hooks.after
        for hook in afterHooks { observe(key: hook.key, hook.handler) }
    }

    /// The `before` hooks' answer for a landing, then the route's guard's: the first that does not
    /// allow decides (later ones are not asked). A hook that decides joins the chain.
    func askBeforeHooks(_ info: RouteInfo, then guardian: ((RouteInfo) throws -> GuardDecision)?,
                        route: RouteID?) throws -> (GuardDecision, byHook: BeforeHook?) {
        let from = timeline.state.screen.info
        for hook in beforeHooks {
            let decision = try hook.ask(info, from)
            if decision != .allow {
                recordChainStep(.hooked(site: hook.site, path: info.path, decision))
                return (decision, hook)
            }
        }
        guard let guardian else { return (.allow, nil) }
        return (try guardian(info), nil)
    }
}
