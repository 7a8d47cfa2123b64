import Testing
@testable import Switchyard

/// The pattern compiler's byte-level fast path must agree with the full compiler on everything it
/// accepts, and leave everything else (every error) to it.
@Suite struct PlainPatternCompilationTests {
    @Test func takesTheUsualPatterns() throws {
        for text in ["/api3/:p1/items7/:p2/act2", "/", "/news/:id?/*", "/files/*rest", "/a_b/:x_1"] {
            let plain = try #require(PlainPatternCompilation.compile(text), "\(text)")
            let full = try PatternCompiler.fullCompilation(of: text)
            #expect(plain.segments == full.segments && plain.text == full.text, "\(text)")
        }
    }

    @Test func normalisesLikeTheFullCompiler() throws {
        for text in ["", "//", "album//:id/", "a", "/a/", "*/", "::"] {
            let plain = PlainPatternCompilation.compile(text)
            let full = try? PatternCompiler.fullCompilation(of: text)
            #expect(plain?.segments == full?.segments && plain?.text == full?.text, "\(text.debugDescription)")
        }
        #expect(PlainPatternCompilation.compile("album//:id/")?.text == "/album/:id")
        #expect(PlainPatternCompilation.compile("")?.text == "/")
    }

    @Test func leavesEveryErrorToTheFullCompiler() {
        for text in ["/a/:", "/a/:id?x", "/:a/:a", "/*/x", "/.", "/..", "/a?b", "/:1a", "/*a-b", "/é", "/a\r/b",
                     "/" + (0..<9).map { ":o\($0)?" }.joined(separator: "/")] {
            #expect(PlainPatternCompilation.compile(text) == nil, "\(text.debugDescription)")
        }
    }

    /// 20,000 random texts over the characters that matter: whatever the fast path accepts, the full
    /// compiler accepts with the same segments and text.
    @Test func agreesWithTheFullCompilerOnRandomText() {
        let alphabet: [String] = ["/", "/", "/", ":", "*", "?", "#", ".", "a", "b", "Z", "1", "_", "-", "\r", "é", "%"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var accepted = 0
        for _ in 0..<20_000 {
            let text = (0..<next(14)).map { _ in alphabet[next(alphabet.count)] }.joined()
            let full = try? PatternCompiler.fullCompilation(of: text)
            guard let plain = PlainPatternCompilation.compile(text) else { continue }
            accepted += 1
            #expect(full != nil && plain.segments == full?.segments && plain.text == full?.text, "\(text.debugDescription)")
        }
        #expect(accepted > 1_000)
    }

    /// 20,000 random patterns built a segment at a time (literals, parameters, optional segments up to
    /// and past the cap of 8, splats anywhere, repeated names, stray slashes, dot segments, bytes a
    /// literal may not hold), so the fast path's own decisions are reached, not only its first refusal:
    /// whatever it accepts, the full compiler accepts with the same segments and normalised text.
    @Test func agreesWithTheFullCompilerOnRandomPatterns() {
        var state: UInt64 = 0xD1B5_4A32_D192_ED03
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let names = ["id", "a", "b_2", "Z9", "id"]
        let literals = ["news", "v2", "a.b", "x-y", "%41", ".", "..", "a?b", "a#b", "a:b", "é", "a\r"]
        func segment() -> String {
            switch next(12) {
            case 0...3: literals[next(3)]
            case 4: literals[3 + next(literals.count - 3)]
            case 5, 6: ":" + names[next(names.count)]
            case 7, 8: ":" + names[next(names.count)] + "?"
            case 9: next(2) == 0 ? "*" : "*" + names[next(names.count)]
            case 10: ["", ":", ":1a", "*a-b", ":a?b"][next(5)]
            default: ":o\(next(12))?"
            }
        }
        var accepted = 0
        var agreedOnRefusal = 0
        for _ in 0..<20_000 {
            var text = (0..<next(12)).map { _ in (next(8) == 0 ? "//" : "/") + segment() }.joined()
            if next(6) == 0 { text += "/" }
            if next(10) == 0 { text = String(text.drop { $0 == "/" }) }
            let full = try? PatternCompiler.fullCompilation(of: text)
            guard let plain = PlainPatternCompilation.compile(text) else {
                if full == nil { agreedOnRefusal += 1 }
                continue
            }
            accepted += 1
            #expect(full != nil && plain.segments == full?.segments && plain.text == full?.text, "\(text.debugDescription)")
        }
        // Both kinds of answer are reached often: the property is not held by one branch alone.
        #expect(accepted > 2_000 && agreedOnRefusal > 2_000, "accepted \(accepted), refused by both \(agreedOnRefusal)")
    }
}
