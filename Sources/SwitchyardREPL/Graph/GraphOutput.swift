/// Where a graph goes: a text file, or an image rendered by graphviz when the name ends in
/// .png/.svg/.pdf (dot format only).
///
///     try GraphOutput.write(dotText, format: .dot, to: "map.png")
enum GraphOutput {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func write(_ text: String, format: GraphFormat, to file: String) throws(Failure) {
        if let type = GraphvizRenderer.imageType(of: file) {
            guard format == .dot else {
                throw Failure(description: "\(file): images are rendered from the dot format, not \(format.rawValue)")
            }
            do {
                try GraphvizRenderer().render(text, type: type, to: file)
            } catch {
                throw Failure(description: error.description)
            }
            return
        }
        do {
            try TextFile.write(text, to: file)
        } catch {
            throw Failure(description: error.description)
        }
    }
}
