import ArgumentParser
import SwitchyardREPL
import SwitchyardTools

extension GraphFormat: ExpressibleByArgument {}

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the navigation map: routes grouped by prefix, links and flows as edges.",
        discussion: """
            -o FILE picks the output from its name: .dot or .gv (DOT text), .mmd or .mermaid (Mermaid), \
            no extension (DOT text), or any format graphviz renders (.png, .svg, .pdf, .jpg, .gif, .webp, \
            .ps, .eps, .json, .xdot, ...), rendered by graphviz's `dot`, which must be installed \
            (scripts/install-deps installs it). Any other extension is a usage error listing the formats.

            --html FILE saves the live view's page (see `switchyard serve`) without a server: the \
            map, the current screen and its stacks highlighted, and the state as a phone would show \
            it, in one self-contained HTML file that opens offline. It needs graphviz for the map.

            EXAMPLES:
              switchyard graph app.lua                       DOT on stdout
              switchyard graph app.lua -o map.mmd            Mermaid, from the file name
              switchyard graph app.lua --format mermaid
              switchyard graph app.lua -o map.png
              switchyard graph app.lua -o map.jpg            any format graphviz renders
              switchyard graph app.lua --state saved.json -o map.svg   a saved state drawn over the map
              switchyard graph app.lua --html map.html       the live view's page, saved
              switchyard graph app.lua --state saved.json --html map.html
            """
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("The route script.", valueName: "FILE"), completion: .file(extensions: ["lua"]))
    var file: String

    @Option(help: "dot or mermaid (default: from the -o file's name, .mmd being Mermaid; else dot).")
    var format: GraphFormat?

    @Option(name: .short, help: ArgumentHelp("Write to FILE instead of stdout.", valueName: "FILE"), completion: .file())
    var output: String?

    @Option(help: ArgumentHelp("Draw a state saved by :save or nav.save() over the map: the current screen, "
                               + "its stacks and the screens visited.", valueName: "SAVED.json"),
            completion: .file(extensions: ["json"]))
    var state: String?

    @Option(help: ArgumentHelp("Write the live view's page to FILE: the map and the state, one HTML file "
                               + "that needs no server or network. Example: --html map.html", valueName: "FILE"),
            completion: .file(extensions: ["html"]))
    var html: String?

    func validate() throws {
        if html != nil, output != nil || format != nil {
            throw ValidationError("--html writes the page alone: drop -o and --format (or run graph twice)")
        }
        if let output, let reason = GraphvizRenderer.unsupportedOutput(output) {
            throw ValidationError("-o \(reason)")
        }
        if let output, let format, GraphvizRenderer.imageType(of: output) != nil, format != .dot {
            throw ValidationError("-o \(output): images are rendered from the dot format; drop --format \(format.rawValue)")
        }
    }

    func run() throws {
        if let html {
            let status = LiveViewSavedPage.writeGraph(file: file, state: state, to: html, options: common.session)
            if status != .success { throw ExitCode(status.rawValue) }
            return
        }
        let status = GraphExport.run(file: file, format: format ?? output.map(GraphFormat.init(forFile:)) ?? .dot, output: output, state: state, options: common.session)
        if status != .success { throw ExitCode(status.rawValue) }
    }
}
