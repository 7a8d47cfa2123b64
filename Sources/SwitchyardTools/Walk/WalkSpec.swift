import Switchyard
import SwitchyardAnalysis

/// The ready-to-paste spec `switchyard walk` prints for a violation: it loads the app's files as the
/// walk did, in order, keeping each `invariant` they declare (each required by its path from the
/// folder the walk ran in, where the spec is meant to be saved; see `AppRequire`), replays the shrunk walk
/// as `nav.*` calls in an `it`, then checks the broken rule, so `switchyard test` on it fails the
/// same way until the app is fixed. A walk from the REPL also walked what was typed at the prompt
/// (routes, invariants, flags, the globals callbacks read): the spec runs those statements after the
/// files, each as the REPL ran it, so it replays the map and the rules the walk had.
///
///     WalkSpec(files: ["app.lua"], seed: 42, finding: finding).text
struct WalkSpec {
    let files: [String]
    /// Statements typed at the prompt before the walk, in order; none for `switchyard walk`.
    var typed: [String] = []
    let seed: UInt64
    let finding: WalkFinding

    var text: String {
        let name = finding.violation.invariant
        // `switchyard walk` on the files alone would not walk what was typed at the prompt.
        let walked = typed.isEmpty ? "switchyard walk \(files.map(Self.commentSafe).joined(separator: " ")) --seed \(seed)"
            : ":walk (seed \(seed)) in a REPL on \(files.map(Self.commentSafe).joined(separator: " ")) and the lines typed below"
        var lines = [
            "-- \(walked): \(quotedName) broken in "
                + "\(finding.steps.count) step\(finding.steps.count == 1 ? "" : "s").",
            "-- The app is required by its path from this file: save it in the folder the walk ran in.",
        ]
        if !typed.isEmpty { lines += TypedChunkReplay.definition }
        lines += [
            "local invariants = {}",
            "do",
            "  local declare = invariant",
            "  invariant = function(name, check)",
            "    invariants[name] = check",
            "    return declare(name, check)",
            "  end",
        ]
        lines += files.map { "  " + AppRequire.call(loading: $0, specFolder: ".") }
        if !typed.isEmpty { lines.append("  -- What was typed at the prompt before the walk, in order:") }
        lines += typed.map { "  typed(\(LuaStringLiteral.quote($0)))" }
        lines += [
            "  invariant = declare",
            "end",
            "",
            "describe(\"a random walk (seed \(seed))\", function()",
            "  it(\(LuaStringLiteral.quote("keeps " + quotedName)), function()",
        ]
        let moves = finding.steps.map { "    " + call($0) }
        switch name {
        case WalkViolation.BuiltIn.failedMoveChangesNothing:
            lines += moves.dropLast()
            lines += ["    local before = nav.save()", moves.last ?? "", "    assert.are.equal(before, nav.save())"]
        case WalkViolation.BuiltIn.saveAndRestore:
            lines += moves
            lines += ["    local saved = nav.save()", "    nav.restore(saved)", "    assert.are.equal(saved, nav.save())"]
        case WalkViolation.BuiltIn.callbacksDoNotRaise:
            // The last move raises: the test errors there with the callback's message.
            lines += moves
        default:
            lines += moves
            lines += [
                "    local kept, message = invariants[\(LuaStringLiteral.quote(name))]()",
                "    assert.is_true(kept ~= false, message or (\"returned false at \" .. nav.path))",
            ]
        }
        lines += ["  end)", "end)"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The invariant's name as a Lua string literal: it goes into a comment and a test name, and a
    /// line break in it must not end the comment (the rest of the name would run as code).
    private var quotedName: String { LuaStringLiteral.quote(finding.violation.invariant) }

    /// Text for a `--` comment: a line break or other control byte escaped, so the comment stays one line.
    private static func commentSafe(_ text: String) -> String {
        let quoted = LuaStringLiteral.quote(text)
        return quoted == "\"" + text + "\"" ? text : quoted
    }

    /// The move as the Lua API's call; one that failed with a navigation error in `pcall`, so the
    /// replay goes on as the walk did.
    private func call(_ step: WalkStep) -> String {
        let move = step.move
        var argument: String
        var name = move.operation == .follow ? "nav.push" : "nav." + move.operation.rawValue
        switch move.operation {
        case .open: argument = LuaStringLiteral.quote(WalkMove.deepLink(to: move.argument ?? "/"))
        case .settle:
            // nil: what a guard's allowing answer and a loader's empty one both are.
            name = "nav.settle"
            argument = LuaStringLiteral.quote(move.argument ?? "")
        case .refuse:
            name = "nav.settle"
            argument = LuaStringLiteral.quote(move.argument ?? "") + ", false"
        case .set:
            // `name=value`: a flag's name has no "=", and its value is already written as Lua.
            let parts = (move.argument ?? "").split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            name = "set_flag"
            argument = LuaStringLiteral.quote(String(parts[0])) + ", " + (parts.count > 1 ? String(parts[1]) : "nil")
        default: argument = move.argument.map(LuaStringLiteral.quote) ?? ""
        }
        if step.failed {
            return "pcall(\(name)\(argument.isEmpty ? "" : ", " + argument))   -- fails: the walk went on"
        }
        return "\(name)(\(argument))"
    }
}
