/// ASCII-only case folding for case-insensitive tables (byte-wise, so lookups need no allocation).
enum ASCIIFolding {
    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
