/// What the REPL shows of the current screen after a navigation.
public struct ScreenSnapshot: Sendable, Equatable {
    public var path: String
    public var pattern: String?
    public var title: String?
    public var view: String?
    /// Declared links with the current parameters filled in, in declaration order: `:follow N` takes link N.
    public var links: [String]
    /// The environment the screen lives in, when it is not the root ("sheet", "cover").
    public var presentation: String?

    public init(path: String, pattern: String? = nil, title: String? = nil, view: String? = nil,
                links: [String] = [], presentation: String? = nil) {
        self.path = path
        self.pattern = pattern
        self.title = title
        self.view = view
        self.links = links
        self.presentation = presentation
    }
}
