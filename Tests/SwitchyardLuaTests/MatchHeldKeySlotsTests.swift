import Testing
@testable import SwitchyardLua

/// `match(text)` holds recent query keys in its closure's upvalues, one per slot (issue 37 item 3, ninth
/// session; a table's array part before). Every slot must give back the key it holds, a key pushed out of
/// its slot must stay in the tables that already have it, and collections in between change nothing a
/// script sees.
@Suite struct MatchHeldKeySlotsTests {
    let app: RuntimeFixture

    init() throws {
        app = try RuntimeFixture("""
            route("/plain")
            """)
    }

    /// The slot `sy_keyslot` (Sources/CLuaShim/MatchInfo.c) gives a key of 1 to 15 bytes.
    static func slot(of key: String) -> Int {
        let bytes = Array(key.utf8)
        return (bytes.count * 7 + Int(bytes[0]) * 3 + Int(bytes[bytes.count - 1])) % 16
    }

    /// Two keys for each of the 16 slots, as the slot formula spreads short lowercase keys: the second of
    /// each pair pushes the first out of its slot.
    static let keysBySlot: [[String]] = {
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        var candidates = letters + letters.flatMap { a in letters.map { a + $0 } }
        candidates += letters.flatMap { a in letters.map { a + "x" + $0 } }
        var slots = Array(repeating: [String](), count: 16)
        for key in candidates where slots[slot(of: key)].count < 2 { slots[slot(of: key)].append(key) }
        return slots
    }()

    @Test func theKeysCoverEverySlotTwice() {
        #expect(Self.keysBySlot.allSatisfy { $0.count == 2 })
    }

    @Test func everySlotGivesBackTheKeyItHolds() throws {
        // Each slot's first key, matched three times (held from the second on) with a full collection
        // between rounds; each table has exactly its two pairs.
        let firsts = Self.keysBySlot.map { $0[0] }
        let list = firsts.map { "'\($0)'" }.joined(separator: ",")
        let result = try app.lua("""
            local keys = {\(list)}
            for round = 1, 3 do
              for i, k in ipairs(keys) do
                local q = match('/plain?' .. k .. '=' .. i .. '&z=' .. round).query
                local n = 0
                for key, value in pairs(q) do
                  n = n + 1
                  if type(key) ~= 'string' or type(value) ~= 'string' then
                    return 'round ' .. round .. ', ' .. k .. ': a ' .. type(key) .. ' key or ' .. type(value) .. ' value'
                  end
                end
                if n ~= 2 or q[k] ~= tostring(i) or q.z ~= tostring(round) then
                  return 'round ' .. round .. ', ' .. k .. ': ' .. n .. ' pairs, ' .. tostring(q[k]) .. ', ' .. tostring(q.z)
                end
              end
              collectgarbage('collect')
            end
            return 'ok'
            """)
        #expect(result == ["ok"])
    }

    @Test func aKeyPushedOutOfItsSlotStaysInTheTablesThatHaveIt() throws {
        // The first key of each slot is held, then replaced by the second; the tables made with the first
        // are kept, collected around, and must still hold their key (the string the slot let go of).
        let pairs = Self.keysBySlot.map { "{'\($0[0])','\($0[1])'}" }.joined(separator: ",")
        let result = try app.lua("""
            local pairsBySlot = {\(pairs)}
            local kept = {}
            for i, two in ipairs(pairsBySlot) do
              kept[i] = match('/plain?' .. two[1] .. '=first').query
              match('/plain?' .. two[1] .. '=again')
              match('/plain?' .. two[2] .. '=second')
            end
            collectgarbage('collect')
            collectgarbage('collect')
            for i, two in ipairs(pairsBySlot) do
              local key, value = next(kept[i])
              if key ~= two[1] or value ~= 'first' or next(kept[i], key) ~= nil then
                return two[1] .. ': ' .. tostring(key) .. '=' .. tostring(value)
              end
              local q = match('/plain?' .. two[2] .. '=x&' .. two[1] .. '=y').query
              if q[two[2]] ~= 'x' or q[two[1]] ~= 'y' then return two[2] .. ' then ' .. two[1] end
            end
            return 'ok'
            """)
        #expect(result == ["ok"])
    }
}
