import FuzzInvariants
import Switchyard

/// URL and deep-link parsing (`nav.open`'s rules) and `Location` parsing (path, `?query`, `#fragment`). Input: the URL text.
/// Properties: parsing never crashes; a parsed link has a normalised path; a location survives a round
/// trip through its `text`; `parse` fails exactly when the text lacks a valid `scheme://`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeepLink(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let text = input.rest()

    checkLocation(Location(parsing: text), parsedFrom: text)
    do {
        let location = try DeepLink.parse(text)
        invariant(hasValidScheme(text), "DeepLink.parse accepted \(PathInvariants.debug(text)) without a valid scheme://")
        checkLocation(location, parsedFrom: text)
        invariant(location.path == PathResolver.normalize(expectedPath(text)),
                  "DeepLink.parse(\(PathInvariants.debug(text))).path = \(PathInvariants.debug(location.path))")
    } catch {
        invariant(!hasValidScheme(text), "DeepLink.parse rejected \(PathInvariants.debug(text)): \(error)")
        invariant(error.description.contains("invalid URL"), "unclear error for \(PathInvariants.debug(text)): \(error)")
    }
    return 0
}

private func checkLocation(_ location: Location, parsedFrom text: String) {
    PathInvariants.checkShape(location.path, context: "Location(parsing: \(PathInvariants.debug(text))).path")
    let reparsed = Location(parsing: location.text)
    invariant(reparsed == location,
              "Location of \(PathInvariants.debug(text)) does not survive its text \(PathInvariants.debug(location.text)): \(reparsed) ≠ \(location)")
}

/// `scheme://` where the scheme is a letter followed by letters, digits, `+`, `-`, `.` (RFC 3986), ASCII only.
private func hasValidScheme(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
          bytes[colon...].starts(with: Array("://".utf8)) else { return false }
    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    return isLetter(bytes[0]) && bytes[..<colon].allSatisfy { byte in
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}

/// The path part a deep link should yield before normalisation: `/host/path`, or just `/path` for a web
/// scheme, a dotted host or an empty host.
private func expectedPath(_ text: String) -> String {
    let bytes = Array(text.utf8)
    let colon = bytes.firstIndex(of: UInt8(ascii: ":"))!
    let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
    let rest = bytes[(colon + 3)...]
    let stops: Set<UInt8> = [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")]
    let hostEnd = rest.firstIndex { stops.contains($0) } ?? rest.endIndex
    let host = rest[..<hostEnd]
    let remainder = rest[hostEnd...]
    let pathEnd = remainder.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? remainder.endIndex
    let path = String(decoding: remainder[..<pathEnd], as: UTF8.self)
    let keepsOnlyPath = scheme == "http" || scheme == "https" || host.isEmpty || host.contains(UInt8(ascii: "."))
    return keepsOnlyPath ? path : "/" + String(decoding: host, as: UTF8.self) + "/" + path
}
