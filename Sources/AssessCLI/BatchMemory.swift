#if canImport(CMalloc)
import CMalloc
#endif

/// The allocator policy of the batch commands (`verify`, `ingest`): memory they free is kept in the
/// process for the next input instead of going back to the kernel.
///
/// Each archive brings buffers of megabytes (its inflated files, the parser's tapes, NDJSON lines, a
/// commit's rows). glibc maps blocks of 128 KiB and up on their own and unmaps them when freed (its
/// threshold rises with use, but the heap's top is given back past twice that), so archive after
/// archive faulted the same sizes in again as fresh zeroed pages: 51,600 page faults and a fifth of
/// the time for 20 walk-and-balance archives, 10,300 with this policy. Blocks up to 32 MiB (the most
/// glibc takes from its heap) come from the heap, and up to 64 MiB free at the top of each heap stays there.
/// Memory stays bounded: what is kept is what the run's largest moment used, so the peak is unchanged.
/// A worker thread's arena is a heap of 64 MiB of address space that glibc makes writable piece by piece
/// as it grows (an `mprotect` each time: ~450 in a 500-archive run); with a top pad of 64 MiB each heap is
/// made writable whole when it is mapped (address space only: pages are still faulted in as they are
/// first used), and the main heap grows by at least that much at a time.
enum BatchMemory {
    /// Applies the policy to the whole process (call once, before the batch starts); whether the
    /// allocator took it (glibc does; elsewhere there is nothing to set).
    @discardableResult
    static func keepFreedMemory() -> Bool {
        #if os(Linux) && canImport(CMalloc)
        return mallopt(M_MMAP_THRESHOLD, 32 << 20) == 1 && mallopt(M_TRIM_THRESHOLD, 64 << 20) == 1 && mallopt(M_TOP_PAD, 64 << 20) == 1
        #else
        return false
        #endif
    }

    /// What batch commands left for the process's exit to reclaim (see `leaveToExit`).
    nonisolated(unsafe) private static var leftToExit: [Any] = []

    /// Keeps `state` (a finished batch's tables, validators, schemas) alive until the process exits, when
    /// `io` is the process's own and the process exits right after the command: freeing it block by block
    /// would only delay the exit (~1 ms for the 500-archive mix, on one core while the others are idle).
    /// Called once, on the command's thread, after its last output; in-process callers free as usual.
    static func leaveToExit(_ state: Any, io: CommandIO) {
        guard io.processExitsAfterCommand else { return }
        leftToExit.append(state)
    }
}
