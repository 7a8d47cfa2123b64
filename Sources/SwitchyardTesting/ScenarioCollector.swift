import SwitchyardLua

/// The describe/it tree of one scenario file, built while the file runs (describe bodies run at
/// once, as in busted; `it` bodies and hooks wait for the runner).
final class ScenarioCollector {
    /// A function a block runs around its tests, under the word the spec used for it ("setup",
    /// "lazy_setup", "before_each", ...): a hook that raises is reported under that word.
    struct Hook {
        enum Moment {
            case setup, lazySetup, teardown, lazyTeardown, beforeEach, afterEach
        }

        let moment: Moment
        let word: String
        let function: LuaFunction
        let site: String?
    }

    final class Block {
        let name: String
        var hooks: [Hook] = []
        var items: [Item] = []
        /// Set by the runner: lazy setups ran (nil: not yet), and whether they all succeeded.
        var lazySetupSucceeded: Bool?
        /// busted's `insulate` and `expose` (`describe` and `context` are plain).
        var mode: Mode = .plain
        /// For an `insulate` block: what its body changed, put back while its tests run.
        var declared: LuaValue?

        enum Mode { case plain, insulate, expose }

        init(name: String) { self.name = name }

        func hooks(_ moment: Hook.Moment) -> [Hook] { hooks.filter { $0.moment == moment } }
    }

    /// One `it` (or `pending`). `it "name"` without a body is pending until the function it returns
    /// is called with one (busted's `it "name" (function() ... end)`).
    final class Test {
        let name: String
        let site: String?
        var body: LuaFunction?

        init(name: String, site: String?, body: LuaFunction?) {
            self.name = name
            self.site = site
            self.body = body
        }
    }

    enum Item {
        case block(Block)
        case test(Test)
    }

    let root = Block(name: "")
    private(set) var open: [Block]

    init() { open = [root] }

    var current: Block { open[open.count - 1] }

    func enter(_ name: String) -> Block {
        let block = Block(name: name)
        current.items.append(.block(block))
        open.append(block)
        return block
    }

    func leave() { open.removeLast() }
}
