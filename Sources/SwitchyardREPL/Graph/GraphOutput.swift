import Foundation

/// Where a graph goes: a text file, or an image rendered by graphviz when the name ends in
/// .png/.svg/.pdf (dot format only).
///
///     try GraphOutput.write(dotText, format: .dot, to: "map.png")
enum GraphOutput {
    static func write(_ text: String, format: GraphFormat, to file: String) throws(GraphvizRenderer.Failure) {
        if let type = GraphvizRenderer.imageType(of: file) {
            guard format == .dot else {
                throw GraphvizRenderer.Failure(description: "\(file): images are rendered from the dot format, not \(format.rawValue)")
            }
            try GraphvizRenderer().render(text, type: type, to: file)
            return
        }
        do {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            throw GraphvizRenderer.Failure(description: "cannot write \(file): \(error.localizedDescription)")
        }
    }
}
