/// One step of a flow: a path and how to show it.
///
///     try navigator.declareFlow("signup", steps: [FlowStep("/signup", as: .cover), FlowStep("/signup/name")])
public struct FlowStep: Hashable, Codable, Sendable {
    package var path: String
    package var presentation: Presentation

    /// A step showing `path`, pushed or presented as `presentation` says.
    ///
    ///     FlowStep("/signup", as: .cover)
    public init(_ path: String, as presentation: Presentation = .push) {
        self.path = path
        self.presentation = presentation
    }
}
