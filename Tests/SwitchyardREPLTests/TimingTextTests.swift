import Testing
@testable import SwitchyardREPL

@Suite struct TimingTextTests {
    @Test func durationsReadInTheUnitThatSuitsWithThreeDigits() {
        #expect(MetaCommands.text(seconds: 812e-9) == "812 ns")
        #expect(MetaCommands.text(seconds: 1.8449e-6) == "1.84 µs")
        #expect(MetaCommands.text(seconds: 0.04123) == "41.2 ms")
        #expect(MetaCommands.text(seconds: 2.0) == "2.00 s")
        #expect(MetaCommands.grouped(50_000) == "50,000")
        #expect(MetaCommands.grouped(1) == "1")
    }

    @Test func timeAndTimeitTakeTheRestOfTheLineAsLua() throws {
        #expect(try MetaCommand(parsing: ":time  nav.push('/a  b')") == .time("nav.push('/a  b')"))
        #expect(try MetaCommand(parsing: ":timeit match('/x')") == .timeit("match('/x')"))
        #expect(try MetaCommand(parsing: ":lines 5") == .lines(5))
    }
}
