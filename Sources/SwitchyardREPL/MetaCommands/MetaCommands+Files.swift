import Switchyard
import SwitchyardLua
import SwitchyardTools

/// The meta-commands that read or write files: `:save`, `:restore`, `:graph`, `:reload`, and the
/// check that keeps them from overwriting a script or a file the session did not write.
extension MetaCommands {
    func save(to file: String) throws {
        let json = try runtime.navigator.save(indented: true) + "\n"
        try checkWritable(file, ":save")
        try TextFile.write(json, to: file)
        writtenFiles.wrote(file)
        TerminalText.print("saved the navigation state to \(file)")
    }

    func restore(from file: String) throws {
        let json = try TextFile.read(file)
        try host.navigate { try $0.restore(json) }
    }

    func graph(_ format: GraphFormat, _ file: String?) throws {
        let text = format.document(for: try GraphExport.map(host))
        guard let file else { return TerminalText.print(text, terminator: "") }
        try checkWritable(file, ":graph")
        try GraphOutput.write(text, format: format, to: file)
        writtenFiles.wrote(file)
        TerminalText.print("wrote \(file)")
    }

    func reload() throws(LuaError) {
        tour.forgetSteps()
        defer { announceTour() }
        try host.interruptible { () throws(LuaError) in try runtime.reload() }
        typedStatements = []   // forgotten with everything else they declared: a spec must not replay them
        completion.forgetRoutes()
        TerminalText.print("reloaded \(runtime.loadedFiles.joined(separator: ", ")): \(runtime.routeTable.count) routes")
    }

    /// Refuses a write that would overwrite a loaded script, or an existing file this session did not
    /// write unless the command had `!` (issue 31.8).
    func checkWritable(_ file: String, _ command: String) throws(SessionWrittenFiles.Refusal) {
        try writtenFiles.check(file, command: command, loaded: runtime.loadedFiles, replacing: replacingAllowed)
    }
}
