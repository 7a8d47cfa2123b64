/// Mermaid flowchart of a `NavigationMap` (renders in GitHub markdown): routes grouped into subgraphs
/// by their first segment, links as arrows, flow steps as dotted labelled arrows, sheets and covers
/// given their own classes.
///
///     let mermaid = MermaidWriter().document(for: map)
package struct MermaidWriter: Sendable {
    init() {}

    package func document(for map: NavigationMap) -> String {
        var lines = ["flowchart LR"]
        for group in map.groups {
            lines += subgraph(group.prefix, label: group.label, members: group.routes, in: map)
        }
        for (index, path) in map.unmatchedTargets.enumerated() {
            lines.append("  missing\(index)[\"\(entity(path))<br/>(no route)\"]:::missing")
        }
        for (index, start) in map.flowStarts.enumerated() {
            let label = NavigationMap.flowLabel(name: start.name, step: 1, presentation: start.presentation)
            lines.append("  flow\(index)>\(quoted("flow " + start.name))]:::flow")
            lines.append("  flow\(index) -.->|\(quoted(label))| \(map.nodeID(of: start.to))")
        }
        lines += map.edges.map { edgeLine($0, in: map) }
        for step in map.trailSteps {
            lines.append("  r\(step.from) ==>|stack| r\(step.to)")
        }
        lines += legend(showingState: map.overlay != nil, parents: map.hasParents)
        lines += [
            "  classDef sheet stroke-dasharray: 5 5,stroke:#1f5fbf",
            "  classDef cover fill:#fff8c4,stroke-width:3px",
            "  classDef notfound stroke:#c00,color:#c00",
            "  classDef missing stroke:#c00,color:#c00,stroke-dasharray: 3 3",
            "  classDef tab stroke-width:3px",
            "  classDef flow fill:#f0fff0,stroke:#006400,color:#006400",
            "  classDef current fill:#ffd700,stroke-width:3px",
            "  classDef visited fill:#d3d3d3",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// What each class means: one node a mark, in a subgraph of its own.
    private func legend(showingState: Bool, parents: Bool) -> [String] {
        var keys = [("push", ""), ("sheet", ":::sheet"), ("cover", ":::cover"), ("tab root", ":::tab"),
                    ("not found", ":::notfound"), ("flow start", ":::flow")]
        if showingState { keys += [("current screen", ":::current"), ("visited", ":::visited")] }
        let nodes = keys.enumerated().map { index, key in "    key\(index)[\(quoted(key.0))]\(key.1)" }
        let parent = parents ? ", -.->|parent| parent" : ""
        return ["  subgraph legend[\"legend: -.-> flow step, -->|redirect| fixed redirect\(parent), ==> stack\"]"] + nodes + ["  end"]
    }

    private func subgraph(_ prefix: String, label: String, members: [Int], in map: NavigationMap) -> [String] {
        let indent = prefix.isEmpty ? "  " : "    "
        let nodes = members.map { indent + nodeLine($0, in: map) }
        guard !prefix.isEmpty else { return nodes }
        return ["  subgraph group_\(identifier(prefix))[\(quoted(label))]"] + nodes + ["  end"]
    }

    private func nodeLine(_ index: Int, in map: NavigationMap) -> String {
        let route = map.routes[index]
        var text = entity(route.pattern)
        if let title = route.title { text += "<br/>" + entity(title) }
        for type in route.parameterTypes { text += "<br/>" + entity(type) }
        if route.presentation != .push { text += "<br/>(" + route.presentation.rawValue + ")" }
        if route.isGuarded { text += "<br/>guarded" }
        let shape = route.presentation == .cover ? "[[\"\(text)\"]]" : "[\"\(text)\"]"
        return "r\(index)\(shape)" + classSuffix(index, in: map)
    }

    private func classSuffix(_ index: Int, in map: NavigationMap) -> String {
        let route = map.routes[index]
        if let overlay = map.overlay {
            if overlay.current == index { return ":::current" }
            if overlay.visited.contains(index) || overlay.trail.contains(index) { return ":::visited" }
        }
        if route.isNotFound { return ":::notfound" }
        switch route.presentation {
        case .sheet: return ":::sheet"
        case .cover: return ":::cover"
        case .push: return map.isTab(index) ? ":::tab" : ""
        }
    }

    private func edgeLine(_ edge: NavigationMap.Edge, in map: NavigationMap) -> String {
        let target = map.nodeID(of: edge.to)
        switch edge.kind {
        case .link:
            return "  r\(edge.from) --> \(target)"
        case .flow(let name, let step, let presentation):
            let label = NavigationMap.flowLabel(name: name, step: step, presentation: presentation)
            return "  r\(edge.from) -.->|\(quoted(label))| \(target)"
        case .redirect:
            return "  r\(edge.from) -->|redirect| \(target)"
        case .parent:
            return "  r\(edge.from) -.->|parent| \(target)"
        }
    }

    private func quoted(_ text: String) -> String {
        "\"" + entity(text) + "\""
    }

    /// Mermaid labels take HTML entities; a raw quote would end the label.
    private func entity(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\"": result += "#quot;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            case "\n": result += "<br/>"
            default: result.append(character)
            }
        }
        return result
    }

    private func identifier(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
