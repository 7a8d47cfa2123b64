// swift-tools-version:6.0
import PackageDescription

// Side-by-side benchmarks (issue 7). Run in release mode: `swift run -c release switchyard-bench`.
let package = Package(
    name: "SwitchyardBenchmarks",
    products: [
        .executable(name: "switchyard-bench", targets: ["switchyard-bench"]),
        // Loaded at run time with Lua's package.loadlib (the no-op C function of the bridge case).
        .library(name: "LuaNoop", type: .dynamic, targets: ["CLuaNoop"]),
    ],
    dependencies: [
        .package(name: "Switchyard", path: ".."),
        .package(url: "https://github.com/vapor/routing-kit", exact: "4.9.3"),
    ],
    targets: [
        // Defines malloc & co. in the executable, so every allocation in the process passes through it.
        .target(name: "CAllocationCounter"),
        .target(name: "CLuaNoop"),
        .executableTarget(
            name: "switchyard-bench",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardLua", package: "Switchyard"),
                .product(name: "SwitchyardTesting", package: "Switchyard"),
                .product(name: "SwitchyardAnalysis", package: "Switchyard"),
                .product(name: "SwitchyardREPL", package: "Switchyard"),
                .product(name: "RoutingKit", package: "routing-kit"),
                "CAllocationCounter",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
