import Testing
@testable import Switchyard

/// Issue 37, seventeenth session: `match` makes the match it returns after its branches meet, from an
/// image of an info (`RouteInfo.Image`: no reference counted) that is copied once; a resolved info that
/// is more than the caller's text's parameters of the route is held whole aside (`RouteMatch.resolvedInfo`),
/// and the match's `storedInfo` then holds the route's declaration alone. Every kind of match `match`
/// makes (a hit, a hit before a query, a resolved plain path, a normalised path, a validator's value,
/// more than eight parameters) must read as it did, and keep what it reads after the table and the
/// caller's text are gone.
@Suite struct MatchMadeAfterItsBranchesMeetTests {
    /// What a match reads, as plain values (the route's name and payload, the info's fields).
    private struct Reading: Equatable {
        let name: String?
        let payload: String
        let id: RouteID
        let path: String
        let pattern: String
        let params: [String: String]
        let query: [String: String]
        let fragment: String?
        let value: String?

        init(name: String?, payload: String, id: RouteID, path: String, pattern: String, params: [String: String],
             query: [String: String], fragment: String?, value: String?) {
            (self.name, self.payload, self.id, self.path, self.pattern) = (name, payload, id, path, pattern)
            (self.params, self.query, self.fragment, self.value) = (params, query, fragment, value)
        }

        init(_ match: RouteMatch<String>) {
            name = match.route.name
            payload = match.route.payload
            id = match.route.id
            path = match.info.path
            pattern = match.info.pattern
            params = match.info.params.dictionary
            query = match.info.query
            fragment = match.info.fragment
            value = match.info.value as? String
        }
    }

    /// Heap texts (past 15 bytes), freed with the last reference to them.
    private static let long = String(repeating: "7", count: 40)

    /// One text of each kind of match, with what it must read.
    private static var cases: [(text: String, expected: Reading)] {
        let v = long
        func reading(_ name: String?, _ payload: String, _ id: Int, _ path: String, _ pattern: String,
                     _ params: [String: String], query: [String: String] = [:], fragment: String? = nil,
                     value: String? = nil) -> Reading {
            Reading(name: name, payload: payload, id: RouteID(rawValue: id), path: path, pattern: pattern,
                    params: params, query: query, fragment: fragment, value: value)
        }
        let nine = (1...9).map { "p\($0)" }
        return [
            // A hit, and a hit before a query and a fragment: made inline from the caller's text.
            ("/album/\(v)", reading("album", "A", 0, "/album/\(v)", "/album/:id", ["id": v])),
            ("/album/\(v)?tab=\(v)#part", reading("album", "A", 0, "/album/\(v)", "/album/:id", ["id": v],
                                                  query: ["tab": v], fragment: "part")),
            // Normalised (an empty segment, a dot segment, a trailing slash): the resolved info's text is
            // not the caller's, so it is held whole.
            ("/album//\(v)/?tab=1", reading("album", "A", 0, "/album/\(v)", "/album/:id", ["id": v],
                                            query: ["tab": "1"])),
            ("/x/../album/./\(v)", reading("album", "A", 0, "/album/\(v)", "/album/:id", ["id": v])),
            // A validator's value (in the info's tail), with and without a query.
            ("/user/\(v)x", reading("user", "U", 1, "/user/\(v)x", "/user/:name", ["name": v + "x"],
                                    value: v.uppercased() + "X")),
            ("/user/\(v)x?q=\(v)", reading("user", "U", 1, "/user/\(v)x", "/user/:name", ["name": v + "x"],
                                           query: ["q": v], value: v.uppercased() + "X")),
            // More than eight parameters (the ninth in the tail).
            ("/nine/" + nine.dropLast().joined(separator: "/") + "/\(v)",
             reading("nine", "N", 2, "/nine/" + nine.dropLast().joined(separator: "/") + "/\(v)",
                     "/nine/" + nine.map { ":\($0)" }.joined(separator: "/"),
                     Dictionary(uniqueKeysWithValues: zip(nine, nine.dropLast() + [v])))),
        ]
    }

    private static func table() throws -> RouteTable<String> {
        let table = RouteTable<String>()
        try table.add("/album/:id", name: "album", payload: "A")
        try table.add("/user/:name", name: "user", validator: { info in info.params["name"]!.uppercased() },
                      payload: "U")
        try table.add("/nine/" + (1...9).map { ":p\($0)" }.joined(separator: "/"), name: "nine", payload: "N")
        return table
    }

    @Test func everyKindOfMatchReadsWhatItMatched() throws {
        let table = try Self.table()
        for (text, expected) in Self.cases {
            let found = try #require(try table.match(text), "\(text)")
            #expect(Reading(found) == expected, "\(text)")
        }
    }

    @Test func everyKindOfMatchOutlivesTheTableAndTheText() throws {
        weak var released: RouteTable<String>?
        var matches: [RouteMatch<String>] = []
        do {
            let table = try Self.table()
            released = table
            for (text, _) in Self.cases {
                // A copy of the text made here, so that the match's is the only reference left to it.
                let own = String(decoding: Array(text.utf8), as: UTF8.self)
                matches.append(try #require(try table.match(own), "\(text)"))
            }
        }
        #expect(released == nil)
        for (match, (text, expected)) in zip(matches, Self.cases) {
            #expect(Reading(match) == expected, "\(text)")
        }
    }

    /// An info set in a match's place (one with a tail, one from another route) keeps the match's route,
    /// and a copy made before keeps the old info.
    @Test func anInfoSetInAMatchsPlaceKeepsItsRoute() throws {
        let table = try Self.table()
        let v = Self.long
        let original = try #require(try table.match("/album/\(v)?tab=1"))
        var changed = original
        changed.info = try #require(try table.match("/user/\(v)x")).info
        #expect(changed.route.name == "album" && changed.route.payload == "A")
        #expect(changed.info.value as? String == v.uppercased() + "X" && changed.info.params == ["name": v + "x"])
        changed.info.fragment = "set"
        #expect(changed.info.fragment == "set" && changed.route.id == RouteID(rawValue: 0))
        #expect(original.info.params == ["id": v] && original.info.query == ["tab": "1"] && original.info.fragment == nil)
        #expect(original.info.value == nil && original.route.name == "album")
    }
}

