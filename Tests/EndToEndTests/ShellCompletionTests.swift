import Foundation
import Testing

/// Issue 30 item 12: the completion scripts `switchyard --generate-completion-script` writes complete
/// each subcommand's options and file arguments, not only the subcommands' names. The root command
/// had a positional FILE argument, which argument-parser's scripts took for every later word, so
/// `test --<TAB>` offered the root's options and `walk ex<TAB>` nothing. Checked in bash, fish and
/// zsh (the shells scripts/install-deps installs), from the repository root.
@Suite struct ShellCompletionTests {
    static let root = SwitchyardBinary.packageRoot

    static func script(for shell: String) throws -> String {
        let run = try CommandRun.switchyard(["--generate-completion-script", shell], directory: root)
        #expect(run.status == 0, "\(run.errors)")
        return run.output
    }

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sy-completion-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func has(_ program: String) -> Bool {
        (try? Spawn.run(["sh", "-c", "command -v \(program)"]).status) == 0
    }

    /// What each line completes to, in every shell: (the line, words that must be offered, words that must not).
    static let cases: [(line: String, offered: [String], absent: [String])] = [
        ("switchyard test --", ["--junit", "--shuffle", "--filter", "--coverage-json"], ["--steps"]),
        ("switchyard walk --s", ["--steps", "--seed", "--sandbox"], ["--junit"]),
        ("switchyard walk ex", ["examples"], []),
        ("switchyard walk examples/music/a", ["examples/music/app.lua"], []),
        ("switchyard check --f", ["--from", "--format"], []),
        ("switchyard test -o ", ["utf", "TAP", "json"], []),
        ("switchyard --no-color graph examples/onboarding/app.lua --f", ["--format"], ["--from"]),
        ("switchyard ty", ["types"], []),
    ]

    @Test(.enabled(if: has("bash"), "needs bash"))
    func bashCompletesEachSubcommandsOptionsAndFiles() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.script(for: "bash").write(toFile: folder + "/switchyard.bash", atomically: true, encoding: .utf8)
        // Calls the completion function as bash does on TAB, for each line, printing what it offers.
        var harness = """
            source \(folder)/switchyard.bash
            offer() {
              COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
              read -ra COMP_WORDS <<< "$COMP_LINE"
              [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
              COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
              _switchyard switchyard "${COMP_WORDS[$COMP_CWORD]}" "${COMP_WORDS[$((COMP_CWORD - 1))]}"
              printf '%s\\n' "== $1" "${COMPREPLY[@]}"
            }
            cd \(Self.root)

            """
        for entry in Self.cases { harness += "offer '\(entry.line)'\n" }
        try harness.write(toFile: folder + "/harness.bash", atomically: true, encoding: .utf8)
        let run = try Spawn.run(["bash", folder + "/harness.bash"])
        let offered = Self.offers(in: run.output)
        for entry in Self.cases {
            let words = offered[entry.line] ?? []
            for word in entry.offered { #expect(words.contains(word), "bash: \(entry.line)<TAB> offers \(words)") }
            for word in entry.absent { #expect(!words.contains(word), "bash: \(entry.line)<TAB> offers \(words)") }
        }
    }

    @Test(.enabled(if: has("fish"), "needs fish"))
    func fishCompletesEachSubcommandsOptionsAndFiles() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.script(for: "fish").write(toFile: folder + "/switchyard.fish", atomically: true, encoding: .utf8)
        var commands = "source \(folder)/switchyard.fish; cd \(Self.root);"
        for entry in Self.cases { commands += " echo '== \(entry.line)'; complete -C '\(entry.line)';" }
        let run = try Spawn.run(["fish", "--no-config", "-c", commands])
        // fish prints "word<TAB>description"; directories end in "/".
        let offered = Self.offers(in: run.output).mapValues { $0.map { word in
            let bare = String(word.split(separator: "\t", maxSplits: 1).first ?? "")
            return bare.hasSuffix("/") ? String(bare.dropLast()) : bare
        } }
        for entry in Self.cases {
            let words = offered[entry.line] ?? []
            for word in entry.offered { #expect(words.contains(word), "fish: \(entry.line)<TAB> offers \(words)") }
            for word in entry.absent { #expect(!words.contains(word), "fish: \(entry.line)<TAB> offers \(words)") }
        }
    }

    /// zsh completes only in an interactive shell: one runs in tmux, and TAB is pressed on each line.
    @Test(.enabled(if: has("zsh") && TerminalSession.isAvailable, "needs zsh and tmux"))
    func zshCompletesEachSubcommandsOptionsAndFiles() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/functions", withIntermediateDirectories: true)
        try Self.script(for: "zsh").write(toFile: folder + "/functions/_switchyard", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/bin/switchyard", withDestinationPath: SwitchyardBinary.path)
        try """
            fpath=(\(folder)/functions $fpath)
            PATH=\(folder)/bin:$PATH
            autoload -Uz compinit && compinit -u -D
            zstyle ':completion:*' list-rows-first true
            PS1='zsh> '
            cd \(Self.root)
            """.write(toFile: folder + "/.zshrc", atomically: true, encoding: .utf8)
        let socket = folder + "/tmux"
        let tmux = { (arguments: [String]) throws -> String in try Spawn.run(["tmux", "-S", socket] + arguments).output }
        _ = try Spawn.run(["tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "200", "-y", "50", "-s", "z",
                           "env -i HOME=\(folder) ZDOTDIR=\(folder) TERM=xterm-256color PATH=/usr/bin:/bin zsh -i"],
                          capturing: false)
        defer { _ = try? tmux(["kill-server"]) }
        /// The screen once `ready` holds of it (the deadline is for a hung shell, not a speed target).
        func screen(within seconds: Double = 20, where ready: (String) -> Bool) throws -> String {
            let end = Date().addingTimeInterval(seconds)
            var last = ""
            while Date() < end {
                last = try tmux(["capture-pane", "-p", "-t", "z"])
                if ready(last) { return last }
                usleep(50_000)
            }
            return last
        }
        // capture-pane drops trailing spaces: the prompt "zsh> " reads "zsh>".
        let prompt = { (screen: String) in screen.trimmingCharacters(in: .whitespacesAndNewlines) == "zsh>" }
        _ = try screen(where: prompt)
        for entry in Self.cases {
            _ = try tmux(["send-keys", "-t", "z", "clear", "Enter"])
            let cleared = try screen(where: prompt)
            #expect(prompt(cleared), "zsh did not come back to its prompt:\n\(cleared)")
            _ = try tmux(["send-keys", "-t", "z", "-l", entry.line])
            _ = try tmux(["send-keys", "-t", "z", "Tab"])
            // Every word must show: as the completed line (one match) or in the listing below it.
            let shown = try screen { screen in entry.offered.allSatisfy(screen.contains) }
            for word in entry.offered { #expect(shown.contains(word), "zsh: \(entry.line)<TAB> shows:\n\(shown)") }
            for word in entry.absent { #expect(!shown.contains(word), "zsh: \(entry.line)<TAB> shows:\n\(shown)") }
            // The line is abandoned once an empty prompt is the last line. A Ctrl-C that lands while
            // zsh is still completing only stops the completion: then it is pressed again.
            var abandoned = ""
            for _ in 1...5 where abandoned.split(separator: "\n").last != "zsh>" {
                _ = try tmux(["send-keys", "-t", "z", "C-c"])
                abandoned = try screen(within: 4) { $0.split(separator: "\n").last == "zsh>" }
            }
            #expect(abandoned.split(separator: "\n").last == "zsh>", "Ctrl-C left:\n\(abandoned)")
        }
    }

    /// "== line" headers, each followed by the words offered for that line.
    static func offers(in output: String) -> [String: [String]] {
        var offered: [String: [String]] = [:]
        var current: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            if line.hasPrefix("== ") {
                current = String(line.dropFirst(3))
                offered[current!] = []
            } else if let current {
                offered[current, default: []].append(line)
            }
        }
        return offered
    }
}
