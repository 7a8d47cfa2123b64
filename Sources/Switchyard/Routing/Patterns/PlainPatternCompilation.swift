/// The pattern compiler's fast path: a well-formed ASCII pattern ("/api3/:p1/items7/:p2/act2", the
/// usual declaration) compiled in one pass over its bytes. It only ever accepts: anything it is not sure
/// of (non-ASCII text, "\r", any rule broken) gives nil and the full compiler runs, so every error, its
/// column and message, comes from one place. A 1,000-route script compiles 1,000 patterns while the
/// program starts; the full compiler took 8,300 instructions a pattern there (pieces as substrings,
/// a `String` per piece, the checks on substrings), this about a fifth of it.
enum PlainPatternCompilation {
    /// The segments and the normalised text, as `PatternCompiler.compilation(of:)` gives them; nil when
    /// the full compiler must decide.
    static func compile(_ text: String) -> (segments: [PatternSegment], text: String)? {
        // Safety: `bytes` is the text's own storage, alive for the closure, and every piece is a range
        // of it. Read in place rather than copied into an array (the safe form): the copy and the
        // array slices cost 988 of the 11,345 instructions a route's declaration takes (8.7 %;
        // callgrind `--toggle-collect='*ProfileLoop*declare*'` over `switchyard-bench --loop declare
        // parameter-heavy 1000 5`, Benchmarks/README.md).
        let compiled = text.utf8.withContiguousStorageIfAvailable { bytes -> (segments: [PatternSegment], normalised: Bool)? in
            var segments: [PatternSegment] = []
            segments.reserveCapacity(8)
            var optionalCount = 0
            var afterSplat = false
            // The text is normalised when it starts with "/" and every "/" but the first ends a piece.
            var normalised = bytes.first == UInt8(ascii: "/")
            var start = 0
            for offset in 0...bytes.count {
                if offset < bytes.count {
                    let byte = bytes[offset]
                    if byte >= 0x80 || byte == UInt8(ascii: "\r") { return nil }
                    if byte != UInt8(ascii: "/") { continue }
                }
                defer { start = offset + 1 }
                guard start < offset else {
                    if offset > 0 && bytes.count > 1 { normalised = false }   // "//", or a trailing "/" but in "/"
                    continue
                }
                if afterSplat { return nil }
                let piece = UnsafeBufferPointer(rebasing: bytes[start..<offset])
                switch piece[0] {
                case UInt8(ascii: ":"):
                    let isOptional = piece[piece.count - 1] == UInt8(ascii: "?")
                    let name = UnsafeBufferPointer(rebasing: piece[1..<(isOptional ? piece.count - 1 : piece.count)])
                    guard let name = uniqueName(name, among: segments) else { return nil }
                    if isOptional {
                        optionalCount += 1
                        if optionalCount > PatternCompiler.maximumOptionalSegments { return nil }
                        segments.append(.optional(name))
                    } else {
                        segments.append(.parameter(name))
                    }
                case UInt8(ascii: "*"):
                    let name = UnsafeBufferPointer(rebasing: piece[1...])
                    if name.isEmpty {
                        segments.append(.splat("*"))
                    } else {
                        guard let name = uniqueName(name, among: segments) else { return nil }
                        segments.append(.splat(name))
                    }
                    afterSplat = true
                default:
                    guard isLiteral(piece) else { return nil }
                    segments.append(.literal(String(decoding: piece, as: UTF8.self)))
                }
            }
            return (segments, normalised)
        }
        guard let compiled = compiled ?? nil else { return nil }
        let segments = compiled.segments
        if compiled.normalised { return (segments, text) }
        return (segments, segments.isEmpty ? "/" : segments.reduce(into: "") { $0 += "/"; $0 += $1.text })
    }

    /// Static text a path can hold as it is: not "." or "..", no "?", "#", ":" or "*".
    private static func isLiteral(_ piece: UnsafeBufferPointer<UInt8>) -> Bool {
        if piece.count <= 2 && piece.allSatisfy({ $0 == UInt8(ascii: ".") }) { return false }
        return !piece.contains { byte in
            byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "*")
        }
    }

    /// The name when it is `[A-Za-z][A-Za-z0-9_]*` and no earlier segment captures it.
    private static func uniqueName(_ bytes: UnsafeBufferPointer<UInt8>, among segments: [PatternSegment]) -> String? {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard let first = bytes.first, isLetter(first),
              bytes.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }) else { return nil }
        let name = String(decoding: bytes, as: UTF8.self)
        if segments.contains(where: { $0.parameterName == name }) { return nil }
        return name
    }
}
