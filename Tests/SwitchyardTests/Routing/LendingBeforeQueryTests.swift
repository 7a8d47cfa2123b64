import Testing
@testable import Switchyard

/// `withMatch(utf8:pathEnd:)` (issue 37, Lua's `match()` with a query): the path before the `?` or `#`
/// looked up alone must lend the same match as `withMatch(utf8:)` of the whole text, on every shape,
/// with validators that read the query, and where the path alone is not the lookup's to settle.
@Suite struct LendingBeforeQueryTests {
    /// Route, parameters, path and query of a lent match, as one line.
    private static func described(_ match: RouteMatchView?) -> String {
        guard let match else { return "nil" }
        let info = match.info
        let params = info.params.dictionary.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: ",")
        let query = info.query.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: ",")
        return "\(match.route.rawValue) \(info.path) {\(params)} {\(query)} \(info.fragment ?? "-")"
    }

    private static func both(_ table: RouteTable<Int>, _ text: String) throws -> (alone: String, whole: String) {
        let bytes = Array(text.utf8)
        let end = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }!
        return try bytes.withUnsafeBufferPointer { buffer in
            (try table.withMatch(utf8: buffer, pathEnd: end) { described($0) },
             try table.withMatch(utf8: buffer) { described($0) })
        }
    }

    private static func table(caseInsensitive: Bool = false) throws -> RouteTable<Int> {
        let table = RouteTable<Int>(caseInsensitive: caseInsensitive)
        let patterns = ["/q/:a/:b", "/plain", "/files/*rest", "/opt/:x?/:y?", "/many/:p1/:p2/:p3/:p4/:p5/:p6",
                        "/Mixed/:id", "/a/b/c/d", "/a/:x/c/e"]
        for (index, pattern) in patterns.enumerated() { try table.add(pattern, payload: index) }
        try table.add("/typed/:n", parameterTypes: ["n": .int], payload: 100)
        return table
    }

    private static let texts = [
        "/q/1/2?tab=info&page=17", "/q/1/2#top", "/q/1/2?a=1#f", "/plain?", "/plain?&x&&y=", "/plain?k=1&k=2",
        "/plain?a+b=c+d", "/plain?%41=%42", "/files/a/b?x=1", "/files?x=1", "/opt?x=1", "/opt/1/2?z=3",
        "/many/1/2/3/4/5/6?q=1", "/q/a%20b/2?x=1", "/q/1/2/3?x=1", "/nowhere?x=1", "/q/./1/2?x=1", "/q//1/2?x=1",
        "/q/1/2/?x=1", "/mixed/7?x=1", "/a/b/c/e?x=1", "/a/b/c/d?x=1", "/typed/12?x=1", "/typed/twelve?x=1",
        "?x=1", "#frag", "/?x=1", "/q/1/2?x=é",
    ]

    @Test func everyShapeIsLentAsTheWholeTextIs() throws {
        for caseInsensitive in [false, true] {
            let table = try Self.table(caseInsensitive: caseInsensitive)
            for text in Self.texts {
                let (alone, whole) = try Self.both(table, text)
                #expect(alone == whole, "\(text), case-insensitive \(caseInsensitive)")
            }
        }
    }

    @Test func aHitIsLentAsSpansOfThePathWithTheRestReadFromTheText() throws {
        let table = try Self.table()
        let (alone, _) = try Self.both(table, "/q/1/2?tab=info&page=17#top")
        #expect(alone == "0 /q/1/2 {a=1,b=2} {page=17,tab=info} top")
        let bytes = Array("/q/1/2?tab=info".utf8)
        let count = try bytes.withUnsafeBufferPointer { buffer in
            try table.withMatch(utf8: buffer, pathEnd: 6) { $0?.spanCountBeforeQuery }
        }
        #expect(count == 2)
    }

    @Test func aValidatorStillDecidesOnTheQuery() throws {
        // The path alone would be refused (no `tab`), the whole text accepted: the validator must see it.
        let table = RouteTable<Int>()
        try table.add("/v/:id", validator: { info in info.query["tab"] == "yes" ? true : nil }, payload: 1)
        try table.add("/v/:other", payload: 2)
        #expect(try Self.both(table, "/v/7?tab=yes") == ("0 /v/7 {id=7} {tab=yes} -", "0 /v/7 {id=7} {tab=yes} -"))
        #expect(try Self.both(table, "/v/7?tab=no") == ("1 /v/7 {other=7} {tab=no} -", "1 /v/7 {other=7} {tab=no} -"))
    }

    @Test func aMissWithAQueryIsAMiss() throws {
        let table = try Self.table()
        #expect(try Self.both(table, "/nowhere/at/all?x=1") == ("nil", "nil"))
        #expect(try Self.both(table, "/q/1?x=1#f") == ("nil", "nil"))
    }
}
