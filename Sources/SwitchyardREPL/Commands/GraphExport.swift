/// `switchyard graph FILE`: loads the script and writes its navigation map as DOT or Mermaid, to
/// stdout or a file (an image through graphviz for .png/.svg/.pdf).
///
///     GraphExport.run(file: "app.lua", format: .dot, output: "map.png", options: SessionOptions())
public enum GraphExport {
    public static func run(file: String, format: GraphFormat, output: String?, options: SessionOptions) -> ExitStatus {
        InterruptSignal.install()
        let text: String
        do {
            let host = try ScriptHost(options: options)
            try host.runFile(file)
            text = format.document(for: NavigationMapBuilder.map(host.runtime))
        } catch {
            ErrorReport.write(error)
            return .failure
        }
        guard let output else {
            print(text, terminator: "")
            return .success
        }
        do {
            try GraphOutput.write(text, format: format, to: output)
            return .success
        } catch {
            StandardError.write("switchyard graph: \(error.description)")
            return .failure
        }
    }
}
