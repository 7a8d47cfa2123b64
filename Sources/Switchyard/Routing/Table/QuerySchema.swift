/// What a route declares about its query (issue 33): `route("/album/:id", {query = {page = {type =
/// "int", default = 1}, tab = {"info", "tracks"}}})`. Each declared key may have a type (the types of
/// typed parameters), a default and be required; keys it does not declare pass through unchanged.
///
/// A value that does not fit is a mismatch, which the route turns into one of two answers
/// (`Mismatch`): no match (the next candidate is tried, as for a typed parameter) or an error naming
/// the route, the key and the value. The schema is checked where validators run, after the lookup has
/// found the route's pattern: a route without one pays nothing for it.
///
///     let schema = try QuerySchema([.init(key: "page", type: .int, defaultValue: "1")], mismatch: .noMatch)
///     try schema.refusal(in: ["page": "x"])   // "query page \"x\" is not an int"
package final class QuerySchema: Sendable {
    /// What a value that does not fit makes of the route.
    package enum Mismatch: String, Sendable {
        /// The route does not match; the next candidate in rank order is tried.
        case noMatch = "no_match"
        /// The lookup fails with an error naming the route, the key and the value.
        case error
    }

    package struct Entry: Sendable {
        package let key: String
        /// nil: any text (a key declared for its default or because it is required).
        package let type: ParameterType?
        /// The value scripts read when the query has none, as text (`url` writes it the same way).
        package let defaultValue: String?
        package let required: Bool

        package init(key: String, type: ParameterType?, defaultValue: String? = nil, required: Bool = false) {
            self.key = key
            self.type = type
            self.defaultValue = defaultValue
            self.required = required
        }

        /// How the key reads in a listing: `page:int=1`, `tab:info|tracks`, `q:string!` (required).
        package var summary: String {
            var text = key + ":" + (type?.name ?? "string")
            if let defaultValue { text += "=" + defaultValue }
            if required { text += "!" }
            return text
        }

        /// Why `text` is refused as this key's value, nil when it fits.
        func refusal(of text: String) throws -> String? {
            guard let type, try type.coerced(text) == nil else { return nil }
            return "query " + type.refusal(of: text, parameter: key)
        }
    }

    /// Sorted by key.
    package let entries: [Entry]
    package let mismatch: Mismatch

    /// Throws a message naming the key when a default does not fit its own type (a default outside its
    /// enumeration), or when a key is both required and has a default (it could never be missing).
    package init(_ entries: [Entry], mismatch: Mismatch) throws(QuerySchemaError) {
        for entry in entries {
            guard let value = entry.defaultValue else { continue }
            if entry.required {
                throw QuerySchemaError("query.\(entry.key): a required key cannot have a default")
            }
            if let type = entry.type, (try? type.coerced(value)) ?? nil == nil {
                throw QuerySchemaError("query.\(entry.key): default \"\(value)\" does not fit its own type: "
                                       + type.refusal(of: value, parameter: entry.key))
            }
        }
        self.entries = entries.sorted { $0.key < $1.key }
        self.mismatch = mismatch
    }

    package func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }

    /// The first declared key (in key order) whose value does not fit, or that is required and missing:
    /// `query page "x" is not an int`, `query q is required`; nil when the query fits.
    package func refusal(in query: [String: String]) throws -> String? {
        for entry in entries {
            if let text = query[entry.key] {
                if let refusal = try entry.refusal(of: text) { return refusal }
            } else if entry.required {
                return "query \(entry.key) is required"
            }
        }
        return nil
    }

    /// The refusal of one value a caller gives (`url()`), nil when it fits or the key is not declared.
    package func refusal(of text: String, key: String) throws -> String? {
        try entry(key)?.refusal(of: text)
    }

    /// The query as scripts read it: declared values coerced, defaults filled in for declared keys the
    /// query lacks, every other key as it came. A value that does not fit (a restored screen's, whose
    /// schema changed) is left as text.
    package func coerced(_ query: [String: String]) -> [(key: String, value: ParameterValue)] {
        var values: [String: ParameterValue] = query.mapValues { .text($0) }
        for entry in entries {
            guard let text = query[entry.key] ?? entry.defaultValue else { continue }
            values[entry.key] = entry.type.flatMap { try? $0.coerced(text) } ?? .text(text)
        }
        return values.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }

    /// `page:int=1 tab:info|tracks`, for `routes`, `:routes` and the graph.
    package var summary: String { entries.map(\.summary).joined(separator: " ") }
}

/// A query schema that cannot be declared, or a query that a route with `Mismatch.error` refuses:
/// `route "album": query page "x" is not an int`.
package struct QuerySchemaError: Error, CustomStringConvertible, Sendable {
    package let description: String

    package init(_ description: String) { self.description = description }

    /// The error of a lookup whose query `route` (its name, or its pattern when it has none) refuses.
    package static func refused(route: String, _ reason: String) -> QuerySchemaError {
        QuerySchemaError("route \"\(route)\": \(reason)")
    }
}

extension Parameters {
    /// The query schema of the route these parameters matched, nil when it has none.
    package var querySchema: QuerySchema? { origin.declaredQuerySchema }
}
