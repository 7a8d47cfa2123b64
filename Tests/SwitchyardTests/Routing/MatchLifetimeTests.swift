import Testing
@testable import Switchyard

/// Issue 37 item 2: an owned match holds its info as a value (the caller's text, the spans, the route's
/// declaration as the parameters' origin) and the route's declaration and payload. Nothing in it may
/// point into the caller's string or the table: a match kept after both are gone reads what it read
/// while they lived. (`OwnedMatchTests.aMatchOutlivesTheStringItWasMadeFrom` keeps the string alone.)
@Suite struct MatchLifetimeTests {
    /// A table with a plain route, one with more than four parameters (resolved from the candidates)
    /// and one with a validator (its value is in the info), declared in a scope that lets it go.
    private func matchesOfATableThatIsGone() throws -> (plain: RouteMatch<String>, six: RouteMatch<String>,
                                                         validated: RouteMatch<String>, lent: RouteInfo,
                                                         tableWasFreed: Bool) {
        weak var released: RouteTable<String>?
        let found: (RouteMatch<String>, RouteMatch<String>, RouteMatch<String>, RouteInfo)
        do {
            let table = RouteTable<String>()
            try table.add("/album/:id", name: "album", payload: String(repeating: "a", count: 32))
            try table.add("/q/:a/:b/:c/:d/:e/:f", name: "six", payload: "six")
            try table.add("/user/:name", name: "user", validator: { info in info.params["name"]!.uppercased() },
                          payload: "user")
            released = table
            // Texts past 15 bytes are heap strings, freed with the last reference to them.
            let value = String(repeating: "7", count: 40)
            let plain = try #require(try table.match("/album/\(value)?long=\(value)#part-\(value)"))
            let six = try #require(try table.match("/q/1/2/3/4/5/\(value)?k=\(value)"))
            let validated = try #require(try table.match("/user/\(value)x"))
            let lent = try #require(try table.withMatch("/album/\(value)?long=\(value)") { $0?.info })
            found = (plain, six, validated, lent)
        }
        return (found.0, found.1, found.2, found.3, released == nil)
    }

    @Test func aMatchOutlivesTheCallersStringAndTheTable() throws {
        let value = String(repeating: "7", count: 40)
        let (plain, six, validated, lent, tableWasFreed) = try matchesOfATableThatIsGone()
        #expect(tableWasFreed)

        #expect(plain.route.name == "album" && plain.route.pattern.text == "/album/:id")
        #expect(plain.route.payload == String(repeating: "a", count: 32) && plain.route.id == RouteID(rawValue: 0))
        #expect(plain.info.path == "/album/\(value)" && plain.info.pattern == "/album/:id")
        #expect(plain.info.params == ["id": value])
        #expect(plain.info.query == ["long": value] && plain.info.fragment == "part-\(value)")

        #expect(six.route.name == "six" && six.route.payload == "six")
        #expect(six.info.params == ["a": "1", "b": "2", "c": "3", "d": "4", "e": "5", "f": value])
        #expect(six.info.path == "/q/1/2/3/4/5/\(value)" && six.info.query == ["k": value])

        #expect(validated.route.name == "user" && validated.info.value as? String == value + "X")
        #expect(validated.info.params == ["name": value + "x"] && validated.info.pattern == "/user/:name")

        #expect(lent.path == "/album/\(value)" && lent.params == ["id": value] && lent.query == ["long": value])
    }

    /// Copies of a match share its info until one of them changes it.
    @Test func aCopyOfAMatchKeepsItsInfoWhenTheOtherChangesIt() throws {
        let (plain, _, _, _, _) = try matchesOfATableThatIsGone()
        var changed = plain
        changed.info.params = ["other": "1"]
        changed.info.fragment = nil
        #expect(changed.info.params == ["other": "1"] && changed.info.fragment == nil)
        #expect(changed.route.name == "album" && changed.info.pattern == "/album/:id")
        #expect(plain.info.params == ["id": String(repeating: "7", count: 40)])
        #expect(plain.info.fragment == "part-" + String(repeating: "7", count: 40))
    }
}
