/// What a call that shows a screen may give it beside its path: values for its parameters, callbacks
/// for when it goes, and how a modal is drawn. `push`, `sheet`, `cover` and `modal` take one.
///
///     try navigator.push("/item/1", options: ScreenOptions(
///         params: ["text": "Hello!"],                       // SwiftUI Routes' push with params
///         onDismiss: { screen in print("left \(screen.path)") },  // SwiftfulRouting's onDismiss
///         onResult: { value in picked = value as? String })  // what pop(result:) hands back
///     try navigator.pop(result: "blue")    // onResult("blue"), then onDismiss
public struct ScreenOptions {
    /// Parameters the screen holds beside the ones its path captures (a name the path captures is an
    /// error). Guards, titles and views see them; they are saved and restored.
    package var params: [String: String]
    /// Runs once, after the operation that removed the screen from the state committed (a pop, a
    /// dismissal, a replacing go, back along the timeline, a reset). It may not navigate; should it
    /// throw, the operation is undone and the error rethrown, as for an observer.
    package var onDismiss: ((Screen) throws -> Void)?
    /// Runs once when the screen leaves the state, just before `onDismiss`, with the result
    /// `pop(result:)` or `dismiss(result:)` gave it (nil when it went without one).
    package var onResult: ((Any?) throws -> Void)?
    /// How a modal comes in and what is behind it (SwiftfulRouting's showModal); modals only.
    package var transition: ModalTransition?
    package var background: ModalBackground?
    /// The rest of SwiftfulRouting's showModal: the animation the transition runs with, where the
    /// modal sits, and whether it is laid out in the device's bounds (ignoring the safe area) or the
    /// screen's. Modals only; nil when not given.
    package var animation: ModalAnimation?
    package var alignment: ModalAlignment?
    package var usesDeviceBounds: Bool?
    /// A JSON value handed to the screen beside its path (go_router's `extra`): in its `info.extra`
    /// for every callback of its route, on the screen, and in saves.
    package var extra: RouteMeta?

    /// Options; each part is optional.
    ///
    ///     ScreenOptions(params: ["text": "Hello!"], onDismiss: { screen in print("left \(screen.path)") })
    public init(params: [String: String] = [:], onDismiss: ((Screen) throws -> Void)? = nil,
                onResult: ((Any?) throws -> Void)? = nil) {
        self.params = params
        self.onDismiss = onDismiss
        self.onResult = onResult
    }

    /// Options for a modal, with how it is drawn (the Lua API's and the REPL's `modal` options).
    ///
    ///     ScreenOptions(transition: .slide, background: .dim)
    package init(params: [String: String] = [:], transition: ModalTransition?, background: ModalBackground? = nil) {
        self.init(params: params)
        self.transition = transition
        self.background = background
    }

    /// Nothing given: the plain operation.
    var isEmpty: Bool { keepsNothing && extra == nil }

    /// Nothing the screen keeps in its `ScreenExtras` (`extra` travels in its info: the landing put it there).
    private var keepsNothing: Bool {
        params.isEmpty && onDismiss == nil && onResult == nil && transition == nil && background == nil
            && animation == nil && alignment == nil && usesDeviceBounds == nil
    }

    /// What the screen keeps of these options; nil when it keeps nothing. Its callbacks are not in it:
    /// the navigator keeps them under `callbacksKey` (see `ScreenCallbacks`).
    func extras(callbacksKey: ScreenCallbacksKey?) -> ScreenExtras? {
        guard !keepsNothing else { return nil }
        return ScreenExtras(params: params, callbacksKey: callbacksKey, transition: transition, background: background,
                            placement: ModalPlacement(animation: animation, alignment: alignment,
                                                      usesDeviceBounds: usesDeviceBounds))
    }

    /// The callbacks given, as the navigator keeps them; nil when none were.
    var callbacks: ScreenCallbacks? {
        onDismiss == nil && onResult == nil ? nil : ScreenCallbacks(onDismiss: onDismiss, onResult: onResult)
    }
}

/// How a modal enters (SwiftUI's transitions, as SwiftfulRouting's showModal takes them).
///
///     try navigator.push("/photo/1", options: ScreenOptions(transition: .slide))
package enum ModalTransition: String, Codable, Sendable, CaseIterable {
    case identity, opacity, scale, slide
    case moveTop = "move-top", moveBottom = "move-bottom", moveLeading = "move-leading", moveTrailing = "move-trailing"
}

/// What is drawn behind a modal.
///
///     ScreenOptions(transition: .opacity, background: .dim)
package enum ModalBackground: String, Codable, Sendable, CaseIterable {
    case none, dim, blur
}

/// The animation a modal's transition runs with (SwiftUI's, as SwiftfulRouting's showModal takes it).
package enum ModalAnimation: String, Codable, Sendable, CaseIterable {
    case easeInOut = "ease-in-out", easeIn = "ease-in", easeOut = "ease-out", linear, spring, none
}

/// Where a modal sits on the screen (SwiftUI's alignments, as SwiftfulRouting's showModal takes them).
package enum ModalAlignment: String, Codable, Sendable, CaseIterable {
    case center, top, bottom, leading, trailing
    case topLeading = "top-leading", topTrailing = "top-trailing"
    case bottomLeading = "bottom-leading", bottomTrailing = "bottom-trailing"
}

/// A modal's animation, alignment and bounds together: one optional in `ScreenExtras`, so the screens
/// that are not modals pay nothing for them.
package struct ModalPlacement: Sendable, Equatable, Hashable {
    package var animation: ModalAnimation?
    package var alignment: ModalAlignment?
    package var usesDeviceBounds: Bool?

    /// nil when nothing is given.
    package init?(animation: ModalAnimation?, alignment: ModalAlignment?, usesDeviceBounds: Bool?) {
        guard animation != nil || alignment != nil || usesDeviceBounds != nil else { return nil }
        self.animation = animation
        self.alignment = alignment
        self.usesDeviceBounds = usesDeviceBounds
    }
}

/// The options a screen keeps (see `ScreenOptions`): one reference in its fields, nil for most screens.
/// Every field is a `let` of a `Sendable` type, so a screen holding it may be sent between threads.
final class ScreenExtras: Sendable {
    let params: [String: String]
    /// Where the navigator that landed the screen keeps its departure callbacks; nil when none were
    /// given, and for a restored screen (callbacks are not saved).
    let callbacksKey: ScreenCallbacksKey?
    let transition: ModalTransition?
    let background: ModalBackground?
    let placement: ModalPlacement?

    init(params: [String: String], callbacksKey: ScreenCallbacksKey?, transition: ModalTransition?,
         background: ModalBackground?, placement: ModalPlacement? = nil) {
        self.params = params
        self.callbacksKey = callbacksKey
        self.transition = transition
        self.background = background
        self.placement = placement
    }
}

/// Names one screen's departure callbacks in `Navigator.screenCallbacks`: an object the screen holds,
/// compared by identity. Not the screen's id: ids are given again after a checkpoint is rolled back or
/// a save is restored.
final class ScreenCallbacksKey: Sendable {}

/// The departure callbacks a navigator keeps, by the key their screen holds. An entry lives as long as
/// its screen: it holds its key weakly, and entries whose screen has gone (a landing undone before it
/// committed, a held navigation cancelled) are swept when the table has doubled since the last sweep.
struct KeptScreenCallbacks {
    private struct Entry {
        weak var key: ScreenCallbacksKey?
        let callbacks: ScreenCallbacks
    }
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var sweepAt = 16

    /// The callbacks kept under `key`. (An entry found under its identifier is checked to be this
    /// key's: a key that has gone may have left its identifier to a new one.)
    subscript(key: ScreenCallbacksKey) -> ScreenCallbacks? {
        get {
            guard let entry = entries[ObjectIdentifier(key)], entry.key === key else { return nil }
            return entry.callbacks
        }
        set {
            guard let callbacks = newValue else {
                entries[ObjectIdentifier(key)] = nil
                return
            }
            entries[ObjectIdentifier(key)] = Entry(key: key, callbacks: callbacks)
            if entries.count >= sweepAt {
                entries = entries.filter { $0.value.key != nil }
                sweepAt = max(16, entries.count * 2)
            }
        }
    }

    /// Keeps `other`'s entries too (its screens came into this navigator without the JSON text).
    mutating func adopt(_ other: KeptScreenCallbacks) {
        for (id, entry) in other.entries where entry.key != nil && entries[id]?.key == nil { entries[id] = entry }
    }
}

/// A screen's departure callbacks. Not `Sendable` (the app's closures may capture anything, a Lua
/// engine among them): the navigator that landed the screen holds them, keyed by the screen's
/// `ScreenCallbacksKey`, and runs them on its own thread from the operation that removed the screen.
final class ScreenCallbacks {
    let onDismiss: ((Screen) throws -> Void)?
    let onResult: ((Any?) throws -> Void)?
    /// Set when they have run (a screen goes once, even if the timeline brings it back, or a copy of
    /// the navigator made for a crawl holds it too); cleared again when the operation that ran them is
    /// undone.
    var ran = false

    init(onDismiss: ((Screen) throws -> Void)?, onResult: ((Any?) throws -> Void)?) {
        self.onDismiss = onDismiss
        self.onResult = onResult
    }
}
