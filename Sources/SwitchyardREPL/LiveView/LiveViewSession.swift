#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Switchyard
import SwitchyardLiveView
import SwitchyardLua
import SwitchyardTools

/// The REPL's side of the live view: the server, the map laid out once per set of routes, and the
/// state sent after each change. Built on the REPL's thread only; the server's threads see strings.
///
///     let session = try LiveViewSession(address: "127.0.0.1", port: 0)
///     print(session.links.navigate)
///     session.publish(host)    // after a line changed the state (asOneUnit does it)
final class LiveViewSession {
    let server: LiveViewServer
    let port: UInt16
    /// The DOT text the page's map was laid out from: a new one (`:reload`, a `:load` that declared
    /// routes) is laid out again, anything else only re-highlighted by the page.
    private var laidOutDot: String?
    /// The node id ("r3") of each route pattern in the map laid out.
    private var nodes: [String: String] = [:]
    /// The last move a page made, shown on the page: the line it equals, and its error if refused.
    var lastMove: (line: String, error: String?)?
    private var sequence = 0
    /// How many routes the table had, and how many were removed, when the state was last sent: a
    /// line that declares or removes routes without navigating (`route("/new")` typed at the
    /// prompt) sends the new map all the same.
    private var publishedRoutes = (declared: -1, removed: -1)

    init(address: String, port: UInt16) throws(LiveViewError) {
        server = try LiveViewServer(address: address, port: port, page: LiveViewPage.html)
        self.port = try server.start()
    }

    var links: (navigate: String, view: String) {
        let host = server.address == "0.0.0.0" ? Self.hostName() : server.address
        let base = "http://\(host):\(port)/?token="
        return (base + server.navigateToken, base + server.viewToken)
    }

    func stop() {
        server.stop()
    }

    /// Sends the state (and the map, when the routes changed) to every page; never waits for them.
    func publish(_ host: ScriptHost) {
        publishedRoutes = Self.routeCounts(host)
        var map: String?
        if let dot = try? currentDot(host), dot != laidOutDot {
            laidOutDot = dot
            map = Self.layOut(dot)
        }
        sequence += 1
        server.publish(map: map, state: LiveViewState.json(host, nodes: nodes, sequence: sequence, move: lastMove))
    }

    /// After a line that left the navigation as it was: sends the map again when the line declared
    /// or removed routes, and nothing otherwise (no DOT is made for a line that changed none).
    func publishIfRoutesChanged(_ host: ScriptHost) {
        if Self.routeCounts(host) != publishedRoutes { publish(host) }
    }

    private static func routeCounts(_ host: ScriptHost) -> (declared: Int, removed: Int) {
        (host.runtime.routeTable.count, host.runtime.routeTable.removed.count)
    }

    private func currentDot(_ host: ScriptHost) throws(LuaError) -> String {
        let laidOut = try Self.dot(host)
        nodes = laidOut.nodes
        return laidOut.dot
    }

    /// The map's DOT text and the node id ("r3") of each route pattern in it ("(not found)" for
    /// the not-found route); the saved page (`LiveViewSavedPage`) lays out the same.
    static func dot(_ host: ScriptHost) throws(LuaError) -> (dot: String, nodes: [String: String]) {
        let map = try GraphExport.map(host)
        var nodes: [String: String] = [:]
        for (index, route) in map.routes.enumerated() where !route.isNotFound {
            nodes[route.pattern] = "r\(index)"
        }
        if let index = map.routes.firstIndex(where: \.isNotFound) { nodes["(not found)"] = "r\(index)" }
        return (DotWriter().document(for: map), nodes)
    }

    /// graphviz's SVG of the map, without its XML prologue (the page puts it inline); a note in its
    /// place when graphviz is missing or fails. Node groups keep graphviz's `<title>rN</title>`,
    /// which the page finds them by.
    static func layOut(_ dot: String) -> String {
        let file = "/tmp/switchyard-live-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).svg"
        defer { unlink(file) }
        do {
            try GraphvizRenderer().render(dot, type: "svg", to: file)
            let svg = try TextFile.read(file)
            guard let start = svg.firstRange(of: "<svg") else { return "" }
            return String(svg[start.lowerBound...])
        } catch {
            return "<p class=\"note\">" + XMLText.escape(String(describing: error)) + "</p>"
        }
    }

    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "0.0.0.0" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
