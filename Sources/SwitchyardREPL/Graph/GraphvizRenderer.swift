import Foundation

/// Renders DOT text to an image with graphviz's `dot`, found on PATH.
///
///     try GraphvizRenderer().render(dotText, type: "png", to: "map.png")
public struct GraphvizRenderer: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init() {}

    /// The file types `-o` renders through graphviz rather than writing text.
    public static let imageTypes: Set<String> = ["png", "svg", "pdf"]

    /// "map.png" → "png"; nil for a text output such as "map.dot".
    public static func imageType(of path: String) -> String? {
        guard let dot = path.lastIndex(of: ".") else { return nil }
        let type = path[path.index(after: dot)...].lowercased()
        return imageTypes.contains(type) ? type : nil
    }

    public static var dotExecutable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { $0 + "/dot" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public func render(_ dotText: String, type: String, to output: String) throws(Failure) {
        guard let dot = Self.dotExecutable else {
            throw Failure(description: "cannot render \(output): graphviz's `dot` is not installed (scripts/install-deps installs it), or write a .dot file")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-T\(type)", "-o", output]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(dot): \(error)")
        }
        input.fileHandleForWriting.write(Data(dotText.utf8))
        try? input.fileHandleForWriting.close()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "dot failed to render \(output): \(String(decoding: message, as: UTF8.self))")
        }
    }
}
