import Switchyard

/// Delta debugging (Zeller's ddmin): the smallest part of a failing input that still fails, found by
/// trying halves, then quarters... and their complements. The result is 1-minimal: removing any one
/// element makes it pass. Then every contiguous slice is tried away, longest first: a walk's detours
/// (a push and the back that undoes it) only go two at a time, which ddmin's chunks can miss. `failing`
/// is asked about subsequences in the input's order.
///
///     Shrinking.minimize(Array(1...50)) { $0.contains(7) && $0.contains(31) }   // [7, 31]
public enum Shrinking {
    public static func minimize<Element>(_ input: [Element], failing: ([Element]) throws -> Bool) rethrows -> [Element] {
        try withoutSlices(deltaDebugging(input, failing: failing), failing: failing)
    }

    /// Drops the longest contiguous slice whose removal still fails, again until none does.
    static func withoutSlices<Element>(_ input: [Element], failing: ([Element]) throws -> Bool) rethrows -> [Element] {
        var current = input
        var length = current.count - 1
        while length >= 1 {
            let candidates = (0...(current.count - length)).lazy.map { start in
                Array(current[..<start] + current[(start + length)...])
            }
            if let shorter = try candidates.first(where: failing) {
                current = shorter
                length = min(length, current.count - 1)
            } else {
                length -= 1
            }
        }
        return current
    }

    /// ddmin itself.
    static func deltaDebugging<Element>(_ input: [Element], failing: ([Element]) throws -> Bool) rethrows -> [Element] {
        if try failing([]) { return [] }
        var current = input
        var granularity = 2
        while current.count >= 2 {
            let chunks = split(current, into: granularity)
            if let smaller = try chunks.first(where: failing) {
                // One chunk fails alone: go on from it, as coarsely as at first.
                current = smaller
                granularity = 2
                continue
            }
            // (With two chunks each complement is the other chunk, tried already.)
            if chunks.count > 2,
               let index = try chunks.indices.first(where: { try failing(complement(of: $0, in: chunks)) }) {
                current = complement(of: index, in: chunks)
                granularity = max(granularity - 1, 2)
                continue
            }
            guard granularity < current.count else { break }
            granularity = min(granularity * 2, current.count)
        }
        return current
    }

    /// `items` in `count` contiguous chunks as even as can be (fewer when there are fewer items).
    static func split<Element>(_ items: [Element], into count: Int) -> [[Element]] {
        let count = min(count, items.count)
        var chunks: [[Element]] = []
        var start = 0
        for index in 0..<count {
            let end = start + (items.count - start) / (count - index)
            chunks.append(Array(items[start..<end]))
            start = end
        }
        return chunks
    }

    private static func complement<Element>(of index: Int, in chunks: [[Element]]) -> [Element] {
        chunks.enumerated().flatMap { $0.offset == index ? [] : $0.element }
    }
}
