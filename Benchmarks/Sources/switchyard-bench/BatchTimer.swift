/// Times workloads in batches read with `MonotonicClock`, interleaving the workloads batch by batch so
/// a subject and its reference see the same machine noise (other builds share these 2 cores).
struct BatchTimer {
    /// Timed batches per workload; each yields one per-operation sample.
    var batches = 2_000
    var warmUpBatches = 200
    /// A batch runs about this long, so the two clock reads (~40 ns) cost well under 1 %.
    var batchNanoseconds: UInt64 = 20_000

    func measure(_ workloads: [any Workload]) -> [Timing] {
        let sizes = workloads.map(batchSize)
        var cursors = [Int](repeating: 0, count: workloads.count)
        var samples = [[Double]](repeating: [], count: workloads.count)
        var checksum = 0
        for batch in 0..<(warmUpBatches + batches) {
            for (index, workload) in workloads.enumerated() {
                let start = MonotonicClock.now()
                checksum &+= workload.runBatch(from: cursors[index], count: sizes[index])
                let elapsed = MonotonicClock.now() - start
                cursors[index] = (cursors[index] + sizes[index]) % workload.inputCount
                if batch >= warmUpBatches { samples[index].append(Double(elapsed) / Double(sizes[index])) }
            }
        }
        blackHole(checksum)
        return samples.map(Timing.init)
    }

    /// Doubles the operation count until one batch takes `batchNanoseconds`.
    private func batchSize(_ workload: any Workload) -> Int {
        var size = 1
        while true {
            let start = MonotonicClock.now()
            blackHole(workload.runBatch(from: 0, count: size))
            if MonotonicClock.now() - start >= batchNanoseconds || size >= 1 << 24 { return size }
            size *= 2
        }
    }

    /// Wall time of a one-off operation (declarations, start-up), repeated `runs` times.
    static func timeOnce(runs: Int, _ operation: () -> Void) -> Timing {
        Timing(samples: (0..<runs).map { _ in
            let start = MonotonicClock.now()
            operation()
            return Double(MonotonicClock.now() - start)
        })
    }
}
