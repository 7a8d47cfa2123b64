import Testing
@testable import Switchyard

/// Issue 37, seventeenth session: the walk's loop takes a segment's bytes before its `/` with one `and`
/// of the word and a mask read from a table (`FrozenTrie.bytes(of:before:)`, `lowByteMasks` on x86-64),
/// where the mask was made by shifting all ones. Held here at every place of the first `/` in a word, with
/// every byte after it set (so a mask a byte too long or too short leaves a wrong key), and through the
/// walk: a hashed node's children of every length 1 to 7 followed by more of the path, found, and their
/// near misses answered as the full search answers them.
@Suite struct SegmentBytesFromTheMaskTableTests {
    /// The bytes of `word` before byte `slash`, counted one by one.
    private func bytesBefore(_ slash: Int, of word: UInt64) -> UInt64 {
        var bytes: UInt64 = 0
        for index in 0..<slash { bytes |= word & (UInt64(0xff) << UInt64(index * 8)) }
        return bytes
    }

    @Test func theBytesBeforeTheFirstSlashAtEveryPlace() {
        // Bytes that are not `/` before it (each filler plus its place, up to 6), and `/` or any byte
        // after: high bits set, zeros, slashes.
        let fillers: [UInt8] = [0x61, 0xf9, 0x80, 0x01, 0x20, 0x30]
        let afters: [UInt8] = [0x2f, 0xff, 0x00, 0x7a]
        for slash in 0..<8 {
            for filler in fillers {
                for after in afters {
                    var word: UInt64 = 0
                    for index in 0..<8 {
                        let byte: UInt8 = index < slash ? filler &+ UInt8(index) : index == slash ? 0x2f : after
                        word |= UInt64(byte) << UInt64(index * 8)
                    }
                    let slashes = FrozenTrie.slashBits(in: word)
                    #expect(FrozenTrie.firstSlash(in: slashes) == slash)
                    #expect(FrozenTrie.bytes(of: word, before: slashes) == bytesBefore(slash, of: word),
                            "slash at \(slash), filler \(filler), after \(after)")
                }
            }
        }
    }

    /// Under a hashed node (more children than `hashThreshold`), a literal of each length 1 to 7 with
    /// more path after it: each found by the walk, and each one byte longer or shorter, or with a byte
    /// after it that a longer mask would keep, answered as the full search answers it.
    @Test func aHashedChildOfEveryShortLengthIsFoundWithMorePathAfterIt() throws {
        let table = RouteTable<Int>()
        let literals = (1...7).map { String("kmnpqrs".prefix($0)) }
        for (payload, literal) in literals.enumerated() {
            try table.add("/h/\(literal)/zzzzzzzz", payload: payload)
        }
        try table.add("/h/:other/zzzzzzzz", payload: 99)
        for (payload, literal) in literals.enumerated() {
            let text = "/h/\(literal)/zzzzzzzz"
            #expect(try table.match(text)?.route.id.rawValue == payload, "\(text)")
            let (walked, values) = walkVerdict(table, text)
            guard case .node = walked else {
                Issue.record("\(text): not settled by the walk")
                continue
            }
            #expect(values.isEmpty, "\(text)")
            try expectAsTheFullSearch(table, "/h/\(literal)z/zzzzzzzz")
            try expectAsTheFullSearch(table, "/h/\(literal.dropLast())/zzzzzzzz")
            try expectAsTheFullSearch(table, "/h/\(literal)/z")
        }
    }
}
