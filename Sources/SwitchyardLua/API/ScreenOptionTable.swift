import Switchyard

/// The options table of `nav.push`, `nav.sheet`, `nav.cover` and `nav.modal`, checked like `route()`'s:
///
///     nav.push("/item/1", {params = {text = "Hello!"}, on_dismiss = function(info) end,
///                          on_result = function(value) end, extra = {draft = {title = "Hi"}}})
///     nav.sheet("/filters", {detents = {"medium", "large"}, detent = "medium"})
///     nav.modal("/toast", {transition = "move-top", background = "blur", animation = "spring",
///                          alignment = "top", use_device_bounds = false})
enum ScreenOptionTable {
    static let common: Set<String> = ["params", "on_dismiss", "on_result", "extra"]
    static let sheet = common.union(["detents", "detent", "drag_indicator"])
    static let modal = common.union(["transition", "background", "animation", "alignment", "use_device_bounds"])

    /// The options at argument 2 of `call` (none when it is absent).
    static func parse(_ call: LuaCall, function: String, allowed: Set<String> = common) throws(LuaError) -> ScreenOptions {
        try screenOptions(OptionTable(call, index: 2, allowed: allowed, function: function, context: function))
    }

    static func screenOptions(_ options: OptionTable) throws(LuaError) -> ScreenOptions {
        var parsed = ScreenOptions()
        if let params = try options.table("params") { parsed.params = try params.stringMap(context: options.context, what: "params") }
        parsed.extra = try MetaOption.meta(options["extra"], context: options.context, option: "extra")
        if let function = try options.function("on_dismiss") {
            parsed.onDismiss = { screen in _ = try RouteCallbacks.call(function, with: screen.info) }
        }
        if let function = try options.function("on_result") {
            parsed.onResult = { value in _ = try function.call(value as? LuaValue ?? .nil) }
        }
        let transitions = ModalTransition.allCases.map(\.rawValue), backgrounds = ModalBackground.allCases.map(\.rawValue)
        parsed.transition = try options.choice("transition", among: transitions).flatMap(ModalTransition.init(rawValue:))
        parsed.background = try options.choice("background", among: backgrounds).flatMap(ModalBackground.init(rawValue:))
        let animations = ModalAnimation.allCases.map(\.rawValue), alignments = ModalAlignment.allCases.map(\.rawValue)
        parsed.animation = try options.choice("animation", among: animations).flatMap(ModalAnimation.init(rawValue:))
        parsed.alignment = try options.choice("alignment", among: alignments).flatMap(ModalAlignment.init(rawValue:))
        // Absent keeps SwiftfulRouting's default (device bounds) unsaid rather than writing `true` on every modal.
        if !options["use_device_bounds"].isNil { parsed.usesDeviceBounds = try options.flag("use_device_bounds") }
        return parsed
    }

    /// `detents = {"medium", "large"}, detent = "medium", drag_indicator = true` of `nav.sheet`'s
    /// options: nil without `detents` (the drag indicator is a resizable sheet's, as in SwiftfulRouting's
    /// showResizableSheet).
    static func detents(_ options: OptionTable) throws(LuaError) -> SheetDetents? {
        let function = options.context
        let dragIndicator = try options.flag("drag_indicator")
        guard let list = try options.table("detents") else {
            if !options["detent"].isNil { throw LuaError("\(function): option 'detent' needs 'detents', the list it is one of") }
            if !options["drag_indicator"].isNil {
                throw LuaError("\(function): option 'drag_indicator' needs 'detents': only a resizable sheet has one")
            }
            return nil
        }
        let names = try list.strings(context: function, entry: "detent", expected: "a name")
        let selected = try options.string("detent")
        do { return try SheetDetents(names, selected: selected).showingDragIndicator(dragIndicator) } catch {
            guard case .invalidArgument(_, let reason) = error.reason else { throw LuaError(bridging: error) }
            throw LuaError("\(function): \(reason)")
        }
    }
}
