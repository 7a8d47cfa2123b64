import SwitchyardTools

/// `:record`: what the person does, written as a spec `switchyard test` runs.
extension MetaCommands {
    /// Adds a step to the recording; a file that cannot be written stops it, loudly.
    func record(_ code: String, navigated: Bool, typed: Bool = false) {
        // Statements, not an expression typed to see its value: compiled once, for both uses.
        let statements = typed && runtime.engine.compiles(code)
        if statements && !navigated { typedStatements.append(code) }
        guard let recording else { return }
        do {
            if typed {
                try recording.record(chunk: code, statements: statements, navigated: navigated, navigator: runtime.navigator)
            } else {
                try recording.record(code, navigated: navigated, navigator: runtime.navigator)
            }
        } catch {
            StandardError.write(style.red(":record: \(error); recording stopped"))
            self.recording = nil
        }
    }

    /// `:record`, `:record FILE`, `:record stop`.
    func record(_ argument: String?) throws {
        switch argument {
        case nil:
            TerminalText.print(recording.map { "recording to \($0.file) (:record stop ends it)" } ?? "not recording (:record FILE starts)")
        case "stop"?:
            TerminalText.print(recording.map { "stopped recording; \($0.file) is complete: switchyard test \($0.file)" } ?? "not recording")
            recording = nil
        case let file?:
            try checkWritable(file, ":record")
            recording = try SessionRecording(file: file, runtime: runtime, typedBefore: typedStatements)
            writtenFiles.wrote(file)
            TerminalText.print("recording to \(file): each navigation and what it showed (:record stop ends it)")
        }
    }
}
