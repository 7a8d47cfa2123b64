/// The option names each function's options table takes, by argument position, from the sets its
/// checks use: what TAB offers inside `route("/x", {ti` and `nav.sheet("/f", {de`.
///
///     OptionNames.names(for: "route", argument: 2)   // ["entry", "guard", ..., "view"]
package enum OptionNames {
    package static func names(for function: String, argument: Int) -> [String]? {
        tables[function]?[argument]?.sorted()
    }

    private static let tables: [String: [Int: Set<String>]] = [
        "route": [2: SwitchyardRuntime.routeOptions],
        "not_found": [1: SwitchyardRuntime.notFoundOptions],
        "error_screen": [1: SwitchyardRuntime.errorScreenOptions],
        "nav.push": [2: ScreenOptionTable.common],
        "nav.cover": [2: ScreenOptionTable.common],
        "nav.sheet": [2: ScreenOptionTable.sheet],
        "nav.modal": [2: ScreenOptionTable.modal],
        "nav.alert": [1: AlertTable.options],
        "nav.go": [2: ["replace"]],
    ]
}
