import Testing
@testable import Switchyard

@Suite("Navigator: deep links")
struct NavigatorDeepLinkTests {
    @Test func aDeepLinkResetsToTheRootScreenAndPushes() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a"); try navigator.push("/b"); try navigator.sheet("/news")
        try navigator.open("myapp://c/123?lang=en")
        #expect(navigator.kinds == [.root])
        #expect(navigator.stackPaths == ["/", "/c/123"])
        #expect(navigator.query == ["lang": "en"])
        #expect(navigator.history.last?.operation == .open)
    }

    @Test func presentationQueryAndRouteDefaultChooseSheetOrCover() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.open("myapp://c/1?presentation=sheet")
        #expect(navigator.kinds == [.root, .sheet] && navigator.path == "/c/1")
        try navigator.open("myapp://c/2?presentation=cover")
        #expect(navigator.kinds == [.root, .cover])
        try navigator.open("myapp://s")
        #expect(navigator.kinds == [.root, .sheet] && navigator.path == "/s")
        try navigator.open("myapp://k")
        #expect(navigator.kinds == [.root, .cover])
        try navigator.open("myapp://s?presentation=push")
        #expect(navigator.kinds == [.root] && navigator.stackPaths == ["/", "/s"])
        try expectUnchanged(navigator) { try navigator.open("myapp://a?presentation=popover") }
    }

    @Test func webLinksKeepOnlyThePathAndUnknownPathsGoToNotFound() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.open("https://example.com/news/latest")
        #expect(navigator.stackPaths == ["/", "/news/latest"])
        try navigator.open("myapp://missing/page")
        #expect(navigator.path == "/missing/page" && navigator.screen.title == "Not found")
        let strict = try NavigationFixture.navigator(notFound: false)
        try expectUnchanged(strict) { try strict.open("myapp://missing") }
        try expectUnchanged(strict) { try strict.open("not a url") }
    }

    @Test func openingTheRootOrWhereYouAreRecordsNothing() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.open("myapp:///")
        #expect(navigator.history.count == 1)
        try navigator.open("myapp://a")
        try navigator.open("myapp://a")
        #expect(navigator.history.count == 2)
    }

    @Test func aDeepLinkSelectsTheTabItsPathNames() throws {
        let navigator = try NavigationFixture.navigator(tabs: ["/home", "/search"])
        try navigator.push("/a")
        try navigator.open("myapp://search/swift")
        #expect(navigator.state.environments[0].selectedTab == 1)
        #expect(navigator.stackPaths == ["/search", "/search/swift"])
        try navigator.open("myapp://home")
        #expect(navigator.stackPaths == ["/home"])   // the home tab popped to its root
        try navigator.open("myapp://b")              // no tab named b: stays on the selected tab
        #expect(navigator.stackPaths == ["/home", "/b"])
    }

    @Test func resetWithAPathStartsOverThere() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a"); try navigator.sheet("/b")
        try navigator.reset("/c/9")
        #expect(navigator.stackPaths == ["/c/9"] && navigator.kinds == [.root])
        #expect(navigator.history.map(\.operation) == [.reset])
        try navigator.reset()
        #expect(navigator.stackPaths == ["/"] && navigator.screen.title == "Home")
    }
}
