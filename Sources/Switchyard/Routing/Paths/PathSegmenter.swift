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

    /// The strict twin of `split` for the common case: the segments of text that is already a normalised
    /// path with no `?query` or `#fragment`, in one pass that reads eight bytes at a time. Nil for any
    /// other text (normalise it and use `withSegments`), or when `segments` is too small.
    static func splitPlain(_ bytes: UnsafeBufferPointer<UInt8>,
                           into segments: UnsafeMutableBufferPointer<SegmentBounds>) -> Int? {
        let count = bytes.count
        guard count > 0, bytes[0] == slash else { return nil }
        if count == 1 { return 0 }
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        var found = 0
        var start = 1
        /// Ends the segment at `end`; false when it is empty, `.` or `..`, or there is no room for it.
        func close(_ end: Int) -> Bool {
            let length = end &- start
            if length == 0 || found == segments.count { return false }
            if bytes[start] == dot && (length == 1 || (length == 2 && bytes[start &+ 1] == dot)) { return false }
            segments[found] = SegmentBounds(start: start, end: end)
            found &+= 1
            start = end &+ 1
            return true
        }
        /// A `/` ends a segment; a `?` or `#` means the text is not a plain path.
        func separator(at index: Int) -> Bool {
            bytes[index] == slash && close(index)
        }
        var index = 1
        while count &- index >= 8 {
            var marks = separatorMarks(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            while marks != 0 {
                if !separator(at: index &+ marks.trailingZeroBitCount >> 3) { return nil }
                marks &= marks &- 1
            }
            index &+= 8
        }
        while index < count {
            let byte = bytes[index]
            if byte == slash || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                if !separator(at: index) { return nil }
            }
            index &+= 1
        }
        return close(count) ? found : nil
    }

    /// The high bit of each byte of `word` that is `/`, `?` or `#` (exact, no false positives).
    @inline(__always)
    private static func separatorMarks(_ word: UInt64) -> UInt64 {
        @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 {
            let low: UInt64 = 0x7f7f_7f7f_7f7f_7f7f
            return ~(((value & low) &+ low) | value | low)
        }
        return zeroBytes(word ^ 0x2f2f_2f2f_2f2f_2f2f) | zeroBytes(word ^ 0x3f3f_3f3f_3f3f_3f3f)
            | zeroBytes(word ^ 0x2323_2323_2323_2323)
    }

    /// Runs `body` over the normalised segments of `bytes[0..<end]`, on the stack for ordinary paths.
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
