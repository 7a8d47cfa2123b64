import Testing
@testable import Switchyard

/// Issue 37, eighteenth session: the walk no longer asks on entry whether the text ends in `/` (6
/// instructions on every lookup). A trailing `/` makes the text's last segment empty, which the loop
/// reaches as its cursor landing on the text's end; the loop's end asks it there, and every exit whose
/// answer takes the rest of the text (a splat, a marked slot's splat, an optional chain) asks it first.
/// A dead end on the only way is a miss with or without it. Every text is answered as the full search
/// of its normalised path answers it.
@Suite struct TrailingSlashAtTheWalksExitsTests {
    private func table(caseInsensitive: Bool = false) throws -> RouteTable<Int> {
        try numberedTable(caseInsensitive: caseInsensitive, [
            "/", "/a/b", "/a/b/c", "/api/:x/items/:y/act", "/files/*path", "/p/:id", "/p/new",
            "/o/:a?/:b?", "/s/x/*rest", "/s/y", "/long/abcdefghijklmnopqrstuvwxyz/end",
        ])
    }

    @Test func aTrailingSlashAtEveryExitIsAnsweredAsTheFullSearch() throws {
        for caseInsensitive in [false, true] {
            let table = try table(caseInsensitive: caseInsensitive)
            for text in ["/", "//", "/a/", "/a/b/", "/a/b/c/", "/api/1/items/2/act/", "/api/1/items/", "/api/1/",
                         "/files/", "/files/a/", "/files/a/b/", "/files/aaaaaaaaaaaaaaaaaaaa/bbbb/", "/p/1/", "/p/new/",
                         "/o/", "/o/1/", "/o/1/2/", "/o/1/2/3/", "/s/x/", "/s/x/r/", "/s/x/rrrrrrrrrrrrrrrrrrrr/", "/s/y/",
                         "/long/abcdefghijklmnopqrstuvwxyz/", "/long/abcdefghijklmnopqrstuvwxyz/end/", "/nope/",
                         "/a/b/nope/", "/api/1/nope/2/act/", "/p/1/x/", "/a/b?x/", "/p/1?x/"] {
                try expectAsTheFullSearch(table, text)
            }
        }
    }

    @Test func theLoopsEndRefusesATrailingSlashButNotTheRoot() throws {
        let table = try table()
        // A text that ends in `/` at a node is not plain (the full resolution normalises it); `/` alone
        // is the root.
        for text in ["/a/b/", "/a/b/c/", "/api/1/items/2/act/", "/p/1/", "/s/y/", "/long/abcdefghijklmnopqrstuvwxyz/end/",
                     "/o/1/2/"] {
            let (walked, _) = walkVerdict(table, text)
            if case .notPlain(0) = walked {} else { Issue.record("\(text): \(walked)") }
            #expect(try table.resolve(plainPath: text) == nil, "\(text)")
        }
        // A splat never takes a rest that ends in `/` (its parent's stop, or a marked slot's splat left
        // to the stop and the general way, which then normalises the text).
        for text in ["/files/a/b/", "/files/aaaaaaaaaaaaaaaaaaaa/bbbb/", "/s/x/r/", "/s/x/rrrrrrrrrrrrrrrrrrrr/"] {
            let (walked, _) = walkVerdict(table, text)
            if case .node = walked { Issue.record("\(text): \(walked)") }
            #expect(try table.resolve(plainPath: text) == nil, "\(text)")
        }
        let (root, _) = walkVerdict(table, "/")
        if case .node = root {} else { Issue.record("/: \(root)") }
        #expect(try table.match("/")?.route.payload == 0)
        #expect(try table.match("/files/a/b/")?.info.params == ["path": "a/b"])
        #expect(try table.match("/o/1/2/")?.info.params == ["a": "1", "b": "2"])
    }
}
