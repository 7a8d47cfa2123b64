#if canImport(Glibc)
import Glibc
#endif

/// Nanoseconds from CLOCK_MONOTONIC: never steps backwards, read through the vDSO in ~20 ns.
enum MonotonicClock {
    @inline(__always)
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
