// swift-tools-version:6.0
// A host app that embeds Switchyard and its Lua engine, as a package of its own that
// depends on the main package by path. Build and run it with ./run.sh.
import PackageDescription

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
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
