/// The text formats of `switchyard graph` and `:graph`.
package enum GraphFormat: String, CaseIterable, Sendable {
    case dot
    case mermaid

    /// The format a file name asks for: `.mmd`/`.mermaid` is Mermaid; anything else (`.dot`, `.gv`, and
    /// the images graphviz renders from DOT) is DOT.
    ///
    ///     GraphFormat(forFile: "map.mmd")   // .mermaid
    package init(forFile file: String) {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let suffix = name.split(separator: ".").count > 1 ? name.split(separator: ".").last!.lowercased() : ""
        self = suffix == "mmd" || suffix == "mermaid" ? .mermaid : .dot
    }

    package func document(for map: NavigationMap) -> String {
        switch self {
        case .dot: DotWriter().document(for: map)
        case .mermaid: MermaidWriter().document(for: map)
        }
    }
}
