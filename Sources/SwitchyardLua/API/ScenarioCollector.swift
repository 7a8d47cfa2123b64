/// The describe/it tree of one scenario file, built while the file runs (describe bodies run at
/// once, as in busted; `it` bodies wait for the runner).
final class ScenarioCollector {
    final class Block {
        let name: String
        var beforeEach: [LuaFunction] = []
        var afterEach: [LuaFunction] = []
        var items: [Item] = []
        init(name: String) { self.name = name }
    }

    enum Item {
        case block(Block)
        case test(name: String, body: LuaFunction)
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
