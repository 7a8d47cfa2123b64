// TEMPORARY (until `lua-api: complete`): `test`, `routes` and `graph` need SwitchyardRuntime, which the
// Lua helper is still building on branch `lua`. Replaced by the real commands at that merge.
private func notMerged(_ name: String) -> ExitStatus {
    StandardError.write("switchyard \(name): the route API is not merged into this build yet")
    return .failure
}

public enum ScenarioTestRun {
    public static func run(paths: [String], junitFile: String?, options: SessionOptions) -> ExitStatus { notMerged("test") }
}
public enum RouteTableReport {
    public static func run(file: String, options: SessionOptions) -> ExitStatus { notMerged("routes") }
}
public enum GraphExport {
    public static func run(file: String, format: GraphFormat, output: String?, options: SessionOptions) -> ExitStatus { notMerged("graph") }
}
