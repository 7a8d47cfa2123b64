/// Turns pattern text into segments, rejecting anything a path could never mean.
///
///     try PatternCompiler.compile("/news/:id?/*")   // [.literal("news"), .optional("id"), .splat("*")]
enum PatternCompiler {
    /// Optional segments multiply the alignments a lookup may try, so their number is capped.
    static let maximumOptionalSegments = 8

    static func compile(_ text: String) throws(PatternError) -> [PatternSegment] {
        try compilation(of: text).segments
    }

    /// The segments and the normalised text ("/" then the segments joined by "/"), from one pass: a
    /// 1,000-route script compiles 1,000 patterns while the program starts.
    static func compilation(of text: String) throws(PatternError) -> (segments: [PatternSegment], text: String) {
        if let plain = PlainPatternCompilation.compile(text) { return plain }
        return try fullCompilation(of: text)
    }

    /// `compilation(of:)` for any text, and the one source of its errors.
    static func fullCompilation(of text: String) throws(PatternError) -> (segments: [PatternSegment], text: String) {
        let (pieces, isASCII) = pieces(of: text)
        var compiler = Compilation(pattern: text, pieces: pieces, isASCII: isASCII)
        compiler.segments.reserveCapacity(pieces.count)
        for piece in pieces {
            try compiler.add(piece)
        }
        return (compiler.segments, normalised(text, pieces: pieces))
    }

    /// Every segment's text is its piece's text, so the normalised text is the pieces joined; text
    /// already in that form (the usual case) is kept as it is rather than copied. Each piece follows at
    /// least one "/", so the text has that form exactly when it starts with "/" and has one "/" per piece.
    static func normalised(_ text: String, pieces: [Piece]) -> String {
        let length = pieces.isEmpty ? 1 : pieces.reduce(pieces.count) { $0 + $1.characters.utf8.count }
        if text.utf8.count == length && text.utf8.first == UInt8(ascii: "/") { return text }
        var joined = ""
        joined.reserveCapacity(length)
        for piece in pieces {
            joined += "/"
            joined += piece.characters
        }
        return joined.isEmpty ? "/" : joined
    }

    /// A non-empty segment of the text with the column (1-based, in characters) of its first character.
    /// A slice, not a copy: a 1,000-route script compiles 1,000 patterns while the program starts.
    struct Piece {
        let characters: Substring
        let column: Int
    }

    /// The pieces, and whether the text is ASCII without "\r" (the only ASCII pair Swift joins into one
    /// character, "\r\n"): in such text bytes are characters, so pieces are split and inspected byte by byte.
    static func pieces(of text: String) -> (pieces: [Piece], isASCII: Bool) {
        if let pieces = asciiPieces(of: text) { return (pieces, true) }
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
        return (pieces, false)
    }

    /// Pieces of ASCII text without "\r", split on bytes with columns counted in bytes; nil for any
    /// other text.
    private static func asciiPieces(of text: String) -> [Piece]? {
        let utf8 = text.utf8
        let found = utf8.withContiguousStorageIfAvailable { bytes -> [Piece]? in
            var pieces: [Piece] = []
            pieces.reserveCapacity(bytes.count { $0 == UInt8(ascii: "/") } + 1)
            var start = 0
            for offset in 0...bytes.count {
                if offset < bytes.count {
                    let byte = bytes[offset]
                    if byte >= 0x80 || byte == UInt8(ascii: "\r") { return nil }
                    if byte != UInt8(ascii: "/") { continue }
                }
                if start < offset {
                    // Offsets into native UTF-8 are indices in constant time.
                    let lower = utf8.index(utf8.startIndex, offsetBy: start)
                    let upper = utf8.index(lower, offsetBy: offset - start)
                    pieces.append(Piece(characters: text[lower..<upper], column: start + 1))
                }
                start = offset + 1
            }
            return pieces
        }
        return found ?? nil
    }

    private struct Compilation {
        let pattern: String
        /// Segment i is made from piece i.
        let pieces: [Piece]
        /// See `pieces(of:)`: bytes are characters.
        let isASCII: Bool
        var segments: [PatternSegment] = []
        var splatColumn: Int?
        var optionalCount = 0

        init(pattern: String, pieces: [Piece], isASCII: Bool) {
            self.pattern = pattern
            self.pieces = pieces
            self.isASCII = isASCII
        }

        func error(_ column: Int, _ reason: String) -> PatternError {
            PatternError(pattern: pattern, column: column, reason: reason)
        }

        mutating func add(_ piece: Piece) throws(PatternError) {
            if let splatColumn {
                throw error(splatColumn, "\"*\" must be the last segment")
            }
            switch leadingCharacter(piece) {
            case UInt8(ascii: ":"): try addParameter(piece)
            case UInt8(ascii: "*"): try addSplat(piece)
            default: try addLiteral(piece)
            }
        }

        /// The piece's first character when it is one ASCII byte, else nil.
        func leadingCharacter(_ piece: Piece) -> UInt8? {
            isASCII ? piece.characters.utf8.first : piece.characters.first?.asciiValue
        }

        /// The piece without its first character (":" or "*").
        func afterMarker(_ piece: Piece) -> Substring {
            let characters = piece.characters
            return isASCII ? characters[characters.utf8.index(after: characters.startIndex)...] : characters.dropFirst()
        }

        mutating func addParameter(_ piece: Piece) throws(PatternError) {
            var name = afterMarker(piece)
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
            let name = afterMarker(piece)
            // An unnamed splat cannot clash: names start with a letter, and nothing follows a splat.
            let text = name.isEmpty ? "*" : try validatedName(name, column: piece.column + 1)
            splatColumn = piece.column
            segments.append(.splat(text))
        }

        mutating func addLiteral(_ piece: Piece) throws(PatternError) {
            let text = String(piece.characters)
            if text == "." || text == ".." {
                throw error(piece.column, "\"\(text)\" is resolved away in every path, so a pattern cannot contain it")
            }
            // A stray character needs its byte, so text without those bytes skips the character walk.
            let hasStrayByte = piece.characters.utf8.contains { byte in
                byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "*")
            }
            if !hasStrayByte {
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
        func validatedName(_ name: Substring, column: Int) throws(PatternError) -> String {
            let text = String(name)
            func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
            func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            // An ASCII letter begins the first character only if that character is the letter alone.
            let first = isASCII ? name.utf8.first : name.first.flatMap { $0.isASCII ? $0.asciiValue : nil }
            guard let first, isLetter(first) else {
                throw error(column, "parameter name \"\(text)\" must start with a letter")
            }
            for byte in text.utf8 where !(isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_")) {
                throw error(column, "parameter name \"\(text)\" may only contain letters, digits and _")
            }
            try claim(text, column: column)
            return text
        }

        /// A pattern has a few names, so the segments so far are searched rather than a set kept; the
        /// first use's column is its piece's, past the ":" or "*".
        func claim(_ name: String, column: Int) throws(PatternError) {
            if let first = segments.firstIndex(where: { $0.parameterName == name }) {
                throw error(column, "duplicate parameter name \"\(name)\" (first used at column \(pieces[first].column + 1))")
            }
        }
    }
}
