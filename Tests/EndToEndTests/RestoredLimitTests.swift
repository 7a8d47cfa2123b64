import Foundation
import Testing

/// Issue 31 item 5: a restored document is held to every navigator limit, not only those an
/// operation can grow: its timeline limit (`NavigatorLimits.timelineEntries`) and the depth of every
/// stack, lower environments' and parked tabs' included. Each refusal changes nothing.
@Suite(.serialized) struct RestoredLimitTests {
    /// Restores `nav.save()` with its limit raised to 1e9, then a state whose root stack, under a
    /// sheet, holds `depth` screens; prints both outcomes and whether the state is as it was.
    static let script = """
        route('/') route('/x/:n')
        local before = nav.save()
        print(pcall(nav.restore, (before:gsub('"limit":100', '"limit":1000000000'))))
        local n = tonumber(arg[1])
        local screens, ids = {'{"id":0,"params":{},"path":"/","query":{}}'}, {'0'}
        for i = 1, n do
          screens[#screens + 1] = string.format(
            '{"id":%d,"params":{"n":"%d"},"path":"/x/%d","pattern":"/x/:n","query":{},"route":1}', i, i, i)
          if i < n then ids[#ids + 1] = tostring(i) end
        end
        local deep = string.format('{"format":"switchyard.navigation","index":0,"limit":100,"nextID":%d,'
          .. '"screens":[%s],"timeline":[{"operation":"start","state":{"environments":['
          .. '{"kind":"root","selected":0,"stacks":[[%s]],"tabs":[]},'
          .. '{"kind":"sheet","selected":0,"stacks":[[%d]],"tabs":[]}],"modals":[],"queue":[]}}],"version":1}',
          n + 1, table.concat(screens, ','), table.concat(ids, ','), n)
        print(pcall(nav.restore, deep))
        print(nav.save() == before, nav.path)
        """

    func run(depth: Int, _ options: [String]) throws -> CommandRun {
        let directory = try HostileFiles.directory()
        try Self.script.write(toFile: directory + "/restore.lua", atomically: true, encoding: .utf8)
        return try CommandRun.switchyard(options + ["restore.lua", String(depth)], directory: directory, deadline: 120)
    }

    @Test func underAMemoryCapTheTimelineLimitAndEveryStackAreChecked() throws {
        let result = try run(depth: 300, ["--max-memory", "16"])
        #expect(!result.timedOut)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == """
            false\ttimeline limit of 100 entries reached (restore changed nothing; raise NavigatorLimits.timelineEntries)
            false\tstack limit of 192 screens reached (restore changed nothing; raise NavigatorLimits.screensPerStack or --max-screens)
            true\t/

            """, "\(result.output)")
    }

    @Test func withoutACapTheDefaultLimitsHold() throws {
        let result = try run(depth: 10_001, [])
        #expect(!result.timedOut)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("false\ttimeline limit of 10000 entries reached"), "\(result.output)")
        #expect(result.output.contains("false\tstack limit of 10000 screens reached"), "\(result.output)")
        #expect(result.output.hasSuffix("true\t/\n"), "\(result.output)")
    }
}
