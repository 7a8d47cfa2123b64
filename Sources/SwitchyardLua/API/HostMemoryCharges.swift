import Switchyard

/// What a declaration makes Switchyard keep in Swift memory, estimated from byte counts alone (no
/// walk over anything the script did not just pass), so that `--max-memory` counts it against the same
/// cap as the Lua heap (`LuaEngine.chargeHostMemory`). Each figure is the declaration's fixed cost,
/// measured as resident memory per declaration in a release build, plus twice each string it keeps
/// (the string, and the copy or compiled form made of it), and four times a pattern (its text, its
/// compiled segments and the lookup's keys: 1 MB patterns measured 3.6 MB resident each).
enum HostMemoryCharge {
    /// A route: its table entry, trie nodes and definition (1e7 empty routes took 5.85 GB: 585 bytes).
    static let route = 640
    /// A link, a flow step, a tab: an array element and its string's header.
    static let listItem = 48
    /// An invariant: its entry and the Lua function reference.
    static let invariant = 128
    /// A flow: its dictionary entry.
    static let flow = 128

    /// A name or pattern as an error message shows it: quoted, cut after 40 bytes, controls escaped.
    static func shown(_ string: String) -> String {
        let head = string.utf8.count > 40 ? String(decoding: string.utf8.prefix(40), as: UTF8.self) + "..." : string
        let escaped = head.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\x" + String($0.value, radix: 16) : String($0) }
        return "\"" + escaped.joined() + "\"" + (head.utf8.count < string.utf8.count ? " (\(string.utf8.count) bytes)" : "")
    }

    static func text(_ string: String?) -> Int { 2 * (string?.utf8.count ?? 0) }

    static func text(_ text: RouteText?) -> Int {
        if case .fixed(let string)? = text { return self.text(string) }
        return 0
    }

    static func list(_ strings: [String]) -> Int {
        strings.reduce(0) { $0 + listItem + text($1) }
    }

    /// A route (or the not-found route, with no pattern) as declared.
    static func route(pattern: String?, name: String?, site: String?, _ definition: RouteDefinition) -> Int {
        var bytes = route + 2 * text(pattern) + text(name) + text(site) + text(definition.title) + text(definition.view)
            + text(definition.parent) + list(definition.links)
        if case .to(let path)? = definition.redirect { bytes += text(path) }
        return bytes
    }

    static func flow(name: String, steps: [FlowStep]) -> Int {
        flow + text(name) + steps.reduce(0) { $0 + listItem + text($1.path) }
    }

    static func invariant(name: String, site: String?) -> Int {
        invariant + text(name) + text(site)
    }
}
