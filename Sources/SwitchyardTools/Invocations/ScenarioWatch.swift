#if canImport(Glibc)
import Glibc
#endif
import SwitchyardLua
import SwitchyardTesting

/// `switchyard test --watch`: runs the scenario files, then waits for a saved change (inotify, not
/// polling) and runs again the files it affects: a spec that changed, or every spec that read the
/// changed file (its app, a module it `require`d, the `.busted` helper). Each run clears the
/// terminal and draws its results; a failure or a syntax error is shown and the watch goes on.
/// Ctrl-C ends it.
///
///     ScenarioWatch.run(paths: ["examples/music/scenarios"], test: options, session: SessionOptions())
package enum ScenarioWatch {
    package static func run(paths: [String], test: ScenarioTestOptions, session: SessionOptions) -> ExitStatus {
        InterruptSignal.install()
        guard let watcher = DirectoryWatcher() else {
            StandardError.write("switchyard test --watch: cannot watch files: \(String(cString: strerror(errno)))")
            return .failure
        }
        let style = TerminalStyle.detect(noColorFlag: session.noColor)
        var reads: [String: Set<String>] = [:]   // spec file → the files it read (real paths)
        var known: Set<String> = []
        var toRun: [String]
        do { toRun = try ScenarioFiles.collect(paths) } catch {
            StandardError.write("switchyard test: \(error.description)")
            return .usage
        }
        var reason = "watching \(paths.joined(separator: ", "))"
        while true {
            known.formUnion(toRun)
            draw(toRun, reason: reason, test: test, session: session, style: style, reads: &reads)
            // Every folder holding a spec, a file a spec read, or a path named: a new spec file too.
            var folders = Set(paths.map { TextFile.isDirectory($0) == true ? $0 : ScriptFile.directory(of: $0) })
            for (spec, files) in reads {
                folders.insert(ScriptFile.directory(of: spec))
                for file in files { folders.insert(ScriptFile.directory(of: file)) }
            }
            for folder in folders { watcher.watch(folder.isEmpty ? "." : folder) }
            TerminalText.print(style.dim("watching \(reads.count) spec file\(reads.count == 1 ? "" : "s") and what they load; "
                            + "save a file to run the affected ones again (Ctrl-C stops)"))
            while true {
                guard let changed = watcher.next() else { return .success }   // Ctrl-C
                let changedReal = Set(changed.map(realPath))
                let collected = (try? ScenarioFiles.collect(paths)) ?? []
                let added = collected.filter { !known.contains($0) && changedReal.contains(realPath($0)) }
                let affected = collected.filter { spec in
                    changedReal.contains(realPath(spec)) || !(reads[spec] ?? []).isDisjoint(with: changedReal)
                }
                toRun = Array(Set(affected + added)).sorted()
                if !toRun.isEmpty {
                    // Name the files that mattered, as the person would type them (from here).
                    let read = reads.values.reduce(Set<String>()) { $0.union($1) }
                    let names = changed.filter { collected.contains($0) || read.contains(realPath($0)) || added.contains($0) }
                    reason = "changed: " + (names.isEmpty ? changed : names).map { RawPath.display(relative($0)) }
                        .sorted().joined(separator: ", ")
                    break
                }
            }
        }
    }

    /// Clears the terminal (on one), runs `files`, prints a line per test and the closing line.
    private static func draw(_ files: [String], reason: String, test: ScenarioTestOptions, session: SessionOptions,
                             style: TerminalStyle, reads: inout [String: Set<String>]) {
        if isatty(STDOUT_FILENO) == 1 {
            Swift.print("\u{1B}[H\u{1B}[2J", terminator: "")
        } else {
            TerminalText.print("────")
        }
        TerminalText.print(style.dim(reason + " — running \(files.count) spec file\(files.count == 1 ? "" : "s")"))
        let printer = TestReportPrinter(style: style)
        let clock = ContinuousClock()
        let start = clock.now
        var results: [ScenarioResult] = []
        for file in files {
            let (fileResults, read) = runTracking(file, test: test, session: session)
            reads[file] = Set(read.map(realPath))
            for result in fileResults {
                results.append(result)
                TerminalText.print(printer.line(for: result))
            }
        }
        TerminalText.print(printer.summary(for: results, seconds: start.duration(to: clock.now).inSeconds))
        _ = StandardOutput.flush()
    }

    /// One file in a fresh runtime, as `switchyard test` runs it, and the files it read.
    private static func runTracking(_ file: String, test: ScenarioTestOptions,
                                    session: SessionOptions) -> ([ScenarioResult], [String]) {
        do {
            let host = try ScriptHost(options: session)
            defer { host.engine.close() }
            if let helper = test.helper { try host.runFile(helper) }
            let report = try host.interruptible { host.runtime.runScenarios(files: [file], selection: test.selection) }
            return (report.results, host.engine.filesRead + [file])
        } catch {
            return ([ScenarioResult(name: file, file: file, status: .error, message: error.message)], [file])
        }
    }

    /// `path` from the current directory when it is under it.
    private static func relative(_ path: String) -> String {
        guard let here = getcwd(nil, 0) else { return path }
        defer { free(here) }
        let prefix = String(cString: here) + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// inotify on folders (a file saved by renaming a new one over it, as editors do, is seen too):
/// `next()` waits for changes and returns the paths changed, a burst gathered into one answer.
final class DirectoryWatcher {
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]
    private var watched: Set<String> = []

    init?() {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    func watch(_ folder: String) {
        guard !watched.contains(folder) else { return }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
        let handle = inotify_add_watch(descriptor, folder, mask)
        guard handle >= 0 else { return }
        watched.insert(folder)
        folders[handle] = folder
    }

    /// The paths changed, once some are and the burst is over (50 ms quiet); nil on Ctrl-C.
    func next() -> [String]? {
        var changed: [String] = []
        while true {
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: InterruptSignal.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, nfds_t(descriptors[1].fd >= 0 ? 2 : 1), changed.isEmpty ? -1 : 50)
            if InterruptSignal.takePending() { return nil }
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { return Array(Set(changed)) }   // quiet after a burst
            if descriptors[0].revents != 0 { changed += readEvents() }
        }
    }

    private func readEvents() -> [String] {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        var paths: [String] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        buffer.withUnsafeBytes { bytes in
            while offset + header <= count {
                let handle = bytes.load(fromByteOffset: offset, as: Int32.self)
                let length = Int(bytes.load(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = bytes[(offset + header)..<min(offset + header + length, count)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if let folder = folders[handle], !name.isEmpty {
                    paths.append(folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name)
                }
                offset += header + length
            }
        }
        return paths
    }
}
