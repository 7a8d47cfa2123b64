import Testing
@testable import Switchyard

private struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }

@Suite struct ExplanationTests {
    @Test func explainsWinnersLosersAndMismatches() throws {
        let table = RouteTable<String>()
        try table.add("/user/:id", payload: "")
        try table.add("/album/:id", payload: "")
        try table.add("/album/new", payload: "")
        let explanation = table.explain("/album/new")
        #expect(explanation.winner == RouteID(rawValue: 2))
        #expect(explanation.description == """
            explain /album/new
              1. /album/new  won
              2. /user/:id   no match: segment 1: expected "user", found "album"
              3. /album/:id  lost to /album/new: static beats parameter at segment 2
            """)
        #expect(explanation.entries.map(\.patternMatched) == [true, false, true])
    }

    @Test func columnsStayAlignedPastRankNine() throws {
        let table = RouteTable<String>()
        for index in 1...11 { try table.add("/r\(index)", payload: "") }
        let lines = table.explain("/r11").description.split(separator: "\n").dropFirst()
        #expect(lines.first == "   1. /r1   no match: segment 1: expected \"r1\", found \"r11\"")
        #expect(lines.last == "  11. /r11  won")
        let patternColumns = Set(lines.map { $0.distance(from: $0.startIndex, to: $0.firstIndex(of: "/")!) })
        let outcomeColumns = Set(lines.map { line in
            line.distance(from: line.startIndex, to: (line.firstRange(of: "no match") ?? line.firstRange(of: "won"))!.lowerBound)
        })
        #expect(patternColumns == [6])
        #expect(outcomeColumns == [12])
    }

    @Test func explainsLengthMismatches() throws {
        let table = RouteTable<String>()
        try table.add("/user/:id", payload: "")
        try table.add("/user/:id/posts", payload: "")
        let explanation = table.explain("/user")
        #expect(explanation.winner == nil)
        #expect(explanation.entries.map(\.outcome) == [
            .noMatch("the path ends before segment 2 (:id)"),
            .noMatch("the path ends before segment 2 (:id)"),
        ])
        #expect(explanation.description.hasSuffix("nothing matched"))
        #expect(table.explain("/user/1/posts/x").entries[1].outcome
                == .noMatch("the pattern ends after segment 3, but the path continues with \"x\""))
    }

    @Test func explainsValidatorsAndDeclarationOrder() throws {
        let table = RouteTable<String>()
        try table.add("/a/:x", validator: { _ in nil }, payload: "")
        try table.add("/a/:y", payload: "")
        try table.add("/:s/:t", payload: "")
        try table.add("/a/*", payload: "")
        let entries = table.explain("/a/b").entries
        #expect(entries.map(\.outcome) == [
            .rejectedByValidator,
            .won,
            .lost(to: RouteID(rawValue: 1), because: "parameter beats splat at segment 2"),
            .lost(to: RouteID(rawValue: 1), because: "static beats parameter at segment 1"),
        ])
        #expect(entries.map(\.rank) == [1, 2, 3, 4])
        #expect(entries.map(\.route.rawValue) == [0, 1, 3, 2])
    }

    @Test func explainsTiesAndEndedPatterns() throws {
        let table = RouteTable<String>()
        try table.add("/a", payload: "")
        try table.add("/a/:x?", payload: "")
        #expect(table.explain("/a").entries[1].outcome
                == .lost(to: RouteID(rawValue: 0), because: "a pattern that has ended beats an optional parameter at segment 2"))
        let ties = RouteTable<String>()
        try ties.add("/a/:x", validator: { _ in 1 }, payload: "")
        try ties.add("/a/:y", payload: "")
        #expect(ties.explain("/a/b").entries[1].outcome
                == .lost(to: RouteID(rawValue: 0), because: "equally specific, and declared earlier"))
    }

    @Test func explainsAValidatorError() throws {
        let table = RouteTable<String>()
        try table.add("/a/:x", validator: { _ in throw Boom() }, payload: "")
        try table.add("/a/*", payload: "")
        let entries = table.explain("/a/b").entries
        #expect(entries.map(\.outcome) == [.validatorFailed("boom"), .notReached])
    }

    @Test func explainsAnEmptyTable() {
        #expect(RouteTable<String>().explain("x").description == "explain /x\n  (no routes declared)")
    }

    @Test func suggestsNearestPatterns() throws {
        let table = RouteTable<String>()
        for pattern in ["/", "/settings", "/album/:id", "/albums", "/user/:id/posts"] { try table.add(pattern, payload: pattern) }
        #expect(table.suggestions(for: "/albun/12").map(\.payload) == ["/album/:id", "/albums", "/"])
        #expect(table.suggestions(for: "/user/7/post", limit: 1).map(\.payload) == ["/user/:id/posts"])
        #expect(table.suggestions(for: "/x", limit: 0).isEmpty)
        #expect(RouteTable<String>().suggestions(for: "/x").isEmpty)
    }
}
