import Foundation
import Testing

/// Issue 21's attacks on the navigator's state and on file names, through the executable: a huge
/// alert, a failing choice, a rewritten `nav`, impossible restored locations, names that are not
/// UTF-8. Each: the clear error, and nothing changed.
@Suite(.serialized) struct HostileStateTests {
    func run(_ script: String, _ options: [String] = []) throws -> CommandRun {
        let directory = try HostileFiles.directory()
        try script.write(toFile: directory + "/app.lua", atomically: true, encoding: .utf8)
        return try CommandRun.switchyard(options + ["app.lua"], directory: directory, deadline: 60)
    }

    @Test func anAlertWithAHundredThousandButtonsIsQuick() throws {
        let result = try run("""
            route('/')
            local buttons = {}
            for i = 1, 100000 do buttons[i] = 'b' .. i end
            nav.alert{title = 'many', buttons = buttons}
            buttons[100001] = 'b1'
            nav.dismiss_alert()
            local ok, message = pcall(nav.alert, {title = 'twice', buttons = buttons})
            print(ok, message)
            """)
        #expect(!result.timedOut)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("false\talert: two buttons are labelled \"b1\""), "\(result.output)")
    }

    @Test func aChoiceWhoseActionFailsChangesNothing() throws {
        let result = try run("""
            route('/') route('/a') route('/locked', {guard = function() return false end})
            nav.alert{title = 'Go?', buttons = {{'Go', function() nav.push('/a') nav.push('/locked') end},
                                                {'Boom', function() error('boom') end}}}
            local before = nav.save()
            print(pcall(nav.choose, 'Go'))
            print(nav.save() == before, nav.path, nav.alert_active)
            print(pcall(nav.choose, 'Boom'))
            print(nav.save() == before, nav.path, nav.alert_active)
            """)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == """
            false\tapp.lua:2: navigation to "/locked" was blocked by the guard of /locked
            true\t/\ttrue
            false\tapp.lua:3: boom
            true\t/\ttrue

            """)
    }

    @Test func navCannotBeRewrittenEvenRaw() throws {
        let result = try run("""
            route('/')
            print(pcall(rawset, nav, 'path', '/evil'))
            print(pcall(rawset, nav, 'push', print))
            print(nav.path, type(nav.push))
            """)
        #expect(result.output.contains("false\tbad argument #1 to 'rawset' (table expected, got nav)"), "\(result.output)")
        #expect(result.output.hasSuffix("/\tfunction\n"))
    }

    @Test func aSpecCannotLeakARewrittenNavIntoTheNextTest() throws {
        let directory = try HostileFiles.directory()
        try """
            route('/') route('/a')
            describe('nav', function()
              it('tries to rewrite it', function()
                pcall(rawset, nav, 'path', '/evil')
                nav.push('/a')
              end)
              it('gets a fresh one', function()
                assert.equal('/', nav.path)
              end)
            end)
            """.write(toFile: directory + "/nav_spec.lua", atomically: true, encoding: .utf8)
        let result = try CommandRun.switchyard(["test", "nav_spec.lua"], directory: directory)
        #expect(result.output.contains("2 passed, 0 failed"), "\(result.output)\(result.errors)")
    }

    @Test func impossibleRestoredLocationsAreRefused() throws {
        let result = try run("""
            route('/') route('/a/:id')
            nav.push('/a/1')
            local good = nav.save()
            local function with(find, replace)
              local i, j = good:find(find, 1, true)
              assert(i, find .. ' not in the document')
              return good:sub(1, i - 1) .. replace .. good:sub(j + 1)
            end
            for _, bad in ipairs{
              with('"path":"\\\\/a\\\\/1"', '"path":""'),
              with('"path":"\\\\/a\\\\/1"', '"path":"a\\\\/..\\\\/..\\\\/x\\\\/\\\\/y\\\\/"'),
              with('"pattern":"\\\\/a\\\\/:id"', '"pattern":"\\\\/nope"'),
              with('"path":"\\\\/a\\\\/1"', '"path":"\\\\/b\\\\/1"'),
            } do
              local ok, message = pcall(nav.restore, bad)
              print(ok, (message:gsub('^app.lua:%d+: ', '')))
              assert(nav.save() == good, 'changed')
            end
            print(nav.path)
            """)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("path \"\" is not a normalised absolute path"), "\(result.output)")
        #expect(result.output.contains("is not a normalised absolute path (it would be \"/x/y\")"))
        #expect(result.output.contains("route 1 is declared with the pattern /a/:id, not /nope"))
        #expect(result.output.contains("path /b/1 does not match its pattern /a/:id"))
        #expect(result.output.hasSuffix("/a/1\n"))
    }

    @Test func filesWhoseNamesAreNotUTF8RunAndAreFoundByTest() throws {
        let directory = try HostileFiles.directory()
        // u8<0xE9>_spec.lua: a Latin-1 name, written through its bytes (a Swift String cannot hold it).
        let path = Array(directory.utf8) + Array("/u8".utf8) + [0xE9] + Array("_spec.lua".utf8) + [0]
        let fd = path.withUnsafeBytes { open($0.baseAddress!.assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        try #require(fd >= 0)
        let spec = Array("describe('latin-1', function() it('runs', function() assert.is_true(true) end) end)\n".utf8)
        #expect(spec.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == spec.count)
        close(fd)

        let test = try CommandRun.switchyard(["test", "."], directory: directory)
        #expect(test.output.contains("1 passed, 0 failed"), "\(test.output)\(test.errors)")

        // Run by name: the shell hands over the raw bytes.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.currentDirectoryURL = URL(fileURLWithPath: directory)
        shell.arguments = ["-c", "'\(SwitchyardBinary.path)' test \"$(printf 'u8\\351_spec.lua')\" && '\(SwitchyardBinary.path)' \"$(printf 'no\\351.lua')\""]
        let errors = Pipe()
        shell.standardError = errors
        shell.standardOutput = Pipe()
        try shell.run()
        shell.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(shell.terminationStatus == 1)   // the spec passed; the missing file is the failure
        #expect(message.contains("cannot open no\\xE9.lua: No such file or directory"), "\(message)")
    }
}
