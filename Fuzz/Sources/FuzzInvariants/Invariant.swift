/// Stops the fuzzer (a trap libFuzzer reports as a crash, saving the input) when a property does not hold.
///
///     invariant(resolved == expected, "resolve gave \(resolved), expected \(expected)")
public func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #fileID, line: UInt = #line) {
    guard !condition() else { return }
    fatalError("invariant violated: " + String(message().prefix(2_000)), file: file, line: line)
}
