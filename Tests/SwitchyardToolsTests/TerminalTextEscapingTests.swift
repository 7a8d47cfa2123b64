@testable import SwitchyardTools
import Testing

/// The one escaping function every terminal writer uses (issue 31 item 12).
struct TerminalTextEscapingTests {
    @Test func controlCharactersAreWrittenOutAsTheValuePrinterWritesThem() {
        #expect(TerminalText.escaped("a\u{1B}[2Jb") == #"a\027[2Jb"#)
        #expect(TerminalText.escaped("t\u{1B}]52;c;aGk=\u{07}") == #"t\027]52;c;aGk=\007"#)
        #expect(TerminalText.escaped("one\ntwo\tthree\r") == #"one\ntwo\tthree\r"#)
        #expect(TerminalText.escaped("del\u{7F} csi\u{9B}") == #"del\127 csi\194\155"#)
        #expect(TerminalText.escaped("café — ok") == "café — ok")   // UTF-8 beyond C1 is text
    }

    @Test func keepingLinesLeavesNewlinesAndTabs() {
        #expect(TerminalText.escaped("a\n\tb\u{1B}c", keepingLines: true) == "a\n\tb\\027c")
    }

    @Test func theWritersLastFilterKeepsOnlyColour() {
        let style = TerminalStyle(enabled: true)
        let coloured = style.red("error") + " " + style.bold("x")
        #expect(TerminalText.sanitized(coloured) == coloured)
        #expect(TerminalText.sanitized("a\n\tb") == "a\n\tb")
        #expect(TerminalText.sanitized("\u{1B}[2J\u{1B}]0;t\u{07}\u{1B}[1;31m") == #"\027[2J\027]0;t\007"# + "\u{1B}[1;31m")
        #expect(TerminalText.sanitized("\u{1B}[") == #"\027["#)
    }
}
