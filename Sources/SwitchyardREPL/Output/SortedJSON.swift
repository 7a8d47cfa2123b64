import FoundationEssentials

/// The JSON every report prints (`test -o json`, `--coverage-json`, `check`, `walk`): keys sorted
/// and slashes left alone, so one input gives the same bytes and paths read as paths. Encoded with
/// FoundationEssentials: Foundation's ICU does not link into the static release executable.
///
///     SortedJSON.text(of: ["path": "/album/1"])   // {"path":"/album/1"}
enum SortedJSON {
    /// The reports' documents hold strings, numbers, booleans and nulls only, which always encode.
    static func text(of document: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(document)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
