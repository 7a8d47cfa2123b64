import Switchyard
import SwitchyardLua

/// `switchyard routes APP --format json` (issue 33): every route in rank order with what its
/// declaration says (pattern, name, typed parameters, query schema, merged meta, declaration site), for
/// tools that read the table instead of a person, and the layouts each route is in, outermost first. Keys are sorted (`SortedJSON`), so one app gives the
/// same bytes each time.
///
///     {"routes":[{"entry":false,...,"name":"album","params":{"id":"int"},"pattern":"/album/:id",...}],"tabs":[]}
///
/// A field the route does not have (no name, no types, no schema, no meta, no layouts) is left out.
package enum RouteTableJSON {
    struct Document: Encodable {
        let routes: [Entry]
        /// The not-found route's declaration site, nil when the app declares none.
        let not_found: NotFound?
        let tabs: [String]
    }

    struct NotFound: Encodable {
        let site: String?
    }

    struct Entry: Encodable {
        let pattern: String
        let name: String?
        /// 1 = most specific.
        let rank: Int
        let site: String?
        let presentation: String
        /// The fixed title; nil when it has none or computes it.
        let title: String?
        let entry: Bool
        let validated: Bool
        let guarded: Bool
        let links: [String]
        /// Each typed parameter's type ("int", "grid|list", "matching ^[a-z]+$").
        let params: [String: String]?
        let query: [String: QueryKey]?
        /// "no_match" or "error", with a query schema.
        let query_mismatch: String?
        let meta: MetaValue?
        /// The layouts the route is declared in, outermost first (its matched chain without the route).
        let layouts: [Layout]?
    }

    /// A layout as declared: its own meta, not its routes' merged meta.
    struct Layout: Encodable {
        let prefix: String
        let name: String?
        let title: String?
        let site: String?
        /// Whether the layout has a guard or a leave guard: it guards every route inside.
        let guarded: Bool
        let links: [String]?
        let meta: MetaValue?
    }

    struct QueryKey: Encodable {
        /// As for params; "string" for a key declared without a type.
        let type: String
        let `default`: String?
        let required: Bool
    }

    /// A route's meta as JSON.
    enum MetaValue: Encodable {
        case meta(RouteMeta)

        func encode(to encoder: any Encoder) throws {
            guard case .meta(let meta) = self else { return }
            switch meta {
            case .string(let text): var one = encoder.singleValueContainer(); try one.encode(text)
            case .integer(let number): var one = encoder.singleValueContainer(); try one.encode(number)
            case .number(let number): var one = encoder.singleValueContainer(); try one.encode(number)
            case .boolean(let flag): var one = encoder.singleValueContainer(); try one.encode(flag)
            case .list(let items):
                var list = encoder.unkeyedContainer()
                for item in items { try list.encode(MetaValue.meta(item)) }
            case .record(let fields):
                var one = encoder.singleValueContainer()
                try one.encode(fields.mapValues(MetaValue.meta))
            }
        }
    }

    package static func document(_ runtime: SwitchyardRuntime) -> String {
        let routes = runtime.routeTable.rankedRoutes.enumerated().map { offset, route in
            let definition = route.payload
            var title: String?
            if case .fixed(let text)? = definition.title { title = text }
            let schema = route.querySchema
            return Entry(
                pattern: route.pattern.text, name: route.name, rank: offset + 1, site: route.site,
                presentation: definition.presentation.rawValue, title: title, entry: definition.entry,
                validated: route.hasValidator, guarded: definition.guard != nil, links: definition.links,
                params: route.parameterTypes.map { Dictionary(uniqueKeysWithValues: $0.entries.map { ($0.name, $0.type.name) }) },
                query: schema.map { schema in
                    Dictionary(uniqueKeysWithValues: schema.entries.map {
                        ($0.key, QueryKey(type: $0.type?.name ?? "string", default: $0.defaultValue, required: $0.required))
                    })
                },
                query_mismatch: schema?.mismatch.rawValue,
                meta: route.meta.map(MetaValue.meta),
                layouts: route.layouts.isEmpty ? nil : route.layouts.map { layout in
                    Layout(prefix: layout.prefix, name: layout.name, title: layout.title, site: layout.site,
                           guarded: layout.guarded || layout.leaveGuarded, links: layout.links.isEmpty ? nil : layout.links,
                           meta: layout.meta.map(MetaValue.meta))
                })
        }
        let notFound = runtime.notFound.map { _ in NotFound(site: runtime.notFoundSite) }
        return SortedJSON.text(of: Document(routes: routes, not_found: notFound, tabs: runtime.tabs))
    }
}
