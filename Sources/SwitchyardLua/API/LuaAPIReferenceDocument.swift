/// `docs/lua-api.md`, written from `LuaAPIReference`: the same signatures, summaries and examples
/// `help()` prints and `switchyard types` writes, so the Lua reference a reader opens on the web is not
/// a second text to keep true. `scripts/lua-api-doc` writes the file; a test fails while the committed
/// file differs from `markdown`.
package enum LuaAPIReferenceDocument {
    /// Where the file lives, from the package root.
    package static let path = "docs/lua-api.md"

    package static var markdown: String {
        var lines = [
            "# Lua API reference",
            "",
            "<!-- Generated from Sources/SwitchyardLua/API/LuaAPIReference.swift by scripts/lua-api-doc: edit that",
            "     file and run the script, never this one (a test fails while the two differ). -->",
            "",
            "Every global, `nav` function and `nav` field a script can use, in the words `help()` prints at the",
            "REPL. An example here is one line to adapt, compiled by the tests but not run (it may need routes it",
            "does not declare); each topic links to the guide whose examples declare what they need and run.",
            "",
        ]
        for topic in LuaAPIReference.Topic.allCases {
            let entries = LuaAPIReference.entries.filter { $0.topic == topic }
            guard !entries.isEmpty else { continue }
            lines += ["## \(topic.rawValue)", "", "In depth, with examples that run: \(guide(of: topic)).", ""]
            for entry in entries {
                let name = entry.topic == .fields ? codeSpan(entry.name) : "**\(codeSpan(entry.signature))**"
                let separator = entry.topic == .fields ? ": " : " "
                lines.append("- \(name)\(separator)\(entry.summary)  ")
                lines.append("  example: \(codeSpan(entry.example))")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// The guide that explains a topic at length, as a Markdown link relative to docs/.
    private static func guide(of topic: LuaAPIReference.Topic) -> String {
        switch topic {
        case .declaring: "[Declaring routes](routes.md#declaring-routes)"
        case .asking: "[Asking the table](routes.md#asking-the-table)"
        case .navigating: "[Operations](navigation.md#operations)"
        case .flows: "[Flows](navigation.md#flows)"
        case .overlays: "[Alerts and modals](navigation.md#alerts-and-modals)"
        case .state, .fields: "[Events, saving and the read-only fields](navigation.md#events-saving-and-the-read-only-fields)"
        case .teaching: "[Teaching: help, step, pause](repl.md#teaching-help-step-pause)"
        case .scenarios: "[Scenario tests](testing.md#scenario-tests)"
        }
    }

    /// `text` as inline code: fenced by one more backtick than its longest run of them, and padded
    /// with spaces when it starts or ends with one, as CommonMark asks.
    private static func codeSpan(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + padding + text + padding + fence
    }
}
