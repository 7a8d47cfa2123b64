#if canImport(Glibc)
import Glibc
#endif

/// One fuzzer input; the same function each harness exports as `LLVMFuzzerTestOneInput`.
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ target: FuzzTarget
) -> CInt

/// Hands the process to libFuzzer. SwiftPM renames an executable's entry point (and points `main` at it
/// with `--defsym`), so libFuzzer's own `main` is never linked; each harness's `@main` calls this instead.
///
///     @main enum Harness { static func main() { FuzzerDriver.run(fuzzMatcher) } }
public enum FuzzerDriver {
    public static func run(_ target: FuzzTarget) -> Never {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, target))
    }
}
