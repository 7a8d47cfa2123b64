import Testing
@testable import Switchyard

@Suite("Navigator: JSON save and restore")
struct NavigationDocumentTests {
    private func busyNavigator() throws -> Navigator {
        let navigator = try NavigationFixture.navigator(tabs: ["/home", "/search"])
        try navigator.push("/c/1?x=1#frag")
        try navigator.tab("search")
        try navigator.push("/search/swift")
        try navigator.sheet("/a")
        try navigator.startFlow([FlowStep("/b"), FlowStep("/c/2", as: .cover), FlowStep("/news")])
        try navigator.modal("/news/latest")
        try navigator.alert(Alert(title: "Hi", message: "There", buttons: [AlertButton("Yes") {}, AlertButton("No")]))
        try navigator.back()
        return navigator
    }

    @Test func aRoundTripRestoresAnEqualState() throws {
        let navigator = try busyNavigator()
        let json = try navigator.save()
        let copy = try NavigationFixture.navigator()
        try copy.restore(json)
        #expect(copy.state == navigator.state)
        #expect(copy.history.count == navigator.history.count)
        #expect(copy.historyIndex == navigator.historyIndex)
        #expect(zip(copy.history, navigator.history).allSatisfy { $0.state == $1.state && $0.operation == $1.operation })
        #expect(copy.tabs == ["home", "search"])
        #expect(try copy.save() == json)
        try copy.forward()
        #expect(copy.alert?.labels == ["Yes", "No"])
        try copy.choose("Yes")   // restored buttons have no action: choosing only dismisses
        try copy.push("/c/9")
        #expect(copy.screen.id == navigator.nextID)   // ids continue where the saved navigator left off
    }

    /// Two routes with one pattern, told apart by the first one's validator.
    private func twinRoutes() throws -> Navigator {
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/u/:id", validator: { info in Int(info.params["id"] ?? "") },
                       payload: RouteDefinition(title: "Numeric", links: ["/a"]))
        try routes.add("/u/:id", payload: RouteDefinition(title: "Other", links: ["/b"]))
        return Navigator(routes: routes)
    }

    @Test func aScreenNamesTheRouteThatMatchedItAndARestoreKeepsIt() throws {
        let navigator = try twinRoutes()
        try navigator.push("/u/abc")
        #expect(navigator.screen.route == RouteID(rawValue: 1))
        #expect(navigator.screen.title == "Other")
        try navigator.push("/u/7")
        #expect(navigator.screen.route == RouteID(rawValue: 0))
        let json = try navigator.save()
        #expect(json.contains("\"route\":1"))
        let copy = try twinRoutes()
        try copy.restore(json)
        #expect(copy.state == navigator.state)
        try copy.back()
        #expect(copy.screen.route == RouteID(rawValue: 1))
        #expect(copy.routes[payloadOf: copy.screen.route!].links == ["/b"])
    }

    @Test func aRestoredScreenMustNameARouteWithItsPattern() throws {
        let navigator = try twinRoutes()
        try navigator.push("/u/abc")
        let json = try navigator.save()
        let unknown = json.replacingOccurrences("\"route\":1", with: "\"route\":5")
        do { try navigator.restore(unknown); Issue.record("restored a screen naming route 5") } catch {
            #expect("\(error)".contains("screen 1: route 5 is not declared (2 routes are)"))
        }
        let other = try NavigationFixture.navigator()
        do { try other.restore(json); Issue.record("restored /u/:id screens into a table without them") } catch {
            #expect("\(error)".contains("screen 1: route 1 is declared with the pattern /a, not /u/:id"))
        }
        // A save from before screens named their route: the first route with the pattern.
        let old = json.replacingOccurrences("\"route\":1,", with: "")
        #expect(old != json)
        try navigator.restore(old)
        #expect(navigator.screen.route == RouteID(rawValue: 0))
    }

    @Test func restoredTimelinesShareStructureAgain() throws {
        let navigator = try NavigationFixture.navigator()
        for id in 1...30 { try navigator.push("/c/\(id)") }
        let copy = try NavigationFixture.navigator()   // restored screens must name declared routes
        try copy.restore(try navigator.save())
        let bottoms = Set(copy.history.map { entry -> ObjectIdentifier in
            var node = entry.state.environments[0].current.topNode
            while let below = node.below { node = below }
            return ObjectIdentifier(node)
        })
        #expect(bottoms.count == 1)
    }

    /// A screen's location is checked against the routes, as navigating there would check it.
    @Test func impossibleLocationsAreRefused() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/c/5")
        let json = try navigator.save(indented: true)
        let cases: [(String, String, String)] = [
            ("\"path\" : \"/c/5\"", "\"path\" : \"\"", "path \"\" is not a normalised absolute path"),
            ("\"path\" : \"/c/5\"", "\"path\" : \"a/../../x//y/\"", "is not a normalised absolute path (it would be \"/x/y\")"),
            ("\"pattern\" : \"/c/:id\"", "\"pattern\" : \"/nope/:id\"", "route 3 is declared with the pattern /c/:id, not /nope/:id"),
            ("\"path\" : \"/c/5\"", "\"path\" : \"/news\"", "path /news does not match its pattern /c/:id"),
            ("\"id\" : \"5\"", "\"id\" : \"6\"", "are not what /c/:id captures from /c/5"),
        ]
        for (find, replace, message) in cases {
            let corrupt = json.replacingOccurrences(find, with: replace)
            #expect(corrupt != json, "\(find) not in the document")
            try expectUnchanged(navigator) { try navigator.restore(corrupt) }
            #expect { try navigator.restore(corrupt) } throws: { "\($0)".contains(message) }
        }
        // A save from before screens named their route is checked by its pattern alone.
        let unnamed = json.replacingOccurrences("\"route\" : 3,", with: "")
            .replacingOccurrences("\"pattern\" : \"/c/:id\"", with: "\"pattern\" : \"/nope/:id\"")
        #expect { try navigator.restore(unnamed) } throws: { "\($0)".contains("no route is declared with the pattern /nope/:id") }
        try navigator.restore(json)
        #expect(navigator.path == "/c/5")
    }

    @Test func corruptDocumentsAreClearErrorsThatLeaveTheStateAlone() throws {
        let navigator = try busyNavigator()
        let json = try navigator.save()
        let corrupt = [
            "", "null", "[]", "{", String(json.prefix(json.count / 2)),
            json.replacingOccurrences("\"version\":1", with: "\"version\":99"),
            json.replacingOccurrences("\"format\":\"switchyard.navigation\"", with: "\"format\":\"other\""),
            json.replacingOccurrences("\"kind\":\"root\"", with: "\"kind\":\"sheet\""),
            json.replacingOccurrences("\"kind\":\"sheet\"", with: "\"kind\":\"planet\""),
            json.replacingOccurrences("\"operation\":\"push\"", with: "\"operation\":\"teleport\""),
            json.replacingOccurrences("\"index\":", with: "\"index\":7"),
            json.replacingOccurrences("\"selected\":1", with: "\"selected\":5"),
            json.replacingOccurrences("\"nextID\":", with: "\"nextID\":-"),
            json.replacingOccurrences("\"stacks\":[[", with: "\"stacks\":[[], ["),
            json.replacingOccurrences("\"modals\":[", with: "\"modals\":[9999,"),
        ]
        for document in corrupt {
            #expect(document != json)
            try expectUnchanged(navigator) { try navigator.restore(document) }
            do { try navigator.restore(document) } catch let error as NavigationError {
                guard case let .invalidDocument(reason) = error.reason else { Issue.record("\(error)"); continue }
                #expect(!reason.isEmpty)
            }
        }
    }

    @Test func errorMessagesSayWhatWasWrong() throws {
        let navigator = try NavigationFixture.navigator()
        let json = try navigator.save()
        func reason(_ document: String) -> String {
            do { try navigator.restore(document); return "restored" } catch { return "\(error)" }
        }
        #expect(reason(json.replacingOccurrences("\"version\":1", with: "\"version\":2")).contains("unsupported version 2"))
        #expect(reason("{\"format\":\"switchyard.navigation\",\"version\":1}").contains("missing"))
        #expect(reason(String(json.dropLast(3))).contains("cannot restore navigation state"))
    }
}

extension String {
    /// Replaces every occurrence (no Foundation in this target's tests).
    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
