import SwitchyardLua

/// What the word under the cursor is, judged from the text before it.
///
///     CompletionContext.classify(before: "", word: ":ex")                  // .metaCommand
///     CompletionContext.classify(before: ":go ", word: "/al")              // .routePath
///     CompletionContext.classify(before: "nav.push(\"", word: "/al")       // .routePath
///     CompletionContext.classify(before: "x = ", word: "nav.pu")           // .luaName
package enum CompletionContext: Equatable, Sendable {
    case metaCommand
    case routePath
    case fileName
    case choice([String])
    /// Names the loaded app declares: its tabs, its flows, the buttons of the alert showing.
    case tabName
    case flowName
    case alertButton
    /// A key of an options table: `route("/x", {ti` offers title.
    case optionName([String])
    case luaName
    case nothing

    /// Meta-commands whose argument is a route path (`:open` takes a URL, and a path is one).
    static let pathCommands: Set<String> = [":go", ":push", ":sheet", ":cover", ":match", ":explain", ":explain!", ":open"]
    static let fileCommands: Set<String> = [":load", ":save", ":restore", ":record"]
    /// Global functions whose first string argument is a path, besides every `nav.*` call.
    static let pathFunctions: Set<String> = ["match", "match_all", "explain"]

    package static func classify(before: String, word: String) -> CompletionContext {
        if before.allSatisfy(\.isWhitespace) && word.hasPrefix(":") {
            return .metaCommand
        }
        if before.drop(while: \.isWhitespace).hasPrefix(":") {
            return metaArgument(before: before)
        }
        return luaContext(before: before, word: word)
    }

    private static func metaArgument(before: String) -> CompletionContext {
        let words = before.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let command = words.first else { return .nothing }
        let argumentIndex = words.count - 1   // the word being completed follows the typed ones
        if pathCommands.contains(command) && argumentIndex == 0 { return .routePath }
        if fileCommands.contains(command) && argumentIndex == 0 { return .fileName }
        switch (command, argumentIndex) {
        case (":graph", 0): return .choice(["dot", "mermaid"])
        case (":graph", 1): return .fileName
        case (":trace", 0): return .choice(["on", "off"])
        case (":tab", 0): return .tabName
        case (":flow", 0): return .flowName
        case (":choose", _): return .alertButton
        default: return .nothing
        }
    }

    private static func luaContext(before: String, word: String) -> CompletionContext {
        if let quote = openStringStart(before) {
            return isPathArgument(before[..<quote]) ? .routePath : .nothing
        }
        if !word.contains("."), !word.contains(":"), isLuaNameChain(word),
           let (function, argument) = optionTableCall(before), let names = OptionNames.names(for: function, argument: argument) {
            return .optionName(names)
        }
        return isLuaNameChain(word) ? .luaName : .nothing
    }

    /// When `text` ends at a key's place in a table constructor given as an argument of a call
    /// (`route("/x", {` or `nav.alert{title = "x", `), the function's name and the argument's number.
    static func optionTableCall(_ text: String) -> (String, Int)? {
        // The brackets still open at the end, outside strings and comments.
        var open: [(character: Character, index: String.Index)] = []
        var quote: Character?
        var escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let current = quote {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == current { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "-", text[index...].hasPrefix("--") {
                guard let newline = text[index...].firstIndex(of: "\n") else { return nil }
                index = newline
            } else if "({[".contains(character) {
                open.append((character, index))
            } else if ")}]".contains(character) {
                if !open.isEmpty { open.removeLast() }
            }
            index = text.index(after: index)
        }
        guard quote == nil, let table = open.last, table.character == "{" else { return nil }
        // A key's place: right after the "{" or after a "," of this table.
        let previous = text[..<text.endIndex].reversed().drop { $0 == " " || $0 == "\t" }.first
        guard previous == "{" || previous == "," else { return nil }
        let head = text[..<table.index].reversed().drop { $0 == " " }
        if head.first == "(" || head.first == "," {
            // `f(a, {`: count the arguments before the table within the call's parentheses.
            guard open.count >= 2, open[open.count - 2].character == "(" else { return nil }
            let paren = open[open.count - 2].index
            let arguments = text[text.index(after: paren)..<table.index]
            let argument = topLevelCommas(in: arguments) + 1
            return calleeName(before: paren, in: text).map { ($0, argument) }
        }
        // `f{`: the table is the only argument.
        return calleeName(before: table.index, in: text).map { ($0, 1) }
    }

    /// Commas not inside brackets or strings.
    private static func topLevelCommas(in text: Substring) -> Int {
        var depth = 0, commas = 0
        var quote: Character?
        for character in text {
            if let current = quote { if character == current { quote = nil }; continue }
            if character == "\"" || character == "'" { quote = character } else if "({[".contains(character) { depth += 1 } else if ")}]".contains(character) { depth -= 1 } else if character == ",", depth == 0 { commas += 1 }
        }
        return commas
    }

    /// `nav.push` from `... nav.push (`.
    private static func calleeName(before index: String.Index, in text: String) -> String? {
        let reversed = text[..<index].reversed().drop { $0 == " " }
        let name = String(reversed.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }.reversed())
        return name.isEmpty ? nil : name
    }

    /// Is the text before a string's opening quote a call like `nav.push(` or `match (`?
    private static func isPathArgument(_ head: Substring) -> Bool {
        let reversed = head.reversed().drop { $0 == " " }
        guard reversed.first == "(" else { return false }
        let callee = reversed.dropFirst().drop { $0 == " " }
        let name = String(callee.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }.reversed())
        return name.hasPrefix("nav.") || pathFunctions.contains(name)
    }

    /// The index of the quote opening a string literal still open at the end of `text`, if any.
    static func openStringStart(_ text: String) -> String.Index? {
        var open: (quote: Character, at: String.Index)?
        var escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let current = open {
                if escaped { escaped = false }
                else if character == "\\" { escaped = true }
                else if character == current.quote { open = nil }
            } else if character == "\"" || character == "'" {
                open = (character, index)
            } else if character == "-", text[index...].hasPrefix("--") {
                // A comment runs to the end of its line; quotes inside it open nothing.
                guard let newline = text[index...].firstIndex(of: "\n") else { return nil }
                index = newline
            }
            index = text.index(after: index)
        }
        return open?.at
    }

    static func isLuaNameChain(_ word: String) -> Bool {
        guard let first = word.first else { return true }
        guard first.isLetter || first == "_" else { return false }
        var previousWasSeparator = false
        for character in word {
            if character == "." || character == ":" {
                if previousWasSeparator { return false }
                previousWasSeparator = true
            } else if character.isLetter || character.isNumber || character == "_" {
                previousWasSeparator = false
            } else {
                return false
            }
        }
        return true
    }
}
