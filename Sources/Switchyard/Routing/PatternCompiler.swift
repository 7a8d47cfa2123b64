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

    /// A non-empty segment of the text with the column (1-based, in characters) of its first character.
    /// A slice, not a copy: a 1,000-route script compiles 1,000 patterns while the program starts.
    struct Piece {
        let characters: Substring
        let column: Int
    }

    static func pieces(of text: String) -> [Piece] {
        // In ASCII text without "\r" (the only ASCII pair Swift joins into one character, "\r\n"),
        // bytes are characters: split on bytes and count columns in bytes.
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\r") }) {
            var pieces: [Piece] = []
            var start = utf8.startIndex
            var column = 1
            var startColumn = 1
            for index in utf8.indices {
                if utf8[index] == UInt8(ascii: "/") {
                    if start < index { pieces.append(Piece(characters: text[start..<index], column: startColumn)) }
                    start = utf8.index(after: index)
                    startColumn = column + 1
                }
                column += 1
            }
            if start < utf8.endIndex { pieces.append(Piece(characters: text[start...], column: startColumn)) }
            return pieces
        }
        var pieces: [Piece] = []
        // Otherwise split on "/" scalars, not Characters: "/" followed by a combining mark is one
        // Character but still ends a segment of every path, so it must end one of the pattern too.
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var column = 1
        var index = start
        while true {
            let atEnd = index == scalars.endIndex
            if atEnd || scalars[index] == "/" {
                let characters = text[start..<index]
                let count = characters.count
                if count > 0 { pieces.append(Piece(characters: characters, column: column)) }
                if atEnd { break }
                column += count + 1
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
            var name = piece.characters.dropFirst()
            var isOptional = false
            if name.utf8.contains(UInt8(ascii: "?")), let mark = name.firstIndex(of: "?") {
                let after = name.index(after: mark)
                if after != name.endIndex {
                    let offset = name.distance(from: name.startIndex, to: mark)
                    throw error(piece.column + 1 + offset + 1, "unexpected \"\(name[after])\" after \"?\"; an optional parameter ends its segment")
                }
                name = name[..<mark]
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
            let name = piece.characters.dropFirst()
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
            // A stray character needs its byte, so text without those bytes skips the character walk.
            let strayBytes: [UInt8] = [UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: ":"), UInt8(ascii: "*")]
            if !piece.characters.utf8.contains(where: strayBytes.contains) {
                segments.append(.literal(text))
                return
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

        /// Checks `[A-Za-z][A-Za-z0-9_]*` and uniqueness; `column` is where the name starts. After the first
        /// character, byte by byte: every allowed character is one ASCII byte, and any other byte fails the
        /// name either way.
        mutating func validatedName(_ name: Substring, column: Int) throws(PatternError) -> String {
            let text = String(name)
            func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
            func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            guard let first = name.first, first.isASCII, let value = first.asciiValue, isLetter(value) else {
                throw error(column, "parameter name \"\(text)\" must start with a letter")
            }
            for byte in text.utf8 where !(isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_")) {
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
