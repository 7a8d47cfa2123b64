import Foundation
import Testing
@testable import Switchyard

/// The one JSON string writer: what a reader gets back is the text, and nothing a terminal, an
/// inline script or markup acts on is written as itself.
@Suite struct JSONStringLiteralTests {
    private static let hostile = "a \"quoted\" \\ line\nbreak\r\ttab \u{1B}]0;T\u{07} del\u{7F} c1\u{9B}31m </script><b>&amp; \u{2028}\u{2029} é 🚂"

    @Test func aReaderGetsTheTextBack() throws {
        let literal = JSONStringLiteral.quoted(Self.hostile)
        let decoded = try JSONDecoder().decode(String.self, from: Data(literal.utf8))
        #expect(decoded == Self.hostile)
    }

    @Test func controlsMarkupAndLineSeparatorsAreEscaped() {
        let literal = JSONStringLiteral.quoted(Self.hostile)
        #expect(!literal.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        for written in ["<", ">", "&", "\u{2028}", "\u{2029}"] { #expect(!literal.contains(written)) }
        #expect(literal.contains(#"\u001b]0;T\u0007"#))
        #expect(literal.contains(#"del\u007f c1\u009b31m \u003c/script\u003e"#))
        #expect(literal.hasPrefix(#""a \"quoted\" \\ line\nbreak\r\ttab"#))
        #expect(literal.contains("é 🚂"))
    }

    /// A JSON document made safe for an inline script (the live view's saved page) escapes only what
    /// could end the script or break a JavaScript literal, and reads back the same.
    @Test func scriptSafeJSONReadsTheSameAndCannotCloseTheScript() throws {
        let json = #"{"a":"</script><b>&","b":"\#u{2028}\#u{2029}","c":"é"}"#
        let safe = JSONStringLiteral.scriptSafe(json)
        #expect(safe == #"{"a":"\u003c/script\u003e\u003cb\u003e\u0026","b":"\u2028\u2029","c":"é"}"#)
        let original = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        let decoded = try JSONSerialization.jsonObject(with: Data(safe.utf8)) as? [String: String]
        #expect(decoded == original)
    }

    /// Route meta is written by the same writer: a key or value with a control or markup in it
    /// reaches the JSON listing escaped.
    @Test func routeMetaUsesTheWriter() {
        let meta = RouteMeta.record(["title</": .string("x\u{7F}y\u{9B}z"), "list": .list([.string("\u{2028}")])])
        #expect(meta.json == #"{"list":["\u2028"],"title\u003c/":"x\u007fy\u009bz"}"#)
    }
}
