import Switchyard

/// Paths a walk opens for an `entry` route with typed parameters (issue 33): one whose values fit,
/// then, for each typed parameter, one whose value does not (which must not land on the route: a
/// screen of a typed route holding a wrong value would fail the walk's save-and-restore check).
///
///     TypedSamples.paths(of: albumRoute)   // ["/album/7", "/album/x7"]
enum TypedSamples {
    /// Empty when a required parameter is untyped or its type has no known sample (a Lua pattern).
    static func paths<Payload>(of route: Route<Payload>) -> [String] {
        guard let types = route.parameterTypes else { return [] }
        let segments = route.pattern.segments
        var good: [String: String] = [:]
        for segment in segments {
            guard case .parameter(let name) = segment else { continue }
            guard let sample = types.type(of: name).flatMap(fitting) else { return [] }
            good[name] = sample
        }
        var paths = [path(segments, good)]
        for entry in types.entries where good[entry.name] != nil {
            guard let wrong = misfit(entry.type) else { continue }
            var values = good
            values[entry.name] = wrong
            paths.append(path(segments, values))
        }
        return paths
    }

    private static func path(_ segments: [PatternSegment], _ values: [String: String]) -> String {
        let parts = segments.compactMap { segment -> String? in
            switch segment {
            case .literal(let text): text
            case .parameter(let name): PercentCoding.encodeSegment(values[name] ?? "")
            case .optional, .splat: nil
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func fitting(_ type: ParameterType) -> String? {
        switch type {
        case .int: "7"
        case .number: "2.5"
        case .uuid: "123e4567-e89b-12d3-a456-426614174000"
        case .bool: "true"
        case .oneOf(let words): words.first
        case .matching: nil
        }
    }

    private static func misfit(_ type: ParameterType) -> String? {
        switch type {
        case .int: "x7"
        case .number: "two"
        case .uuid: "123"
        case .bool: "maybe"
        case .oneOf(let words): words.contains("x-other") ? nil : "x-other"
        case .matching: nil
        }
    }
}
