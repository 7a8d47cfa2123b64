import Testing
@testable import Switchyard

/// The pattern compiler splits ASCII patterns byte by byte and others character by character; both
/// must say the same thing about the same pattern, columns included.
@Suite struct PatternCompilerPathsTests {
    @Test(arguments: [
        ("/a/:b?/*rest", "/a/:b?/*rest"),
        ("a//:b", "/a/:b"),
        ("/café/:id", "/café/:id"),
        ("/é/:x/*", "/é/:x/*"),
    ])
    func asciiAndUnicodePatternsCompileAlike(text: String, normalised: String) throws {
        #expect(try Pattern(text).text == normalised)
    }

    @Test(arguments: [
        ("/user/:user-id", 8, "may only contain"),
        ("/café/:user-id", 8, "may only contain"),
        ("/x/:1a", 5, "must start with a letter"),
        ("/é/:1a", 5, "must start with a letter"),
        ("/x/:a\u{301}b", 5, "must start with a letter"),
        ("/x/:id?x", 8, "after \"?\""),
        ("/ü/:id?x", 8, "after \"?\""),
    ])
    func errorsPointAtTheSameColumn(text: String, column: Int, reason: String) {
        #expect(throws: PatternError.self) { try Pattern.compiled(text) }
        do { _ = try Pattern.compiled(text) } catch {
            #expect(error.column == column)
            #expect(error.reason.contains(reason))
        }
    }
}
