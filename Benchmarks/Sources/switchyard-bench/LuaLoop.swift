import SwitchyardLua

/// A Lua function `driver(start, count)` performing `count` operations (input `start` first): one batch
/// is one call from Swift, so the per-operation figure is the Lua side's own cost, loop included.
struct LuaLoop: Workload {
    let label: String
    let engine: LuaEngine
    let driver: LuaFunction
    let inputCount: Int
    /// What the driver needs alive, such as the runtime whose API it calls (its engine alone does not
    /// keep the runtime's functions working once the runtime is gone).
    let owner: AnyObject?

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// Compiles `source` (a chunk returning the driver) and runs it once, so a broken driver is an
    /// error here rather than a fast loop of failures later.
    init(_ label: String, engine: LuaEngine, owner: AnyObject? = nil, inputCount: Int, source: String) throws {
        guard let driver = try engine.run(source, chunkName: "=\(label)").first?.functionValue else {
            throw Failed(description: "\(label): the chunk did not return a driver function")
        }
        try engine.call(driver, [.integer(0), .integer(Int64(inputCount))])
        self.label = label
        self.engine = engine
        self.driver = driver
        self.inputCount = inputCount
        self.owner = owner
    }

    func run(_ input: Int) -> Int { runBatch(from: input, count: 1) }

    func runBatch(from start: Int, count: Int) -> Int {
        (try? engine.call(driver, [.integer(Int64(start)), .integer(Int64(count))]))?.count ?? -1
    }
}
