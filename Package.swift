// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way, so the core builds without Lua and the engine without the REPL:
// Switchyard (core) ← SwitchyardLua ← SwitchyardTools (the command-line tools: test, walk, check,
// graph, types, routes, and the terminal text and file writing they share with the REPL) ←
// SwitchyardREPL (the REPL and plain script runs) ← switchyard.
// SwitchyardAnalysis (crawl, walk, save/restore checks) sits beside the core and reaches it through
// `package` hooks (Navigator+AnalysisHooks.swift); SwitchyardTesting (the scenario runner) beside the
// engine. An app linking only Switchyard, or only SwitchyardLua, links neither.
let package = Package(
    name: "Switchyard",
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
        .library(name: "SwitchyardLua", targets: ["SwitchyardLua"]),
        .library(name: "SwitchyardTesting", targets: ["SwitchyardTesting"]),
        // The crawl, shadowing, random walk and save/restore checks: tools, not something an app ships.
        .library(name: "SwitchyardAnalysis", targets: ["SwitchyardAnalysis"]),
        .library(name: "SwitchyardREPL", targets: ["SwitchyardREPL"]),
        .executable(name: "switchyard", targets: ["switchyard"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The live view's web server (docs/live-view.md says why this one).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // Lua and readline are linked from their static archives (liblua5.4-dev, libreadline-dev and
        // its libncurses-dev): each shared library the loader maps costs its symbol lookups at every
        // start, 0.86M of the 6.38M instructions of `switchyard -e ''` for these three. Sandboxed
        // scripts load no C modules (the sandbox refuses them), so nothing needs Lua's symbols exported.
        .systemLibrary(name: "CLua", providers: [.apt(["liblua5.4-dev"])]),
        .target(name: "CLuaShim", dependencies: ["CLua"], linkerSettings: [.linkedLibrary(":liblua5.4.a")]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .target(name: "Switchyard"),
        .target(name: "SwitchyardAnalysis", dependencies: ["Switchyard"]),
        .target(name: "SwitchyardLua", dependencies: ["Switchyard", "CLua", "CLuaShim"]),
        // The scenario runner, busted's vocabulary, assert, spies and coverage: what `switchyard test`
        // needs and an app embedding the Lua engine does not link.
        .target(name: "SwitchyardTesting", dependencies: ["Switchyard", "SwitchyardAnalysis", "SwitchyardLua"]),
        // The live view's server and page: knows strings only, nothing of routes or Lua.
        .target(name: "SwitchyardLiveView", dependencies: ["Switchyard", .product(name: "FlyingSocks", package: "FlyingFox")]),
        .target(name: "SwitchyardTools", dependencies: ["Switchyard", "SwitchyardAnalysis", "SwitchyardLua", "SwitchyardTesting"]),
        .target(
            name: "SwitchyardREPL",
            dependencies: ["Switchyard", "SwitchyardAnalysis", "SwitchyardLua", "SwitchyardTesting", "SwitchyardTools", "CReadline", "SwitchyardLiveView"],
            linkerSettings: [.linkedLibrary(":libreadline.a"), .linkedLibrary(":libtinfo.a")]
        ),
        .executableTarget(
            name: "switchyard",
            dependencies: [
                "SwitchyardLua",
                "SwitchyardTools",
                "SwitchyardREPL",
                "SwitchyardTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Release builds on Linux link the Swift runtime and libraries in: loading and relocating
            // them as shared libraries took about half of a bare start-up (`switchyard -e ''`). Debug
            // builds link the tests against this target, and they load the shared runtime themselves.
            // The static FoundationEssentials (argument-parser's import) needs the libraries its
            // shared build would have loaded by itself. (Linking position-dependent, `-no-pie`, would
            // spare the loader 41,569 relative relocations at each start, 0.4 ms of `switchyard -e ''`,
            // but fix the executable's addresses for anyone exploiting a memory bug: kept PIE.)
            // Linking/ holds a linker script that turns the runtime's `-lstdc++` into the static
            // libstdc++ (why and what it saved: there).
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-L", Context.packageDirectory + "/Linking"],
                    .when(platforms: [.linux], configuration: .release)
                ),
                .linkedLibrary("_FoundationCollections", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("swiftSynchronization", .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // A Swift app serving its live view on its own runtime (LiveViewHost), for the tests of
        // `switchyard attach` to attach to.
        .executableTarget(name: "LiveViewTestHost", dependencies: ["Switchyard", "SwitchyardLua", "SwitchyardREPL"]),
        .testTarget(name: "SwitchyardTests", dependencies: ["Switchyard"]),
        .testTarget(name: "SwitchyardAnalysisTests", dependencies: ["SwitchyardAnalysis"]),
        // Also SwitchyardTesting: its tests share this target's runtime fixtures.
        .testTarget(name: "SwitchyardLuaTests", dependencies: ["SwitchyardLua", "SwitchyardTesting"]),
        .testTarget(name: "SwitchyardToolsTests", dependencies: ["SwitchyardTools", "SwitchyardLua", "SwitchyardTesting"]),
        .testTarget(name: "SwitchyardREPLTests", dependencies: ["Switchyard", "SwitchyardAnalysis", "SwitchyardLua", "SwitchyardTesting", "SwitchyardTools", "SwitchyardREPL"]),
        // Fixtures are Lua scripts the tests run by path, not sources or resources.
        .testTarget(name: "EndToEndTests", dependencies: ["switchyard"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
