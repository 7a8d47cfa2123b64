import FuzzInvariants
import Switchyard

/// Path normalisation and relative resolution. Input: `base NUL relative`.
/// Properties: normalised output has the shape docs/patterns.md gives, is idempotent and agrees with an independent
/// reference; resolution yields a normalised path, ignores the base for absolute paths, and resolves
/// against the normalised base exactly as against the raw one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathNormalization(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let base = input.text(upTo: 0)
    let relative = input.rest()

    let normalisedBase = PathInvariants.checkNormalisation(of: base)
    PathInvariants.checkNormalisation(of: relative)

    let resolved = PathResolver.resolve(relative, against: base)
    let context = "resolve(\(PathInvariants.debug(relative)), against: \(PathInvariants.debug(base)))"
    PathInvariants.checkShape(resolved, context: context)
    invariant(PathResolver.normalize(resolved) == resolved, "\(context) = \(PathInvariants.debug(resolved)) is not normalised")
    if PathInvariants.isAbsolute(relative) {
        invariant(resolved == PathResolver.normalize(relative), "\(context) depends on the base of an absolute path")
    } else {
        let viaNormalisedBase = PathResolver.resolve(relative, against: normalisedBase)
        invariant(resolved == viaNormalisedBase,
                  "\(context) = \(PathInvariants.debug(resolved)) but against the normalised base \(PathInvariants.debug(viaNormalisedBase))")
        let expected = "/" + PathInvariants.referenceSegments(base + "/" + relative).joined(separator: "/")
        invariant(resolved == expected, "\(context) = \(PathInvariants.debug(resolved)), reference \(PathInvariants.debug(expected))")
    }
    if relative.isEmpty {
        invariant(resolved == normalisedBase, "\(context): an empty path must be the current location")
    }

    let location = Location(parsing: relative, relativeTo: base)
    PathInvariants.checkShape(location.path, context: "Location(parsing: \(PathInvariants.debug(relative)), relativeTo: …).path")
    return 0
}
