extension TerminalSession {
    /// Ctrl-C until "^C" shows that the prompt took it. A Ctrl-C that comes while a garbage line is
    /// still being evaluated interrupts that line (and the terminal drops the input queued behind it),
    /// so one press is not always the prompt's; on a loaded machine 4 KB through tmux and readline is
    /// slow. A REPL that never answers still fails after a minute.
    func pressCtrlCUntilThePromptAnswers() throws {
        var lastTimeout: Timeout?
        for _ in 0..<6 {
            try press("C-c")
            do {
                try waitFor("^C", deadline: 10)
                return
            } catch let timeout as Timeout {
                lastTimeout = timeout
            }
        }
        throw lastTimeout!
    }
}
