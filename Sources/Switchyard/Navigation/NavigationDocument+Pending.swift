// A pending navigation in a saved document: the held call with what JSON can carry of it (callbacks
// are not saved, as on screens).
extension NavigationDocument {
    struct PendingRecord: Codable {
        var key: String
        var path: String
        var operation: NavigationOperation
        /// Paths, a URL or a flow's name, as `HeldCall.arguments`.
        var arguments: [String]
        /// An ad-hoc flow's steps; absent for every other call.
        var steps: [FlowStep]?
        /// Absent unless a held `go` replaces.
        var replace: Bool?
        /// What a held push, sheet, cover or modal gives its screen; each absent when not given.
        var params: [String: String]?
        var transition: ModalTransition?
        var background: ModalBackground?
        var detents: [String]?
        var detent: String?
    }
}

extension NavigationDocument.PendingRecord {
    init(_ held: HeldNavigation) {
        let call = held.call
        let params = call.options?.params ?? [:]
        self.init(key: held.pending.key, path: held.pending.path, operation: call.operation, arguments: call.arguments,
                  steps: call.steps, replace: call.replace ? true : nil, params: params.isEmpty ? nil : params,
                  transition: call.options?.transition, background: call.options?.background,
                  detents: call.detents?.available, detent: call.detents?.selected)
    }

    /// The held navigation this record describes, checked as far as it can be before it is settled:
    /// an operation that can wait, with the arguments that operation takes, and a declared flow.
    func held(flows: [String: [FlowStep]]) throws(NavigationError) -> HeldNavigation {
        func invalid(_ reason: String) -> NavigationError { NavigationError(.invalidDocument("pending: \(reason)")) }
        guard HeldCall.holdable.contains(operation) else { throw invalid("\(operation.rawValue) cannot be pending") }
        let expected: ClosedRange<Int> = switch operation {
        case .up, .next, .nextOrDismiss: 0...0
        case .reset: 0...1
        case .pushStack: 1...Int.max
        case .startFlow: steps == nil ? 1...1 : 0...0
        default: 1...1
        }
        guard expected.contains(arguments.count) else {
            throw invalid("\(operation.rawValue) takes \(expected.lowerBound == expected.upperBound ? "\(expected.lowerBound)" : "at least \(expected.lowerBound)") arguments, got \(arguments.count)")
        }
        if operation == .startFlow, let name = arguments.first, flows[name] == nil {
            throw invalid("no flow named \"\(name)\" is declared")
        }
        if steps != nil && (operation != .startFlow || steps?.isEmpty == true) { throw invalid("steps belong to an ad-hoc start_flow") }
        var options: ScreenOptions?
        if params != nil || transition != nil || background != nil {
            guard [.push, .sheet, .cover, .modal].contains(operation) else { throw invalid("\(operation.rawValue) takes no screen options") }
            options = ScreenOptions(params: params ?? [:], transition: transition, background: background)
        }
        var chosen: SheetDetents?
        if let detents {
            guard operation == .sheet else { throw invalid("only a sheet has detents") }
            do { chosen = try SheetDetents(detents, selected: detent) } catch { throw invalid("\(error)") }
        }
        let call = HeldCall(operation: operation, arguments: arguments, steps: steps, options: options, detents: chosen,
                            replace: replace ?? false)
        return HeldNavigation(pending: PendingNavigation(key: key, path: path, operation: operation), call: call)
    }
}
