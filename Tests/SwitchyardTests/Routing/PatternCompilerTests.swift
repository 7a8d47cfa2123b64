import Testing
@testable import Switchyard

@Suite struct PatternCompilerTests {
    @Test func compilesEverySegmentKind() throws {
        let pattern = try Pattern("/files/:id/:version?/*rest")
        #expect(pattern.segments == [.literal("files"), .parameter("id"), .optional("version"), .splat("rest")])
        #expect(pattern.parameterNames == ["id", "version", "rest"])
        #expect(pattern.text == "/files/:id/:version?/*rest")
        #expect(try Pattern("/news/*").parameterNames == ["*"])
    }

    @Test func normalisesText() throws {
        #expect(try Pattern("album//:id/").text == "/album/:id")
        #expect(try Pattern("").text == "/")
        #expect(try Pattern("/").segments.isEmpty)
    }

    @Test func optionalMayStandAnywhere() throws {
        #expect(try Pattern("/:lang?/docs/:page").segments == [.optional("lang"), .literal("docs"), .parameter("page")])
    }

    @Test func staticTextIsLiteral() throws {
        #expect(try Pattern("/a.b/(x)/c+d/%20").segments == [.literal("a.b"), .literal("(x)"), .literal("c+d"), .literal("%20")])
    }

    private func failure(_ text: String) -> PatternError? {
        do { _ = try Pattern.compiled(text); return nil } catch { return error }
    }

    @Test func nameWithHyphenPointsAtTheName() {
        let error = failure("/user/:user-id")
        #expect(error == PatternError(pattern: "/user/:user-id", column: 8,
                                      reason: "parameter name \"user-id\" may only contain letters, digits and _"))
        #expect(error?.description == """
            invalid pattern "/user/:user-id": parameter name "user-id" may only contain letters, digits and _ (column 8)
              /user/:user-id
                     ^
            """)
    }

    @Test func nameStartingWithDigit() {
        #expect(failure("/:0abc")?.description == """
            invalid pattern "/:0abc": parameter name "0abc" must start with a letter (column 3)
              /:0abc
                ^
            """)
    }

    @Test func emojiName() {
        #expect(failure("/a/:😀") == PatternError(pattern: "/a/:😀", column: 5, reason: "parameter name \"😀\" must start with a letter"))
        #expect(failure("/a/:b😀") == PatternError(pattern: "/a/:b😀", column: 5, reason: "parameter name \"b😀\" may only contain letters, digits and _"))
    }

    @Test func nonASCIILetterIsRejected() {
        #expect(failure("/:é")?.reason == "parameter name \"é\" must start with a letter")
    }

    @Test func emptyName() {
        #expect(failure("/a/:") == PatternError(pattern: "/a/:", column: 4, reason: "parameter name is empty"))
        #expect(failure("/a/:?") == PatternError(pattern: "/a/:?", column: 4, reason: "parameter name is empty"))
    }

    @Test func duplicateNames() {
        #expect(failure("/:id/x/:id") == PatternError(pattern: "/:id/x/:id", column: 9,
                                                      reason: "duplicate parameter name \"id\" (first used at column 3)"))
        #expect(failure("/:id/*id")?.reason == "duplicate parameter name \"id\" (first used at column 3)")
        #expect(failure("/:id/:id?")?.column == 7)
        // Columns count characters, so both columns sit past "é" (two bytes) and the doubled "/".
        #expect(failure("/é//:id/:id") == PatternError(pattern: "/é//:id/:id", column: 10,
                                                       reason: "duplicate parameter name \"id\" (first used at column 6)"))
    }

    @Test func splatMustBeLast() {
        #expect(failure("/files/*/x") == PatternError(pattern: "/files/*/x", column: 8, reason: "\"*\" must be the last segment"))
        #expect(failure("/*rest/:id")?.description == """
            invalid pattern "/*rest/:id": "*" must be the last segment (column 2)
              /*rest/:id
               ^
            """)
    }

    @Test func badSplatName() {
        #expect(failure("/*9")?.reason == "parameter name \"9\" must start with a letter")
        #expect(failure("/*a?")?.reason == "parameter name \"a?\" may only contain letters, digits and _")
    }

    @Test func strayCharacters() {
        #expect(failure("/a?b") == PatternError(pattern: "/a?b", column: 3,
            reason: "stray \"?\" in static segment \"a?b\"; queries and fragments do not belong in a pattern"))
        #expect(failure("/a#") == PatternError(pattern: "/a#", column: 3,
            reason: "stray \"#\" in static segment \"a#\"; queries and fragments do not belong in a pattern"))
        #expect(failure("/time/a:b") == PatternError(pattern: "/time/a:b", column: 8,
            reason: "stray \":\" in static segment \"a:b\"; a parameter must be a whole segment"))
        #expect(failure("/a*") == PatternError(pattern: "/a*", column: 3,
            reason: "stray \"*\" in static segment \"a*\"; a parameter must be a whole segment"))
        #expect(failure("/:id?x") == PatternError(pattern: "/:id?x", column: 6,
            reason: "unexpected \"x\" after \"?\"; an optional parameter ends its segment"))
    }

    @Test func dotSegments() {
        #expect(failure("/a/../b") == PatternError(pattern: "/a/../b", column: 4,
            reason: "\"..\" is resolved away in every path, so a pattern cannot contain it"))
        #expect(failure("/./b")?.column == 2)
    }

    @Test func optionalSegmentsAreBounded() throws {
        let eight = (1...8).map { "/:p\($0)?" }.joined()
        #expect(try Pattern(eight).segments.count == 8)
        #expect(failure(eight + "/:p9?")?.reason == "at most 8 optional segments are allowed in one pattern")
    }
}
