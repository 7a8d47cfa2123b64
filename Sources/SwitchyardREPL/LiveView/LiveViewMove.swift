import SwitchyardTools

/// A move a page asks for, as the Lua line that makes it: the REPL runs that line as if typed
/// (same transaction, sandbox and budget), prints it, and `:record` records it.
///
///     LiveViewMove.line(for: ["op": "push", "path": "/album/7"])   // .success("nav.push(\"/album/7\")")
enum LiveViewMove {
    static func line(for fields: [String: String]) -> Result<String, Refusal> {
        func argument(_ name: String) -> Result<String, Refusal> {
            guard let value = fields[name], !value.isEmpty else {
                return .failure(Refusal(description: "the page's \"\(fields["op"] ?? "")\" move lacks its \"\(name)\""))
            }
            return .success(LuaStringLiteral.quote(value))
        }
        switch fields["op"] {
        case "push"?: return argument("path").map { "nav.push(\($0))" }
        case "tab"?: return argument("name").map { "nav.tab(\($0))" }
        case "choose"?: return argument("label").map { "nav.choose(\($0))" }
        case "detent"?: return argument("name").map { "nav.set_detent(\($0))" }
        case "settle"?:
            let result = fields["result"] == "false" ? "false" : "true"
            return argument("key").map { "nav.settle(\($0), \(result))" }
        case "back"?: return .success("nav.back()")
        case "forward"?: return .success("nav.forward()")
        case "pop"?: return .success("nav.pop()")
        case "dismiss"?: return .success("nav.dismiss()")
        default:
            return .failure(Refusal(description: "the page asked for an unknown move \"\(fields["op"] ?? "")\" "
                                    + "(push, tab, choose, detent, settle, back, forward, pop, dismiss)"))
        }
    }

    /// Answering the alert is all a person can do while it is up: the other moves are refused, as
    /// the REPL refuses `:push` behind it.
    static func isAllowedBehindAlert(_ fields: [String: String]) -> Bool {
        fields["op"] == "choose" || fields["op"] == "dismiss"
    }

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }
}
