/// A match's captured parameters: slices of the matched path, decoded only when read. Making a
/// `String` (and decoding `%XX`) happens on access, so a match that reads one value, or none, pays
/// for no more.
///
///     let params = try table.match("/files/a%20b/c")!.info.params
///     params["path"]            // "a b/c"
///     params == ["path": "a b/c"]
///     for (name, value) in params { print(name, value) }   // pattern order
///     params.dictionary         // ["path": "a b/c"]
public struct Parameters: Sendable {
    /// Where a value sits in `source`, as a hit carries it (`InlineSpans`); `start < 0` for an optional
    /// parameter that is absent. 16-bit offsets: a match's result is copied whole, so every byte of it
    /// counts, and eight of these take the room four 32-bit ones took (issue 37: eight 32-bit spans
    /// cost every `match` 34 instructions and every `withMatch` 6 in copies, github-rest 1,159.6 →
    /// 1,193.6). A value past `offsetLimit` is a `WideSpan`, kept in `overflow`.
    @usableFromInline struct Span: Sendable {
        private var first: Int16
        private var past: Int16
        var start: Int { Int(first) }
        var end: Int { Int(past) }
        static let absent = Span(unchecked: -1, end: -1)
        /// The largest offset a `Span` holds: the walk takes no longer text (`FrozenTrie.walk`), and the
        /// search's spans past it go to `overflow` (the candidates decide such a lookup).
        static let offsetLimit = Int(Int16.max)

        init(start: Int, end: Int) {
            first = Int16(start)
            past = Int16(end)
        }

        /// For offsets the caller knows fit (the walk takes no text past `offsetLimit`).
        init(unchecked start: Int, end: Int) {
            first = Int16(truncatingIfNeeded: start)
            past = Int16(truncatingIfNeeded: end)
        }

        /// `span` when it fits in 16-bit offsets, else nil.
        init?(fitting span: WideSpan) {
            guard span.end <= Span.offsetLimit else { return nil }
            self.init(unchecked: span.start, end: span.end)
        }
    }

    /// A `Span` with 32-bit offsets: what the search and hand-built parameters make, which may go past
    /// `Span.offsetLimit`; `start < 0` when absent.
    @usableFromInline struct WideSpan: Sendable {
        private var first: Int32
        private var past: Int32
        var start: Int { Int(first) }
        var end: Int { Int(past) }
        static let absent = WideSpan(start: -1, end: -1)

        init(start: Int, end: Int) {
            first = Int32(start)
            past = Int32(end)
        }

        init(_ span: Span) {
            first = Int32(truncatingIfNeeded: span.start)
            past = Int32(truncatingIfNeeded: span.end)
        }
    }

    /// Up to eight spans by value, with how many are present: trivial, so the lookup hands a match's
    /// spans on without reference counting or a buffer. Eight, not four (issue 37): a hit with five to
    /// eight parameters was left to the candidates' search, which split the path, searched it and built
    /// an `overflow` array (six parameters: `withMatch` 8,844 instructions and 2 allocations, `match`
    /// 9,937 and 3). Past eight, that old way stays (`Parameters.overflow`, `RouteLookup.settledCandidate`).
    @usableFromInline struct InlineSpans: Sendable {
        static let capacity = 8
        /// Written in place by the walk (`fill`, in Lookup/FrozenTrie+Walk.swift), read here.
        var spans: (Span, Span, Span, Span, Span, Span, Span, Span) =
            (.absent, .absent, .absent, .absent, .absent, .absent, .absent, .absent)
        var count: Int32 = 0
        @usableFromInline var present: Int32 = 0

        /// The span at `index`, below `capacity` (masked: the tuple is read as the array of eight it is
        /// laid out as, with no switch).
        subscript(index: Int) -> Span {
            withUnsafeBytes(of: spans) { tuple in
                tuple.load(fromByteOffset: (index & (InlineSpans.capacity &- 1)) &* MemoryLayout<Span>.stride, as: Span.self)
            }
        }

        /// Adds a span; the caller keeps to `capacity`.
        mutating func append(_ span: Span) {
            let index = Int(count) & (InlineSpans.capacity &- 1)
            withUnsafeMutableBytes(of: &spans) { tuple in
                tuple.storeBytes(of: span, toByteOffset: index &* MemoryLayout<Span>.stride, as: Span.self)
            }
            count &+= 1
            if span.start >= 0 { present &+= 1 }
        }
    }

    /// The spans past the inline ones: none (nil, a match's) or an array. Not the empty array: a match
    /// is destroyed through its type's value witness, which releases every reference in it, and
    /// releasing nil returns at once where the shared empty array's reference count was read first
    /// (see `RouteInfoExtrasSlot`). A struct around the optional, not the optional itself: a bare
    /// `[WideSpan]?` field made a caller copy its match's parameters through their value witness
    /// (`match` github-rest 888.4 -> 1,104.5; issue 37, eighth session, Benchmarks/README.md).
    @usableFromInline struct OverflowSpans: Sendable {
        @usableFromInline var elements: [WideSpan]?

        @inlinable init(_ elements: [WideSpan]?) { self.elements = elements }

        @inlinable static var none: OverflowSpans { OverflowSpans(nil) }

        var isEmpty: Bool { elements == nil }
        var count: Int { elements?.count ?? 0 }
        subscript(index: Int) -> WideSpan { elements![index] }

        mutating func append(_ span: WideSpan) {
            if elements == nil { elements = [span] } else { elements!.append(span) }
        }
    }

    /// The text the values are slices of (the normalised path, for a match).
    @usableFromInline let source: String
    /// Every parameter of the pattern, in pattern order, absent ones included (`origin.names`). For a
    /// match, the route's declaration, which also gives `RouteInfo` its pattern: one reference for both.
    @usableFromInline let origin: ParameterOrigin
    private var names: ParameterNames { origin.names }
    /// One span per name: the first eight inline, so a match with up to eight parameters allocates
    /// nothing; later ones (and every one from the first that does not fit a `Span`) in `overflow`.
    @usableFromInline var inline: InlineSpans
    @usableFromInline var overflow: OverflowSpans
    /// Present parameters.
    ///
    ///     try table.match("/album/12")?.info.params.count   // 1
    @inlinable public var count: Int { Int(inline.present + overflowPresent) }
    @usableFromInline var overflowPresent: Int32
    /// Whether values still hold `%XX` escapes (a match) or are already text (a literal).
    @usableFromInline let escaped: Bool

    init(source: String, origin: ParameterOrigin, escaped: Bool) {
        self.source = source
        self.origin = origin
        self.escaped = escaped
        inline = InlineSpans()
        overflow = .none
        overflowPresent = 0
    }

    /// A match's parameters: one span of the (escaped) `source` per name, absent ones included.
    /// Inlinable, as `RouteMatch.init(route:text:pathEnd:spans:)` is, which makes them.
    @inlinable
    init(source: String, origin: ParameterOrigin, spans: InlineSpans) {
        self.source = source
        self.origin = origin
        self.escaped = true
        self.inline = spans
        overflow = .none
        overflowPresent = 0
    }

    /// The text the values are slices of: for a match, its path, perhaps followed by the `?query` or
    /// `#fragment` it was given with (`RouteInfo` knows where the path ends).
    var text: String { source }

    /// The text's first `end` bytes, `end` at a boundary of its scalars (a `?` or `#` the path ends at).
    func text(before end: Int) -> String {
        String(Substring(source.utf8.prefix(end)))
    }

    /// Parameters built by hand (tests, hosts, the not-found screen), ordered by name.
    ///
    ///     RouteInfo(path: "/album/12", pattern: "/album/:id", params: Parameters(["id": "12"]))
    package init(_ dictionary: [String: String]) {
        self.init(pairs: dictionary.sorted { $0.key < $1.key })
    }

    /// Values taken as they are (no decoding); a repeated name keeps its last value.
    private init(pairs: [(String, String)]) {
        let unique = pairs.enumerated().filter { index, pair in
            !pairs[(index + 1)...].contains { $0.0 == pair.0 }
        }.map(\.element)
        var source = ""
        var spans: [WideSpan] = []
        for (_, value) in unique {
            let start = source.utf8.count
            source += value
            spans.append(WideSpan(start: start, end: source.utf8.count))
        }
        self.init(source: source, origin: ParameterOrigin(names: ParameterNames(unique.map(\.0))), escaped: false)
        for span in spans { append(span) }
    }

    /// Adds the span of the next name in pattern order: inline while there is room and it fits, else
    /// (and for every later one) in `overflow`.
    mutating func append(_ span: WideSpan) {
        if overflow.isEmpty && inline.count < InlineSpans.capacity, let short = Span(fitting: span) {
            inline.append(short)
        } else {
            overflow.append(span)
            if span.start >= 0 { overflowPresent += 1 }
        }
    }

    /// Spans appended so far (absent ones included).
    private var spanCount: Int { Int(inline.count) + overflow.count }

    private func span(_ index: Int) -> WideSpan {
        index < Int(inline.count) ? WideSpan(inline[index]) : overflow[index - Int(inline.count)]
    }

    package var isEmpty: Bool { count == 0 }

    /// The decoded value of a parameter, nil when the pattern has no such parameter or an optional
    /// one is absent. A malformed escape (`%zz`, a trailing `%`) is kept verbatim.
    ///
    ///     params["id"]   // "12"
    public subscript(name: String) -> String? {
        for index in 0..<spanCount where names.names[index] == name {
            return value(span(index))
        }
        return nil
    }

    /// The decoded value of the parameter at `slot` (pattern order, absent ones included), nil when it
    /// is absent or there is no such slot: typed parameters are checked by position, not by name.
    func value(atSlot slot: Int) -> String? {
        slot < spanCount ? value(span(slot)) : nil
    }

    private func value(_ span: WideSpan) -> String? {
        guard span.start >= 0 else { return nil }
        var source = source
        // Safety: the span is a range of `source`'s bytes (made by the lookup, or by `init(pairs:)`), and
        // the buffer lives for the closure. Reading the value from the string's own storage rather than
        // through an index of its UTF-8 view (the safe form) saves 654 instructions a match when every
        // value is read: 2,904.1 against 3,558.6 over the GitHub API (callgrind, `switchyard-bench
        // --counted-loop matchValues github-rest 453`, case 11's formula; issue 32, Benchmarks/README.md).
        let text = source.withUTF8 { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), as: UTF8.self)
        }
        return escaped ? PercentCoding.decode(text) : text
    }

    /// The parameters as a dictionary (one allocation and a String per value).
    ///
    ///     try table.match("/album/12")?.info.params.dictionary   // ["id": "12"]
    public var dictionary: [String: String] {
        var dictionary = [String: String](minimumCapacity: count)
        for (name, value) in self { dictionary[name] = value }
        return dictionary
    }

    /// The names and values as bytes, valid inside `body`: the hook of a bridge that copies them out
    /// with no `String` made (SwitchyardLua's `withUTF8Pairs`). Not generic, so a call from another
    /// module looks up no metadata.
    package func withBytes(_ body: (ParameterBytes) -> Void) {
        var source = source
        source.withUTF8 { text in
            names.pool.withUnsafeBufferPointer { pool in
                names.offsets.withUnsafeBufferPointer { offsets in
                    (overflow.elements ?? []).withUnsafeBufferPointer { overflow in
                        body(ParameterBytes(text: text, names: (pool, offsets), inline: inline, overflow: overflow,
                                            escaped: escaped))
                    }
                }
            }
        }
    }
}

extension Parameters: Sequence {
    /// Present parameters in pattern order, values decoded. A named public type, not an opaque
    /// iterator: from another module an opaque one is not specialised, and reading every value of a
    /// GitHub API match cost 6,149.8 instructions instead of 2,904.1 (`--counted-loop matchValues
    /// github-rest 453`, issue 32).
    public struct Iterator: IteratorProtocol {
        let parameters: Parameters
        var index = 0

        public mutating func next() -> (name: String, value: String)? {
            while index < parameters.spanCount {
                defer { index += 1 }
                if let value = parameters.value(parameters.span(index)) {
                    return (parameters.names.names[index], value)
                }
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator { Iterator(parameters: self) }
}

extension Parameters: Equatable {
    /// The same names with the same decoded values, whatever the order.
    public static func == (a: Parameters, b: Parameters) -> Bool {
        a.count == b.count && a.allSatisfy { b[$0.name] == $0.value }
    }
}

extension Parameters: ExpressibleByDictionaryLiteral {
    ///     let params: Parameters = ["id": "12", "tab": "info"]   // iterates id, tab
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(pairs: elements)
    }
}

extension Parameters: CustomStringConvertible {
    /// `["id": "12", "tab": "info"]`, in pattern order.
    public var description: String {
        isEmpty ? "[:]" : "[" + map { "\($0.name.debugDescription): \($0.value.debugDescription)" }.joined(separator: ", ") + "]"
    }
}
