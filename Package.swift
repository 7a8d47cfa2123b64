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
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        .systemLibrary(
            name: "CReadline",
            pkgConfig: "readline",
            providers: [.apt(["libreadline-dev"])]
        ),
        .target(name: "Switchyard"),
        .target(name: "SwitchyardLua", dependencies: ["Switchyard", "CLua", "CLuaShim"]),
        .target(name: "SwitchyardREPL", dependencies: ["Switchyard", "SwitchyardLua", "CReadline"]),
        .executableTarget(
            name: "switchyard",
            dependencies: [
                "SwitchyardREPL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The Swift runtime and libraries linked in: loading and relocating them as shared
            // libraries took about half of a bare start-up (`switchyard -e ''`). Release only: the
            // debug build links the tests against it, and they load the shared runtime themselves.
            // The static FoundationEssentials (argument-parser's import) needs the libraries its
            // shared build would have loaded by itself.
            linkerSettings: [
                .unsafeFlags(["-static-stdlib"], .when(configuration: .release)),
                .linkedLibrary("_FoundationCollections", .when(configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(configuration: .release)),
                .linkedLibrary("swiftSynchronization", .when(configuration: .release)),
            ]
        ),
        .testTarget(name: "SwitchyardTests", dependencies: ["Switchyard"]),
        .testTarget(name: "SwitchyardLuaTests", dependencies: ["SwitchyardLua"]),
        .testTarget(name: "SwitchyardREPLTests", dependencies: ["SwitchyardREPL"]),
        .testTarget(name: "EndToEndTests", dependencies: ["switchyard"]),
    ],
    swiftLanguageModes: [.v6]
)
