import SwitchyardLua

/// What `help(fn)` says of a function the person (or their app) wrote: the `---` comment above its
/// definition (the LuaLS / LDoc convention `switchyard types` writes too), where it is defined, and
/// its parameters. Read from the source file at the line Lua's debug information gives, so it says
/// what the file says now.
///
///     -- app.lua, line 41-42:
///     --- Signs a person in; admins see the dashboard.
///     function app.log_in(name, admin) ... end
///
///     > help(app.log_in)
///     app.log_in(name, admin)
///       Signs a person in; admins see the dashboard.
///       defined at app.lua:42
struct FunctionHelp {
    let style: TerminalStyle

    func text(for definition: LuaFunctionDefinition) -> String {
        guard let site = definition.site, let line = definition.line else {
            return [style.bold("function" + definition.parameterList),
                    "  built in (written in C or Swift): no Lua source to show"].joined(separator: "\n")
        }
        let source = definition.file.flatMap { try? TextFile.read($0) }
            .map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
        let definitionLine = source.flatMap { $0.indices.contains(line - 1) ? String($0[line - 1]) : nil }
        let name = definitionLine.flatMap(Self.definedName) ?? "function"
        var lines = [style.bold(TerminalText.escaped(name) + TerminalText.escaped(definition.parameterList))]
        let comment = source.map { Self.docComment(in: $0, above: line) } ?? []
        lines += comment.map { "  " + TerminalText.escaped($0) }
        var whereLine = "  defined at " + TerminalText.escaped(site)
        if definition.file == nil {
            whereLine += " (typed, not read from a file)"
        } else if source == nil {
            whereLine += " (the file cannot be read now)"
        } else if comment.isEmpty {
            whereLine += " (no --- comment above it)"
        }
        lines.append(style.dim(whereLine))
        return lines.joined(separator: "\n")
    }

    /// The doc comment just above line `line` (1-based), without its dashes: LDoc's `---` line and
    /// the `--` lines that go on from it, or LuaLS's run of `---` lines (`---@param ...` too). A plain
    /// `--` comment with no `---` line is not documentation, and neither is a blank line's far side.
    static func docComment(in lines: [Substring], above line: Int) -> [String] {
        var run: [Substring] = []   // the comment lines directly above, nearest first
        var index = line - 2
        while index >= 0, index < lines.count {
            let text = lines[index].drop(while: { $0 == " " || $0 == "\t" })
            guard text.hasPrefix("--"), !text.hasPrefix("--["), !text.allSatisfy({ $0 == "-" }) else { break }
            run.append(text)
            index -= 1
        }
        guard let top = run.lastIndex(where: { $0.hasPrefix("---") }) else { return [] }
        return run[...top].reversed().map { text in
            var body = text.hasPrefix("---") ? text.dropFirst(3) : text.dropFirst(2)
            if body.first == " " { body = body.dropFirst() }
            return String(body).trimmingTrailingWhitespace()
        }
    }

    /// The name a definition line gives its function: `function app.log_in(`, `local function f(`,
    /// `app.log_out = function(`, `log_out = function(` in a table; nil when there is none.
    static func definedName(in line: String) -> String? {
        let text = Substring(line)
        let isNamePart: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" }
        // The keyword, not "function" inside a longer name (`my_function = function(`).
        guard let keyword = text.ranges(of: "function").first(where: { range in
            (range.lowerBound == text.startIndex || !isNamePart(text[text.index(before: range.lowerBound)]))
                && (range.upperBound == text.endIndex || !isNamePart(text[range.upperBound]))
        }) else { return nil }
        let after = text[keyword.upperBound...].drop(while: \.isWhitespace)
        let named = after.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == ":" })
        if !named.isEmpty, after.dropFirst(named.count).drop(while: \.isWhitespace).first == "(" {
            return String(named)
        }
        // `NAME = function(`: the name is what stands before the "=".
        let before = text[..<keyword.lowerBound].trimmingTrailing()
        guard before.hasSuffix("="), !before.hasSuffix("==") else { return nil }
        let target = before.dropLast().trimmingTrailing()
        let name = target.reversed().prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        return name.isEmpty ? nil : String(name.reversed())
    }
}

private extension String {
    func trimmingTrailingWhitespace() -> String {
        String(reversed().drop(while: \.isWhitespace).reversed())
    }

    func leftPadded(with pad: Character, to width: Int) -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

private extension Substring {
    func trimmingTrailing() -> Substring {
        var text = self
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return text
    }
}
