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
        /// Written in place by the walk (`write`, in Lookup/FrozenTrie+Walk.swift), read here.
        var spans: (Span, Span, Span, Span, Span, Span, Span, Span) =
            (.absent, .absent, .absent, .absent, .absent, .absent, .absent, .absent)
        var count: Int32 = 0
        @usableFromInline var present: Int32 = 0

        /// All absent, as `init()` makes them, for an inlinable caller that holds a lookup's spans in a
        /// variable (`match`; `RouteTable.find(_:into:)` leaves a hit's there). Every span's two
        /// offsets -1, every bit set; both counts 0.
        // Safety: eight `Span`s of two `Int16`s (32 bytes) and two `Int32`s are the 40 bytes of five
        // `UInt64`s (`unsafeBitCast` checks the sizes).
        @inlinable static var absent: InlineSpans {
            unsafeBitCast((UInt64.max, UInt64.max, UInt64.max, UInt64.max, UInt64(0)), to: InlineSpans.self)
        }

        /// The span at `index`, below `capacity` (masked: the tuple is read as the array of eight it is
        /// laid out as, with no switch).
        subscript(index: Int) -> Span {
            withUnsafeBytes(of: spans) { tuple in
                tuple.load(fromByteOffset: (index & (InlineSpans.capacity &- 1)) &* MemoryLayout<Span>.stride, as: Span.self)
            }
        }

        /// Where the values end: the end of the last present one of the first `count` spans (their
        /// values are in the order they are written, so it is the largest end), 0 when none is. Each span
        /// read as the `Int32` it is laid out as (its start the low half, its end the high half), from the
        /// spans as one vector: reading them through their bytes copied all eight to the stack for each.
        @inline(__always)
        var valuesEnd: Int {
            let words = unsafeBitCast(spans, to: SIMD8<Int32>.self)
            var index = Int(count)
            while index > 0 {
                index &-= 1
                let word = words[index & (InlineSpans.capacity &- 1)]
                if Int16(truncatingIfNeeded: word) >= 0 { return Int(word &>> 16) }
            }
            return 0
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

    // `RouteInfo.Image` is laid out as these three stored properties are, in this order (`match` makes
    // its info of an image): a change here is made there too.
    /// The text the values are slices of (the normalised path, for a match).
    @usableFromInline let source: String
    /// The one object these parameters hold: their origin, or their tail when they have one (which
    /// holds the origin). One reference, not an origin and an optional tail: a plain match then holds
    /// its text and its route's declaration and nothing else, so destroying it releases those two and no
    /// nil tail (that release cost every `match` 7 instructions; issue 37, twelfth session,
    /// Benchmarks/README.md).
    @usableFromInline var held: Held
    /// The first eight spans with their counts (an `InlineSpans`, its 40 bytes as they are), and the
    /// scalar fields of the `RouteInfo` these parameters are the storage of (see `Lanes`): one vector,
    /// so that a match is five scalars as the compiler takes it apart (the text 2, `held` 1, this 1,
    /// the payload 1). A caller destroys an optional match of six or fewer inline; at seven it went
    /// through the match's metadata and value witnesses, about 105 instructions a `match` (issue 37,
    /// ninth and tenth sessions, Benchmarks/README.md).
    @usableFromInline var lanes: SIMD32<Int16>

    /// One reference, to a `ParameterOrigin` or a `ParameterTail`: `Lanes.holdsTail` says which.
    /// Not an enum of the two: reading its origin then copied it, a retain and a release on every
    /// `found.route.id` (lost what it saved, `match` long-static 379 → 418).
    @usableFromInline struct Held: @unchecked Sendable {
        // Unchecked: `object` is only ever made from a `ParameterOrigin` or a `ParameterTail`, two
        // final classes of `Sendable` constants (the checked initialisers below are the only way in).
        @usableFromInline let object: AnyObject

        @inlinable init(_ origin: ParameterOrigin) { object = origin }
        init(_ tail: ParameterTail) { object = tail }
    }

    /// Every parameter of the pattern, in pattern order, absent ones included (`origin.names`). For a
    /// match, the route's declaration, which also gives `RouteInfo` its pattern: one reference for both.
    @usableFromInline var origin: ParameterOrigin {
        @inlinable @inline(__always) get {
            // Safety: `held` is a tail exactly when `holdsTail` (`init`, `holdTail`, `append`).
            if let tail { return tail.origin }
            return unsafeDowncast(held.object, to: ParameterOrigin.self)
        }
    }
    private var names: ParameterNames { origin.names }
    /// The spans past the inline ones and the extras of the info these parameters are the storage of,
    /// in one object: nil for a plain match (and for hand-built parameters of up to eight values).
    @usableFromInline var tail: ParameterTail? {
        @inlinable @inline(__always) get {
            // Safety: as for `origin`.
            byteLane(Lanes.holdsTail) == 0 ? nil : unsafeDowncast(held.object, to: ParameterTail.self)
        }
    }

    /// Where each field sits in `lanes`, in bytes.
    @usableFromInline enum Lanes {
        /// `InlineSpans` (the spans, then `count` and `present`, Int32 each) at 0.
        @inlinable static var inlineSpans: Int { 0 }
        /// `InlineSpans.present`, which here counts every present parameter, those in `tail`'s overflow
        /// too (`append`): `count` reads it alone. (With the overflow's in a lane of their own, every
        /// `info.params.count` of a match added a constant zero out of the vector: 5 instructions.)
        @inlinable static var present: Int { 36 }
        /// `RouteInfo.pathEnd` (Int32).
        @inlinable static var pathEnd: Int { 40 }
        /// Whether `held` is a `ParameterTail` (UInt8, 0 or 1).
        @inlinable static var holdsTail: Int { 44 }
        /// `RouteInfo.fromParameters` (UInt8).
        @inlinable static var borrowed: Int { 48 }
        /// `escaped` (UInt8, 0 or 1).
        @inlinable static var escaped: Int { 49 }
    }

    // The vector read and written as a vector of wider integers (`unsafeBitCast` between vectors of the
    // same 64 bytes, which the compiler turns into nothing): through its bytes (`withUnsafeBytes`,
    // `storeBytes`), the compiler put the vector together again byte by byte, about 150 instructions a
    // `match` (issue 37, tenth session).
    // Safety: every offset `Lanes` names is inside the vector's 64 bytes and aligned for what is read
    // there; what is stored there is trivial.

    /// The `Int32` at byte `offset` of `lanes`.
    @inlinable @inline(__always)
    func int32Lane(_ offset: Int) -> Int32 { unsafeBitCast(lanes, to: SIMD16<Int32>.self)[offset &>> 2] }

    @inlinable @inline(__always)
    mutating func setInt32Lane(_ offset: Int, to value: Int32) {
        var words = unsafeBitCast(lanes, to: SIMD16<Int32>.self)
        words[offset &>> 2] = value
        lanes = unsafeBitCast(words, to: SIMD32<Int16>.self)
    }

    /// The byte at `offset` of `lanes`.
    @inlinable @inline(__always)
    func byteLane(_ offset: Int) -> UInt8 { unsafeBitCast(lanes, to: SIMD64<UInt8>.self)[offset] }

    @inlinable @inline(__always)
    mutating func setByteLane(_ offset: Int, to value: UInt8) {
        var bytes = unsafeBitCast(lanes, to: SIMD64<UInt8>.self)
        bytes[offset] = value
        lanes = unsafeBitCast(bytes, to: SIMD32<Int16>.self)
    }

    /// The vector of a match's parameters: `spans`, then the info's `pathEnd` and `borrowed`, no
    /// overflow, escaped. The spans go in as the five words they are: put in lane by lane (or byte by
    /// byte), the compiler took them apart first (issue 37, ninth and tenth sessions).
    @inlinable @inline(__always)
    static func lanes(_ spans: InlineSpans, pathEnd: Int32, borrowed: UInt8) -> SIMD32<Int16> {
        let words = unsafeBitCast(spans, to: (UInt64, UInt64, UInt64, UInt64, UInt64).self)
        // Word 5: `pathEnd` (bytes 40-43), no tail (44); word 6: `borrowed` (48), escaped (49).
        let vector = SIMD8<UInt64>(words.0, words.1, words.2, words.3, words.4, UInt64(UInt32(bitPattern: pathEnd)),
                                   0x100 | UInt64(borrowed), 0)
        return unsafeBitCast(vector, to: SIMD32<Int16>.self)
    }

    /// One span per name: the first eight inline, so a match with up to eight parameters allocates
    /// nothing; later ones (and every one from the first that does not fit a `Span`) in the tail.
    @usableFromInline var inline: InlineSpans {
        @inlinable @inline(__always) get {
            let words = unsafeBitCast(lanes, to: SIMD8<UInt64>.self)
            return unsafeBitCast((words[0], words[1], words[2], words[3], words[4]), to: InlineSpans.self)
        }
        @inlinable @inline(__always) set {
            let spans = unsafeBitCast(newValue, to: (UInt64, UInt64, UInt64, UInt64, UInt64).self)
            var words = unsafeBitCast(lanes, to: SIMD8<UInt64>.self)
            (words[0], words[1], words[2], words[3], words[4]) = spans
            lanes = unsafeBitCast(words, to: SIMD32<Int16>.self)
        }
    }
    /// Present parameters.
    ///
    ///     try table.match("/album/12")?.info.params.count   // 1
    @inlinable public var count: Int { Int(int32Lane(Lanes.present)) }
    /// Whether values still hold `%XX` escapes (a match) or are already text (a literal).
    var escaped: Bool { byteLane(Lanes.escaped) != 0 }
    /// The spans past the inline ones (nil when there are none).
    var overflow: [WideSpan]? { tail?.overflow }

    init(source: String, origin: ParameterOrigin, escaped: Bool) {
        self.init(source: source, origin: origin, spans: InlineSpans())
        setByteLane(Lanes.escaped, to: escaped ? 1 : 0)
    }

    /// A match's parameters: one span of the (escaped) `source` per name, absent ones included.
    /// Inlinable, as the lookup's callers that make them are. The spans are stored as their 40 bytes
    /// (`lanes(_:pathEnd:borrowed:)`, which `RouteTable.match` calls itself): put in lane by lane, the
    /// compiler took them apart into sixteen values and put them together again (about 60 instructions
    /// a match; issue 37, ninth session).
    @inlinable
    init(source: String, origin: ParameterOrigin, spans: InlineSpans) {
        self.init(source: source, origin: origin, spans: spans, pathEnd: -1, borrowed: 0)
    }

    /// `init(source:origin:spans:)` as the storage of an info whose path ends at `pathEnd` in `source`
    /// and which reads `borrowed` (`RouteInfo.Borrowed`) from these parameters.
    @inlinable
    init(source: String, origin: ParameterOrigin, spans: InlineSpans, pathEnd: Int32, borrowed: UInt8) {
        self.source = source
        held = Held(origin)
        lanes = Parameters.lanes(spans, pathEnd: pathEnd, borrowed: borrowed)
    }

    /// The offset of the text's first `?` or `#` (its end when there is none), read from where the
    /// inline values end: for text whose values are spans of the path before it (a lookup's hit).
    var firstMarkAfterValues: Int32 {
        let start = inline.valuesEnd
        let end = source.utf8.withContiguousStorageIfAvailable { PathSegmenter.pathEnd($0, from: start) }
            ?? Array(source.utf8).withUnsafeBufferPointer { PathSegmenter.pathEnd($0, from: start) }
        return Int32(truncatingIfNeeded: end)
    }

    /// These parameters as the storage of an info whose path ends at `pathEnd` in their text (-1: the
    /// text is the path), which reads `borrowed` from them, and which keeps `extras` (in place of any
    /// they held for another info).
    func holding(pathEnd: Int32, borrowed: RouteInfo.Borrowed, extras: RouteInfoExtras) -> Parameters {
        var params = self
        params.setInt32Lane(Lanes.pathEnd, to: pathEnd)
        params.setByteLane(Lanes.borrowed, to: borrowed.rawValue)
        params.holdTail(overflow: overflow, extras: extras)
        return params
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
        if overflow == nil && inline.count < InlineSpans.capacity, let short = Span(fitting: span) {
            inline.append(short)
        } else {
            hold(ParameterTail(origin: origin, overflow: (overflow ?? []) + [span], extras: tail?.extras ?? RouteInfoExtras()))
            // Counted with the inline ones (`Lanes.present`): once there is an overflow, every later span
            // goes there, so the inline spans' own count is never asked apart from it.
            if span.start >= 0 { setInt32Lane(Lanes.present, to: int32Lane(Lanes.present) &+ 1) }
        }
    }

    /// Holds a tail of `overflow` and `extras` (in place of any tail held), or the origin alone when both
    /// are empty.
    mutating func holdTail(overflow: [WideSpan]?, extras: RouteInfoExtras) {
        let origin = origin
        if overflow == nil && extras.isEmpty {
            held = Held(origin)
            setByteLane(Lanes.holdsTail, to: 0)
        } else {
            hold(ParameterTail(origin: origin, overflow: overflow, extras: extras))
        }
    }

    /// Holds `tail` in place of the origin or any tail held (`tail.origin` is the origin).
    private mutating func hold(_ tail: ParameterTail) {
        held = Held(tail)
        setByteLane(Lanes.holdsTail, to: 1)
    }

    /// Spans appended so far (absent ones included).
    private var spanCount: Int { Int(inline.count) + (overflow?.count ?? 0) }

    private func span(_ index: Int) -> WideSpan {
        index < Int(inline.count) ? WideSpan(inline[index]) : overflow![index - Int(inline.count)]
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
                    (overflow ?? []).withUnsafeBufferPointer { overflow in
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

/// What a `Parameters` value keeps out of line: the spans past its inline ones, and the extras of the
/// `RouteInfo` whose storage it is; nil (no object) when there are neither, as for a plain match. One
/// final class of constants: one reference to retain wherever an info is copied, and the extras read
/// in place (`tail?.extras.fragment`). An array of one optional `RouteInfoExtras` in its place had
/// each read copy the extras out whole, through their value witnesses, to read one field or to ask
/// whether there were any: `lua-push-pop` 3,747 instructions against `main`'s 2,838 (issue 37, ninth
/// session, Benchmarks/README.md); with this class, 2,699 (tenth session). Changing either makes a new
/// one (an `append` past the inline spans copies the overflow: more than eight parameters are rare).
@usableFromInline final class ParameterTail: Sendable {
    /// The parameters' origin (`Parameters.origin`), held here when they hold a tail.
    @usableFromInline let origin: ParameterOrigin
    /// The spans past the inline ones; nil when there are none.
    let overflow: [Parameters.WideSpan]?
    /// The info's extras; empty (`RouteInfoExtras()`) when it has none.
    let extras: RouteInfoExtras
    /// Whether `extras` holds anything (`RouteInfoExtras.isEmpty`), read without looking at them.
    let hasExtras: Bool
    /// `extras.matchDeclaration`: the route a match names when its info's parameters' origin is not that
    /// route's declaration (`RouteInfo.naming`); nil otherwise. A stored constant visible to inlined code,
    /// so that `RouteMatch.route` reads it (or the origin) in place: read through a call, the result
    /// was retained for every `found.route.id`.
    @usableFromInline let matchDeclaration: RouteDeclaration?

    init(origin: ParameterOrigin, overflow: [Parameters.WideSpan]?, extras: RouteInfoExtras) {
        self.origin = origin
        self.overflow = overflow
        self.extras = extras
        hasExtras = !extras.isEmpty
        matchDeclaration = extras.matchDeclaration
    }
}
