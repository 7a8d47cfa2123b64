/// Weighted Levenshtein distance, used for "did you mean" suggestions of patterns and route names
/// (and, package-wide, of the REPL's meta-commands).
///
///     EditDistance.between(Array("albun"), Array("album"))   // 1
package enum EditDistance {
    static func between<A, B>(_ a: [A], _ b: [B], dropA: (A) -> Int, dropB: (B) -> Int,
                              substitute: (A, B) -> Int) -> Int {
        var previous = [0]
        for element in b { previous.append(previous.last! + dropB(element)) }
        var current = previous
        for x in a {
            current[0] = previous[0] + dropA(x)
            for (offset, y) in b.enumerated() {
                current[offset + 1] = min(previous[offset + 1] + dropA(x),
                                          current[offset] + dropB(y),
                                          previous[offset] + substitute(x, y))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    package static func between<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        between(a, b, dropA: { _ in 1 }, dropB: { _ in 1 }, substitute: { $0 == $1 ? 0 : 1 })
    }
}
