import Foundation

/// Resident memory (VmRSS) of a fresh process that declares a route set and nothing else: the benchmark
/// runs itself with `--resident KIND`, so the figure is not inflated by this run's own fixtures.
enum ResidentMemory {
    /// VmRSS of this process in megabytes (MiB), from /proc/self/status.
    static func current() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return nil }
        return kilobytes / 1024
    }

    struct ChildFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `switchyard-bench --resident KIND` and reads what it prints: VmRSS and live heap, in MB.
    static func measureInChild(_ kind: String) throws -> (resident: Double, heap: Double) {
        let finished = try ChildProcess.run(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
                                            ["--resident", kind], reading: .output)
        let text = finished.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let numbers = text.split(separator: " ").compactMap { Double($0.replacingOccurrences(of: ",", with: "")) }
        guard finished.status == 0, numbers.count == 2 else {
            throw ChildFailed(description: "switchyard-bench --resident \(kind) failed (status \(finished.status)): \(text)")
        }
        return (numbers[0], numbers[1])
    }
}
