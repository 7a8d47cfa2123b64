import SwitchyardLua

/// busted's `insulate` and `expose` blocks. An `insulate` block's changes to the globals and to the
/// modules `require` loaded (in its body, its hooks and its tests) are undone when it ends; an
/// `expose` block's changes outlive the insulation around it, one level up (the enclosing `insulate`
/// block, or the file's own insulation).
///
/// A describe body runs while the file loads, its tests later, so an insulated block keeps what its
/// body changed (`declared`), undoes it at once, and puts it back while its tests run.
///
///     insulate("a sandbox", function()
///       helper = "only here"
///       it("sees it", function() assert.equal("only here", helper) end)
///     end)
///     it("does not", function() assert.is_nil(helper) end)
final class BlockInsulation {
    private let functions: LuaTable
    /// For each insulation level open (the file's first), what `expose` blocks inside changed.
    private var exposed: [[LuaValue]] = [[]]

    init(engine: LuaEngine) throws(LuaError) {
        guard let make = try engine.run(Self.source, chunkName: "=insulate").first?.functionValue,
              let functions = try make.call(engine.loadedModules.map { .function($0) } ?? .nil).first?.tableValue else {
            throw LuaError("the insulation helper did not compile")
        }
        self.functions = functions
    }

    /// A copy of what the globals and loaded modules hold now.
    func save() -> LuaValue { call("save", []) }
    func restore(_ saved: LuaValue) { _ = call("restore", [saved]) }
    /// What changed since `saved`, to `apply` again later.
    func changes(since saved: LuaValue) -> LuaValue { call("delta", [saved]) }
    func apply(_ changes: LuaValue) { _ = call("apply", [changes]) }

    /// An insulation level opens (an `insulate` block starts).
    func open() { exposed.append([]) }

    /// It closes: `saved` restored, then what the `expose` blocks inside it changed put back.
    func close(restoring saved: LuaValue) {
        restore(saved)
        for change in exposed.count > 1 ? exposed.removeLast() : [] { apply(change) }
    }

    /// An `expose` block ended having changed this: it survives the level it is in.
    func expose(_ changes: LuaValue) {
        exposed[exposed.count - 1].append(changes)
    }

    /// The file ended: what `expose` blocks at its top level changed, to put back after the file's
    /// own insulation (for files run one after another in one runtime).
    func takeFileLevel() -> [LuaValue] {
        defer { exposed = [[]] }
        return exposed.first ?? []
    }

    /// Raw table operations only: they fail on memory alone, and then insulation is best effort.
    private func call(_ name: String, _ arguments: [LuaValue]) -> LuaValue {
        guard let function = try? functions.rawGet(.string(LuaString(name))).functionValue else { return .nil }
        return (try? function.call(arguments))?.first ?? .nil
    }

    private static let source = """
        local next, rawset, rawget, rawequal = next, rawset, rawget, rawequal
        local globals = _ENV
        return function(modules)
          local function loaded() return modules and modules() or {} end
          local function copy(t) local c = {} for k, v in next, t do c[k] = v end return c end
          local function restore(t, saved)
            for k in next, copy(t) do if rawget(saved, k) == nil then rawset(t, k, nil) end end
            for k, v in next, saved do rawset(t, k, v) end
          end
          local function diff(t, saved)
            local set, gone = {}, {}
            for k, v in next, t do if not rawequal(rawget(saved, k), v) then set[k] = v end end
            for k in next, saved do if rawget(t, k) == nil then gone[k] = true end end
            return {set = set, gone = gone}
          end
          local function apply(t, d)
            for k in next, d.gone do rawset(t, k, nil) end
            for k, v in next, d.set do rawset(t, k, v) end
          end
          return {
            save = function() return {g = copy(globals), l = copy(loaded())} end,
            restore = function(s) restore(globals, s.g) restore(loaded(), s.l) end,
            delta = function(s) return {g = diff(globals, s.g), l = diff(loaded(), s.l)} end,
            apply = function(d) apply(globals, d.g) apply(loaded(), d.l) end,
          }
        end
        """
}
