/// One operation to time, run over a ring of prepared inputs.
///
///     struct Lookup: Workload {
///         let paths: [String]
///         var inputCount: Int { paths.count }
///         func run(_ input: Int) -> Int { table.firstMatch(paths[input])?.rawValue ?? -1 }
///     }
protocol Workload {
    var label: String { get }
    var inputCount: Int { get }
    /// Performs the operation on input `input`; the result feeds a checksum so the optimiser keeps the work.
    func run(_ input: Int) -> Int
    /// `count` operations starting at input `start`, wrapping around. A requirement (not only an extension
    /// method) so each workload gets its own specialised loop and `run` is called directly, not through
    /// a witness table.
    func runBatch(from start: Int, count: Int) -> Int
}

extension Workload {
    func runBatch(from start: Int, count: Int) -> Int {
        var checksum = 0
        var input = start
        for _ in 0..<count {
            checksum &+= run(input)
            input += 1
            if input == inputCount { input = 0 }
        }
        return checksum
    }
}

/// Keeps a value alive past the optimiser.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {}
