import Foundation
import Testing
@testable import SwitchyardREPL

@Suite struct RoutePathCompleterTests {
    let completer = RoutePathCompleter(patterns: [
        [],
        [.literal("album"), .parameter("id")],
        [.literal("album"), .literal("new")],
        [.literal("album"), .parameter("id"), .literal("tracks")],
        [.literal("albums")],
        [.literal("artist"), .parameter("name"), .optional("tab")],
        [.literal("files"), .splat("path")],
    ])

    @Test func staticSegmentsComeFirstThenPlaceholders() {
        #expect(completer.complete("/album/") == ["/album/new", "/album/:id"])
    }

    @Test func partialSegmentsCompleteAndDeeperOnesEndInASlash() {
        #expect(completer.complete("/al") == ["/album/", "/albums"])
        #expect(completer.complete("/ar") == ["/artist/"])
        #expect(completer.complete("") == ["/album/", "/albums", "/artist/", "/files"])
    }

    @Test func typedValuesMatchParameters() {
        #expect(completer.complete("/album/12/") == ["/album/12/tracks"])
        #expect(completer.complete("/album/12/t") == ["/album/12/tracks"])
        #expect(completer.complete("/artist/bob/") == ["/artist/bob/:tab"])
    }

    @Test func visitedPathsComeLast() {
        #expect(completer.complete("/album/", visited: ["/album/12", "/album/new", "/x"]) ==
                ["/album/new", "/album/:id", "/album/12"])
    }

    @Test func placeholdersCompleteFromAColon() {
        #expect(completer.complete("/album/:") == ["/album/:id"])
    }

    @Test func placeholdersAreHintsAndPathsSayWhetherTheyGoDeeper() {
        #expect(completer.candidates("/album/") == [
            .init(text: "/album/new", kind: .path(final: true)),
            .init(text: "/album/:id", kind: .placeholder),
        ])
        #expect(completer.candidates("/al").first == .init(text: "/album/", kind: .path(final: false)))
    }

    @Test func aRouteWithDeeperRoutesIsOfferedBothWays() {
        let player = RoutePathCompleter(patterns: [[.literal("now-playing")], [.literal("now-playing"), .literal("queue")]])
        #expect(player.complete("/now-") == ["/now-playing", "/now-playing/"])
        #expect(player.complete("/now-playing/") == ["/now-playing/queue"])
    }

    @Test func unknownPrefixesAndRelativePathsGiveNothing() {
        #expect(completer.complete("/zzz/").isEmpty)
        #expect(completer.complete("album").isEmpty)
    }

    @Test func manyRoutesCompleteBySegment() {
        let patterns: [[RoutePathCompleter.Segment]] = (0..<20_000).map { [.literal("section\($0)"), .parameter("id")] }
        let large = RoutePathCompleter(patterns: patterns)
        let candidates = large.complete("/section1999")
        #expect(candidates.count == 11)   // section1999 and section19990 ... section19999
        #expect(candidates.first == "/section1999/")
        #expect(large.complete("/section123/") == ["/section123/:id"])
    }
}

@Suite struct CompletionContextTests {
    @Test func metaCommandNamesAtTheStartOfTheLine() {
        #expect(CompletionContext.classify(before: "", word: ":ex") == .metaCommand)
        #expect(CompletionContext.classify(before: "  ", word: ":") == .metaCommand)
    }

    @Test func argumentsOfMetaCommands() {
        #expect(CompletionContext.classify(before: ":go ", word: "/al") == .routePath)
        #expect(CompletionContext.classify(before: ":explain ", word: "") == .routePath)
        #expect(CompletionContext.classify(before: ":load ", word: "exa") == .fileName)
        #expect(CompletionContext.classify(before: ":graph ", word: "m") == .choice(["dot", "mermaid"]))
        #expect(CompletionContext.classify(before: ":graph dot ", word: "ma") == .fileName)
        #expect(CompletionContext.classify(before: ":trace ", word: "") == .choice(["on", "off"]))
        #expect(CompletionContext.classify(before: ":go /a ", word: "") == .nothing)
        #expect(CompletionContext.classify(before: ":follow ", word: "") == .nothing)
    }

    @Test func pathsInsideStringsOfNavCalls() {
        #expect(CompletionContext.classify(before: "nav.push(\"", word: "/al") == .routePath)
        #expect(CompletionContext.classify(before: "x = nav.go( '", word: "/") == .routePath)
        #expect(CompletionContext.classify(before: "print(match(\"", word: "/") == .routePath)
        #expect(CompletionContext.classify(before: "print(\"", word: "/al") == .nothing)
        #expect(CompletionContext.classify(before: "nav.push(\"/a\") .. \"", word: "x") == .nothing)
    }

    @Test func luaNamesOutsideStrings() {
        #expect(CompletionContext.classify(before: "", word: "nav.pu") == .luaName)
        #expect(CompletionContext.classify(before: "local x = ", word: "str") == .luaName)
        #expect(CompletionContext.classify(before: "nav.push(\"/a\"); ", word: "na") == .luaName)
        #expect(CompletionContext.classify(before: "-- ", word: "x") == .luaName)
        #expect(CompletionContext.classify(before: "", word: "1abc") == .nothing)
    }

    @Test func stringScanningHonoursEscapes() {
        #expect(CompletionContext.openStringStart(#"x = "a\"b"#) != nil)
        #expect(CompletionContext.openStringStart(#"x = "a\"b" .. 'c'"#) == nil)
    }
}

@Suite struct LineCompleterTests {
    func completer() -> LineCompleter {
        var completer = LineCompleter(metaCommands: [":go", ":graph", ":help", ":history"])
        completer.routes = {
            RoutePathCompleter(patterns: [[.literal("album"), .parameter("id")], [.literal("settings")],
                                          [.literal("album"), .parameter("id"), .literal("track"), .parameter("number")],
                                          [.literal("now-playing")], [.literal("now-playing"), .literal("queue")]])
        }
        completer.visitedPaths = { ["/album/7"] }
        completer.luaFields = { chain in
            switch chain {
            case []: return ["nav", "next", "print", "string"]
            case ["nav"]: return ["push", "pop", "pop_to", "path", "go"]
            default: return []
            }
        }
        return completer
    }

    @Test func navMembers() {
        let result = completer().complete(line: "nav.po", wordStart: 0)
        #expect(result.candidates == ["nav.pop", "nav.pop_to"])
        #expect(!result.appendsSpace)
    }

    @Test func globalsAfterOtherText() {
        let line = "x = n"
        #expect(completer().complete(line: line, wordStart: 4).candidates == ["nav", "next", "nil", "not"])
    }

    @Test func keywordsJoinTheGlobalsButNotTheFields() {
        #expect(completer().complete(line: "fun", wordStart: 0).candidates == ["function"])
        #expect(completer().complete(line: "nav.n", wordStart: 0).candidates.isEmpty)
    }

    @Test func metaCommandsAppendASpace() {
        let result = completer().complete(line: ":h", wordStart: 0)
        #expect(result.candidates == [":help", ":history"])
        #expect(result.appendsSpace)
    }

    @Test func pathInsideANavCallWithUTF8Before() {
        let line = "-- é\nnav.push(\"/al"
        let start = Array("-- é\nnav.push(\"".utf8).count
        #expect(completer().complete(line: line, wordStart: start).candidates == ["/album/", "/album/7"])
    }

    @Test func placeholdersAreListedNeverInserted() {
        let afterAlbum = completer().complete(line: ":go /album/", wordStart: 4)
        #expect(afterAlbum.candidates == ["/album/7"])
        #expect(afterAlbum.hints == ["/album/:id"])
        let afterTrack = completer().complete(line: ":go /album/7/track/", wordStart: 4)
        #expect(afterTrack.candidates.isEmpty)
        #expect(afterTrack.hints == ["/album/7/track/:number"])
        #expect(completer().complete(line: ":go /album/7/", wordStart: 4).candidates == ["/album/7/track/"])
    }

    @Test func aStringClosesOnlyWhenNoRouteGoesDeeper() {
        let deeper = completer().complete(line: "nav.push(\"/n", wordStart: 10)
        #expect(deeper.candidates == ["/now-playing", "/now-playing/"])
        #expect(!deeper.closesQuote)
        let leaf = completer().complete(line: "nav.push(\"/se", wordStart: 10)
        #expect(leaf.candidates == ["/settings"])
        #expect(leaf.closesQuote)
    }
}

@Suite struct FileNameCompleterTests {
    @Test func entriesOfTheTypedDirectoryWithDirectoriesMarked() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base + "/examples/music", withIntermediateDirectories: true)
        try #require(FileManager.default.createFile(atPath: base + "/examples/app.lua", contents: Data()))
        try #require(FileManager.default.createFile(atPath: base + "/examples/.hidden", contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: base) }
        let files = FileNameCompleter(base: base)
        #expect(files.complete("exa") == ["examples/"])
        #expect(files.complete("examples/") == ["examples/app.lua", "examples/music/"])
        #expect(files.complete("examples/.") == ["examples/.hidden"])
        #expect(files.complete(base + "/examples/m") == [base + "/examples/music/"])
        #expect(files.complete("nope/").isEmpty)
    }
}
