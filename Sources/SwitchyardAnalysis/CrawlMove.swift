import Switchyard

/// One step of a crawl from a state: what the crawler does to the navigator, and how a finding
/// names it.
enum CrawlMove {
    /// Follows a declared link (a push, as the REPL's `:follow`).
    case link(String)
    case tab(String)
    case startFlow(String)
    case next
    /// A `--from` path or deep-link URL, or an `entry` route's path, from the start screen.
    case entry(String)
    /// A path no route matches, to show the not-found screen.
    case notFound(String)

    func apply(to navigator: Navigator) throws {
        switch self {
        case .link(let path), .notFound(let path): try navigator.push(path)
        case .tab(let name): try navigator.tab(name)
        case .startFlow(let name): try navigator.startFlow(name)
        case .next: try navigator.next()
        case .entry(let target):
            if target.contains("://") { try navigator.open(target) } else { try navigator.push(target) }
        }
    }

    /// The path the move asks for, when it names one (a flow step's is known once it landed).
    var target: String? {
        switch self {
        case .link(let path), .entry(let path), .notFound(let path): path
        case .tab, .startFlow, .next: nil
        }
    }

    var description: String {
        switch self {
        case .link(let path): "link \(path)"
        case .tab(let name): "tab \(name)"
        case .startFlow(let name): "the first step of flow \(name)"
        case .next: "the next flow step"
        case .entry(let target): "entry \(target)"
        case .notFound(let path): "not-found probe \(path)"
        }
    }
}
