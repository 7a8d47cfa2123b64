import Switchyard
import SwitchyardLua
import SwitchyardTools

/// `:time EXPR` and `:timeit EXPR`, as IPython's `%time` and `%timeit`.
///
///     > :time nav.push("/library")
///     ...the screen...
///     time: 41.2 µs
///     > :timeit match("/album/12")
///     median 1.84 µs per run (spread 1.80 µs … 1.97 µs over 7 rounds of 50,000 runs)
extension MetaCommands {
    /// Runs the line once, as if typed (its value printed, its navigation kept), and says how long
    /// the run took: compiling and printing are not counted.
    func timeOnce(_ code: String) throws(LuaError) {
        let function = try evaluator.compiled(code)
        let clock = ContinuousClock()
        var results: [LuaValue] = []
        let elapsed = try host.interruptible { () throws(LuaError) -> Duration in
            let start = clock.now
            results = try host.engine.call(function, [])
            return clock.now - start
        }
        let rendered = try host.interruptible { () throws(LuaError) in
            try results.map { value throws(LuaError) in try evaluator.render(value) }
        }
        if !rendered.isEmpty { TerminalText.print(rendered.joined(separator: "\t")) }
        TerminalText.print(style.dim("time: " + Self.text(seconds: elapsed.seconds)))
    }

    /// Runs the line in rounds of many runs, the count chosen so a round takes about 0.1 s, and
    /// prints the median time per run over 7 rounds and the fastest and slowest round. Navigation is
    /// put back after every run, so each starts where the line was typed (globals are not: Lua has
    /// no checkpoint for them).
    func timeRepeatedly(_ code: String) throws(LuaError) {
        let function = try evaluator.compiled(code)
        let navigator = runtime.navigator
        let checkpoint = navigator.checkpoint()
        let clock = ContinuousClock()
        func round(_ runs: Int) throws(LuaError) -> Double {
            var total = Duration.zero
            for _ in 0..<runs {
                let start = clock.now
                _ = try host.engine.call(function, [])
                total += clock.now - start
                if runtime.navigator === navigator, navigator.hasChanged(since: checkpoint) {
                    do { try navigator.rollBack(to: checkpoint) } catch { throw LuaError(bridging: error) }
                }
            }
            return total.seconds
        }
        let (runs, perRun) = try host.interruptible { () throws(LuaError) -> (Int, [Double]) in
            var runs = 1
            // 1, 2, 5, 10, 20, 50 ... runs a round until one round takes 0.1 s (or a million runs).
            var steps = [1, 2, 5].makeIterator()
            var scale = 1
            while runs < 1_000_000, try round(runs) < 0.1 {
                guard let step = steps.next() else { steps = [1, 2, 5].makeIterator(); scale *= 10; continue }
                runs = step * scale
            }
            var perRun: [Double] = []
            for _ in 0..<7 { perRun.append(try round(runs) / Double(runs)) }
            return (runs, perRun.sorted())
        }
        let median = perRun[perRun.count / 2]
        TerminalText.print("median \(Self.text(seconds: median)) per run (spread \(Self.text(seconds: perRun.first!)) … "
              + "\(Self.text(seconds: perRun.last!)) over 7 rounds of \(Self.grouped(runs)) run\(runs == 1 ? "" : "s"))")
    }

    /// 3 significant digits in the unit that suits: "812 ns", "1.84 µs", "41.2 ms", "2.05 s".
    static func text(seconds: Double) -> String {
        let (value, unit): (Double, String) = seconds >= 1 ? (seconds, "s") : seconds >= 1e-3 ? (seconds * 1e3, "ms")
            : seconds >= 1e-6 ? (seconds * 1e6, "µs") : (seconds * 1e9, "ns")
        let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
        var scaled = (value * pow10(digits)).rounded() / pow10(digits)
        if scaled == 0 { scaled = 0 }
        var text = String(scaled)
        if digits == 0, text.hasSuffix(".0") { text.removeLast(2) }
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        } else if digits > 0 {
            text += "." + String(repeating: "0", count: digits)
        }
        return text + " " + unit
    }

    private static func pow10(_ n: Int) -> Double { [1, 10, 100][n] }

    /// 50000 → "50,000".
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }
}

private extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
