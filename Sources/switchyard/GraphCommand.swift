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

            EXAMPLES:
              switchyard graph app.lua                       DOT on stdout
              switchyard graph app.lua -o map.mmd            Mermaid, from the file name
              switchyard graph app.lua --format mermaid
              switchyard graph app.lua -o map.png
              switchyard graph app.lua -o map.jpg            any format graphviz renders
              switchyard graph app.lua --state saved.json -o map.svg   a saved state drawn over the map
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

    func validate() throws {
        if let output, let reason = GraphvizRenderer.unsupportedOutput(output) {
            throw ValidationError("-o \(reason)")
        }
        if let output, let format, GraphvizRenderer.imageType(of: output) != nil, format != .dot {
            throw ValidationError("-o \(output): images are rendered from the dot format; drop --format \(format.rawValue)")
        }
    }

    func run() throws {
        let status = GraphExport.run(file: file, format: format ?? output.map(GraphFormat.init(forFile:)) ?? .dot, output: output, state: state, options: common.session)
        if status != .success { throw ExitCode(status.rawValue) }
    }
}
