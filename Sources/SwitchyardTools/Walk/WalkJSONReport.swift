import Switchyard
import SwitchyardAnalysis

/// `switchyard walk --format json`: `{"runs", "steps", "seed", "screens", "states", "violation"}`,
/// the violation null or `{"invariant", "message", "steps": [{"op", "arg"}...]}`. Keys sorted and
/// nothing timed, so the same seed prints the same bytes.
///
///     {"runs":3,"screens":6,"seed":42,"states":9,"steps":131,"violation":{"invariant":"...",
///      "message":"...","steps":[{"arg":"/settings","op":"follow"},{"arg":null,"op":"back"}]}}
struct WalkJSONReport {
    private struct Document: Encodable {
        var runs: Int
        var steps: Int
        var seed: UInt64
        var screens: Int
        var states: Int
        var violation: Violation?

        private enum CodingKeys: String, CodingKey { case runs, steps, seed, screens, states, violation }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(runs, forKey: .runs)
            try container.encode(steps, forKey: .steps)
            try container.encode(seed, forKey: .seed)
            try container.encode(screens, forKey: .screens)
            try container.encode(states, forKey: .states)
            try container.encode(violation, forKey: .violation)   // null, not left out
        }
    }

    private struct Violation: Encodable {
        var invariant: String
        var message: String
        var steps: [Step]
    }

    private struct Step: Encodable {
        var op: String
        var arg: String?

        private enum CodingKeys: String, CodingKey { case op, arg }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(op, forKey: .op)
            try container.encode(arg, forKey: .arg)
        }
    }

    let report: WalkReport
    let seed: UInt64

    var text: String {
        let violation = report.finding.map { finding in
            Violation(invariant: finding.violation.invariant, message: finding.violation.message,
                      steps: finding.steps.map { Step(op: $0.move.operation.rawValue, arg: $0.move.argument) })
        }
        let document = Document(runs: report.runs, steps: report.steps, seed: seed, screens: report.screens,
                                states: report.states, violation: violation)
        return SortedJSON.text(of: document) + "\n"
    }
}
