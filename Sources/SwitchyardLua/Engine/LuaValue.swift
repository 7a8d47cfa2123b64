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
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(LuaString)
    case table(LuaTable)
    case function(LuaFunction)
    case userdata(LuaUserdata)
    case lightUserdata(UnsafeMutableRawPointer?)
    case thread(LuaThread)

    /// Lua's name for the type, as `type(v)` returns it.
    public var typeName: String {
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

    public var isNil: Bool { if case .nil = self { true } else { false } }
    /// Lua truth: everything but nil and false.
    public var isTruthy: Bool {
        switch self {
        case .nil, .boolean(false): false
        default: true
        }
    }

    /// The string, when the value is one (numbers are not converted).
    public var stringValue: String? { if case .string(let s) = self { s.string } else { nil } }
    public var bytesValue: [UInt8]? { if case .string(let s) = self { s.bytes } else { nil } }
    public var boolValue: Bool? { if case .boolean(let b) = self { b } else { nil } }
    /// Integers, and floats with an exact integer value (Lua's `math.tointeger`).
    public var integerValue: Int64? {
        switch self {
        case .integer(let i): i
        case .number(let d): Int64(exactly: d)
        default: nil
        }
    }
    public var tableValue: LuaTable? { if case .table(let t) = self { t } else { nil } }
    public var functionValue: LuaFunction? { if case .function(let f) = self { f } else { nil } }
    /// A function, or a table Lua can call (its metatable has `__call`, as a spy's does).
    public var callableValue: LuaFunction? {
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
    public init(nilLiteral: ()) { self = .nil }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(LuaString(value)) }
}

extension LuaValue: Equatable {
    /// Lua's raw equality: values by value, tables/functions/userdata by identity.
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
    /// Like Lua's `tostring` without metamethods: "nil", "true", "12", "1.5", the string, "table".
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
