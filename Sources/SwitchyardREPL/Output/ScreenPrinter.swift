/// Prints a screen the way the REPL shows it after a navigation:
///
///     ━━ Album 12 ━━  /album/12  (/album/:id, sheet)
///     Tracks: 1. Intro  2. Outro
///       [1] /album/12/tracks
///       [2] /artist/7
package struct ScreenPrinter: Sendable {
    package let style: TerminalStyle

    package init(style: TerminalStyle = .plain) {
        self.style = style
    }

    package func render(_ screen: ScreenSnapshot) -> String {
        var lines = [heading(screen)]
        if let view = screen.view, !view.isEmpty {
            lines.append(view)
        }
        for (index, link) in screen.links.enumerated() {
            lines.append("  \(style.cyan("[\(index + 1)]")) \(link)")
        }
        return lines.joined(separator: "\n")
    }

    private func heading(_ screen: ScreenSnapshot) -> String {
        let title = screen.title ?? screen.path
        var details: [String] = []
        if let pattern = screen.pattern, pattern != screen.path { details.append(pattern) }
        if let presentation = screen.presentation { details.append(presentation) }
        if screen.pattern == nil { details.append("no route") }
        var line = style.bold("━━ \(title) ━━")
        if screen.title != nil { line += "  " + screen.path }
        if !details.isEmpty { line += "  " + style.dim("(\(details.joined(separator: ", ")))") }
        return line
    }
}
