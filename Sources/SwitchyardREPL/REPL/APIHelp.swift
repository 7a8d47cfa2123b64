import SwitchyardLua

/// `help(x)` and `:help x`: the Lua API reference's entry for a function, field or name, printed as
/// a signature, one line of meaning and an example.
///
///     help(nav.push)      help("route")      :help nav.push      help()   -- the topics
struct APIHelp {
    let style: TerminalStyle

    /// What `help` prints for a name ("nav.push", "route"); nil when the reference has no such entry.
    func text(for name: String) -> String? {
        LuaAPIReference.entry(named: name).map(render)
    }

    /// The topics and their names, for `help()` alone.
    func topics() -> String {
        var lines = ["help(x) or :help x for one of these (x a function, or its name as a string):"]
        for topic in LuaAPIReference.Topic.allCases {
            let names = LuaAPIReference.entries.filter { $0.topic == topic }.map(\.name)
            lines.append("  " + style.bold(topic.rawValue) + "  " + names.joined(separator: " "))
        }
        lines.append(":help alone lists the REPL's commands.")
        return lines.joined(separator: "\n")
    }

    /// The reference's name for a value: the entry whose global (or `nav` member) it is.
    func name(of value: LuaValue, in engine: LuaEngine) -> String? {
        if let text = value.stringValue { return text }
        guard value.functionValue != nil || value.tableValue != nil else { return nil }   // stub, match: callable tables
        return LuaAPIReference.entries.first { entry in
            entry.topic != .fields && (try? resolve(entry.name, in: engine)) == value
        }?.name
    }

    /// Installs `help` in the engine.
    func install(in engine: LuaEngine) {
        engine.register("help") { arguments in
            guard let topic = arguments.first, topic != .nil else {
                Pager.show(topics())
                return []
            }
            guard let name = name(of: topic, in: engine), let text = text(for: name) else {
                throw LuaError("no help for \(topic.stringValue.map { "\"\($0)\"" } ?? "that value"): "
                               + "help() lists what there is")
            }
            TerminalText.print(text)
            return []
        }
    }

    private func render(_ entry: LuaAPIReference.Entry) -> String {
        [style.bold(entry.signature), "  " + entry.summary, style.dim("  example: ") + entry.example]
            .joined(separator: "\n")
    }

    /// "nav.push" → the value of `nav.push`, read as a script reads it (the names are the
    /// reference's own, plain dotted identifiers).
    private func resolve(_ name: String, in engine: LuaEngine) throws(LuaError) -> LuaValue {
        try engine.run("return " + name, chunkName: "=help").first ?? .nil
    }
}
