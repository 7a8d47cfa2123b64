import SwitchyardLua
import SwitchyardTools

/// `:watch FILE`: the map with the navigator's state over it, redrawn to a file after every
/// navigation until `:watch off`.
final class MapWatch {
    let host: ScriptHost
    let style: TerminalStyle
    /// The file being redrawn; nil when not watching.
    var file: String?

    init(host: ScriptHost, style: TerminalStyle) {
        self.host = host
        self.style = style
    }

    /// The map with the navigator's state over it, to a file (an image through graphviz); Ctrl-C
    /// stops the link functions and titles it runs, and then nothing is written.
    func draw(to file: String) throws {
        let format = GraphFormat(forFile: file)
        let text = format.document(for: try GraphExport.map(host, showingState: true))
        try GraphOutput.write(text, format: format, to: file)
    }

    /// After a navigation; a map that cannot be drawn is said on stderr, and watching goes on.
    func redraw() {
        guard let file else { return }
        do { try draw(to: file) } catch { StandardError.write(style.red(":watch: \(error)")) }
    }
}
