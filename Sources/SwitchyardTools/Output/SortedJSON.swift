import FoundationEssentials
import Switchyard

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
        return escapingDeleteAndC1(String(decoding: (try? encoder.encode(document)) ?? Data("{}".utf8), as: UTF8.self))
    }

    /// The encoder escapes C0 controls (`\u001b`) but writes DEL and C1 controls (U+0080–U+009F) as
    /// they are, which a terminal may act on; they can only be inside strings, where `\u00XX` is
    /// the same text (and leaves `TerminalText.sanitized` nothing to rewrite in a report).
    static func escapingDeleteAndC1(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                out.append(contentsOf: JSONStringLiteral.unicodeEscape(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
