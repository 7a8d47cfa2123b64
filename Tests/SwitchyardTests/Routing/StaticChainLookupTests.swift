import Testing
@testable import Switchyard

/// Issue 37 item 1: a run of static nodes that each have one static child and nothing else is one edge
/// to the walk (`FrozenTrie+Chain`), its bytes compared with the path at once; and a literal past 8
/// bytes is keyed on its first and last words, so siblings that share their first word no longer share
/// a slot. Whatever the walk takes at once, every lookup must answer as the full search does, and a path
/// that leaves a chain anywhere (a different byte, a longer or shorter segment, the end of the text, a
/// query, a dot segment) must too.
@Suite struct StaticChainLookupTests {
    private static let chain = "administrative-settings/notification-preferences/long-static-segment-number-7"

    private func table(caseInsensitive: Bool) throws -> RouteTable<Int> {
        let table = RouteTable<Int>(caseInsensitive: caseInsensitive)
        try table.add("/org/\(Self.chain)", payload: 0)                       // a chain below a static node
        try table.add("/org/\(Self.chain)/:id", payload: 1)                   // going on past its end
        try table.add("/users/:id/profile/privacy-and-security", payload: 2)  // a parameter heads it
        try table.add("/org-other/x", payload: 3)
        try table.add("/:any/:id", payload: 4)
        return table
    }

    /// The bytes of each chain the freeze marked (from the `/` after a head's literal), in node order.
    private func chains(_ table: RouteTable<Int>) -> [String] {
        table.withFrozenLookup { lookup in
            let trie = lookup.trie
            return (0..<trie.nodes.count).compactMap { index -> String? in
                let node = trie.nodes[index]
                guard node.hashShift < 0 else { return nil }
                let start = Int(node.literalOffset) + Int(node.literalLength)
                let length = FrozenTrie.chainLength(trie.nodes.baseAddress! + index, in: trie.nodes)
                return String(decoding: trie.literalBytes[start..<(start + length)], as: UTF8.self)
            }
        }
    }

    /// The route the full search ranks first for the normalised path of `text` (no validators here).
    private func searched(_ table: RouteTable<Int>, _ text: String) -> Int? {
        table.withFrozenLookup { lookup in
            lookup.all(Location(parsing: text).path).first.map { table.routes[$0.route].payload }
        }
    }

    @Test func runsOfSingleChildStaticNodesAreChainsToTheWalk() throws {
        let table = try table(caseInsensitive: false)
        #expect(chains(table) == [
            "/\(Self.chain)",
            "/notification-preferences/long-static-segment-number-7",
            "/long-static-segment-number-7",
            "/profile/privacy-and-security",
            "/privacy-and-security",
        ])
        // The walk settles a path through a chain in its one pass.
        table.withFrozenLookup { lookup in
            var text = "/org/\(Self.chain)/42"
            text.withUTF8 { bytes in
                var spans = Parameters.InlineSpans()
                guard case .node(let node) = lookup.trie.walk(bytes, spans: &spans) else {
                    Issue.record("the walk did not settle a path through a chain")
                    return
                }
                #expect(table.routes[lookup.trie.firstRoute(at: node)].payload == 1)
                #expect(spans.count == 1 && spans[0].start == bytes.count - 2)
            }
        }
    }

    /// A chain shorter than a word is not marked (the walk takes it a segment at a time), and a chain
    /// stops at a node with another child or where a route ends.
    @Test func shortChainsAndBranchingNodesAreNotChains() throws {
        let table = RouteTable<Int>()
        try table.add("/a/b/c", payload: 0)                 // "/b/c" and "/c": under 8 bytes
        try table.add("/x/settings/:id", payload: 1)
        try table.add("/x/settings/general", payload: 2)    // `settings` has a parameter child
        try table.add("/y/routes-end-here", payload: 3)
        try table.add("/y/routes-end-here/and-go-on-further", payload: 4)
        #expect(chains(table) == ["/settings", "/routes-end-here"])
        #expect(try table.match("/x/settings/general")?.route.payload == 2)
        #expect(try table.match("/x/settings/9")?.route.payload == 1)
        #expect(try table.match("/y/routes-end-here/and-go-on-further")?.route.payload == 4)
        #expect(try table.match("/y/routes-end-here")?.route.payload == 3)
        #expect(try table.match("/a/b/c")?.route.payload == 0)
    }

    @Test(arguments: [false, true])
    func everyPathThroughOrOutOfAChainMatchesAsTheSearchDoes(caseInsensitive: Bool) throws {
        let table = try table(caseInsensitive: caseInsensitive)
        let chain = Self.chain
        let paths = [
            "/org/\(chain)", "/org/\(chain)/42", "/org/\(chain)/42/43",
            "/org/administrative-settings", "/org/administrative-settings/notification-preferences",
            "/org/administrative-settings/notification-preferences/long-static-segment-number-77",
            "/org/administrative-settings/notification-preferences/long-static-segment-number-",
            "/org/administrative-settings/notification-preferencesX/long-static-segment-number-7",
            "/org/administrative-settingZ/notification-preferences/long-static-segment-number-7",
            "/org/administrative-settings/x/../notification-preferences/long-static-segment-number-7",
            "/org/./\(chain)", "/org/\(chain)/./42",
            "/ORG/\(chain.uppercased())", "/org/\(chain.uppercased())/42",
            "/users/7/profile/privacy-and-security", "/users/7/profile/privacy-and-securit",
            "/users/7/profile", "/users/7/PROFILE/privacy-and-security",
            "/org-other/x", "/org", "/org/x",
        ]
        for path in paths {
            let expected = searched(table, path)
            #expect(try table.match(path)?.route.payload == expected, "match \(path)")
            #expect(try table.withMatch(path) { $0.map { table.routes[$0.route.rawValue].payload } } == expected, "withMatch \(path)")
            #expect(table.firstMatch(path).map { table.routes[$0.rawValue].payload } == expected, "firstMatch \(path)")
        }
        #expect(try table.match("/org/\(chain)/42")?.info.params["id"] == "42")
        #expect(try table.match("/ORG/\(chain.uppercased())")?.route.payload == (caseInsensitive ? 0 : nil))
    }

    /// A chain ends where the text goes on with a `?query` or `#fragment`: the path before it is found.
    @Test func aQueryOrFragmentAfterAChainIsCutOff() throws {
        let table = try table(caseInsensitive: false)
        #expect(try table.match("/org/\(Self.chain)?tab=1")?.route.payload == 0)
        #expect(try table.match("/org/\(Self.chain)#top")?.route.payload == 0)
        #expect(try table.withMatch("/org/\(Self.chain)/42?tab=1") { $0?[parameter: "id"] } == "42")
        // The path is `/org/administrative-settings`, which leaves the chain: the parameters' route.
        #expect(try table.match("/org/administrative-settings?x=/notification-preferences/long-static-segment-number-7")?
            .route.payload == 4)
    }

    /// The root heads a chain when every route starts with the same run of segments.
    @Test func theRootCanHeadAChain() throws {
        let table = RouteTable<Int>()
        try table.add("/api/v1/users/list", payload: 0)
        try table.add("/api/v1/users/list/:id", payload: 1)
        #expect(chains(table).first == "/api/v1/users/list")
        #expect(try table.match("/api/v1/users/list")?.route.payload == 0)
        #expect(try table.match("/api/v1/users/list/9")?.info.params["id"] == "9")
        #expect(try table.match("/api/v1/users") == nil)
        #expect(try table.match("/api/v1/users/lists") == nil)
        #expect(try table.match("/api/v2/users/list") == nil)
        #expect(try table.match("/api") == nil)
    }

    /// Siblings past 8 bytes that share their first word, their last word and their length share a key
    /// (and a slot): the bytes between tell them apart.
    @Test(arguments: [false, true])
    func longSiblingsSharingBothEndsAreToldApart(caseInsensitive: Bool) throws {
        let table = RouteTable<String>(caseInsensitive: caseInsensitive)
        let words = (0..<(FrozenTrie.hashThreshold + 4)).map { "settings-\($0)-of-the-organisation" }
        for word in words { try table.add("/\(word)/end", payload: word) }
        try table.add("/:other/end", payload: "parameter")
        for word in words {
            #expect(try table.match("/\(word)/end")?.route.payload == word)
            #expect(try table.match("/\(word.uppercased())/end")?.route.payload == (caseInsensitive ? word : "parameter"))
        }
        #expect(try table.match("/settings-x-of-the-organisation/end")?.route.payload == "parameter")
        #expect(try table.match("/settings-0-of-the-organisatioN/end")?.route.payload == (caseInsensitive ? words[0] : "parameter"))
    }
}
