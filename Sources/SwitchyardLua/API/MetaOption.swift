import Switchyard

/// The `meta` option of `route` and `group` (issue 33): any table that saves as JSON (strings, numbers,
/// booleans, lists and records of them), read once at the declaration and handed to scripts as
/// `info.meta`.
enum MetaOption {
    /// Deeper than any meta a person writes; a table that contains itself stops here.
    static let depthLimit = 32

    /// `option`: the option's name in errors (`extra` of `nav.push` is read the same way).
    static func meta(_ value: LuaValue, context: String, option: String = "meta") throws(LuaError) -> RouteMeta? {
        guard !value.isNil else { return nil }
        guard case .table = value else {
            throw LuaError("\(context): option '\(option)' must be a table, got \(value.typeName)")
        }
        return try convert(value, path: option, depth: 0, context: context)
    }

    private static func convert(_ value: LuaValue, path: String, depth: Int, context: String) throws(LuaError) -> RouteMeta {
        switch value {
        case .string(let text): return .string(text.string)
        case .integer(let number): return .integer(Int(number))
        case .number(let number):
            guard number.isFinite else { throw LuaError("\(context): \(path) is \(number), which JSON cannot hold") }
            return .number(number)
        case .boolean(let flag): return .boolean(flag)
        case .table(let table):
            guard depth < depthLimit else {
                throw LuaError("\(context): option '\(path.prefix { $0 != "." && $0 != "[" })' nests deeper than \(depthLimit) tables (does a table contain itself?)")
            }
            let pairs = try table.pairs()
            let count = try table.array().count
            if count == pairs.count && count > 0 {
                var items: [RouteMeta] = []
                for (index, item) in try table.array().enumerated() {
                    items.append(try convert(item, path: "\(path)[\(index + 1)]", depth: depth + 1, context: context))
                }
                return .list(items)
            }
            var fields: [String: RouteMeta] = [:]
            for (key, item) in pairs {
                guard let name = key.stringValue else {
                    throw LuaError("\(context): \(path) mixes a \(key.typeName) key with others; JSON records have string keys")
                }
                fields[name] = try convert(item, path: "\(path).\(name)", depth: depth + 1, context: context)
            }
            return .record(fields)
        default:
            throw LuaError("\(context): \(path) is a \(value.typeName), which does not save as JSON")
        }
    }
}

extension LuaState {
    /// A meta value as Lua: records and lists as fresh tables. [-0, +1]
    func push(meta: RouteMeta, on L: OpaquePointer) throws(LuaError) {
        switch meta {
        case .string(let text): try push(string: text, on: L)
        case .integer(let number): try push(.integer(Int64(number)), on: L)
        case .number(let number): try push(.number(number), on: L)
        case .boolean(let flag): try push(.boolean(flag), on: L)
        case .list(let items):
            try pushNewTable(on: L, array: items.count)
            for (index, item) in items.enumerated() {
                try push(meta: item, on: L)
                try setIndex(index + 1, on: L)
            }
        case .record(let fields):
            try pushNewTable(on: L, record: fields.count)
            for (key, item) in fields.sorted(by: { $0.key < $1.key }) {
                try push(meta: item, on: L)
                try setField(key, on: L)
            }
        }
    }

    /// Sets `meta` on the info, screen or route table on top when there is one. [-0, +0]
    func setMeta(_ meta: RouteMeta?, on L: OpaquePointer) throws(LuaError) {
        guard let meta else { return }
        try push(meta: meta, on: L)
        try setField("meta", on: L)
    }
}
