import Foundation
import Testing
@testable import SwitchyardREPL

@Suite struct GraphWriterTests {
    let map = NavigationMap(
        routes: [
            .init(pattern: "/", title: "Home"),
            .init(pattern: "/album/:id", name: "album", title: "Album \"Live\""),
            .init(pattern: "/album/:id/share", presentation: .sheet),
            .init(pattern: "/login", presentation: .cover),
            .init(pattern: "/*", isNotFound: true),
        ],
        edges: [
            .init(from: 0, to: .route(1), kind: .link),
            .init(from: 1, to: .route(2), kind: .link),
            .init(from: 1, to: .unmatched("/artist/:id"), kind: .link),
            .init(from: 0, to: .route(3), kind: .flow(name: "onboarding", step: 1, presentation: .cover)),
        ],
        tabs: ["/"])

    @Test func routesAreGroupedByTheirFirstStaticSegment() {
        let groups = map.groups.map { ($0.prefix, $0.routes) }
        #expect(groups.map(\.0) == ["", "album"])
        #expect(groups[1].1 == [1, 2])
        #expect(groups[0].1 == [0, 3, 4])   // "/login" alone is no group
    }

    @Test func dotHasClustersStyledNodesAndEdges() {
        let dot = DotWriter().document(for: map)
        #expect(dot.hasPrefix("digraph navigation {"))
        #expect(dot.contains("subgraph \"cluster_album\" {"))
        #expect(dot.contains("label=\"/album/:id\\nAlbum \\\"Live\\\"\\nname: album\""))
        #expect(dot.contains("r2 [label=\"/album/:id/share\\n(sheet)\", style=\"rounded,dashed\", color=blue]"))
        #expect(dot.contains("r3 [label=\"/login\\n(cover)\", style=\"rounded,filled\""))
        #expect(dot.contains("r0 -> r1;"))
        #expect(dot.contains("r1 -> missing0;"))
        #expect(dot.contains("r0 -> r3 [style=dashed, color=darkgreen, fontcolor=darkgreen, label=\"onboarding #1 (cover)\"]"))
        #expect(dot.contains("peripheries=2"))
    }

    @Test func dotOutputIsAcceptedByGraphviz() throws {
        guard let dot = GraphvizRenderer.dotExecutable else { return }   // graphviz absent: nothing to ask
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-Tsvg", "-o", "/dev/null"]
        let input = Pipe()
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(DotWriter().document(for: map).utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func mermaidHasSubgraphsClassesAndEscapedLabels() {
        let mermaid = MermaidWriter().document(for: map)
        #expect(mermaid.hasPrefix("flowchart LR\n"))
        #expect(mermaid.contains("subgraph group_album[\"/album\"]"))
        #expect(mermaid.contains("r1[\"/album/:id<br/>Album #quot;Live#quot;\"]"))
        #expect(mermaid.contains("r2[\"/album/:id/share<br/>(sheet)\"]:::sheet"))
        #expect(mermaid.contains("r3[[\"/login<br/>(cover)\"]]:::cover"))
        #expect(mermaid.contains("r0 -.->|\"onboarding #1 (cover)\"| r3"))
        #expect(mermaid.contains("missing0[\"/artist/:id<br/>(no route)\"]:::missing"))
        #expect(mermaid.contains("r4[\"/*\"]:::notfound"))
    }

    @Test func imageTypesComeFromTheOutputName() {
        #expect(GraphvizRenderer.imageType(of: "map.png") == "png")
        #expect(GraphvizRenderer.imageType(of: "out/Map.SVG") == "svg")
        #expect(GraphvizRenderer.imageType(of: "map.dot") == nil)
        #expect(GraphvizRenderer.imageType(of: "map") == nil)
    }
}
