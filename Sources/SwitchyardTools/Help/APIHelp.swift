import SwitchyardLua

/// `help(x)` and `:help x`: the Lua API reference's entry for a function, field or name, printed as
/// a signature, one line of meaning and an example.
///
///     help(nav.push)      help("route")      :help nav.push      help()   -- the topics
package struct APIHelp {
    let style: TerminalStyle

    package init(style: TerminalStyle) { self.style = style }

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
        lines.append("  " + style.bold("Lua's standard library") + "  help(print), help(string.gsub), ?table.sort ...")
        lines.append("  " + style.bold("Your functions") + "  help(app.log_in): the --- comment above it, its file:line and parameters")
        lines.append(":help alone lists the REPL's commands; ?name and name? ask for help too.")
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
        let resolver = StandardLibraryResolver()
        engine.register("help") { arguments in
            guard let topic = arguments.first, topic != .nil else {
                Pager.show(topics())
                return []
            }
            TerminalText.print(try text(forValue: topic, in: engine, resolver: resolver))
            return []
        }
    }

    /// What `help(value)` prints: the reference's entry for an API function, the standard library's
    /// line for one of Lua's, or, for any other function, its `---` comment, file:line and parameters.
    func text(forValue value: LuaValue, in engine: LuaEngine,
              resolver: StandardLibraryResolver = StandardLibraryResolver()) throws(LuaError) -> String {
        if let name = value.stringValue { return try text(forName: name, in: engine) }
        if let name = name(of: value, in: engine), let text = text(for: name) { return text }
        if let name = resolver.name(of: value, in: engine), let entry = LuaStandardLibraryHelp.entry(named: name) {
            return render(entry)
        }
        if let function = value.functionValue {
            return FunctionHelp(style: style).text(for: try function.definition())
        }
        throw LuaError("no help for that value (a \(value.typeName)): help() lists what there is")
    }

    /// What `help("name")` and `:help name` print. A name that is neither in the reference nor in
    /// the standard library is looked up as a script would read it (`app.log_in`), so a person's own
    /// functions have help too; a name that leads nowhere gets the nearest names.
    package func text(forName name: String, in engine: LuaEngine) throws(LuaError) -> String {
        if let text = text(for: name) { return text }
        if let entry = LuaStandardLibraryHelp.entry(named: name) { return render(entry) }
        if Self.isDottedName(name), let value = try? resolve(name.replacingColons(), in: engine),
           let function = value.functionValue {
            return FunctionHelp(style: style).text(for: try function.definition())
        }
        let shown = TerminalText.escaped(name)
        throw LuaError("no help for \"\(shown)\"\(TypoSuggestion.hint(for: name, among: helpNames(in: engine))): "
                       + "help() lists what there is")
    }

    /// Every name `help` knows: the reference's, the standard library's, and the globals.
    private func helpNames(in engine: LuaEngine) -> [String] {
        let globals = (try? engine.globals.keys().compactMap(\.stringValue)) ?? []
        return LuaAPIReference.entries.map(\.name) + LuaStandardLibraryHelp.names + globals
    }

    /// "app.log_in", "string.gsub", "obj:method": plain identifiers joined by dots (or a colon).
    package static func isDottedName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: ":", omittingEmptySubsequences: false) }
        return !name.isEmpty && parts.allSatisfy { part in
            guard let first = part.first, first.isASCII, first.isLetter || first == "_" else { return false }
            return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
    }

    private func render(_ entry: LuaStandardLibraryHelp.Entry) -> String {
        [style.bold(entry.signature), "  " + entry.summary, style.dim("  Lua's standard library (manual \(entry.section))")]
            .joined(separator: "\n")
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

/// Finds which standard library function a value is (`help(string.gsub)` receives only the function),
/// reading `_G` raw so no metamethod runs; compiled on first use in each engine.
final class StandardLibraryResolver {
    private var finder: (engine: ObjectIdentifier, function: LuaFunction)?

    /// The names as arrays of keys, written into the finder's source: they are this program's own
    /// constants (plain identifiers), never input.
    private static var source: String {
        let paths = LuaStandardLibraryHelp.names.map { name in
            "{" + name.split(separator: ".").map { "\"\($0)\"" }.joined(separator: ",") + "}"
        }
        return """
            local rawget, rawequal, type, G = rawget, rawequal, type, _G
            local paths = {\(paths.joined(separator: ","))}
            return function(value)
              for i = 1, #paths do
                local path, found = paths[i], G
                for j = 1, #path do
                  if type(found) ~= "table" then found = nil break end
                  found = rawget(found, path[j])
                end
                if found ~= nil and rawequal(found, value) then
                  local name = path[1]
                  for j = 2, #path do name = name .. "." .. path[j] end
                  return name
                end
              end
            end
            """
    }

    func name(of value: LuaValue, in engine: LuaEngine) -> String? {
        guard value.functionValue != nil || value.tableValue != nil else { return nil }
        let identity = ObjectIdentifier(engine)
        if finder?.engine != identity {
            guard let function = (try? engine.run(Self.source, chunkName: "=(help)"))?.first?.functionValue else { return nil }
            finder = (identity, function)
        }
        return (try? finder?.function.call(value))?.first?.stringValue
    }
}

private extension String {
    /// `obj:method` reads, for help, as the field `obj.method`.
    func replacingColons() -> String { String(map { $0 == ":" ? "." : $0 }) }
}
