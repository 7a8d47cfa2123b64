import SwitchyardLua

/// `switchyard graph FILE`: loads the script and writes its navigation map as DOT or Mermaid, to
/// stdout or a file (an image through graphviz for .png/.svg/.pdf).
///
///     GraphExport.run(file: "app.lua", format: .dot, output: "map.png", options: SessionOptions())
package enum GraphExport {
    /// `state`: a file saved by `:save` or `nav.save()`, drawn over the map (the current screen, the
    /// stacks leading to it, the screens its timeline showed).
    package static func run(file: String, format: GraphFormat, output: String?, state: String? = nil,
                           options: SessionOptions) -> ExitStatus {
        InterruptSignal.install()
        let text: String
        do {
            let host = try ScriptHost(options: options)
            try host.runFile(file)
            if let state { try restore(state, into: host) }
            InterruptSignal.describe("the graph of " + file)
            text = format.document(for: try map(host, showingState: state != nil))
        } catch {
            ErrorReport.write(error)
            return .failure
        }
        guard let output else {
            TerminalText.print(text, terminator: "")
            return .success
        }
        do {
            try GraphOutput.write(text, format: format, to: output)
            return .success
        } catch {
            StandardError.write("switchyard graph: \(error.description)")
            return .failure
        }
    }

    /// The map with Ctrl-C armed over the link functions and titles it runs; an interrupted one is
    /// not drawn ("interrupted").
    package static func map(_ host: ScriptHost, showingState: Bool = false) throws(LuaError) -> NavigationMap {
        try host.interruptible { () throws(LuaError) in
            let map = NavigationMapBuilder.map(host.runtime, showingState: showingState)
            try ScriptHost.stopIfInterrupted()
            return map
        }
    }

    private static func restore(_ file: String, into host: ScriptHost) throws {
        let json = try TextFile.read(file)
        do { try host.navigator.restore(json) } catch { throw StateFileFailure(file: file, reason: error) }
    }

    /// A `--state` file that is not a state this script's routes can restore.
    struct StateFileFailure: Error, CustomStringConvertible {
        let file: String
        let reason: any Error
        var description: String { "--state \(file): \(reason)" }
    }
}
