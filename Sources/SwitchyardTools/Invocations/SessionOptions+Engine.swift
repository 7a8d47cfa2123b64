import SwitchyardLua

extension SessionOptions {
    /// The engine configuration these options ask for (`--max-memory` is in megabytes).
    package var engineConfiguration: LuaEngine.Configuration {
        LuaEngine.Configuration(sandboxed: sandboxed, instructionLimit: instructionLimit,
                                memoryLimit: memoryLimitMegabytes.map { $0 * 1024 * 1024 })
    }
}
