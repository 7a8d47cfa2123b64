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

    /// Options; each part is optional.
    ///
    ///     ScreenOptions(params: ["text": "Hello!"], onDismiss: { screen in print("left \(screen.path)") })
    public init(params: [String: String] = [:], onDismiss: ((Screen) throws -> Void)? = nil,
                onResult: ((Any?) throws -> Void)? = nil, transition: ModalTransition? = nil,
                background: ModalBackground? = nil) {
        self.params = params
        self.onDismiss = onDismiss
        self.onResult = onResult
        self.transition = transition
        self.background = background
    }

    /// Nothing given: the plain operation.
    var isEmpty: Bool {
        params.isEmpty && onDismiss == nil && onResult == nil && transition == nil && background == nil
    }

    /// What the screen keeps of these options; nil when it keeps nothing.
    var extras: ScreenExtras? {
        guard !isEmpty else { return nil }
        let callbacks = onDismiss == nil && onResult == nil ? nil : ScreenCallbacks(onDismiss: onDismiss, onResult: onResult)
        return ScreenExtras(params: params, callbacks: callbacks, transition: transition, background: background)
    }
}

/// How a modal enters (SwiftUI's transitions, as SwiftfulRouting's showModal takes them).
///
///     try navigator.push("/photo/1", options: ScreenOptions(transition: .slide))
public enum ModalTransition: String, Codable, Sendable, CaseIterable {
    case identity, opacity, scale, slide
    case moveTop = "move-top", moveBottom = "move-bottom", moveLeading = "move-leading", moveTrailing = "move-trailing"
}

/// What is drawn behind a modal.
///
///     ScreenOptions(transition: .opacity, background: .dim)
public enum ModalBackground: String, Codable, Sendable, CaseIterable {
    case none, dim, blur
}

/// The options a screen keeps (see `ScreenOptions`): one reference in its fields, nil for most screens.
/// Unchecked only because of `callbacks`, which `ScreenCallbacks`'s rule covers (the navigator's thread
/// is their single owner); every other field is a `let` of a `Sendable` type.
final class ScreenExtras: @unchecked Sendable {
    let params: [String: String]
    /// Nil when none were given, and for a restored screen (callbacks are not saved).
    let callbacks: ScreenCallbacks?
    let transition: ModalTransition?
    let background: ModalBackground?

    init(params: [String: String], callbacks: ScreenCallbacks?, transition: ModalTransition?,
         background: ModalBackground?) {
        self.params = params
        self.callbacks = callbacks
        self.transition = transition
        self.background = background
    }
}

/// A screen's departure callbacks. Sendable by this rule: the closures run only on the navigator's
/// thread, from the operation that removed the screen; `ran` is written there too.
final class ScreenCallbacks: @unchecked Sendable {
    let onDismiss: ((Screen) throws -> Void)?
    let onResult: ((Any?) throws -> Void)?
    /// Set when they have run (a screen goes once, even if the timeline brings it back); cleared again
    /// when the operation that ran them is undone.
    var ran = false

    init(onDismiss: ((Screen) throws -> Void)?, onResult: ((Any?) throws -> Void)?) {
        self.onDismiss = onDismiss
        self.onResult = onResult
    }
}
