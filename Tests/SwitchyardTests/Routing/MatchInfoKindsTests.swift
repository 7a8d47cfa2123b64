import Testing
@testable import Switchyard

/// Issue 37, ninth session (branch `owned2`): the ways a `RouteMatch` may come to hold its info, each
/// read back whole. The session measured layouts that keep a plain hit's info in fewer scalars (its
/// spans in one vector, the overflow spans and the info's extras behind one reference, the info made
/// when read; Benchmarks/README.md) and kept none; these are the cases such a layout must still read
/// as before: a plain hit, one before a query, one normalised first, eight parameters (all inline),
/// more (the candidates'), a validator's value beside overflow spans, an info set on a match, and
/// parameters moved from one info to another. The tenth session kept such a layout (`Parameters.lanes`
/// and `ParameterTail`): the last three tests hold what it adds, the extras told apart from the overflow
/// spans they share an object with, an info's fields that travel with its parameters, and the flag of
/// hand-built parameters that now sits in the vector.
@Suite struct MatchInfoKindsTests {
    private func table() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        try table.add("/album/:id", name: "album", payload: 1)
        try table.add("/e/:a/:b/:c/:d/:e/:f/:g/:h", name: "eight", payload: 8)
        try table.add("/n/:a/:b/:c/:d/:e/:f/:g/:h/:i/:j?", name: "ten", payload: 10)
        try table.add("/v/:a/:b/:c/:d/:e/:f/:g/:h/:i/:j", name: "valid",
                      validator: { info in info.params["j"].flatMap { Int($0) } }, payload: 2)
        return table
    }

    @Test func everyKindOfMatchReadsItsRouteAndInfo() throws {
        let table = try table()
        let plain = try #require(try table.match("/album/Kind%20of%20Blue"))
        #expect(plain.route.name == "album" && plain.route.payload == 1)
        #expect(plain.info.path == "/album/Kind%20of%20Blue" && plain.info.params == ["id": "Kind of Blue"])
        #expect(plain.info.query.isEmpty && plain.info.fragment == nil && plain.info.pattern == "/album/:id")

        let queried = try #require(try table.match("/album/12?tab=info#top"))
        #expect(queried.route.name == "album" && queried.info.path == "/album/12")
        #expect(queried.info.query == ["tab": "info"] && queried.info.fragment == "top")

        let normalised = try #require(try table.match("/album/./12/"))
        #expect(normalised.route.name == "album" && normalised.info.params["id"] == "12")
        #expect(normalised.info.path == "/album/12")

        let eight = try #require(try table.match("/e/1/2/3/4/5/6/7/8"))
        #expect(eight.route.name == "eight" && eight.info.params.count == 8 && eight.info.params["h"] == "8")

        let nine = try #require(try table.match("/n/1/2/3/4/5/6/7/8/n%69ne?x=1"))
        #expect(nine.route.name == "ten" && nine.route.payload == 10)
        #expect(nine.info.params.count == 9 && nine.info.params["i"] == "nine" && nine.info.params["j"] == nil)
        #expect(nine.info.params.map(\.value) == ["1", "2", "3", "4", "5", "6", "7", "8", "nine"])
        #expect(nine.info.query == ["x": "1"])
    }

    @Test func aValidatorsValueAndOverflowSpansAreBothKept() throws {
        let table = try table()
        let found = try #require(try table.match("/v/1/2/3/4/5/6/7/8/9/10?tab=x#top"))
        #expect(found.route.name == "valid" && found.route.payload == 2)
        #expect(found.info.value as? Int == 10)
        #expect(found.info.params.count == 10 && found.info.params["i"] == "9" && found.info.params["j"] == "10")
        #expect(found.info.query == ["tab": "x"] && found.info.fragment == "top")
        #expect(found.info.path == "/v/1/2/3/4/5/6/7/8/9/10")
        #expect(try table.match("/v/1/2/3/4/5/6/7/8/9/x") == nil)

        var info = found.info
        info.value = "set"
        info.fragment = nil
        #expect(info.value as? String == "set" && info.fragment == nil && info.query == ["tab": "x"])
        #expect(info.params.count == 10 && info.params["j"] == "10")
    }

    /// Parameters taken from one info and set on another: the second keeps its own path, pattern,
    /// query, fragment and value, the first is unchanged.
    @Test func parametersMovedBetweenInfosCarryOnlyTheParameters() throws {
        let table = try table()
        var first = try #require(try table.match("/n/1/2/3/4/5/6/7/8/9/10?tab=x")).info
        first.value = "first"
        var second = try #require(try table.match("/album/12#top")).info
        second.params = first.params
        #expect(second.params.count == 10 && second.params["a"] == "1")
        #expect(second.value == nil && second.query.isEmpty && second.fragment == "top")
        #expect(second.path == "/album/12" && second.pattern == "/album/:id")
        #expect(first.value as? String == "first" && first.query == ["tab": "x"] && first.params.count == 10)
    }

    /// An info set on a match is what the match then reads; the match still names its own route.
    @Test func anInfoSetOnAMatchIsReadBackAndTheRouteStays() throws {
        let table = try table()
        var album = try #require(try table.match("/album/12"))
        let ten = try #require(try table.match("/n/1/2/3/4/5/6/7/8/9/10"))
        album.info = ten.info
        #expect(album.route.name == "album" && album.route.payload == 1)
        #expect(album.info.params["j"] == "10" && album.info.path == "/n/1/2/3/4/5/6/7/8/9/10")
        album.info.value = "set"
        album.info.fragment = "f"
        #expect(album.info.value as? String == "set" && album.info.fragment == "f" && album.info.params.count == 10)

        var back = ten
        back.info = try #require(try table.match("/album/7?q=1")).info
        #expect(back.route.name == "ten" && back.info.params["id"] == "7" && back.info.query == ["q": "1"])
    }

    /// The info's extras share one object with the overflow spans (`ParameterTail`): whether there are
    /// extras is asked of that object, not of whether there is one (a match with more than eight
    /// parameters has one and no extras), and a screen node is recycled by it.
    @Test func extrasAreToldApartFromOverflowSpans() throws {
        let table = try table()
        let ten = try #require(try table.match("/n/1/2/3/4/5/6/7/8/9/10")).info
        #expect(!ten.hasExtras && ten.storedParams.tail != nil)
        #expect(Screen.Fields(id: 1, info: ten, matched: true, route: nil, title: nil, view: nil).isRecyclable)
        var valued = ten
        valued.value = 1
        #expect(valued.hasExtras)
        #expect(!Screen.Fields(id: 2, info: valued, matched: true, route: nil, title: nil, view: nil).isRecyclable)
        valued.value = nil
        #expect(!valued.hasExtras && valued.params.count == 10 && valued.params["j"] == "10")
        let plain = try #require(try table.match("/album/12")).info
        #expect(!plain.hasExtras && plain.storedParams.tail == nil)
    }

    /// Parameters read from an info carry that info's extras in their tail and its path end in their
    /// vector: an info made with them keeps its own fields.
    @Test func anInfoMadeWithAnotherInfosParametersKeepsItsOwnFields() throws {
        let table = try table()
        var first = try #require(try table.match("/n/1/2/3/4/5/6/7/8/9/10?tab=x#top")).info
        first.value = "first"
        let made = RouteInfo(path: "/made", pattern: "/made", params: first.params)
        #expect(made.value == nil && made.query.isEmpty && made.fragment == nil)
        #expect(made.path == "/made" && made.pattern == "/made" && made.params.count == 10 && made.params["j"] == "10")
        let queried = try #require(try table.match("/album/12?q=1")).info
        let plain = RouteInfo(path: "/album/12", pattern: "/album/:id", params: queried.params)
        #expect(plain.path == "/album/12" && plain.query.isEmpty && plain.fragment == nil && plain.params["id"] == "12")
    }

    /// Hand-built parameters hold text, not escapes: the flag that says so sits in the vector, and
    /// stays with them once they are set on a match's info.
    @Test func handBuiltParametersAreNotDecoded() throws {
        let table = try table()
        let built: Parameters = ["id": "a%20b"]
        #expect(built["id"] == "a%20b" && built.count == 1)
        var info = try #require(try table.match("/album/a%20b")).info
        #expect(info.params["id"] == "a b")
        info.params = built
        #expect(info.params["id"] == "a%20b" && info.path == "/album/a%20b" && info.pattern == "/album/:id")
    }

    /// Issue 37, twelfth session (branch `owned6`): `Parameters.count` is one lane of the vector, the
    /// inline spans' `present`, which `append` counts on past the inline spans. Present and absent
    /// values past the eighth, in hand-built parameters and in a lookup's, kept through an info's
    /// extras being set.
    @Test func countTakesInTheParametersPastTheEighth() throws {
        let names = (0..<11).map { "p\($0)" }
        let built = Parameters(Dictionary(uniqueKeysWithValues: names.map { ($0, "v") }))
        #expect(built.count == 11 && built.dictionary.count == 11 && Array(built).count == 11)
        let table = try table()
        let nine = try #require(try table.match("/n/1/2/3/4/5/6/7/8/9"))
        #expect(nine.info.params.count == 9 && Array(nine.info.params).count == 9)
        var ten = try #require(try table.match("/n/1/2/3/4/5/6/7/8/9/10")).info
        ten.fragment = "f"
        #expect(ten.params.count == 10 && ten.params.dictionary.count == 10)
        let plain = try #require(try table.match("/album/12"))
        #expect(plain.info.params.count == 1 && plain.route.id == RouteID(rawValue: 0))
    }
}
