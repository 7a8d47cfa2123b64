@testable import Switchyard

// The lookup's answer for tests that ask it directly: `find` leaves a hit's spans in the caller's
// `InlineSpans` (all absent when they are handed in) and answers the declaration and its kind alone.
extension RouteLookup {
    /// What `find` answers for `bytes`, its spans dropped.
    func find(_ bytes: UnsafeBufferPointer<UInt8>) -> RouteFind {
        findWithSpans(bytes).found
    }

    /// What `find` answers for `bytes`, and the spans it leaves (a hit's).
    func findWithSpans(_ bytes: UnsafeBufferPointer<UInt8>) -> (found: RouteFind, spans: Parameters.InlineSpans) {
        var spans = Parameters.InlineSpans()
        let found = find(bytes, spans: &spans)
        return (found, spans)
    }
}

extension RouteTable {
    /// What the table's lookup answers for `bytes`, its spans dropped.
    func find(_ bytes: UnsafeBufferPointer<UInt8>) -> RouteFind {
        var spans = Parameters.InlineSpans()
        return find(bytes, spans: &spans)
    }
}
