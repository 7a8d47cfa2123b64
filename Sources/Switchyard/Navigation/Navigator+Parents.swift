// Parents (URLNavigator#35, FlowStacks#5): a route may name the screen it sits above when reached from
// outside, so a deep link builds a real back stack and `up()` has somewhere to go.
extension Navigator {
    /// Goes to the current screen's parent: pops to it when it is below in the top environment's stack,
    /// otherwise replaces the top screen with it. Throws when the screen's route declares no parent.
    ///
    ///     try navigator.push("/album/7/track/2");  try navigator.up()   // /album/7
    package func up() throws {
        try holding(HeldCall(operation: .up)) {
            try transact(.up) { state in
                let target = try parentPath(of: state.screen)
                if let depth = state.top.current.depthOfNearest(skippingTop: true, where: { $0.isAt(plainPath: target) }) {
                    state.top.current.truncate(to: depth)
                } else if let screen = try landElsewhere(target, from: state.screen)?.screen {
                    state.replaceTop(with: screen)
                }
            }
        }
    }

    /// The parent's path of `screen`: its route's `parent` filled from its parameters.
    func parentPath(of screen: Screen) throws(NavigationError) -> String {
        guard let route = screen.route, let parent = routes[payloadOf: route].parent else {
            throw NavigationError(.invalidArgument(operation: inFlight ?? .up,
                                                   reason: "\(screen.pattern ?? screen.path) declares no parent (route option parent)"))
        }
        let path = LinkTemplate.fill(parent, with: screen.params)
        if let missing = path.split(separator: "/").first(where: { $0.hasPrefix(":") }) {
            throw NavigationError(.invalidArgument(operation: inFlight ?? .up,
                                                   reason: "the parent \(parent) of \(screen.pattern ?? screen.path) needs the parameter \(missing.dropFirst()), which \(screen.path) does not have"))
        }
        return PathResolver.normalize(path)
    }

    /// The screens above which `screen` sits, root-most first, each landed (guards and redirects run).
    /// A chain longer than `maxRedirects` or that comes back to a path is an error.
    func ancestors(of screen: Screen) throws -> [Screen] {
        var chain: [Screen] = []
        var paths: [String] = [screen.path]
        var current = screen
        while let route = current.route, routes[payloadOf: route].parent != nil {
            let path = try parentPath(of: current)
            if paths.contains(path) || paths.count > maxRedirects {
                throw NavigationError(.invalidArgument(operation: inFlight ?? .open,
                                                      reason: "parents loop: " + (paths + [path]).joined(separator: " → ")))
            }
            paths.append(path)
            current = try land(Location(parsing: path)).screen
            chain.append(current)
        }
        return chain.reversed()
    }
}
