import ArgumentParser
import SwitchyardREPL
import SwitchyardTools

extension RouteTableReport.Format: ExpressibleByArgument {}

struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Print the route table in rank order, with names, options and declaration sites.",
        discussion: """
            With --format json, one JSON document: each route in rank order with its pattern, name, rank,
            declaration site, presentation, fixed title, entry, validated, guarded, links, typed parameters
            (params), query schema (query, query_mismatch), merged meta and the layouts it is in, outermost
            first (layouts: prefix, name, title, site, guarded, links, the layout's own meta); keys sorted,
            fields a route does not have left out.

            EXAMPLES:
              switchyard routes examples/music/app.lua
              switchyard routes examples/music/app.lua --format json
              switchyard routes app.lua --format json | jq '.routes[] | select(.query) | .pattern'
              switchyard routes examples/news/app.lua --format json | jq '.routes[] | select(.layouts) | .pattern'
            """
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("The route script.", valueName: "FILE"), completion: .file(extensions: ["lua"]))
    var file: String

    @Option(help: ArgumentHelp("text (a table for people, the default) or json (every declaration, for tools). "
                               + "Example: --format json", valueName: "FORMAT"))
    var format: RouteTableReport.Format = .text

    func run() throws {
        let status = RouteTableReport.run(file: file, options: common.session, format: format)
        if status != .success { throw ExitCode(status.rawValue) }
    }
}
