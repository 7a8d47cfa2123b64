import Foundation
import Switchyard

/// `--dump-set SET ROUTES DIR`: one route set written out as text, for a peer router's harness to read
/// (Benchmarks/Peers/matchit): the same patterns and the same 1,024 queries, and what Switchyard's `match`
/// makes of each, so the peer can be held to it before anything is counted. In DIR:
///
/// - `set.txt`: `name SET`, `routes N`, `case-insensitive yes|no` (whether the table folds case).
/// - `patterns.txt`: one pattern a line, in `:param` syntax; the line number less one is the route's index.
/// - `queries.txt`: one query a line.
/// - `expected.txt`: per query, the route's index (-1: no route), then a tab and a parameter's name, a tab
///   and its value as `match` decodes it, for every parameter with a value, in the pattern's order.
enum SetDump {
    struct Unwritable: Error, CustomStringConvertible {
        let description: String
    }

    static func write(set kind: String, routes: Int, to directory: URL, fixtures: Fixtures) throws {
        guard Fixtures.setNames.contains(kind) else {
            throw Unwritable(description: "--dump-set: unknown set \(kind) (\(Fixtures.setNames.joined(separator: ", ")))")
        }
        // Built and held to the expected routes (and routing-kit where it applies) like any set measured.
        let (set, routers) = try fixtures.routers(kind, routes)
        var expected: [String] = []
        for (query, route) in zip(set.queries, set.expected) {
            var line = String(route)
            if let found = try routers.switchyard.match(query) {
                for (name, value) in found.info.params {
                    guard !(name + value).contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
                        throw Unwritable(description: "--dump-set \(kind): \(query): a value holds a tab or a line break")
                    }
                    line += "\t\(name)\t\(value)"
                }
            }
            expected.append(line)
        }
        let lines = set.patterns + set.queries
        guard !lines.contains(where: { $0.contains(where: { $0 == "\n" || $0 == "\r" }) }) else {
            throw Unwritable(description: "--dump-set \(kind): a pattern or query holds a line break")
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = [
            "set.txt": ["name \(set.name)", "routes \(set.patterns.count)", "case-insensitive \(set.caseInsensitive ? "yes" : "no")"],
            "patterns.txt": set.patterns,
            "queries.txt": set.queries,
            "expected.txt": expected,
        ]
        for (name, lines) in files {
            try (lines.joined(separator: "\n") + "\n").write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        print("\(set.name) \(set.patterns.count) routes, \(set.queries.count) queries: \(directory.path)")
    }
}
