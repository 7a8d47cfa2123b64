/// What a typed parameter may hold (issue 33): `route("/album/:id", {params = {id = "int"}})`. A value
/// that does not fit makes the route no match (the next candidate is tried, as for a validator); one
/// that fits is handed to scripts coerced (`info.params.id` is the number 12, not "12").
///
///     ParameterType.int.coerced("12")      // .integer(12)
///     ParameterType.int.coerced("12a")     // nil
///     ParameterType.oneOf(["grid", "list"]).coerced("grid")   // .text("grid")
public enum ParameterType: Sendable, Equatable {
    /// Decimal digits with an optional leading `-`, within 64 bits.
    case int
    /// A decimal number (`-1.5`, `2e3`): no `inf`, `nan` or hexadecimal.
    case number
    /// `8-4-4-4-12` hexadecimal digits, either case; kept as written.
    case uuid
    /// `true` or `false`.
    case bool
    /// One of the listed words, compared exactly.
    case oneOf([String])
    /// Whatever `accepts` says; `description` names it ("matching ^[a-z-]+$"). The Lua layer checks a
    /// Lua pattern with it, in the script's engine (budgeted there).
    case matching(description: String, accepts: ParameterMatcher)

    /// How the type reads in an explanation, a route listing or the types file: "int", "grid|list".
    package var name: String {
        switch self {
        case .int: "int"
        case .number: "number"
        case .uuid: "uuid"
        case .bool: "bool"
        case .oneOf(let words): words.joined(separator: "|")
        case .matching(let description, _): "matching \(description)"
        }
    }

    /// The value `text` stands for, or nil when it does not fit. Throws what a `matching` check throws.
    package func coerced(_ text: String) throws -> ParameterValue? {
        switch self {
        case .int: return Self.integer(text).map(ParameterValue.integer)
        case .number: return Self.isDecimal(text) ? Double(text).map(ParameterValue.number) : nil
        case .uuid: return Self.isUUID(text) ? .text(text) : nil
        case .bool: return text == "true" ? .boolean(true) : text == "false" ? .boolean(false) : nil
        case .oneOf(let words): return words.contains(text) ? .text(text) : nil
        case .matching(_, let matcher): return try matcher.accepts(text) ? .text(text) : nil
        }
    }

    /// Why `text` is refused, for `:explain`, errors and `check`: `id "abc" is not an int`.
    package func refusal(of text: String, parameter: String) -> String {
        let shown = "\(parameter) \"\(text)\""
        switch self {
        case .int: return "\(shown) is not an int"
        case .number: return "\(shown) is not a number"
        case .uuid: return "\(shown) is not a uuid"
        case .bool: return "\(shown) is not a bool (true or false)"
        case .oneOf(let words): return "\(shown) is not one of " + words.joined(separator: ", ")
        case .matching(let description, _): return "\(shown) does not match \(description)"
        }
    }

    /// Digits with an optional `-`, read without making anything (the check a typed `int` lookup pays).
    static func integer(_ text: String) -> Int? {
        var text = text
        return text.withUTF8(integer(bytes:))
    }

    static func integer(bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        // Up to 18 digits cannot overflow: no check per digit (the common case, and what a typed lookup pays).
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = bytes.count - (negative ? 1 : 0)
        if digits > 0 && digits <= 18 {
            var value = 0
            for index in (negative ? 1 : 0)..<bytes.count {
                let digit = Int(bytes[index]) &- 48
                guard digit >= 0 && digit <= 9 else { return nil }
                value = value &* 10 &+ digit
            }
            return negative ? -value : value
        }
        do {
            var index = 0
            let negative = bytes.first == UInt8(ascii: "-")
            if negative { index = 1 }
            guard index < bytes.count else { return nil }
            var value = 0
            while index < bytes.count {
                let digit = Int(bytes[index]) &- 48
                guard digit >= 0 && digit <= 9 else { return nil }
                let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowB) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
                if overflowA || overflowB { return nil }
                value = sum
                index += 1
            }
            return value
        }
    }

    /// Whether a captured value, its bytes still percent-escaped as in the path, fits. An `int` without
    /// an escape is read in place: what a typed lookup pays is this loop over its digits.
    func fits(escaped bytes: UnsafeBufferPointer<UInt8>) throws -> Bool {
        if case .int = self, !bytes.contains(UInt8(ascii: "%")) { return Self.integer(bytes: bytes) != nil }
        return try coerced(PercentCoding.decode(String(decoding: bytes, as: UTF8.self))) != nil
    }

    /// `-?digits(.digits)?([eE][+-]?digits)?` or `-?.digits...`: what a person writes, and nothing that
    /// `Double(_:)` also takes but no path should carry (`inf`, `nan`, `0x1p3`).
    private static func isDecimal(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits() -> Int {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    private static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 102) else { return false }
            }
        }
        return true
    }

    public static func == (a: ParameterType, b: ParameterType) -> Bool {
        switch (a, b) {
        case (.int, .int), (.number, .number), (.uuid, .uuid), (.bool, .bool): true
        case let (.oneOf(x), .oneOf(y)): x == y
        case let (.matching(x, _), .matching(y, _)): x == y
        default: false
        }
    }
}

/// The check of a `matching` type, held by reference so a type stays cheap to copy. The check is
/// `@Sendable`, so the compiler checks that a table's types may be sent: a check tied to one thread
/// (the Lua layer's, which calls into its engine) says so where it is made.
public final class ParameterMatcher: Sendable {
    package let accepts: @Sendable (String) throws -> Bool

    public init(_ accepts: @escaping @Sendable (String) throws -> Bool) { self.accepts = accepts }
}

/// A typed parameter's value: what `info.params.NAME` is in Lua.
package enum ParameterValue: Sendable, Equatable {
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case text(String)
}

/// A route's typed parameters, by their position in the pattern (so a lookup finds a value without
/// comparing names).
///
///     let types = ParameterTypes([("id", .int)], pattern: try Pattern("/album/:id"))
package final class ParameterTypes: Sendable {
    package struct Entry: Sendable {
        package let name: String
        package let type: ParameterType
        /// The parameter's position among the pattern's parameters.
        let slot: Int
    }

    package let entries: [Entry]
    /// The slots typed `int` (the common type), checked first without copying an entry or its type.
    private let intSlots: [Int]
    /// The other entries.
    private let otherEntries: [Entry]

    /// nil when a name is not a parameter of the pattern (the caller says so, with the names it has).
    package init?(_ types: [(String, ParameterType)], pattern: Pattern) {
        let names = pattern.parameterNames
        var entries: [Entry] = []
        for (name, type) in types {
            guard let slot = names.firstIndex(of: name) else { return nil }
            entries.append(Entry(name: name, type: type, slot: slot))
        }
        self.entries = entries.sorted { $0.slot < $1.slot }
        intSlots = self.entries.filter { $0.type == .int }.map(\.slot)
        otherEntries = self.entries.filter { $0.type != .int }
    }

    package func type(of parameter: String) -> ParameterType? {
        entries.first { $0.name == parameter }?.type
    }

    /// Whether every present value fits, read from the spans of a match in `path` (the lent lookup).
    func fit(_ path: UnsafeBufferPointer<UInt8>, _ spans: Parameters.InlineSpans) throws -> Bool {
        for slot in intSlots {
            let span = spans[slot]
            guard span.start >= 0 else { continue }
            let value = UnsafeBufferPointer(rebasing: path[span.start..<span.end])
            if ParameterType.integer(bytes: value) == nil, try !ParameterType.int.fits(escaped: value) { return false }
        }
        for entry in otherEntries {
            let span = spans[entry.slot]
            guard span.start >= 0 else { continue }
            if try !entry.type.fits(escaped: UnsafeBufferPointer(rebasing: path[span.start..<span.end])) { return false }
        }
        return true
    }

    /// The reason the first present value that does not fit is refused, or nil when every one fits.
    package func refusal(in params: Parameters) throws -> String? {
        for entry in entries {
            guard let text = params.value(atSlot: entry.slot) else { continue }
            if entry.type == .int {
                if ParameterType.integer(text) == nil { return entry.type.refusal(of: text, parameter: entry.name) }
            } else if try entry.type.coerced(text) == nil {
                return entry.type.refusal(of: text, parameter: entry.name)
            }
        }
        return nil
    }

    /// The refusal of one value by name (`url()`, `check`), nil when it fits or the parameter is untyped.
    package func refusal(of text: String, parameter: String) throws -> String? {
        guard let type = type(of: parameter) else { return nil }
        return try type.coerced(text) == nil ? type.refusal(of: text, parameter: parameter) : nil
    }

    /// The coerced values of the present typed parameters, in pattern order (a value that no longer fits,
    /// a restored screen's, is left out: scripts then read the text).
    package func coerced(_ params: Parameters) -> [(name: String, value: ParameterValue)] {
        entries.compactMap { entry in
            guard let text = params.value(atSlot: entry.slot), let value = try? entry.type.coerced(text) else { return nil }
            return (entry.name, value)
        }
    }
}

extension Parameters {
    /// The types of the route these parameters matched, nil for an untyped route or parameters made by
    /// hand.
    package var types: ParameterTypes? { origin.declaredTypes }

    /// The coerced values of the typed parameters (empty for an untyped route).
    package var typedValues: [(name: String, value: ParameterValue)] { types?.coerced(self) ?? [] }
}
