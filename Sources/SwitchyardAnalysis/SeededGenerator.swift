import Switchyard

/// SplitMix64: a small generator whose sequence depends on the seed alone, on every platform, so a
/// shuffled run or a random walk is repeated exactly by giving its seed again.
///
///     var generator = SeededGenerator(seed: 42);  generator.next()   // the same number on every machine
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A generator for one file of a run: the same seed and file always shuffle the same way,
    /// whatever other files the run has and wherever it lies (FNV-1a of the file name mixed into the seed).
    public init(seed: UInt64, file: String) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in (file.split(separator: "/").last ?? "").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        self.init(seed: seed ^ hash)
    }
}
