/// What the plain `switchyard` form was asked to run, in the order it runs:
/// the `-e` chunks first (as `lua` does), then the files, then the REPL when interactive.
///
///     // switchyard -e 'x = 1' app.lua one two
///     ScriptRequest(chunks: ["x = 1"], files: ["app.lua"], arguments: ["one", "two"], interactive: false)
///     // switchyard -i app.lua flows.lua
///     ScriptRequest(files: ["app.lua", "flows.lua"], interactive: true)
package struct ScriptRequest: Sendable, Equatable {
    /// "-" stands for standard input.
    package static let standardInput = "-"

    package var chunks: [String]
    package var files: [String]
    /// The script's own arguments: `arg[1...]`, with `arg[0]` the (first) file.
    package var arguments: [String]
    package var interactive: Bool

    package init(chunks: [String] = [], files: [String] = [], arguments: [String] = [], interactive: Bool = false) {
        self.chunks = chunks
        self.files = files
        self.arguments = arguments
        self.interactive = interactive
    }
}
