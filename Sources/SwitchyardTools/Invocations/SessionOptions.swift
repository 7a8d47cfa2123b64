/// Options every form of the `switchyard` command shares.
///
///     var options = SessionOptions()
///     options.instructionLimit = 10_000_000
///     options.memoryLimitMegabytes = 64
package struct SessionOptions: Sendable, Equatable {
    /// The sandbox profile (docs/sandbox.md). The command line runs trusted scripts, so it is off unless asked for.
    package var sandboxed: Bool
    package var instructionLimit: Int?
    package var memoryLimitMegabytes: Int?
    /// `--max-screens`: screens per push stack (nil: the default, or what `--max-memory` allows).
    package var screensPerStack: Int?
    package var noColor: Bool
    /// nil: the default `~/.switchyard_history`.
    package var historyFile: String?

    package init(sandboxed: Bool = false, instructionLimit: Int? = nil, memoryLimitMegabytes: Int? = nil,
                screensPerStack: Int? = nil, noColor: Bool = false, historyFile: String? = nil) {
        self.screensPerStack = screensPerStack
        self.sandboxed = sandboxed
        self.instructionLimit = instructionLimit
        self.memoryLimitMegabytes = memoryLimitMegabytes
        self.noColor = noColor
        self.historyFile = historyFile
    }
}
