// TEMPORARY (phase A): the Lua engine is built on branch `lua`; these entry points are replaced by the
// real ones when it is merged. They exist so the executable and its tests build meanwhile.
#if canImport(Glibc)
import Glibc
#endif

private func notMerged() -> ExitStatus {
    StandardError.write("switchyard: the Lua engine is not merged into this build yet")
    return .failure
}

public enum ScriptInvocation {
    public static func run(_ request: ScriptRequest, options: SessionOptions) -> ExitStatus { notMerged() }
}
public enum ScenarioTestRun {
    public static func run(paths: [String], junitFile: String?, options: SessionOptions) -> ExitStatus { notMerged() }
}
public enum RouteTableReport {
    public static func run(file: String, options: SessionOptions) -> ExitStatus { notMerged() }
}
public enum GraphExport {
    public static func run(file: String, format: GraphFormat, output: String?, options: SessionOptions) -> ExitStatus { notMerged() }
}
