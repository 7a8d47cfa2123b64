/// A Lua string: bytes, not necessarily UTF-8, embedded NULs allowed.
///
/// ```swift
/// let value: LuaValue = .string(LuaString(bytes: [0x61, 0x00, 0x62]))   // "a\0b", length 3
/// ```
public struct LuaString: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The string's bytes, as Lua holds them: `LuaString("é").bytes` is `[0xC3, 0xA9]`.
    public var bytes: [UInt8]

    /// The string of exactly these bytes: `LuaString(bytes: [0xFF])` is a string UTF-8 cannot decode.
    public init(bytes: [UInt8]) { self.bytes = bytes }
    /// The UTF-8 bytes of `string`: `.string(LuaString(name))` hands a Swift string to Lua.
    public init(_ string: String) { self.bytes = Array(string.utf8) }
    /// A string literal is a `LuaString`: `let key: LuaString = "title"`.
    public init(stringLiteral value: String) { self.init(value) }

    /// The bytes decoded as UTF-8; invalid sequences become U+FFFD: `LuaString(bytes: [0x68, 0x69]).string`
    /// is `"hi"`.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
    /// The same as `string`, so `print(luaString)` prints the text.
    public var description: String { string }
}
