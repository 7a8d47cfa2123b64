import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders DOT text to an image with graphviz's `dot`, found on PATH.
///
///     try GraphvizRenderer().render(dotText, type: "png", to: "map.png")
package struct GraphvizRenderer: Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package init() {}

    /// The file types `-o` renders through graphviz rather than writing text: graphviz's output
    /// formats that name a file (not its display drivers, x11/xlib/gtk, nor `xdot1.2`-style versions,
    /// which no file extension can spell). An installed graphviz without one of them says so itself.
    package static let imageTypes: Set<String> = [
        "bmp", "canon", "cmap", "cmapx", "cmapx_np", "dot_json", "eps", "exr", "fig", "gd", "gd2", "gif",
        "ico", "imap", "imap_np", "ismap", "jp2", "jpe", "jpeg", "jpg", "json", "json0", "kitty", "kittyz",
        "mp", "pct", "pdf", "pic", "pict", "plain", "plain-ext", "png", "pov", "ps", "ps2", "psd", "sgi",
        "svg", "svgz", "tga", "tif", "tiff", "tk", "vdx", "vml", "vmlz", "vrml", "wbmp", "webp", "xdot",
        "xdot_json",
    ]

    /// Extensions written as text by Switchyard itself: DOT, and Mermaid (`GraphFormat(forFile:)`).
    package static let textTypes: [String] = ["dot", "gv", "mmd", "mermaid"]

    /// The extension of the file name in `path` ("out.d/map" has none), lowercased.
    package static func fileExtension(of path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return name[name.index(after: dot)...].lowercased()
    }

    /// "map.png" → "png"; nil for a text output such as "map.dot".
    package static func imageType(of path: String) -> String? {
        guard let type = fileExtension(of: path) else { return nil }
        return imageTypes.contains(type) ? type : nil
    }

    /// Why `path` cannot be a graph's output, or nil when it can: its extension is neither a text
    /// format nor one graphviz renders (a `.jpg` once got DOT text).
    package static func unsupportedOutput(_ path: String) -> String? {
        guard let type = fileExtension(of: path), !textTypes.contains(type), !imageTypes.contains(type) else { return nil }
        return "\(path): no graph format has the extension .\(type); use \(textTypes.map { "." + $0 }.joined(separator: ", ")) "
            + "(text), no extension (DOT text), or one graphviz renders: \(imageTypes.sorted().map { "." + $0 }.joined(separator: " "))"
    }

    package static var dotExecutable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { $0 + "/dot" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    package func render(_ dotText: String, type: String, to output: String) throws(Failure) {
        guard let dot = Self.dotExecutable else {
            throw Failure(description: "cannot render \(output): graphviz's `dot` is not installed (scripts/install-deps installs it), or write a .dot file")
        }
        let (status, message) = try run(dot, ["-T\(type)", "-o", output], input: Array(dotText.utf8))
        guard status == 0 else {
            throw Failure(description: "dot failed to render \(output): \(String(decoding: message, as: UTF8.self))")
        }
    }

    /// Runs `program` with `input` on its stdin; its exit status (-1 if it did not exit) and stderr.
    /// posix_spawn rather than Foundation's Process, which would load all of Foundation at start-up.
    private func run(_ program: String, _ arguments: [String], input: [UInt8]) throws(Failure) -> (Int32, [UInt8]) {
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else {
            throw Failure(description: "cannot run \(program): \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], STDERR_FILENO)
        for descriptor in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw Failure(description: "cannot run \(program): \(String(cString: strerror(spawned)))")
        }
        // A `dot` that exits early must not kill us with SIGPIPE: the write just fails.
        let previous = signal(SIGPIPE, SIG_IGN)
        FileDescriptorIO.write(input, to: toChild[1])
        close(toChild[1])
        signal(SIGPIPE, previous)
        let errors = FileDescriptorIO.readAll(from: fromChild[0]) ?? []
        close(fromChild[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : -1, errors)
    }
}
