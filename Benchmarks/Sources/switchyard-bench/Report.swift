import Foundation

/// Everything one run measured: rows grouped by benchmark, and a verdict per target.
struct Report: Encodable {
    struct Row: Encodable {
        var set: String
        var routes: Int?
        var subject: String
        var unit: Unit
        var median: Double
        var p99: Double?
        var operationsPerSecond: Double?
        /// How many times faster than `reference` (its median over this median), or for growth rows
        /// the cost ratio itself.
        var ratio: Double?
        var reference: String?
        /// Anything else the row needs to say (a range, why it was not measured).
        var note: String?
    }

    enum Unit: String, Encodable {
        case nanoseconds = "ns/op"
        case milliseconds = "ms"
        case allocations = "allocs/op"
        case megabytes = "MB"
        case ratio = "×"
        case instructions = "instructions/op"
    }

    struct Section: Encodable {
        var title: String
        var rows: [Row] = []
    }

    struct Verdict: Encodable {
        var target: String
        var measured: String
        var passed: Bool
    }

    var machine = Machine.current
    var date = ISO8601DateFormatter().string(from: Date())
    var command: String
    var sections: [Section] = []
    var verdicts: [Verdict] = []

    mutating func add(_ section: Section) {
        sections.append(section)
        print(ResultTable.render(section), terminator: "\n\n")
    }

    mutating func check(_ target: String, measured: String, _ passed: Bool) {
        verdicts.append(Verdict(target: target, measured: measured, passed: passed))
    }

    func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(self).write(to: url)
    }
}

/// The machine the figures come from: CPU model and core count (`lscpu`'s "Model name").
struct Machine: Encodable {
    var cpu: String
    var cores: Int
    var kernel: String

    static var current: Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let kernel = (try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
        return Machine(cpu: model, cores: ProcessInfo.processInfo.activeProcessorCount, kernel: kernel)
    }
}
