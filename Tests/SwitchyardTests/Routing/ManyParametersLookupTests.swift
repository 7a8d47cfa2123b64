import Testing
@testable import Switchyard

/// Issue 37: a hit carries up to eight parameters' spans (`Parameters.InlineSpans.capacity`), so a route
/// with five to eight parameters is settled by the walk, spans and all, with no search and no
/// allocation (it was left to the candidates' search past four: six parameters cost `withMatch` 8,844
/// instructions and 2 allocations). Past eight, the candidates decide as before. Every value read
/// back, whichever way, is the full search's (`RouteLookup.all`).
@Suite struct ManyParametersLookupTests {
    private static let patterns = [
        "/five/:a/:b/:c/:d/:e",
        // Typed `int`s: one among the first four (checked in the walk's spans), one past them.
        "/six/:a/s/:b/:c/t/:d/:e/:f",
        "/six/*rest",
        "/eight/:a/:b/:c/:d/:e/:f/:g/:h",
        "/nine/:a/:b/:c/:d/:e/:f/:g/:h/:i",
        // Optional parameters after five others, and a static sibling of the fifth.
        "/opt/:a/:b/:c/:d/:e/:f?/:g?",
        "/opt/:a/:b/:c/:d/fixed",
    ]

    private static func table() throws -> RouteTable<RouteDefinition> {
        let table = RouteTable<RouteDefinition>()
        for pattern in patterns {
            var types: ParameterTypes?
            if pattern.hasPrefix("/six/:") {
                types = try #require(ParameterTypes([("b", .int), ("e", .int)], pattern: try Pattern(pattern)))
            }
            try table.add(pattern, name: nil, validator: nil, parameterTypes: types, payload: RouteDefinition())
        }
        return table
    }

    /// Paths over every route: plain, percent-encoded values, a query or fragment after, typed values
    /// that fit and that do not, optionals present and absent, and one segment short or long.
    private static let paths = [
        "/five/1/2/3/4/5", "/five/a%20b/c%2Fd/%7e/x/y%zz", "/five/1/2/3/4/5?tab=info&x=%41", "/five/1/2/3/4/5#top",
        "/five/1/2/3/4", "/five/1/2/3/4/5/6",
        "/six/x/s/12/y/t/z/34/w", "/six/x/s/-7/y/t/z/123456789012/w", "/six/x/s/12/y/t/z/34/w?page=2",
        "/six/x/s/twelve/y/t/z/34/w", "/six/x/s/12/y/t/z/thirty/w", "/six/x/s/1%32/y/t/z/34/w",
        "/six/verylongvaluepastawordortwo/s/12345678/y/t/anotherlongvalue/12345678901/w",
        "/eight/1/2/3/4/5/6/7/8", "/eight/a/b%20c/d/e/f/g/h/i%3Fj", "/eight/1/2/3/4/5/6/7/8?q=1#f", "/eight/1/2/3/4/5/6/7",
        "/nine/1/2/3/4/5/6/7/8/9", "/nine/1/2/3/4/5/6/7/8/9?x=y", "/nine/a%20/b/c/d/e/f/g/h/i",
        "/opt/1/2/3/4/5", "/opt/1/2/3/4/5/6", "/opt/1/2/3/4/5/6/7", "/opt/1/2/3/4/fixed", "/opt/1/2/3/4/5/6/7/8",
        "/opt/1/2/3/4/5?x=1",
    ]

    /// The reference: the first of every matching route, in rank order, whose typed values fit.
    private static func expected(_ table: RouteTable<RouteDefinition>, _ text: String) throws -> (route: Int, params: [String: String])? {
        let path = Location(parsing: text).path
        for candidate in table.withFrozenLookup({ $0.all(path) }) {
            if let types = table.routes[candidate.route].parameterTypes, try types.refusal(in: candidate.params) != nil { continue }
            return (candidate.route, candidate.params.dictionary)
        }
        return nil
    }

    @Test func everyValueReadsAsTheFullSearchHasIt() throws {
        let table = try Self.table()
        var hits = 0
        for text in Self.paths {
            let expected = try Self.expected(table, text)
            if expected != nil { hits += 1 }
            let found = try table.match(text)
            #expect(found?.route.id.rawValue == expected?.route, "\(text): match")
            #expect(found?.info.params.dictionary == expected?.params, "\(text): match")
            #expect(found?.info.params.count == expected?.params.count, "\(text): match's count")
            let lent = try table.withMatch(text) { match in
                match.map { match in
                    (match.route.rawValue, match.info.params.dictionary, match.parameterCount,
                     Dictionary(uniqueKeysWithValues: (expected?.params ?? [:]).keys.map { ($0, match[parameter: $0]) }))
                }
            }
            #expect(lent?.0 == expected?.route, "\(text): withMatch")
            #expect(lent?.1 == expected?.params, "\(text): withMatch's info")
            #expect(lent?.2 == expected?.params.count, "\(text): withMatch's count")
            #expect(lent.map { $0.3.compactMapValues { $0 } } ?? [:] == expected?.params ?? [:], "\(text): withMatch's values")
        }
        #expect(hits >= 20)
    }

    /// `firstMatch` asks no types: the first route whose pattern matches, by the full search.
    @Test func firstMatchIsTheSearchsFirstShape() throws {
        let table = try Self.table()
        for text in Self.paths {
            let first = table.withFrozenLookup { $0.all(Location(parsing: text).path).first?.route }
            #expect(table.firstMatch(text)?.rawValue == first, "\(text)")
        }
    }

    @Test func aNavigatorPushLandsWithEveryValue() throws {
        let table = try Self.table()
        for text in Self.paths {
            guard let expected = try Self.expected(table, text) else { continue }
            let navigator = Navigator(routes: table)
            try navigator.push(text)
            #expect(navigator.params == expected.params, "\(text)")
            #expect(navigator.info.pattern == Self.patterns[expected.route], "\(text)")
        }
    }

    /// A hit's spans have 16-bit offsets (`Parameters.Span.offsetLimit`): a longer path is not walked,
    /// and the resolution's values, past that limit, are read whole from `overflow`.
    @Test func aPathPastSixteenBitOffsetsMatchesWhole() throws {
        let table = try Self.table()
        let long = String(repeating: "x", count: 40_000)
        for text in ["/five/1/2/3/\(long)/5", "/eight/1/2/3/4/5/6/\(long)/8?q=1", "/five/\(long)/2/3/4/5"] {
            let expected = try #require(try Self.expected(table, text))
            #expect(try table.match(text)?.info.params.dictionary == expected.params, "\(text.prefix(20))")
            #expect(try table.withMatch(text) { $0?.info.params.dictionary } == expected.params, "\(text.prefix(20))")
            #expect(try table.withMatch(text) { $0?[parameter: "e"] } == expected.params["e"], "\(text.prefix(20))")
        }
        #expect(try table.match("/eight/1/2/3/4/5/6/\(long)/8")?.info.params["g"] == long)
        // At the limit the walk still takes it.
        let fits = "/five/1/2/3/4/" + String(repeating: "y", count: Parameters.Span.offsetLimit - 14)
        #expect(fits.utf8.count == Parameters.Span.offsetLimit)
        #expect(try table.withMatch(fits) { $0?.lentSpan(4) } == 14..<Parameters.Span.offsetLimit)
    }

    /// The walk itself settles a hit of five to eight parameters, its spans lent as they are (with
    /// capacity four, `find` answered `needsCandidates` and the match was resolved from a search:
    /// `lentSpanCount` was nil); nine parameters are still the candidates'.
    @Test func theLookupSettlesUpToEightParametersItself() throws {
        let table = try Self.table()
        let settled = ["/five/1/2/3/4/5": 5, "/six/x/s/12/y/t/z/34/w": 6, "/eight/1/2/3/4/5/6/7/8": 8,
                       "/eight/1/2/3/4/5/6/7/8?q=1": 8, "/opt/1/2/3/4/5/6/7": 7]
        for (text, count) in settled {
            let found = table.withFrozenLookup { lookup in
                var bytes = text
                return bytes.withUTF8 { lookup.findWithSpans($0) }
            }
            switch found.found {
            case .hit, .hitBeforeQuery:
                let spans = found.spans
                #expect(Int(spans.count) == count && Int(spans.present) == count, "\(text)")
            default:
                Issue.record("\(text): \(found)")
            }
        }
        #expect(try table.withMatch("/eight/1/2/3/4/5/6/7/8") { $0?.lentSpanCount } == 8)
        #expect(try table.withMatch("/eight/1/2/3/4/5/6/7/8") { $0?.lentSpan(7) } == 21..<22)
        let nine = table.withFrozenLookup { lookup in
            var bytes = "/nine/1/2/3/4/5/6/7/8/9"
            return bytes.withUTF8 { lookup.find($0) }
        }
        guard case .unsettled(.needsCandidates) = nine else { Issue.record("nine parameters: \(nine)"); return }
        #expect(try table.match("/nine/1/2/3/4/5/6/7/8/9")?.info.params["i"] == "9")
    }
}
