import Foundation
import Testing

/// Issue 15 item 2 through the executable: a script that grows the navigator without end stops at
/// a limit with a clear error (exit 1) instead of growing to gigabytes, and a refused operation
/// changes nothing.
@Suite(.serialized) struct NavigatorLimitTests {
    @Test func endlessPushesUnderAMemoryCapStopAtTheStackLimit() throws {
        let result = try CommandRun.switchyard(
            ["--max-memory", "64", "-e", "route('/x/:n') for i = 1, 1e8 do nav.push('/x/' .. i) end"], deadline: 60)
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(result.errors.contains(
            "stack limit of 226 screens reached (push changed nothing; raise NavigatorLimits.screensPerStack or --max-screens)"),
            "\(result.errors)")
    }

    @Test func aRefusedPushChangesNothingAndTheScriptGoesOn() throws {
        let result = try CommandRun.switchyard(["--max-screens", "3", "-e", """
            route('/') route('/x/:n')
            nav.push('/x/1') nav.push('/x/2')
            local before = nav.save()
            print(pcall(nav.push, '/x/3'))
            print(nav.save() == before, nav.path, #nav.stack)
            """])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == """
            false\tstack limit of 3 screens reached (push changed nothing; raise NavigatorLimits.screensPerStack or --max-screens)
            true\t/x/2\t3

            """, "\(result.output)")
    }

    @Test func sheetsModalsAndButtonsUnderAMemoryCapAreBoundedToo() throws {
        let result = try CommandRun.switchyard(["--max-memory", "64", "-e", """
            route('/') route('/m/:n')
            print(pcall(function() for i = 1, 1e6 do nav.sheet('/m/' .. i) end end))
            print(pcall(function() for i = 1, 1e6 do nav.modal('/m/' .. i) end end))
            local buttons = {} for i = 1, 1e5 do buttons[i] = 'b' .. i end
            print(pcall(nav.alert, {title = 'many', buttons = buttons}))
            print(#nav.modals, nav.alert_active)
            """], deadline: 60)
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 4, "\(result.output)")
        #expect(lines.first?.contains("environment limit of 16 (the root, sheets and covers) reached") == true, "\(result.output)")
        #expect(lines.dropFirst().first?.contains("modal limit of 16 reached") == true, "\(result.output)")
        #expect(lines.dropFirst(2).first?.contains("alert limit of 3855 buttons reached") == true, "\(result.output)")
        #expect(lines.last == "16\tfalse")
    }

    @Test(arguments: [["--max-screens", "0"], ["--max-screens=-3"]])
    func aNonPositiveScreenLimitIsAUsageError(_ option: [String]) throws {
        let result = try CommandRun.switchyard(option + ["-e", "print(1)"])
        #expect(result.status == 2)
        let value = option.count == 2 ? option[1] : "-3"
        #expect(result.errors.contains("--max-screens must be a positive number of screens, not \(value)"), "\(result.errors)")
    }
}
