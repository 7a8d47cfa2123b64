/// A match's parameters as bytes, valid only inside the closure that lends them
/// (`Parameters.withBytes`, `RouteMatchView.withBytes`): the hook a bridge in another module reads to
/// copy values out with no `String` made (Lua's info tables, which SwitchyardLua builds from these
/// bytes in C). Every parameter of the pattern, in pattern order, absent ones included; values as
/// written in the text they are slices of.
package struct ParameterBytes {
    private let text: UnsafeBufferPointer<UInt8>
    private let pool: UnsafeBufferPointer<UInt8>
    private let offsets: UnsafeBufferPointer<Int>
    private let inline: Parameters.InlineSpans
    private let overflow: UnsafeBufferPointer<Parameters.WideSpan>
    /// Whether values may still hold `%XX` escapes (a match), or are text already (built by hand).
    package let escaped: Bool
    /// Parameters of the pattern, absent ones included.
    package var count: Int { Int(inline.count) + overflow.count }

    init(text: UnsafeBufferPointer<UInt8>, names: (pool: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int>),
         inline: Parameters.InlineSpans, overflow: UnsafeBufferPointer<Parameters.WideSpan>, escaped: Bool) {
        (self.text, self.pool, self.offsets) = (text, names.pool, names.offsets)
        (self.inline, self.overflow, self.escaped) = (inline, overflow, escaped)
    }

    /// The UTF-8 of parameter `index`'s name.
    package func name(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: pool[offsets[index]..<offsets[index + 1]])
    }

    /// The bytes of parameter `index`'s value as written (escapes not decoded); nil when it is absent.
    package func value(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        let inlineCount = Int(inline.count)
        let span = index < inlineCount ? Parameters.WideSpan(inline[index]) : overflow[index - inlineCount]
        return span.start >= 0 ? UnsafeBufferPointer(rebasing: text[span.start..<span.end]) : nil
    }

    /// Parameter `index`'s value decoded as `Parameters` reads it (a malformed escape kept verbatim);
    /// nil when it is absent.
    package func decodedValue(_ index: Int) -> String? {
        guard let value = value(index) else { return nil }
        let text = String(decoding: value, as: UTF8.self)
        return escaped ? PercentCoding.decode(text) : text
    }
}
