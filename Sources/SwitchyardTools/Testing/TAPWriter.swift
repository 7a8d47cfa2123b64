import SwitchyardLua
import SwitchyardTesting

/// `switchyard test -o TAP`: the Test Anything Protocol, a line per result as it comes and the
/// plan last (as busted writes it). A failure or error is `not ok` with its place and message as
/// comments; a pending test is `ok ... # SKIP`.
///
///     ok 1 - deep link opens a sheet
///     not ok 2 - back returns home
///     # specs/nav_spec.lua:19
///     # specs/nav_spec.lua:21: expected "/", got "/album/1"
///     ok 3 - undo # SKIP pending
///     1..3
///
/// A test's name reaches a TAP consumer as data, never as protocol: `#` is written `\#` (so `# TODO`
/// or `# SKIP` in a name is no directive), `\` is `\\`, and a line break or other control byte is
/// its escape (`\n`), so a name cannot start a line of its own (`ok 9`, `1..1`).
package struct TAPWriter: Sendable {
    init() {}

    /// The lines of the `number`th result.
    package func lines(for result: ScenarioResult, number: Int) -> [String] {
        let name = Self.description(result.name)
        switch result.status {
        case .success:
            return ["ok \(number) - \(name)"]
        case .pending:
            let reason = result.message.map(Self.escapingControls) ?? "pending"
            return ["ok \(number) - \(name) # SKIP \(reason)"]
        case .failure, .error:
            let message = Self.lines(of: result.message ?? "").map { "# " + $0 }
            let kind = result.status == .error ? "error" : "failure"
            return ["not ok \(number) - \(name)", "# \(kind) at \(Self.escapingControls(result.file)):\(result.line)"] + message
        }
    }

    package func plan(count: Int) -> String { "1..\(count)" }

    /// A test point's description: TAP's escapes for `\` and `#`, and control bytes escaped.
    static func description(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "#": out += "\\#"
            default: out += escapingControls(String(scalar))
            }
        }
        return out
    }

    /// Text split at every line break, `\r\n`, `\r` and `\n` alike (by scalar: `\r\n` is one Character).
    static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previous == "\r" {
                previous = scalar
                continue
            }
            if scalar == "\n" || scalar == "\r" {
                lines.append(String(line))
                line = String.UnicodeScalarView()
            } else {
                line.append(scalar)
            }
            previous = scalar
        }
        lines.append(String(line))
        return lines
    }

    /// Control bytes as escapes (`\n`, `\r`, `\t`, `\x1B`): nothing a reader takes for a new line.
    static func escapingControls(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0x85:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out.append(contentsOf: "\\x{\(hex)}".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
