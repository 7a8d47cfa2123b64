/// Graphviz output of a `NavigationMap`: routes grouped into clusters by their first segment, links as
/// solid edges, flow steps as dashed edges labelled "flow #step", sheets and covers drawn apart.
///
///     let dot = DotWriter().document(for: map)   // feed to `dot -Tsvg` or `dot -Tpng`
public struct DotWriter: Sendable {
    public init() {}

    public func document(for map: NavigationMap) -> String {
        var lines = [
            "digraph navigation {",
            "  rankdir=LR;",
            "  node [shape=box, style=\"rounded\", fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for group in map.groups {
            lines += cluster(group.prefix, members: group.routes, in: map)
        }
        for (index, path) in map.unmatchedTargets.enumerated() {
            lines.append("  missing\(index) [label=\(quoted(path + "\n(no route)")), color=red, fontcolor=red, style=dashed];")
        }
        lines += map.edges.map { edgeLine($0, in: map) }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func cluster(_ prefix: String, members: [Int], in map: NavigationMap) -> [String] {
        let nodes = members.map { "  " + (prefix.isEmpty ? "" : "  ") + nodeLine($0, in: map) }
        guard !prefix.isEmpty else { return nodes }
        return ["  subgraph \(quoted("cluster_" + prefix)) {",
                "    label=\(quoted("/" + prefix));",
                "    style=\"rounded,dashed\"; color=gray;"] + nodes + ["  }"]
    }

    private func nodeLine(_ index: Int, in map: NavigationMap) -> String {
        let route = map.routes[index]
        var attributes = ["label=\(quoted(label(route)))"]
        switch route.presentation {
        case .push: break
        case .sheet: attributes.append("style=\"rounded,dashed\", color=blue")
        case .cover: attributes.append("style=\"rounded,filled\", fillcolor=lightyellow, penwidth=2")
        }
        if route.isNotFound { attributes.append("color=red, fontcolor=red") }
        if map.isTab(index) { attributes.append("peripheries=2") }
        return "r\(index) [\(attributes.joined(separator: ", "))];"
    }

    private func label(_ route: NavigationMap.Route) -> String {
        var parts = [route.pattern]
        if let title = route.title { parts.append(title) }
        if let name = route.name { parts.append("name: \(name)") }
        if route.presentation != .push { parts.append("(\(route.presentation.rawValue))") }
        return parts.joined(separator: "\n")
    }

    private func edgeLine(_ edge: NavigationMap.Edge, in map: NavigationMap) -> String {
        let target = map.nodeID(of: edge.to)
        switch edge.kind {
        case .link:
            return "  r\(edge.from) -> \(target);"
        case .flow(let name, let step, let presentation):
            let label = NavigationMap.flowLabel(name: name, step: step, presentation: presentation)
            return "  r\(edge.from) -> \(target) [style=dashed, color=darkgreen, fontcolor=darkgreen, label=\(quoted(label))];"
        }
    }

    /// A DOT double-quoted string; newlines become centred line breaks.
    private func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": break
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
