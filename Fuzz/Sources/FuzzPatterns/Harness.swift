import FuzzInvariants

/// libFuzzer's driver, entered through SwiftPM's renamed entry point (see `FuzzerDriver`).
@main enum Harness {
    static func main() { FuzzerDriver.run(fuzzPatterns) }
}
