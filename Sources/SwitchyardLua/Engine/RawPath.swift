#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File names are bytes; Swift strings are Unicode. A name that is not valid UTF-8 (`u8/\xE9.lua`
/// written by a Latin-1 system) keeps its bytes through a String by carrying each stray byte as a
/// private-use character, U+F700 + byte, and handing the original byte back to the system when the
/// file is opened. Messages show such a byte as `\xE9`.
///
///     let path = RawPath.decode(argvBytes)           // "u8/\u{F7E9}.lua"
///     RawPath.withSystemPath(path) { fopen($0, "rb") }  // opens u8/<0xE9>.lua
///     RawPath.display(path)                          // "u8/\xE9.lua"
package enum RawPath {
    private static let base: UInt32 = 0xF700

    /// Bytes from the system (argv, readdir) as a String, stray bytes carried along. Raw bytes rather
    /// than any collection of them: generic, it ran unspecialized for the executable's argv, looking
    /// up its slice and iterator types by name (0.37M of the 3.86M instructions of `switchyard -e ''`).
    package static func decode(_ bytes: UnsafeRawBufferPointer) -> String {
        var text = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var rest = bytes[...]
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.append(Unicode.UTF8.decode(encoded))
                rest = rest.dropFirst(encoded.count)
            case .error(let length):
                for byte in rest.prefix(length) { text.append(Unicode.Scalar(base + UInt32(byte))!) }
                rest = rest.dropFirst(length)
            case .emptyInput:
                return String(text)
            }
        }
    }

    /// The bytes to give the system for `path`, as a C string for the duration of `body`.
    package static func withSystemPath<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        var bytes: [CChar] = []
        bytes.reserveCapacity(path.utf8.count + 1)
        for scalar in path.unicodeScalars {
            if (base + 0x80...base + 0xFF).contains(scalar.value) {
                bytes.append(CChar(bitPattern: UInt8(scalar.value - base)))
            } else {
                bytes += String(scalar).utf8.map { CChar(bitPattern: $0) }
            }
        }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// `path` for a message: a carried byte as `\xE9`.
    package static func display(_ path: String) -> String {
        var text = ""
        for scalar in path.unicodeScalars {
            if (base + 0x80...base + 0xFF).contains(scalar.value) {
                let byte = scalar.value - base
                text += "\\x" + String(byte, radix: 16, uppercase: true)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// The names in a directory, as `decode` gives them (nil when it cannot be read).
    package static func names(in directory: String) -> [String]? {
        guard let stream = withSystemPath(directory, { opendir($0) }) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                decode(UnsafeRawBufferPointer(rebasing: raw.prefix { $0 != 0 }))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
