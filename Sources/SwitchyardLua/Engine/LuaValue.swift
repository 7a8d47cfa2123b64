#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Lua value as Swift sees it. Tables, functions, userdata and threads are registry references
/// that keep the Lua object alive until Swift lets go of them.
///
/// ```swift
/// let results = try engine.run("return 1, 2.5, 'x', {}", chunkName: "=demo")
/// // [.integer(1), .number(2.5), .string("x"), .table(<LuaTable>)]
/// ```
public enum LuaValue {
    /// Lua's `nil`, also written as the literal: `let none: LuaValue = nil`.
    case `nil`
    /// `true` or `false`: `try engine.globals.rawSet("debug_mode", .boolean(true))`.
    case boolean(Bool)
    /// A Lua integer (Lua 5.4 keeps integers apart from floats): `.integer(3)` is Lua's `3`.
    case integer(Int64)
    /// A Lua float: `.number(2.5)` is Lua's `2.5`.
    case number(Double)
    /// A Lua string, bytes that need not be UTF-8: `.string("Home")` is Lua's `"Home"`.
    case string(LuaString)
    /// A Lua table, held by reference: `.table(try engine.makeTable())`.
    case table(LuaTable)
    /// A Lua function (or a Swift one made with `makeFunction`): `.function(try engine.makeFunction { _ in [] })`.
    case function(LuaFunction)
    /// A full userdata (the runtime's `nav.on` handles are), held by reference:
    /// `if case .userdata(let handle) = value { try engine.globals.rawSet("handle", .userdata(handle)) }`.
    case userdata(LuaUserdata)
    /// A light userdata, a bare pointer with no metatable: `if case .lightUserdata(let pointer) = value { _ = pointer }`.
    case lightUserdata(UnsafeMutableRawPointer?)
    /// A coroutine, held by reference: `try engine.run("return coroutine.create(print)", chunkName: "=co")` returns one.
    case thread(LuaThread)

    /// Lua's name for the type, as `type(v)` returns it.
    package var typeName: String {
        switch self {
        case .nil: "nil"
        case .boolean: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .table: "table"
        case .function: "function"
        case .userdata, .lightUserdata: "userdata"
        case .thread: "thread"
        }
    }

    /// Whether the value is `nil`: `try table.get("missing").isNil` is `true`.
    public var isNil: Bool { if case .nil = self { true } else { false } }
    /// Lua truth: everything but nil and false, so `LuaValue.integer(0).isTruthy` is `true`.
    public var isTruthy: Bool {
        switch self {
        case .nil, .boolean(false): false
        default: true
        }
    }

    /// The string, when the value is one (numbers are not converted): `LuaValue.string("x").stringValue`
    /// is `"x"`, `LuaValue.integer(1).stringValue` is nil.
    public var stringValue: String? { if case .string(let s) = self { s.string } else { nil } }
    var bytesValue: [UInt8]? { if case .string(let s) = self { s.bytes } else { nil } }
    /// The Boolean, when the value is one: `try engine.run("return 1 < 2", chunkName: "=b").first?.boolValue`
    /// is `true`; nil for anything else (Lua truth is `isTruthy`).
    public var boolValue: Bool? { if case .boolean(let b) = self { b } else { nil } }
    /// Integers, and floats with an exact integer value (Lua's `math.tointeger`): `LuaValue.number(3.0).integerValue`
    /// is `3`, `LuaValue.number(3.5).integerValue` is nil.
    public var integerValue: Int64? {
        switch self {
        case .integer(let i): i
        case .number(let d): Int64(exactly: d)
        default: nil
        }
    }
    /// The table, when the value is one: `try results[0].tableValue?.get("title")`.
    public var tableValue: LuaTable? { if case .table(let t) = self { t } else { nil } }
    /// The function, when the value is one: `try engine.globals.get("greet").functionValue?.call("Ada")`.
    public var functionValue: LuaFunction? { if case .function(let f) = self { f } else { nil } }
    /// A function, or a table Lua can call (its metatable has `__call`, as a spy's does).
    var callableValue: LuaFunction? {
        switch self {
        case .function(let f): f
        case .table(let t): t.callable
        default: nil
        }
    }

    var reference: LuaReference? {
        switch self {
        case .table(let r): r
        case .function(let r): r
        case .userdata(let r): r
        case .thread(let r): r
        default: nil
        }
    }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
    /// `nil` written as a value: `try table.rawSet("cache", nil)` removes the key.
    public init(nilLiteral: ()) { self = .nil }
    /// A Boolean literal is `.boolean`: `try table.rawSet("shown", true)`.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// An integer literal is `.integer`: `try table.rawSet("count", 3)`.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A float literal is `.number`: `try table.rawSet("ratio", 0.5)`.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A string literal is `.string`: `try table.rawSet("theme", "dark")`.
    public init(stringLiteral value: String) { self = .string(LuaString(value)) }
}

extension LuaValue: Equatable {
    /// Lua's raw equality: values by value, tables/functions/userdata by identity, so
    /// `LuaValue.integer(1) == .number(1.0)` and a table equals only itself.
    public static func == (lhs: LuaValue, rhs: LuaValue) -> Bool {
        switch (lhs, rhs) {
        case (.nil, .nil): true
        case (.boolean(let a), .boolean(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)): Double(a) == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.lightUserdata(let a), .lightUserdata(let b)): a == b
        default:
            if let a = lhs.reference, let b = rhs.reference { a.isSameObject(as: b) } else { false }
        }
    }
}

extension LuaValue: CustomStringConvertible {
    /// Like Lua's `tostring` without metamethods: "nil", "true", "12", "1.5", the string, "table";
    /// `print(results[0])` prints `12` for `.integer(12)`.
    public var description: String {
        switch self {
        case .nil: "nil"
        case .boolean(let b): b ? "true" : "false"
        case .integer(let i): String(i)
        case .number(let d): LuaValue.format(d)
        case .string(let s): s.string
        default: typeName
        }
    }

    /// LUAI_NUMFFORMAT ("%.14g") as Lua prints floats, with ".0" when that looks like an integer.
    static func format(_ d: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([d]) { vsnprintf(&buffer, buffer.count, "%.14g", $0) }
        let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let looksIntegral = text.allSatisfy { $0 == "-" || $0.isNumber }
        return looksIntegral ? text + ".0" : text
    }
}
