import Testing
@testable import Switchyard

@Suite struct ParametersTests {
    private func params(_ pattern: String, _ path: String) throws -> Parameters {
        let table = RouteTable<Int>()
        try table.add(pattern, payload: 0)
        return try #require(try table.match(path)).info.params
    }

    @Test func valuesAreDecodedWhenRead() throws {
        let params = try params("/f/:a/:b/:c/:d", "/f/a%20b/%zz/50%/%C3%BC")
        #expect(params["a"] == "a b")
        #expect(params["b"] == "%zz", "a malformed escape is kept verbatim")
        #expect(params["c"] == "50%", "a trailing % is kept verbatim")
        #expect(params["d"] == "ü")
        #expect(params["e"] == nil)
        #expect(try self.params("/f/:a", "/f/%FF%C3")["a"] == "%FF%C3", "bytes that do not decode to UTF-8 stay as written")
    }

    @Test func iterationFollowsThePatternAndSkipsAbsentOptionals() throws {
        let params = try params("/:z/x/:a?/:m", "/1/x/3")
        #expect(params.map(\.name) == ["z", "m"])
        #expect(params.map(\.value) == ["1", "3"])
        #expect(params.count == 2 && !params.isEmpty)
        #expect(params["a"] == nil)
        #expect(try self.params("/:z/x/:a?/:m", "/1/x/2/3").map(\.name) == ["z", "a", "m"])
        #expect(try self.params("/static", "/static").isEmpty)
    }

    @Test func moreThanFourParameters() throws {
        let params = try params("/:a/:b/:c/:d/:e/*f", "/1/2/3/4/5/6/7")
        #expect(params.map(\.name) == ["a", "b", "c", "d", "e", "f"])
        #expect(params["e"] == "5")
        #expect(params["f"] == "6/7")
        #expect(params == ["f": "6/7", "e": "5", "d": "4", "c": "3", "b": "2", "a": "1"])
    }

    @Test func anEmptySplatIsPresentAndEmpty() throws {
        let params = try params("/news/*rest", "/news")
        #expect(params["rest"] == "")
        #expect(params.count == 1)
    }

    @Test func equalityComparesNamesAndDecodedValuesInAnyOrder() throws {
        let params = try params("/:lang/docs/:page", "/fr/docs/a%20b")
        #expect(params == ["page": "a b", "lang": "fr"])
        #expect(params != ["page": "a%20b", "lang": "fr"], "values compare decoded")
        #expect(params != ["page": "a b"], "a missing name makes them differ")
        #expect(params != ["page": "a b", "lang": "fr", "x": "1"], "an extra name makes them differ")
        #expect(try self.params("/", "/") == [:])
    }

    @Test func literalsKeepTheirOrderAndTheLastOfARepeatedName() {
        let params: Parameters = ["b": "2", "a": "1", "b": "3"]
        #expect(params.map(\.name) == ["a", "b"])
        #expect(params["b"] == "3")
        #expect(Parameters(["y": "2", "x": "1"]).map(\.name) == ["x", "y"], "a dictionary's keys are sorted")
        #expect(Parameters(["x": "%41"])["x"] == "%41", "a literal's values are never decoded")
    }

    @Test func theDictionaryViewHoldsDecodedValues() throws {
        let params = try params("/:lang/docs/:page?", "/fr/docs/a%2Fb")
        #expect(params.dictionary == ["lang": "fr", "page": "a/b"])
        #expect(try self.params("/:lang/docs/:page?", "/fr/docs").dictionary == ["lang": "fr"])
    }

    @Test func descriptionReadsLikeADictionaryInPatternOrder() throws {
        #expect(try params("/:b/:a", "/x/y%20z").description == #"["b": "x", "a": "y z"]"#)
        #expect(Parameters([:]).description == "[:]")
    }
}
