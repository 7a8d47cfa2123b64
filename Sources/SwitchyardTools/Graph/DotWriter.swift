/// Graphviz output of a `NavigationMap`: routes grouped into clusters by their first segment, links as
/// solid edges, flow steps as dashed edges labelled "flow #step" from a marker where the flow starts,
/// fixed redirects as bold orange edges, sheets, covers, tabs and guarded routes drawn apart, a
/// legend, and when the map carries a state: the current screen filled, the stacks leading to it as
/// a numbered trail, the screens the timeline has shown shaded.
///
///     let dot = DotWriter().document(for: map)   // feed to `dot -Tsvg` or `dot -Tpng`
package struct DotWriter: Sendable {
    package init() {}

    package func document(for map: NavigationMap) -> String {
        var lines = [
            "digraph navigation {",
            "  rankdir=LR;",
            // One font for everything, cluster labels included (graphviz's default is Times).
            "  graph [fontname=\"Helvetica\", fontsize=11];",
            "  node [shape=box, style=\"rounded\", fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for group in map.groups {
            lines += cluster(group.prefix, label: group.label, members: group.routes, in: map)
        }
        for (index, path) in map.unmatchedTargets.enumerated() {
            lines.append("  missing\(index) [label=\(quoted(path + "\n(no route)")), color=red, fontcolor=red, style=dashed];")
        }
        for (index, start) in map.flowStarts.enumerated() {
            let label = NavigationMap.flowLabel(name: start.name, step: 1, presentation: start.presentation)
            lines.append("  flow\(index) [label=\(quoted("flow " + start.name)), shape=cds, style=filled, fillcolor=honeydew, color=darkgreen, fontcolor=darkgreen];")
            lines.append("  flow\(index) -> \(map.nodeID(of: start.to)) [style=dashed, color=darkgreen, fontcolor=darkgreen, label=\(quoted(label))];")
        }
        lines += map.edges.map { edgeLine($0, in: map) }
        for (number, step) in map.trailSteps.enumerated() {
            lines.append("  r\(step.from) -> r\(step.to) [color=darkorange, penwidth=3, fontcolor=darkorange, label=\(quoted("stack \(number + 1)")), constraint=false];")
        }
        lines += legend(showingState: map.overlay != nil, parents: map.hasParents)
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func cluster(_ prefix: String, label: String, members: [Int], in map: NavigationMap) -> [String] {
        let nodes = members.map { "  " + (prefix.isEmpty ? "" : "  ") + nodeLine($0, in: map) }
        guard !prefix.isEmpty else { return nodes }
        // A layout (issue 33) is drawn solid: a record the app declared, where a first segment's
        // cluster is only a grouping of the drawing.
        let isLayout = map.routes[members[0]].layout != nil
        return ["  subgraph \(quoted("cluster_" + prefix)) {",
                "    label=\(quoted(label));",
                isLayout ? "    style=\"rounded\"; color=steelblue; fontcolor=steelblue;" : "    style=\"rounded,dashed\"; color=gray;"]
            + nodes + ["  }"]
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
        if map.isTab(index) || route.isGuarded { attributes.append("peripheries=2") }
        if let overlay = map.overlay {
            if overlay.current == index {
                attributes.append("style=\"rounded,filled,bold\", fillcolor=gold, penwidth=3")
            } else if overlay.visited.contains(index) || overlay.trail.contains(index) {
                attributes.append("style=\"rounded,filled\", fillcolor=lightgray")
            }
        }
        return "r\(index) [\(attributes.joined(separator: ", "))];"
    }

    /// What each mark means, in a box of its own.
    private func legend(showingState: Bool, parents: Bool) -> [String] {
        var keys: [(String, String)] = [
            ("push", ""), ("sheet", "style=\"rounded,dashed\", color=blue"),
            ("cover", "style=\"rounded,filled\", fillcolor=lightyellow, penwidth=2"),
            ("tab root or guarded", "peripheries=2"), ("not found", "color=red, fontcolor=red"),
        ]
        if showingState {
            keys += [("current screen", "style=\"rounded,filled,bold\", fillcolor=gold, penwidth=3"),
                     ("visited", "style=\"rounded,filled\", fillcolor=lightgray")]
        }
        var lines = ["  subgraph cluster_legend {", "    label=\"legend\"; style=\"rounded\"; color=gray; fontcolor=gray;"]
        for (index, key) in keys.enumerated() {
            let extra = key.1.isEmpty ? "" : ", " + key.1
            lines.append("    key\(index) [label=\(quoted(key.0))\(extra), fontsize=9];")
        }
        var edges: [(String, String)] = [("link", ""), ("flow step", "style=dashed, color=darkgreen, fontcolor=darkgreen"),
                                         ("redirect", "style=bold, color=orange, fontcolor=orange")]
        if parents { edges.append(("parent", Self.parentStyle)) }
        if showingState { edges.append(("stack", "color=darkorange, penwidth=3, fontcolor=darkorange")) }
        for (index, edge) in edges.enumerated() {
            lines.append("    edgekey\(index)a [label=\"\", shape=point, width=0.05];")
            lines.append("    edgekey\(index)b [label=\"\", shape=point, width=0.05];")
            let extra = edge.1.isEmpty ? "" : ", " + edge.1
            lines.append("    edgekey\(index)a -> edgekey\(index)b [label=\(quoted(edge.0))\(extra)];")
        }
        return lines + ["  }"]
    }

    private func label(_ route: NavigationMap.Route) -> String {
        var parts = [route.pattern]
        if let title = route.title { parts.append(title) }
        if let name = route.name { parts.append("name: \(name)") }
        parts += route.parameterTypes
        if route.presentation != .push { parts.append("(\(route.presentation.rawValue))") }
        if route.isGuarded { parts.append("guarded") }
        return parts.joined(separator: "\n")
    }

    private static let parentStyle = "style=dotted, color=steelblue, fontcolor=steelblue"

    private func edgeLine(_ edge: NavigationMap.Edge, in map: NavigationMap) -> String {
        let target = map.nodeID(of: edge.to)
        switch edge.kind {
        case .link:
            return "  r\(edge.from) -> \(target);"
        case .flow(let name, let step, let presentation):
            let label = NavigationMap.flowLabel(name: name, step: step, presentation: presentation)
            return "  r\(edge.from) -> \(target) [style=dashed, color=darkgreen, fontcolor=darkgreen, label=\(quoted(label))];"
        case .redirect:
            return "  r\(edge.from) -> \(target) [style=bold, color=orange, fontcolor=orange, label=\"redirect\"];"
        case .parent:
            return "  r\(edge.from) -> \(target) [\(Self.parentStyle), label=\"parent\"];"
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
