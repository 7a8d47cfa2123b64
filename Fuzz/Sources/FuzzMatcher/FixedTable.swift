@testable import Switchyard

/// The table the matcher harness searches: every segment kind, optionals in a row, splats, percent and
/// Unicode in static text, validators that accept, reject and throw, and fall-through routes.
struct FixedTable {
    struct Declaration {
        let pattern: String
        let validator: Validation
    }

    /// What a route's validator does, known to the harness so it can predict `match`.
    enum Validation {
        case none
        /// Accepts when the parameter is an integer (the value is that integer).
        case integer(String)
        /// Throws `Boom` when the parameter is "boom", accepts otherwise.
        case throwsOnBoom(String)

        /// The harness's own prediction: nil rejects, `.failure` is a throw.
        func outcome(_ params: [String: String]) -> Result<Bool, Boom> {
            switch self {
            case .none: .success(true)
            case .integer(let name): .success(params[name].flatMap { Int($0) } != nil)
            case .throwsOnBoom(let name): params[name] == "boom" ? .failure(Boom()) : .success(true)
            }
        }

        var validator: RouteValidator? {
            switch self {
            case .none: nil
            case .integer(let name): { info in info.params[name].flatMap { Int($0) } }
            case .throwsOnBoom(let name): { info in
                if info.params[name] == "boom" { throw Boom() }
                return info.params[name] ?? ""
            }
            }
        }
    }

    struct Boom: Error {}

    static let declarations: [Declaration] = [
        Declaration(pattern: "/", validator: .none),
        Declaration(pattern: "/album/new", validator: .none),
        Declaration(pattern: "/album/:id", validator: .integer("id")),
        Declaration(pattern: "/album/:slug", validator: .none),
        Declaration(pattern: "/album/:id/photos/:photo?", validator: .none),
        Declaration(pattern: "/user/:id?", validator: .none),
        Declaration(pattern: "/user/:id/settings", validator: .none),
        Declaration(pattern: "/news/*", validator: .none),
        Declaration(pattern: "/news/latest", validator: .none),
        Declaration(pattern: "/files/*path", validator: .none),
        Declaration(pattern: "/:lang/docs/:page?", validator: .none),
        Declaration(pattern: "/a/:b?/:c?/d", validator: .none),
        Declaration(pattern: "/x/:y?/*rest", validator: .none),
        Declaration(pattern: "/explode/:n", validator: .throwsOnBoom("n")),
        Declaration(pattern: "/explode/:n", validator: .none),
        Declaration(pattern: "/caf%C3%A9/:q", validator: .none),
        Declaration(pattern: "/café/Menu", validator: .none),
        Declaration(pattern: "/v1.2/(x)+", validator: .none),
        Declaration(pattern: "/:o1?/:o2?/:o3?/:o4?/:o5?/:o6?/:o7?/:o8?/end", validator: .integer("o1")),
        Declaration(pattern: "/:o1?/:o2?/:o3?/:o4?/:o5?/:o6?/:o7?/:o8?/end", validator: .none),
        Declaration(pattern: "/:first/:second", validator: .integer("second")),
        // More parameters than a match kept inline before issue 37 (four), with and without a validator.
        Declaration(pattern: "/many/:p1/:p2/:p3/:p4/:p5/:p6", validator: .none),
        Declaration(pattern: "/many/:p1/:p2/:p3/:p4/:p5/:p6/:p7", validator: .integer("p7")),
        // As many parameters as a hit carries (eight, issue 37) among static segments, one past them (the
        // candidates decide), and optionals after the sixth.
        Declaration(pattern: "/wide/:p1/s/:p2/:p3/t/:p4/:p5/:p6/:p7/:p8", validator: .none),
        Declaration(pattern: "/wide/:p1/s/:p2/:p3/t/:p4/:p5/:p6/:p7/:p8/:p9", validator: .none),
        Declaration(pattern: "/wide/:p1/s/:p2/:p3/t/:p4/:p5/:p6/:p7?/:p8?/end", validator: .none),
        Declaration(pattern: "/wide/:p1/s/:p2/:p3/t/:p4/:p5/:p6/:p7/:p8/x/*rest", validator: .none),
        // Long static segments (past one and two words) beside a parameter: the walk cuts a `?` or `#`
        // off inside them (issue 37).
        Declaration(pattern: "/preferences/notifications-and-privacy/:section", validator: .none),
        Declaration(pattern: "/preferences/:group/x", validator: .none),
        // Splats the walk takes where it stops (issue 37): after a parameter, beside a static child,
        // and past the four parameters a match kept inline before issue 37's sixth session.
        Declaration(pattern: "/drive/:owner/*path", validator: .none),
        Declaration(pattern: "/drive/:owner/shared", validator: .none),
        Declaration(pattern: "/deep/:a/:b/:c/:d/*rest", validator: .none),
        // Chains of optional segments the walk takes where it stops: a route part-way down and at the
        // end, one past the four spans a hit carried (eight now), one whose chain has a static child.
        Declaration(pattern: "/chain/:x?/:y?/:z?", validator: .none),
        Declaration(pattern: "/chain/:x?", validator: .none),
        Declaration(pattern: "/deep/:a/:b/:c/:d?/:e?", validator: .none),
        Declaration(pattern: "/chain/k/:x?/:y?/end", validator: .none),
        // Chains of single-child static nodes, which the walk compares at once (issue 37): under a
        // static node, under a parameter, and going on past their end.
        Declaration(pattern: "/org/administrative-settings/notification-preferences/segment-7", validator: .none),
        Declaration(pattern: "/org/administrative-settings/notification-preferences/segment-7/:id", validator: .none),
        Declaration(pattern: "/team/:id/profile/privacy-and-security", validator: .none),
        // Stops the walk goes on from at the node where its loop stopped (issue 37): a splat after a
        // chain of static nodes, an optional chain after a parameter and a static segment, a dead end
        // past a parameter beside a static sibling.
        Declaration(pattern: "/mirror/releases-and-archives/latest/*file", validator: .none),
        Declaration(pattern: "/opt/:u/v/:x?/:y?", validator: .none),
        Declaration(pattern: "/opt/:u/w/end", validator: .none),
        // Segments of exactly 16 bytes (two whole words, the walk's segment length reads past them)
        // ending the path or not, beside a parameter, and one past 32 (issue 37).
        Declaration(pattern: "/codes_of_conduct", validator: .none),
        Declaration(pattern: "/codes_of_conduct/:id", validator: .none),
        Declaration(pattern: "/codes_of_conduct/a-literal-of-thirty-three-bytes-x", validator: .none),
        Declaration(pattern: "/:long", validator: .none),
        // Whole static paths, found by their bytes at once (issue 37's table of static paths): keys of
        // every way the table reads them (up to 3 bytes, 4 to 7, 8 to 16, words between), a static path
        // with a validator and its fall-through, and parameter routes beside them at each depth.
        Declaration(pattern: "/ab", validator: .none),
        Declaration(pattern: "/abcdef", validator: .none),
        Declaration(pattern: "/abcdefgh", validator: .none),
        Declaration(pattern: "/whole/static/path-of-some-length/end", validator: .none),
        Declaration(pattern: "/whole/static/:p/end", validator: .none),
        Declaration(pattern: "/whole/:q/path-of-some-length/end", validator: .none),
        Declaration(pattern: "/whole/static/path-of-some-length/*rest", validator: .none),
        Declaration(pattern: "/whole/static", validator: .integer("absent")),   // always refuses
        Declaration(pattern: "/whole/static", validator: .none),
    ] + (0..<12).map { Declaration(pattern: "/hub/s\($0)", validator: .none) }   // enough statics for the hash table
        // Long literals sharing their first word (and some their last), enough to be hashed (issue 37).
        + (0..<6).map { Declaration(pattern: "/organizations-\($0)/repositories-collection-\($0 % 2)", validator: .none) }
        + (0..<3).map { Declaration(pattern: "/settings-\($0)-of-the-organisation/x", validator: .none) }
        // Hashed siblings that differ in their last byte alone (the packed word's top byte), short and
        // long, beside a parameter: each in a slot of its own, found in one (issue 37).
        + (0..<10).map { Declaration(pattern: "/sect/section\($0)", validator: .none) }
        + (0..<6).map { Declaration(pattern: "/sect/long-static-segment-number-\($0)", validator: .none) }
        + [Declaration(pattern: "/sect/:other", validator: .none)]
        // Segments ending on and around a word's end, in texts of under 8 bytes and more: the walk's
        // one bound a segment for its word load and its end (issue 37, seventh session).
        + ["/wb/abcdefg", "/wb/abcdefgh", "/wb/abcdefghi/:v", "/wb/:v/abcdefgh", "/wb/:v/:w/x"]
            .map { Declaration(pattern: $0, validator: .none) }
        // Hashed siblings whose only child is a splat (the slot's mark, issue 37, twelfth session), beside
        // one with a static child too, one with a parameter too, a splat under a parameter, a splat
        // child ending a route itself, and one with an optional beside.
        + ["/sp/only/*rest", "/sp/also/*rest", "/sp/also/x", "/sp/par/*rest", "/sp/par/:id", "/sp/under/:id/*rest",
           "/sp/ends", "/sp/ends/*rest", "/sp/opt/*rest", "/sp/opt/:o?/z", "/sp/longer-than-eight/*rest"]
            .map { Declaration(pattern: $0, validator: .none) }

    let table: RouteTable<Int>
    let patterns: [Pattern]

    init(caseInsensitive: Bool) {
        table = RouteTable<Int>(caseInsensitive: caseInsensitive)
        for (index, declaration) in Self.declarations.enumerated() {
            do {
                try table.add(declaration.pattern, name: "r\(index)", validator: declaration.validator.validator, payload: index)
            } catch {
                fatalError("fixed table: \(error)")
            }
        }
        patterns = table.routes.map(\.pattern)
    }
}
