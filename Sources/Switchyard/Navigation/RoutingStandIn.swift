// TEMPORARY stand-in for the routing core (CORE-API.md), so the navigator builds and its tests run
// before branch `routing` lands. Delete this file when merging `routing`: its real types replace these.
// Deliberately minimal: only what the navigator calls.

public struct RouteID: Hashable, Sendable, Comparable, Codable {
    public let rawValue: Int
    public static func < (a: RouteID, b: RouteID) -> Bool { a.rawValue < b.rawValue }
}

public struct RouteInfo: @unchecked Sendable {
    public var path: String
    public var pattern: String
    public var params: [String: String]
    public var query: [String: String]
    public var fragment: String?
    public var value: Any?
}

public typealias RouteValidator = (RouteInfo) throws -> Any?

public struct Route<Payload> {
    public let id: RouteID
    public let text: String
    public let name: String?
    public let site: String?
    public let hasValidator: Bool
    public var payload: Payload
    let validator: RouteValidator?
    let segments: [String]
    public var pattern: StandInPattern { StandInPattern(text: text) }
}

public struct StandInPattern { public let text: String }

public struct RouteMatch<Payload> { public let route: Route<Payload>; public var info: RouteInfo }

public enum RoutingError: Error, CustomStringConvertible, Equatable {
    case invalidURL(String, reason: String)
    public var description: String {
        switch self { case let .invalidURL(url, reason): "invalid URL \"\(url)\": \(reason)" }
    }
}

public final class RouteTable<Payload> {
    private var table: [Route<Payload>] = []
    public init(caseInsensitive: Bool = false) {}

    @discardableResult
    public func add(_ pattern: String, name: String? = nil, site: String? = nil,
                    validator: RouteValidator? = nil, payload: Payload) throws(RoutingError) -> RouteID {
        let id = RouteID(rawValue: table.count)
        let text = PathResolver.normalize(pattern)
        table.append(Route(id: id, text: text, name: name, site: site, hasValidator: validator != nil,
                           payload: payload, validator: validator, segments: Self.split(text)))
        return id
    }

    public var routes: [Route<Payload>] { table }
    public var count: Int { table.count }
    public subscript(id: RouteID) -> Route<Payload> {
        get { table[id.rawValue] }
        set { table[id.rawValue].payload = newValue.payload }
    }

    public func match(_ path: String) throws -> RouteMatch<Payload>? { try matchAll(path).first }

    public func matchAll(_ path: String) throws -> [RouteMatch<Payload>] {
        let location = Location(parsing: path)
        let parts = Self.split(location.path)
        let ranked = table.enumerated().compactMap { index, route -> (Route<Payload>, [String: String], [Int])? in
            guard let (params, rank) = Self.bind(route.segments, to: parts) else { return nil }
            return (route, params, rank + [index])
        }.sorted { $0.2.lexicographicallyPrecedes($1.2) }
        var found: [RouteMatch<Payload>] = []
        for (route, params, _) in ranked {
            var info = RouteInfo(path: location.path, pattern: route.text, params: params,
                                 query: location.query, fragment: location.fragment, value: nil)
            if let validator = route.validator {
                guard let value = try validator(info) else { continue }
                info.value = value
            }
            found.append(RouteMatch(route: route, info: info))
        }
        return found
    }

    public func suggestions(for path: String, limit: Int = 3) -> [Route<Payload>] {
        let parts = Self.split(PathResolver.normalize(path))
        let scored = table.map { route -> (Route<Payload>, Int) in
            (route, zip(route.segments, parts).prefix { $0 == $1 || $0.hasPrefix(":") || $0.hasPrefix("*") }.count)
        }
        return scored.sorted { $0.1 > $1.1 }.prefix(limit).map(\.0)
    }

    private static func split(_ path: String) -> [String] { path.split(separator: "/").map(String.init) }

    private static func bind(_ pattern: [String], to parts: [String]) -> ([String: String], [Int])? {
        var params: [String: String] = [:]
        var rank: [Int] = []
        var index = 0
        for segment in pattern {
            if segment.hasPrefix("*") {
                params[segment == "*" ? "*" : String(segment.dropFirst())] = parts[index...].joined(separator: "/")
                return (params, rank + [3])
            }
            let optional = segment.hasPrefix(":") && segment.hasSuffix("?")
            guard index < parts.count else {
                if optional { rank.append(2); continue }
                return nil
            }
            if segment.hasPrefix(":") {
                params[String(segment.dropFirst().filter { $0 != "?" })] = parts[index].removingPercentEncodingLeniently
                rank.append(optional ? 2 : 1)
            } else {
                guard segment == parts[index] else { return nil }
                rank.append(0)
            }
            index += 1
        }
        return index == parts.count ? (params, rank) : nil
    }
}

public enum PathResolver {
    public static func normalize(_ path: String) -> String {
        var out: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = out.popLast(); continue }
            out.append(part)
        }
        return "/" + out.joined(separator: "/")
    }

    public static func resolve(_ path: String, against current: String) -> String {
        path.hasPrefix("/") ? normalize(path) : normalize(current + "/" + path)
    }
}

public struct Location: Hashable, Sendable, Codable {
    public var path: String
    public var query: [String: String]
    public var fragment: String?

    public init(parsing text: String, relativeTo current: String = "/") {
        var rest = Substring(text)
        fragment = nil
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...]).removingPercentEncodingLeniently
            rest = rest[..<hash]
        }
        query = [:]
        if let mark = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: mark)...].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                query[String(kv[0]).removingPercentEncodingLeniently] =
                    kv.count > 1 ? String(kv[1]).removingPercentEncodingLeniently : ""
            }
            rest = rest[..<mark]
        }
        path = PathResolver.resolve(String(rest), against: current)
    }
}

public enum DeepLink {
    public static func parse(_ url: String) throws(RoutingError) -> Location {
        let parts = url.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasPrefix("//") else {
            throw .invalidURL(url, reason: "expected scheme://host/path")
        }
        let scheme = String(parts[0])
        let rest = parts[1].dropFirst(2)
        let hostEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let host = String(rest[..<hostEnd])
        let tail = String(rest[hostEnd...])
        let webLike = scheme == "http" || scheme == "https"
        let keepsHost = !host.isEmpty && !host.contains(".") && !webLike
        if keepsHost { return Location(parsing: "/" + host + tail) }
        return Location(parsing: tail.hasPrefix("/") ? tail : "/" + tail)
    }
}

extension String {
    var removingPercentEncodingLeniently: String {
        var bytes: [UInt8] = []
        var iterator = Array(utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
               let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
