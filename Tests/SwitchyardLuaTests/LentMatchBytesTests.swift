import Testing
@testable import SwitchyardLua
import Switchyard

/// The bytes Lua's info tables are built from (`withUTF8Pairs`, `withUTF8Parts`, over the core's
/// `withBytes` hook): what a user would see as a wrong or undecoded value in `match(path).params`.
@Suite struct LentMatchBytesTests {
    private let table: RouteTable<String> = {
        let table = RouteTable<String>()
        for pattern in ["/", "/alpha", "/alpha/:id", "/alpha/:id/beta/:name", "/files/*path", "/v1.2/.well-known/:x"] {
            try! table.add(pattern, payload: pattern)
        }
        return table
    }()

    private func params(_ pattern: String, _ path: String) throws -> Parameters {
        let table = RouteTable<Int>()
        try table.add(pattern, payload: 0)
        return try #require(try table.match(path)).info.params
    }

    @Test func theBridgeSeesRawBytesUntilAValueNeedsDecoding() throws {
        let plain = try params("/f/:a/:b", "/f/x/yz")
        var raw: [(String, String)] = []
        let status = plain.withUTF8Pairs { pairs in
            raw = pairs.map { (String(decoding: $0.name, as: UTF8.self), String(decoding: $0.value, as: UTF8.self)) }
            return 7
        }
        #expect(status == 7)
        #expect(raw.map(\.0) == ["a", "b"])
        #expect(raw.map(\.1) == ["x", "yz"])
        #expect(try params("/f/:a", "/f/a%20b").withUTF8Pairs { Int32($0.count) } == nil)
        let literal: Parameters = ["a": "50%"]
        #expect(literal.withUTF8Pairs { Int32($0.count) } == 1, "a literal's values are text already: nothing to decode")
    }

    /// What a bridge copies out of a lent match: the pattern, and each present value decoded only where
    /// it holds an escape (a malformed one, or one that decodes to no UTF-8, kept as written).
    @Test func aLentMatchsBytesAreThePatternAndDecodedValues() throws {
        let optional = RouteTable<String>()
        try optional.add("/o/:a/:b?", payload: "")
        func parts(_ path: String) throws -> (String, [String])? {
            try table.withMatch(path) { lent -> (String, [String])? in
                var result: (String, [String])?
                _ = lent?.withUTF8Parts { pattern, parameters in
                    result = (String(decoding: pattern, as: UTF8.self),
                              parameters.map { String(decoding: $0.name, as: UTF8.self) + "=" + ($0.value.map { String(decoding: $0, as: UTF8.self) } ?? "nil") })
                    return 0
                }
                return result
            }
        }
        #expect(try parts("/alpha/a%2Fb%20c/beta/%FF%zz")! == ("/alpha/:id/beta/:name", ["id=a/b c", "name=%FF%zz"]))
        #expect(try parts("/alpha/12/beta/x")! == ("/alpha/:id/beta/:name", ["id=12", "name=x"]))
        #expect(try optional.withMatch("/o/1") { lent -> [String]? in
            var names: [String]?
            _ = lent?.withUTF8Parts { _, parameters in
                names = parameters.map { String(decoding: $0.name, as: UTF8.self) + ($0.value == nil ? " absent" : "") }
                return 0
            }
            return names
        } == ["a", "b absent"], "every parameter of the pattern, in order")
        #expect(try parts("/alpha/12?q=1") == nil, "a resolved match has no lent bytes: read its info")
    }
}
