import Foundation
import Testing
@testable import Switchyard

/// The top screen's object of a timeline entry that falls off, kept for the next bare landing to
/// refill (issue 37 item 3, branch `pushpop2`): what anyone can read must be as if each screen had
/// an object of its own.
@Suite("Navigator: screens' objects refilled once their entry falls off")
struct ScreenRecyclingTests {
    private func navigator(timelineLimit: Int) throws -> Navigator {
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/", payload: RouteDefinition())
        try routes.add("/item/:n", payload: RouteDefinition())
        try routes.add("/titled/:n", payload: RouteDefinition(title: .computed { "Titled \($0.params["n"]!)" }))
        try routes.add("/valued/:n", validator: { info in Token(info.params["n"]!) }, payload: RouteDefinition())
        let navigator = Navigator(routes: routes, timelineLimit: timelineLimit)
        try navigator.reset()
        return navigator
    }

    /// A validator's value whose going can be seen.
    private final class Token: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }

    /// (Whether the next push's screen is that very object is not asked: a debug build copies a
    /// landed screen's object when it places it, the landing still holding it.)
    @Test func theObjectOfAPushedScreenWhoseEntryFellOffIsKeptForTheNextPush() throws {
        let navigator = try navigator(timelineLimit: 2)
        try navigator.push("/item/1")
        weak let first = navigator.screen.stackNode
        try navigator.pop()
        try navigator.push("/item/2")   // lands, then commits: the entry of /item/1's push falls off
        #expect(first != nil)           // kept, not freed
        #expect(navigator.screen.stackNode !== first)
        try navigator.pop()
        try navigator.push("/item/3")
        #expect(navigator.screen.path == "/item/3")
        #expect(navigator.screen.params == ["n": "3"])
        #expect(navigator.stack.map(\.path) == ["/", "/item/3"])
        #expect(navigator.history.map(\.state.screen.path) == ["/", "/item/3"])
    }

    @Test func aScreenSomeoneStillHoldsIsNeverRefilled() throws {
        let navigator = try navigator(timelineLimit: 2)
        try navigator.push("/item/1")
        let held = navigator.screen
        let heldID = held.id, heldRoute = held.route
        try navigator.pop()
        for n in 2...6 {
            try navigator.push("/item/\(n)")
            try navigator.pop()
        }
        #expect(held.path == "/item/1")
        #expect(held.params == ["n": "1"])
        #expect(held.id == heldID)
        #expect(held.route == heldRoute && heldRoute != nil)
        #expect(navigator.history.map(\.state.screen.path) == ["/item/6", "/"])
    }

    @Test func aStackSomeoneHoldsKeepsItsScreensAsTheyWere() throws {
        let navigator = try navigator(timelineLimit: 2)
        try navigator.push("/item/1")
        try navigator.push("/item/2")
        let kept = navigator.stack
        try navigator.popToRoot()
        for n in 3...6 { try navigator.push("/item/\(n)"); try navigator.pop() }
        #expect(kept.map(\.path) == ["/", "/item/1", "/item/2"])
        #expect(kept.map(\.params) == [[:], ["n": "1"], ["n": "2"]])
    }

    @Test func historyReadsAsEachOperationLeftIt() throws {
        // A model of the last four entries, each as it was recorded: refilling an object must not
        // change an entry the timeline still has.
        let navigator = try navigator(timelineLimit: 4)
        var model: [(operation: NavigationOperation, paths: [String], ids: [Int])] = []
        func record() {
            model.append((navigator.history.last!.operation, navigator.stack.map(\.path), navigator.stack.map(\.id)))
            if model.count > 4 { model.removeFirst() }
        }
        for n in 1...30 {
            try navigator.push("/item/\(n)")
            record()
            if n % 3 == 0 {
                // Not found, and no fallback: fails and changes nothing.
                #expect(throws: (any Error).self) { try navigator.push("/nowhere/\(n)") }
            }
            if n % 2 == 0 { try navigator.pop(); record() }
        }
        let history = navigator.history.suffix(model.count)
        #expect(history.map(\.operation) == model.map(\.operation))
        #expect(history.map { $0.state.top.stack.map(\.path) } == model.map(\.paths))
        #expect(history.map { $0.state.top.stack.map(\.id) } == model.map(\.ids))
        let ids = navigator.stack.map(\.id)
        #expect(Set(ids).count == ids.count)
    }

    @Test func refilledScreensGetNewIncreasingIDs() throws {
        let navigator = try navigator(timelineLimit: 2)
        var ids: [Int] = []
        for n in 1...8 {
            try navigator.push("/item/\(n)")
            ids.append(navigator.screen.id)
            try navigator.pop()
        }
        #expect(ids == ids.sorted() && Set(ids).count == ids.count)
    }

    @Test func aValidatorsValueGoesWithItsEntryEvenWhenNoBareLandingFollows() throws {
        // A screen holding a validator's value is not kept for refilling: the value goes when the
        // entry holding its screen falls off, not at some later landing.
        let navigator = try navigator(timelineLimit: 2)
        weak var value: Token?
        try navigator.push("/valued/1")
        value = navigator.screen.value as? Token
        #expect(value?.name == "1")
        try navigator.pop()
        try navigator.push("/titled/1")   // /valued/1's entry falls off; this landing renders a title
        #expect(navigator.screen.title == "Titled 1")
        #expect(value == nil)
    }

    @Test func aPassedScreenIsNotRefilled() throws {
        // A screen with what a call passed (options) keeps its own object; the next push allocates.
        let navigator = try navigator(timelineLimit: 2)
        try navigator.push("/item/1", options: ScreenOptions(params: ["text": "Hello!"]))
        weak let passed = navigator.screen.stackNode
        try navigator.pop()
        try navigator.push("/item/2")
        #expect(passed == nil)
        #expect(navigator.screen.params == ["n": "2"])
        #expect(navigator.screen.passedParams.isEmpty)
    }

    @Test func thePathLengthReadInPlaceIsThePathsForEveryKindOfScreen() throws {
        let navigator = try navigator(timelineLimit: 10)
        navigator.notFound = RouteDefinition(title: "Not found")
        var screens: [Screen] = [navigator.screen, .bare(id: 0, path: "/somewhere/else")]
        try navigator.push("/item/7")
        screens.append(navigator.screen)
        try navigator.push("/item/8?tab=info#top")
        screens.append(navigator.screen)
        try navigator.push("/nowhere/at/all")
        screens.append(navigator.screen)
        let item = try #require(screens[2].route)
        screens.append(screens[2].naming(item, parameters: screens[2].parameters))
        screens.append(try JSONDecoder().decode(Screen.self, from: JSONEncoder().encode(screens[3])))
        for screen in screens {
            #expect(screen.stackNode.pathUTF8Count == screen.path.utf8.count, "\(screen.location)")
            for text in [screen.path, screen.path + "x", String(screen.path.dropLast()), "/", "/item/7"] {
                #expect(screen.isAt(plainPath: text) == screen.info.isAt(plainPath: text), "\(screen.location) at \(text)")
            }
        }
        #expect(screens[2].isAt(plainPath: "/item/7"))
        #expect(!screens[3].isAt(plainPath: "/item/8"))   // a query: not at the plain path
    }
}
