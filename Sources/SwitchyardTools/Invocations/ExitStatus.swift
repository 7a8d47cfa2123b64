/// The command's exit statuses, as docs/cli.md lists them: 0 success, 1 a script or test failure, 2 a usage error.
package enum ExitStatus: Int32, Sendable {
    case success = 0
    /// A script raised an error, or a scenario test failed.
    case failure = 1
    /// The command line was wrong.
    case usage = 2
}
