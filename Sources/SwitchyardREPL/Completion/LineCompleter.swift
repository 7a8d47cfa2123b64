/// TAB completion for a REPL line: decides what the word under the cursor is and asks the right source.
///
///     var completer = LineCompleter(metaCommands: MetaCommandName.all)
///     completer.routes = { RoutePathCompleter(patterns: ...) }
///     completer.luaFields = { chain in runtime.completionKeys(chain) }
///     completer.complete(line: "nav.pu", wordStart: 0)   // Completion(candidates: ["nav.push"], ...)
public struct LineCompleter {
    public struct Completion: Equatable {
        public var candidates: [String]
        /// A space after a unique candidate (a finished meta-command), not after a path or a Lua name.
        public var appendsSpace: Bool
        /// Listed but never inserted: `:param` placeholders, which the person types over.
        public var hints: [String]
        /// Inside a string literal, whether a unique candidate may close it: only a path no declared
        /// route goes deeper from, so TAB can go on down the path otherwise.
        public var closesQuote: Bool

        public init(candidates: [String], appendsSpace: Bool = false, hints: [String] = [],
                    closesQuote: Bool = false) {
            self.candidates = candidates
            self.appendsSpace = appendsSpace
            self.hints = hints
            self.closesQuote = closesQuote
        }
    }

    public var metaCommands: [String]
    public var routes: () -> RoutePathCompleter = { RoutePathCompleter(patterns: []) }
    public var visitedPaths: () -> [String] = { [] }
    /// Keys of the table reached by following `chain` from the globals ([] = the globals themselves).
    public var luaFields: ([String]) -> [String] = { _ in [] }
    public var tabNames: () -> [String] = { [] }
    public var flowNames: () -> [String] = { [] }
    public var alertButtons: () -> [String] = { [] }
    public var files = FileNameCompleter()

    /// Lua's statement keywords, offered with the globals.
    static let keywords = ["break", "do", "else", "elseif", "end", "for", "function", "goto", "if", "local",
                           "nil", "not", "repeat", "return", "then", "until", "while"]

    public init(metaCommands: [String]) {
        self.metaCommands = metaCommands
    }

    /// `wordStart` and `wordEnd` are UTF-8 offsets into `line`, as readline reports them.
    public func complete(line: String, wordStart: Int, wordEnd: Int? = nil) -> Completion {
        let bytes = Array(line.utf8)
        let start = min(max(wordStart, 0), bytes.count)
        let end = min(max(wordEnd ?? bytes.count, start), bytes.count)
        let before = String(decoding: bytes[..<start], as: UTF8.self)
        let word = String(decoding: bytes[start..<end], as: UTF8.self)

        switch CompletionContext.classify(before: before, word: word) {
        case .metaCommand:
            return Completion(candidates: metaCommands.filter { $0.hasPrefix(word) }, appendsSpace: true)
        case .routePath:
            if let link = DeepLinkWord(word) {
                return pathCompletion(routes().candidates(link.path, visited: visitedPaths()), as: link.url(for:))
            }
            return pathCompletion(routes().candidates(word, visited: visitedPaths()))
        case .optionName(let names):
            return Completion(candidates: names.filter { $0.hasPrefix(word) })
        case .fileName:
            return Completion(candidates: files.complete(word))
        case .choice(let options):
            return Completion(candidates: options.filter { $0.hasPrefix(word) }, appendsSpace: true)
        case .tabName:
            return Completion(candidates: tabNames().filter { $0.hasPrefix(word) })
        case .flowName:
            return Completion(candidates: flowNames().filter { $0.hasPrefix(word) })
        case .alertButton:
            // A label may have spaces: complete the whole of what follows ":choose ".
            let typed = String(before.drop(while: \.isWhitespace).drop { $0 != " " }.drop { $0 == " " }) + word
            return Completion(candidates: alertButtons().filter { $0.hasPrefix(typed) }
                .map { String($0.dropFirst(typed.count - word.count)) })
        case .luaName:
            return Completion(candidates: luaNames(word))
        case .nothing:
            return Completion(candidates: [])
        }
    }

    private func pathCompletion(_ found: [RoutePathCompleter.Candidate],
                                as text: (String) -> String? = { $0 }) -> Completion {
        var inserted: [String] = [], hints: [String] = [], final = false
        for candidate in found {
            guard let shown = text(candidate.text) else { continue }
            switch candidate.kind {
            case .path(let isFinal): inserted.append(shown); final = isFinal
            case .placeholder: hints.append(shown)
            }
        }
        return Completion(candidates: inserted, hints: hints,
                          closesQuote: inserted.count == 1 && hints.isEmpty && final)
    }

    /// "nav.pu" → the members of `nav` starting with "pu", each returned whole ("nav.push").
    private func luaNames(_ word: String) -> [String] {
        let separator = word.lastIndex { $0 == "." || $0 == ":" }
        let head = separator.map { String(word[...$0]) } ?? ""
        let partial = separator.map { String(word[word.index(after: $0)...]) } ?? word
        let chain = head.split { $0 == "." || $0 == ":" }.map(String.init)
        return (luaFields(chain) + (chain.isEmpty ? Self.keywords : []))
            .filter { $0.hasPrefix(partial) && CompletionContext.isLuaNameChain($0) && !$0.contains(".") }
            .sorted()
            .map { head + $0 }
    }
}

/// A deep link being typed (`myapp://al`, `https://example.com/al`): the path it opens, as
/// `DeepLink` reads it, so TAB completes its route paths, and back from a path to the link.
struct DeepLinkWord {
    /// What stands before the path: "myapp://" (the host is the path's first segment) or
    /// "https://example.com" (a web or dotted host keeps only the path).
    let prefix: String
    let path: String
    private let hostIsSegment: Bool

    init?(_ word: String) {
        guard let separator = word.firstRange(of: "://") else { return nil }
        let scheme = word[..<separator.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        let rest = word[separator.upperBound...]
        let slash = rest.firstIndex(of: "/")
        let host = rest[..<(slash ?? rest.endIndex)]
        let isWeb = ["http", "https"].contains(scheme.lowercased())
        if isWeb || host.contains(".") || (slash != nil && host.isEmpty) {
            guard let slash else { return nil }   // still typing the host: nothing to offer
            prefix = String(word[..<slash])
            path = String(rest[slash...])
            hostIsSegment = false
        } else {
            prefix = String(word[..<separator.upperBound])
            path = "/" + rest
            hostIsSegment = true
        }
    }

    /// The link for a completed path; nil for "/" alone, which a host-as-segment link cannot write.
    func url(for completedPath: String) -> String? {
        guard hostIsSegment else { return prefix + completedPath }
        let withoutSlash = completedPath.dropFirst()
        return withoutSlash.isEmpty ? nil : prefix + withoutSlash
    }
}
