import Switchyard

/// Flow steps as text: "/welcome", "/login (cover)".
enum FlowText {
    static func step(_ step: FlowStep) -> String {
        step.presentation == .push ? step.path : "\(step.path) (\(step.presentation.rawValue))"
    }
}
