import Foundation
import Testing
@testable import Switchyard

/// The model-based soak (issue 8): seeded random operations, every kind including failing ones, against
/// the navigator helper's reference model, with invariants checked after each. `swift test` runs 20,000;
/// `SWITCHYARD_SOAK_OPS=1000000 swift test --filter NavigationSoakTests` is the full soak, and
/// `SWITCHYARD_SOAK_SEED=N` replays another seed. A failure reports the seed and the shortest failing
/// operation sequence found.
@Suite("Soak: the navigator against its reference model")
struct NavigationSoakTests {
    static let configurations = [
        SoakConfiguration(tabs: [], limit: 10),
        SoakConfiguration(tabs: ["/a", "/b", "/zz"], limit: 10),
        SoakConfiguration(tabs: [], limit: 1),
        SoakConfiguration(tabs: ["/", "/c/1"], limit: 50),
        SoakConfiguration(tabs: [], limit: 3),
    ]

    static var operationCount: Int {
        ProcessInfo.processInfo.environment["SWITCHYARD_SOAK_OPS"].flatMap { Int($0) } ?? 20_000
    }

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["SWITCHYARD_SOAK_SEED"].flatMap { UInt64($0) } ?? 20_261_122
    }

    @Test func randomOperationsKeepEveryInvariant() throws {
        let perConfiguration = max(1, Self.operationCount / Self.configurations.count)
        var applied: [String: Int] = [:]
        let clock = ContinuousClock()
        let started = clock.now
        for (index, configuration) in Self.configurations.enumerated() {
            let seed = Self.seed &+ UInt64(index)
            let outcome = try Soak.run(seed: seed, operations: perConfiguration, configuration)
            if let report = outcome.report {
                Issue.record(Comment(rawValue: report))
                return
            }
            applied.merge(outcome.applied, uniquingKeysWith: +)
        }
        // Agreeing proves little unless everything ran; the counts also go to the log for docs/reliability.md.
        let kinds = ["reset", "go", "push", "sheet", "cover", "pop", "popTo", "popToRoot", "dismiss", "dismissEnvironment",
                     "dismissAll", "back", "forward", "tab", "startFlow", "next", "nextOrDismiss", "cancelFlow", "alert",
                     "choose", "dismissAlert", "modal", "dismissModal", "open", "restore", "failed",
                     "observer threw, change undone", "re-entrant navigation refused"]
        #expect(kinds.filter { applied[$0, default: 0] == 0 } == [])
        let seconds = (clock.now - started).components.seconds
        print("soak: \(perConfiguration * Self.configurations.count) operations, seed \(Self.seed), \(seconds) s;",
              applied.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    }

    @Test func aBrokenInvariantIsReportedWithTheSeedAndAShortSequence() throws {
        // Plant a rule the navigator does not keep: at most two sheets. The soak must catch it, and the
        // shrinker must boil the run down to the three operations that open them (four at worst, when a
        // flow's steps open some of them).
        let planted: (Navigator) -> String? = { navigator in
            navigator.state.environments.filter { $0.kind == .sheet }.count > 2 ? "more than two sheets" : nil
        }
        let outcome = try Soak.run(seed: 7, operations: 20_000, Self.configurations[0], extraInvariant: planted)
        let report = try #require(outcome.report)
        #expect(report.contains("seed 7"))
        #expect(report.contains("more than two sheets"))
        let shrunk = try #require(outcome.shrunk)
        #expect((3...4).contains(shrunk.count), "\(report)")
        #expect(SoakRun.replay(shrunk, Self.configurations[0], extraInvariant: planted) != nil)
    }

    @Test func theShrinkerFindsAMinimalSubsequence() {
        // Fails when the sequence holds a 3 and later a 7: the answer is exactly [3, 7].
        let sequence = (0..<500).map { ($0 * 37) % 11 }
        let fails: ([Int]) -> Bool = { candidate in
            guard let three = candidate.firstIndex(of: 3) else { return false }
            return candidate[three...].contains(7)
        }
        #expect(SequenceShrinker.shrink(sequence, fails: fails) == [3, 7])
    }
}

/// Runs one seeded soak and, on failure, shrinks and writes the report.
enum Soak {
    struct Outcome {
        var applied: [String: Int]
        var report: String?
        var shrunk: [SoakOperation]?
    }

    static func run(seed: UInt64, operations count: Int, _ configuration: SoakConfiguration,
                    extraInvariant: ((Navigator) -> String?)? = nil) throws -> Outcome {
        var generator = SeededGenerator(seed: seed)
        var run = try SoakRun(configuration, fullCheckInterval: 64, extraInvariant: extraInvariant)
        var operations: [SoakOperation] = []
        operations.reserveCapacity(count)
        for _ in 0..<count {
            let operation = SoakOperation.random(using: &generator)
            operations.append(operation)
            guard let failure = run.step(operation) else { continue }
            let shrunk = SequenceShrinker.shrink(operations) {
                SoakRun.replay($0, configuration, extraInvariant: extraInvariant) != nil
            }
            let replayed = SoakRun.replay(shrunk, configuration, extraInvariant: extraInvariant)
            let report = """
                soak failed: seed \(seed), \(configuration)
                  \(failure)
                shortest failing sequence found (\(shrunk.count) of \(operations.count) operations), from a fresh navigator:
                \(shrunk.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
                  → \(replayed.map(\.description) ?? "(passes when replayed alone: the failure depends on more)")
                """
            return Outcome(applied: run.applied, report: report, shrunk: shrunk)
        }
        return Outcome(applied: run.applied, report: nil, shrunk: nil)
    }
}
