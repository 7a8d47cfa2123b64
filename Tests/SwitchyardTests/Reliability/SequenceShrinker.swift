/// Finds a short failing subsequence of a failing operation sequence, for a readable report: first the
/// shortest failing suffix among lengths 1, 2, 4, … (a failure usually needs only the recent past),
/// then delta debugging (ddmin: drop chunks, halving their size, while it still fails).
///
///     let shortest = SequenceShrinker.shrink(operations) { SoakRun.replay($0, configuration) != nil }
enum SequenceShrinker {
    /// `fails` must hold for `sequence`; the result is a subsequence for which it still holds.
    /// At most `budget` calls of `fails` are made.
    static func shrink<Element>(_ sequence: [Element], budget: Int = 3_000, fails: ([Element]) -> Bool) -> [Element] {
        var calls = 0
        func stillFails(_ candidate: [Element]) -> Bool {
            calls += 1
            return fails(candidate)
        }
        var current = shortestFailingSuffix(sequence, stillFails)
        var granularity = 2
        while current.count > 1 && calls < budget {
            let chunk = (current.count + granularity - 1) / granularity
            var reduced = false
            var start = 0
            while start < current.count && calls < budget {
                let candidate = Array(current[..<start] + current[min(start + chunk, current.count)...])
                if stillFails(candidate) {
                    current = candidate
                    granularity = max(granularity - 1, 2)
                    reduced = true
                    break
                }
                start += chunk
            }
            if !reduced {
                if granularity >= current.count { break }
                granularity = min(current.count, granularity * 2)
            }
        }
        return current
    }

    private static func shortestFailingSuffix<Element>(_ sequence: [Element], _ fails: ([Element]) -> Bool) -> [Element] {
        var length = 1
        while length < sequence.count {
            let suffix = Array(sequence.suffix(length))
            if fails(suffix) { return suffix }
            length *= 2
        }
        return sequence
    }
}
