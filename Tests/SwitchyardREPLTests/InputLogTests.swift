import Testing
@testable import SwitchyardREPL

/// Issue 35 item 9: a session fed through a pipe keeps its lines for `:lines` and `_N`, but not all
/// of them for ever (a pipe can feed a REPL without end; each line's text was kept).
@Suite struct InputLogTests {
    @Test func aPipedSessionKeepsItsLastLinesWithTheirNumbersAndNoMore() {
        let log = InputLog(reader: PlainLineReader())
        let lines = InputLog.typedLimit * 3 + 7
        for number in 1...lines { log.remembered("line \(number)") }
        #expect(log.lastNumber == lines)
        let newest = log.last(3)
        #expect(newest.map(\.number) == [lines - 2, lines - 1, lines])
        #expect(newest.map(\.text) == ["line \(lines - 2)", "line \(lines - 1)", "line \(lines)"])
        let kept = log.last(lines)
        #expect(kept.count >= InputLog.typedLimit && kept.count <= InputLog.typedLimit + InputLog.typedLimit / 4)
        #expect(kept.allSatisfy { $0.text == "line \($0.number)" })
    }
}
