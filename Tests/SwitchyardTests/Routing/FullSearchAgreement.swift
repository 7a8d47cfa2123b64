import Testing
@testable import Switchyard

/// `match`, `withMatch` and `firstMatch` of `text` against the full search of its normalised path
/// (`RouteLookup.all`): the reference the lookup tests of the walk's stops hold every text to.
func expectAsTheFullSearch(_ table: RouteTable<Int>, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let location = Location(parsing: text)
    let expected = table.withFrozenLookup { $0.all(location.path).first }
    let expectedParams = expected?.params.dictionary
    let found = try table.match(text)
    #expect(found?.route.id.rawValue == expected?.route, "\(text): match", sourceLocation: sourceLocation)
    #expect(found?.info.params.dictionary == expectedParams, "\(text): match's params", sourceLocation: sourceLocation)
    #expect(found == nil || found?.info.query == location.query, "\(text): match's query", sourceLocation: sourceLocation)
    let lent = try table.withMatch(text) { $0.map { ($0.route.rawValue, $0.info.params.dictionary, $0.info.query) } }
    #expect(lent?.0 == expected?.route && lent?.1 == expectedParams, "\(text): withMatch", sourceLocation: sourceLocation)
    #expect(lent == nil || lent?.2 == location.query, "\(text): withMatch's query", sourceLocation: sourceLocation)
    #expect(table.firstMatch(text)?.rawValue == expected?.route, "\(text): firstMatch", sourceLocation: sourceLocation)
}

/// The walk's own verdict for `text` and the values of the spans it wrote (the walk alone: a lookup would
/// still answer right through the retrace or the full search where the loop misread a segment).
func walkVerdict(_ table: RouteTable<Int>, _ text: String) -> (FrozenTrie.Walked, [String]) {
    table.withFrozenLookup { lookup in
        var text = text
        return text.withUTF8 { bytes in
            var spans = Parameters.InlineSpans()
            let walked = lookup.trie.walk(bytes, spans: &spans)
            let values = (0..<Int(spans.count)).map { index in
                let span = spans[index]
                return String(decoding: bytes[Int(span.start)..<Int(span.end)], as: UTF8.self)
            }
            return (walked, values)
        }
    }
}

/// A table of `patterns`, each route's payload its place in the list.
func numberedTable(caseInsensitive: Bool = false, _ patterns: [String]) throws -> RouteTable<Int> {
    let table = RouteTable<Int>(caseInsensitive: caseInsensitive)
    for (payload, pattern) in patterns.enumerated() { try table.add(pattern, payload: payload) }
    return table
}
