import Foundation

extension TerminalSession {
    /// A REPL in a terminal, waited for until its first prompt shows.
    static func repl(_ arguments: [String] = [], home: String? = nil) throws -> TerminalSession {
        let session = try TerminalSession(arguments: ["--no-color"] + arguments, home: home)
        try session.waitFor("> ")
        return session
    }

    /// Types a line, presses Enter, and waits for `output` to show.
    @discardableResult
    func enter(_ line: String, expecting output: String? = nil, count: Int = 1) throws -> String {
        try type(line)
        try press("Enter")
        guard let output else { return try screen() }
        return try waitFor(output, count: count)
    }
}
