// `nav.push`'s way in: the path is a `String` made from the Lua string for this one call, so the
// navigator takes it over and a bare landing moves it into the screen's info.
extension Navigator {
    /// `push(_:)` for a path the caller hands over and no longer needs (`nav.push` makes one from the
    /// Lua string for each call). Borrowed, the path was retained for the info of the screen it
    /// landed and released when the call returned: with `RouteDefinition.presentationIfBare` read in
    /// place, a `nav.push` + `nav.pop` pair 2,985.4 → 2,894.4 instructions (callgrind,
    /// `switchyard-bench --counted-loop lua-push-pop parameter-heavy 1000`). What it does is
    /// `push(_:)`'s, to the letter.
    package func push(handingOver path: consuming String) throws {
        // Taken only by a bare landing, which no guard or loader can hold: a held push still has it.
        var handed: String? = consume path
        try holding(HeldCall(operation: .push, arguments: [handed!])) {
            try transactInPlace(.push) { state in
                guard let screen = try landElsewhere(handingOver: &handed, from: state.top.current.topNode)?.screen else { return }
                state.push(screen)
            }
        }
    }

    /// `landElsewhere(_:from:)` for a path handed over: a plain normalised path's bare landing takes it
    /// (`handed` is nil afterwards) into its info instead of a copy. The lookup is
    /// `RouteTable.resolve(plainPath:)`'s, its answers taken as that function takes them, so that the
    /// hit's info can be made from the path moved in: a lookup that leaves the decision to the
    /// candidates, a miss, and text that is not a plain normalised path go as in `landElsewhere(_:from:)`.
    func landElsewhere(handingOver handed: inout String?, from node: Screen.Fields) throws -> Landing? {
        if node.isAt(plainPath: handed!) { return nil }
        var plain: RouteResolution?
        if handed!.utf8.count <= limits.pathBytes {
            var spans = Parameters.InlineSpans()
            let found = routes.withFrozenLookup { lookup in
                handed!.utf8.withContiguousStorageIfAvailable { lookup.find($0, spans: &spans) }
            }
            switch found {
            case .hit(let declaration)?:
                let route = RouteID(rawValue: Int(declaration.takeUnretainedValue().routeIndex))
                if beforeHooks.isEmpty, let presentation = routes[payloadOf: route].presentationIfBare {
                    let info = RouteInfo(path: handed.take()!, route: declaration.takeUnretainedValue(),
                                         spans: spans)
                    return bareLanding(RouteResolution(info), route: route, presentation, redirected: false)
                }
                plain = RouteResolution(RouteInfo(path: handed!, route: declaration.takeUnretainedValue(), spans: spans))
            case .unsettled(.miss)?:
                plain = .miss(of: handed!)
            case .unsettled(.needsCandidates)?:
                do { plain = try routes.resolve(candidatesOf: handed!) } catch let raised as ValidatorRaised {
                    return elsewhere(try errorLanding(raised, redirected: false), from: node.screen)
                }
            case nil, .unsettled(.needsNormalising)?, .hitBeforeQuery?:
                plain = nil
            }
        }
        if let found = plain {
            if let route = found.route, beforeHooks.isEmpty, let presentation = routes[payloadOf: route].presentationIfBare {
                return bareLanding(consume found, route: route, presentation, redirected: false)
            }
            return elsewhere(try land(consume found, at: Location(path: handed!)), from: node.screen)
        }
        let current = node.screen
        let location = Location(parsing: handed!, relativeTo: current.path)
        guard !current.isAt(location) else { return nil }
        return elsewhere(try land(location), from: current)
    }
}
