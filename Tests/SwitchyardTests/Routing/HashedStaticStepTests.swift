import Testing
@testable import Switchyard

/// Issue 37, fourteenth session: the walk's hashed step asks for a table first, in one test of the node's
/// word (`FrozenTrie.StaticChildren.isHashed`), takes a segment's packed bytes from the bits below its
/// slash's mark, hashes the key alone (`StaticChildHash.slot`: the length is compared, not mixed in) and
/// finds the node's table from `staticStart` in bytes. Held here on siblings that differ in one bit, of
/// every length from 1 to 8 and past it, and on a long literal whose key is a short sibling's bytes
/// (equal words, which no multiplier tells apart: the node probes on), folded and not.
@Suite struct HashedStaticStepTests {
    /// The short literal whose packed bytes are the key of `keyedLikeShort`: `longKey` mixes a literal's
    /// first word with its last turned, `qqqqqqqq` with `AAAAAAAA`, 0x71 ^ 0x41 = `0` in every byte.
    private static let shortOfLongKey = "00000000"
    private static let keyedLikeShort = "qqqqqqqqAAAAAAAA"

    /// Siblings under `/s/`: for each length 1 to 8 and 9, 12, 16, 17, a literal and one with its last
    /// byte one bit away, and one with its first byte one bit away; the key pair; then a parameter
    /// sibling, so that a near miss is taken by it as the full search takes it.
    private static func literals() -> [String] {
        let letters = Array("bcdefghijklmnopqrstuvwxyz")
        var literals: [String] = []
        for length in [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 17] {
            let base = Array(letters[0..<length])
            var lastFlipped = base
            lastFlipped[length - 1] = Character(UnicodeScalar(base[length - 1].asciiValue! ^ 1))
            var firstFlipped = base
            firstFlipped[0] = Character(UnicodeScalar(base[0].asciiValue! ^ 1))
            literals += [String(base), String(lastFlipped), String(firstFlipped)]
        }
        return Array(Set(literals)).sorted() + [shortOfLongKey, keyedLikeShort]
    }

    private static func table(caseInsensitive: Bool) throws -> RouteTable<Int> {
        let table = RouteTable<Int>(caseInsensitive: caseInsensitive)
        // A table before `/s/`'s (its node is made first), so that `/s/`'s starts past slot 0.
        for section in 0..<(FrozenTrie.hashThreshold + 4) { try table.add("/a/section\(section)", payload: -1) }
        var payload = 0
        for literal in literals() {
            try table.add("/s/\(literal)/end", payload: payload)
            payload += 1
        }
        try table.add("/s/:other/end", payload: payload)
        return table
    }

    /// The pair of equal keys leaves its node probing on; every other node with a table gives each
    /// child a slot of its own, found from `staticStart` in bytes.
    @Test func equalKeysProbeOnAndEveryOtherChildHasItsSlot() throws {
        let table = try Self.table(caseInsensitive: false)
        table.withFrozenLookup { lookup in
            let trie = lookup.trie
            var probing = 0
            for node in trie.nodes where node.hashShift > 0 {
                let high = Int(node.hashShift)
                #expect(Int(node.staticStart) % MemoryLayout<FrozenTrie.StaticEdge>.stride == 0)
                if high & StaticChildHash.probesOn != 0 {
                    probing += 1
                    continue
                }
                let size = StaticChildHash.mask(forShift: high) + 1
                let start = Int(node.staticStart) / MemoryLayout<FrozenTrie.StaticEdge>.stride
                for edge in trie.hashSlots[start..<(start + size)] where edge.child >= 0 {
                    let slot = StaticChildHash.slot(word: edge.word, multiplier: node.hashMultiplier)
                    #expect(trie.hashSlots[start + slot].child == edge.child)
                }
            }
            #expect(probing == 1)
            #expect(trie.nodes.filter { $0.hashShift > 0 }.count == 2)
        }
    }

    /// Every route, and each literal near-missed (each byte one bit away, one byte more, one fewer,
    /// upper-cased), is found by the walk as by the full search.
    @Test(arguments: [false, true])
    func siblingsOneBitApartAreFoundAsTheFullSearchFinds(caseInsensitive: Bool) throws {
        let table = try Self.table(caseInsensitive: caseInsensitive)
        var checked = 0
        for (payload, literal) in Self.literals().enumerated() {
            var variants = [literal, literal + "x", String(literal.dropFirst()), String(literal.dropLast()),
                            literal.uppercased()]
            let bytes = Array(literal.utf8)
            for position in bytes.indices {
                var flipped = bytes
                flipped[position] ^= 1
                variants.append(String(decoding: flipped, as: UTF8.self))
            }
            for variant in variants where !variant.isEmpty {
                try expectAsTheFullSearch(table, "/s/\(variant)/end")
                checked += 1
            }
            // The literal's own route, not the parameter's.
            #expect(try table.match("/s/\(literal)/end")?.route.payload == payload)
        }
        #expect(checked > 300)
    }
}
