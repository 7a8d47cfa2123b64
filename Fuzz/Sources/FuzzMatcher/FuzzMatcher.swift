import FuzzInvariants
@testable import Switchyard

/// The matcher over a fixed table (case-sensitive and case-insensitive), compared with `ReferenceMatcher`.
/// Input: the path text (any bytes; `firstMatch(utf8:)` also sees them raw).
/// Properties: `match`, `withMatch`, `matchAll`, `firstMatch`, `explain` agree with the reference on which routes match,
/// in rank order, with which decoded parameters, and on validator fall-through and errors.
nonisolated(unsafe) private let tables = [FixedTable(caseInsensitive: false), FixedTable(caseInsensitive: true)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatcher(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let raw = FuzzInput(data, size).remainingBytes()
    let text = String(decoding: raw, as: UTF8.self)
    for fixed in tables {
        MatcherCheck(fixed: fixed, raw: raw, text: text).run()
    }
    return 0
}

private struct MatcherCheck {
    let fixed: FixedTable
    let raw: [UInt8]
    let text: String

    struct Candidate {
        let route: Int
        let params: [String: String]
    }

    var table: RouteTable<Int> { fixed.table }
    var context: String { "\(PathInvariants.debug(text)) (caseInsensitive: \(table.caseInsensitive))" }

    func run() {
        let candidates = referenceCandidates(Array(text.utf8))
        checkMatch(candidates)
        checkMatchAll(candidates)
        checkFirstMatch(candidates)
        checkExplain(candidates)
        invariant(table.suggestions(for: text).count == 3, "\(context): suggestions must list 3 routes")
    }

    /// Routes whose pattern matches, in rank order, with decoded parameters.
    func referenceCandidates(_ bytes: [UInt8]) -> [Candidate] {
        let segments = ReferenceMatcher.segments(of: bytes)
        let reference = ReferenceMatcher(caseInsensitive: table.caseInsensitive)
        return table.rankedRoutes.compactMap { route in
            reference.align(route.pattern.segments, segments).map { captures in
                Candidate(route: route.id.rawValue,
                          params: captures.mapValues { PercentCoding.decode(String(decoding: $0, as: UTF8.self)) })
            }
        }
    }

    func outcome(_ candidate: Candidate) -> Result<Bool, FixedTable.Boom> {
        FixedTable.declarations[candidate.route].validator.outcome(candidate.params)
    }

    /// The first candidate whose validator accepts, `.failure` when a validator throws before that.
    func expectedWinner(_ candidates: [Candidate]) -> Result<Candidate?, FixedTable.Boom> {
        for candidate in candidates {
            switch outcome(candidate) {
            case .failure(let error): return .failure(error)
            case .success(true): return .success(candidate)
            case .success(false): continue
            }
        }
        return .success(nil)
    }

    func checkMatch(_ candidates: [Candidate]) {
        let expected = expectedWinner(candidates)
        do {
            let found = try table.match(text)
            guard case .success(let winner) = expected else {
                return invariant(false, "\(context): match returned \(String(describing: found?.info.pattern)) but a validator should have thrown")
            }
            invariant(found?.route.id.rawValue == winner?.route,
                      "\(context): match chose \(found?.info.pattern ?? "nothing"), reference \(winner.map { fixed.patterns[$0.route].text } ?? "nothing")")
            if let found, let winner {
                invariant(found.info.params.dictionary == winner.params, "\(context): params \(found.info.params), reference \(winner.params)")
                invariant(found.info.pattern == fixed.patterns[winner.route].text, "\(context): info.pattern \(found.info.pattern)")
                PathInvariants.checkShape(found.info.path, context: "\(context): info.path")
                // The query and fragment, however late they are parsed, are what parsing the location says.
                let location = Location(parsing: text)
                invariant(found.info.query == location.query && found.info.fragment == location.fragment,
                          "\(context): query \(found.info.query) fragment \(String(describing: found.info.fragment)), "
                          + "parsed \(location.query) \(String(describing: location.fragment))")
            }
            // The lent match is the same match: route, pattern, path and every decoded value.
            try table.withMatch(text) { lent in
                invariant(lent?.route == found?.route.id, "\(context): withMatch lent \(String(describing: lent?.route)), match \(String(describing: found?.route.id))")
                if let lent, let found {
                    invariant(lent.pattern == found.info.pattern && lent.info.path == found.info.path
                              && lent.parameterCount == found.info.params.count
                              && found.info.params.allSatisfy { lent[parameter: $0.name] == $0.value },
                              "\(context): withMatch lent \(lent.info.params) at \(lent.info.path), match \(found.info.params)")
                    invariant(lent.info.query == found.info.query && lent.info.fragment == found.info.fragment,
                              "\(context): withMatch lent query \(lent.info.query) fragment \(String(describing: lent.info.fragment)), "
                              + "match \(found.info.query) \(String(describing: found.info.fragment))")
                }
            }
            // Its path looked up alone where the caller says it ends (Lua's `match` with a query) is the
            // same match again.
            let bytes = Array(text.utf8)
            if let end = bytes.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
                try bytes.withUnsafeBufferPointer { buffer in
                    try table.withMatch(utf8: buffer, pathEnd: end) { lent in
                        invariant(lent?.route == found?.route.id,
                                  "\(context): withMatch(utf8:pathEnd:) lent \(String(describing: lent?.route)), match \(String(describing: found?.route.id))")
                        if let lent, let found {
                            invariant(lent.info.path == found.info.path && lent.info.params.dictionary == found.info.params.dictionary
                                      && lent.info.query == found.info.query && lent.info.fragment == found.info.fragment,
                                      "\(context): withMatch(utf8:pathEnd:) lent \(lent.info.params) at \(lent.info.path), match \(found.info.params)")
                        }
                    }
                }
            }
        } catch is FixedTable.Boom {
            guard case .failure = expected else { return invariant(false, "\(context): match threw but no validator should run into \"boom\"") }
        } catch {
            invariant(false, "\(context): match threw an error no validator raises: \(error)")
        }
    }

    func checkMatchAll(_ candidates: [Candidate]) {
        let throwsExpected = candidates.contains { if case .failure = outcome($0) { true } else { false } }
        let accepted = candidates.filter { if case .success(true) = outcome($0) { true } else { false } }
        do {
            let found = try table.matchAll(text)
            invariant(!throwsExpected, "\(context): matchAll should have rethrown a validator's error")
            invariant(found.map(\.route.id.rawValue) == accepted.map(\.route),
                      "\(context): matchAll \(found.map(\.info.pattern)), reference \(accepted.map { fixed.patterns[$0.route].text })")
            for (match, candidate) in zip(found, accepted) {
                invariant(match.info.params.dictionary == candidate.params,
                          "\(context): matchAll params for \(match.info.pattern) \(match.info.params), reference \(candidate.params)")
            }
        } catch {
            invariant(throwsExpected && error is FixedTable.Boom, "\(context): matchAll threw \(error)")
        }
    }

    /// `firstMatch` ignores validators: the best-ranked pattern that matches, on the String and on raw bytes.
    func checkFirstMatch(_ candidates: [Candidate]) {
        let found = table.firstMatch(text)
        invariant(found?.rawValue == candidates.first?.route,
                  "\(context): firstMatch \(String(describing: found)), reference \(String(describing: candidates.first?.route))")
        let foundRaw = table.firstMatch(utf8: raw)
        let expectedRaw = referenceCandidates(raw).first?.route
        invariant(foundRaw?.rawValue == expectedRaw,
                  "\(context): firstMatch(utf8:) \(String(describing: foundRaw)), reference \(String(describing: expectedRaw)) on bytes \(raw.prefix(64))")
    }

    func checkExplain(_ candidates: [Candidate]) {
        let explanation = table.explain(text)
        invariant(!explanation.description.isEmpty, "\(context): empty explanation")
        switch expectedWinner(candidates) {
        case .failure:
            invariant(explanation.winner == nil, "\(context): explain names a winner although a validator throws")
            invariant(explanation.entries.contains { if case .validatorFailed = $0.outcome { true } else { false } },
                      "\(context): explain does not report the validator's error")
        case .success(let winner):
            invariant(explanation.winner?.rawValue == winner?.route,
                      "\(context): explain's winner \(String(describing: explanation.winner)), reference \(String(describing: winner?.route))")
        }
        let matching = Set(candidates.map(\.route))
        invariant(explanation.entries.map(\.route) == table.rankedRoutes.map(\.id), "\(context): explain is not in rank order")
        for entry in explanation.entries {
            invariant(entry.patternMatched == matching.contains(entry.route.rawValue),
                      "\(context): explain says \(entry.pattern) \(entry.patternMatched ? "matched" : "did not match"), the reference disagrees")
            if case .noMatch(let reason) = entry.outcome {
                invariant(reason != "the pattern does not match", "\(context): explain could not say why \(entry.pattern) failed")
            }
        }
    }
}
