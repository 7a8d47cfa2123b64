/// The host's state while the run took place, measured at its start and end. This virtual machine runs
/// the same binary at one of two speeds, by the hour, and memory-bound rows (the 100,000-route lookups,
/// hence the growth ratio) move most: these rows say which phase a run met. A dependent chain of loads
/// through a random cycle costs one memory latency per load; a chain of multiplies, the core's speed.
struct HostProbe {
    let timer: BatchTimer

    /// Appends a section titled by `moment` ("start", "end") with the latencies it measured.
    func run(_ moment: String, into report: inout Report) {
        let memory = PointerChase(label: "dependent load, 64 MB cycle (memory latency)", bytes: 64 << 20)
        let cache = PointerChase(label: "dependent load, 256 KB cycle (L2 latency)", bytes: 256 << 10)
        let core = MultiplyChain()
        let workloads: [any Workload] = [memory, cache, core]
        let timings = timer.measure(workloads)
        var section = Report.Section(title: "Host at the \(moment) of the run (the same for every build: it only says how busy the machine was)")
        for (workload, timing) in zip(workloads, timings) {
            section.rows.append(Report.Row(set: "host", routes: nil, subject: workload.label, unit: .nanoseconds,
                                           median: timing.median, p99: timing.p99,
                                           note: "fastest batches \(ResultTable.format(timing.minimum, .nanoseconds))"))
        }
        report.add(section)
    }
}

/// Follows a random cyclic permutation (Sattolo's shuffle, fixed seed), so every load depends on the
/// one before and the prefetchers cannot guess the next address.
final class PointerChase: Workload {
    let label: String
    private let next: UnsafeMutableBufferPointer<Int32>
    private var position: Int32 = 0
    var inputCount: Int { 1 }

    init(label: String, bytes: Int) {
        self.label = label
        let count = bytes / MemoryLayout<Int32>.stride
        next = .allocate(capacity: count)
        for index in 0..<count { next[index] = Int32(index) }
        var random = SeededRandom(seed: 0xc4a5e)
        for index in stride(from: count - 1, to: 0, by: -1) {
            next.swapAt(index, random.next(below: index))
        }
    }

    func run(_ input: Int) -> Int {
        position = next[Int(position)]
        return Int(position)
    }

    deinit { next.deallocate() }
}

/// 16 dependent 64-bit multiplies (each mixed with a shift, so the optimiser cannot fold the chain), carried from call to call: the core's clock, untouched by memory.
final class MultiplyChain: Workload {
    let label = "16 dependent multiplies (core speed)"
    private var value: UInt64 = 1
    var inputCount: Int { 1 }

    func run(_ input: Int) -> Int {
        for _ in 0..<16 { value = (value &* 0x9e37_79b9_7f4a_7c15) ^ (value >> 29) }
        return Int(truncatingIfNeeded: value)
    }
}
