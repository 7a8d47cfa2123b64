import Foundation

/// Case 12: a script of plain Lua (no Switchyard API) run by `switchyard FILE` and by `lua5.4 FILE`,
/// timed by hyperfine. Switchyard's interpreter is stock Lua 5.4; what it adds is its safety. With no
/// `--max-instructions` no count hook is on (an interrupt finds the running threads instead), and the
/// script should take Lua's own time; under a budget every instruction passes through the hook, which
/// the third row shows.
struct PlainLuaBenchmark {
    let runs: Int

    /// The ratio the script may take over `lua5.4` without a budget (2.2× when a count hook was always on).
    static let target = 1.25

    /// Arithmetic, table reads and writes, calls and string building, ~0.2 s in `lua5.4` here. The loop
    /// runs inside a function: at the top level of a chunk, this machine ran one particular layout of
    /// locals 1.6× slower in one binary than in the other with the same instruction count.
    static let script = """
        local function step(t, i)
          t[i % 64 + 1] = i
          return (t[(i * 7) % 64 + 1] or 0) // 3
        end
        local function run(n)
          local t, s, parts = {}, 0, {}
          for i = 1, n do
            s = s + step(t, i)
            if i % 1000 == 0 then parts[#parts + 1] = tostring(s % 997) end
          end
          return table.concat(parts, ",")
        end
        assert(#run(5e6) > 0)

        """

    func run(into report: inout Report) throws {
        let switchyard = try Hyperfine.switchyardExecutable()
        let url = try Options.writeResultsFile("plain-lua.lua", PlainLuaBenchmark.script)
        let commands: [(label: String, argv: [String])] = [
            ("lua5.4 plain-lua.lua", ["lua5.4", url.path]),
            ("switchyard plain-lua.lua", [switchyard, url.path]),
            ("switchyard --max-instructions 1e12 plain-lua.lua (count hook on)", [switchyard, "--max-instructions", "1000000000000", url.path]),
        ]
        for command in commands {
            if let failure = Hyperfine.failure(of: command.argv) {
                throw Hyperfine.Failed(description: "\(command.label): \(failure)")
            }
        }
        let timings = try Hyperfine.time(commands.map(\.argv), runs: runs)
        var section = Report.Section(title: "12. Plain Lua, the same script in lua5.4 and in switchyard (hyperfine, \(runs) runs after 3 warm-ups)")
        for (command, timing) in zip(commands, timings) {
            let isReference = command.argv[0] == "lua5.4"
            section.rows.append(Report.Row(set: "plain-lua", subject: command.label, unit: .milliseconds, median: timing.median,
                                           ratio: isReference ? nil : timing.median / timings[0].median,
                                           reference: isReference ? nil : "lua5.4",
                                           note: "min \(ResultTable.fixed(timing.min, 1)) ms, max \(ResultTable.fixed(timing.max, 1)) ms"))
        }
        report.add(section)
        let ratio = timings[1].median / timings[0].median
        report.check("plain Lua in switchyard ≤ \(PlainLuaBenchmark.target)× lua5.4 (no budget, no count hook)",
                     measured: "\(ResultTable.fixed(ratio, 2))×", ratio <= PlainLuaBenchmark.target)
    }
}
