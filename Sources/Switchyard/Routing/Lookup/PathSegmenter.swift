/// Byte range of one path segment inside the original UTF-8 text.
struct SegmentBounds {
    var start: Int
    var end: Int
}

/// Splits UTF-8 path bytes into normalised segments without allocating: empty segments and `.` are
/// skipped and `..` pops (stopping at the root), so the buffer ends up holding the normalised path.
/// Shared by `PathResolver` and the lookup so both agree on what a path means.
enum PathSegmenter {
    static let slash = UInt8(ascii: "/")
    static let dot = UInt8(ascii: ".")

    /// Where the path part ends: the first `?` or `#`, else the end.
    static func pathEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        for index in bytes.indices where bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "#") {
            return index
        }
        return bytes.count
    }

    /// `pathEnd` for bytes whose first `?` or `#` is at `start` or after it (most often a byte or two
    /// after it: the end of a path's last value). Up to 8 bytes one at a time, then a word of 8 at a
    /// time, the last 1 to 7 bytes as the text's last word with the bytes already read shifted out.
    @inline(__always)
    static func pathEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let near = min(start &+ 8, bytes.count)
        var offset = start
        while offset < near {
            if bytes[offset] == UInt8(ascii: "?") || bytes[offset] == UInt8(ascii: "#") { return offset }
            offset &+= 1
        }
        guard offset < bytes.count, let base = UnsafeRawPointer(bytes.baseAddress) else { return bytes.count }
        // Safety: every word read lies within the bytes: whole words from `offset` while 8 remain, then
        // the last 8 (the text has more than 8: `offset` is 8 past `start`, and bytes remain).
        while bytes.count &- offset >= 8 {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let marks = FrozenTrie.queryMarks(in: word)
            if marks != 0 { return offset &+ marks.trailingZeroBitCount &>> 3 }
            offset &+= 8
        }
        guard offset < bytes.count else { return bytes.count }
        let last = bytes.count &- 8
        // (The marks are exact up to the first, all this asks: the bytes shifted out were read already
        // and hold neither `?` nor `#`, so no borrow runs from them into the first byte kept.)
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: last, as: UInt64.self))
        let marks = FrozenTrie.queryMarks(in: word)
            &>> UInt64(truncatingIfNeeded: (offset &- last) &* 8)
        return marks != 0 ? offset &+ marks.trailingZeroBitCount &>> 3 : bytes.count
    }

    /// Whether normalisation would leave `bytes` as they are: `/` alone, or segments each led by one `/`,
    /// none of them empty, `.` or `..`.
    static func isNormalized(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 1 else { return bytes.first == slash }
        guard bytes[0] == slash, bytes[bytes.count - 1] != slash else { return false }
        var previous = slash
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            if previous == slash {
                // A segment starts here: it may be neither empty nor `.` nor `..`.
                if byte == slash { return false }
                if byte == dot {
                    let next = index + 1 < bytes.count ? bytes[index + 1] : slash
                    if next == slash || (next == dot && (index + 2 == bytes.count || bytes[index + 2] == slash)) { return false }
                }
            }
            previous = byte
            index += 1
        }
        return true
    }

    /// Whether `bytes` are a plain normalised path: normalised, and no `?query` or `#fragment`.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isNormalized(bytes) && !bytes.contains { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
    }

    /// An upper bound on the segments `split` may need to hold.
    static func capacityNeeded(_ bytes: UnsafeBufferPointer<UInt8>, end: Int) -> Int {
        var count = 1
        for index in 0..<end where bytes[index] == slash { count += 1 }
        return count
    }

    /// Fills `segments` with the normalised segments of `bytes[0..<end]` and returns their number,
    /// or nil when the buffer is too small (call again with `capacityNeeded`).
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, end: Int,
                      into segments: UnsafeMutableBufferPointer<SegmentBounds>) -> Int? {
        var count = 0
        var start = 0
        var index = 0
        while index <= end {
            if index == end || bytes[index] == slash {
                let length = index - start
                if length == 2 && bytes[start] == dot && bytes[start + 1] == dot {
                    if count > 0 { count -= 1 }
                } else if length > 0 && !(length == 1 && bytes[start] == dot) {
                    guard count < segments.count else { return nil }
                    segments[count] = SegmentBounds(start: start, end: index)
                    count += 1
                }
                start = index + 1
            }
            index += 1
        }
        return count
    }

    /// Runs `body` over the normalised segments of `bytes[0..<end]`, on the stack for ordinary paths.
    // Safety: each buffer lives for its closure and `split` writes only below its count. In an array
    // (the safe form) the searched lookups of case 11 cost more: `match` six-parameters 10,449 →
    // 11,539 (+10.4 %), splat 3,329.2 → 4,210.6 (+26.5 %), optional 4,939.5 → 5,767.7 (+16.8 %)
    // (callgrind, `switchyard-bench --counted-loop match six-parameters|splat|optional 1000`,
    // Benchmarks/README.md case 11).
    static func withSegments<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, end: Int,
        _ body: (UnsafeBufferPointer<SegmentBounds>) -> Result
    ) -> Result {
        let small = withUnsafeTemporaryAllocation(of: SegmentBounds.self, capacity: 32) { buffer -> Result? in
            guard let count = split(bytes, end: end, into: buffer) else { return nil }
            return body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
        if let small { return small }
        let capacity = capacityNeeded(bytes, end: end)
        return withUnsafeTemporaryAllocation(of: SegmentBounds.self, capacity: capacity) { buffer in
            let count = split(bytes, end: end, into: buffer)!
            return body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The normalised segments as strings (for explanations and suggestions, where speed does not matter).
    static func strings(_ path: String) -> [String] {
        var path = path
        return path.withUTF8 { bytes in
            withSegments(bytes, end: bytes.count) { segments in
                segments.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0.start..<$0.end]), as: UTF8.self) }
            }
        }
    }
}
