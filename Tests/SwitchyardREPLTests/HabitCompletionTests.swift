import Testing
@testable import SwitchyardREPL

/// TAB after a deep link's scheme, and on the option names of an options table.
@Suite struct HabitCompletionTests {
    var completer: LineCompleter {
        var completer = LineCompleter(metaCommands: [":open"])
        completer.routes = {
            RoutePathCompleter(patterns: [[], [.literal("album"), .parameter("id")], [.literal("albums")], [.literal("search")]])
        }
        return completer
    }

    func candidates(_ line: String, word: String) -> [String] {
        completer.complete(line: line, wordStart: line.utf8.count - word.utf8.count).candidates
    }

    @Test func aDeepLinkCompletesItsPathAfterTheScheme() {
        #expect(candidates(":open myapp://al", word: "myapp://al") == ["myapp://album/", "myapp://albums"])
        #expect(candidates(":open https://example.com/se", word: "https://example.com/se") == ["https://example.com/search"])
        #expect(candidates(":open pgm:///al", word: "pgm:///al") == ["pgm:///album/", "pgm:///albums"])
        #expect(candidates(":open https://exa", word: "https://exa") == [])   // the host is the person's
        #expect(candidates("nav.open(\"myapp://se", word: "myapp://se") == ["myapp://search"])
        let hints = completer.complete(line: ":open myapp://album/", wordStart: 6).hints
        #expect(hints == ["myapp://album/:id"])
    }

    @Test func anOptionsTableOffersItsFunctionsOptionNames() {
        #expect(candidates("route(\"/x\", {ti", word: "ti") == ["title"])
        #expect(candidates("route(\"/x\", {title = \"X\", v", word: "v") == ["validate", "view"])
        #expect(candidates("nav.sheet('/f', {de", word: "de") == ["detent", "detents"])
        #expect(candidates("nav.alert{ti", word: "ti") == ["title"])
        #expect(candidates("not_found{ti", word: "ti") == ["title"])
        // not a key's place, not an options argument, or inside a nested table: Lua names as usual
        #expect(candidates("route(\"/x\", {title = ti", word: "ti") == [])
        #expect(candidates("route({ti", word: "ti") == [])
        #expect(candidates("route(\"/x\", {links = {ti", word: "ti") == [])
    }
}
