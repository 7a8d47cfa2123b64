import Foundation
import Testing
@testable import SwitchyardTools

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
        #expect(GraphvizRenderer.imageType(of: "map.jpg") == "jpg")
        #expect(GraphvizRenderer.imageType(of: "out.d/map") == nil, "a folder's dot is not the file's extension")
    }

    @Test func anOutputNameNoFormatHasIsRefusedWithTheFormats() {
        let reason = GraphvizRenderer.unsupportedOutput("map.docx") ?? ""
        #expect(reason.hasPrefix("map.docx: no graph format has the extension .docx; use .dot, .gv, .mmd, .mermaid (text)"))
        #expect(reason.contains(".jpg") && reason.contains(".png") && reason.contains(".webp"))
        for fine in ["map.dot", "map.GV", "map.mmd", "map.jpg", "map.pdf", "map", "/dev/stdout", "out.d/map"] {
            #expect(GraphvizRenderer.unsupportedOutput(fine) == nil, "\(fine)")
        }
    }

    /// Guards, fixed redirects, where a flow starts, a legend and a state over the map.
    let annotated = NavigationMap(
        routes: [
            .init(pattern: "/", title: "Home"),
            .init(pattern: "/account", isGuarded: true),
            .init(pattern: "/inbox"),
            .init(pattern: "/news"),
            .init(pattern: "/welcome", presentation: .cover),
        ],
        edges: [
            .init(from: 2, to: .route(3), kind: .redirect),
            .init(from: 4, to: .route(1), kind: .flow(name: "signup", step: 2, presentation: .push)),
        ],
        flowStarts: [.init(name: "signup", to: .route(4), presentation: .cover)],
        overlay: .init(current: 1, trail: [0, 3, 1], visited: [0, 3, 1]))

    @Test func dotDrawsGuardsRedirectsFlowStartsAndAState() {
        let dot = DotWriter().document(for: annotated)
        #expect(dot.contains("graph [fontname=\"Helvetica\""))
        #expect(dot.contains("r1 [label=\"/account\\nguarded\", peripheries=2, style=\"rounded,filled,bold\", fillcolor=gold"))
        #expect(dot.contains("r2 -> r3 [style=bold, color=orange, fontcolor=orange, label=\"redirect\"];"))
        #expect(dot.contains("flow0 [label=\"flow signup\""))
        #expect(dot.contains("flow0 -> r4 [style=dashed, color=darkgreen, fontcolor=darkgreen, label=\"signup #1 (cover)\"];"))
        #expect(dot.contains("r0 [label=\"/\\nHome\", style=\"rounded,filled\", fillcolor=lightgray];"))
        #expect(dot.contains("r0 -> r3 [color=darkorange, penwidth=3, fontcolor=darkorange, label=\"stack 1\""))
        #expect(dot.contains("r3 -> r1 [color=darkorange, penwidth=3, fontcolor=darkorange, label=\"stack 2\""))
        #expect(dot.contains("subgraph cluster_legend {"))
        #expect(dot.contains("[label=\"current screen\""))
        #expect(!DotWriter().document(for: map).contains("current screen"))   // no state, no key for it
    }

    @Test func mermaidDrawsTheSameMarks() {
        let mermaid = MermaidWriter().document(for: annotated)
        #expect(mermaid.contains("r1[\"/account<br/>guarded\"]:::current"))
        #expect(mermaid.contains("r2 -->|redirect| r3"))
        #expect(mermaid.contains("flow0>\"flow signup\"]:::flow"))
        #expect(mermaid.contains("flow0 -.->|\"signup #1 (cover)\"| r4"))
        #expect(mermaid.contains("r0 ==>|stack| r3"))
        #expect(mermaid.contains("r0[\"/<br/>Home\"]:::visited"))
        #expect(mermaid.contains("subgraph legend["))
    }
}
