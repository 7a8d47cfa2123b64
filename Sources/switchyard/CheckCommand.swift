import ArgumentParser
import SwitchyardREPL
import SwitchyardTools

extension MapCheck.Format: ExpressibleByArgument {}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Crawl the navigation map and report dead links, redirect loops, callback errors, "
            + "unfillable links (errors) and unreachable, blocked or shadowed routes (warnings).",
        usage: "switchyard check [<options>] <FILE> ...",
        discussion: """
            The crawl really navigates (validators, guards, redirects, titles, views and link \
            functions run), breadth first from the start screen, every tab root, every flow, the \
            not-found screen, each --from entry and each route declared `entry = true` whose \
            pattern needs no parameter value. It follows links, flow steps and tab switches. \
            Here --max-screens bounds the distinct screens the crawl visits (default 10000).

            EXAMPLES:
              switchyard check app.lua                     findings grouped by route
              switchyard check app.lua --format json       the same as JSON
              switchyard check app.lua --from /album/7     also crawl from a path
              switchyard check app.lua --from myapp://album/7
                                                           ... or from a deep link
              switchyard check routes.lua more.lua         several files, one app

            EXIT STATUS: 0 no errors (warnings allowed), 1 errors (or a script
            that fails to load), 2 usage error.
            """
    )

    @OptionGroup var common: CommonOptions

    @Option(name: .customLong("from"), help: ArgumentHelp("Also crawl from this path or deep-link URL (repeatable); "
                                                         + "the route it lands is not unreachable.", valueName: "PATH_OR_URL"))
    var entries: [String] = []

    @Option(help: ArgumentHelp("How to report: text or json.", valueName: "FORMAT"))
    var format: MapCheck.Format = .text

    @Argument(help: ArgumentHelp("The app's scripts, run in order.", valueName: "FILE"), completion: .file(extensions: ["lua"]))
    var files: [String]

    func validate() throws {
        if let screens = common.maxScreens, screens <= 0 {
            throw ValidationError("--max-screens takes a positive number, not \(screens)")
        }
    }

    func run() throws {
        // --max-screens bounds the crawl here, not each push stack.
        var session = common.session
        session.screensPerStack = nil
        let status = MapCheck.run(files: files, entries: entries, maxScreens: common.maxScreens ?? MapCheck.defaultMaxScreens,
                                  format: format, options: session)
        if status != .success { throw ExitCode(status.rawValue) }
    }
}
