/// Rests of a path for the tests of how the lookup reads the text after the walk's stop a word (8
/// bytes) at a time: each of some inserts put at every offset 0 to 16 (on each byte of a word, across
/// two words, in the shifted last word, after a `/` and inside a segment), followed by nothing or by
/// more segments.
enum RestsAtEveryOffset {
    /// Bytes before the insert, cut to each length 0 to 16: segments of different lengths.
    static let filler = Array("ab/cdefghij/k/lmnopqrstu/vw".utf8)
    static let suffixes = ["", "z", "z/yy"]

    /// For each offset, the filler cut there followed by `tail` (no insert at all), then by each insert
    /// with each suffix.
    static func rests(inserting inserts: [String]) -> [String] {
        var rests: [String] = []
        for offset in 0...16 {
            let before = String(decoding: filler[0..<offset], as: UTF8.self)
            rests.append(before + "tail")
            for insert in inserts {
                for suffix in suffixes { rests.append(before + insert + suffix) }
            }
        }
        return rests
    }
}
