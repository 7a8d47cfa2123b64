/// Turns pattern text into segments, rejecting anything a path could never mean.
///
///     try PatternCompiler.compile("/news/:id?/*")   // [.literal("news"), .optional("id"), .splat("*")]
public enum PatternCompiler {
    /// Optional segments multiply the alignments a lookup may try, so their number is capped.
    public static let maximumOptionalSegments = 8

    public static func compile(_ text: String) throws(PatternError) -> [PatternSegment] {
        var compiler = Compilation(pattern: text)
        for piece in pieces(of: text) {
            try compiler.add(piece)
        }
        return compiler.segments
    }

    /// A non-empty segment of the text with the column (1-based) of its first character.
    struct Piece {
        let characters: [Character]
        let column: Int
    }

    /// Splits on "/" scalars, not Characters: "/" followed by a combining mark is one Character but still
    /// ends a segment of every path, so it must end one of the pattern too.
    static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var column = 1
        var index = start
        while true {
            let atEnd = index == scalars.endIndex
            if atEnd || scalars[index] == "/" {
                let characters = Array(text[start..<index])
                if !characters.isEmpty { pieces.append(Piece(characters: characters, column: column)) }
                if atEnd { break }
                column += characters.count + 1
                start = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        return pieces
    }

    private struct Compilation {
        let pattern: String
        var segments: [PatternSegment] = []
        var nameColumns: [String: Int] = [:]
        var splatColumn: Int?
        var optionalCount = 0

        init(pattern: String) { self.pattern = pattern }

        func error(_ column: Int, _ reason: String) -> PatternError {
            PatternError(pattern: pattern, column: column, reason: reason)
        }

        mutating func add(_ piece: Piece) throws(PatternError) {
            if let splatColumn {
                throw error(splatColumn, "\"*\" must be the last segment")
            }
            switch piece.characters.first {
            case ":": try addParameter(piece)
            case "*": try addSplat(piece)
            default: try addLiteral(piece)
            }
        }

        mutating func addParameter(_ piece: Piece) throws(PatternError) {
            var name = Array(piece.characters.dropFirst())
            var isOptional = false
            if let mark = name.firstIndex(of: "?") {
                if mark != name.count - 1 {
                    let stray = name[mark + 1]
                    throw error(piece.column + 1 + mark + 1, "unexpected \"\(stray)\" after \"?\"; an optional parameter ends its segment")
                }
                name.removeLast()
                isOptional = true
            }
            if name.isEmpty { throw error(piece.column, "parameter name is empty") }
            let text = try validatedName(name, column: piece.column + 1)
            if isOptional {
                optionalCount += 1
                if optionalCount > PatternCompiler.maximumOptionalSegments {
                    throw error(piece.column, "at most \(PatternCompiler.maximumOptionalSegments) optional segments are allowed in one pattern")
                }
                segments.append(.optional(text))
            } else {
                segments.append(.parameter(text))
            }
        }

        mutating func addSplat(_ piece: Piece) throws(PatternError) {
            let name = Array(piece.characters.dropFirst())
            let text = name.isEmpty ? "*" : try validatedName(name, column: piece.column + 1)
            if name.isEmpty { try claim("*", column: piece.column) }
            splatColumn = piece.column
            segments.append(.splat(text))
        }

        mutating func addLiteral(_ piece: Piece) throws(PatternError) {
            let text = String(piece.characters)
            if text == "." || text == ".." {
                throw error(piece.column, "\"\(text)\" is resolved away in every path, so a pattern cannot contain it")
            }
            // Scalars, not Characters: "?" with a combining mark is still a query delimiter in a path.
            for (offset, character) in piece.characters.enumerated() {
                guard let structural = character.unicodeScalars.first(where: { "?#:*".unicodeScalars.contains($0) }) else {
                    continue
                }
                if structural == "?" || structural == "#" {
                    throw error(piece.column + offset, "stray \"\(structural)\" in static segment \"\(text)\"; queries and fragments do not belong in a pattern")
                }
                throw error(piece.column + offset, "stray \"\(structural)\" in static segment \"\(text)\"; a parameter must be a whole segment")
            }
            segments.append(.literal(text))
        }

        /// Checks `[A-Za-z][A-Za-z0-9_]*` and uniqueness; `column` is where the name starts.
        mutating func validatedName(_ name: [Character], column: Int) throws(PatternError) -> String {
            let text = String(name)
            guard let first = name.first, first.isASCII, first.isLetter else {
                throw error(column, "parameter name \"\(text)\" must start with a letter")
            }
            for character in name where !(character.isASCII && (character.isLetter || character.isNumber || character == "_")) {
                throw error(column, "parameter name \"\(text)\" may only contain letters, digits and _")
            }
            try claim(text, column: column)
            return text
        }

        mutating func claim(_ name: String, column: Int) throws(PatternError) {
            if let first = nameColumns[name] {
                throw error(column, "duplicate parameter name \"\(name)\" (first used at column \(first))")
            }
            nameColumns[name] = column
        }
    }
}
