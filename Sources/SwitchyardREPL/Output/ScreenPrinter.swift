import SwitchyardTools
/// Prints a screen the way the REPL shows it after a navigation:
///
///     ━━ Album 12 ━━  /album/12  (/album/:id, sheet)
///     Tracks: 1. Intro  2. Outro
///       [1] /album/12/tracks
///       [2] /artist/7
package struct ScreenPrinter: Sendable {
    package let style: TerminalStyle

    init(style: TerminalStyle = .plain) {
        self.style = style
    }

    /// Titles, views, paths and links are the script's (or a restored document's): escaped.
    package func render(_ screen: ScreenSnapshot) -> String {
        var lines = [heading(screen)]
        if let view = screen.view, !view.isEmpty {
            lines.append(TerminalText.escaped(view, keepingLines: true))
        }
        for (index, link) in screen.links.enumerated() {
            lines.append("  \(style.cyan("[\(index + 1)]")) \(TerminalText.escaped(link))")
        }
        return lines.joined(separator: "\n")
    }

    private func heading(_ screen: ScreenSnapshot) -> String {
        let path = TerminalText.escaped(screen.path)
        let title = screen.title.map { TerminalText.escaped($0) } ?? path
        var details: [String] = []
        if let pattern = screen.pattern, pattern != screen.path { details.append(TerminalText.escaped(pattern)) }
        if let presentation = screen.presentation { details.append(presentation) }
        if screen.pattern == nil { details.append("no route") }
        var line = style.bold("━━ \(title) ━━")
        if screen.title != nil { line += "  " + path }
        if !details.isEmpty { line += "  " + style.dim("(\(details.joined(separator: ", ")))") }
        return line
    }
}
