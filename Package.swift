// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way (SPEC §1): Switchyard (core) ← SwitchyardLua ← SwitchyardREPL ← switchyard.
let package = Package(
    name: "Switchyard",
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
        .library(name: "SwitchyardLua", targets: ["SwitchyardLua"]),
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
        // scripts load no C modules (SPEC §7), so nothing needs Lua's symbols exported.
        .systemLibrary(name: "CLua", providers: [.apt(["liblua5.4-dev"])]),
        .target(name: "CLuaShim", dependencies: ["CLua"], linkerSettings: [.linkedLibrary(":liblua5.4.a")]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .target(name: "Switchyard"),
        .target(name: "SwitchyardLua", dependencies: ["Switchyard", "CLua", "CLuaShim"]),
        // The live view's server and page: knows strings only, nothing of routes or Lua.
        .target(name: "SwitchyardLiveView", dependencies: [.product(name: "FlyingSocks", package: "FlyingFox")]),
        .target(
            name: "SwitchyardREPL",
            dependencies: ["Switchyard", "SwitchyardLua", "CReadline", "SwitchyardLiveView"],
            linkerSettings: [.linkedLibrary(":libreadline.a"), .linkedLibrary(":libtinfo.a")]
        ),
        .executableTarget(
            name: "switchyard",
            dependencies: [
                "SwitchyardREPL",
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
        .testTarget(name: "SwitchyardTests", dependencies: ["Switchyard"]),
        .testTarget(name: "SwitchyardLuaTests", dependencies: ["SwitchyardLua"]),
        .testTarget(name: "SwitchyardREPLTests", dependencies: ["SwitchyardREPL"]),
        // Fixtures are Lua scripts the tests run by path, not sources or resources.
        .testTarget(name: "EndToEndTests", dependencies: ["switchyard"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
