/// What the REPL shows of the current screen after a navigation.
package struct ScreenSnapshot: Sendable, Equatable {
    package var path: String
    package var pattern: String?
    package var title: String?
    package var view: String?
    /// Declared links with the current parameters filled in, in declaration order: `:follow N` takes link N.
    package var links: [String]
    /// The environment the screen lives in, when it is not the root ("sheet", "cover").
    package var presentation: String?

    init(path: String, pattern: String? = nil, title: String? = nil, view: String? = nil,
                links: [String] = [], presentation: String? = nil) {
        self.path = path
        self.pattern = pattern
        self.title = title
        self.view = view
        self.links = links
        self.presentation = presentation
    }
}
