/// The text formats of `switchyard graph` and `:graph`.
public enum GraphFormat: String, CaseIterable, Sendable {
    case dot
    case mermaid

    public func document(for map: NavigationMap) -> String {
        switch self {
        case .dot: DotWriter().document(for: map)
        case .mermaid: MermaidWriter().document(for: map)
        }
    }
}
