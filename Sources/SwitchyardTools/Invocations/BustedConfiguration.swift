import SwitchyardLua

/// busted's `.busted` file, read from the current directory: a Lua chunk returning a table of tasks,
/// each a table of options under busted's own keys. `switchyard test --run TASK` takes that task's
/// options, `default` is taken when no task is named, and `_all`'s apply to every task; options given
/// on the command line win over the file's.
///
///     -- .busted
///     return {
///       _all = { helper = "specs/helper.lua" },
///       default = { ROOT = {"specs"}, ["exclude-tags"] = "slow" },
///       ci = { ROOT = {"specs", "examples"}, output = "TAP", ["repeat"] = 3 },
///     }
///
/// The file runs in a sandboxed, budgeted engine of its own: it is configuration, and reaches
/// nothing of the run.
package struct BustedConfiguration: Equatable, Sendable {
    package static let fileName = ".busted"

    /// `ROOT`: the files and folders to run when the command line names none.
    package var roots: [String]?
    /// `pattern`: Lua patterns a file's name in a searched folder must match (busted's `_spec`).
    package var patterns: [String]?
    package var tags: [String]?
    package var excludeTags: [String]?
    package var filters: [String]?
    package var filtersOut: [String]?
    package var output: String?
    /// `helper`: a Lua file run before each scenario file, in its runtime.
    package var helper: String?
    package var repetitions: Int?
    package var shuffle: Bool?
    package var seed: UInt64?
    package var coverage: Bool?
    /// Keys read but not used, each with why (shown as warnings).
    package var warnings: [String] = []

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// busted's keys this runner has no use for: read without complaint beyond a warning.
    private static let bustedOnly: Set<String> = [
        "verbose", "lpath", "cpath", "lang", "loaders", "lua", "auto-insulate", "keep-going", "recursive",
        "sort", "sort-files", "sort-tests", "shuffle-files", "shuffle-tests", "directory", "config-file",
        "coverage-config-file", "Xoutput", "Xhelper", "exclude-pattern", "list", "lazy", "enable-sound",
        "ignore-lua", "e", "run", "suppress-pending", "defer-print",
    ]
    private static let keys = ["ROOT", "pattern", "tags", "exclude-tags", "filter", "filter-out", "output", "helper",
                               "repeat", "shuffle", "seed", "coverage"]

    package init() {}

    /// The file in `directory`, for `task` (nil: `default`); nil when there is no file.
    package static func load(directory: String = ".", task: String?) throws(Failure) -> BustedConfiguration? {
        let path = directory == "." ? fileName : directory + "/" + fileName
        guard TextFile.isDirectory(path) == false else {
            if let task { throw Failure(description: "--run \(task): there is no \(fileName) file here to take the task from") }
            return nil
        }
        do {
            let engine = try LuaEngine(configuration: .init(sandboxed: true, instructionLimit: 10_000_000,
                                                            memoryLimit: 16 << 20))
            guard let file = try engine.runFile(path).first?.tableValue else {
                throw Failure(description: "\(fileName) does not return a table (busted's format: return { default = {...} })")
            }
            return try read(file, task: task)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "\(fileName): \(ErrorReport.text(error, traceback: false))")
        }
    }

    private static func read(_ file: LuaTable, task: String?) throws -> BustedConfiguration {
        var configuration = BustedConfiguration()
        if let all = try file.rawGet("_all").tableValue { try configuration.take(all, from: "_all") }
        let name = task ?? "default"
        let chosen = try file.rawGet(.string(LuaString(name)))
        if let options = chosen.tableValue {
            try configuration.take(options, from: name)
        } else if task != nil {
            let tasks = try file.keys().compactMap(\.stringValue).filter { $0 != "_all" }.sorted()
            throw Failure(description: "\(fileName) has no task '\(TerminalText.escaped(name))'"
                          + TypoSuggestion.hint(for: name, among: tasks)
                          + (tasks.isEmpty ? "" : "; its tasks: \(tasks.joined(separator: ", "))"))
        }
        return configuration
    }

    /// A task's options over what `_all` set.
    private mutating func take(_ options: LuaTable, from task: String) throws {
        for (key, value) in try options.pairs() {
            guard let key = key.stringValue else { continue }
            let place = TerminalText.escaped("\(Self.fileName) \(task).\(key)")   // the file's own words
            switch key {
            case "ROOT": roots = try Self.strings(value, place)
            case "pattern": patterns = try Self.strings(value, place)
            case "tags", "t": tags = try Self.strings(value, place)
            case "exclude-tags": excludeTags = try Self.strings(value, place)
            case "filter": filters = try Self.strings(value, place)
            case "filter-out": filtersOut = try Self.strings(value, place)
            case "output", "o": output = try Self.string(value, place)
            case "helper": helper = try Self.string(value, place)
            case "repeat":
                guard let count = value.integerValue ?? value.stringValue.flatMap({ Int64($0) }), count >= 1 else {
                    throw Failure(description: "\(place) takes a positive number")
                }
                repetitions = Int(count)
            case "shuffle":
                guard let on = value.boolValue else { throw Failure(description: "\(place) takes true or false") }
                shuffle = on
            case "seed":
                guard let number = value.integerValue, number >= 0 else { throw Failure(description: "\(place) takes a number") }
                seed = UInt64(number)
            case "coverage", "c":
                guard let on = value.boolValue else { throw Failure(description: "\(place) takes true or false") }
                coverage = on
            default:
                if Self.bustedOnly.contains(key) {
                    warnings.append("\(place) is busted's; switchyard test does not use it")
                } else {
                    warnings.append("\(place) is not an option\(TypoSuggestion.hint(for: key, among: Self.keys)); ignored")
                }
            }
        }
    }

    /// busted takes a list or one string (comma-separated, for tags).
    private static func strings(_ value: LuaValue, _ place: String) throws -> [String] {
        if let text = value.stringValue {
            return text.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
        }
        guard let table = value.tableValue else { throw Failure(description: "\(place) takes a string or a list of strings") }
        return try table.array().map { item in
            guard let text = item.stringValue else { throw Failure(description: "\(place) takes a string or a list of strings") }
            return text
        }
    }

    private static func string(_ value: LuaValue, _ place: String) throws -> String {
        guard let text = value.stringValue else { throw Failure(description: "\(place) takes a string") }
        return text
    }
}

private extension String {
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
