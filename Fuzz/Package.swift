// swift-tools-version:6.0
import PackageDescription

// libFuzzer harnesses, one executable per harness, over the Switchyard package one directory up.
// Build and run them with scripts/fuzz, which builds with
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
let switchyard = Target.Dependency.product(name: "Switchyard", package: "Switchyard")
let switchyardLua = Target.Dependency.product(name: "SwitchyardLua", package: "Switchyard")

let harnesses: [(name: String, dependencies: [Target.Dependency])] = [
    ("FuzzPatternCompiler", [switchyard]),
    ("FuzzMatcher", [switchyard]),
    ("FuzzDeepLink", [switchyard]),
    ("FuzzPathNormalization", [switchyard]),
    ("FuzzStateRestore", [switchyard]),
    ("FuzzLuaSandbox", [switchyard, switchyardLua]),
    ("FuzzPatterns", [switchyardLua, "CLuaStock"]),
]

let package = Package(
    name: "SwitchyardFuzz",
    dependencies: [
        .package(path: "Switchyard"),   // a link to "..", so the identity is "switchyard" whatever the checkout is called
    ],
    targets: [
        .target(name: "FuzzInvariants", dependencies: [switchyard]),
        // Stock Lua, the reference FuzzPatterns holds Switchyard's pattern matcher to.
        .systemLibrary(name: "CLuaStock", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
    ] + harnesses.map { harness in
        .executableTarget(name: harness.name, dependencies: ["FuzzInvariants"] + harness.dependencies)
    },
    swiftLanguageModes: [.v6]
)
