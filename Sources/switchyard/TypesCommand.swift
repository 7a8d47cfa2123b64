import ArgumentParser
import SwitchyardREPL
import SwitchyardTools

struct TypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "Write editor and linter definitions of the Lua API: a lua-language-server library, .luarc.json, .luacheckrc.",
        discussion: """
            Writes DIR/library/switchyard.lua (a ---@meta file: every function with its parameters, \
            results and the one-line meaning help() prints), DIR/.luarc.json (pointing lua-language-server \
            at that library) and DIR/.luacheckrc (a luacheck standard: nav.psh is an undefined field). \
            Given the app's files, its route, tab and flow names become the types url(), nav.tab() and \
            nav.start_flow() take, and the globals the files set become known to both tools.

            EXAMPLES:
              switchyard types                        the API alone, written here
              switchyard types app.lua -o editor      with app.lua's names, in editor/
              luacheck .                              then lint with the standard
            """
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("The app's route scripts, run to learn its names.", valueName: "FILE"),
              completion: .file(extensions: ["lua"]))
    var files: [String] = []

    @Option(name: .customShort("o"), help: ArgumentHelp("Where to write (default: the current directory).", valueName: "DIR"),
            completion: .directory)
    var directory = "."

    func validate() throws {
        // An empty DIR would make the files' paths "/library/...", "/.luarc.json": the root directory.
        if directory.isEmpty {
            throw ValidationError("-o takes a directory, not an empty path (-o . writes here)")
        }
    }

    func run() throws {
        let status = TypesExport.run(files: files, directory: directory, options: common.session)
        if status != .success { throw ExitCode(status.rawValue) }
    }
}
