import Foundation

/// Where the `switchyard` executable under test is: `$SWITCHYARD_BIN`, else next to the test bundle
/// (SwiftPM builds products and tests into the same directory), else `.build/debug` of this package.
enum SwitchyardBinary {
    static let path: String = {
        if let explicit = ProcessInfo.processInfo.environment["SWITCHYARD_BIN"] { return explicit }
        let candidates = [bundleDirectory, packageRoot + "/.build/debug"].compactMap { $0 }.map { $0 + "/switchyard" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
    }()

    /// The directory holding the running test executable (Linux: the .xctest runner itself).
    private static var bundleDirectory: String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return Bundle.main.executableURL?.deletingLastPathComponent().path
        }
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // On macOS the runner sits inside X.xctest/Contents/MacOS.
        while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
        return directory.path
    }

    static let packageRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static let fixtures: String = packageRoot + "/Tests/EndToEndTests/Fixtures"
}
