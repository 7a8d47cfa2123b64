#if canImport(Glibc)
import Glibc
#endif

/// Freezing a large table frees the declaration trie and the freeze's own scratch space: megabytes in
/// the middle of the heap, which glibc keeps resident (it gives back only the top of the heap). Whether
/// a live block lands above them is luck of layout, worth 9 MB of resident memory at 100,000 routes,
/// so after such a freeze the freed pages go back to the system.
enum HeapTrim {
    /// Below this many routes the freed memory is small and trimming would cost more than it returns.
    static let routeThreshold = 10_000

    static func returnFreedMemory() {
        #if canImport(Glibc)
        // malloc_trim is glibc's (malloc.h, which Swift's Glibc module does not import): found by name.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = trim(0)
        #endif
    }
}
