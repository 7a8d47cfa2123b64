import Testing
@testable import Switchyard

/// The declaration trie finds a static child by walking its siblings while they are few and through
/// its table once they are many: duplicates and lookups must not notice where the switch happens.
@Suite struct DeclarationTrieTests {
    @Test func findsSiblingsBeforeAndAfterTheyAreIndexed() throws {
        let table = RouteTable<Int>()
        for index in 0..<40 {
            try table.add("/s\(index)/:id", payload: index)
            // The first sibling is found again at every count, the one just added too.
            #expect(throws: RoutingError.self) { try table.add("/s0/:other", payload: -1) }
            #expect(throws: RoutingError.self) { try table.add("/s\(index)/:other", payload: -1) }
        }
        #expect(table.count == 40)
        for index in [0, 15, 16, 17, 39] {
            #expect(try table.match("/s\(index)/7")?.route.payload == index)
        }
        #expect(try table.match("/s40/7") == nil)
    }

    @Test func literalsOfDifferentLengthsStayApart() throws {
        let table = RouteTable<Int>()
        try table.add("/ab", payload: 1)
        try table.add("/a", payload: 2)
        try table.add("/abc", payload: 3)
        #expect(try table.match("/a")?.route.payload == 2)
        #expect(try table.match("/abc")?.route.payload == 3)
        #expect(throws: RoutingError.self) { try table.add("/a", payload: 4) }
    }

    @Test func caseInsensitiveSiblingsFoldPastTheSwitch() throws {
        let table = RouteTable<Int>(caseInsensitive: true)
        for index in 0..<20 { try table.add("/Page\(index)", payload: index) }
        #expect(throws: RoutingError.self) { try table.add("/PAGE3", payload: -1) }
        #expect(throws: RoutingError.self) { try table.add("/page19", payload: -1) }
        #expect(try table.match("/pAgE18")?.route.payload == 18)
    }
}
