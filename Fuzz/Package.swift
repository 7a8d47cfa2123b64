// swift-tools-version:6.0
import PackageDescription

// libFuzzer harnesses, one executable per harness, over the Switchyard package one directory up.
// Build (scripts/fuzz does this):
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
let harnesses = ["FuzzPatternCompiler", "FuzzMatcher", "FuzzDeepLink", "FuzzPathNormalization"]

let package = Package(
    name: "SwitchyardFuzz",
    dependencies: [
        .package(path: "Switchyard"),   // a link to "..", so the identity is "switchyard" whatever the checkout is called
    ],
    targets: [
        .target(name: "FuzzInvariants", dependencies: [.product(name: "Switchyard", package: "Switchyard")]),
    ] + harnesses.map { name in
        .executableTarget(name: name, dependencies: [
            "FuzzInvariants",
            .product(name: "Switchyard", package: "Switchyard"),
        ])
    },
    swiftLanguageModes: [.v6]
)
