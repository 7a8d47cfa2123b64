/// Why each route won, lost or did not match a path: a teaching tool, which the REPL's `:explain`
/// and Lua's `explain(path)` print (`package`: a host asks the same through Lua).
///
///     print(table.explain("/album/new"))
///     // explain /album/new
///     //   1. /album/new   won
///     //   2. /album/:id   lost to /album/new: static beats parameter at segment 2
///     //   3. /user/:id    no match: segment 1: expected "user", found "album"
package struct Explanation: CustomStringConvertible, Sendable {
    package enum Outcome: Equatable, Sendable {
        case won
        case lost(to: RouteID, because: String)
        /// The pattern matched but the validator returned nil; the next candidate was tried.
        case rejectedByValidator
        /// The validator threw `RouteMismatch` with this reason: a rejection, told why.
        case mismatch(String)
        /// A typed parameter's value does not fit (issue 33), e.g. `id "abc" is not an int`; the next
        /// candidate was tried.
        case parameterRefused(String)
        /// A query value does not fit a route whose schema makes that an error (issue 33,
        /// `query_mismatch = "error"`); a real match stops here with that error.
        case queryFailed(String)
        /// The validator threw; a real match stops here with that error.
        case validatorFailed(String)
        /// The pattern matched but an earlier candidate's validator threw first.
        case notReached
        case noMatch(String)
    }

    package struct Entry: Sendable {
        public let route: RouteID
        public let pattern: String
        /// 1-based position in rank order.
        public let rank: Int
        public let outcome: Outcome

        public var patternMatched: Bool {
            if case .noMatch = outcome { return false }
            return true
        }
    }

    /// The normalised path that was explained.
    package let path: String
    /// Every route, in rank order.
    package let entries: [Entry]

    package var winner: RouteID? {
        entries.first { $0.outcome == .won }?.route
    }

    public var description: String {
        let width = entries.map(\.pattern.count).max() ?? 0
        // Ranks are right-aligned so the patterns start in one column from rank 10 on too.
        let rankWidth = String(entries.count).count
        var lines = ["explain \(path)"]
        if entries.isEmpty { lines.append("  (no routes declared)") }
        for entry in entries {
            let rank = String(entry.rank)
            let indent = String(repeating: " ", count: 2 + rankWidth - rank.count)
            let padding = String(repeating: " ", count: width - entry.pattern.count)
            lines.append("\(indent)\(rank). \(entry.pattern)\(padding)  \(text(of: entry.outcome))")
        }
        if winner == nil && !entries.isEmpty { lines.append("  nothing matched") }
        return lines.joined(separator: "\n")
    }

    /// The outcome as the table says it ("lost to /album/new: static beats parameter at segment 2").
    package func text(of outcome: Outcome) -> String {
        switch outcome {
        case .won: "won"
        case let .lost(to, because):
            "lost to \(entries.first { $0.route == to }?.pattern ?? "route \(to.rawValue)"): \(because)"
        case .rejectedByValidator: "matched, but rejected by its validator"
        case .mismatch(let reason): "matched, but rejected by its validator: \(reason)"
        case .parameterRefused(let reason): "matched, but \(reason)"
        case .queryFailed(let reason): "matched, but \(reason): an error (query_mismatch = \"error\")"
        case .validatorFailed(let message): "matched, but its validator raised an error: \(message)"
        case .notReached: "matched, but not tried: an earlier candidate raised an error"
        case .noMatch(let reason): "no match: \(reason)"
        }
    }
}
