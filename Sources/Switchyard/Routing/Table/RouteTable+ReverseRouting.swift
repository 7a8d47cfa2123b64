extension RouteTable {
    /// Builds a path from a route name; values are percent-encoded, an empty optional is left out.
    ///
    ///     try table.url(name: "album", params: ["id": "12"], query: [("tab", "info")])   // "/album/12?tab=info"
    public func url(name: String, params: [String: String],
                    query: [(String, String)] = []) throws(RoutingError) -> String {
        guard let index = names[name] else {
            throw RoutingError(.unknownRouteName(name, suggestions: nearestNames(to: name)))
        }
        if let types = storage[index].parameterTypes {
            for entry in types.entries {
                guard let value = params[entry.name], !value.isEmpty else { continue }
                let refusal: String?
                do { refusal = try types.refusal(of: value, parameter: entry.name) } catch {
                    refusal = "\(entry.name) \"\(value)\" could not be checked: \(error)"
                }
                if let refusal { throw RoutingError(.invalidParameter(route: name, reason: refusal)) }
            }
        }
        if let schema = storage[index].querySchema {
            for (key, value) in query {
                let refusal: String?
                do { refusal = try schema.refusal(of: value, key: key) } catch {
                    refusal = "query \(key) \"\(value)\" could not be checked: \(error)"
                }
                if let refusal { throw RoutingError(.invalidParameter(route: name, reason: refusal)) }
            }
            let given = Set(query.map(\.0))
            if let missing = schema.entries.first(where: { $0.required && !given.contains($0.key) }) {
                throw RoutingError(.invalidParameter(route: name, reason: "query \(missing.key) is required"))
            }
        }
        var parts: [String] = []
        for segment in storage[index].pattern.segments {
            switch segment {
            case .literal(let text):
                parts.append(text)
            case .parameter(let parameter):
                guard let value = params[parameter], !value.isEmpty else {
                    throw RoutingError(.missingParameter(route: name, parameter: parameter))
                }
                parts.append(PercentCoding.encodeSegment(value))
            case .optional(let parameter):
                if let value = params[parameter], !value.isEmpty { parts.append(PercentCoding.encodeSegment(value)) }
            case .splat(let parameter):
                let rest = params[parameter] ?? ""
                parts += rest.split(separator: "/").map { PercentCoding.encodeSegment(String($0)) }
            }
        }
        var url = "/" + parts.joined(separator: "/")
        if !query.isEmpty {
            url += "?" + query.map { PercentCoding.encode($0.0) + "=" + PercentCoding.encode($0.1) }.joined(separator: "&")
        }
        return url
    }
}
