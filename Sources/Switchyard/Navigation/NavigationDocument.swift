#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON form of a navigator's whole state: every screen once (stacks refer to them by id, so the
/// document shares structure the way the timeline does), the timeline with its cursor and limit, and
/// the next screen id. Alert buttons keep only their labels.
///
///     {"format":"switchyard.navigation","version":1,"nextID":4,"limit":100,"index":1,
///      "screens":[{"id":0,"path":"/",...}],"timeline":[{"operation":"start","state":{...}},...]}
struct NavigationDocument: Codable {
    static let format = "switchyard.navigation"
    static let version = 1
    /// Far below Int.max, far above any id a session makes; exact in every JSON reader.
    static let largestNextID = 1 << 53

    var format: String
    var version: Int
    var nextID: Int
    var limit: Int
    var index: Int
    var screens: [Screen]
    var timeline: [EntryRecord]
    /// The navigation a guard holds; absent when none is (and in saves from before guards could wait).
    var pending: PendingRecord?

    struct EntryRecord: Codable {
        var operation: NavigationOperation
        var state: StateRecord
    }

    struct StateRecord: Codable {
        var environments: [EnvironmentRecord]
        var alert: AlertRecord?
        var modals: [Int]
        var queue: [FlowStep]
        /// The environment each queued step's flow runs in (1 is the root); absent when the queue is
        /// empty, and in saves from before flows had one (their steps then run in the root).
        var queueEnvironments: [Int]?
        /// The screen each queued step showed (null for a step not shown yet); absent when none was.
        var queueShown: [Int?]?
    }

    struct EnvironmentRecord: Codable {
        var kind: EnvironmentKind
        var tabs: [String]
        var selected: Int
        var stacks: [[Int]]
        /// A resizable sheet's detents and the selected one; absent for every other environment.
        var detents: [String]?
        var detent: String?
        /// True when a resizable sheet shows its drag indicator; absent otherwise.
        var dragIndicator: Bool?
    }

    struct AlertRecord: Codable {
        var title: String
        var message: String?
        var buttons: [String]
        /// Absent for the plain alert (and in saves from before alerts had a style).
        var style: AlertStyle?
    }

    /// Just enough to check the format and version before trusting the rest.
    private struct Header: Decodable {
        var format: String?
        var version: Int?
    }
}

// MARK: Encoding

extension NavigationDocument {
    init(timeline: Timeline, nextID: Int, held: HeldNavigation?) {
        var screens: [Int: Screen] = [:]
        let records = timeline.entries.map { entry in
            EntryRecord(operation: entry.operation, state: StateRecord(entry.state, collecting: &screens))
        }
        self.init(format: Self.format, version: Self.version, nextID: nextID, limit: timeline.limit,
                  index: timeline.index, screens: screens.values.sorted { $0.id < $1.id }, timeline: records,
                  pending: held.flatMap { $0.resume == nil && $0.pending.kind != .load ? PendingRecord($0) : nil })
    }

    func encoded(indented: Bool) throws -> String {
        let encoder = JSONEncoder()
        // Keys sorted either way, so two saves of one state are the same bytes; indented (and with
        // plain "/" in paths) for a file that people diff and review.
        encoder.outputFormatting = indented ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

extension NavigationDocument.StateRecord {
    init(_ state: NavigationState, collecting screens: inout [Int: Screen]) {
        func ids(_ list: [Screen]) -> [Int] {
            for screen in list { screens[screen.id] = screen }
            return list.map(\.id)
        }
        environments = state.environments.map { environment in
            .init(kind: environment.kind, tabs: environment.tabs, selected: environment.selectedTab,
                  stacks: environment.tabStacks.map(ids), detents: environment.detents?.available,
                  detent: environment.detents?.selected,
                  dragIndicator: environment.detents?.showsDragIndicator == true ? true : nil)
        }
        alert = state.alert.map {
            .init(title: $0.title, message: $0.message, buttons: $0.labels, style: $0.style == .alert ? nil : $0.style)
        }
        modals = ids(state.modals)
        queue = state.queuedSteps.map(\.step)
        queueEnvironments = state.queuedSteps.isEmpty ? nil : state.queuedSteps.map(\.environment)
        queueShown = state.queuedSteps.contains { $0.shownAs != nil } ? state.queuedSteps.map(\.shownAs) : nil
    }
}

// MARK: Decoding

extension NavigationDocument {
    /// Parses and checks a document; every failure is a `NavigationError` (code "invalid_document") saying what.
    init(json: String) throws(NavigationError) {
        let data = Data(json.utf8)
        let decoder = JSONDecoder()
        let header: Header
        do { header = try decoder.decode(Header.self, from: data) } catch {
            throw NavigationError(.invalidDocument("not a JSON object (\(Self.explain(error)))"))
        }
        guard header.format == Self.format else {
            throw NavigationError(.invalidDocument("not a saved navigation state (format is \(header.format.map { "\"\($0)\"" } ?? "missing"), expected \"\(Self.format)\")"))
        }
        guard header.version == Self.version else {
            throw NavigationError(.invalidDocument("unsupported version \(header.version.map(String.init) ?? "(missing)"); this build reads version \(Self.version)"))
        }
        do { self = try decoder.decode(Self.self, from: data) } catch {
            throw NavigationError(.invalidDocument(Self.explain(error)))
        }
    }

    private static func explain(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func at(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? "" : " at \(path)"
        }
        switch error {
        case let .dataCorrupted(context): return "malformed or truncated JSON\(at(context)): \(context.debugDescription)"
        case let .keyNotFound(key, context): return "missing \"\(key.stringValue)\"\(at(context))"
        case let .typeMismatch(_, context): return "wrong type\(at(context)): \(context.debugDescription)"
        case let .valueNotFound(_, context): return "missing value\(at(context))"
        @unknown default: return "\(error)"
        }
    }

    /// Rebuilds the timeline, checking every reference and invariant. Stacks with a common bottom
    /// share nodes again, so a restored timeline is as compact as the saved one.
    func rebuiltTimeline() throws(NavigationError) -> Timeline {
        guard limit >= 1 else { throw NavigationError(.invalidDocument("limit must be at least 1, got \(limit)")) }
        guard !timeline.isEmpty else { throw NavigationError(.invalidDocument("the timeline is empty")) }
        guard timeline.count <= limit else {
            throw NavigationError(.invalidDocument("the timeline holds \(timeline.count) entries but its limit is \(limit)"))
        }
        guard timeline.indices.contains(index) else {
            throw NavigationError(.invalidDocument("index \(index) is outside the timeline (0..<\(timeline.count))"))
        }
        var byID: [Int: Screen] = [:]
        for screen in screens {
            guard byID.updateValue(screen, forKey: screen.id) == nil else {
                throw NavigationError(.invalidDocument("screen id \(screen.id) appears twice"))
            }
        }
        // Ids count up from nextID: one near Int.max would overflow (trap) on a later push.
        guard nextID <= NavigationDocument.largestNextID else {
            throw NavigationError(.invalidDocument("nextID \(nextID) is out of range (at most 2^53)"))
        }
        if let highest = byID.keys.max(), nextID <= highest {
            throw NavigationError(.invalidDocument("nextID \(nextID) must exceed every screen id (highest is \(highest))"))
        }
        var builder = StackBuilder(screens: byID)
        var entries: [TimelineEntry] = []
        for (position, record) in timeline.enumerated() {
            let state = try builder.state(record.state, at: "timeline[\(position)]")
            entries.append(TimelineEntry(operation: record.operation, state: state))
        }
        return Timeline(entries: entries, index: index, limit: limit)
    }
}

/// Turns id lists back into persistent stacks, reusing a node whenever the same screen sits on the
/// same node below.
private struct StackBuilder {
    let screens: [Int: Screen]
    private var nodes: [Key: ScreenStack.Node] = [:]

    private struct Key: Hashable {
        let below: ObjectIdentifier?
        let id: Int
    }

    init(screens: [Int: Screen]) { self.screens = screens }

    mutating func state(_ record: NavigationDocument.StateRecord, at place: String) throws(NavigationError) -> NavigationState {
        guard let first = record.environments.first else {
            throw NavigationError(.invalidDocument("\(place): no environments"))
        }
        guard first.kind == .root else { throw NavigationError(.invalidDocument("\(place): the first environment is \(first.kind.rawValue), not root")) }
        // A screen is in one place at a time; a second place would make pop_to(id) ambiguous.
        var placed = Set<Int>()
        for id in record.environments.flatMap({ $0.stacks.joined() }) + record.modals where !placed.insert(id).inserted {
            throw NavigationError(.invalidDocument("\(place): screen id \(id) appears twice"))
        }
        var environments: [NavigationEnvironment] = []
        for (position, environment) in record.environments.enumerated() {
            environments.append(try self.environment(environment, first: position == 0,
                                                     at: "\(place).environments[\(position)]"))
        }
        let modals = try record.modals.map { (id) throws(NavigationError) in try screen(id, at: "\(place).modals") }
        // A URL is a browser's page and nothing else's; a browser shows one page, over everything.
        let screensAtPaths = environments.filter { $0.kind != .browser }.flatMap { $0.tabStacks.joined() } + modals
        if let page = screensAtPaths.first(where: \.isExternal) {
            throw NavigationError(.invalidDocument("\(place): screen \(page.id) is at the URL \(page.path), which only a browser shows"))
        }
        if let problem = NavigationState(environments: environments, alert: nil, modals: modals, queue: []).browserProblem {
            throw NavigationError(.invalidDocument("\(place): \(problem)"))
        }
        let alert = record.alert.map {
            Alert(title: $0.title, message: $0.message, buttons: $0.buttons.map { AlertButton($0) }, style: $0.style ?? .alert)
        }
        let anchors = record.queueEnvironments ?? Array(repeating: 1, count: record.queue.count)
        guard anchors.count == record.queue.count else {
            throw NavigationError(.invalidDocument("\(place): \(anchors.count) queueEnvironments for \(record.queue.count) queued steps"))
        }
        if let anchor = anchors.first(where: { !(1...environments.count).contains($0) }) {
            throw NavigationError(.invalidDocument("\(place): a queued step runs in environment \(anchor), but there are \(environments.count)"))
        }
        let shown = record.queueShown ?? Array(repeating: nil, count: record.queue.count)
        guard shown.count == record.queue.count else {
            throw NavigationError(.invalidDocument("\(place): \(shown.count) queueShown for \(record.queue.count) queued steps"))
        }
        let queue = zip(zip(record.queue, anchors), shown).map { QueuedStep(step: $0.0, environment: $0.1, shownAs: $1) }
        return NavigationState(environments: environments, alert: alert, modals: modals, queue: queue)
    }

    private mutating func environment(_ record: NavigationDocument.EnvironmentRecord, first: Bool,
                                      at place: String) throws(NavigationError) -> NavigationEnvironment {
        guard first || record.kind != .root else { throw NavigationError(.invalidDocument("\(place): only the first environment may be root")) }
        guard record.tabs.isEmpty || record.kind == .root else { throw NavigationError(.invalidDocument("\(place): only the root may have tabs")) }
        let expected = max(1, record.tabs.count)
        guard record.stacks.count == expected else {
            throw NavigationError(.invalidDocument("\(place): \(record.stacks.count) stacks for \(record.tabs.count) tabs (expected \(expected))"))
        }
        guard record.stacks.indices.contains(record.selected) else {
            throw NavigationError(.invalidDocument("\(place): selected tab \(record.selected) is out of range"))
        }
        var stacks: [ScreenStack] = []
        for (position, ids) in record.stacks.enumerated() {
            stacks.append(try stack(ids, at: "\(place).stacks[\(position)]"))
        }
        var detents: SheetDetents?
        if let available = record.detents {
            guard record.kind == .sheet else { throw NavigationError(.invalidDocument("\(place): only a sheet may have detents")) }
            do { detents = try SheetDetents(available, selected: record.detent) } catch {
                throw NavigationError(.invalidDocument("\(place): \(error)"))
            }
            if record.dragIndicator == true { detents = detents?.showingDragIndicator(true) }
        } else if record.detent != nil {
            throw NavigationError(.invalidDocument("\(place): a detent without detents"))
        } else if record.dragIndicator != nil {
            throw NavigationError(.invalidDocument("\(place): a drag indicator without detents"))
        }
        return NavigationEnvironment(kind: record.kind, tabs: record.tabs, stacks: stacks, selectedTab: record.selected,
                                     detents: detents)
    }

    private mutating func stack(_ ids: [Int], at place: String) throws(NavigationError) -> ScreenStack {
        var top: ScreenStack.Node?
        for id in ids {
            let key = Key(below: top.map(ObjectIdentifier.init), id: id)
            if let shared = nodes[key] {
                top = shared
            } else {
                let node = try screen(id, at: place).node(above: top)
                nodes[key] = node
                top = node
            }
        }
        guard let top else { throw NavigationError(.invalidDocument("\(place): an empty stack")) }
        return ScreenStack(topNode: top)
    }

    private func screen(_ id: Int, at place: String) throws(NavigationError) -> Screen {
        guard let screen = screens[id] else { throw NavigationError(.invalidDocument("\(place): no screen with id \(id)")) }
        return screen
    }
}

// MARK: Navigator

extension Navigator {
    /// The whole state (environments, screens, timeline, flow queue, alert, modals) as JSON: one line,
    /// or `indented` with a key a line, as the REPL's `:save` writes files.
    ///
    ///     let saved = try navigator.save();  try navigator.push("/x");  try navigator.restore(saved)
    public func save(indented: Bool = false) throws -> String {
        try NavigationDocument(timeline: timeline, nextID: nextID, held: held).encoded(indented: indented)
    }

    /// Replaces the whole state with a saved one. A malformed, truncated, wrong-version or
    /// inconsistent document throws a `NavigationError` (code "invalid_document") and leaves the state alone.
    /// Restored alert buttons have no actions; screens' validator values are nil. A pending
    /// navigation comes back pending (without callbacks).
    ///
    ///     let saved = try navigator.save();  try navigator.restore(saved)
    public func restore(_ json: String) throws {
        try restore(document: try NavigationDocument(json: json))
    }

    /// `restore(_:)` from the document a save would write, without its JSON text.
    func restore(document: NavigationDocument) throws {
        var pending: HeldNavigation?
        try replaceTimeline(.restore) {
            watchesDepartures = true   // restored screens may be on routes with leave guards
            var document = document
            document.screens = try document.screens.map { screen throws(NavigationError) in
                try limits.check(path: screen.path, queryItems: screen.query.count, .restore)
                return try checked(restored: screen)
            }
            try limits.check(timelineLimit: document.limit, .restore)
            let restored = try document.rebuiltTimeline()
            for entry in restored.entries { try limits.checkRestored(entry.state) }
            pending = try document.pending?.held(flows: flows)
            nextID = document.nextID
            return restored
        }
        held = pending   // after the restore's own change, which cancels the navigation pending before it
    }

    /// A restored screen's location is held to what navigating there would make: a normalised
    /// absolute path, and, for a screen of a route, the route it names (declared with the pattern it
    /// names) matching the path and capturing the same parameters. A save from before screens named
    /// their route gets the first route declared with its pattern.
    private func checked(restored screen: Screen) throws(NavigationError) -> Screen {
        let place = "screen \(screen.id)"
        // A browser's page: a URL, no route (its environment is checked to be a browser's).
        if screen.pattern == nil && screen.isExternal { return screen }
        let normalized = PathResolver.normalize(screen.path)
        guard !screen.path.isEmpty, normalized == screen.path else {
            throw NavigationError(.invalidDocument("\(place): path \"\(screen.path)\" is not a normalised absolute path (it would be \"\(normalized)\")"))
        }
        guard let pattern = screen.pattern else { return screen }
        let route: RouteID
        if let named = screen.route {
            guard named.rawValue >= 0 && named.rawValue < routes.count else {
                throw NavigationError(.invalidDocument("\(place): route \(named.rawValue) is not declared (\(routes.count) routes are)"))
            }
            let declared = routes[named].pattern.text
            guard declared == pattern else {
                throw NavigationError(.invalidDocument("\(place): route \(named.rawValue) is declared with the pattern \(declared), not \(pattern)"))
            }
            route = named
        } else {
            guard let first = routes.route(withPattern: pattern) else {
                throw NavigationError(.invalidDocument("\(place): no route is declared with the pattern \(pattern)"))
            }
            route = first.id
        }
        guard let captured = routes.parameters(of: route, in: screen.path) else {
            throw NavigationError(.invalidDocument("\(place): path \(screen.path) does not match its pattern \(pattern)"))
        }
        let passed = screen.passedParams
        if let clash = passed.keys.sorted().first(where: { captured[$0] != nil }) {
            throw NavigationError(.invalidDocument("\(place): passes the parameter \(clash), which \(pattern) captures from the path"))
        }
        guard captured.merging(passed, uniquingKeysWith: { path, _ in path }) == screen.params else {
            throw NavigationError(.invalidDocument("\(place): params \(screen.params) are not what \(pattern) captures from \(screen.path) (\(captured)) and what was passed (\(passed))"))
        }
        if let types = routes[route].parameterTypes, let matched = routes.matchedParameters(of: route, in: screen.path) {
            // A typed route's screen holds values of its types (a hand-edited save might not).
            if let refusal = (try? types.refusal(in: matched)) ?? nil {
                throw NavigationError(.invalidDocument("\(place): \(refusal) (the route \(pattern) types it)"))
            }
            return screen.naming(route, parameters: matched)
        }
        return screen.route == nil ? screen.naming(route) : screen
    }
}
