import Foundation
import Testing

/// `switchyard attach` against a Swift app serving its live view on its own runtime
/// (`LiveViewHost`): the app is the LiveViewTestHost executable, run as a process; attach runs in
/// a terminal through tmux (or with piped lines). The app prints "mirror: OPERATION PATH" for
/// every change its own model sees.
@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
struct AttachTests {
    /// The banner and the prompt after it: readline is ready (keys typed before it may be dropped).
    static let firstPrompt = "Ctrl-D detaches\n> "

    @Test func aLineTypedInAttachRunsOnTheHostAndTheHostsMirrorFollows() throws {
        let host = try AttachedHost()
        defer { host.close() }
        let session = try TerminalSession(arguments: ["attach", "--no-color", host.link])
        defer { session.close() }
        try session.waitFor(Self.firstPrompt)
        try session.enter(#"nav.push("/albums/7")"#)
        try host.waitForOutput("mirror: push /albums/7")
        // The host's runtime, sandboxed as the app made it: no io there.
        try session.enter(#"print(nav.path .. " sandboxed: " .. tostring(io == nil))"#, expecting: "/albums/7 sandboxed: true")
        try session.enter(":explain /albums/x", expecting: "/albums/:id")
        try session.enter(":pop")
        try host.waitForOutput("mirror: pop /\n")
        // The app owns its live view.
        try session.enter(":serve stop", expecting: "an attached REPL cannot start or stop it")
        try session.enter("print(1 + 1)", expecting: "\n2\n")
    }

    @Test func tabCompletesTheHostsPathsAndNavMembers() throws {
        let host = try AttachedHost()
        defer { host.close() }
        let session = try TerminalSession(arguments: ["attach", "--no-color", host.link])
        defer { session.close() }
        try session.waitFor(Self.firstPrompt)
        try session.type("nav.set_de")
        try session.press("Tab")
        try session.waitFor("nav.set_detent")
        try session.press("C-u")
        try session.type(":push /sett")
        try session.press("Tab")
        try session.waitFor(":push /settings")
        try session.press("Enter")
        try host.waitForOutput("mirror: push /settings")
    }

    @Test func ctrlCInterruptsALineRunningOnTheHostAndTheHostStaysUp() throws {
        let host = try AttachedHost()
        defer { host.close() }
        let session = try TerminalSession(arguments: ["attach", "--no-color", host.link])
        defer { session.close() }
        try session.waitFor(Self.firstPrompt)
        // The test host's runtime has no instruction budget: only the interrupt can end this loop.
        let idle = host.cpuSeconds
        try session.enter("while true do end")
        // A Ctrl-C before attach read the line would make the terminal drop the line unread.
        try host.waitForCPU(seconds: idle + 1)
        var interrupted = false
        for _ in 0..<6 where !interrupted {
            try session.press("C-c")
            interrupted = (try? session.waitFor("interrupted", deadline: 10)) != nil
        }
        #expect(interrupted, "the loop on the host was never interrupted:\n\((try? session.screen()) ?? "")")
        try session.enter("print(40 + 2)", expecting: "\n42\n")
        #expect(host.isRunning)
    }

    @Test func aLineRunsUnderTheHostsOwnInstructionBudget() throws {
        let host = try AttachedHost(arguments: ["--max-instructions", "1000000"])
        defer { host.close() }
        let run = try CommandRun.switchyard(["attach", host.link], input: "while true do end\nprint(nav.path)\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("instruction") && run.output.contains("\n/\n"), "\(run.output)")
    }

    @Test func aChunkContinuedAtOneTerminalIsNotJoinedByAnothersLine() throws {
        let host = try AttachedHost()
        defer { host.close() }
        let first = try TerminalSession(arguments: ["attach", "--no-color", host.link])
        defer { first.close() }
        try first.waitFor(Self.firstPrompt)
        try first.enter("for i = 1, 2 do", expecting: ">> ")
        let other = try CommandRun.switchyard(["attach", host.link], input: "print('other')\n")
        #expect(other.output.contains("another attached REPL is in the middle of a chunk"), "\(other.output)")
        try first.enter("print('loop ' .. i) end", expecting: "loop 2")
        let later = try CommandRun.switchyard(["attach", host.link], input: "print('other')\n")
        #expect(later.output.contains("\nother\n"), "\(later.output)")
    }

    @Test func aWrongTokenOrTheViewOnlyLinkIsRefused() throws {
        let host = try AttachedHost()
        defer { host.close() }
        let wrong = host.link.replacing(/token=[0-9a-f]+/, with: "token=0123456789abcdef0123456789abcdef")
        let refused = try CommandRun.switchyard(["attach", wrong], input: "print(1)\n")
        #expect(refused.status == 1)
        #expect(refused.errors.contains("wrong or missing token"), "\(refused.errors)")
        #expect(!refused.errors.contains("0123456789abcdef"), "the token is not repeated on the terminal")
        let viewOnly = try CommandRun.switchyard(["attach", host.viewLink], input: "nav.push('/albums')\n")
        #expect(viewOnly.status == 1)
        #expect(viewOnly.errors.contains("view-only"), "\(viewOnly.errors)")
        #expect(!host.output.contains("mirror:"), "nothing navigated:\n\(host.output)")
        let allowed = try CommandRun.switchyard(["attach", host.link], input: "print(nav.path)\n")
        #expect(allowed.status == 0 && allowed.output.contains("\n/\n"), "\(allowed.output)\(allowed.errors)")
    }

    @Test func aDroppedConnectionLeavesTheHostRunningAndItsStateKept() throws {
        let host = try AttachedHost()
        defer { host.close() }
        let first = try TerminalSession(arguments: ["attach", "--no-color", host.link])
        try first.waitFor(Self.firstPrompt)
        try first.enter(#"nav.push("/albums")"#)
        try host.waitForOutput("mirror: push /albums")
        first.close()   // the terminal and attach killed, no goodbye on the socket
        let again = try CommandRun.switchyard(["attach", host.link], input: "print(nav.path)\n")
        #expect(again.status == 0 && again.output.contains("\n/albums\n"), "\(again.output)\(again.errors)")
        #expect(host.isRunning)
    }

    @Test func aTerminalClosedOnARunawayLineLeavesTheHostServing() throws {
        let host = try AttachedHost()
        defer { host.close() }
        let session = try TerminalSession(arguments: ["attach", "--no-color", host.link])
        try session.waitFor(Self.firstPrompt)
        let idle = host.cpuSeconds
        try session.enter("while true do end")
        try host.waitForCPU(seconds: idle + 1)   // the loop runs on the host
        session.close()                   // no Ctrl-C, no goodbye: the connection just ends
        let again = try CommandRun.switchyard(["attach", host.link], input: "print(6 * 7)\n", deadline: 60)
        #expect(again.status == 0 && again.output.contains("\n42\n"), "\(again.output)\(again.errors)")
        #expect(host.isRunning)
    }

    @Test func thePageWorksAgainstTheHostAndFollowsAnAttachedLine() throws {
        let host = try AttachedHost()
        defer { host.close() }
        let portMatch = try #require(host.link.firstMatch(of: /:(\d+)\//))
        let port = try #require(UInt16(portMatch.1))
        let token = String(try #require(host.link.firstMatch(of: /token=([0-9a-f]+)/)).1)
        let page = try RawClient(port: port)
        _ = try page.upgrade(token: token, origin: "http://127.0.0.1:\(port)")
        try page.receive(until: #""type":"state""#)
        try page.send(#"{"op":"push","path":"/albums"}"#)
        try host.waitForOutput("mirror: push /albums")
        let run = try CommandRun.switchyard(["attach", host.link], input: "nav.push('/albums/3')\n")
        #expect(run.status == 0, "\(run.errors)")
        try page.receive(until: #""path":"/albums/3""#)
        // Routes declared from the attached REPL: the page's map is laid out again with them.
        let declared = try CommandRun.switchyard(["attach", host.link], input: "route('/attachedextra', {title = 'Extra'})\n")
        #expect(declared.status == 0, "\(declared.errors)")
        try page.receive(until: "/attachedextra")
    }

    @Test func aSwitchyardServeReplCannotBeAttachedTo() throws {
        let session = try TerminalSession(arguments: ["serve", "--no-color", SwitchyardBinary.packageRoot + "/examples/music/app.lua"])
        defer { session.close() }
        let screen = try session.waitFor("view only:")
        let link = String(try #require(screen.firstMatch(of: /navigate:\s+(http:\S+)/)).1)
        let run = try CommandRun.switchyard(["attach", link], input: "nav.push('/library')\n")
        #expect(run.status == 1)
        #expect(run.errors.contains("needs a Swift host"), "\(run.errors)")
        try session.enter("print(nav.path)", expecting: "\n/\n")
    }

    @Test func attachHelpHasAnExample() throws {
        let run = try CommandRun.switchyard(["attach", "--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("switchyard attach 'http://127.0.0.1:8080/?token="), "\(run.output)")
    }

    @Test func aLineTooLongForTheHostIsRefusedAndTheSessionGoesOn() throws {
        let host = try AttachedHost()
        defer { host.close() }
        let long = "x = '" + String(repeating: "a", count: 5000) + "'"
        let run = try CommandRun.switchyard(["attach", host.link], input: long + "\nprint(nav.path)\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("too long for the host") && run.output.contains("\n/\n"), "\(run.output)")
    }

    @Test func whatTheHostPrintsIsEscapedOnTheAttachedTerminal() throws {
        let host = try AttachedHost()
        defer { host.close() }
        let run = try CommandRun.switchyard(["attach", host.link], input: #"print("a\27]52;c;aGk=\7b")"# + "\n")
        #expect(run.status == 0)
        #expect(run.output.contains(#"a\027]52;c;aGk=\007b"#), "\(run.output)")
        #expect(!run.output.contains("\u{1B}"))
    }
}

/// The LiveViewTestHost executable (built beside `switchyard`), serving until its stdin closes.
final class AttachedHost {
    private let process = Process()
    private let input = Pipe()
    private let collected = HostOutput()
    let link: String
    let viewLink: String

    init(arguments: [String] = []) throws {
        let directory = URL(fileURLWithPath: SwitchyardBinary.path).deletingLastPathComponent()
        process.executableURL = directory.appendingPathComponent("LiveViewTestHost")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: SwitchyardBinary.fixtures)
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        let collected = collected
        output.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
        try process.run()
        let end = Date().addingTimeInterval(60)
        var found: (String, String)?
        while Date() < end && found == nil {
            let text = collected.text
            if let navigate = text.firstMatch(of: /navigate:\s+(http:\S+)/), let view = text.firstMatch(of: /view only:\s+(http:\S+)/) {
                found = (String(navigate.1), String(view.1))
            } else {
                usleep(20_000)
            }
        }
        guard let (navigate, view) = found else {
            try? input.fileHandleForWriting.close()
            kill(process.processIdentifier, SIGKILL)
            throw HostTimeout(output: collected.text)
        }
        link = navigate
        viewLink = view
    }

    struct HostTimeout: Error, CustomStringConvertible {
        let output: String
        var description: String { "LiveViewTestHost printed no links:\n\(output)" }
    }

    var output: String { collected.text }
    var isRunning: Bool { process.isRunning }

    func waitForOutput(_ text: String, deadline seconds: Double = 60) throws {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if output.contains(text) { return }
            usleep(20_000)
        }
        throw HostTimeout(output: "never saw \(text.debugDescription); it printed:\n" + output)
    }

    /// The CPU time the host has used so far.
    var cpuSeconds: Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // After "pid (name) ": utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Waits until the host has used `seconds` of CPU time in all (busy in a line that prints nothing).
    func waitForCPU(seconds: Double, deadline: Double = 60) throws {
        let end = Date().addingTimeInterval(deadline)
        while Date() < end {
            if cpuSeconds >= seconds { return }
            usleep(20_000)
        }
        throw HostTimeout(output: "never used \(seconds) s of CPU; it printed:\n" + output)
    }

    func close() {
        try? input.fileHandleForWriting.close()
        let end = Date().addingTimeInterval(10)
        while process.isRunning && Date() < end { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

private final class HostOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ more: Data) { lock.withLock { data.append(more) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
