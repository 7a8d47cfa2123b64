/// A declared link (`links = {"/album/:id/tracks"}`) made concrete with the current screen's
/// parameters: "/album/:id/tracks" with id = 12 → "/album/12/tracks". Placeholders the screen has
/// no value for stay as they are (an optional one is dropped), so `:follow` reports them honestly.
///
///     LinkTemplate.fill("/album/:id/tracks", with: ["id": "12"]) == "/album/12/tracks"
enum LinkTemplate {
    public static func fill(_ link: String, with params: [String: String]) -> String {
        // Most links name no placeholder: nothing to split (a walk fills the links of every step).
        guard link.utf8.contains(UInt8(ascii: ":")) else { return link }
        var segments: [String] = []
        for segment in link.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            guard segment.hasPrefix(":") else {
                segments.append(segment)
                continue
            }
            let optional = segment.hasSuffix("?")
            let name = String(segment.dropFirst().dropLast(optional ? 1 : 0))
            if let value = params[name] {
                segments.append(value)
            } else if !optional {
                segments.append(segment)
            }
        }
        return segments.joined(separator: "/")
    }
}
