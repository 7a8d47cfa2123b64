import Foundation
import Testing

/// Endless inputs, out-of-range options and full disks (issue 21, items 5, 6 and 8): each a clear
/// error and exit status 1 (2 for a usage error), never a process that grows without bound, dies
/// on a signal, or says "saved" about what it could not write.
@Suite(.serialized) struct InputOutputLimitTests {
    static let limitMessage = "larger than 64 MB, the limit for scripts, specs and saved states"

    @Test func anEndlessScriptIsRefusedAtTheSizeLimit() throws {
        let file = try CommandRun.switchyard(["--max-memory", "16", "/dev/zero"], deadline: 60)
        #expect(!file.timedOut)
        #expect(file.status == 1)
        #expect(file.errors.contains("cannot read /dev/zero: " + Self.limitMessage), "\(file.errors)")
    }

    @Test func anEndlessStateOrLoadInTheREPLIsRefusedAndTheREPLGoesOn() throws {
        let result = try CommandRun.switchyard(["-i"], input: ":restore /dev/zero\n:load /dev/zero\nprint('alive')\n",
                                               deadline: 60)
        #expect(!result.timedOut)
        #expect(result.errors.components(separatedBy: "cannot read /dev/zero: " + Self.limitMessage).count == 3,
                "\(result.errors)")
        #expect(result.output.hasSuffix("alive\n"))
    }

    @Test(arguments: [["--max-memory", "8796093022208"], ["--max-memory", "0"], ["--max-instructions", "-5"]])
    func anOutOfRangeNumberIsAUsageError(_ option: [String]) throws {
        for form in [option + ["-e", "print(1)"], ["test"] + option + ["."]] {
            let result = try CommandRun.switchyard(form)
            #expect(result.status == 2, "\(form): \(result.errors)")
            #expect(result.errors.contains(option[0]), "\(result.errors)")
        }
        let memory = try CommandRun.switchyard(["--max-memory", "8796093022208", "-e", "print(1)"])
        #expect(memory.errors.contains("--max-memory takes 1 to 1048576 megabytes (1 TB), not 8796093022208"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full here"))
    func aFullDiskIsAnErrorNeverSaved() throws {
        let save = try CommandRun.switchyard(["-i", "app/app.lua"], input: ":save /dev/full\n")
        #expect(save.errors.contains("cannot write /dev/full: No space left on device"), "\(save.errors)")
        #expect(!save.output.contains("saved the navigation state"))
        let graph = try CommandRun.switchyard(["graph", "app/app.lua", "-o", "/dev/full"])
        #expect(graph.status == 1)
        #expect(graph.errors.contains("cannot write /dev/full: No space left on device"))
        let junit = try CommandRun.switchyard(["test", "--junit", "/dev/full", "specs/navigation_spec.lua"])
        #expect(junit.status == 1)
        #expect(junit.errors.contains("cannot write /dev/full"))
        // A device is written in place, never replaced by a renamed file.
        var status = stat()
        #expect(stat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func standardOutputThatCannotBeWrittenFailsTheRun() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "'\(SwitchyardBinary.path)' -e 'print(1)' > /dev/full 2> /dev/null"]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 1)
    }

    @Test func savedStatesAreWrittenWholeOrNotAtAll() throws {
        let directory = try HostileFiles.directory()
        let result = try CommandRun.switchyard(["-i", SwitchyardBinary.fixtures + "/app/app.lua"],
                                               input: ":save state.json\n:save missing/state.json\n", directory: directory)
        #expect(result.output.contains("saved the navigation state to state.json"))
        #expect(result.errors.contains("cannot write missing/state.json"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }
}
