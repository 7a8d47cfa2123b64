import RoutingKit
import Switchyard
import SwitchyardLua

/// The paths a lookup loop goes round, each handed to the lookup as the string's owner hands it: a
/// host's path (a request's, a deep link's) is its own value, lent to `withMatch` or `match` with no
/// reference counting, as matchit's loop lends each `&str` (`Peers/matchit/main.rs`). Read out of an
/// `[String]` instead, a path is copied for the call (Swift cannot tell that the lookup, in another
/// module, leaves the array alone): a retain before it and a release after, about 50 instructions a
/// lookup that belong to the loop, not the router, and that the empty loop (`PathLoopOverhead`, which
/// reads only the length, with no call) never paid. Every loop over the paths, the empty one
/// included, takes them from a ring.
final class PathRing: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<String>
    let count: Int

    init(_ paths: [String]) {
        count = paths.count
        storage = .allocate(capacity: paths.count)
        storage.initialize(from: paths, count: paths.count)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// `body` given the path at `index`, moved out of the ring for the call and back after it (moves
    /// are copies of the bytes, with no reference counting). `body` must not read the ring.
    @inline(__always)
    func withPath<Result>(_ index: Int, _ body: (String) -> Result) -> Result {
        precondition(index >= 0 && index < count)
        let path = (storage + index).move()
        defer { (storage + index).initialize(to: path) }
        return body(path)
    }
}

extension RoutingKitLookup {
    init(router: TrieRouter<Int>, paths: [String]) { self.init(router: router, paths: PathRing(paths)) }
}

extension SwitchyardMatch {
    init(table: RouteTable<Int>, paths: [String]) { self.init(table: table, paths: PathRing(paths)) }
}

extension SwitchyardWithMatch {
    init(table: RouteTable<Int>, paths: [String]) { self.init(table: table, paths: PathRing(paths)) }
}

extension SwitchyardMatchReadingValues {
    init(table: RouteTable<Int>, paths: [String]) { self.init(table: table, paths: PathRing(paths)) }
}

extension RuntimeTableMatch {
    init(table: RouteTable<RouteDefinition>, paths: [String]) { self.init(table: table, paths: PathRing(paths)) }
}

extension SwitchyardFirstMatch {
    init(table: RouteTable<Int>, paths: [String]) { self.init(table: table, paths: PathRing(paths)) }
}

extension PathLoopOverhead {
    init(paths: [String]) { self.init(paths: PathRing(paths)) }
}
