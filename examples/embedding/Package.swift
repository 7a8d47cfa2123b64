// swift-tools-version:6.0
// A host app that embeds Switchyard and its Lua engine, as a package of its own that
// depends on the main package by path. Build and run it with ./run.sh.
import Foundation
import PackageDescription

// docs/embedding.md's Swift blocks, cut out by ./run.sh into Sources/EmbeddingGuide (not kept in git):
// a target only once they are there, so a plain `swift build` here works without them.
let guideBlocks = Context.packageDirectory + "/Sources/EmbeddingGuide/Guide.swift"
let guide: [Target] = FileManager.default.fileExists(atPath: guideBlocks) ? [
    .target(name: "EmbeddingGuide", dependencies: [
        .product(name: "Switchyard", package: "Switchyard"),
        .product(name: "SwitchyardLua", package: "Switchyard"),
        .product(name: "SwitchyardREPL", package: "Switchyard"),
    ]),
] : []

let package = Package(
    name: "EmbeddingExample",
    dependencies: [
        .package(name: "Switchyard", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "EmbeddingHost",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardLua", package: "Switchyard"),
                // LiveViewHost: the live view and `switchyard attach` on this app's runtime (--serve).
                .product(name: "SwitchyardREPL", package: "Switchyard"),
            ]
        ),
    ] + guide,
    swiftLanguageModes: [.v6]
)
