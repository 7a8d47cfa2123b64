/// A Lua string: bytes, not necessarily UTF-8, embedded NULs allowed.
///
/// ```swift
/// let value: LuaValue = .string(LuaString(bytes: [0x61, 0x00, 0x62]))   // "a\0b", length 3
/// ```
public struct LuaString: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ string: String) { self.bytes = Array(string.utf8) }
    public init(stringLiteral value: String) { self.init(value) }

    /// The bytes decoded as UTF-8; invalid sequences become U+FFFD.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
    public var description: String { string }
}
