/// Where a graph goes: a text file (.dot, .gv, .mmd, .mermaid, or no extension), or an image
/// rendered by graphviz when the name ends in one of its formats (dot format only). Any other
/// extension is refused before anything is written.
///
///     try GraphOutput.write(dotText, format: .dot, to: "map.png")
package enum GraphOutput {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package static func write(_ text: String, format: GraphFormat, to file: String) throws(Failure) {
        if let reason = GraphvizRenderer.unsupportedOutput(file) { throw Failure(description: reason) }
        try checkFolder(of: file)
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

    /// Said before graphviz runs: its own message for a missing folder is a raw system error.
    private static func checkFolder(of file: String) throws(Failure) {
        guard let slash = file.lastIndex(of: "/"), slash != file.startIndex else { return }
        let folder = String(file[..<slash])
        switch TextFile.isDirectory(folder) {
        case nil: throw Failure(description: "cannot write \(file): there is no folder \(folder)")
        case false?: throw Failure(description: "cannot write \(file): \(folder) is not a folder")
        case true?: return
        }
    }
}
