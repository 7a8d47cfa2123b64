/// Splits one fuzzer input into the values a harness needs, so a single byte string can drive several
/// arguments: `text(upTo:)` takes bytes up to a separator, `choice(_:)` takes one byte as a small number.
///
///     var input = FuzzInput(data, size)
///     let base = input.text(upTo: 0)      // bytes before the first NUL
///     let relative = input.rest()         // everything after it
public struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
    }

    public var isEmpty: Bool { position >= bytes.count }

    /// The remaining bytes, untouched (they need not be valid UTF-8).
    public func remainingBytes() -> [UInt8] { Array(bytes[position...]) }

    /// A number in 0..<count from the next byte (0 when the input is exhausted).
    public mutating func choice(_ count: Int) -> Int {
        guard position < bytes.count, count > 0 else { return 0 }
        defer { position += 1 }
        return Int(bytes[position]) % count
    }

    /// The raw bytes up to (not including) `separator`.
    public mutating func bytes(upTo separator: UInt8) -> [UInt8] {
        let start = position
        while position < bytes.count && bytes[position] != separator { position += 1 }
        let taken = Array(bytes[start..<position])
        if position < bytes.count { position += 1 }
        return taken
    }

    /// The bytes up to (not including) `separator`, decoded as UTF-8 with replacement characters.
    public mutating func text(upTo separator: UInt8) -> String {
        let start = position
        while position < bytes.count && bytes[position] != separator { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if position < bytes.count { position += 1 }
        return text
    }

    /// Everything left, decoded as UTF-8 with replacement characters.
    public mutating func rest() -> String {
        defer { position = bytes.count }
        return String(decoding: bytes[position...], as: UTF8.self)
    }
}
