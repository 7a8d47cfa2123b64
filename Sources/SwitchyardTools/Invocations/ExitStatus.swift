/// The command's exit statuses (SPEC §5).
package enum ExitStatus: Int32, Sendable {
    case success = 0
    /// A script raised an error, or a scenario test failed.
    case failure = 1
    /// The command line was wrong.
    case usage = 2
}
