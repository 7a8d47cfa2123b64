/// A landed route's `action` waiting to run (`RouteDefinition.action`), with the info it landed with.
struct LandedAction {
    let run: (RouteInfo) throws -> Void
    let info: RouteInfo
}

/// What a landing on an action-only route (an `action`, no title nor view) throws: the operation
/// lands nothing and changes nothing, and the action runs in its place once it is over.
struct ActionOnlyLanding: Error {
    let action: LandedAction
}

extension Navigator {
    /// How deep actions may start navigations that run actions (an action pushing its own path
    /// would otherwise never end).
    static let maxActionDepth = 8

    /// Runs the actions the operation that just finished landed, each as its own transaction: it may
    /// navigate (no operation is in flight any more), and what it did is undone should it raise,
    /// the operation that landed it staying committed. The error then reaches the caller.
    func runLandedActions() throws {
        let actions = landedActions
        dropLandedActions()
        guard actionDepth < Self.maxActionDepth else {
            throw NavigationError(.invalidArgument(operation: lastChange?.operation ?? .push,
                                                  reason: "route actions started navigations that ran actions \(Self.maxActionDepth) deep; an action may not lead to itself"))
        }
        actionDepth += 1
        defer { actionDepth -= 1 }
        for action in actions {
            let before = checkpoint()
            do { try action.run(action.info) } catch {
                try? rollBack(to: before)
                throw error
            }
        }
    }

    func dropLandedActions() {
        landedActions = []
        hasLandedActions = false
    }

    /// The actions as `:trace on` lists them: "/share/:id at app.lua:12".
    package var actionDescriptions: [String] {
        (0..<routes.count).compactMap { index in
            let route = routes[RouteID(rawValue: index)]
            guard route.payload.action != nil else { return nil }
            return route.pattern.text + (route.site.map { " at " + $0 } ?? "")
        }
    }
}
