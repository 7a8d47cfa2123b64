/// Why a navigation operation failed. A failed operation changed nothing. A host prints it (the
/// message says what was wrong and where), or matches on its `code`.
///
///     do { try navigator.next() } catch let error as NavigationError { print(error) }
///     // "next: the flow queue is empty; start a flow first (nav.start_flow)"
public struct NavigationError: Error, CustomStringConvertible, Equatable {
    /// The failure in detail, for the tools that react to each kind (`package`: a host has `code`).
    package let reason: NavigationFailure

    package init(_ reason: NavigationFailure) { self.reason = reason }

    /// What went wrong, as a stable name: "unknown_path" (no route matches and no not-found route
    /// is declared), "blocked" (a guard or `nav.before` hook refused), "leave_blocked" (a leave
    /// guard refused), "redirect_loop", "too_many_redirects", "reentrant" (navigation from inside
    /// a callback), "busy", "nothing_to_dismiss", "screen_not_found", "invalid_count",
    /// "invalid_argument", "no_tabs", "unknown_tab", "invalid_tabs", "unknown_flow", "empty_flow",
    /// "empty_queue", "alert_active", "no_alert", "unknown_button", "duplicate_button",
    /// "invalid_presentation", "unknown_event", "invalid_document" (a saved state that cannot be
    /// restored), "limit_reached" (a `NavigatorLimits` bound) or "unknown_pending_key".
    ///
    ///     catch let error as NavigationError where error.code == "unknown_path" { showNotFound() }
    public var code: String { reason.code }

    /// The path the operation was refused for, when it has one: the path no route matches, the
    /// path a guard blocked or left, the first path of a redirect chain, the screen `popTo` looked
    /// for. Nil for the other failures.
    ///
    ///     catch let error as NavigationError { print(error.path ?? "-") }   // "/nowhere"
    public var path: String? {
        switch reason {
        case let .unknownPath(path, _), let .blocked(path, _), let .leaveBlocked(path, _), let .screenNotFound(path, _):
            path
        case let .redirectLoop(chain), let .tooManyRedirects(chain, _):
            chain.first
        default:
            nil
        }
    }

    /// What was wrong and where, for a person.
    ///
    ///     catch let error as NavigationError { print(error) }   // "no route matches "/nowhere"; nearest: /"
    public var description: String { reason.description }
}

/// The kinds of navigation failure, each with what its message names (`NavigationError.reason`).
package enum NavigationFailure: Equatable, CustomStringConvertible {
    /// Navigation was attempted from a guard, validator, title/view/redirect callback or observer
    /// while another operation was in flight.
    case reentrant(attempted: NavigationOperation, inFlight: NavigationOperation)
    /// A configuration change attempted from a callback while an operation was in flight.
    case busy(String, inFlight: NavigationOperation)
    /// No route matched and no not-found route is declared.
    case unknownPath(String, suggestions: [String])
    /// The route's guard returned `.block`.
    case blocked(path: String, pattern: String)
    /// A screen's leave guard returned false: the operation would have removed it.
    case leaveBlocked(path: String, pattern: String)
    /// Redirects came back to a location already in the chain (the chain ends with the repeat).
    case redirectLoop([String])
    /// The redirect chain grew past the limit without repeating.
    case tooManyRedirects([String], limit: Int)
    /// Nothing to dismiss in the sense asked (no sheet or cover, no alert, no modal...).
    case nothingToDismiss(operation: NavigationOperation, reason: String)
    /// `popTo` found no screen with that path or id below the current one.
    case screenNotFound(String, stack: [String])
    case invalidCount(Int, operation: NavigationOperation)
    /// An argument the operation cannot use (an empty list, an unknown detent, a clashing parameter).
    case invalidArgument(operation: NavigationOperation, reason: String)
    case noTabs
    case unknownTab(String, available: [String])
    case invalidTabs(String)
    case unknownFlow(String, available: [String])
    case emptyFlow(String)
    case emptyQueue(operation: NavigationOperation)
    case alertActive(title: String)
    case noAlert(operation: NavigationOperation)
    case unknownButton(String, available: [String])
    case duplicateButton(String)
    case invalidPresentation(String)
    case unknownEvent(String, available: [String])
    /// A saved document that cannot be restored: not JSON, truncated, wrong format or version, or
    /// inconsistent. The navigator's state was left alone.
    case invalidDocument(String)
    /// The operation would have passed one of the navigator's limits (`NavigatorLimits`, named by
    /// `setting`); it changed nothing.
    case limitReached(String, operation: NavigationOperation, setting: String)
    /// `settle` named a key no pending navigation has (`pending` is the one that is, if any).
    case unknownPendingKey(String, pending: String?)

    package var description: String {
        switch self {
        case let .reentrant(attempted, inFlight):
            "cannot \(attempted.rawValue) while \(inFlight.rawValue) is in progress: navigation from inside a guard, validator, title, redirect or observer is not allowed"
        case let .busy(what, inFlight):
            "cannot \(what) while \(inFlight.rawValue) is in progress"
        case let .unknownPath(path, suggestions):
            "no route matches \"\(path)\"" + (suggestions.isEmpty ? " (no routes declared)"
                : "; nearest: " + suggestions.joined(separator: ", "))
        case let .blocked(path, pattern):
            pattern.hasPrefix("the nav.before") ? "navigation to \"\(path)\" was blocked by \(pattern)"
                : "navigation to \"\(path)\" was blocked by the guard of \(pattern)"
        case let .leaveBlocked(path, pattern):
            "leaving \"\(path)\" was blocked by the leave guard of \(pattern)"
        case let .redirectLoop(chain):
            "redirect loop: " + chain.joined(separator: " → ")
        case let .tooManyRedirects(chain, limit):
            "more than \(limit) redirects: " + chain.joined(separator: " → ")
        case let .nothingToDismiss(operation, reason):
            "\(operation.rawValue): \(reason)"
        case let .screenNotFound(target, stack):
            "pop_to: no screen \"\(target)\" below the current one (stack: " + stack.joined(separator: ", ") + ")"
        case let .invalidCount(count, operation):
            "\(operation.rawValue): count must be 0 or more, got \(count)"
        case let .invalidArgument(operation, reason):
            "\(operation.rawValue): \(reason)"
        case .noTabs:
            "tab: no tabs are declared (declare them with tabs{...})"
        case let .unknownTab(name, available):
            "tab: no tab \"\(name)\"; tabs: " + available.joined(separator: ", ") + " (or 1...\(available.count))"
        case let .invalidTabs(reason):
            "tabs: \(reason)"
        case let .unknownFlow(name, available):
            "start_flow: no flow named \"\(name)\"" + (available.isEmpty ? " (no flows declared)"
                : "; flows: " + available.joined(separator: ", "))
        case let .emptyFlow(name):
            "flow \(name) has no steps"
        case let .emptyQueue(operation):
            "\(operation.rawValue): the flow queue is empty; start a flow first (nav.start_flow)"
        case let .alertActive(title):
            "alert: an alert is already active (\"\(title)\"); choose or dismiss it first"
        case let .noAlert(operation):
            "\(operation.rawValue): no alert is active"
        case let .unknownButton(label, available):
            "choose: the alert has no button \"\(label)\"; buttons: " + available.joined(separator: ", ")
        case let .duplicateButton(label):
            "alert: two buttons are labelled \"\(label)\"; labels must differ so choose can tell them apart"
        case let .invalidPresentation(text):
            "invalid presentation \"\(text)\": expected push, sheet or cover"
        case let .unknownEvent(name, available):
            "no event \"\(name)\"; events: " + available.joined(separator: ", ")
        case let .invalidDocument(reason):
            "cannot restore navigation state: \(reason)"
        case let .limitReached(limit, operation, setting):
            "\(limit) reached (\(operation.rawValue) changed nothing; raise NavigatorLimits.\(setting)"
                + (setting == "screensPerStack" ? " or --max-screens" : "") + ")"
        case let .unknownPendingKey(key, pending):
            "settle: no navigation is pending under \"\(key)\"" + (pending.map { "; the pending one is \"\($0)\"" } ?? " (none is pending)")
        }
    }

    /// `NavigationError.code`: the case's name in the Lua API's spelling (`unknownPath` → "unknown_path").
    package var code: String {
        switch self {
        case .reentrant: "reentrant"
        case .busy: "busy"
        case .unknownPath: "unknown_path"
        case .blocked: "blocked"
        case .leaveBlocked: "leave_blocked"
        case .redirectLoop: "redirect_loop"
        case .tooManyRedirects: "too_many_redirects"
        case .nothingToDismiss: "nothing_to_dismiss"
        case .screenNotFound: "screen_not_found"
        case .invalidCount: "invalid_count"
        case .invalidArgument: "invalid_argument"
        case .noTabs: "no_tabs"
        case .unknownTab: "unknown_tab"
        case .invalidTabs: "invalid_tabs"
        case .unknownFlow: "unknown_flow"
        case .emptyFlow: "empty_flow"
        case .emptyQueue: "empty_queue"
        case .alertActive: "alert_active"
        case .noAlert: "no_alert"
        case .unknownButton: "unknown_button"
        case .duplicateButton: "duplicate_button"
        case .invalidPresentation: "invalid_presentation"
        case .unknownEvent: "unknown_event"
        case .invalidDocument: "invalid_document"
        case .limitReached: "limit_reached"
        case .unknownPendingKey: "unknown_pending_key"
        }
    }
}
