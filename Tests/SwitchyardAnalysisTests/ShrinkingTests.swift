import Testing
@testable import Switchyard
@testable import SwitchyardAnalysis

@Suite("Shrinking: delta debugging")
struct ShrinkingTests {
    @Test func findsTheTwoElementsThatFailTogether() {
        var asked = 0
        let shrunk = Shrinking.minimize(Array(1...50)) { items in
            asked += 1
            return items.contains(7) && items.contains(31)
        }
        #expect(shrunk == [7, 31])
        #expect(asked < 200)   // far fewer than the 2^50 subsequences
    }

    @Test func keepsTheOrderOfWhatIsLeft() {
        let shrunk = Shrinking.minimize(Array("abcdefghij")) { items in
            guard let c = items.firstIndex(of: "c"), let h = items.firstIndex(of: "h") else { return false }
            return c < h   // only in this order
        }
        #expect(String(shrunk) == "ch")
    }

    @Test func anInputThatFailsEmptyShrinksToNothing() {
        #expect(Shrinking.minimize([1, 2, 3]) { _ in true } == [])
    }

    @Test func anInputThatNeedsEverythingStaysWhole() {
        #expect(Shrinking.minimize([1, 2, 3, 4, 5]) { $0.count == 5 } == [1, 2, 3, 4, 5])
    }

    /// A failure that needs a prefix in place and no detour in it: removing one element alone keeps
    /// failing only when both halves of a detour go, which ddmin's chunks miss and the slice pass finds.
    @Test func dropsADetourOfTwoAdjacentSteps() {
        // "in" then "out" cancel each other; "target" must follow "start" with nothing open between.
        let walk = ["start", "in", "out", "target"]
        let failing = { (steps: [String]) -> Bool in
            var open = 0, started = false
            for step in steps {
                switch step {
                case "start": started = true
                case "in": open += 1
                case "out": if open == 0 { return false } else { open -= 1 }
                default: if started && open == 0 { return true }
                }
            }
            return false
        }
        #expect(Shrinking.deltaDebugging(walk, failing: failing) == walk)   // 1-minimal already
        #expect(Shrinking.minimize(walk, failing: failing) == ["start", "target"])
    }

    @Test func splitsIntoEvenContiguousChunks() {
        #expect(Shrinking.split(Array(1...7), into: 3) == [[1, 2], [3, 4], [5, 6, 7]])
        #expect(Shrinking.split([1, 2], into: 4) == [[1], [2]])
    }
}
