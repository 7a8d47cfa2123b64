import Testing
@testable import Switchyard

/// A path no route takes lands on the not-found screen at its normalised path, as a hit would be shown:
/// the lookup may call a path with an empty segment a miss without normalising it (a dead end on the
/// only way stays one whatever `//` follow), and the navigator must not take that text as the path.
@Suite struct NotFoundPathTests {
    @Test(arguments: [
        ("/zzz//x", "/zzz/x"),                          // a miss at the first segment, then `//`
        ("/news/latest/zzz//x//", "/news/latest/zzz/x"), // past the only way's end, a trailing `/` too
        ("/zzz//x?y=1", "/zzz/x"),                      // and a query after it
        ("/zzz/./x", "/zzz/x"),
        ("/zzz/x", "/zzz/x"),                           // plain: as it is
    ])
    func aMissLandsAtItsNormalisedPath(typed: String, shown: String) throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push(typed)
        #expect(navigator.path == shown)
        #expect(navigator.screen.title == "Not found")
        #expect(navigator.history.last?.location.hasPrefix(shown) == true, "\(navigator.historyLocations)")
    }
}
