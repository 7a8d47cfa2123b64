import Foundation
import SwitchyardLua

/// Case 7: Switchyard's pattern matcher (budgeted, PatternMatch.c) against stock Lua 5.4's, on ordinary
/// patterns, in one engine: the stock functions come from the system's liblua5.4 (`luaopen_string`
/// through package.loadlib), timed interleaved with Switchyard's, batch by batch.
struct PatternBenchmark {
    let timer: BatchTimer

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The same five calls for each library: a capture pair, gsub with a function, gmatch over words,
    /// a plain find and an anchored one.
    static func driver(_ library: String) -> String {
        """
        return function(start, n)
          local find, match, gmatch, gsub = \(library).find, \(library).match, \(library).gmatch, \(library).gsub
          local line, text = "key=value; other=x", "the quick brown fox jumps over the lazy dog"
          local identity = function(w) return w end
          for i = 1, n do
            match(line, "(%w+)=(%w+)")
            gsub(text, "%w+", identity)
            for _ in gmatch(text, "%a+") do end
            find(text, "fox", 1, true)
            find(text, "^the")
          end
        end
        """
    }

    /// liblua5.4 as the system installed it (the executable links it too).
    static func stockLibrary() throws -> String {
        for path in ["/usr/lib/x86_64-linux-gnu/liblua5.4.so.0", "/usr/lib/aarch64-linux-gnu/liblua5.4.so.0",
                     "/usr/lib/liblua5.4.so.0", "/usr/local/lib/liblua5.4.so"]
        where FileManager.default.fileExists(atPath: path) {
            return path
        }
        throw Missing(description: "liblua5.4.so.0 not found (apt-get install liblua5.4-0)")
    }

    func run(into report: inout Report) throws {
        let runtime = try SwitchyardRuntime(configuration: .init(sandboxed: false))
        let engine = runtime.engine
        // luaopen_string also points the strings' metatable at the stock table: put Switchyard's back.
        try engine.run("""
            local ours = string
            stock_string = assert(package.loadlib("\(try Self.stockLibrary())", "luaopen_string"))()
            getmetatable("").__index = ours
            assert(string.find ~= stock_string.find and ("x"):find("x") == 1)
            """, chunkName: "=stock")
        let ours = try LuaLoop("Switchyard patterns", engine: engine, inputCount: 1, source: Self.driver("string"))
        let stock = try LuaLoop("stock Lua patterns", engine: engine, inputCount: 1, source: Self.driver("stock_string"))
        let timings = timer.measure([ours, stock])

        var section = Report.Section(title: "7. Pattern matching (five ordinary calls per operation; ratio = Switchyard / stock Lua)")
        for (index, label) in ["Switchyard's matcher (budgeted)", "stock Lua 5.4 string library"].enumerated() {
            section.rows.append(Report.Row(set: "ordinary", routes: nil, subject: label, unit: .nanoseconds,
                                           median: timings[index].median, p99: timings[index].p99,
                                           operationsPerSecond: timings[index].operationsPerSecond,
                                           ratio: index == 0 ? timings[0].median / timings[1].median : nil,
                                           reference: index == 0 ? "stock" : nil))
        }
        report.add(section)
        let ratio = timings[0].median / timings[1].median
        report.check("pattern matching within 1.3× of stock Lua", measured: "\(ResultTable.fixed(ratio, 2))×", ratio <= 1.3)
    }
}
