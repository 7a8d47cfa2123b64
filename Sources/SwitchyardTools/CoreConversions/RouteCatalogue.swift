import Switchyard
import SwitchyardLua

/// What `routes` and `:routes` list: every route in rank order with its name, declared options and
/// declaration site, then the not-found route.
package enum RouteCatalogue {
    package static func listings(_ runtime: SwitchyardRuntime) -> [RouteListing] {
        var rows = runtime.routeTable.rankedRoutes.map { route in
            var options = options(route.payload, hasValidator: route.hasValidator)
            // Typed parameters (issue 33): "params id:int view:grid|list".
            if let types = route.parameterTypes {
                options.insert("params " + types.entries.map { "\($0.name):\($0.type.name)" }.joined(separator: " "), at: 0)
            }
            // A query schema (issue 33): "query page:int=1 tab:info|tracks", "error" when a wrong value is one.
            if let schema = route.querySchema {
                let listed = "query " + schema.summary + (schema.mismatch == .error ? " (wrong: error)" : "")
                options.insert(listed, at: route.parameterTypes == nil ? 0 : 1)
            }
            // The layouts it is in (issue 33): "in layout /news (news)".
            if !route.layouts.isEmpty {
                options.insert("in " + route.layouts.map(\.label).joined(separator: " › "), at: 0)
            }
            // A guard from a group says so: the route's own options do not show it.
            if let sources = runtime.guardSources(of: route), let index = options.firstIndex(of: "guard") {
                options[index] = "guard: " + sources
            }
            return RouteListing(pattern: route.pattern.text, name: route.name, options: options, site: route.site)
        }
        if let notFound = runtime.notFound {
            rows.append(RouteListing(pattern: "(not found)", options: options(notFound, hasValidator: false),
                                     site: runtime.notFoundSite))
        }
        return rows
    }

    /// "tabs: /home · /search" when tabs are declared.
    package static func tabsLine(_ runtime: SwitchyardRuntime) -> String? {
        runtime.tabs.isEmpty ? nil : "tabs: " + runtime.tabs.joined(separator: " · ")
    }

    static func options(_ definition: RouteDefinition, hasValidator: Bool) -> [String] {
        var options: [String] = []
        if definition.presentation != .push { options.append(definition.presentation.rawValue) }
        switch definition.title {
        case .fixed(let text): options.append("title \"\(text)\"")
        case .computed: options.append("title ƒ")
        case nil: break
        }
        if definition.view != nil { options.append("view") }
        if hasValidator { options.append("validate") }
        if definition.guard != nil { options.append("guard") }
        switch definition.redirect {
        case .to(let path): options.append("redirect → \(path)")
        case .computed: options.append("redirect ƒ")
        case nil: break
        }
        if !definition.links.isEmpty {
            options.append(definition.links.count == 1 ? "1 link" : "\(definition.links.count) links")
        }
        return options
    }
}
