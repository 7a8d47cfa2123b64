import CLuaShim
import Switchyard

/// `sy_Field` arrays pointing at bytes that stay valid for the length of a closure: the C shim copies
/// them into Lua strings inside one protected call, so no Swift string is copied on the way.
enum LuaFields {
    /// Stands in for an empty value whose buffer has no address (NULL would mean "leave the field out").
    private static let empty: StaticString = ""

    static func field(_ key: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>?) -> sy_Field {
        sy_Field(key: chars(key), keylen: key.count, value: value.map(chars), valuelen: value?.count ?? 0)
    }

    static func chars(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar> {
        UnsafeRawPointer(bytes.baseAddress ?? empty.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// Any keys and values, copied into one byte pool first; nil values are left out.
    static func withPooled<Result>(_ pairs: [(key: String, value: String?)],
                                   _ body: (UnsafeBufferPointer<sy_Field>) -> Result) -> Result {
        var bytes: [UInt8] = []
        var spans: [(key: Range<Int>, value: Range<Int>?)] = []
        spans.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            let keyStart = bytes.count
            bytes.append(contentsOf: key.utf8)
            let keyRange = keyStart..<bytes.count
            let valueStart = bytes.count
            if let value { bytes.append(contentsOf: value.utf8) }
            spans.append((keyRange, value.map { _ in valueStart..<bytes.count }))
        }
        return bytes.withUnsafeBufferPointer { pool in
            withUnsafeTemporaryAllocation(of: sy_Field.self, capacity: spans.count) { fields in
                for (index, span) in spans.enumerated() {
                    fields.initializeElement(at: index, to: field(UnsafeBufferPointer(rebasing: pool[span.key]),
                                                                  span.value.map { UnsafeBufferPointer(rebasing: pool[$0]) }))
                }
                return body(UnsafeBufferPointer(fields))
            }
        }
    }

    /// Fixed keys and string values (nil ones left out), from the strings' own UTF-8: no pool.
    static func withBorrowed<Result>(_ pairs: [(key: StaticString, value: String?)],
                                     _ body: (UnsafeBufferPointer<sy_Field>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: sy_Field.self, capacity: pairs.count) { fields in
            borrow(pairs[...], into: fields, filled: 0, body)
        }
    }

    /// Fills `fields` from `filled` on with each value's bytes, valid inside the nested `withUTF8`s.
    private static func borrow<Result>(_ pairs: ArraySlice<(key: StaticString, value: String?)>,
                                       into fields: UnsafeMutableBufferPointer<sy_Field>, filled: Int,
                                       _ body: (UnsafeBufferPointer<sy_Field>) -> Result) -> Result {
        guard let (key, value) = pairs.first else { return body(UnsafeBufferPointer(rebasing: fields[..<filled])) }
        guard var text = value else { return borrow(pairs.dropFirst(), into: fields, filled: filled, body) }
        return text.withUTF8 { utf8 in
            fields.initializeElement(at: filled, to: field(bytes(key), utf8))
            return borrow(pairs.dropFirst(), into: fields, filled: filled + 1, body)
        }
    }

    /// A match's parameters straight from the path's bytes; pooled only when a value has an escape to decode.
    static func withParameters(_ params: Parameters, _ body: (UnsafeBufferPointer<sy_Field>) -> Int32) -> Int32 {
        let direct = params.withUTF8Pairs { pairs in
            withUnsafeTemporaryAllocation(of: sy_Field.self, capacity: pairs.count) { fields in
                for (index, pair) in pairs.enumerated() {
                    fields.initializeElement(at: index, to: field(pair.name, pair.value))
                }
                return body(UnsafeBufferPointer(fields))
            }
        }
        return direct ?? withPooled(params.map { (key: $0.name, value: Optional($0.value)) }, body)
    }

    /// A query dictionary; the common empty one costs nothing.
    static func withQuery<Result>(_ query: [String: String],
                                  _ body: (UnsafeBufferPointer<sy_Field>) -> Result) -> Result {
        if query.isEmpty { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return withPooled(query.map { (key: $0.key, value: Optional($0.value)) }, body)
    }

    /// A list of strings as fields with empty keys (their values in order); the common empty list
    /// costs nothing.
    static func withValues<Result>(_ list: [String], _ body: (UnsafeBufferPointer<sy_Field>) -> Result) -> Result {
        if list.isEmpty { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return withPooled(list.map { (key: "", value: Optional($0)) }, body)
    }

    /// A string's UTF-8 as C sees it, valid inside `body`; nil stays nil (a field left out).
    static func withText<Result>(_ text: String?,
                                 _ body: ((UnsafePointer<CChar>?, Int)) -> Result) -> Result {
        guard var text else { return body((nil, 0)) }
        return text.withUTF8 { utf8 in body((chars(utf8), utf8.count)) }
    }

    private static func bytes(_ key: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
    }
}
