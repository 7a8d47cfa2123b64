extension RouteMatchView {
    /// `withBytes` for a match of text whose plain path goes on with a `?query` or `#fragment` (the lookup
    /// settled the path before it): the pattern's UTF-8 and the parameters as bytes of the caller's text,
    /// every span within the path, valid inside `body`. The bridge reads the rest of the text itself
    /// (Lua's `match` builds its `query` table from those bytes, no dictionary in between). False, and
    /// `body` not called, for any other match: a plain path (`withBytes`) or a resolved one (`info`).
    package func withBytesBeforeQuery(_ body: (_ pattern: UnsafeBufferPointer<UInt8>, _ parameters: ParameterBytes) -> Void) -> Bool {
        guard case .spansBeforeQuery(let bytes, let declaration, let spans) = source else { return false }
        Self.lend(bytes, declaration, spans, to: body)
        return true
    }
}

extension RouteMatchView {
    /// `lentSpanCount` for text whose plain path goes on with a `?query` or `#fragment`: how many
    /// parameters the pattern has when the match is lent spans of the path before it (nil for any other
    /// match). With `spanBeforeQuery`, nothing else is touched: what Lua's `match` reads on every such hit.
    package var spanCountBeforeQuery: Int? {
        guard case .spansBeforeQuery(_, _, let spans) = source else { return nil }
        return Int(spans.count)
    }

    /// `lentSpan` for such a match: the span of the text holding parameter `index` (in pattern order) as
    /// written, within the path; nil when it is absent. `index` below `spanCountBeforeQuery`.
    package func spanBeforeQuery(_ index: Int) -> Range<Int>? {
        guard case .spansBeforeQuery(_, _, let spans) = source else { return nil }
        let span = spans[index]
        return span.start >= 0 ? span.start..<span.end : nil
    }
}
