/// "Did you mean ...?" for a name that is not known: the known names within a small edit distance
/// (or that the typed name begins), nearest first. One rule for the REPL's commands, `nav`'s
/// members, route options, `help`, the subcommands and the command line's option values.
///
///     TypoSuggestion.nearest("psh", among: ["push", "pop", "path"])    // ["push"]
///     TypoSuggestion.hint(for: "titel", among: ["title", "view"])       // " (did you mean title?)"
package enum TypoSuggestion {
    /// At most three names, those nearest; a longer typed name may be further off.
    package static func nearest(_ typed: String, among names: [String]) -> [String] {
        let typedCharacters = Array(typed.lowercased())
        guard !typedCharacters.isEmpty else { return [] }
        let allowed = typedCharacters.count >= 5 ? 2 : 1
        var scored: [(name: String, distance: Int)] = []
        var seen: Set<String> = []
        for name in names where name != typed && seen.insert(name).inserted {
            let candidate = Array(name.lowercased())
            let distance = Self.distance(typedCharacters, candidate)
            if distance <= allowed {
                scored.append((name, distance))
            } else if typedCharacters.count >= 3, candidate.starts(with: typedCharacters) {
                scored.append((name, allowed + 1))
            }
        }
        // Only the nearest: "psh" is one edit from push and two from path; push is what was meant.
        guard let best = scored.map(\.distance).min() else { return [] }
        return scored.filter { $0.distance == best }.map(\.name).sorted().prefix(3).map { $0 }
    }

    /// Edits between two names, a swap of neighbours counting as one ("tset" is one from "test",
    /// "titel" one from "title"): the optimal string alignment distance.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// " (did you mean a, b?)", or "" when nothing is near.
    package static func hint(for typed: String, among names: [String]) -> String {
        let close = nearest(typed, among: names)
        return close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)"
    }
}
