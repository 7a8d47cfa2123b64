// Operations on the location and the push stack of the top environment.
extension Navigator {
    /// Changes the location the way a browser does: replaces the top screen of the top environment.
    /// Relative paths resolve against the current path as a directory. `replace` overwrites the
    /// current timeline entry instead of adding one.
    ///
    ///     try navigator.go("/news");  try navigator.go("latest")   // /news/latest
    ///     try navigator.go("..", replace: true)                    // /news, no new history entry
    public func go(_ path: String, replace: Bool = false) throws {
        // "myapp://album/123" read as a path lands on not-found at "/myapp:/album/123": a URL is
        // refused here, and `open` is where it is followed.
        if DeepLink.hasScheme(path) {
            throw NavigationError(.invalidArgument(operation: .go, reason: "\"\(path)\" is a deep link: use :open (nav.open)"))
        }
        try holding(HeldCall(operation: .go, arguments: [path], replace: replace)) {
            try transact(.go, replacing: replace) { state in
                // The screen is taken out of the landing, so the stack can make it its node (see ScreenStack).
                guard let screen = try landElsewhere(path, from: state.screen)?.screen else { return }
                state.replaceTop(with: screen)
            }
        }
    }

    /// Pushes a screen on the top environment's stack (a no-op if it is the current location).
    ///
    ///     try navigator.push("/album/12")
    public func push(_ path: String) throws {
        try holding(HeldCall(operation: .push, arguments: [path])) {
            try transactInPlace(.push) { state in
                guard let screen = try landElsewhere(path, from: state.top.current.topNode)?.screen else { return }
                state.push(screen)
            }
        }
    }

    /// `push(_:)` giving the screen `options`: parameters beside the path's, callbacks for when it goes.
    ///
    ///     try navigator.push("/item/1", options: ScreenOptions(params: ["text": "Hello!"]))
    public func push(_ path: String, options: ScreenOptions) throws {
        guard !options.isEmpty else { return try push(path) }
        try holding(HeldCall(operation: .push, arguments: [path], options: options)) {
            try transact(.push) { state in
                guard let screen = try landElsewhere(path, from: state.screen, options: options)?.screen else { return }
                state.push(screen)
            }
        }
    }

    /// Pops the top screen, handing `result` to its `onResult` after the pop commits (Flutter's
    /// `pop(result)`). False when there was nothing to pop.
    ///
    ///     try navigator.push("/picker", options: ScreenOptions(onResult: { color = $0 as? String }))
    ///     try navigator.pop(result: "blue")
    @discardableResult
    public func pop(result: Any?) throws -> Bool {
        try handingResult(result) { try pop() }
    }

    /// Pushes several screens as one operation and one timeline entry (SwiftfulRouting's
    /// pushScreenStack): each path lands (guards and redirects run) relative to the one before; should
    /// any fail, nothing is pushed. A path that is where the stack already is adds nothing.
    ///
    ///     try navigator.pushStack(["/library", "/library/albums", "/album/12"])
    package func pushStack(_ paths: [String]) throws {
        guard !paths.isEmpty else { throw NavigationError(.invalidArgument(operation: .pushStack, reason: "no paths to push")) }
        try holding(HeldCall(operation: .pushStack, arguments: paths)) {
            try transact(.pushStack) { state in
                for path in paths {
                    guard let screen = try landElsewhere(path, from: state.screen)?.screen else { continue }
                    state.push(screen)
                }
            }
        }
    }

    /// Pops up to `count` screens off the top environment's stack, never its root and never across
    /// environments. False when there was nothing to pop.
    ///
    ///     navigator.stack.count == 3;  try navigator.pop(5) == true;  navigator.stack.count == 1
    @discardableResult
    public func pop(_ count: Int = 1) throws -> Bool {
        guard count >= 0 else { throw NavigationError(.invalidCount(count, operation: .pop)) }
        return try transactInPlace(.pop) { state in
            state.top.current.truncate(to: max(1, state.top.current.count - count))
        }
    }

    /// Pops back to the nearest screen below with this path (relative allowed; query ignored),
    /// looking through lower environments too and dismissing the ones above it. Already there: no-op.
    ///
    ///     try navigator.popTo("/album/12")
    public func popTo(_ path: String) throws {
        try transact(.popTo) { state in
            let target = Location(parsing: path, relativeTo: state.screen.path).path
            guard state.screen.path != target else { return }
            guard state.popTo(where: { $0.path == target }) else {
                throw NavigationError(.screenNotFound(path, stack: state.top.stack.map(\.path)))
            }
        }
    }

    /// Pops back to the screen with this id, as `popTo(_:)` does for a path.
    ///
    ///     let album = navigator.screen.id;  try navigator.push("/photo/1");  try navigator.popTo(id: album)
    package func popTo(id: Int) throws {
        try transact(.popTo) { state in
            guard state.screen.id != id else { return }
            guard state.popTo(where: { $0.id == id }) else {
                throw NavigationError(.screenNotFound("#\(id)", stack: state.top.stack.map { "#\($0.id) \($0.path)" }))
            }
        }
    }

    /// Pops the top environment's stack to its first screen. False when it was already there.
    ///
    ///     try navigator.popToRoot();  navigator.stack.count == 1
    @discardableResult
    public func popToRoot() throws -> Bool {
        try transact(.popToRoot) { state in state.top.current.truncate(to: 1) }
    }

    /// Moves `count` entries back along the timeline (clamped). False when there is nothing behind.
    /// The recorded state comes back as it was, once the guards (and `before` hooks) of the screens it
    /// brings back allow them again: a block or pending answer refuses the move (nothing changes), a
    /// redirect replaces the guarded screen as `revalidate()` does, in the entry moved to.
    ///
    ///     try navigator.push("/a");  try navigator.back();  navigator.path == "/";  navigator.canForward
    @discardableResult
    public func back(_ count: Int = 1) throws -> Bool {
        guard count >= 0 else { throw NavigationError(.invalidCount(count, operation: .back)) }
        return try travel(.back, by: -count)
    }

    /// Moves `count` entries forward along the timeline (clamped). False when there is nothing ahead.
    ///
    ///     try navigator.back();  try navigator.forward()
    @discardableResult
    public func forward(_ count: Int = 1) throws -> Bool {
        guard count >= 0 else { throw NavigationError(.invalidCount(count, operation: .forward)) }
        return try travel(.forward, by: count)
    }

    /// Lands `path` unless it is the current location (before or after redirects): nil then.
    func landElsewhere(_ path: String, from current: Screen) throws -> Landing? {
        try landElsewhere(path, from: current.stackNode)
    }

    /// `landElsewhere(_:from:)` given the current screen's node, which a caller reads from its stack in
    /// place: a `Screen` made for the call retained and released it (`push`: 31 instructions a
    /// `nav.push` + `nav.pop` pair, 3,794.8 against 3,763.8; callgrind, `switchyard-bench
    /// --counted-loop lua-push-pop parameter-heavy 1000`).
    func landElsewhere(_ path: String, from node: Screen.Fields) throws -> Landing? {
        // The current path is normalised, so only a plain normalised path can be it as written: "already
        // there" is decided before any validator runs.
        if node.isAt(plainPath: path) { return nil }
        // A plain normalised path (the common case) is its own location: the lookup checks it and finds
        // its route in one pass. A path over the length limit takes the general way, which refuses it.
        let plain: RouteResolution?
        do { plain = path.utf8.count <= limits.pathBytes ? try routes.resolve(plainPath: path) : nil } catch let raised as ValidatorRaised {
            return elsewhere(try errorLanding(raised, redirected: false), from: node.screen)
        }
        if let found = plain {
            // Not redirected, so not back where it was. (The bare landing is `land(_:at:)`'s own, taken
            // here without making a location: through `land`, a push + pop pair cost 4,401 instructions,
            // not 4,082; callgrind, `--counted-loop lua-push-pop parameter-heavy 1000`.)
            if let route = found.route, beforeHooks.isEmpty, let presentation = routes[payloadOf: route].presentationIfBare {
                return bareLanding(consume found, route: route, presentation, redirected: false)
            }
            return elsewhere(try land(consume found, at: Location(path: path)), from: node.screen)
        }
        let current = node.screen
        let location = Location(parsing: path, relativeTo: current.path)
        guard !current.isAt(location) else { return nil }
        return elsewhere(try land(location), from: current)
    }

    /// `landElsewhere(_:from:)` for a call with options: their params passed to the landing, the rest
    /// kept on the screen.
    func landElsewhere(_ path: String, from current: Screen, options: ScreenOptions) throws -> Landing? {
        let location = Location(parsing: path, relativeTo: current.path)
        guard !current.isAt(location) else { return nil }
        return elsewhere(try land(options: options, at: location), from: current)
    }

    /// `landed` unless a redirect brought it back to `current`'s location (without one, it is at the
    /// location asked for, which the caller has checked is not `current`'s).
    func elsewhere(_ landed: Landing, from current: Screen) -> Landing? {
        landed.redirected && landed.screen.hasSameLocation(as: current) ? nil : landed
    }
}
