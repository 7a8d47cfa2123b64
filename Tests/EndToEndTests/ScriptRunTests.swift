import Foundation
import Testing

/// The non-interactive forms through pipes: what runs, what it prints, and the exit status.
@Suite(.serialized) struct ScriptRunTests {
    @Test func fileRunsWithItsArgumentsInArg() throws {
        let result = try CommandRun.switchyard(["hello.lua", "one", "--two"])
        #expect(result.status == 0)
        #expect(result.output == "hello\thello.lua\tone\t--two\t2\n")
        #expect(result.errors.isEmpty)
    }

    @Test func failingScriptExitsOneWithFileAndLineOnStderr() throws {
        let result = try CommandRun.switchyard(["fails.lua"])
        #expect(result.status == 1)
        #expect(result.errors.contains("fails.lua:3: attempt to index a nil value"))
        #expect(result.output.isEmpty)
    }

    @Test func missingFileExitsOne() throws {
        let result = try CommandRun.switchyard(["no-such-file.lua"])
        #expect(result.status == 1)
        #expect(result.errors.contains("no-such-file.lua"))
    }

    @Test func chunksRunBeforeTheFileInOrder() throws {
        let result = try CommandRun.switchyard(["-e", "print(1 + 1)", "-e", "print('second')"])
        #expect(result.status == 0)
        #expect(result.output == "2\nsecond\n")
    }

    @Test func chunksThenAFileWhoseArgumentsLookLikeOptions() throws {
        let result = try CommandRun.switchyard(["-e", "print('chunk')", "hello.lua", "--sandbox", "-e"])
        #expect(result.status == 0)
        #expect(result.output == "chunk\nhello\thello.lua\t--sandbox\t-e\t2\n")
    }

    @Test func chunkErrorExitsOne() throws {
        let result = try CommandRun.switchyard(["-e", "error('boom')"])
        #expect(result.status == 1)
        #expect(result.errors.contains("boom"))
    }

    @Test func pipedStdinRunsAsAScript() throws {
        let result = try CommandRun.switchyard([], input: "local x = 20\nprint(x * 2 + 2)\n")
        #expect(result.status == 0)
        #expect(result.output == "42\n")
    }

    @Test func dashMeansStdinWithArguments() throws {
        let result = try CommandRun.switchyard(["-", "a", "b"], input: "print(arg[0], arg[1], arg[2])")
        #expect(result.status == 0)
        #expect(result.output == "-\ta\tb\n")
    }

    @Test func instructionLimitStopsARunawayLoop() throws {
        let result = try CommandRun.switchyard(["--max-instructions", "100000", "-e", "while true do end"])
        #expect(result.status == 1)
        #expect(result.errors.contains("instruction"))
    }

    @Test func memoryLimitStopsAHog() throws {
        let result = try CommandRun.switchyard(["--max-memory", "8", "-e", "local t = {} for i = 1, 1e8 do t[i] = i end"])
        #expect(result.status == 1)
        #expect(result.errors.contains("memory"))
    }

    @Test func sandboxHidesIo() throws {
        let open = try CommandRun.switchyard(["-e", "print(io ~= nil)"])
        #expect(open.output == "true\n")
        let sandboxed = try CommandRun.switchyard(["--sandbox", "-e", "print(io == nil, os.execute == nil)"])
        #expect(sandboxed.status == 0)
        #expect(sandboxed.output == "true\ttrue\n")
    }

    @Test func interactiveWithPipedStdinReadsLinesAsTheREPLWould() throws {
        let input = """
            counter
            function twice(x)
              return 2 * x
            end
            twice(21)
            error('oops')
            bump()
            {1, "two", {three = 3}}

            """
        let result = try CommandRun.switchyard(["-i", "counter.lua"], input: input)
        #expect(result.status == 0)
        #expect(result.output == "41\n42\n42\n{ 1, \"two\", { three = 3 } }\n")
        #expect(result.errors.contains("stdin:1: oops"))
    }

    @Test func limitsStopAnInputAndTheREPLGoesOn() throws {
        let input = "s = string.rep('x', 64 * 1024 * 1024)\nprint('alive', s)\nwhile true do end\nprint('still')\n"
        let result = try CommandRun.switchyard(["--max-memory", "16", "--max-instructions", "1000000", "-i"], input: input)
        #expect(result.status == 0)
        #expect(result.output == "alive\tnil\nstill\n")
        #expect(result.errors.contains("memory limit of 16 MB exceeded"))
        #expect(result.errors.contains("instruction limit of 1000000 exceeded"))
    }
}

