import CLua
import Switchyard

/// The `query` and `query_mismatch` options of `route` (issue 33):
/// `query = {page = {type = "int", default = 1}, tab = {"info", "tracks"}, q = {required = true}}`.
/// A key's spec is a type as `params` takes it (`"int"`, a list of words, `{match = "lua pattern"}`) or
/// a record `{type = ..., default = ..., required = true}`. `query_mismatch` says what a value that does
/// not fit makes of the route: `"no_match"` (the default: the next candidate is tried) or `"error"`.
enum QuerySchemaOption {
    static let recordKeys = ["type", "default", "required"]

    /// The route's schema, nil without a `query` option. `find` is as for `ParameterTypeOption.types`.
    static func schema(_ value: LuaValue, mismatch: LuaValue, pattern: String,
                       find: () throws(LuaError) -> LuaFunction) throws(LuaError) -> QuerySchema? {
        let subject = "route \(pattern): option 'query'"
        let answer = try self.mismatch(mismatch, pattern: pattern)
        guard !value.isNil else {
            if !mismatch.isNil { throw LuaError("route \(pattern): option 'query_mismatch' needs a 'query' schema beside it") }
            return nil
        }
        guard let table = value.tableValue else {
            throw LuaError("\(subject) must be a table such as {page = {type = \"int\", default = 1}}, got \(value.typeName)")
        }
        var entries: [QuerySchema.Entry] = []
        for (key, spec) in try table.pairs() {
            guard let name = key.stringValue, !name.isEmpty else {
                throw LuaError("\(subject): keys are query parameter names (strings), got \(key.typeName)")
            }
            entries.append(try entry(name, spec, subject: "\(subject): \(name)", find: find))
        }
        guard !entries.isEmpty else { throw LuaError("\(subject) is empty: declare at least one key, or leave it out") }
        do { return try QuerySchema(entries, mismatch: answer) } catch {
            throw LuaError("route \(pattern): \(error.description)")
        }
    }

    private static func mismatch(_ value: LuaValue, pattern: String) throws(LuaError) -> QuerySchema.Mismatch {
        guard !value.isNil else { return .noMatch }
        guard let word = value.stringValue, let answer = QuerySchema.Mismatch(rawValue: word) else {
            throw LuaError("route \(pattern): option 'query_mismatch' must be \"no_match\" (the next candidate is tried)"
                           + " or \"error\", got \(value.stringValue.map { "\"\($0)\"" } ?? value.typeName)")
        }
        return answer
    }

    /// One key: a type, or a record with `type`, `default` and `required`.
    private static func entry(_ name: String, _ spec: LuaValue, subject: String,
                              find: () throws(LuaError) -> LuaFunction) throws(LuaError) -> QuerySchema.Entry {
        guard let table = spec.tableValue else {
            return QuerySchema.Entry(key: name, type: try ParameterTypeOption.type(spec, subject: subject, find: find))
        }
        let pairs = try table.pairs()
        let named = pairs.compactMap(\.key.stringValue).filter { $0 != "match" }
        // A list of words or {match = ...}: the type alone.
        guard !named.isEmpty else {
            return QuerySchema.Entry(key: name, type: try ParameterTypeOption.type(spec, subject: subject, find: find))
        }
        for key in named where !recordKeys.contains(key) {
            let near = TypoSuggestion.nearest(key, among: recordKeys)
            let hint = near.isEmpty ? "" : "did you mean '\(near[0])'? "
            throw LuaError("\(subject): unknown field '\(key)' (\(hint)a key takes type, default and required)")
        }
        let typeValue = try table.rawGet("type")
        let type = typeValue.isNil ? nil : try ParameterTypeOption.type(typeValue, subject: subject, find: find)
        let defaultValue = try table.rawGet("default")
        var defaultText: String?
        if !defaultValue.isNil {
            guard let text = ParameterTypeOption.text(of: defaultValue) else {
                throw LuaError("\(subject): default must be a string, number or boolean, got \(defaultValue.typeName)")
            }
            defaultText = text
        }
        let requiredValue = try table.rawGet("required")
        guard requiredValue.isNil || requiredValue.boolValue != nil else {
            throw LuaError("\(subject): required must be true or false, got \(requiredValue.typeName)")
        }
        return QuerySchema.Entry(key: name, type: type, defaultValue: defaultText, required: requiredValue.boolValue ?? false)
    }
}

extension LuaState {
    /// Replaces the `query` of the info or screen table on top with the schema's reading of `query`
    /// (declared values coerced, defaults filled in). Only routes with a schema pay for it. [-0, +0]
    func replaceSchemaQuery(_ query: [String: String], schema: QuerySchema?, on L: OpaquePointer) throws(LuaError) {
        guard let schema else { return }
        try push(query: query, schema: schema, on: L)
        try setField("query", on: L)
    }

    /// A query table: as the schema reads it, or the strings as they are without one. [-0, +1]
    func push(query: [String: String], schema: QuerySchema?, on L: OpaquePointer) throws(LuaError) {
        guard let schema else { return try push(stringMap: query, on: L) }
        let values = schema.coerced(query)
        try pushNewTable(on: L, record: values.count)
        for (key, value) in values {
            try push(ParameterTypeOption.luaValue(value), on: L)
            try setField(key, on: L)
        }
    }
}
