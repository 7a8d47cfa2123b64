extension RouteTable {
    /// For teaching: every route in rank order, whether its pattern matched and why it won or lost.
    /// Runs the validators of the candidates ranked above the winner, as `match` does.
    ///
    ///     print(table.explain("/album/new"))
    package func explain(_ path: String) -> Explanation {
        let location = Location(parsing: path)
        let matched = Dictionary(lookup.all(location.path).map { ($0.route, $0) }) { first, _ in first }
        let segments = PathSegmenter.strings(location.path)
        var outcomes: [Int: Explanation.Outcome] = [:]
        var winner: Int?
        var failed = false
        for route in rankOrder {
            guard let candidate = matched[route] else {
                let alignment = PatternAlignment(pattern: storage[route].pattern.segments, path: segments,
                                                 caseInsensitive: caseInsensitive)
                outcomes[route] = .noMatch(alignment.mismatch() ?? "the pattern does not match")
                continue
            }
            if failed {
                outcomes[route] = .notReached
            } else if let winner {
                outcomes[route] = .lost(to: RouteID(rawValue: winner), because: reason(route, lostTo: winner))
            } else {
                do {
                    if let types = storage[route].parameterTypes,
                       let refusal = try types.refusal(in: lookup.info(candidate, at: location).params) {
                        outcomes[route] = .parameterRefused(refusal)
                        continue
                    }
                    if let schema = storage[route].querySchema, let refusal = try schema.refusal(in: location.query) {
                        guard schema.mismatch == .error else {
                            outcomes[route] = .parameterRefused(refusal)
                            continue
                        }
                        // `query_mismatch = "error"`: a real lookup stops here with this error.
                        failed = true
                        outcomes[route] = .queryFailed(refusal)
                        continue
                    }
                    // The validator called directly (not through `validated`), to hear a mismatch's reason.
                    let accepted = try validators[route].map { validate in
                        try validate(lookup.info(candidate, at: location)) != nil
                    } ?? true
                    if accepted {
                        winner = route
                        outcomes[route] = .won
                    } else {
                        outcomes[route] = .rejectedByValidator
                    }
                } catch let mismatch as RouteMismatch {
                    outcomes[route] = mismatch.reason.map(Explanation.Outcome.mismatch) ?? .rejectedByValidator
                } catch {
                    failed = true
                    outcomes[route] = .validatorFailed("\(error)")
                }
            }
        }
        let entries = rankOrder.enumerated().map { rank, route in
            Explanation.Entry(route: RouteID(rawValue: route), pattern: storage[route].pattern.text,
                              rank: rank + 1, outcome: outcomes[route]!)
        }
        return Explanation(path: location.path, entries: entries)
    }

    /// Why `loser` ranks below `winner`, e.g. "static beats parameter at segment 2".
    private func reason(_ loser: Int, lostTo winner: Int) -> String {
        let mine = storage[loser].pattern.segments
        let theirs = storage[winner].pattern.segments
        for index in 0..<max(mine.count, theirs.count) {
            let their = index < theirs.count ? theirs[index] : nil
            let my = index < mine.count ? mine[index] : nil
            if their?.specificity == my?.specificity { continue }
            let segment = index + 1
            guard let my else { return "a longer pattern beats one that has ended at segment \(segment)" }
            guard let their else { return "a pattern that has ended beats \(my.kindName.hasPrefix("o") ? "an" : "a") \(my.kindName) at segment \(segment)" }
            return "\(their.kindName) beats \(my.kindName) at segment \(segment)"
        }
        return "equally specific, and declared earlier"
    }
}
