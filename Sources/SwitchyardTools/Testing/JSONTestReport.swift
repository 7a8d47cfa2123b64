import SwitchyardLua
import SwitchyardTesting

/// `switchyard test -o json`: busted's shape, the results sorted into `successes`, `failures`,
/// `errors` and `pendings`, each `{name, file, line, message, duration}`, and the whole run's
/// `duration` (and the `seed` of a shuffled run).
///
///     {"duration":0.004,"errors":[],"failures":[{"duration":0.001,"file":"specs/nav_spec.lua",
///      "line":19,"message":"specs/nav_spec.lua:21: expected \"/\", got \"/album/1\"",
///      "name":"back returns home"}],"pendings":[],"successes":[...]}
package struct JSONTestReport: Sendable {
    private struct Element: Encodable {
        var name: String
        var file: String
        var line: Int
        var message: String?
        var duration: Double
    }

    private struct Document: Encodable {
        var successes: [Element] = []
        var failures: [Element] = []
        var errors: [Element] = []
        var pendings: [Element] = []
        var duration: Double
        var seed: UInt64?
    }

    init() {}

    package func document(for results: [ScenarioResult], seconds: Double, seed: UInt64?) -> String {
        var document = Document(duration: seconds, seed: seed)
        for result in results {
            let element = Element(name: result.name, file: result.file, line: result.line, message: result.message,
                                  duration: result.seconds)
            switch result.status {
            case .success: document.successes.append(element)
            case .failure: document.failures.append(element)
            case .error: document.errors.append(element)
            case .pending: document.pendings.append(element)
            }
        }
        return SortedJSON.text(of: document)
    }
}
