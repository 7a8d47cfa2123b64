import Foundation
import Testing
import SwitchyardLua
@testable import Switchyard
@testable import SwitchyardREPL
@testable import SwitchyardTools

@Suite struct LinkTemplateTests {
    @Test func placeholdersTakeTheScreensParameters() {
        #expect(LinkTemplate.fill("/album/:id/tracks", with: ["id": "12"]) == "/album/12/tracks")
        #expect(LinkTemplate.fill("/artist/:name", with: ["id": "12"]) == "/artist/:name")
        #expect(LinkTemplate.fill("/user/:id/:tab?", with: ["id": "7"]) == "/user/7")
        #expect(LinkTemplate.fill("/search", with: [:]) == "/search")
    }
}

@Suite struct ScenarioFilesTests {
    @Test func directoriesAreSearchedForSpecsAndFilesRunAsNamed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("specs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for file in ["a_spec.lua", "helper.lua", "deep/b_spec.lua", ".hidden/c_spec.lua", "other.lua"] {
            let path = root + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: Data())
        }
        #expect(try ScenarioFiles.collect([root, root + "/other.lua", root + "/a_spec.lua"])
                == [root + "/a_spec.lua", root + "/deep/b_spec.lua", root + "/other.lua"])
        #expect(throws: ScenarioFiles.Missing.self) { try ScenarioFiles.collect([root + "/nope"]) }
    }
}

@Suite struct RuntimeAdapterTests {
    let host: ScriptHost

    init() throws {
        host = try ScriptHost(options: SessionOptions())
        try host.runChunk("""
            route("/", {title = "Home", links = {"/album/7", "/album/:id/tracks", "/missing"}})
            route("/album/:id", {title = "Album", presentation = "sheet", validate = function(i) return tonumber(i.params.id) end})
            route("/album/:id/tracks", {guard = function() return true end, redirect = "/"})
            tabs{"/", "/album/1"}
            flow("tour", {"/", {"/album/2", as = "cover"}})
            not_found({title = "Lost"})
            """, chunkName: "=app")
    }

    @Test func mapResolvesLinksAndFlowStepsToRoutes() {
        let map = NavigationMapBuilder.map(host.runtime)
        #expect(map.routes.map(\.pattern) == ["/", "/album/:id", "/album/:id/tracks", "(not found)"])
        #expect(map.routes[1].presentation == .sheet)
        #expect(map.routes[3].isNotFound)
        #expect(map.edges.contains(.init(from: 0, to: .route(1), kind: .link)))
        #expect(map.edges.contains(.init(from: 0, to: .route(2), kind: .link)))
        #expect(map.edges.contains(.init(from: 0, to: .unmatched("/missing"), kind: .link)))
        #expect(map.edges.contains(.init(from: 0, to: .route(1), kind: .flow(name: "tour", step: 2, presentation: .cover))))
    }

    @Test func linksToTheSameRouteDrawOneEdge() throws {
        try host.runChunk("route('/albums', {links = {'/album/1', '/album/2', '/album/:id'}})", chunkName: "=more")
        let map = NavigationMapBuilder.map(host.runtime)
        let fromAlbums = map.edges.filter { $0.from == 3 }
        #expect(fromAlbums == [.init(from: 3, to: .route(1), kind: .link)])
    }

    @Test func templatesResolveByShapeWithoutRunningValidators() throws {
        try host.runChunk("""
            route("/album/:id/track/:number", {validate = function(i) return tonumber(i.params.id) end})
            route("/album/:id/share/:how", {})
            route("/player", {links = {"/album/:id/track/1", "/album/:id/share/mail", "/album/x/track/1"}})
            """, chunkName: "=more")
        let map = NavigationMapBuilder.map(host.runtime)
        let fromPlayer = map.edges.filter { $0.from == 5 }.map(\.to)
        #expect(fromPlayer == [.route(3), .route(4), .unmatched("/album/x/track/1")])
        #expect(map.unmatchedTargets == ["/missing", "/album/x/track/1"])
    }

    @Test func catalogueListsOptionsInRankOrder() {
        let rows = RouteCatalogue.listings(host.runtime)
        #expect(rows.map(\.pattern) == ["/", "/album/:id", "/album/:id/tracks", "(not found)"])
        #expect(rows[1].options == ["sheet", "title \"Album\"", "validate"])
        #expect(rows[2].options == ["guard", "redirect → /"])
        #expect(rows[0].site == "app:1")
        #expect(RouteCatalogue.tabsLine(host.runtime) == "tabs: / · /album/1")
    }

    @Test func stateSnapshotShowsTabsAndPresentedEnvironments() throws {
        try host.navigate { try $0.sheet("/album/3") }
        let snapshot = NavigationSnapshot(host.navigator.state)
        #expect(snapshot.environments.map(\.kind) == ["root", "sheet"])
        #expect(snapshot.environments[0].tabs.map(\.name).count == 2)
        #expect(snapshot.environments[1].stack.map(\.path) == ["/album/3"])
        let screen = ScreenSnapshot(host.navigator)
        #expect(screen.title == "Album")
        #expect(screen.presentation == "sheet")
    }
}
