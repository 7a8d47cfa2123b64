import FuzzInvariants
@testable import Switchyard

/// The pattern compiler, then reverse routing and matching of what it accepts. Input: the pattern text.
/// Properties: an accepted pattern obeys the pattern syntax (names `[A-Za-z][A-Za-z0-9_]*` and unique, at most one
/// splat and only last, static text without structure characters), recompiles from its own text to the
/// same segments, and a table holding it matches the URL built from it with the same parameters;
/// a rejected one gets an error whose column points into the pattern.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPatternCompiler(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let text = input.rest()
    do {
        let pattern = try Pattern.compiled(text).pattern
        checkAccepted(pattern, from: text)
        checkRoundTrip(pattern)
    } catch {
        checkRejected(error, text: text)
    }
    return 0
}

private func checkAccepted(_ pattern: Pattern, from text: String) {
    let context = "Pattern(\(PathInvariants.debug(text)))"
    let names = pattern.parameterNames
    invariant(Set(names).count == names.count, "\(context) accepted duplicate names \(names)")
    for (index, segment) in pattern.segments.enumerated() {
        switch segment {
        case .literal(let literal):
            invariant(!literal.isEmpty && literal != "." && literal != "..", "\(context): literal \(PathInvariants.debug(literal))")
            let structural = literal.unicodeScalars.filter { "/?#".unicodeScalars.contains($0) }
            invariant(structural.isEmpty, "\(context): static segment \(PathInvariants.debug(literal)) contains \(String(String.UnicodeScalarView(structural)).debugDescription)")
            invariant(!literal.hasPrefix(":") && !literal.hasPrefix("*"), "\(context): literal \(PathInvariants.debug(literal)) looks like a parameter")
        case .parameter(let name), .optional(let name):
            invariant(isValidName(name), "\(context): parameter name \(PathInvariants.debug(name))")
        case .splat(let name):
            invariant(name == "*" || isValidName(name), "\(context): splat name \(PathInvariants.debug(name))")
            invariant(index == pattern.segments.count - 1, "\(context): splat is not last")
        }
    }
    let optionals = pattern.segments.filter { if case .optional = $0 { true } else { false } }.count
    invariant(optionals <= 8, "\(context): \(optionals) optional segments")
    do {
        let again = try Pattern(pattern.text)
        invariant(again == pattern, "\(context): recompiling \(PathInvariants.debug(pattern.text)) gives \(again.segments)")
    } catch {
        invariant(false, "\(context): its own text \(PathInvariants.debug(pattern.text)) is rejected: \(error)")
    }
}

private func isValidName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    guard let first = bytes.first, isLetter(first) else { return false }
    return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
}

/// Builds a URL for the pattern with every parameter given, then matches it: the route must be found
/// with exactly those (decoded) parameters and the query.
private func checkRoundTrip(_ pattern: Pattern) {
    let table = RouteTable<Int>()
    do {
        try table.add(pattern.text, name: "route", payload: 0)
    } catch {
        return invariant(false, "table.add(\(PathInvariants.debug(pattern.text))) failed: \(error)")
    }
    var params: [String: String] = [:]
    for (index, segment) in pattern.segments.enumerated() {
        switch segment {
        case .literal: continue
        case .parameter(let name), .optional(let name): params[name] = "v \(index)%/é"
        case .splat(let name): params[name] = "a b/c%d/\(index)"
        }
    }
    let url: String
    do {
        url = try table.url(name: "route", params: params, query: [("k", "v&w")])
    } catch {
        return invariant(false, "url for \(PathInvariants.debug(pattern.text)) failed: \(error)")
    }
    let context = "pattern \(PathInvariants.debug(pattern.text)), url \(PathInvariants.debug(url))"
    do {
        let found = try table.match(url)
        invariant(found != nil, "\(context): the route does not match its own URL")
        invariant(found?.info.params.dictionary == params, "\(context): params \(found?.info.params.dictionary ?? [:]), expected \(params)")
        invariant(found?.info.query == ["k": "v&w"], "\(context): query \(found?.info.query ?? [:])")
        invariant(table.firstMatch(url) == RouteID(rawValue: 0), "\(context): firstMatch disagrees with match")
    } catch {
        invariant(false, "\(context): match threw \(error)")
    }
}

private func checkRejected(_ error: PatternError, text: String) {
    invariant(error.pattern == text, "the error quotes \(PathInvariants.debug(error.pattern)), not the pattern \(PathInvariants.debug(text))")
    // Columns count Characters, but a "/" that shares a Character with a combining mark still splits.
    invariant(error.column >= 1 && error.column <= max(1, text.unicodeScalars.count),
              "column \(error.column) outside \(PathInvariants.debug(text)) (\(text.count) characters): \(error.reason)")
    invariant(!error.reason.isEmpty && error.description.contains("(column \(error.column))"), "unclear error: \(error)")
    let table = RouteTable<Int>()
    do {
        try table.add(text, payload: 0)
        invariant(false, "table.add accepted \(PathInvariants.debug(text)), which Pattern rejects")
    } catch let failure {
        invariant(failure.patternError == error && table.count == 0, "table.add(\(PathInvariants.debug(text))): \(failure)")
    }
}

private extension RoutingError {
    var patternError: PatternError? {
        if case .invalidPattern(let error) = reason { error } else { nil }
    }
}
