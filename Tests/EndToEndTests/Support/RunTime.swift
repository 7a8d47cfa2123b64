/// The closing line of `switchyard test` ends with the run's time, `(0.42 s)`, which differs from run
/// to run: tests that compare the line whole compare it without.
extension String {
    var withoutRunTime: String {
        var text = ""
        for line in split(separator: "\n", omittingEmptySubsequences: false) {
            if !text.isEmpty || line.startIndex != startIndex { text += "\n" }
            if line.contains(" passed, "), line.hasSuffix(" s)"), let open = line.lastIndex(of: "(") {
                text += line[..<line.index(before: open)]
            } else {
                text += line
            }
        }
        return text
    }
}
