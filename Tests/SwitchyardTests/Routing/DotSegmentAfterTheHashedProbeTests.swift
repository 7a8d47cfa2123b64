import Testing
@testable import Switchyard

/// Issue 37, seventeenth session, second round: the walk tells an empty, `.` or `..` segment
/// (`FrozenTrie.isDotOrEmpty`) after a hashed probe's miss, not before the probe, so a hashed hit makes
/// no test of them; a chain's head and the parameter step still ask it before they take the segment.
/// The empty segment (word 0, length 0) reaches the probe: an empty slot is all ones with length 0
/// (`StaticEdge.empty`), which no segment matches. Each such segment under every kind of node (hashed,
/// hashed and marked for a splat, scanned edges, a chain's head, a parameter only), folded and not, is
/// answered as the full search answers it, and the walk leaves it to the full resolution.
@Suite struct DotSegmentAfterTheHashedProbeTests {
    /// Segments the loop's test takes (the three that mean the text is not normalised, and rare bytes
    /// within `..`'s bits), and near ones it does not.
    private static let segments = ["", ".", "..", "*", "&", " ", ",", ".a", "a.", "...", "-", "%2E"]

    private static func table(caseInsensitive: Bool) throws -> RouteTable<Int> {
        // Hashed nodes: the root's children, and `/h`'s (one a splat's only parent, marked in its slot).
        try numberedTable(caseInsensitive: caseInsensitive,
            ["a", "b", "c", "d", "e", "f", "h", "p"].map { "/\($0)" }
            + ["one", "two", "three", "four", "five", "six", "seven", "eightchr"].map { "/h/\($0)/end" }
            + ["/h/files/*rest", "/h/:other/end",
               // Scanned edges, a chain's head, a parameter alone.
               "/e/x/end", "/e/y/end", "/c/administrative-settings/notification-preferences", "/p/:id/end"])
    }

    private static func texts() -> [String] {
        var texts: [String] = []
        for prefix in ["", "/h", "/h/files", "/e", "/c", "/p", "/p/7"] {
            for segment in segments {
                texts += ["\(prefix)/\(segment)/end", "\(prefix)/\(segment)/x/y", "\(prefix)/\(segment)"]
            }
        }
        return texts
    }

    /// Every text is answered as the full search answers it; the empty, `.` and `..` segments are left by
    /// the walk to the full resolution (`notPlain`), wherever they are met.
    @Test(arguments: [false, true])
    func dotAndEmptySegmentsAreAnsweredAsTheFullSearch(caseInsensitive: Bool) throws {
        let table = try Self.table(caseInsensitive: caseInsensitive)
        var checked = 0
        for text in Self.texts() {
            try expectAsTheFullSearch(table, text)
            checked += 1
        }
        #expect(checked == Self.texts().count)
        for prefix in ["", "/h", "/e", "/c", "/p", "/p/7"] {
            for segment in ["", ".", ".."] where !(prefix.isEmpty && segment.isEmpty) {
                let text = "\(prefix)/\(segment)/end"
                let (walked, _) = walkVerdict(table, text)
                if case .notPlain = walked {} else { Issue.record("\(text): walked \(walked), not left to the resolution") }
            }
        }
    }

    /// The empty segment's key (word 0, length 0) is no slot's in any table, empty or not: the slot it
    /// hashes to (whichever the multiplier makes it) holds a child or an empty slot's all-ones word, so the
    /// hashed probe never takes it for a hit.
    @Test func theEmptySegmentMatchesNoSlot() throws {
        let table = try Self.table(caseInsensitive: false)
        table.withFrozenLookup { lookup in
            let trie = lookup.trie
            var hashed = 0
            var empty = 0
            for node in trie.nodes where node.hashShift > 0 {
                hashed += 1
                let start = Int(node.staticStart) / MemoryLayout<FrozenTrie.StaticEdge>.stride
                let size = StaticChildHash.mask(forShift: Int(node.hashShift)) + 1
                for slot in trie.hashSlots[start..<(start + size)] {
                    if slot.child < 0 { empty += 1 }
                    #expect(!(slot.word == 0 && slot.literalLength == 0), "an empty segment's key hits a slot")
                }
            }
            #expect(hashed == 2)
            #expect(empty > 0)
        }
    }
}
