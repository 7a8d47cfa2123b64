import Testing
@testable import Switchyard

/// `RouteDefinition` keeps what a route declares in one object its copies share (nil for a route that
/// declares nothing, to keep 100,000 declared routes within the executable's memory target): a copy
/// written to must not change the definition it was copied from, and a bare route must still land
/// bare with its presentation.
@Suite struct RouteDefinitionPartsTests {
    @Test func aCopyWrittenToLeavesTheOriginalAsItWas() throws {
        let original = RouteDefinition(title: "Album", presentation: .sheet, links: ["/artist/:id"], entry: true)
        var merged = original
        merged.title = "Merged"
        merged.links.append("/more")
        merged.presentation = .cover
        #expect(try original.title?.render(RouteInfo(path: "/", pattern: "/", params: [:], query: [:], fragment: nil)) == "Album")
        #expect(original.links == ["/artist/:id"] && original.presentation == .sheet && original.entry)
        #expect(try merged.title?.render(RouteInfo(path: "/", pattern: "/", params: [:], query: [:], fragment: nil)) == "Merged")
        #expect(merged.links == ["/artist/:id", "/more"] && merged.presentation == .cover && merged.entry)
    }

    @Test func aDefinitionOfNothingIsBareAndPushes() {
        let bare = RouteDefinition()
        #expect(bare.isBare && bare.presentationIfBare == .push)
        #expect(bare.title == nil && bare.links.isEmpty && !bare.entry && bare.parent == nil && bare.layoutLoads.isEmpty)
        var sheet = bare
        sheet.presentation = .sheet
        #expect(sheet.presentationIfBare == .sheet && bare.presentationIfBare == .push)
        var guarded = sheet
        guarded.guard = { _ in .allow }
        #expect(!guarded.isBare && guarded.presentationIfBare == nil && sheet.isBare)
    }

    @Test func routesLandWithWhatTheirDefinitionsDeclare() throws {
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/", payload: RouteDefinition())
        try routes.add("/plain/:id", payload: RouteDefinition())
        try routes.add("/sheet/:id", payload: RouteDefinition(presentation: .sheet))
        try routes.add("/titled/:id", payload: RouteDefinition(title: .computed { "Titled \($0.params["id"]!)" }))
        let navigator = Navigator(routes: routes)
        try navigator.push("/plain/1")
        #expect(navigator.path == "/plain/1" && navigator.screen.title == nil)
        try navigator.push("/titled/2")
        #expect(navigator.screen.title == "Titled 2")
        try navigator.open("myapp://sheet/3")
        #expect(navigator.path == "/sheet/3" && navigator.kinds == [.root, .sheet])
    }
}
