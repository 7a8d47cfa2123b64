/// Options every form of the `switchyard` command shares.
///
///     var options = SessionOptions()
///     options.instructionLimit = 10_000_000
///     options.memoryLimitMegabytes = 64
public struct SessionOptions: Sendable, Equatable {
    /// SPEC §7's sandbox profile. The command line runs trusted scripts, so it is off unless asked for.
    public var sandboxed: Bool
    public var instructionLimit: Int?
    public var memoryLimitMegabytes: Int?
    /// `--max-screens`: screens per push stack (nil: the default, or what `--max-memory` allows).
    public var screensPerStack: Int?
    public var noColor: Bool
    /// nil: the default `~/.switchyard_history`.
    public var historyFile: String?

    public init(sandboxed: Bool = false, instructionLimit: Int? = nil, memoryLimitMegabytes: Int? = nil,
                screensPerStack: Int? = nil, noColor: Bool = false, historyFile: String? = nil) {
        self.screensPerStack = screensPerStack
        self.sandboxed = sandboxed
        self.instructionLimit = instructionLimit
        self.memoryLimitMegabytes = memoryLimitMegabytes
        self.noColor = noColor
        self.historyFile = historyFile
    }
}
