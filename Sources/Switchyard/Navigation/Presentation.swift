/// How a screen is shown: pushed on the current stack, or presented in a new sheet or full-screen cover.
///
///     try navigator.startFlow([FlowStep("/onboarding", as: .cover), FlowStep("/onboarding/name")])
public enum Presentation: String, Codable, Sendable, CaseIterable {
    case push, sheet, cover

    /// `try Presentation(parsing: "sheet") == .sheet`; anything else names the accepted words.
    package init(parsing text: String) throws(NavigationError) {
        guard let value = Presentation(rawValue: text) else { throw NavigationError(.invalidPresentation(text)) }
        self = value
    }
}
