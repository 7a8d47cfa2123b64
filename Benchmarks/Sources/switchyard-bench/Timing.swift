/// Per-operation nanoseconds of one workload: one sample per timed batch.
struct Timing {
    let samples: [Double]

    init(samples: [Double]) { self.samples = samples.sorted() }

    var median: Double { percentile(50) }
    var p99: Double { percentile(99) }
    var minimum: Double { samples.first ?? .nan }
    var operationsPerSecond: Double { 1e9 / median }

    /// Nearest-rank percentile.
    func percentile(_ percent: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let rank = Int((percent / 100 * Double(samples.count)).rounded(.up))
        return samples[min(max(rank, 1), samples.count) - 1]
    }
}
