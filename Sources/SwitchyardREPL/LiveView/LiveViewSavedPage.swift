#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Switchyard
import SwitchyardAnalysis
import SwitchyardLiveView
import SwitchyardLua
import SwitchyardTesting
import SwitchyardTools

/// The live view's page saved without a server (`graph --html`, `check --format html`,
/// `test --coverage --html`): the same HTML, CSS and script, with the map's SVG, the state and a
/// report's marks embedded as JSON in a `<script type="application/json" id="embedded">` block
/// instead of coming over a WebSocket. One file, nothing fetched: it opens offline.
///
/// Everything in the JSON a script supplied (titles, paths, messages, the SVG's labels) stays
/// inside JSON strings, and every `<`, `>` and `&` in them is written `\u003c`, `\u003e`, `\u0026`,
/// so a title holding `</script>` cannot end the block; the page sets them as text.
///
///     let page = try LiveViewSavedPage.graph(host, heading: "map of app.lua")   // <!DOCTYPE html>...
package enum LiveViewSavedPage {
    /// A report painted on the map: a class for a node ("landed", "missed", "error", "warning")
    /// and one line per route or finding.
    struct Paint: Encodable {
        struct Item: Encodable {
            let node: String?
            let kind: String
            let text: String
        }

        let title: String
        let nodes: [String: String]
        let items: [Item]
    }

    private struct Saved: Encodable {
        let heading: String
        let when: String
        let svg: String
        let paint: Paint?
    }

    /// The map laid out by graphviz, and the node id ("r3") of each route pattern in it.
    static func map(_ host: ScriptHost) throws(LuaError) -> (svg: String, nodes: [String: String]) {
        let laidOut = try LiveViewSession.dot(host)
        return (LiveViewSession.layOut(laidOut.dot), laidOut.nodes)
    }

    /// The page showing the map and the state as the live page does.
    package static func graph(_ host: ScriptHost, heading: String) throws(LuaError) -> String {
        let (svg, nodes) = try map(host)
        let state = LiveViewState.json(host, nodes: nodes, sequence: 1, move: nil)
        return page(Saved(heading: heading, when: "saved: no server, no network", svg: svg, paint: nil), state: state)
    }

    /// The page of `check`'s findings: each finding's route red (error) or amber (warning) on the
    /// map, every finding listed with its path and declaration site.
    package static func check(_ host: ScriptHost, report: MapCrawlReport, heading: String) throws(LuaError) -> String {
        let (svg, nodes) = try map(host)
        var marks: [String: String] = [:]
        let items = report.findings.map { finding in
            let node = nodes[finding.route]
            let kind = finding.severity == .error ? "error" : "warning"
            if let node, marks[node] != "error" { marks[node] = kind }
            let site = finding.site.map { " (\($0))" } ?? ""
            return Paint.Item(node: node, kind: kind,
                              text: "\(finding.severity.rawValue) \(finding.kind.rawValue): \(finding.route) \(finding.path): \(finding.message)\(site)")
        }
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)" + (count == 1 ? "" : "s") }
        let visited = counted(report.screens, "screen") + " visited"
        let summary = report.findings.isEmpty ? "No findings · " + visited
            : counted(report.errors, "error") + ", " + counted(report.warnings, "warning") + " · " + visited
        let paint = Paint(title: summary, nodes: marks, items: items)
        return page(Saved(heading: heading, when: "saved check report", svg: svg, paint: paint), state: nil)
    }

    /// The page of `test --coverage`: routes landed green, never-landed red with their file:line,
    /// and each route's landings, links followed and guard and validator outcomes listed.
    package static func coverage(_ host: ScriptHost, report: CoverageReport, heading: String) throws(LuaError) -> String {
        let (svg, nodes) = try map(host)
        var marks: [String: String] = [:]
        let never = report.uncovered.map { route in
            Paint.Item(node: nodes[route.pattern], kind: "missed",
                       text: "never landed: \(route.pattern)" + (route.site.map { " (\($0))" } ?? ""))
        }
        let each = report.routes.filter { $0.landings > 0 }.map { route in
            var text = "\(route.pattern): landed \(route.landings)×, links followed \(route.linksFollowed)/\(route.links)"
            if let outcomes = route.guardOutcomes {
                text += ", guard " + outcomes.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: " ")
            }
            if let outcomes = route.validatorOutcomes {
                text += ", validator " + outcomes.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: " ")
            }
            return Paint.Item(node: nodes[route.pattern], kind: "landed", text: text)
        }
        // Two spec files' apps may share a pattern: landed in either, it is landed on this map.
        for route in report.routes {
            if let node = nodes[route.pattern], marks[node] != "landed" { marks[node] = route.landings > 0 ? "landed" : "missed" }
        }
        let title = "Coverage: \(report.routesLanded) of \(report.routes.count) routes landed"
        return page(Saved(heading: heading, when: "saved coverage report", svg: svg,
                          paint: Paint(title: title, nodes: marks, items: never + each)), state: nil)
    }

    /// The live page with `saved` (and the state message, already JSON) embedded.
    private static func page(_ saved: Saved, state: String?) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        var json = (try? encoder.encode(saved)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        if let state, json.hasSuffix("}") {
            json.removeLast()
            json += #","state":"# + state + "}"
        }
        let block = "<script type=\"application/json\" id=\"embedded\">" + JSONStringLiteral.scriptSafe(json) + "</script>\n"
        var html = LiveViewPage.html.replacing("__ACCESS__", with: "saved")
        if let script = html.firstRange(of: "<script>\n") {
            html.insert(contentsOf: block, at: script.lowerBound)
        }
        return html
    }
}

extension LiveViewSavedPage {
    /// `switchyard graph FILE --html OUT`: runs the script (and restores `--state`), then writes the
    /// page of its map and state to OUT. A failure writes nothing.
    package static func writeGraph(file: String, state: String?, to output: String, options: SessionOptions) -> ExitStatus {
        InterruptSignal.install()
        let html: String
        do {
            let host = try ScriptHost(options: options)
            try host.runFile(file)
            if let state { try GraphExport.restore(state, into: host) }
            InterruptSignal.describe("the graph of " + file)
            html = try graph(host, heading: "Switchyard map of " + file)
        } catch {
            ErrorReport.write(error)
            return .failure
        }
        do {
            try TextFile.write(html, to: output)
            return .success
        } catch {
            StandardError.write("switchyard graph: --html: \(error.description)")
            return .failure
        }
    }

    /// `check --format html`'s page, for `MapCheck.run`.
    package static func checkPage(files: [String]) -> (ScriptHost, MapCrawlReport) throws(LuaError) -> String {
        { host, report throws(LuaError) in try check(host, report: report, heading: "Switchyard check of " + files.joined(separator: " ")) }
    }

    /// `test --coverage --html DIR`'s page, for `ScenarioTestRun.run`.
    package static func coveragePage(host: ScriptHost, report: CoverageReport) throws(LuaError) -> String {
        try coverage(host, report: report, heading: "Switchyard test coverage")
    }
}
