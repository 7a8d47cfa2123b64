import Testing

/// Issue 31, item 4: under `--max-memory`, what a script makes Switchyard keep in Swift memory
/// (routes, their titles, patterns and links, invariants, flows) counts against the same cap as the
/// Lua heap. Each attack declares far more than 16 MB's worth; each must be refused with the memory
/// error, the refused one must not exist afterwards, and the script goes on.
@Suite struct HostMemoryCapTests {
    /// Each attack: what to set up, and one declaration `i` to repeat `count` times, inside pcall.
    static let attacks: [(name: String, setup: String, declaration: String, count: Int, check: String)] = [
        ("1 MB titles", "local t = ('x'):rep(1 << 20)", "route('/r' .. i, {title = t})", 2_000, "match('/r' .. i) == nil"),
        ("empty routes", "", "route('/r' .. i)", 1_000_000, "match('/r' .. i) == nil"),
        ("1 MB patterns", "local p = '/' .. ('x'):rep(1 << 20)", "route(p .. i)", 1_000, "match(p .. i) == nil"),
        ("1 MB invariant names", "local n = ('x'):rep(1 << 20)",
         "invariant(n .. i, function() return true end)", 1_000, "true"),
        ("flows of 1e5 steps", "route('/a') local s = {} for k = 1, 1e5 do s[k] = '/a' end", "flow('f' .. i, s)", 200,
         "not pcall(nav.start_flow, 'f' .. i)"),
        ("links", "local l = {} for k = 1, 1e5 do l[k] = '/a' end", "route('/r' .. i, {links = l})", 200,
         "match('/r' .. i) == nil"),
    ]

    @Test(arguments: attacks.map(\.name))
    func whatSwiftKeepsCountsAgainstTheCap(_ name: String) throws {
        let attack = Self.attacks.first { $0.name == name }!
        let script = """
            \(attack.setup)
            local declared = 0
            for i = 1, \(attack.count) do
              local ok, err = pcall(function() \(attack.declaration) end)
              if not ok then
                print("refused after " .. declared .. ": " .. tostring(err))
                print("refused one absent: " .. tostring(\(attack.check)))
                break
              end
              declared = declared + 1
            end
            print("declared " .. declared)
            print("the script went on")
            """
        let result = try CommandRun.switchyard(["--max-memory", "16", "-e", script], deadline: 300)
        #expect(!result.timedOut)
        #expect(result.status == 0, "\(name): \(result.errors)")
        #expect(result.output.contains("refused after"), "\(name): \(result.output.suffix(300))")
        #expect(result.output.contains("memory limit of 16 MB exceeded"))
        #expect(result.output.contains("refused one absent: true"))
        #expect(result.output.contains("the script went on"))
        #expect(!result.output.contains("declared \(attack.count)\n"))
    }
}
