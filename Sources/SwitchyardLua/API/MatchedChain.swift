import CLua
import Switchyard

/// `info.matched` (issue 33): the records a match went through, from the outside in — each layout the
/// route is declared in, then the route itself. Only a route inside a layout has it: for any other the
/// chain would be the route alone, which `info` already is, and every callback would pay a table for it.
extension LuaState {
    /// Sets `matched` on the info or screen table on top of the stack when its route is in a layout;
    /// `data` (what the layouts' loaders returned, one per layout) is each layout record's `data`.
    /// [-0, +0]
    func setMatched(_ params: Parameters, data: [Any?]? = nil, on L: OpaquePointer) throws(LuaError) {
        let layouts = params.layouts
        guard !layouts.isEmpty else { return }
        try ensureStack(L, 8)
        let info = lua_gettop(L)
        try pushNewTable(on: L, array: layouts.count + 1)
        for (offset, layout) in layouts.enumerated() {
            try push(layout: layout, on: L)
            if let data, offset < data.count, let loaded = data[offset] {
                try push(anyValue: loaded, on: L)
                try setField("data", on: L)
            }
            try setIndex(offset + 1, on: L)
        }
        try push(fields: [("kind", "route"), ("pattern", params.patternText), ("name", params.routeName)], on: L)
        // The route's record shares the info's own params table (typed values coerced) and meta.
        for field in ["params", "meta"] {
            try push(string: field, on: L)
            lua_rawget(L, info)   // a table this module made: no metamethod, no error
            try setField(field, on: L)
        }
        try setIndex(layouts.count + 1, on: L)
        try setField("matched", on: L)
    }

    /// A layout's record: `{kind = "layout", prefix, name, title, view, site, links, meta}`. [-0, +1]
    func push(layout: RouteLayout, on L: OpaquePointer) throws(LuaError) {
        try push(fields: [("kind", "layout"), ("prefix", layout.prefix), ("name", layout.name),
                          ("title", layout.title), ("view", layout.view), ("site", layout.site)], on: L)
        if !layout.links.isEmpty {
            try push(stringList: layout.links, on: L)
            try setField("links", on: L)
        }
        try setMeta(layout.meta, on: L)
    }

    /// Sets `layouts` on the route entry on top of the stack (`routes()`, `route()`'s result) when the
    /// route is in a layout: its layouts' records, outermost first. [-0, +0]
    func setLayouts(of route: Route<RouteDefinition>, on L: OpaquePointer) throws(LuaError) {
        let layouts = route.layouts
        guard !layouts.isEmpty else { return }
        try push(list: layouts, on: L) { (layout) throws(LuaError) in try push(layout: layout, on: L) }
        try setField("layouts", on: L)
    }
}
