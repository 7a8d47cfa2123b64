/// The whole navigation state as a value: environments (root first), the active alert, the modals
/// over the top screen and the queue of the running flow. Timeline entries are these values; they
/// share their screens through `ScreenStack`'s persistent nodes.
///
///     let state = navigator.state
///     state.environments.count == 2       // root + one sheet
///     state.screen.path == navigator.path
public struct NavigationState: Equatable {
    public internal(set) var environments: [NavigationEnvironment]
    public internal(set) var alert: Alert?
    public internal(set) var modals: [Screen]
    public internal(set) var queue: [FlowStep]

    init(root: NavigationEnvironment) {
        environments = [root]
        alert = nil
        modals = []
        queue = []
    }

    init(environments: [NavigationEnvironment], alert: Alert?, modals: [Screen], queue: [FlowStep]) {
        self.environments = environments
        self.alert = alert
        self.modals = modals
        self.queue = queue
    }

    /// Same locations at the same places (screen ids aside), same alert, modals and queue: a result
    /// that looks like this is "where you are", and the operation that produced it records nothing.
    func looksLike(_ other: NavigationState) -> Bool {
        environments.count == other.environments.count
            && zip(environments, other.environments).allSatisfy { a, b in
                a.kind == b.kind && a.tabs == b.tabs && a.selectedTab == b.selectedTab
                    && zip(a.stacks, b.stacks).allSatisfy { $0.showsSameLocations(as: $1) }
            }
            && alert == other.alert && queue == other.queue
            && modals.map(\.location) == other.modals.map(\.location)
    }

    /// The location: the top screen of the top environment.
    public var screen: Screen { top.current.top }

    var top: NavigationEnvironment {
        get { environments[environments.count - 1] }
        set { environments[environments.count - 1] = newValue }
    }

    mutating func push(_ screen: Screen) { top.current.push(screen) }

    mutating func replaceTop(with screen: Screen) { top.current.replaceTop(with: screen) }

    mutating func present(_ screen: Screen, as kind: EnvironmentKind) {
        environments.append(NavigationEnvironment(kind: kind, root: screen))
    }

    /// Shows `screen` as a flow step or deep link asks: pushed (unless already there) or presented.
    mutating func show(_ screen: Screen, as presentation: Presentation) {
        switch presentation {
        case .push where screen.location == self.screen.location: break
        case .push: push(screen)
        case .sheet: present(screen, as: .sheet)
        case .cover: present(screen, as: .cover)
        }
    }

    /// Drops every sheet and cover, back to the root environment.
    mutating func dismissPresented() { environments.removeSubrange(1...) }

    /// Pops back to the nearest screen satisfying `matches`: first below the top of the top
    /// environment, then through the environments under it (dismissing those above). False if none.
    mutating func popTo(where matches: (Screen) -> Bool) -> Bool {
        for index in environments.indices.reversed() {
            let isTop = index == environments.count - 1
            guard let depth = environments[index].current.depthOfNearest(skippingTop: isTop, where: matches)
            else { continue }
            environments.removeSubrange((index + 1)...)
            top.current.truncate(to: depth)
            return true
        }
        return false
    }
}
