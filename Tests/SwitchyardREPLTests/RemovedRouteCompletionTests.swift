import Testing
@testable import SwitchyardREPL
@testable import SwitchyardTools

@Suite struct RemovedRouteCompletionTests {
    /// TAB completes from a trie cached until the table changes: a route `remove_route` took out
    /// changes it too, and is no longer offered.
    @Test func aRemovedRouteIsNoLongerCompleted() throws {
        let host = try ScriptHost(options: SessionOptions())
        try host.runChunk(#"route("/beta", {name = "beta"}) route("/about", {})"#)
        let sources = CompletionSources(host: host)
        #expect(sources.completer.routes().complete("/") == ["/about", "/beta"])
        try host.runChunk(#"remove_route("beta")"#)
        #expect(sources.completer.routes().complete("/") == ["/about"])
    }
}
