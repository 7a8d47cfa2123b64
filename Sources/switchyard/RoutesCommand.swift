import ArgumentParser
import SwitchyardREPL
import SwitchyardTools

struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Print the route table in rank order, with names, options and declaration sites.",
        discussion: """
            EXAMPLES:
              switchyard routes examples/music/app.lua
            """
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("The route script.", valueName: "FILE"), completion: .file(extensions: ["lua"]))
    var file: String

    func run() throws {
        let status = RouteTableReport.run(file: file, options: common.session)
        if status != .success { throw ExitCode(status.rawValue) }
    }
}
