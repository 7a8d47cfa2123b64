import Switchyard
import SwitchyardLua
import SwitchyardTools

/// What TAB completes from at the prompt: route paths (a trie rebuilt only when the table changed),
/// the timeline's paths, Lua names, tabs, flows and alert buttons, read from the runtime when asked.
final class CompletionSources {
    let host: ScriptHost
    private(set) lazy var completer: LineCompleter = makeCompleter()
    private lazy var fields: LuaFieldLister? = try? LuaFieldLister(engine: host.engine, beforeListing: host.buildScenarioLibraries)
    private var pathCompletion: (routeCount: Int, removed: Set<Int>, navigator: ObjectIdentifier, completer: RoutePathCompleter)?

    init(host: ScriptHost) {
        self.host = host
    }

    var runtime: SwitchyardRuntime { host.runtime }

    /// After `:reload`: the next TAB builds the trie again.
    func forgetRoutes() {
        pathCompletion = nil
    }

    private func makeCompleter() -> LineCompleter {
        var completer = LineCompleter(metaCommands: MetaCommand.names)
        completer.routes = { [unowned self] in routePaths() }
        completer.visitedPaths = { [unowned self] in visitedPaths() }
        completer.luaFields = { [unowned self] chain in luaFields(chain) }
        completer.tabNames = { [unowned self] in runtime.tabs.map(Navigator.tabName) }
        completer.flowNames = { [unowned self] in runtime.flows.keys.sorted() }
        completer.alertButtons = { [unowned self] in runtime.navigator.state.alert?.labels ?? [] }
        return completer
    }

    /// Builds the route-path trie now, so the first TAB over a large table answers at once.
    func prepareCompletion() {
        _ = routePaths()
    }

    /// Rebuilt only when routes were added or removed (`remove_route`) or the navigator was replaced
    /// (`:reload`).
    private func routePaths() -> RoutePathCompleter {
        let table = runtime.routeTable
        let identity = ObjectIdentifier(runtime.navigator)
        if let cached = pathCompletion, cached.routeCount == table.count, cached.removed == table.removed, cached.navigator == identity {
            return cached.completer
        }
        let completer = RoutePathCompleter(table)
        pathCompletion = (table.count, table.removed, identity, completer)
        return completer
    }

    /// Paths of the timeline, most recent first, each once.
    private func visitedPaths() -> [String] {
        var seen: Set<String> = []
        return runtime.navigator.history.reversed().map(\.state.screen.path).filter { seen.insert($0).inserted }
    }

    private func luaFields(_ chain: [String]) -> [String] {
        var names = fields?.keys(chain) ?? []
        if chain == ["nav"] {
            names += runtime.navFieldNames + runtime.navOperationNames
        }
        return Array(Set(names))
    }
}
